package offline

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"analyste.dev/analyste/shared/pdftext"
)

// A segment is one table of a page: its header cells, the text printed
// above them (title, unit) and its rows. A page holding the actif and the
// passif one below the other gives two segments.
type segment struct {
	preamble []string
	headers  []header
	rows     []row
}

// row is one printed line below a header.
type row struct {
	label string
	cells []cell // amount cells, left to right
}

type cell struct {
	x0, x1 float64
	value  *float64
}

func (r row) hasAmounts() bool { return len(r.cells) > 0 }

// column is one run of amount cells sharing a horizontal extent, and what
// its header says.
type column struct {
	x0, x1 float64
	header header
	year   int
}

// segments splits a page into tables: a header line (column headings with a
// year, N / N-1, Net / Brut or Notes) that follows rows of amounts starts a
// new table, and the text lines just above it are its preamble.
func segments(p pdftext.Page) []segment {
	var segs []segment
	var preamble []string // text lines since the last amount row
	trailing := 0         // how many of them are rows of the current segment
	for _, l := range p.Lines {
		if hs, ok := headerLine(l); ok {
			if n := len(segs); n == 0 || lastHasAmounts(segs[n-1]) {
				if n > 0 {
					segs[n-1].rows = segs[n-1].rows[:len(segs[n-1].rows)-trailing]
				}
				segs = append(segs, segment{preamble: preamble})
				preamble, trailing = nil, 0
			}
			cur := &segs[len(segs)-1]
			cur.headers = append(cur.headers, hs...)
			cur.preamble = append(cur.preamble, l.Text())
			continue
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
		// Text below the last amount row is a footer or a note, not a row.
		segs[n-1].rows = segs[n-1].rows[:len(segs[n-1].rows)-trailing]
	}
	for i := range segs {
		segs[i].rows = joinContinuations(segs[i].rows)
	}
	return segs
}

// lastHasAmounts tells whether the segment already has its body: a header
// line after it then belongs to a new table.
func lastHasAmounts(s segment) bool {
	return slices.ContainsFunc(s.rows, row.hasAmounts)
}

// headerLine reads a line of column headings: every span a header cell but
// possibly a caption on the left ("ACTIF", "PASSIF"), and a year, an N / N-1,
// a Net or two marked cells among them (a lone "Provisions" is a heading).
func headerLine(l pdftext.Line) ([]header, bool) {
	var hs []header
	marked, strong := 0, false
	for i, s := range l.Spans {
		h, ok := parseHeader(s.Text)
		if !ok {
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

// readRow splits a line into its label (the text spans) and its amount cells.
func readRow(l pdftext.Line) row {
	var r row
	var label []string
	for _, s := range l.Spans {
		if v, ok := amountCell(s.Text); ok && len(label) > 0 {
			r.cells = append(r.cells, cell{x0: s.X0, x1: s.X1, value: v})
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

// joinContinuations glues a label wrapped over two lines: a row whose label
// starts in lower case continues the line above when that one has no amount.
func joinContinuations(rows []row) []row {
	var out []row
	for _, r := range rows {
		first, _ := utf8.DecodeRuneInString(r.label)
		if n := len(out); n > 0 && unicode.IsLower(first) && !out[n-1].hasAmounts() {
			r.label = out[n-1].label + " " + r.label
			out[n-1] = r
			continue
		}
		out = append(out, r)
	}
	return out
}
