package statementreader

import (
	"math"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/locate"
	"analyste.dev/analyste/shared/pdftext"
)

// A segment is one table of a page: its header cells, the text printed
// above them (title, unit) and its rows. A page holding the actif and the
// passif one below the other gives two segments.
type segment struct {
	preamble []string
	headers  []header
	// corner is the text left of the column headings, line by line: a cell
	// wrapped beside them ("Montants exprimés en milliers" / "d'euros").
	corner []string
	rows   []row
	// tail is the text below the last amount row: a footer or a note, or
	// the heading of the rows the next page continues ("DETTES").
	tail []row
}

// row is one printed line below a header.
type row struct {
	label string
	cells []cell // amount cells, left to right
}

type cell struct {
	x0, x1 float64
	value  *float64
	unit   frnum.Unit // printed after the amount ("1 234,56 €"), None if none
}

func (r row) hasAmounts() bool { return len(r.cells) > 0 }

// column is one run of amount cells sharing a horizontal extent, and what
// its header says.
type column struct {
	x0, x1 float64
	header header
	year   int
}

// segments splits a printed page into tables, each half of it on its own
// when it prints two tables side by side: its cells are put back together
// half by half, for the lines of a label cell on the left are no part of
// the cell beside it on the right.
func segments(p pdftext.Page, doc spacing) []segment {
	var out []segment
	for _, h := range halves(p) {
		out = append(out, halfSegments(cellPage(h, doc), nil)...)
	}
	return out
}

// halfSegments splits a page into tables: a header line (column headings
// with a year, N / N-1, Net / Brut or Notes) that follows rows of amounts
// starts a new table, and the text lines just above it are its preamble.
// The rows before any header line belong to seed, if given: the table of
// the page before, whose headers the page does not repeat.
func halfSegments(p pdftext.Page, seed *segment) []segment {
	var segs []segment
	if seed != nil {
		segs = append(segs, *seed)
	}
	p.Lines = mendCutHeadings(p.Lines)
	margin := labelMargin(p.Lines)
	var preamble []string   // text lines since the last amount row
	trailing := 0           // how many of them are rows of the current segment
	head, headX0 := -1, 0.0 // the last header line and where its headings start, until a row follows it
	for i, l := range p.Lines {
		hs, ok := headerLine(l, margin)
		// Between header lines, before any row, a line of headings that
		// names no period is one of them ("Amortissements et" over
		// "Brut  provisions  Net"), as is one giving the periods' lengths
		// under their dates ("(6 mois)").
		if n := len(segs); !ok && (slices.ContainsFunc(hs, header.marked) || lengthsOnly(hs)) && n > 0 && len(segs[n-1].headers) > 0 && len(segs[n-1].rows) == 0 && !readRow(l).hasAmounts() {
			ok = true
		}
		if ok {
			if n := len(segs); n == 0 || lastHasAmounts(segs[n-1]) {
				if n > 0 {
					segs[n-1].rows = segs[n-1].rows[:len(segs[n-1].rows)-trailing]
				}
				segs = append(segs, segment{preamble: preamble})
				preamble, trailing = nil, 0
			}
			cur := &segs[len(segs)-1]
			// The head of headings that wrapped ("Semestre clos le" over
			// "30/06/2021", "Du" over "01/01/2021") is a line of header
			// words just above.
			if len(cur.headers) == 0 && i > 0 && head != i-1 {
				if above, _ := headerLine(p.Lines[i-1], margin); (lengthsOnly(above) || opensOnly(above)) && !readRow(p.Lines[i-1]).hasAmounts() {
					cur.headers = append(cur.headers, above...)
				}
			}
			cur.headers = append(cur.headers, hs...)
			cur.preamble = append(cur.preamble, l.Text())
			// The corner cell, centred on the headings, may open a line
			// above them.
			if i > 0 && head < 0 && inCorner(p.Lines[i-1], l, hs[0].x0) {
				cur.corner = append(cur.corner, p.Lines[i-1].Text())
			}
			if len(hs) < len(l.Spans) {
				cur.corner = append(cur.corner, l.Spans[0].Text)
			}
			head, headX0 = i, hs[0].x0
			continue
		}
		if head >= 0 {
			if inCorner(l, p.Lines[head], headX0) {
				segs[len(segs)-1].corner = append(segs[len(segs)-1].corner, l.Text())
				continue
			}
			head = -1
		}
		r := readRow(l)
		switch {
		case len(segs) == 0:
			preamble = append(preamble, l.Text())
		case r.label == "":
		case r.hasAmounts():
			preamble, trailing = nil, 0
			segs[len(segs)-1].rows = append(segs[len(segs)-1].rows, r)
		default:
			// Text after the last amount row may be the title of the next
			// table: it moves there if a header line follows.
			preamble = append(preamble, l.Text())
			trailing++
			segs[len(segs)-1].rows = append(segs[len(segs)-1].rows, r)
		}
	}
	if n := len(segs); n > 0 {
		// Text below the last amount row is a footer or a note, not a row,
		// but for the lines that go on with the last row's label; it is
		// kept as the tail in case the next page goes on with the table.
		last := &segs[n-1]
		for k := len(last.rows) - trailing; trailing > 0 && k > 0 && continuesRow(last.rows[k-1], last.rows[k]); k++ {
			trailing--
		}
		last.rows, last.tail = last.rows[:len(last.rows)-trailing], joinContinuations(last.rows[len(last.rows)-trailing:])
	}
	for i := range segs {
		segs[i].rows = joinContinuations(segs[i].rows)
	}
	return segs
}

