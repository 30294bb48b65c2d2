package pdftext

import (
	"context"
	"errors"
	"io"
)

// Recognition says how an OCR read a page that has no text layer.
type Recognition struct {
	Engine string // the OCR that read it
	DPI    int    // resolution of the page image it read
	// Confidence is the OCR's confidence in each of Page.Glyphs (one
	// glyph a word), from 0 to 1.
	Confidence []float64
}

// Confidence is the lowest confidence of the words of Text()[start:end],
// and false when the page was not read by OCR or no word lies there.
func (p Page) Confidence(start, end int) (float64, bool) {
	if p.OCR == nil {
		return 0, false
	}
	low, found := 1.0, false
	for i, g := range p.Glyphs {
		if g.End <= start || g.Start >= end || i >= len(p.OCR.Confidence) {
			continue
		}
		low, found = min(low, p.OCR.Confidence[i]), true
	}
	return low, found
}

// HiddenMisprinted: an amount of the text layer the printed page shows
// otherwise, as an OCR of the page reads it (ocr.Reader.CrossCheck): a
// font whose ToUnicode lies, text drawn under an image of other figures.
const HiddenMisprinted HiddenReason = "imprimé autrement selon l'OCR de la page"

// ReadScanned is Read for a document that may be a scan: where Read finds
// no text at all, it returns every page with its number and boxes and no
// lines, for an OCR to read, instead of failing with ErrNoText.
func ReadScanned(ctx context.Context, r io.ReaderAt, size int64, lim Limits) (*Document, error) {
	// The file is read again for a scan rather than kept: its bytes would
	// stay live through the whole reading of a document that has text.
	doc, err := Read(ctx, r, size, lim)
	if !errors.Is(err, ErrNoText) {
		return doc, err
	}
	lim = lim.withDefaults()
	err = withData(r, size, lim, func(m mapped) error {
		return withPages(ctx, m.data, lim, func(leaves []leaf) error {
			doc = &Document{Pages: make([]Page, len(leaves))}
			for i, l := range leaves {
				doc.Pages[i].Number = i + 1
				doc.Pages[i].MediaBox, doc.Pages[i].CropBox = pageBoxes(l.inherited)
			}
			return nil
		})
	})
	if err != nil {
		return nil, err
	}
	return doc, nil
}

// NeedsOCR tells whether the page printed no text its text layer gives:
// a scanned page, or a blank one.
func (p Page) NeedsOCR() bool {
	return len(p.Lines) == 0 && p.Err == nil && p.OCR == nil
}
