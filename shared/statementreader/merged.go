package statementreader

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/locate"
	"analyste.dev/analyste/shared/pdftext"
)

// splitMerged cuts the spans that hold the cells of several columns, which
// the text layer joins when two cells stand closer than a column gap: two
// amounts ("28 025 20 784", the French grouping telling where one ends) or
// two dated headings ("Exercice clos le 31/12/2026 Exercice clos le
// 31/12/2025"). Each piece gets its share of the span's extent by its
// characters.
func splitMerged(lines []pdftext.Line) []pdftext.Line {
	out := make([]pdftext.Line, len(lines))
	for i, l := range lines {
		out[i] = pdftext.Line{Y: l.Y}
		for _, s := range l.Spans {
			out[i].Spans = append(out[i].Spans, cutSpan(s)...)
		}
	}
	return out
}

// cutSpan gives the cells of one span, the span itself when it is one.
func cutSpan(s pdftext.Span) []pdftext.Span {
	if at := cornerEnd(s.Text); at > 0 {
		pieces := cutAt(s, []int{at})
		return append(pieces[:1], cutSpan(pieces[1])...)
	}
	cuts := amountCuts(s.Text)
	if cuts == nil {
		cuts = notesCut(s.Text)
	}
	if cuts == nil {
		cuts = headingCuts(s.Text)
	}
	if cuts == nil {
		cuts = dateCuts(s.Text)
	}
	if cuts == nil {
		cuts = repeatCuts(s.Text)
	}
	if cuts == nil {
		return []pdftext.Span{s}
	}
	return cutAt(s, cuts)
}

// cornerEnd gives where the corner cell that states the unit ends, in a
// span that joins it to the column headings ("Montants exprimés en euros
// Notes Exercice clos le 30/09/2025 …"): the first word from which the rest
// is headings while the text before it names a unit; 0 for none.
func cornerEnd(text string) int {
	words := nonSpace.FindAllStringIndex(text, -1)
	for _, w := range words[min(1, len(words)):] {
		before, rest := text[:w[0]], text[w[0]:]
		if unitIn([]string{before}) == frnum.None {
			continue
		}
		if _, ok := parseHeader(rest); ok || notesCut(rest) != nil {
			return w[0]
		}
	}
	return 0
}

// cutAt cuts a span at byte offsets of its text, each piece's extent in
// proportion to its characters, its surrounding spaces trimmed.
func cutAt(s pdftext.Span, cuts []int) []pdftext.Span {
	total := float64(utf8.RuneCountInString(s.Text))
	at := func(offset int) float64 {
		return s.X0 + (s.X1-s.X0)*float64(utf8.RuneCountInString(s.Text[:offset]))/total
	}
	var out []pdftext.Span
	start := 0
	for _, end := range append(cuts, len(s.Text)) {
		piece := s.Text[start:end]
		lead := len(piece) - len(strings.TrimLeftFunc(piece, unicode.IsSpace))
		trail := len(strings.TrimRightFunc(piece, unicode.IsSpace))
		out = append(out, pdftext.Span{X0: at(start + lead), X1: at(start + trail), Size: s.Size, Text: piece[lead:trail]})
		start = end
	}
	return out
}

// amountCuts gives where a span printing two amounts or more (a change in
// percent among them), and nothing else, is cut: before each amount but
// the first.
func amountCuts(text string) []int {
	nums := frnum.Parse(text)
	if len(nums) < 2 || strings.TrimSpace(text[:nums[0].Start]) != "" || strings.TrimSpace(text[nums[len(nums)-1].End:]) != "" {
		return nil
	}
	var cuts []int
	for i, n := range nums {
		if _, ok := amountCell(n.Text); !ok && !ratioCell(n.Text) {
			return nil
		}
		if i > 0 {
			if strings.TrimSpace(text[nums[i-1].End:n.Start]) != "" {
				return nil
			}
			cuts = append(cuts, n.Start)
		}
	}
	return cuts
}

// headingCuts gives where a heading naming several years is cut: after
// each year but the last, when every piece is a dated heading opening as
// the first does ("Exercice …", a date), or with the last words the first
// says before its date (the head of a heading that wrapped, "Exercice
// clos" over "le 31/03/2020", is on the line above), or a date alone
// printed as the first's ("Exercice clos le 31/12/2021 31/12/2020", the
// narrow column's "Exercice" / "clos le" wrapped above). A period ("du
// 01/01/2025 au 31/12/2025", "05/05/2021 - 31/12/2022") opens its pieces
// differently and stays whole; several periods are cut after every second
// year, each piece a period opening as the first does.
func headingCuts(text string) []int {
	if h, ok := parseHeader(text); !ok || h.year == 0 {
		return nil
	}
	var ends []int
	for _, n := range frnum.Parse(text) {
		if n.IsYear() {
			ends = append(ends, n.End)
		}
	}
	if cuts := cutEvery(text, ends, 1); cuts != nil {
		return cuts
	}
	return cutEvery(text, ends, 2)
}

// cutEvery cuts text after every k-th of the years ending at ends, when
// there are at least two pieces of k years each and every piece is a
// heading of its own: a period with its two dates for k = 2.
func cutEvery(text string, ends []int, k int) []int {
	if len(ends) < 2*k || len(ends)%k != 0 {
		return nil
	}
	var cuts []int
	for i := k - 1; i < len(ends)-1; i += k {
		cuts = append(cuts, ends[i])
	}
	var first, firstDate []string
	start := 0
	for i, end := range append(cuts, len(text)) {
		piece := text[start:end]
		start = end
		h, ok := parseHeader(piece)
		switch {
		case !ok || h.year == 0 || strings.IndexAny(strings.TrimSpace(piece), "-–—") == 0:
			return nil // a dash joins the two dates of one period
		case k == 2 && h.period.Start == "":
			return nil
		}
		opening := openingShape(piece)
		switch {
		case i == 0:
			first = opening
			firstDate = openingShape(lastWord(piece))
		case k == 1 && len(strings.Fields(piece)) == 1 && slices.Equal(opening, firstDate):
			// A date alone, as the first heading prints its own: the
			// head of a narrow column's heading wrapped on the lines
			// above; two dates with nothing between are two columns.
		case len(opening) == 0 || len(opening) > len(first):
			return nil
		case !slices.Equal(opening, first[len(first)-len(opening):]):
			return nil
		}
	}
	return cuts
}