// minSideRows is how many lines must print a label after amounts for a page
// to hold two tables side by side.
const minSideRows = 3

// halves splits a page printing two tables side by side (actif | passif)
// at the left edge of the right table's labels, which follow the left
// table's amounts on the same lines (the text layer may have joined the
// last of them to the label); any other page is one half.
func halves(p pdftext.Page) []pdftext.Page {
	cut := p
	cut.Lines = cutAmountLabels(p.Lines)
	gutter, ok := gutterOf(cut)
	if !ok {
		return []pdftext.Page{p}
	}
	p = cut
	left, right := p, p
	left.Lines, right.Lines = nil, nil
	for _, l := range p.Lines {
		i := slices.IndexFunc(l.Spans, func(s pdftext.Span) bool { return s.X0 >= gutter })
		if i < 0 {
			i = len(l.Spans)
		}
		// A label after an amount is the right table's, wherever the text
		// layer placed a label it had joined to that amount.
		if k := labelAfterAmount(l); k >= 0 && k < i {
			i = k
		}
		if i > 0 {
			left.Lines = append(left.Lines, pdftext.Line{Y: l.Y, Spans: l.Spans[:i]})
		}
		if i < len(l.Spans) {
			right.Lines = append(right.Lines, pdftext.Line{Y: l.Y, Spans: l.Spans[i:]})
		}
	}
	return []pdftext.Page{left, right}
}

// gutterOf finds where a right-hand table starts: the left edge shared by
// at least minSideRows labels printed after an amount. A line code ("AB")
// is not a label.
func gutterOf(p pdftext.Page) (float64, bool) {
	var xs []float64
	for _, l := range p.Lines {
		if k := labelAfterAmount(l); k >= 0 {
			xs = append(xs, l.Spans[k].X0)
		}
	}
	slices.Sort(xs)
	for i := range xs {
		n := 0
		for n < len(xs)-i && xs[i+n]-xs[i] <= overlapSlack {
			n++
		}
		if n >= minSideRows {
			return xs[i] - touchSlack, true
		}
	}
	return 0, false
}

// labelAfterAmount is the index of a line's first label printed after one
// of its amounts (a line's own label comes first), -1 if none.
func labelAfterAmount(l pdftext.Line) int {
	afterAmount := false
	for i, s := range l.Spans {
		if _, ok := amountCell(s.Text); ok && i > 0 {
			afterAmount = true
			continue
		}
		if afterAmount && isLabel(s.Text) {
			return i
		}
	}
	return -1
}

// isLabel tells text with a word of three letters or more.
func isLabel(text string) bool {
	return slices.ContainsFunc(strings.Fields(locate.Fold(text)), func(w string) bool {
		return len(w) >= 3 && strings.ContainsFunc(w, unicode.IsLetter)
	})
}

// lastHasAmounts tells whether the segment already has its body: a header
// line after it then belongs to a new table.
func lastHasAmounts(s segment) bool {
	return slices.ContainsFunc(s.rows, row.hasAmounts)
}

// headerLine reads a line of column headings: every span a header cell but
// possibly a caption on the left ("ACTIF", "PASSIF"), and a year, an N / N-1,
// a Net or two marked cells among them (a lone "Provisions" is a heading).
// A span that starts at the labels' margin (an indent of up to indentEms
// aside) is a caption whatever its words: a label wrapped in its cell
// ("Montant net du" / "chiffre d'affaires") may be made of header words, it
// never heads a column.
func headerLine(l pdftext.Line, margin float64) ([]header, bool) {
	var hs []header
	marked, strong := 0, false
	for i, s := range l.Spans {
		h, ok := parseHeader(s.Text)
		if !ok || i == 0 && s.X0 <= margin+indentEms*s.Size {
			if i == 0 {
				continue
			}
			return nil, false
		}
		h.x0, h.x1 = s.X0, s.X1
		if h.marked() {
			marked++
		}
		strong = strong || h.year != 0 || h.relative != nil || h.net
		hs = append(hs, h)
	}
	return hs, strong || marked >= 2
}

