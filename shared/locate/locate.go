// Package locate finds the pages of a report that print the financial
// statements, for the offline reader and for the model's prompt.
package locate

import (
	"slices"
	"strings"

	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/statements"
)

// Result gives the physical, 1-based pages of each statement found, in
// ascending order. A statement that is not printed has no entry.
type Result map[statements.Statement][]int

const (
	// titleLines is how far from the top of a page a statement title is looked for.
	titleLines = 8
	// minAmountRows is the number of rows ending with an amount a page needs
	// to be a statement rather than a divider, a summary or prose.
	minAmountRows = 5
)

// titles are the folded openings of statement titles. A title must open its
// line, so "Engagements hors bilan" or a sentence about the bilan is not one.
var titles = []struct {
	prefix    string
	statement statements.Statement
}{
	{"compte de resultat", statements.Income},
	{"comptes de resultat", statements.Income},
	{"bilan", statements.Balance},
	{"tableau des flux", statements.CashFlow},
	{"tableau de flux", statements.CashFlow},
	{"etat des flux", statements.CashFlow},
	{"flux de tresorerie", statements.CashFlow},
}

// Find returns the pages of each statement: a page whose top carries a
// statement title and that has enough rows of amounts. A table of contents
// is never taken: its title lines end with a page number, and a title-only
// divider page has no amounts. The end of a statement split over two pages
// may be short: a titled page right after a page of the same statement needs
// one row of amounts only.
func Find(doc *pdftext.Document) Result {
	r := Result{}
	for _, p := range doc.Pages {
		s, ok := pageTitle(p, len(doc.Pages))
		if !ok {
			continue
		}
		rows := amountRows(p)
		continued := len(r[s]) > 0 && r[s][len(r[s])-1] == p.Number-1
		if rows >= minAmountRows || continued && rows > 0 {
			r[s] = append(r[s], p.Number)
		}
	}
	return r
}

// First gives the first page of each statement, as truth files record it
// (0 when absent).
func (r Result) First() statements.Pages {
	first := func(s statements.Statement) int {
		if len(r[s]) == 0 {
			return 0
		}
		return r[s][0]
	}
	return statements.Pages{Income: first(statements.Income), Balance: first(statements.Balance), CashFlow: first(statements.CashFlow)}
}

// Neighbours lists the statement pages and the radius pages on each side of
// them, within 1..last, ascending and without repeats: what a reader that
// needs context (titles, units, notes on the next page) is given.
func (r Result) Neighbours(radius, last int) []int {
	var out []int
	for _, pages := range r {
		for _, p := range pages {
			for q := max(1, p-radius); q <= min(last, p+radius); q++ {
				out = append(out, q)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func pageTitle(p pdftext.Page, pageCount int) (statements.Statement, bool) {
	for i, l := range p.Lines {
		if i == titleLines {
			break
		}
		if isContentsEntry(l, pageCount) {
			continue
		}
		text := strings.TrimLeft(Fold(l.Text()), "0123456789 ")
		for _, t := range titles {
			if strings.HasPrefix(text, t.prefix) {
				return t.statement, true
			}
		}
	}
	return "", false
}

// isContentsEntry tells a table-of-contents line: a title followed, after a
// column gap or a dot leader, by a page number of the document.
func isContentsEntry(l pdftext.Line, pageCount int) bool {
	if strings.Contains(l.Text(), "...") {
		return true
	}
	if len(l.Spans) < 2 {
		return false
	}
	n, ok := wholeNumber(l.Spans[len(l.Spans)-1].Text)
	return ok && n.Decimals == 0 && n.Value >= 1 && n.Value <= float64(pageCount)
}

// amountRows counts the lines that start with text and end with an amount,
// the shape of a statement row.
func amountRows(p pdftext.Page) int {
	rows := 0
	for _, l := range p.Lines {
		if len(l.Spans) < 2 {
			continue
		}
		if _, ok := wholeNumber(l.Spans[len(l.Spans)-1].Text); !ok {
			continue
		}
		if nums := frnum.Parse(l.Spans[0].Text); len(nums) == 0 || nums[0].Start > 0 {
			rows++
		}
	}
	return rows
}

// wholeNumber reads a span that is one number and nothing else.
func wholeNumber(s string) (frnum.Number, bool) {
	s = strings.TrimSpace(s)
	nums := frnum.Parse(s)
	if len(nums) != 1 || nums[0].Start != 0 || nums[0].End != len(s) {
		return frnum.Number{}, false
	}
	return nums[0], true
}
