package pdftext

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"unsafe"
)

// Gap rule, in units of the font size (em) of the glyphs on either side:
//   - gap < wordGap: same word (kerning, tracking);
//   - wordGap ≤ gap < columnGap: one space (a word space, even widened by
//     justification);
//   - gap ≥ columnGap: a new span (a column gap). Text() writes at least two
//     spaces there, one per half em of gap, so that table rows read like
//     "Chiffre d'affaires net        3    157 275    143 210" and columns
//     split on two or more spaces.
//
// A space is about 0.25-0.28 em in text fonts; a justified line rarely
// stretches it past 0.6 em; table columns are separated by several em.
// Between two digits, which fonts draw at one fixed width without kerning,
// a narrower gap already separates: the thin or narrow no-break space that
// groups thousands ("748 131"), which some engines print as a bare advance
// of about a tenth of an em.
const (
	wordGap   = 0.12
	digitGap  = 0.08
	columnGap = 1.0
	// sameLine: glyphs whose baselines differ by less than this belong to
	// one line (superscripts and subscripts included).
	sameLine = 0.5
	// overprint: the same glyph drawn again this close is a fake bold.
	overprint = 0.15
)

// Line is one line of a page, its spans left to right.
type Line struct {
	Y     float64 // baseline, in the frame of the text (points, upward)
	Spans []Span
}

// Span is a run of text without a column gap inside.
type Span struct {
	X0, X1 float64 // extent along the baseline, points
	Size   float64 // font size, points
	Text   string
}

// Text writes the line, spans joined per the gap rule.
func (l Line) Text() string {
	var b strings.Builder
	for i, s := range l.Spans {
		if i > 0 {
			b.WriteString(strings.Repeat(" ", columnSpaces(l.Spans[i-1], s)))
		}
		b.WriteString(s.Text)
	}
	return b.String()
}

// columnSpaces is the number of spaces Text writes between two spans: one
// per half em of gap, from 2 to 200.
func columnSpaces(prev, s Span) int {
	em := max(prev.Size, s.Size, 1)
	return min(max(2, int(math.Round((s.X0-prev.X1)/(em/2)))), 200)
}

// spaces is the number of spaces Text writes between the spans of l.
func (l Line) spaces() int {
	n := 0
	for i := 1; i < len(l.Spans); i++ {
		n += columnSpaces(l.Spans[i-1], l.Spans[i])
	}
	return n
}

// buildLines groups glyphs into lines. Text in the page's main direction
// comes first, top to bottom; text in other directions (a vertical margin
// label, a watermark) follows, per direction, so it does not cut into the
// rows of a table. It sorts glyphs in place rather than copy them per
// direction: a page may hold millions. Given the glyphs' boxes (by seq), it
// also says where each glyph's text lies in the page's text.
//
// It returns what the lines weigh beyond their glyphs' text (lineCost) and
// stops once that passes room: one glyph a line costs some 80 bytes a
// glyph, forty times its text.
func buildLines(glyphs []placed, boxes []Rect, room int) ([]Line, []Glyph, int) {
	if len(glyphs) == 0 {
		return nil, nil, 0
	}
	var count [4]int
	for _, g := range glyphs {
		count[g.rot]++
	}
	main := uint8(0)
	for r := range uint8(4) {
		if count[r] > count[main] {
			main = r
		}
	}
	// Early returns rather than cmp.Or, which evaluates every comparison:
	// this sort is a tenth of a page's reading.
	slices.SortFunc(glyphs, func(a, b placed) int {
		if a.rot != b.rot {
			return cmp.Compare((a.rot+4-main)%4, (b.rot+4-main)%4) // main first
		}
		if a.y != b.y {
			return cmp.Compare(b.y, a.y)
		}
		if a.x0 != b.x0 {
			return cmp.Compare(a.x0, b.x0)
		}
		return cmp.Compare(a.seq, b.seq)
	})
	l := layout{boxes: boxes, room: room}
	for start := 0; start < len(glyphs) && l.cost <= room; {
		end := start + 1
		for end < len(glyphs) && glyphs[end].rot == glyphs[start].rot {
			end++
		}
		l.frame(glyphs[start:end])
		start = end
	}
	return l.lines, l.glyphs, l.cost
}

