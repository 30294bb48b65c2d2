package pdftext

import (
	"context"
	"fmt"
	"io"
	"math"

	"github.com/ledongthuc/pdf"
)

// Rect is a rectangle in a page's default user space: points, origin at
// the bottom left, y upward, as MediaBox is given. X0 ≤ X1 and Y0 ≤ Y1.
type Rect struct {
	X0, Y0, X1, Y1 float64
}

// union is the smallest rectangle holding r and o.
func (r Rect) union(o Rect) Rect {
	return Rect{min(r.X0, o.X0), min(r.Y0, o.Y0), max(r.X1, o.X1), max(r.Y1, o.Y1)}
}

// Glyph is one glyph of a page's text and where it is printed.
type Glyph struct {
	Line       int // index in Page.Lines
	Start, End int // the bytes of Page.Text() it gives
	Box        Rect
}

// A glyph's box spans its advance along the baseline and, across it, this
// part of the font size on either side: the em square most fonts draw in.
// The fonts' own ascent and descent are often missing or wrong, and a
// highlight needs the band of the line, not the ink of each letter.
const (
	ascent  = 0.8
	descent = 0.2
)

// glyphBox is the box of a glyph from x0 to x1 along the baseline of text
// space (rise above it, font size size), placed by m on the page.
func glyphBox(m matrix, x0, x1, rise, size float64) Rect {
	lo, hi := rise-descent*size, rise+ascent*size
	r := Rect{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for _, c := range [4][2]float64{{x0, lo}, {x1, lo}, {x0, hi}, {x1, hi}} {
		x, y := m.apply(c[0], c[1])
		r = r.union(Rect{x, y, x, y})
	}
	return r
}

// Rects gives where Text()[start:end] is printed: the boxes of its glyphs,
// those of one line merged into one rectangle, top line first. It is empty
// when the page has no glyph boxes (see ReadPage).
func (p Page) Rects(start, end int) []Rect {
	var out []Rect
	line := -1
	for _, g := range p.Glyphs {
		switch {
		case g.End <= start || g.Start >= end:
		case g.Line == line:
			out[len(out)-1] = out[len(out)-1].union(g.Box)
		default:
			out, line = append(out, g.Box), g.Line
		}
	}
	return out
}

// letter is the MediaBox of a page that gives none (PDF 32000-1, 7.7.3.3
// requires one; readers default to US Letter).
var letter = Rect{0, 0, 612, 792}

// pageBoxes reads a page's MediaBox and CropBox; a CropBox reaching past
// the MediaBox is cut to it, as viewers show it.
func pageBoxes(b boxes) (media, crop Rect) {
	media, ok := rectOf(b.media)
	if !ok {
		media = letter
	}
	crop, ok = rectOf(b.crop)
	if !ok {
		return media, media
	}
	crop = Rect{max(crop.X0, media.X0), max(crop.Y0, media.Y0), min(crop.X1, media.X1), min(crop.Y1, media.Y1)}
	if crop.X0 >= crop.X1 || crop.Y0 >= crop.Y1 {
		return media, media
	}
	return media, crop
}

// rectOf reads a rectangle array, its corners in either order.
func rectOf(v pdf.Value) (Rect, bool) {
	if v.Kind() != pdf.Array || v.Len() != 4 {
		return Rect{}, false
	}
	var n [4]float64
	for i := range n {
		e := v.Index(i)
		if k := e.Kind(); k != pdf.Integer && k != pdf.Real {
			return Rect{}, false
		}
		if n[i] = e.Float64(); math.IsNaN(n[i]) || math.IsInf(n[i], 0) {
			return Rect{}, false
		}
	}
	r := Rect{min(n[0], n[2]), min(n[1], n[3]), max(n[0], n[2]), max(n[1], n[3])}
	if r.X0 == r.X1 || r.Y0 == r.Y1 {
		return Rect{}, false
	}
	return r, true
}

// ReadPage reads page n (from 1) of the PDF held in r, keeping where each
// glyph is printed (Page.Glyphs): what a viewer needs to mark a passage on
// the printed page. The page's text is the one Read gives it; only that
// page is interpreted. A page that cannot be read returns its error.
func ReadPage(ctx context.Context, r io.ReaderAt, size int64, lim Limits, n int) (*Page, error) {
	lim = lim.withDefaults()
	var page *Page
	err := withData(r, size, lim, func(m mapped) (err error) {
		page, err = readOne(ctx, m.data, lim, n)
		return err
	})
	if err != nil {
		return nil, err
	}
	return page, nil
}

func readOne(ctx context.Context, data []byte, lim Limits, n int) (*Page, error) {
	var page Page
	err := withPages(ctx, data, lim, func(leaves []leaf) error {
		if n < 1 || n > len(leaves) {
			return fmt.Errorf("page %d hors du document (1–%d)", n, len(leaves))
		}
		page = readPage(leaves[n-1], n, newShared(newBudget(ctx, lim), data), lim, true)
		return page.Err
	})
	if err != nil {
		return nil, err
	}
	return &page, nil
}
