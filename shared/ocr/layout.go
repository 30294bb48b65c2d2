package ocr

import (
	"cmp"
	"math"
	"regexp"
	"slices"
	"strings"
	"unicode"
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
	// cellLine: the words of one cell lie this close across the baseline,
	// the OCR's boxes being ragged (descenders, punctuation).
	cellLine = 0.35
	// A word's box spans the ink of its letters: capitals and digits are
	// some 0.7 em high, a word with ascenders and descenders about 0.95.
	// The line's tallest words give its font size.
	inkToEm = 0.85
	// minInk: ink under this part of the page's usual word height is a
	// speck, a rule or a small mark, not a word of the text.
	minInk = 0.4
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
	texts := make([]string, len(words))
	for i, wd := range words {
		texts[i] = fixDigits(strings.TrimSpace(wd.Text))
	}
	sameGroups(texts)
	var ps []placed
	for i, wd := range words {
		wd.Text = texts[i]
		if wd.Text == "" || !utf8.ValidString(wd.Text) || wd.X1 <= wd.X0 || wd.Y1 <= wd.Y0 {
			continue
		}
		ps = append(ps, placed{Word: wd, x0: wd.X0 * w, y0: wd.Y0 * h, x1: wd.X1 * w, y1: wd.Y1 * h, index: len(ps)})
	}
	ps = withoutSpecks(ps)
	slope := skew(ps)
	for i := range ps {
		p := &ps[i]
		p.centre = (p.y0+p.y1)/2 - slope*(p.x0+p.x1)/2
	}
	cs := withoutStrays(chunks(ps))
	// A row's em is never taken under a fraction of the page's usual ink
	// height: a small word (a dash, a comma) must not cut a row.
	floor := minInk * medianInk(ps)
	var (
		lines  []pdftext.Line
		glyphs []pdftext.Glyph
		confs  []float64
		size   int // bytes of the page's text so far
	)
	for start := 0; start < len(cs); {
		end := start + 1
		// A row's chunks lie within a fraction of an em of each other: a
		// row starts where the next chunk lies further below the last one,
		// or too far below the first. The em is the smaller chunk's: a
		// parenthesis or a large title must not pull the next row in.
		top := cs[start].centre
		for ; end < len(cs); end++ {
			h := min(cs[end-1].height, cs[end].height)
			if cs[end-1].dash() || cs[end].dash() {
				// A dash's ink says nothing of its size: the row's is the
				// word's beside it.
				h = max(cs[end-1].height, cs[end].height)
			}
			em := max(h, floor) / inkToEm
			if cs[end].centre-cs[end-1].centre > cellLine*em || cs[end].centre-top > sameLine*em {
				break
			}
		}
		var ws []placed
		for _, c := range cs[start:end] {
			ws = append(ws, c.words...)
		}
		line, at := makeLine(ws, slope, crop)
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

// medianInk is the median ink height of the words.
func medianInk(ps []placed) float64 {
	if len(ps) == 0 {
		return 0
	}
	var hs []float64
	for _, p := range ps {
		hs = append(hs, p.y1-p.y0)
	}
	slices.Sort(hs)
	return hs[len(hs)/2]
}

// withoutSpecks drops what a scan's dust, the rules of a form and its
// frames make an OCR read: a word of ink much lower than the page's
// words, one of one or two characters with no letter or digit that the
// OCR is unsure of, a lone dot or comma; dashes (a nil amount) and
// leader dots stay.
func withoutSpecks(ps []placed) []placed {
	usual := medianInk(ps)
	return slices.DeleteFunc(ps, func(p placed) bool {
		// A dot or a comma alone is a speck however sure the engine is of
		// it: beside a figure (« 210 . ») it would move the cell to a row
		// of its own and make it no amount.
		if n := utf8.RuneCountInString(p.Text); n == 1 && strings.Trim(p.Text, ".,·") == "" {
			return true
		}
		if strings.Trim(p.Text, "-–—.") == "" {
			return false
		}
		if p.y1-p.y0 < minInk*usual {
			return true
		}
		return utf8.RuneCountInString(p.Text) <= 2 && p.Conf < 0.5 && !strings.ContainsFunc(p.Text, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) })
	})
}

// A form that prints its amounts in digit fields (a liasse's software)
// sets its thousands an em apart or more: a group of three digits after
// one of one to three, up to groupGap em from it, is the same amount
// (« 24 », « 521 », « 961 »), where columns stand further apart.
const groupGap = 1.6

