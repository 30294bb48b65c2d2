// Package ocr gives the pages of a PDF that have no text layer (a scan) the
// text an OCR reads on their image, in the page structure the text layer
// gives (pdftext.Page: lines of spans, a box per word in PDF coordinates),
// so that the statements reader, the checks, quote verification and the
// viewer's highlights read a scan as they read a text PDF.
package ocr

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sync"
)

// Word is one word an engine read. Its box is given as fractions of the
// page (0 to 1, origin at the top left, y downward), whatever the engine's
// image; Conf is from 0 to 1. Line numbers the engine's text lines on the
// page (-1 when it gives none): words of one line share it.
type Word struct {
	Text           string
	X0, Y0, X1, Y1 float64
	Conf           float64
	Line           int
}

// Region is a part of a page, as fractions of it (origin at the top left).
type Region struct{ X0, Y0, X1, Y1 float64 }

// Whole is the whole page.
var Whole = Region{0, 0, 1, 1}

// Request is one page (from 1) to read: at what resolution, in which
// segmentation mode (an engine that has none ignores it), which part.
type Request struct {
	Page   int
	DPI    int
	Mode   Mode
	Region Region
	// Width, Height: the page's size in points, for the engine to bound
	// its image.
	Width, Height float64
	// Digits: the region prints figures only (an engine that cannot be
	// told so ignores it).
	Digits bool
	// Also: a second segmentation mode, whose words fill what Mode's
	// reading lacks or read worse (0: none; an engine without modes
	// ignores it).
	Also Mode
}

// Mode is how an engine cuts a page into lines.
type Mode int

// The segmentation modes (Tesseract's page segmentation modes).
const (
	Auto   Mode = 3 // find the page's blocks, then their lines
	Column Mode = 4 // one column of lines of different sizes
	Block  Mode = 6 // one uniform block of lines: a table read row by row
	Line   Mode = 7 // one line: an amount read on its own box
)

// Engine reads the words printed on a page of a PDF.
type Engine interface {
	Name() string
	Read(ctx context.Context, doc *Source, req Request) ([]Word, error)
}

// ErrUnavailable means the engine cannot run here (a tool missing, no
// configuration).
var ErrUnavailable = errors.New("reconnaissance de caractères indisponible")

// Source is the PDF an engine reads, its bytes and, written once for the
// engines that need one, a file.
type Source struct {
	Data []byte
	once sync.Once
	dir  string
	path string
	err  error
}

// NewSource holds data for the engines.
func NewSource(data []byte) *Source { return &Source{Data: data} }

// Path writes the PDF to a private temporary file once and returns it.
func (s *Source) Path() (string, error) {
	s.once.Do(func() {
		if s.dir, s.err = os.MkdirTemp("", "analyste-ocr-"); s.err != nil {
			return
		}
		s.path = filepath.Join(s.dir, "document.pdf")
		s.err = os.WriteFile(s.path, s.Data, 0o600)
	})
	return s.path, s.err
}

// Close removes the temporary file, if any.
func (s *Source) Close() error {
	if s.dir == "" {
		return nil
	}
	return os.RemoveAll(s.dir)
}
