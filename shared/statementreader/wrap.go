package statementreader

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

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
// "dépréciations"). On a page that shows such centred cells, a row also
// takes, pair by pair, the label lines just above and just below it at the
// cells' own leading: a label over three or four lines around its amounts.
// Every other line is kept as printed. doc is the spacing of the document's
// statement pages, for a page too short to show its own.
func cellLines(lines []pdftext.Line, doc spacing) []pdftext.Line {
	lines = mergedHeadings(lines)
	m := labelMargin(lines)
	claim := meetClaims(lines, m)
	leading, ok := cellLeading(lines, claim)
	if !ok && len(doc.cell) > 0 {
		leading, ok = median(doc.cell), true
	}
	if ok {
		for i, l := range lines {
			if claim[i] < 0 && hasCells(l, m) {
				extendCell(lines, claim, i, leading, m)
			}
		}
	}
	padded(lines, claim, m, doc)
	members := map[int][]int{} // the label lines of each row, top first
	for j, c := range claim {
		if c >= 0 {
			members[c] = append(members[c], j)
		}
	}
	var out []pdftext.Line
	for i, l := range lines {
		if claim[i] >= 0 {
			continue
		}
		var above, below []pdftext.Span
		for _, j := range members[i] {
			if j < i {
				above = append(above, lines[j].Spans...)
			} else {
				below = append(below, lines[j].Spans...)
			}
		}
		if len(above)+len(below) == 0 {
			out = append(out, l)
			continue
		}
		label, amounts := splitLabel(l, m)
		cell := joinSpans(slices.Concat(above, label, below))
		out = append(out, pdftext.Line{Y: l.Y, Spans: append([]pdftext.Span{cell}, amounts...)})
	}
	return out
}

// meetClaims gives each label line the row whose amounts meet it, -1 for
// none: a line of amounts alone takes the label lines whose vertical extent
// it meets and that no nearer line of amounts claims.
func meetClaims(lines []pdftext.Line, m float64) []int {
	claim := make([]int, len(lines)) // index of the row a label line belongs to, -1 none
	for i := range claim {
		claim[i] = -1
	}
	for i, l := range lines {
		// A row whose amounts the text layer put on one of its label lines
		// still takes the others it meets ("VARIATION DE  13  −12" /
		// "TRÉSORERIE").
		if !amountsAlone(l, m) && !hasCells(l, m) {
			continue
		}
		for _, j := range []int{i - 1, i + 1} {
			if j < 0 || j >= len(lines) || !labelAlone(lines[j], l, m) || !meet(lines[j], l) {
				continue
			}
			if c := claim[j]; c < 0 || math.Abs(lines[j].Y-l.Y) < math.Abs(lines[j].Y-lines[c].Y) {
				claim[j] = i
			}
		}
	}
	return claim
}

// cellLeading is the distance between the two label lines of the rows
// whose amounts sit between them: the leading inside a cell, which the
// page shows only where it centres its cells.
func cellLeading(lines []pdftext.Line, claim []int) (float64, bool) {
	var gaps []float64
	for i := range lines {
		if i > 0 && i+1 < len(lines) && claim[i-1] == i && claim[i+1] == i {
			gaps = append(gaps, lines[i-1].Y-lines[i+1].Y)
		}
	}
	if len(gaps) == 0 {
		return 0, false
	}
	return median(gaps), true
}

// leadingSlack is how far, in points, a line may stand from the cell's
// leading and still be a line of the cell.
const leadingSlack = 1

// extendCell gives the row at i the label lines above and below its cell,
// a pair at a time, while both stand one leading away and belong to no row.
func extendCell(lines []pdftext.Line, claim []int, i int, leading, m float64) {
	top, bottom := i, i
	for top > 0 && claim[top-1] == i {
		top--
	}
	for bottom+1 < len(lines) && claim[bottom+1] == i {
		bottom++
	}
	for up, down := top-1, bottom+1; up >= 0 && down < len(lines); up, down = up-1, down+1 {
		if claim[up] >= 0 || claim[down] >= 0 || !labelAlone(lines[up], lines[i], m) || !labelAlone(lines[down], lines[i], m) ||
			math.Abs(lines[up].Y-lines[up+1].Y-leading) > leadingSlack || math.Abs(lines[down-1].Y-lines[down].Y-leading) > leadingSlack {
			return
		}
		claim[up], claim[down] = i, i
	}
}

// spacing is how far apart a page prints the lines of one cell and the
// rows: where it centres its cells, the leading of the label lines around
// their amounts; where it pads them, the distances between a row's line and
// the label line continuing it, and between two rows.
type spacing struct{ cell, inCell, between []float64 }

