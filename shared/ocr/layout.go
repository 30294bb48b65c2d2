package ocr

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"analyste.dev/analyste/shared/pdftext"
)

// The layout rule is pdftext's, in units of the line's font size (em):
// words whose centres differ by less than sameLine em across the baseline
// are one line; a gap of columnGap em or more between two words starts a
// new span (a table column), a smaller one is a word space.
const (
	sameLine  = 0.5
	columnGap = 1.0
	// A word's box spans the ink of its letters: capitals and digits are
	// some 0.7 em high, a word with ascenders and descenders about 0.95.
	// The line's tallest words give its font size.
	inkToEm = 0.85
)

// placed is a word in points, y downward from the page's top, with its
// centre's height after the page's skew is taken out.
type placed struct {
	Word
	x0, y0, x1, y1 float64 // points, from the crop box's top left
	centre         float64 // deskewed
	index          int
}

// Layout builds the lines and glyphs (one a word) of a page whose crop
// box is crop from the words an engine read on it, with each glyph's
// confidence. A scan is never quite straight: the skew the engine's own
// lines show is taken out before words are grouped into lines, so that a
// table row stays one line across the page.
func Layout(words []Word, crop pdftext.Rect) ([]pdftext.Line, []pdftext.Glyph, []float64) {
	w, h := crop.X1-crop.X0, crop.Y1-crop.Y0
	var ps []placed
	for _, wd := range words {
		wd.Text = strings.TrimSpace(wd.Text)
		if wd.Text == "" || !utf8.ValidString(wd.Text) || wd.X1 <= wd.X0 || wd.Y1 <= wd.Y0 {
			continue
		}
		ps = append(ps, placed{Word: wd, x0: wd.X0 * w, y0: wd.Y0 * h, x1: wd.X1 * w, y1: wd.Y1 * h, index: len(ps)})
	}
	slope := skew(ps)
	for i := range ps {
		p := &ps[i]
		p.centre = (p.y0+p.y1)/2 - slope*(p.x0+p.x1)/2
	}
	slices.SortFunc(ps, func(a, b placed) int { return cmp.Or(cmp.Compare(a.centre, b.centre), cmp.Compare(a.x0, b.x0)) })
	var (
		lines  []pdftext.Line
		glyphs []pdftext.Glyph
		confs  []float64
		size   int // bytes of the page's text so far
	)
	for start := 0; start < len(ps); {
		end := start + 1
		top, height := ps[start].centre, ps[start].y1-ps[start].y0
		for ; end < len(ps); end++ {
			height = max(height, ps[end].y1-ps[end].y0)
			if ps[end].centre-top > sameLine*height/inkToEm {
				break
			}
		}
		line, at := makeLine(ps[start:end], slope, crop)
		text := line.Text()
		for _, a := range at {
			g := a.word
			glyphs = append(glyphs, pdftext.Glyph{Line: len(lines), Start: size + a.start, End: size + a.start + len(g.Text),
				Box: pdftext.Rect{X0: crop.X0 + g.x0, Y0: crop.Y1 - g.y1, X1: crop.X0 + g.x1, Y1: crop.Y1 - g.y0}})
			confs = append(confs, g.Conf)
		}
		size += len(text) + 1
		lines = append(lines, line)
		start = end
	}
	return lines, glyphs, confs
}

// wordAt is where a word's text lies in its line's text.
type wordAt struct {
	word  placed
	start int
}

// makeLine orders a line's words left to right and joins them into spans.
func makeLine(ws []placed, slope float64, crop pdftext.Rect) (pdftext.Line, []wordAt) {
	slices.SortFunc(ws, func(a, b placed) int { return cmp.Compare(a.x0, b.x0) })
	var heights []float64
	for _, w := range ws {
		heights = append(heights, w.y1-w.y0)
	}
	slices.Sort(heights)
	em := max(heights[len(heights)*3/4]/inkToEm, 1)
	var bottoms []float64
	for _, w := range ws {
		bottoms = append(bottoms, w.y1-slope*(w.x0+w.x1)/2)
	}
	slices.Sort(bottoms)
	line := pdftext.Line{Y: crop.Y1 - bottoms[len(bottoms)/2]}
	var (
		at   []wordAt
		text strings.Builder
		cur  = pdftext.Span{X0: crop.X0 + ws[0].x0, X1: crop.X0 + ws[0].x1, Size: em}
	)
	// Each span's text starts where Line.Text puts it: after the spans
	// before it and the spaces it writes between them.
	spanStart := func() int {
		return len(pdftext.Line{Spans: append(slices.Clone(line.Spans), cur)}.Text()) - len(cur.Text)
	}
	var pending []wordAt // the current span's words, offsets within it
	flush := func() {
		cur.Text = text.String()
		base := spanStart()
		for _, p := range pending {
			at = append(at, wordAt{p.word, base + p.start})
		}
		line.Spans = append(line.Spans, cur)
		text.Reset()
		pending = pending[:0]
	}
	pending = append(pending, wordAt{ws[0], 0})
	text.WriteString(ws[0].Text)
	for _, w := range ws[1:] {
		if crop.X0+w.x0-cur.X1 >= columnGap*em {
			flush()
			cur = pdftext.Span{X0: crop.X0 + w.x0, X1: crop.X0 + w.x1, Size: em}
		} else {
			text.WriteByte(' ')
		}
		pending = append(pending, wordAt{w, text.Len()})
		text.WriteString(w.Text)
		cur.X1 = max(cur.X1, crop.X0+w.x1)
	}
	flush()
	return line, at
}

// skew is the slope (dy/dx) of the page's lines: the median of the slopes
// of the engine's lines that hold words far enough apart to measure one.
func skew(ps []placed) float64 {
	byLine := map[int][]placed{}
	for _, p := range ps {
		if p.Line >= 0 {
			byLine[p.Line] = append(byLine[p.Line], p)
		}
	}
	var slopes []float64
	for _, ws := range byLine {
		if len(ws) < 2 {
			continue
		}
		first, last := ws[0], ws[0]
		for _, w := range ws {
			if w.x0 < first.x0 {
				first = w
			}
			if w.x0 > last.x0 {
				last = w
			}
		}
		dx := (last.x0 + last.x1 - first.x0 - first.x1) / 2
		if dx < 100 { // points: a slope over a short run is noise
			continue
		}
		slopes = append(slopes, (last.y1-first.y1)/dx)
	}
	if len(slopes) == 0 {
		return 0
	}
	slices.Sort(slopes)
	s := slopes[len(slopes)/2]
	if math.Abs(s) > 0.1 { // beyond some 6°, not a skew the rule should take out
		return 0
	}
	return s
}
