package offline

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"analyste.dev/analyste/shared/pdftext"
)

// meetFactor is how close two baselines must be, in font sizes, for the
// lines' glyphs to share a vertical extent: a label cell wrapped over two
// lines with its amounts centred puts them half a leading (about 0.6 em)
// from each label line, while the next row is a whole leading away or more.
const meetFactor = 0.8

// cellLines rebuilds the rows whose cells are printed over several lines,
// as office suites and layout engines centre them vertically: a line of
// amounts alone takes the label lines whose vertical extent it meets and
// that no nearer line of amounts claims, and a line of column headings
// takes the heading lines it meets ("Amortissements et" / "Brut" /
// "dépréciations"). Every other line is kept as printed.
func cellLines(lines []pdftext.Line) []pdftext.Line {
	lines = mergedHeadings(lines)
	claim := make([]int, len(lines)) // index of the amounts line a label line belongs to, -1 none
	for i := range claim {
		claim[i] = -1
	}
	for i, l := range lines {
		if !amountsAlone(l) {
			continue
		}
		for _, j := range []int{i - 1, i + 1} {
			if j < 0 || j >= len(lines) || !labelAlone(lines[j], l) || !meet(lines[j], l) {
				continue
			}
			if c := claim[j]; c < 0 || math.Abs(lines[j].Y-l.Y) < math.Abs(lines[j].Y-lines[c].Y) {
				claim[j] = i
			}
		}
	}
	var out []pdftext.Line
	for i, l := range lines {
		if claim[i] >= 0 {
			continue
		}
		if !amountsAlone(l) {
			out = append(out, l)
			continue
		}
		var label []pdftext.Span
		for _, j := range []int{i - 1, i + 1} {
			if j >= 0 && j < len(lines) && claim[j] == i {
				label = append(label, lines[j].Spans...)
			}
		}
		if len(label) == 0 {
			out = append(out, l)
			continue
		}
		out = append(out, pdftext.Line{Y: l.Y, Spans: append([]pdftext.Span{joinSpans(label)}, l.Spans...)})
	}
	return out
}

// mergedHeadings joins into one line the lines of column headings that meet
// one another vertically: a heading cell wrapped over two lines, or a short
// one centred beside them. The joined line takes the baseline of its lowest
// line, so that a heading wrapped over three lines chains.
func mergedHeadings(lines []pdftext.Line) []pdftext.Line {
	var out []pdftext.Line
	for _, l := range lines {
		if n := len(out); n > 0 && headingsOnly(l) && headingsOnly(out[n-1]) && meet(out[n-1], l) {
			prev := out[n-1]
			spans := append(slices.Clone(prev.Spans), l.Spans...)
			slices.SortStableFunc(spans, func(a, b pdftext.Span) int { return cmp.Compare(a.X0, b.X0) })
			out[n-1] = pdftext.Line{Y: l.Y, Spans: spans}
			continue
		}
		out = append(out, l)
	}
	return out
}

// meet tells two lines whose glyphs share a vertical extent.
func meet(a, b pdftext.Line) bool {
	return math.Abs(a.Y-b.Y) < meetFactor*max(lineSize(a), lineSize(b))
}

func lineSize(l pdftext.Line) float64 {
	size := 0.0
	for _, s := range l.Spans {
		size = max(size, s.Size)
	}
	return size
}

// tablePage is a page as its tables are read: without its running header
// and footer, each row's cells on one line.
func tablePage(p pdftext.Page, boiler map[string]bool) pdftext.Page {
	p = withoutLines(p, boiler)
	p.Lines = cellLines(p.Lines)
	return p
}

// amountsAlone tells a line of amount cells and nothing else that is not a
// line of column headings (years are amounts too).
func amountsAlone(l pdftext.Line) bool {
	if len(l.Spans) == 0 {
		return false
	}
	if _, header := headerLine(l); header {
		return false
	}
	return !slices.ContainsFunc(l.Spans, func(s pdftext.Span) bool {
		_, ok := amountCell(s.Text)
		return !ok
	})
}

// labelAlone tells a line of text only, printed left of the first amount of
// amounts: a part of the label cell of their row.
func labelAlone(l, amounts pdftext.Line) bool {
	if len(l.Spans) == 0 || amountsAlone(l) {
		return false
	}
	if _, header := headerLine(l); header {
		return false
	}
	for _, s := range l.Spans {
		if _, ok := amountCell(s.Text); ok || s.X1 > amounts.Spans[0].X0+overlapSlack {
			return false
		}
	}
	return true
}

// joinSpans makes one label span of the lines of a label cell, top first.
func joinSpans(spans []pdftext.Span) pdftext.Span {
	out := pdftext.Span{X0: spans[0].X0, X1: spans[0].X1, Size: spans[0].Size}
	texts := make([]string, 0, len(spans))
	for _, s := range spans {
		out.X0, out.X1, out.Size = min(out.X0, s.X0), max(out.X1, s.X1), max(out.Size, s.Size)
		texts = append(texts, strings.TrimSpace(s.Text))
	}
	out.Text = strings.Join(texts, " ")
	return out
}