// layout gathers the lines of a page and, with the glyphs' boxes, the
// glyphs in the order of the page's text.
type layout struct {
	boxes  []Rect // by seq; nil when not kept
	lines  []Line
	glyphs []Glyph
	size   int // bytes of the page's text so far, each line's newline included; with the boxes only
	cost   int // lineCost of the lines so far
	room   int // cost past which no line is added
}

// Sizes of what a page's lines hold besides their glyphs' text.
const (
	lineBytes  = int(unsafe.Sizeof(Line{}))
	spanBytes  = int(unsafe.Sizeof(Span{}))
	glyphBytes = int(unsafe.Sizeof(Glyph{}))
)

// frame groups glyphs of one direction, sorted by baseline, top first.
func (l *layout) frame(glyphs []placed) {
	for start := 0; start < len(glyphs) && l.cost <= l.room; {
		top, size := glyphs[start].y, glyphs[start].size
		end := start + 1
		for ; end < len(glyphs); end++ {
			g := glyphs[end]
			size = max(size, g.size)
			if top-g.y > sameLine*size {
				break
			}
		}
		l.add(glyphs[start:end])
		start = end
	}
}

// add makes a line of glyphs and, with the boxes, places their text in
// the page's text.
func (l *layout) add(glyphs []placed) {
	line, at, wordSpaces := makeLine(glyphs, l.boxes != nil)
	// Line and Span structs, the spaces Text writes between spans and
	// between words, the newline; the glyphs' boxes when kept.
	l.cost += lineBytes + len(line.Spans)*spanBytes + line.spaces() + wordSpaces + 1 + len(at)*glyphBytes
	if l.boxes != nil {
		spanStart := make([]int, len(line.Spans))
		n := 0
		for i, s := range line.Spans {
			if i > 0 {
				n += columnSpaces(line.Spans[i-1], s)
			}
			spanStart[i] = n
			n += len(s.Text)
		}
		for _, a := range at {
			start := l.size + spanStart[a.span] + a.off
			l.glyphs = append(l.glyphs, Glyph{Line: len(l.lines), Start: start, End: start + a.n, Box: l.boxes[a.seq]})
		}
		l.size += n + 1
	}
	l.lines = append(l.lines, line)
}

// glyphAt is where a glyph's text lies in its line: span, byte offset in
// the span's text, length.
type glyphAt struct{ seq, span, off, n int }

// makeLine orders the glyphs of a line left to right and joins them; with
// record, it also says where each glyph kept went. It counts the spaces it
// puts between words.
func makeLine(glyphs []placed, record bool) (Line, []glyphAt, int) {
	slices.SortFunc(glyphs, func(a, b placed) int {
		return cmp.Or(cmp.Compare(a.x0, b.x0), cmp.Compare(a.seq, b.seq))
	})
	line := Line{Y: glyphs[0].y}
	var (
		text       strings.Builder
		at         []glyphAt
		wordSpaces int
	)
	keep := func(g placed) {
		if record {
			at = append(at, glyphAt{seq: g.seq, span: len(line.Spans), off: text.Len(), n: len(g.text)})
		}
		text.WriteString(g.text)
	}
	cur := Span{X0: glyphs[0].x0, X1: glyphs[0].x1, Size: glyphs[0].size}
	keep(glyphs[0])
	prev := glyphs[0]
	for _, g := range glyphs[1:] {
		em := max((prev.size+g.size)/2, 1)
		if g.text == prev.text && math.Abs(g.x0-prev.x0) < overprint*em {
			continue
		}
		gap := g.x0 - cur.X1
		switch {
		case gap >= columnGap*em:
			cur.Text = text.String()
			line.Spans = append(line.Spans, cur)
			text.Reset()
			cur = Span{X0: g.x0, X1: g.x1, Size: g.size}
		case gap >= wordGap*em || gap >= digitGap*em && isDigitText(prev.text) && isDigitText(g.text):
			text.WriteByte(' ')
			wordSpaces++
		}
		keep(g)
		cur.X1 = max(cur.X1, g.x1)
		prev = g
	}
	cur.Text = text.String()
	line.Spans = append(line.Spans, cur)
	return line, at, wordSpaces
}

// isDigitText tells a glyph that is one ASCII digit.
func isDigitText(s string) bool { return len(s) == 1 && s[0] >= '0' && s[0] <= '9' }
