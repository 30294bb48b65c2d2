package checks

import (
	"fmt"
	"math"

	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/statements"
)

// PrintedLabel names the check that an amount read is printed.
const PrintedLabel = "montant lu = montant imprimé sur la page"

// continuedPages is how many pages after its first a table may run on.
const continuedPages = 2

// Printed checks that every amount a transcription gives is printed: each
// line's amount stands as a number on the table's page or on the pages that
// continue it. A reader (the model or ours) that outputs an amount printed
// nowhere, a sum it made or a figure it imagined, fails the check for the
// field of that line, which the identities alone cannot see when the figure
// happens to add up. Zeros are not checked: a dash prints them. Only
// failures are returned, one per line and year; pages holds the text of each
// page, page 1 first.
func Printed(tr statements.Transcription, pages []string) []Check {
	printed := map[int]map[float64]bool{}
	onPage := func(p int) map[float64]bool {
		if m, ok := printed[p]; ok {
			return m
		}
		m := map[float64]bool{}
		if p >= 1 && p <= len(pages) {
			for _, n := range frnum.Parse(pages[p-1]) {
				m[amountKey(n.Value)] = true
			}
		}
		printed[p] = m
		return m
	}
	var out []Check
	for _, tab := range tr.Tables {
		for _, l := range tab.Lines {
			for col, a := range l.Amounts {
				if a == nil || *a == 0 || col >= len(tab.Years) {
					continue
				}
				found := false
				for p := tab.Page; p <= tab.Page+continuedPages && !found; p++ {
					found = onPage(p)[amountKey(*a)]
				}
				if found {
					continue
				}
				year := tab.Years[col]
				field := string(tab.Statement) + "." + l.Category
				out = append(out, Check{Year: year, Label: PrintedLabel, Read: *a, Status: Failed,
					Message: fmt.Sprintf("%d - %s : le montant %s de la ligne « %s » (page %d) n'est imprimé sur aucune page du tableau", year, field, frnum.Format(*a), l.Label, tab.Page),
					Fields:  lineFields(tab.Statement, l, year)})
			}
		}
	}
	return out
}

// lineFields is the field a line's amount goes to, or those a subtotal
// covers; none for a line outside the dictionary.
func lineFields(st statements.Statement, l statements.Line, year int) []statements.FieldRef {
	names := []string{l.Category}
	if l.Category == statements.Subtotal {
		names = l.Covers
	}
	var out []statements.FieldRef
	for _, n := range names {
		if k := (statements.Key{Statement: st, Name: n}); statements.Known(k) {
			out = append(out, statements.FieldRef{Year: year, Key: k})
		}
	}
	return out
}

// amountKey compares amounts whatever their sign and float noise: a
// statement prints a charge positive or negative, and 1 234,50 parses as
// what the reader gave.
func amountKey(v float64) float64 { return math.Round(math.Abs(v) * 100) }