var (
	thousandsLead  = regexp.MustCompile(`^[(\-−–]?\d{1,3}$`)
	thousandsGroup = regexp.MustCompile(`^\d{3}\)?$`)
)

// groupOf is how many column gaps may part word b from word a before it:
// more when b is a thousands group of the figure a starts.
func groupOf(a, b placed) float64 {
	if thousandsLead.MatchString(a.Text) && thousandsGroup.MatchString(b.Text) {
		return groupGap
	}
	return 1
}

// chunk is a run of words side by side without a column gap: a table
// cell, or a label. Its words are grouped by where they lie, not by the
// engine's lines, which may join a label's first line with the amounts
// set between the two lines of a wrapped label.
type chunk struct {
	words          []placed
	centre, height float64
}

// dash tells a chunk that prints only dashes: a nil amount.
func (c chunk) dash() bool {
	return !slices.ContainsFunc(c.words, func(p placed) bool { return strings.Trim(p.Text, "-–—") != "" })
}

// chunks groups the words into chunks, sorted by their deskewed height on
// the page: a word joins the chunk whose last word ends less than a column
// gap before it at the same height.
func chunks(ps []placed) []chunk {
	slices.SortFunc(ps, func(a, b placed) int { return cmp.Or(cmp.Compare(a.x0, b.x0), cmp.Compare(a.centre, b.centre)) })
	var out []chunk
	for _, p := range ps {
		h := p.y1 - p.y0
		best := -1
		for i, c := range out {
			last := c.words[len(c.words)-1]
			em := max(h, last.y1-last.y0) / inkToEm
			if gap := p.x0 - last.x1; gap < columnGap*groupOf(last, p)*em && gap > -em && math.Abs(p.centre-last.centre) < cellLine*em {
				best = i
			}
		}
		if best < 0 {
			out = append(out, chunk{words: []placed{p}})
			continue
		}
		out[best].words = append(out[best].words, p)
	}
	for i := range out {
		c := &out[i]
		var centres []float64
		for _, w := range c.words {
			centres = append(centres, w.centre)
			c.height = max(c.height, w.y1-w.y0)
		}
		slices.Sort(centres)
		c.centre = centres[len(centres)/2]
	}
	slices.SortFunc(out, func(a, b chunk) int {
		return cmp.Or(cmp.Compare(a.centre, b.centre), cmp.Compare(a.words[0].x0, b.words[0].x0))
	})
	return out
}

// strayLetters: a word of at most this many letters and no digit, that
// the engine is unsure of (under 0.5), at an end of a cell of figures or
// dates, is a speck beside them read as letters (« 31/12/2024 ES »): it
// would make the cell no figure and its column no year.
const strayLetters = 3

// withoutStrays drops the stray letters at the ends of the chunks that
// print a figure or a date.
func withoutStrays(cs []chunk) []chunk {
	stray := func(p placed) bool {
		return p.Conf < 0.5 && utf8.RuneCountInString(p.Text) <= strayLetters && !strings.ContainsFunc(p.Text, unicode.IsDigit)
	}

	for i := range cs {
		ws := cs[i].words
		figures := slices.ContainsFunc(ws, func(p placed) bool { return len(digitsOf(p.Text)) >= 2 && !stray(p) })
		if !figures {
			continue
		}
		for len(ws) > 1 && stray(ws[len(ws)-1]) {
			ws = ws[:len(ws)-1]
		}
		for len(ws) > 1 && stray(ws[0]) {
			ws = ws[1:]
		}
		cs[i].words = ws
	}
	return cs
}

// emOf is the font size of a line's words: its tall words' ink height.
func emOf(ws []placed) float64 {
	var heights []float64
	for _, w := range ws {
		heights = append(heights, w.y1-w.y0)
	}
	slices.Sort(heights)
	return max(heights[len(heights)*3/4]/inkToEm, 1)
}

// wordAt is where a word's text lies in its line's text.
type wordAt struct {
	word  placed
	start int
}

// makeLine orders a line's words left to right and joins them into spans.
func makeLine(ws []placed, slope float64, crop pdftext.Rect) (pdftext.Line, []wordAt) {
	slices.SortFunc(ws, func(a, b placed) int { return cmp.Compare(a.x0, b.x0) })
	em := emOf(ws)
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
		if crop.X0+w.x0-cur.X1 >= columnGap*groupOf(pending[len(pending)-1].word, w)*em {
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
