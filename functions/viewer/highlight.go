package viewer

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"analyste.dev/analyste/shared/quotes"
)

// span is a range of bytes of a page's text, end excluded.
type span struct{ start, end int }

// mark finds what a page view marks in a page's text: quote where
// quotes.Locate finds it, so that the mark accepts exactly the quotes that
// quotes.Verify does; otherwise the printed line of each label in lines,
// top first. missing lists the labels whose line the page does not print.
func mark(text, quote string, lines []string) (marks []span, missing []string) {
	if quote != "" {
		if start, end, ok := quotes.Locate(text, quote); ok {
			return []span{{start, end}}, nil
		}
		return nil, nil
	}
	for _, label := range lines {
		if start, end, ok := printedLine(text, label); ok {
			marks = append(marks, span{start, end})
		} else {
			missing = append(missing, label)
		}
	}
	slices.SortFunc(marks, func(a, b span) int { return a.start - b.start })
	return slices.Compact(marks), missing
}

// printedLine finds the line of a statement table printed with label: the
// first line of text whose normalised form is the label's, followed by its
// amounts (a space, then no letter), so that "Total actif" is not the line
// "Total actif circulant". The whole line is returned, amounts included:
// what the reader read.
func printedLine(text, label string) (start, end int, ok bool) {
	want := quotes.Normalise(label)
	if want == "" {
		return 0, 0, false
	}
	for start < len(text) {
		end = strings.IndexByte(text[start:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += start
		}
		if rest, found := strings.CutPrefix(quotes.Normalise(text[start:end]), want); found && amountsOnly(rest) {
			return start, end, true
		}
		start = end + 1
	}
	return 0, 0, false
}

// amountsOnly tells whether what follows a label on its line is nothing or
// a space and something that does not start a word.
func amountsOnly(rest string) bool {
	if rest == "" {
		return true
	}
	next, _ := utf8.DecodeRuneInString(strings.TrimPrefix(rest, " "))
	return rest[0] == ' ' && !unicode.IsLetter(next)
}

// segment is a piece of a page's text, marked or not; the first mark is
// the one the page view scrolls to.
type segment struct {
	Text        string
	Mark, First bool
}

// cut splits text around the marks, in order.
func cut(text string, marks []span) []segment {
	var out []segment
	at := 0
	for i, m := range marks {
		if m.start > at {
			out = append(out, segment{Text: text[at:m.start]})
		}
		out = append(out, segment{Text: text[m.start:m.end], Mark: true, First: i == 0})
		at = m.end
	}
	if at < len(text) || len(out) == 0 {
		out = append(out, segment{Text: text[at:]})
	}
	return out
}
