package viewer

import (
	"slices"
	"strings"
	"unicode"

	"analyste.dev/analyste/shared/facts"
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
	page := splitLines(text)
	for _, label := range lines {
		if m, ok := page.find(label); ok {
			marks = append(marks, m)
		} else {
			missing = append(missing, label)
		}
	}
	slices.SortFunc(marks, func(a, b span) int { return a.start - b.start })
	return slices.Compact(marks), missing
}

// pageSplits keeps each page cut in lines once, for the many links of a
// report checked against the same few pages.
type pageSplits map[int]pageLines

func (c pageSplits) of(texts []string, p int) pageLines {
	if l, ok := c[p]; ok {
		return l
	}
	l := splitLines(texts[p-1])
	c[p] = l
	return l
}

// findAll tells whether every label's line is on the page.
func (p pageLines) findAll(labels []string) bool {
	for _, l := range labels {
		if _, ok := p.find(l); !ok {
			return false
		}
	}
	return true
}

// printedLine finds the line of a statement table printed with label (see
// pageLines.find).
func printedLine(text, label string) (start, end int, ok bool) {
	m, ok := splitLines(text).find(label)
	return m.start, m.end, ok
}

// pageLines is a page's text cut in lines, each cut in words normalised
// once: finding a label costs a pass over the words, whatever it is.
type pageLines struct {
	text  string
	lines []textLine
}

type textLine struct {
	span
	words []word
}

// word is a word of a line as printed and normalised.
type word struct {
	span
	raw, norm string
}