// opensOnly tells headings that are each a period's "Du".
func opensOnly(hs []header) bool {
	return len(hs) > 0 && !slices.ContainsFunc(hs, func(h header) bool { return !h.opens })
}

// lengthsOnly tells headings that each print a period's length and no date.
func lengthsOnly(hs []header) bool {
	return len(hs) > 0 && !slices.ContainsFunc(hs, func(h header) bool { return h.period.Months == 0 })
}

// mendCutHeadings puts back together a heading word that a narrow cell
// broke without a hyphen ("Amortissement" over "s et dépréciations", a
// date "31/03/202" over "4"): the head of a line's span that is no word
// alone but ends the heading word of the span above it, in the same cell,
// goes up. The cell's line above may be the one before the line before,
// when the next column's heading sits between them (amounts centred
// vertically). The lines are copied; a line left empty is dropped.
func mendCutHeadings(lines []pdftext.Line) []pdftext.Line {
	out := slices.Clone(lines)
	for i := 1; i < len(out); i++ {
		cur := out[i]
		var spans []pdftext.Span
		for _, s := range cur.Spans {
			head, rest, _ := strings.Cut(strings.TrimSpace(s.Text), " ")
			k, j := cellAbove(out[:i], cur.Y, s)
			if j < 0 || !cutTail(out[k].Spans[j].Text, head) {
				spans = append(spans, s)
				continue
			}
			out[k].Spans = slices.Clone(out[k].Spans)
			out[k].Spans[j].Text += head
			if s.Text = strings.TrimSpace(rest); s.Text != "" {
				spans = append(spans, s)
			}
		}
		out[i].Spans = spans
	}
	return slices.DeleteFunc(out, func(l pdftext.Line) bool { return len(l.Spans) == 0 })
}

// cellAbove finds, in the two lines above y, the span over s in the same
// cell: the line index and the span's index, or -1.
func cellAbove(above []pdftext.Line, y float64, s pdftext.Span) (int, int) {
	for k := len(above) - 1; k >= 0 && k >= len(above)-2; k-- {
		l := above[k]
		if l.Y-y > lineGapEms*s.Size {
			break
		}
		if j := slices.IndexFunc(l.Spans, func(a pdftext.Span) bool { return a.X0 < s.X1 && s.X0 < a.X1 }); j >= 0 {
			return k, j
		}
	}
	return -1, -1
}

// dayMonth opens a heading's date; headingDate opens its date or year: a
// day and month, then the century. cutDate is one cut before its last
// digits, fullDate one whole.
const (
	dayMonth    = `\d{1,2}[/.]\d{1,2}[/.]`
	headingDate = `^(?:` + dayMonth + `)?(?:19|20)`
)

var (
	cutDate  = regexp.MustCompile(headingDate + `\d{0,2}$`)
	fullDate = regexp.MustCompile(headingDate + `\d{2}$`)
)

// cutTail tells the end of the heading word that ends text, cut there:
// lower-case letters that are no heading word alone and make one with it,
// or the last digits of a date ("31/03/202" and "4") or of a year after a
// word ("Exercice 202"), never of an amount ("1 202").
func cutTail(text, tail string) bool {
	word := lastWord(text)
	if tail != "" && !strings.ContainsFunc(tail, func(r rune) bool { return r < '0' || r > '9' }) {
		before := strings.TrimSuffix(strings.TrimSpace(text), word)
		dated := strings.ContainsAny(word, "/.") || strings.ContainsFunc(before, unicode.IsLetter)
		return dated && !strings.ContainsFunc(before, unicode.IsDigit) && cutDate.MatchString(word) && fullDate.MatchString(word+tail)
	}
	if tail == "" || strings.ContainsFunc(tail, func(r rune) bool { return !unicode.IsLower(r) }) {
		return false
	}
	// A tail that is a heading word alone ("n", as in "Exercice N") still
	// ends a word that is none ("Variatio").
	return (!headingWord(tail) || !headingWord(word)) && headingWord(word+tail)
}

// headingWord tells a word a column heading is made of.
func headingWord(w string) bool {
	f := locate.Fold(w)
	return headerWords[f] || comparisonWords[f]
}

