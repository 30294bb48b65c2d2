// Package pdftext extracts the text of each page of a PDF, with lines rebuilt
// from glyph positions so that a table row is one line and its columns are
// separated by two or more spaces. It reads damaged and hostile files within
// Limits and reports typed errors (see Reason).
//
// It builds on github.com/ledongthuc/pdf for the file structure (xref,
// objects, filters, RC4/AES-128 decryption) and does the rest itself: page
// tree walk, content-stream lexing, text state, fonts, ToUnicode CMaps.
package pdftext

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
)

// Document is the text of a PDF, page by page.
type Document struct {
	Pages []Page
}

// Page is the text of one physical page. Err is set when this page could
// not be read; the other pages keep their text.
type Page struct {
	Number int // 1-based physical page
	Lines  []Line
	Err    error
	// MediaBox and CropBox are the page's boxes in its default user space;
	// CropBox, the part shown, is MediaBox when the page sets none.
	MediaBox, CropBox Rect
	// Glyphs are where each glyph of Text() is printed, in text order. Only
	// ReadPage keeps them: a document's would weigh more than its text.
	Glyphs []Glyph
	// Hidden is the text of the text layer the page does not print (or not
	// legibly), by reason, kept out of Lines; Remapped counts the digits
	// read through a font whose ToUnicode contradicts its encoding, each
	// written U+FFFD in Lines.
	Hidden   []Hidden
	Remapped int
	// OCR is set on a page without a text layer whose Lines an OCR wrote
	// (ReadScanned leaves such pages empty for it).
	OCR *Recognition
	// Unchecked: a page with a text layer the OCR was to check against
	// its printed figures (ocr.Reader.CrossCheck) and did not, its budget
	// spent: its figures stand on the text layer alone.
	Unchecked bool
}

// Text returns the lines of the page joined by "\n".
func (p Page) Text() string {
	var b strings.Builder
	for i, l := range p.Lines {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(l.Text())
	}
	return b.String()
}

// ReadFile reads the PDF at path.
func ReadFile(ctx context.Context, path string, lim Limits) (*Document, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("ouverture de %s : %w", path, err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("lecture de %s : %w", path, err)
	}
	return Read(ctx, f, info.Size(), lim)
}

// Read extracts the text of every page of the PDF held in r. It returns an
// error wrapping one of the package's sentinels (or the context's error)
// when the document as a whole cannot be read, and then no Document: not a
// PDF, encrypted, too large, damaged beyond every page, or without any text.
func Read(ctx context.Context, r io.ReaderAt, size int64, lim Limits) (*Document, error) {
	lim = lim.withDefaults()
	var doc *Document
	err := withData(r, size, lim, func(m mapped) (err error) {
		doc, err = readBytes(ctx, m, lim)
		return err
	})
	if err != nil {
		return nil, err
	}
	return doc, nil
}

// mapped is the file's bytes: a read-only mapping of the file, or a copy.
type mapped struct {
	data []byte
	// release hands the mapping's pages read so far back to the system,
	// which reads them again from the file (its cache) at their next use;
	// unmap undoes the mapping. Both are nil for a copy.
	release, unmap func()
}

// withData hands read the file's bytes, within the size limit. A regular
// file is mapped rather than copied, and its pages released after each
// page of the document: its bytes then stay off the Go heap, whose
// collector lets the heap grow to twice what is live, the file included
// (issue #25's peak past 650 pages), and out of the process's resident
// memory but for what a page reads. The mapping is undone when read
// returns, so nothing read may keep a slice of data: the library reads
// through copies, and every string is built anew. Anything else (a
// stream, an empty file, another system) is read into memory.
func withData(r io.ReaderAt, size int64, lim Limits, read func(mapped) error) error {
	if size > lim.MaxBytes {
		return fmt.Errorf("%w : %d octets, limite %d", ErrTooLarge, size, lim.MaxBytes)
	}
	if size <= 0 {
		return ErrNotPDF
	}
	if f, ok := r.(*os.File); ok {
		if m, ok := mapFile(f, size); ok {
			defer m.unmap()
			return readMapped(m, read)
		}
	}
	data := make([]byte, size)
	if n, err := r.ReadAt(data, 0); n < len(data) {
		return fmt.Errorf("lecture du PDF : %w", err)
	}
	return read(mapped{data: data})
}