func splitLines(text string) pageLines {
	p := pageLines{text: text}
	for start := 0; start <= len(text); {
		end := strings.IndexByte(text[start:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += start
		}
		l := textLine{span: span{start, end}}
		for i := start; i < end; {
			for i < end && isBlank(text[i]) {
				i++
			}
			j := i
			for j < end && !isBlank(text[j]) {
				j++
			}
			if j > i {
				if n := quotes.Normalise(text[i:j]); n != "" {
					l.words = append(l.words, word{span: span{i, j}, raw: text[i:j], norm: n})
				}
			}
			i = j
		}
		p.lines = append(p.lines, l)
		start = end + 1
	}
	return p
}

func isBlank(b byte) bool { return b == ' ' || b == '\t' || b == '\r' }

// find returns the printed line of label: the first line whose words,
// after what prints no letter (a note's "(2)", a brace), are the label's,
// followed by nothing but amounts, notes and box codes ("Total actif" is not
// the line "Total actif circulant"); or a label wrapped over two or three
// lines. The whole line is returned, amounts included: what the reader
// read. Where two tables are printed side by side (actif beside passif), a
// label may also start a column (after the left table's amounts, or a wide
// gap), and its amounts be followed by the other table's words: only its
// own part of the line is returned.
func (p pageLines) find(label string) (span, bool) {
	want := normalWords(label)
	if len(want) == 0 {
		return span{}, false
	}
	for i, l := range p.lines {
		lead := true // the words before the label print no letter
		for s := 0; s <= len(l.words); s++ {
			if s > 0 && hasLetter(l.words[s-1].raw) {
				lead = false
			}
			if !lead && !p.columnStart(l, s) {
				continue
			}
			ws := l.words[s:]
			start := l.start
			if !lead {
				start = ws[0].start
			}
			if k, ok := matchAt(ws, want); ok {
				if end, ok := p.tail(l, s+k, ws[k-1].end); ok {
					return span{start, end}, true
				}
			}
			if end, ok := p.wrap(i, s, want); ok {
				return span{start, end}, true
			}
		}
	}
	return span{}, false
}

// columnStart tells whether word k of a line starts a column: it follows
// an amount, or a gap wider than words are spaced.
func (p pageLines) columnStart(l textLine, k int) bool {
	if k == 0 || k >= len(l.words) {
		return k == 0
	}
	return amountWord(l.words[k-1].raw) || l.words[k].start-l.words[k-1].end >= columnGap
}

// columnGap is the least run of blanks that separates two columns: words
// are spaced by one, a text layer's layout may double it.
const columnGap = 3

// tail is where a label's part of line l ends, its words from k on
// following the label (which ends at labelEnd): amounts, notes and box
// codes, up to the line's end or to another table's column. ok is false
// when a word continues the label instead.
func (p pageLines) tail(l textLine, k, labelEnd int) (int, bool) {
	end := labelEnd
	for j := k; j < len(l.words); j++ {
		w := l.words[j]
		if strings.HasPrefix(w.raw, "(") { // a note, "(note 4)": the label's
			for j < len(l.words)-1 && !strings.Contains(l.words[j].raw, ")") {
				j++
			}
			end = l.words[j].end
			continue
		}
		if !hasLetter(w.raw) || boxCode(w.raw) {
			end = w.end
			continue
		}
		if p.columnStart(l, j) {
			return end, true // the other table's words
		}
		return 0, false
	}
	return l.end, true
}

// amountWord is a word of an amount column: digits, no letter.
func amountWord(s string) bool {
	return !hasLetter(s) && strings.ContainsAny(s, "0123456789")
}

// normalWords are a label's words, each normalised as the page's are.
func normalWords(label string) []string {
	var out []string
	for _, w := range strings.Fields(label) {
		if n := quotes.Normalise(w); n != "" {
			out = append(out, n)
		}
	}
	return out
}

func hasLetter(s string) bool { return strings.IndexFunc(s, unicode.IsLetter) >= 0 }

// matchAt matches want's words at the start of ws, the normalised forms
// compared word by word; it returns how many words of ws it used.
func matchAt(ws []word, want []string) (int, bool) {
	if len(ws) < len(want) {
		return 0, false
	}
	for i, w := range want {
		if ws[i].norm != w {
			return 0, false
		}
	}
	return len(want), true
}

// wrap finds label's words starting at word s of line i and continued at
// the start of the next one or two lines. The amounts follow the label's
// last words, or its first line's when the rest of the label is printed
// below them ("Valeurs mobilières de placement 2 887 586" then "(dont
// actions propres : …)"); beside another table, each line's part ends at
// that table's column.
func (p pageLines) wrap(i, s int, want []string) (int, bool) {
	l := p.lines[i]
	ws := l.words[s:]
	k := 0
	for k < len(ws) && k < len(want) && ws[k].norm == want[k] {
		k++
	}
	if k == 0 || k == len(want) {
		return 0, false
	}
	end, ok := p.tail(l, s+k, ws[k-1].end)
	if !ok {
		return 0, false
	}
	rest := want[k:]
	for j := i + 1; j < len(p.lines) && j <= i+2; j++ {
		next := p.lines[j]
		// The label goes on at the start of the line, or of the column it
		// started in (beside the other table's own wrapped words).
		c, n := 0, 0
		for ; c < len(next.words); c++ {
			if c > 0 && !p.columnStart(next, c) {
				continue
			}
			for n < len(next.words)-c && n < len(rest) && next.words[c+n].norm == rest[n] {
				n++
			}
			if n > 0 {
				break
			}
		}
		if n == 0 {
			return 0, false
		}
		lineEnd, ok := p.tail(next, c+n, next.words[c+n-1].end)
		if !ok && n < len(rest) {
			return 0, false
		}
		if n == len(rest) {
			if !ok {
				return 0, false
			}
			return max(end, lineEnd), true
		}
		end, rest = max(end, lineEnd), rest[n:]
	}
	return 0, false
}

// boxCode tells a Cerfa box code, printed between a label and its amounts
// on the tax forms (2050 to 2059, 2033): two or three capitals or digits,
// at least one capital ("FL", "BV", "HN", "1A").
func boxCode(s string) bool {
	if len(s) < 2 || len(s) > 3 {
		return false
	}
	letter := false
	for _, r := range s {
		switch {
		case r >= 'A' && r <= 'Z':
			letter = true
		case r >= '0' && r <= '9':
		default:
			return false
		}
	}
	return letter
}

// markedPage is the page where the page view finds the printed lines a
// field was read from: the page they record, or the next one, where a
// statement printed on two pages (the forms 2052 and 2053, a long income
// statement) goes on. ok is false when neither prints them: the field's
// link then says so beforehand. Without page texts nothing is known, and
// the recorded page is taken.
func markedPage(texts []string, lines []facts.PrintedLine, split pageSplits) (page int, ok bool) {
	page = lines[0].Page
	if texts == nil {
		return page, true
	}
	var labels []string
	for _, l := range lines {
		if l.Page == page {
			labels = append(labels, l.Label)
		}
	}
	for p := page; p <= page+1 && p <= len(texts); p++ {
		if p < 1 {
			break
		}
		if split.of(texts, p).findAll(labels) {
			return p, true
		}
	}
	return page, false
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
