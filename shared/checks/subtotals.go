package checks

import (
	"fmt"

	"analyste.dev/analyste/shared/statements"
)

// Subtotals checks each printed subtotal against the lines it covers. A wrong
// subtotal does not change the aggregated keys (they come from the lines),
// so this check is what reports a misprint or a misread subtotal.
func Subtotals(r statements.Report) []Check {
	var out []Check
	for _, s := range r.Subtotals {
		label := fmt.Sprintf("sous-total « %s » (%s, page %d) = somme de ses lignes", s.Label, s.Statement, s.Page)
		if s.Terms == 0 {
			out = append(out, unverifiable(s.Year, label, "aucune ligne couverte"))
			continue
		}
		tol := TermTolerance(r.PrintedUnit) * float64(s.Terms+1)
		out = append(out, compare(s.Year, label, s.Sum, s.Printed, tol))
	}
	return out
}
