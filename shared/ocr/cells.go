package ocr

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"analyste.dev/analyste/shared/pdftext"
)

// RegionReader is an engine that reads many small regions of one page
// from one image of it: each figure of a table read again on its own box
// costs a crop, not a rendering. An engine that reads whole pages only
// (Document AI) has none, and its figures are not read again.
type RegionReader interface {
	// ReadRegions reads each region of req's page (req.Region is
	// ignored) and returns the words of each, in the page's fractions.
	ReadRegions(ctx context.Context, doc *Source, req Request, regions []Region) ([][]Word, error)
}

// The second reading of the figures an engine is unsure of: a cell whose
// least sure word is under unsureConf is read again on its box, at
// RereadDPI, as one line of figures; what it reads replaces the whole
// cell when every word of it is at sureConf or more and it reads as one
// amount. At 200 dpi Tesseract's misreads are its least sure words (0.53
// and under), the sure figures of the same page 0.86 and more.
const (
	unsureConf = 0.8
	sureConf   = 0.75
	// maxCells bounds the cells read again on a page.
	maxCells = 60
	// cellPad widens a cell's box, in ems: a sign or a digit the first
	// reading lost lies beside what it read.
	cellPad = 0.6
)

// amountCell is how one amount prints in a cell: a sign or parentheses,
// digits grouped by thousands or not, a decimal part.
var amountCell = regexp.MustCompile(`^[(\-−–]?\s?\d{1,3}(?:[ .\x{a0}\x{202f}]\d{3})*(?:,\d+)?\)?-?$|^[(\-−–]?\d+(?:,\d+)?\)?-?$`)

// cell is an amount span of a page and the glyphs (its words) it holds.
type cell struct {
	line, span int
	glyphs     []int
	box        pdftext.Rect // PDF coordinates
}

// RereadCells returns a copy of doc whose OCR pages among pages (from 1)
// have each figure their engine was unsure of read again on its own box,
// within the budget; doc is left as it was. An engine that cannot read
// regions leaves the copy as doc.
func (r Reader) RereadCells(ctx context.Context, data []byte, doc *pdftext.Document, pages []int) *pdftext.Document {
	rr, ok := r.Engine.(RegionReader)
	if !ok {
		return &pdftext.Document{Pages: slices.Clone(doc.Pages)}
	}
	return r.rereadPages(ctx, data, doc, pages, func(ctx context.Context, src *Source, p pdftext.Page) (pdftext.Page, bool) {
		cs := unsureCells(p)
		if len(cs) == 0 {
			return p, false
		}
		crop := p.CropBox
		w, h := crop.X1-crop.X0, crop.Y1-crop.Y0
		regions := make([]Region, len(cs))
		for i, c := range cs {
			regions[i] = regionOf(c.box, crop)
		}
		pctx, cancel := context.WithTimeout(ctx, r.Budget.Page)
		defer cancel()
		read, err := rr.ReadRegions(pctx, src, Request{Page: p.Number, DPI: RereadDPI, Mode: Line, Digits: true, Width: w, Height: h}, regions)
		if err != nil || len(read) != len(cs) {
			return p, false
		}
		words, changed := replaceCells(p, cs, read)
		if !changed {
			return p, false
		}
		lines, glyphs, conf := Layout(words, crop)
		p.Lines, p.Glyphs = lines, glyphs
		p.OCR = &pdftext.Recognition{Engine: p.OCR.Engine, DPI: p.OCR.DPI, Confidence: conf}
		return p, true
	})
}

