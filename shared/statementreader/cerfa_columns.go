package statementreader

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"

	"analyste.dev/analyste/shared/locate"
	"analyste.dev/analyste/shared/pdftext"
)

// cellKind is what a header cell of a Cerfa form says about the box below it.
type cellKind int

const (
	plainCell cellKind = iota // "Exercice N", a date, a column number: no box of its own
	grossCell                 // Brut, Amortissements et provisions
	splitCell                 // France, Exportations (the 2052 splits the chiffre d'affaires)
	totalCell                 // Total of that split: the year's amount
	netCell                   // Net
)

// headerCell is one span of a form's column header.
type headerCell struct {
	x0, x1 float64
	kind   cellKind
	rel    *int // 0 for "Exercice N", -1 for "Exercice N-1"
	year   int  // year of the closing date printed, 0 if none
}

func (c headerCell) center() float64 { return (c.x0 + c.x1) / 2 }

// strong tells a cell that makes a line a header rather than a row.
func (c headerCell) strong() bool {
	return c.rel != nil || c.year != 0 || c.kind == netCell || c.kind == grossCell
}

// cerfaHeaderWords are the words of the forms' column headers besides digits.
var cerfaHeaderWords = map[string]cellKind{
	"exercice": plainCell, "n": plainCell, "clos": plainCell, "le": plainCell, "au": plainCell, "precedent": plainCell,
	"net": netCell, "nets": netCell, "brut": grossCell, "amortissements": grossCell, "amortissement": grossCell,
	"provisions": grossCell, "depreciations": grossCell, "et": plainCell,
	"france": splitCell, "exportations": splitCell, "livraisons": splitCell, "intracommunautaires": splitCell,
	"total": totalCell,
}

// parseCell reads a header span: "Exercice N clos le,", "Exercice N-1",
// "Brut", "Net", a closing date run together ("31122019"), in comb boxes
// ("3 1 1 2 2 0 1 9") or with slashes. ok is false for any other text.
func parseCell(s pdftext.Span) (headerCell, bool) {
	c := headerCell{x0: s.X0, x1: s.X1}
	tokens := strings.Fields(locate.Fold(s.Text))
	var digits strings.Builder
	for i, tok := range tokens {
		kind, known := cerfaHeaderWords[tok]
		switch {
		case isDigits(tok):
			if i > 0 && tokens[i-1] == "n" && tok == "1" {
				c.rel = new(-1)
				continue
			}
			digits.WriteString(tok)
		case !known:
			return headerCell{}, false
		case tok == "n":
			c.rel = new(0)
		case tok == "precedent":
			c.rel = new(-1)
		case kind > c.kind:
			c.kind = kind
		}
	}
	// Digits are a column number or a date; an amount is no header.
	d := digits.String()
	c.year = dateYear(d)
	return c, len(tokens) > 0 && (len(d) <= 1 || c.year != 0)
}

// dateYear is the year of a closing date printed DDMMYYYY, 0 for any other
// digits (a column number, a SIRET, the form's millésime).
func dateYear(d string) int {
	if len(d) != 8 {
		return 0
	}
	day, _ := strconv.Atoi(d[:2])
	month, _ := strconv.Atoi(d[2:4])
	year, _ := strconv.Atoi(d[4:])
	if day < 1 || day > 31 || month < 1 || month > 12 || year < 1900 || year > 2100 {
		return 0
	}
	return year
}

// combSpans joins a date printed one digit per box, when each digit came
// out as a span of its own, so that it reads as one header cell.
func combSpans(spans []pdftext.Span) []pdftext.Span {
	const boxGap = 12 // points between two boxes of a comb
	var out []pdftext.Span
	for _, s := range spans {
		n := len(out)
		if n > 0 && isDigits(s.Text) && len(s.Text) == 1 && s.X0-out[n-1].X1 < boxGap &&
			strings.Trim(out[n-1].Text, "0123456789 ") == "" {
			out[n-1].Text += " " + s.Text
			out[n-1].X1 = s.X1
			continue
		}
		out = append(out, s)
	}
	return out
}