// measureSpacing reads a page's spacing from its rows: two rows in a row,
// a row and the lower-case line continuing it.
func measureSpacing(lines []pdftext.Line) spacing {
	var sp spacing
	m := labelMargin(lines)
	if leading, ok := cellLeading(lines, meetClaims(lines, m)); ok {
		sp.cell = append(sp.cell, leading)
	}
	for i := 0; i+1 < len(lines); i++ {
		a, b := lines[i], lines[i+1]
		switch {
		case hasCells(a, m) && hasCells(b, m):
			sp.between = append(sp.between, a.Y-b.Y)
		case hasCells(a, m) && labelAlone(b, a, m) && continues(b),
			hasCells(b, m) && labelAlone(a, b, m) && continues(b): // a cell aligned at its bottom
			sp.inCell = append(sp.inCell, a.Y-b.Y)
		case i > 0 && hasCells(lines[i-1], m) && labelAlone(a, lines[i-1], m) && continues(a) && hasCells(b, m):
			// The last line of a cell aligned at its top, then the next row:
			// a page without two rows in a row still shows the gap.
			sp.between = append(sp.between, a.Y-b.Y)
		}
	}
	return sp
}

func (sp spacing) known() bool { return len(sp.inCell) > 0 && len(sp.between) > 0 }

func (sp *spacing) add(o spacing) {
	sp.cell = append(sp.cell, o.cell...)
	sp.inCell = append(sp.inCell, o.inCell...)
	sp.between = append(sp.between, o.between...)
}

// padded gives a row the label line printed just under or just over it at
// the cells' own leading when the page pads its cells: rows stand further
// apart than the lines of one cell, as the lines continuing a label in lower
// case show. A cell aligned at its top or bottom then keeps a continuation
// that opens in capitals ("RÉSULTAT" / "D'EXPLOITATION (I - II)"). A page
// that shows no spacing of its own (the last row of a statement, alone on
// its page) is spaced as the document's others.
func padded(lines []pdftext.Line, claim []int, m float64, doc spacing) {
	sp := measureSpacing(lines)
	if !sp.known() {
		sp = doc
	}
	if !sp.known() {
		return
	}
	leading, gap := median(sp.inCell), slices.Min(sp.between)
	if gap-leading < 2*leadingSlack {
		return
	}
	near := func(i, j int) bool {
		return j >= 0 && j < len(lines) && math.Abs(math.Abs(lines[i].Y-lines[j].Y)-leading) <= leadingSlack
	}
	// A label line between two rows at the leading could be either's.
	nearRow := func(i, j int) bool { return near(i, j) && hasCells(lines[j], m) }
	for j := range lines {
		if claim[j] >= 0 || hasCells(lines[j], m) {
			continue
		}
		for _, d := range []int{-1, 1} {
			row, other := j+d, j-d
			if row < 0 || row >= len(lines) || claim[row] >= 0 || !hasCells(lines[row], m) || !labelAlone(lines[j], lines[row], m) || !near(j, row) || nearRow(j, other) {
				continue
			}
			claim[j] = row
			break
		}
	}
	// A label over three lines or more: the lines beyond the first one
	// claimed follow it at the same leading ("RÉSULTAT" / "D'EXPLOITATION
	// (I -" / "II)  42 370").
	for changed := true; changed; {
		changed = false
		for j := range lines {
			if claim[j] >= 0 || hasCells(lines[j], m) {
				continue
			}
			for _, d := range []int{-1, 1} {
				next, other := j+d, j-d
				if next < 0 || next >= len(lines) || claim[next] < 0 || (next < claim[next]) != (j < next) {
					continue
				}
				if row := claim[next]; near(j, next) && !nearRow(j, other) && labelAlone(lines[j], lines[row], m) {
					claim[j], changed = row, true
					break
				}
			}
		}
	}
}

// continues tells a label line that goes on with the label above it: it
// opens in lower case or with a parenthesis.
func continues(l pdftext.Line) bool {
	first, _ := utf8.DecodeRuneInString(strings.TrimSpace(l.Text()))
	return unicode.IsLower(first) || first == '('
}

func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	return s[len(s)/2]
}

// hasCells tells a row that holds amounts, not a line of column headings.
func hasCells(l pdftext.Line, m float64) bool {
	_, amounts := splitLabel(l, m)
	_, header := headerLine(l, m)
	return len(amounts) > 0 && !header
}

