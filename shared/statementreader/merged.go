package statementreader

import (
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
	cuts := amountCuts(s.Text)
	if cuts == nil {
		cuts = headingCuts(s.Text)
	}
	if cuts == nil {
		return []pdftext.Span{s}
	}
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

// amountCuts gives where a span printing two amounts or more, and nothing
// else, is cut: before each amount but the first.
func amountCuts(text string) []int {
	nums := frnum.Parse(text)
	if len(nums) < 2 || strings.TrimSpace(text[:nums[0].Start]) != "" || strings.TrimSpace(text[nums[len(nums)-1].End:]) != "" {
		return nil
	}
	var cuts []int
	for i, n := range nums {
		if _, ok := amountCell(n.Text); !ok {
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
// the first does ("Exercice …", a date). A period ("du 01/01/2025 au
// 31/12/2025") opens its pieces differently and stays whole.
func headingCuts(text string) []int {
	if h, ok := parseHeader(text); !ok || h.year == 0 {
		return nil
	}
	var cuts []int
	for _, n := range frnum.Parse(text) {
		if n.IsYear() {
			cuts = append(cuts, n.End)
		}
	}
	if len(cuts) < 2 {
		return nil
	}
	cuts = cuts[:len(cuts)-1]
	shape := ""
	start := 0
	for _, end := range append(cuts, len(text)) {
		piece := text[start:end]
		start = end
		h, ok := parseHeader(piece)
		if !ok || h.year == 0 {
			return nil
		}
		first := openingShape(piece)
		if shape == "" {
			shape = first
		} else if first != shape {
			return nil
		}
	}
	return cuts
}

// openingShape is a heading's first word, folded, its digits as 9.
func openingShape(piece string) string {
	words := strings.Fields(locate.Fold(piece))
	if len(words) == 0 {
		return ""
	}
	return strings.Map(func(r rune) rune {
		if unicode.IsDigit(r) {
			return '9'
		}
		return r
	}, words[0])
}
