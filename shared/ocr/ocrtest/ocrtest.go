// Package ocrtest stands in for an OCR engine in tests: it reads a page as
// the text layer of another PDF prints it, so that a scan made from a text
// PDF is read as its source (the words, their boxes) without an OCR, and a
// text layer that lies can be set against the page it should print.
package ocrtest

import (
	"bytes"
	"context"
	"fmt"
	"unicode"
	"unicode/utf8"

	"analyste.dev/analyste/shared/ocr"
	"analyste.dev/analyste/shared/pdftext"
)

// Printed reads each page as page of the same number of Source prints it,
// whatever PDF it is asked to read.
type Printed struct {
	Source []byte
	// Conf is the confidence of every word; 0.9 when 0.
	Conf float64
	// Misread gives, by page, the words read otherwise than Source prints
	// them: a page that prints otherwise than a text layer says.
	Misread map[int]map[string]string
}

var _ ocr.Engine = Printed{}

// Name is the engine's name in the facts' marks.
func (Printed) Name() string { return "ocrtest" }

// Read gives the words of the page of Source whose centre lies in the
// region asked for, their boxes as fractions of that page.
func (e Printed) Read(ctx context.Context, _ *ocr.Source, req ocr.Request) ([]ocr.Word, error) {
	p, err := pdftext.ReadPage(ctx, bytes.NewReader(e.Source), int64(len(e.Source)), pdftext.DefaultLimits(), req.Page)
	if err != nil {
		return nil, fmt.Errorf("ocrtest: page %d: %w", req.Page, err)
	}
	conf := e.Conf
	if conf == 0 {
		conf = 0.9
	}
	crop := p.CropBox
	w, h := crop.X1-crop.X0, crop.Y1-crop.Y0
	text := p.Text()
	var out []ocr.Word
	for start := 0; start < len(text); {
		if r, n := blankAt(text, start); r {
			start += n
			continue
		}
		end := start
		for end < len(text) {
			r, n := blankAt(text, end)
			if r {
				break
			}
			end += n
		}
		rects := p.Rects(start, end)
		line := -1
		for _, g := range p.Glyphs {
			if g.Start >= start && g.End <= end {
				line = g.Line
				break
			}
		}
		if len(rects) == 1 {
			r := rects[0]
			word := text[start:end]
			if m, ok := e.Misread[req.Page][word]; ok {
				word = m
			}
			wd := ocr.Word{Text: word, X0: (r.X0 - crop.X0) / w, Y0: (crop.Y1 - r.Y1) / h, X1: (r.X1 - crop.X0) / w, Y1: (crop.Y1 - r.Y0) / h,
				Conf: conf, Line: line}
			if in(wd, req.Region) {
				out = append(out, wd)
			}
		}
		start = end
	}
	return out, nil
}

// blankAt tells whether the character at text[i] is a space (a no-break
// one too: an OCR reads the groups of a figure as words), and its size.
func blankAt(text string, i int) (bool, int) {
	r, n := utf8.DecodeRuneInString(text[i:])
	return unicode.IsSpace(r) || r == '\u202f', n
}

// in tells whether the word's centre lies in region (the whole page when
// region is empty).
func in(w ocr.Word, r ocr.Region) bool {
	if r == (ocr.Region{}) {
		return true
	}
	cx, cy := (w.X0+w.X1)/2, (w.Y0+w.Y1)/2
	return cx >= r.X0 && cx <= r.X1 && cy >= r.Y0 && cy <= r.Y1
}
