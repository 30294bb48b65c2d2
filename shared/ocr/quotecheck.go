package ocr

import (
	"context"
	"slices"

	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/quotes"
)

// Quoted is a sentence a quote stands on: its page (from 1) and its text
// as quoted.
type Quoted struct {
	Page int
	Text string
}

// CrossCheckQuotes compares the figures of the quoted sentences, on the
// pages of doc that have a text layer, with what the OCR reads at their
// place on the printed page, as CrossCheck does for a statement page's
// amounts: a figure the page prints otherwise is withheld from the lines
// (so that no quote holding it is verified, nor any fact read from it) and
// recorded in the page's Hidden text, for a person. Each page is read once,
// on the part of it its quotes are printed in, within the budget; a quote
// its page does not hold, or without a figure, costs no reading.
func (r Reader) CrossCheckQuotes(ctx context.Context, data []byte, doc *pdftext.Document, qs []Quoted, lim pdftext.Limits) ([]Mismatch, error) {
	byPage := map[int][]string{}
	var pages []int
	for _, q := range qs {
		if q.Page < 1 || q.Page > len(doc.Pages) || !amountRe.MatchString(q.Text) {
			continue
		}
		if _, ok := byPage[q.Page]; !ok {
			pages = append(pages, q.Page)
		}
		byPage[q.Page] = append(byPage[q.Page], q.Text)
	}
	slices.Sort(pages)
	return r.crossCheck(ctx, data, doc, pages, func(ctx context.Context, src *Source, p *pdftext.Page) ([]Mismatch, error) {
		return r.checkQuotes(ctx, src, p, byPage[p.Number], lim)
	})
}

// checkQuotes finds the figures of the sentences of page p quoted in qs
// whose printed figures differ, reading the page's part that prints them.
func (r Reader) checkQuotes(ctx context.Context, src *Source, p *pdftext.Page, qs []string, lim pdftext.Limits) ([]Mismatch, error) {
	text := p.Text()
	var spans [][]int
	var area pdftext.Rect
	for _, q := range qs {
		start, end, ok := quotes.Locate(text, q)
		if !ok {
			continue
		}
		for _, at := range amountRe.FindAllStringIndex(text[start:end], -1) {
			if s := []int{start + at[0], start + at[1]}; !slices.ContainsFunc(spans, func(o []int) bool { return o[0] == s[0] }) {
				spans = append(spans, s)
			}
		}
	}
	if len(spans) == 0 {
		return nil, nil
	}
	layer, err := textLayer(ctx, src, p, lim)
	if err != nil {
		return nil, err
	}
	found, em := false, 0.0
	for _, at := range spans {
		for _, rect := range layer.Rects(at[0], at[1]) {
			b := pad(rect)
			if !found {
				area, em, found = b, b.Y1-b.Y0, true
			}
			area = pdftext.Rect{X0: min(area.X0, b.X0), Y0: min(area.Y0, b.Y0), X1: max(area.X1, b.X1), Y1: max(area.Y1, b.Y1)}
		}
	}
	if !found {
		return nil, nil // no glyph box: nothing to compare
	}
	// A line above and below the figures is read too: an engine segments
	// a block better than a strip.
	area.Y0, area.Y1 = area.Y0-em, area.Y1+em
	pctx, cancel := context.WithTimeout(ctx, r.Budget.Page)
	defer cancel()
	crop := p.CropBox
	words, err := r.Engine.Read(pctx, src, Request{Page: p.Number, DPI: checkDPI, Mode: Block, Region: regionOf(area, crop),
		Width: crop.X1 - crop.X0, Height: crop.Y1 - crop.Y0})
	if err != nil {
		return nil, err
	}
	return r.disagreeing(pctx, src, layer, words, spans)
}