// unsureCells are the amount cells of an OCR page holding a word its
// engine is unsure of, at most maxCells, each box widened by cellPad em
// but never over the next span of its line.
func unsureCells(p pdftext.Page) []cell {
	byLine := map[int][]int{}
	for i, g := range p.Glyphs {
		byLine[g.Line] = append(byLine[g.Line], i)
	}
	text := p.Text()
	var out []cell
	offset := 0
	for li, l := range p.Lines {
		lineText := l.Text()
		for si, s := range l.Spans {
			start := offset + len(pdftext.Line{Spans: l.Spans[:si+1]}.Text()) - len(s.Text)
			end := start + len(s.Text)
			c := cell{line: li, span: si}
			unsure := false
			for _, gi := range byLine[li] {
				if g := p.Glyphs[gi]; g.Start >= start && g.End <= end {
					c.glyphs = append(c.glyphs, gi)
					unsure = unsure || p.OCR.Confidence[gi] < unsureConf
				}
			}
			if !unsure || !figureLike(text[start:end]) {
				continue
			}
			c.box = cellBox(p, c.glyphs, l, si)
			out = append(out, c)
			if len(out) == maxCells {
				return out
			}
		}
		offset += len(lineText) + 1
	}
	return out
}

// figureLike tells whether a cell's text is meant as a figure: two digits
// or more, and more digits than letters (a misread "160 on" is, a label
// with a year is not).
func figureLike(s string) bool {
	digits, letters := 0, 0
	for _, r := range s {
		switch {
		case unicode.IsDigit(r):
			digits++
		case unicode.IsLetter(r):
			letters++
		}
	}
	return digits >= 2 && digits > letters
}

// cellBox is the box of a cell's glyphs widened by cellPad em across the
// line and along it, kept off the spans beside it.
func cellBox(p pdftext.Page, glyphs []int, l pdftext.Line, si int) pdftext.Rect {
	b := p.Glyphs[glyphs[0]].Box
	for _, gi := range glyphs[1:] {
		g := p.Glyphs[gi].Box
		b = pdftext.Rect{X0: min(b.X0, g.X0), Y0: min(b.Y0, g.Y0), X1: max(b.X1, g.X1), Y1: max(b.Y1, g.Y1)}
	}
	em := max(l.Spans[si].Size, 1)
	pad := cellPad * em
	b = pdftext.Rect{X0: b.X0 - pad, Y0: b.Y0 - pad/2, X1: b.X1 + pad, Y1: b.Y1 + pad/2}
	if si > 0 {
		b.X0 = max(b.X0, (l.Spans[si-1].X1+l.Spans[si].X0)/2)
	}
	if si+1 < len(l.Spans) {
		b.X1 = min(b.X1, (l.Spans[si].X1+l.Spans[si+1].X0)/2)
	}
	return b
}

// replaceCells gives the words of page p with each cell whose second
// reading is sure and reads one amount replaced by that reading, and
// whether any was.
func replaceCells(p pdftext.Page, cs []cell, read [][]Word) ([]Word, bool) {
	replaced := map[int]bool{} // glyphs taken out
	var added []Word
	for i, c := range cs {
		ws := read[i]
		if len(ws) == 0 {
			continue
		}
		var texts []string
		sure := true
		for _, w := range ws {
			texts = append(texts, w.Text)
			sure = sure && w.Conf >= sureConf
		}
		if !sure || !amountCell.MatchString(strings.Join(texts, " ")) {
			continue
		}
		for _, gi := range c.glyphs {
			replaced[gi] = true
		}
		for _, w := range ws {
			w.Line = -1
			added = append(added, w)
		}
	}
	if len(added) == 0 {
		return nil, false
	}
	crop := p.CropBox
	w, h := crop.X1-crop.X0, crop.Y1-crop.Y0
	text := p.Text()
	var words []Word
	for gi, g := range p.Glyphs {
		if replaced[gi] {
			continue
		}
		words = append(words, Word{Text: text[g.Start:g.End], Conf: p.OCR.Confidence[gi], Line: g.Line,
			X0: (g.Box.X0 - crop.X0) / w, X1: (g.Box.X1 - crop.X0) / w, Y0: (crop.Y1 - g.Box.Y1) / h, Y1: (crop.Y1 - g.Box.Y0) / h})
	}
	return append(words, added...), true
}