// headerCells reads the cells of a line; header is false for a row: a
// header line has a year, a date, a Brut or a Net among its cells, or
// nothing but cells (France, Total, column numbers).
func headerCells(l pdftext.Line) (cells []headerCell, header bool) {
	spans := combSpans(l.Spans)
	strong := false
	for _, s := range spans {
		if c, ok := parseCell(s); ok {
			cells = append(cells, c)
			strong = strong || c.strong()
		}
	}
	return cells, strong || len(cells) > 0 && len(cells) == len(spans)
}

// formColumns turns a header band into the form's columns, left to right.
// The year columns are the Net ones if any, else the Total of the 2052's
// split, else each "Exercice" heading; they take their year from the
// "Exercice N / N-1" headings and closing dates, paired left to right. The
// Brut, Amortissements, France and Export columns get no rel: their amounts
// are not read.
func formColumns(cells []headerCell) []headerCell {
	var markers, framed []headerCell
	for _, c := range cells {
		if c.rel != nil {
			markers = append(markers, c)
		}
		if c.kind != plainCell {
			framed = appendMerged(framed, c)
		}
	}
	markers = dated(markers, cells)
	yearKind := netCell
	if !slices.ContainsFunc(framed, func(f headerCell) bool { return f.kind == netCell }) {
		yearKind = totalCell
	}
	var years, out []headerCell
	for _, f := range framed {
		if f.kind == yearKind {
			years = append(years, f)
			continue
		}
		f.rel = nil
		out = append(out, f)
	}
	for _, m := range markers {
		if !slices.ContainsFunc(framed, func(f headerCell) bool { return overlap(m.x0, m.x1, f.x0, f.x1) > overlapSlack }) {
			years = append(years, m)
		}
	}
	byX := func(a, b headerCell) int { return cmp.Compare(a.x0, b.x0) }
	slices.SortFunc(years, byX)
	slices.SortFunc(markers, byX)
	for i, c := range years {
		c.rel, c.year = yearOf(c, i, len(years), markers)
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b headerCell) int { return cmp.Compare(a.center(), b.center()) })
	return out
}

// appendMerged adds a framed cell, merged with one of its kind it overlaps
// (a heading printed on two lines).
func appendMerged(cells []headerCell, c headerCell) []headerCell {
	for i, d := range cells {
		if d.kind == c.kind && overlap(c.x0, c.x1, d.x0, d.x1) > overlapSlack {
			cells[i].x0, cells[i].x1 = min(c.x0, d.x0), max(c.x1, d.x1)
			return cells
		}
	}
	return append(cells, c)
}

// dated gives each heading the closing date printed nearest to it; dates
// without any heading stand for N then N-1, left to right.
func dated(markers, cells []headerCell) []headerCell {
	for _, c := range cells {
		if c.year == 0 || c.rel != nil {
			continue
		}
		if len(markers) == 0 || !slices.ContainsFunc(markers, func(m headerCell) bool { return m.year == 0 }) {
			c.rel = new(-len(markers))
			markers = append(markers, c)
			continue
		}
		best := -1
		for i, m := range markers {
			if m.year == 0 && (best < 0 || distance(c, m) < distance(c, markers[best])) {
				best = i
			}
		}
		markers[best].year = c.year
	}
	return markers
}

func distance(a, b headerCell) float64 { return math.Abs(a.center() - b.center()) }

// yearOf pairs the i-th of n year columns with a heading: in order when
// there are as many headings as columns, else the nearest one; with no
// heading at all, the columns are N, N-1 left to right.
func yearOf(c headerCell, i, n int, markers []headerCell) (*int, int) {
	switch {
	case len(markers) == n:
		return markers[i].rel, markers[i].year
	case len(markers) == 0:
		return new(-i), c.year
	}
	best := markers[0]
	for _, m := range markers[1:] {
		if distance(c, m) < distance(c, best) {
			best = m
		}
	}
	return best.rel, best.year
}

// boxAt is the column an amount ending at x1 is printed in: amounts are
// right-aligned in their box, so past the centre of its heading and short
// of the next one's. ok is false left of every column.
func boxAt(cols []headerCell, x1 float64) (headerCell, bool) {
	var found headerCell
	ok := false
	for _, c := range cols {
		if c.center() <= x1+overlapSlack {
			found, ok = c, true
		}
	}
	return found, ok
}