// splitLabel splits a row into its label spans and its amount cells, as
// readRow reads them: an amount counts after a label, or on a line of
// amounts alone.
func splitLabel(l pdftext.Line, m float64) (label, amounts []pdftext.Span) {
	if amountsAlone(l, m) {
		return nil, l.Spans
	}
	for i, sp := range l.Spans {
		if _, ok := amountCell(sp.Text); ok && i > 0 {
			return l.Spans[:i], l.Spans[i:]
		}
	}
	return l.Spans, nil
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

// printedPage is a page without its running header and footer, the cells
// the text layer joined cut apart: what the cells' spacing is measured on.
func printedPage(p pdftext.Page, boiler map[string]bool) pdftext.Page {
	p = withoutLines(p, boiler)
	p.Lines = joinWrappedPercents(splitMerged(p.Lines))
	return p
}

// joinWrappedPercents puts back together a percentage that a narrow column
// wrapped before its sign ("−966,4" over "%", one line apart or two when
// the row's amounts are centred between them): the percentage goes to the
// line of the row's other cells, so that the lines of its label stay
// labels. The lines are copied; a line left empty is dropped.
func joinWrappedPercents(lines []pdftext.Line) []pdftext.Line {
	out := slices.Clone(lines)
	for i := 1; i < len(out); i++ {
		k := slices.IndexFunc(out[i].Spans, func(s pdftext.Span) bool { return strings.TrimSpace(s.Text) == "%" })
		if k < 0 {
			continue
		}
		sign := out[i].Spans[k]
		for j := i - 1; j >= max(0, i-2); j-- {
			f := slices.IndexFunc(out[j].Spans, func(s pdftext.Span) bool {
				return math.Abs(s.X1-sign.X1) <= sign.Size && ratioCell(s.Text+" %")
			})
			if f < 0 || out[j].Y-out[i].Y > float64(i-j)*lineGapEms*sign.Size {
				continue
			}
			figure := out[j].Spans[f]
			joined := pdftext.Span{X0: min(figure.X0, sign.X0), X1: max(figure.X1, sign.X1), Size: sign.Size, Text: strings.TrimSpace(figure.Text) + " %"}
			out[j].Spans = slices.Delete(slices.Clone(out[j].Spans), f, f+1)
			out[i].Spans = slices.Delete(slices.Clone(out[i].Spans), k, k+1)
			row := i
			for r := j; r <= i; r++ {
				if amountSpans(out[r]) > amountSpans(out[row]) {
					row = r
				}
			}
			out[row].Spans = append(slices.Clone(out[row].Spans), joined)
			slices.SortStableFunc(out[row].Spans, func(a, b pdftext.Span) int { return cmp.Compare(a.X0, b.X0) })
			break
		}
	}
	return slices.DeleteFunc(out, func(l pdftext.Line) bool { return len(l.Spans) == 0 })
}

// amountSpans counts a line's spans that are amount cells.
func amountSpans(l pdftext.Line) int {
	n := 0
	for _, s := range l.Spans {
		if _, ok := amountCell(s.Text); ok {
			n++
		}
	}
	return n
}

// cellPage is a printed page with each row's cells on one line. A heading
// cut by a narrow cell is mended first where it is printed, its piece one
// leading under its head: cellLines gathers a cell's heading lines onto the
// lowest ("31/12/202" over "2" over "1" of the next column), which may move
// the piece beyond a line's reach of its head; halfSegments mends again
// what the gathering brought together.
func cellPage(p pdftext.Page, doc spacing) pdftext.Page {
	p.Lines = cellLines(mendCutHeadings(p.Lines), doc)
	return p
}

// amountsAlone tells a line of amount cells and nothing else (but the
// changes in percent beside them) that is not a line of column headings
// (years are amounts too).
func amountsAlone(l pdftext.Line, m float64) bool {
	if len(l.Spans) == 0 {
		return false
	}
	if _, header := headerLine(l, m); header {
		return false
	}
	amounts := 0
	for _, s := range l.Spans {
		if _, ok := amountCell(s.Text); ok {
			amounts++
		} else if !ratioCell(s.Text) {
			return false
		}
	}
	return amounts > 0
}

// labelAlone tells a line of text only, printed left of the first amount of
// the row: a part of the row's label cell.
func labelAlone(l, row pdftext.Line, m float64) bool {
	_, amounts := splitLabel(row, m)
	if len(l.Spans) == 0 || len(amounts) == 0 || amountsAlone(l, m) {
		return false
	}
	if _, header := headerLine(l, m); header {
		return false
	}
	for _, s := range l.Spans {
		if _, ok := amountCell(s.Text); ok || s.X1 > amounts[0].X0+overlapSlack {
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