// dateCuts gives where a span made of dates alone, two or more, whole or
// cut by a narrow cell before their year's last digits ("30/11/20
// 31/12/20" over "22  21"), is cut: before each date but the first.
func dateCuts(text string) []int {
	words := nonSpace.FindAllStringIndex(text, -1)
	if len(words) < 2 {
		return nil
	}
	var cuts []int
	for i, w := range words {
		if !dateWord.MatchString(text[w[0]:w[1]]) {
			return nil
		}
		if i > 0 {
			cuts = append(cuts, w[0])
		}
	}
	return cuts
}

// repeatCuts gives where a span repeating one heading over its columns,
// without a year ("Semestre clos Semestre clos" over "le 30/06/2022 le
// 30/06/2021"), after a notes heading or not, is cut: before each copy
// (and after the notes heading).
func repeatCuts(text string) []int {
	words := nonSpace.FindAllStringIndex(text, -1)
	var cuts []int
	if len(words) > 1 {
		if h, ok := parseHeader(text[words[0][0]:words[0][1]]); ok && h.notes {
			cuts, words = []int{words[1][0]}, words[1:]
		}
	}
	word := func(i int) string { return locate.Fold(text[words[i][0]:words[i][1]]) }
	for copies := len(words); copies >= 2; copies-- {
		if len(words)%copies != 0 {
			continue
		}
		n := len(words) / copies
		if h, ok := parseHeader(text[words[0][0]:words[n-1][1]]); !ok || h.year != 0 {
			continue
		}
		same := true
		for i := n; i < len(words) && same; i++ {
			same = word(i) == word(i%n)
		}
		if same {
			for c := 1; c < copies; c++ {
				cuts = append(cuts, words[c*n][0])
			}
			return cuts
		}
	}
	return nil
}

var (
	// dateWord is a date of a heading, its year whole or cut after its
	// century or a digit more.
	dateWord = regexp.MustCompile(`^` + dayMonth + `(?:19|20)\d{0,2}$`)
	// nonSpace is a word, for its offsets.
	nonSpace = regexp.MustCompile(`\S+`)
)

// notesCut gives where the heading of a notes column, joined to the dated
// headings beside it ("Notes 31/03/2023 31/03/2022"), ends; the dated rest
// is cut again as one span would be.
func notesCut(text string) []int {
	word, rest, ok := strings.Cut(strings.TrimLeftFunc(text, unicode.IsSpace), " ")
	if h, isHeader := parseHeader(word); !ok || !isHeader || !h.notes {
		return nil
	}
	if h, isHeader := parseHeader(rest); !isHeader || h.year == 0 {
		return nil
	}
	at := len(text) - len(rest)
	cuts := []int{at}
	for _, c := range headingCuts(rest) {
		cuts = append(cuts, at+c)
	}
	return cuts
}

// openingShape is a heading's words up to its first with a digit, folded,
// or that word alone, its digits as 9, when the heading opens with it.
func openingShape(piece string) []string {
	words := strings.Fields(locate.Fold(piece))
	for i, w := range words {
		if strings.ContainsFunc(w, unicode.IsDigit) {
			if i > 0 {
				return words[:i]
			}
			return []string{strings.Map(func(r rune) rune {
				if unicode.IsDigit(r) {
					return '9'
				}
				return r
			}, w)}
		}
	}
	return words
}

// cutAmountLabels cuts, on a line, a span that opens with amounts and goes
// on with a label: where two tables stand side by side, the text layer
// joins the left table's last amount, or its two columns' amounts, to the
// right table's label when the gap between the cells is a word's ("20,4
// Capital" after an amount cell, "3 500 024 3 545 246 TOTAL GÉNÉRAL"). The
// amounts are cut apart as one span of them would be. The lines are copied.
func cutAmountLabels(lines []pdftext.Line) []pdftext.Line {
	out := make([]pdftext.Line, len(lines))
	for i, l := range lines {
		out[i] = pdftext.Line{Y: l.Y}
		for j, s := range l.Spans {
			at, amounts := amountThenLabel(s.Text)
			afterAmount := func() bool { _, ok := amountCell(l.Spans[j-1].Text); return ok }
			if amounts >= 2 || amounts == 1 && j > 0 && afterAmount() {
				pieces := cutAt(s, []int{at})
				out[i].Spans = append(append(out[i].Spans, cutSpan(pieces[0])...), pieces[1])
				continue
			}
			out[i].Spans = append(out[i].Spans, s)
		}
	}
	return out
}

// amountThenLabel tells a text that opens with amount cells, and how many,
// then goes on with a label: where the label starts.
func amountThenLabel(text string) (at, amounts int) {
	nums := frnum.Parse(text)
	if len(nums) == 0 || strings.TrimSpace(text[:nums[0].Start]) != "" {
		return 0, 0
	}
	for _, n := range nums {
		if _, ok := amountCell(n.Text); !ok || strings.TrimSpace(text[at:n.Start]) != "" {
			break
		}
		at, amounts = n.End, amounts+1
	}
	if amounts == 0 || !isLabel(text[at:]) {
		return 0, 0
	}
	return at, amounts
}
