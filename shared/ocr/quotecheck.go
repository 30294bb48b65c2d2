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

// quotedPages groups the quoted sentences holding a figure by their page
// of doc, and lists those pages in order: a quote its page does not hold,
// or without a figure, costs no reading.
func quotedPages(doc *pdftext.Document, qs []Quoted) (map[int][]string, []int) {
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
	return byPage, pages
}

// checkQuotes finds the figures of the sentences of page p quoted in qs
// whose printed figures differ, as checkPage does for a statement page's
// amounts, reading only the part of the page that prints them.
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