// inCorner tells a line of the cell left of the column headings, which
// start at x0: text only, left of them, meeting the header line h.
func inCorner(l, h pdftext.Line, x0 float64) bool {
	return len(l.Spans) > 0 && l.Spans[len(l.Spans)-1].X1 < x0 && !readRow(l).hasAmounts() && meet(l, h)
}

// lineGapEms is the most a cell's next line lies below the one above, in
// font sizes.
const lineGapEms = 1.6

func lastWord(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	return f[len(f)-1]
}

// indentEms is how far, in font sizes, a label may be indented from the
// labels' margin.
const indentEms = 2

// labelMargin is where the labels of a page's rows start: the leftmost
// label printed before an amount on its line.
func labelMargin(lines []pdftext.Line) float64 {
	margin := math.Inf(1)
	for _, l := range lines {
		if len(l.Spans) > 1 && isLabel(l.Spans[0].Text) && slices.ContainsFunc(l.Spans[1:], func(s pdftext.Span) bool {
			_, ok := amountCell(s.Text)
			return ok
		}) {
			margin = min(margin, l.Spans[0].X0)
		}
	}
	return margin
}

// readRow splits a line into its label (the text spans) and its amount cells.
func readRow(l pdftext.Line) row {
	var r row
	var label []string
	for _, s := range l.Spans {
		if v, u, ok := moneyCell(s.Text); ok && len(label) > 0 {
			r.cells = append(r.cells, cell{x0: s.X0, x1: s.X1, value: v, unit: u})
			continue
		}
		// A change in percent after the amounts ("-1,1 %", "n.s.") is a
		// cell of its column, which holds no amount of a year.
		if len(r.cells) > 0 && ratioCell(s.Text) {
			r.cells = append(r.cells, cell{x0: s.X0, x1: s.X1})
			continue
		}
		label = append(label, strings.TrimSpace(s.Text))
	}
	r.label = strings.Join(label, " ")
	if !strings.ContainsFunc(r.label, unicode.IsLetter) {
		return row{} // column numbers, a page number: no label, no row
	}
	return r
}

// ratioCell tells a percentage or its "not significant" mark.
func ratioCell(text string) bool {
	t := strings.TrimSpace(text)
	switch locate.Fold(t) {
	case "n s", "ns", "nm", "n m":
		return true
	}
	nums := frnum.Parse(strings.TrimSuffix(strings.TrimSpace(strings.TrimSuffix(t, "%")), " "))
	return strings.HasSuffix(t, "%") && len(nums) == 1 && nums[0].Start == 0
}

// joinContinuations glues a label wrapped over two lines: a row whose label
// starts in lower case or with "(" ("(dont …)") continues the row above when
// one of them has no amount, as the amounts stand on the first or on the
// last line.
func joinContinuations(rows []row) []row {
	var out []row
	for _, r := range rows {
		if n := len(out); n > 0 && continuesRow(out[n-1], r) {
			out[n-1] = joinedRow(out[n-1], r)
			continue
		}
		out = append(out, r)
	}
	return out
}

// continuesRow tells a row that goes on with the label of prev: it opens
// in lower case or with "(", or prev's label ends on a word no caption ends
// with ("RÉSULTAT DE" / "L'EXERCICE").
func continuesRow(prev, r row) bool {
	first, _ := utf8.DecodeRuneInString(r.label)
	return (unicode.IsLower(first) || first == '(' || openEnd(prev.label)) && r.label != "" && !(prev.hasAmounts() && r.hasAmounts())
}

// openWords are the words a caption never ends with: articles,
// prepositions, conjunctions.
var openWords = map[string]bool{
	"de": true, "des": true, "du": true, "d": true, "l": true, "la": true, "le": true, "les": true,
	"a": true, "au": true, "aux": true, "et": true, "ou": true, "sur": true, "en": true, "par": true, "pour": true,
}

// openEnd tells a label cut before its end. A letter or numeral in
// parentheses, or a capital alone, marks a total ("(A)"), not a word.
func openEnd(label string) bool {
	words := strings.Fields(label)
	if len(words) < 2 {
		return false
	}
	last := words[len(words)-1]
	if strings.ContainsAny(last, "()[]") || utf8.RuneCountInString(last) == 1 && strings.ToUpper(last) == last {
		return false
	}
	return openWords[locate.Fold(last)]
}

// joinedRow is prev's label continued by r's, with the amounts of the one
// that prints them.
func joinedRow(prev, r row) row {
	out := prev
	if r.hasAmounts() {
		out = r
	}
	out.label = prev.label + " " + r.label
	return out
}
