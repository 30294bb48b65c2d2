// Package locate finds the pages of a report that print the financial
// statements, for the offline reader and for the model's prompt.
package locate

import (
	"slices"
	"strings"
	"unicode"

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

// titles are the folded openings of statement titles, as the PCG models
// (bilan, compte de résultat, tableau des flux) and IAS 1 (état de la
// situation financière, état du résultat, tableau des flux de trésorerie)
// name them, in the singular and the plural. A title must open a cell of its
// line or a part of it after a separator, so "Engagements hors bilan" or a
// sentence about the bilan is not one, while "SOCIÉTÉ X   BILAN ACTIF" is.
var titles = []struct {
	prefix    string
	statement statements.Statement
}{
	{"compte de resultat", statements.Income},
	{"comptes de resultat", statements.Income},
	{"etat du resultat", statements.Income},
	{"etats du resultat", statements.Income},
	{"etat des resultats", statements.Income},
	{"bilan", statements.Balance},
	{"etat de la situation financiere", statements.Balance},
	{"etats de la situation financiere", statements.Balance},
	{"situation financiere consolidee", statements.Balance},
	{"tableau des flux", statements.CashFlow},
	{"tableaux des flux", statements.CashFlow},
	{"tableau de flux", statements.CashFlow},
	{"tableaux de flux", statements.CashFlow},
	{"etat des flux", statements.CashFlow},
	{"etats des flux", statements.CashFlow},
	{"flux de tresorerie", statements.CashFlow},
}

// closers are the lines that close each statement: a page with no title
// that prints two of them among its rows, under a header naming the
// accounts ("États financiers consolidés"), is that statement.
var closers = map[statements.Statement][]string{
	statements.Balance:  {"total actif", "total de l actif", "total passif", "total du passif", "total capitaux propres et passif", "total des capitaux propres et du passif", "total general", "total bilan", "total du bilan"},
	statements.Income:   {"resultat d exploitation", "resultat operationnel", "resultat financier", "resultat net", "resultat de l exercice", "resultat avant impot"},
	statements.CashFlow: {"variation de la tresorerie", "variation de tresorerie", "variation nette de la tresorerie", "tresorerie a la cloture", "tresorerie de cloture", "tresorerie a l ouverture", "tresorerie d ouverture", "flux net de tresorerie"},
}

// accountsHeaders name a set of statements without naming one: a page
// under such a header is placed by its closing lines.
var accountsHeaders = []string{"etats financiers", "comptes annuels", "comptes consolides", "comptes semestriels", "comptes intermediaires", "situation intermediaire", "situation comptable", "comptes de l exercice", "informations financieres"}

// Find returns the pages of each statement: a page that has enough rows of
// amounts and either carries a statement title near its top, or, under a
// header naming the accounts, prints two lines that close one statement
// only. A table of contents is never taken: its title lines end with a page
// number, and a title-only divider page has no amounts. The end of a
// statement split over two pages may be short: a titled page right after a
// page of the same statement needs one row of amounts only.
func Find(doc *pdftext.Document) Result {
	r := Result{}
	for _, p := range doc.Pages {
		s, ok := pageTitle(p, len(doc.Pages))
		if !ok {
			s, ok = pageByClosers(p)
		}
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
		parts := titleParts(l)
		// A title wrapped at the end of its line goes on at the start of
		// the next ("Association … – COMPTE DE" / "RÉSULTAT").
		if len(parts) > 0 && i+1 < len(p.Lines) {
			parts = append(parts, parts[len(parts)-1]+" "+Fold(p.Lines[i+1].Text()))
		}
		for _, part := range parts {
			for _, t := range titles {
				if part == t.prefix || strings.HasPrefix(part, t.prefix+" ") {
					return t.statement, true
				}
			}
		}
	}
	return "", false
}

// titleParts are the places of a line where a title may open: the line, each
// of its cells, and each part of them after a separator ("Comptes annuels
// 2025 – Bilan"), folded, without a leading number.
func titleParts(l pdftext.Line) []string {
	texts := []string{l.Text()}
	if len(l.Spans) > 1 {
		for _, s := range l.Spans {
			texts = append(texts, s.Text)
		}
	}
	var out []string
	for _, t := range texts {
		for _, part := range strings.FieldsFunc(t, func(r rune) bool { return strings.ContainsRune("–—|:/•·", r) }) {
			for _, piece := range strings.Split(part, " - ") {
				if f := strings.TrimLeft(Fold(piece), "0123456789 "); f != "" {
					out = append(out, f)
				}
			}
		}
	}
	return out
}

// pageByClosers places an untitled page under a header naming the accounts
// by the closing lines its rows print: two of one statement and none of
// another.
func pageByClosers(p pdftext.Page) (statements.Statement, bool) {
	header := false
	for i, l := range p.Lines {
		if i == titleLines {
			break
		}
		f := Fold(l.Text())
		header = header || slices.ContainsFunc(accountsHeaders, func(h string) bool { return strings.Contains(f, h) })
	}
	if !header {
		return "", false
	}
	found := map[statements.Statement]int{}
	for _, l := range p.Lines {
		if len(l.Spans) < 2 {
			continue
		}
		label := strings.TrimLeft(Fold(l.Spans[0].Text), "0123456789 ")
		for st, cs := range closers {
			if slices.ContainsFunc(cs, func(c string) bool { return label == c || strings.HasPrefix(label, c+" ") }) {
				found[st]++
			}
		}
	}
	var best statements.Statement
	for _, st := range statements.All {
		switch {
		case found[st] >= 2 && best == "":
			best = st
		case found[st] > 0 && best != "":
			return "", false
		}
	}
	return best, best != ""
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
// the shape of a statement row, the lines of two amounts or more alone,
// printed between the lines of their own wrapped label, and the lines of
// two tables side by side whose left label wrapped: the left amounts, the
// right label, the right amounts.
func amountRows(p pdftext.Page) int {
	rows := 0
	for _, l := range p.Lines {
		if len(l.Spans) < 2 {
			continue
		}
		last, beside := l.Spans[len(l.Spans)-1].Text, sideBySide(l)
		if _, ok := wholeNumber(last); !ok && !(beside && endsWithAmount(last)) {
			continue
		}
		if beside || !opensWithNumber(l.Spans[0].Text) || amountsOnly(l) {
			rows++
		}
	}
	return rows
}

// opensWithNumber tells a text that starts with a number.
func opensWithNumber(text string) bool {
	nums := frnum.Parse(text)
	return len(nums) > 0 && nums[0].Start == 0
}

// sideBySide tells a line that opens with amounts and prints a label after
// them: the left table's amounts, the right table's label.
func sideBySide(l pdftext.Line) bool {
	return opensWithNumber(l.Spans[0].Text) && slices.ContainsFunc(l.Spans[1:], func(s pdftext.Span) bool {
		return strings.ContainsFunc(s.Text, unicode.IsLetter)
	})
}

// endsWithAmount tells a text whose last number closes it, but for a sign
// printed after it ("229 326-") or a parenthesis.
func endsWithAmount(text string) bool {
	nums := frnum.Parse(text)
	return len(nums) > 0 && strings.TrimRight(text[nums[len(nums)-1].End:], " -−)") == ""
}

// amountsOnly tells a line of amounts and nothing else, years aside: a
// line of column years is a header, not a row.
func amountsOnly(l pdftext.Line) bool {
	years := 0
	for _, s := range l.Spans {
		n, ok := wholeNumber(s.Text)
		if !ok {
			return false
		}
		if n.IsYear() {
			years++
		}
	}
	return years < len(l.Spans)
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