// readMapped runs read on a mapping. A file cut short by someone else
// while mapped makes the system fault on the pages past its new end
// (SIGBUS), which aborts a Go process: here the fault is a panic instead,
// which the recover sites make ErrFileChanged (recovered) and this one
// catches when it is raised outside them. The setting is the goroutine's,
// and the reading runs on this one only.
func readMapped(m mapped, read func(mapped) error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if x := recover(); x != nil {
			fault := faultOf(x)
			if fault == nil {
				panic(x)
			}
			err = fault
		}
	}()
	return read(m)
}

// withPages opens the PDF in data, walks its page tree and hands the pages
// to read; a panic of the library while opening or walking fails the
// document (readPage recovers from its own).
func withPages(ctx context.Context, data []byte, lim Limits, read func([]leaf) error) (err error) {
	defer func() {
		if x := recover(); x != nil {
			err = recovered(x)
		}
	}()
	rd, err := open(ctx, data)
	if err != nil {
		return err
	}
	leaves, err := pageLeaves(rd, lim.MaxPages)
	if err != nil {
		return err
	}
	if len(leaves) == 0 {
		return fmt.Errorf("%w : aucune page", ErrDamaged)
	}
	return read(leaves)
}

func readBytes(ctx context.Context, m mapped, lim Limits) (*Document, error) {
	var doc *Document
	err := withPages(ctx, m.data, lim, func(leaves []leaf) error {
		shared := newShared(newBudget(ctx, lim), m.data)
		doc = &Document{Pages: make([]Page, 0, len(leaves))}
		failed, withText := 0, 0
		for i, l := range leaves {
			if err := ctx.Err(); err != nil {
				return err
			}
			if m.release != nil {
				m.release()
			}
			p := readPage(l, i+1, shared, lim, false)
			var spent *budgetError
			if isContextError(p.Err) || errors.As(p.Err, &spent) || errors.Is(p.Err, ErrFileChanged) {
				return p.Err
			}
			if p.Err != nil {
				failed++
			}
			if len(p.Lines) > 0 {
				withText++
			}
			doc.Pages = append(doc.Pages, p)
		}
		switch {
		case failed == len(leaves): // page 1's reason, typed, is the document's
			return fmt.Errorf("aucune page lisible : %w", doc.Pages[0].Err)
		case withText == 0 && failed == 0:
			return fmt.Errorf("%w : %d pages sans texte", ErrNoText, len(leaves))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return doc, nil
}

// readPage extracts one page, with its glyphs' boxes when asked; a panic of
// the library or a broken stream fails this page only. A page cut short
// keeps the text read so far.
func readPage(l leaf, num int, doc *shared, lim Limits, withBoxes bool) (p Page) {
	p.Number = num
	p.MediaBox, p.CropBox = pageBoxes(l.inherited)
	in := interpreter{doc: doc, maxOps: lim.MaxOpsPerPage, forms: map[ref]bool{}, glyphs: doc.glyphs[:0], crop: p.CropBox}
	if withBoxes {
		in.boxes = []Rect{}
	}
	defer func() {
		if x := recover(); x != nil {
			p.Err = fmt.Errorf("page %d : %w", num, recovered(x))
		}
		in.hidePending()
		in.dropCovered()
		var cost int
		p.Lines, p.Glyphs, cost = buildLines(in.glyphs, in.boxes, in.room())
		p.Hidden, p.Remapped = in.hiddenOf(), in.remapped
		doc.glyphs = in.glyphs
		if err := in.chargeLines(cost); err != nil {
			p.Lines, p.Glyphs, p.Err = nil, nil, fmt.Errorf("page %d : %w", num, err)
		}
	}()
	contents := doc.key(l.page.V, "Contents")
	if contents.IsNull() {
		return p
	}
	id, indirect := refOfKey(l.page.V, "Contents")
	data, err := in.stream(contents, id, indirect)
	if err != nil {
		p.Err = fmt.Errorf("page %d : %w", num, err)
		return p
	}
	start := gstate{ctm: identity, scale: 1}
	if err := in.run(data, l.resources, start, 0); err != nil {
		p.Err = fmt.Errorf("page %d : %w", num, err)
	}
	return p
}

// Texts returns the text of every page, page 1 first: the form the checks and
// the quote verification take.
func (d *Document) Texts() []string {
	out := make([]string, len(d.Pages))
	for i, p := range d.Pages {
		out[i] = p.Text()
	}
	return out
}
