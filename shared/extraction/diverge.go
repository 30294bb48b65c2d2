package extraction

import (
	"fmt"
	"math"

	"analyste.dev/analyste/shared/checks"
	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/ratios"
	"analyste.dev/analyste/shared/statements"
)

// DivergenceRule names the alerts raised when two readers disagree.
const DivergenceRule = "lecture_divergente"

// Diverge compares two independent readings of one report, field by field
// and year by year, and gives an alert for every field where they differ by
// more than the printed unit's rounding, or that only one of them found.
// It catches a ×1000 unit misread by one reader, which the identities cannot.
func Diverge(a, b statements.Report, nameA, nameB string) []ratios.Alert {
	return diverge(a, b, nameA, nameB, func(int, statements.Statement) bool { return true })
}

// DivergeWhereBoth is Diverge over the statements and years both readings
// print: two presentations of one filing (the liasse's forms and the
// accountant's statements) need not print the same tables.
func DivergeWhereBoth(a, b statements.Report, nameA, nameB string) []ratios.Alert {
	prints := func(r statements.Report, y int, st statements.Statement) bool {
		for _, name := range statements.Keys(st) {
			if r.Has(y, statements.Key{Statement: st, Name: name}) {
				return true
			}
		}
		return false
	}
	return diverge(a, b, nameA, nameB, func(y int, st statements.Statement) bool { return prints(a, y, st) && prints(b, y, st) })
}

func diverge(a, b statements.Report, nameA, nameB string, compared func(int, statements.Statement) bool) []ratios.Alert {
	tol := checks.TermTolerance(a.PrintedUnit)
	var out []ratios.Alert
	for _, y := range statements.YearsOfAll(a, b) {
		for _, k := range statements.AllKeys() {
			if !compared(y, k.Statement) {
				continue
			}
			va, hasA := a.Years[y].Get(k)
			vb, hasB := b.Years[y].Get(k)
			if !hasA && !hasB {
				continue
			}
			if hasA && hasB && math.Abs(va-vb) <= tol {
				continue
			}
			out = append(out, ratios.Alert{Rule: DivergenceRule, Year: y, Reads: []statements.FieldRef{{Year: y, Key: k}}, Text: fmt.Sprintf(
				"Lecture divergente %d - %s : %s (%s) contre %s (%s).", y, k, reading(hasA, va), nameA, reading(hasB, vb), nameB)})
		}
	}
	return out
}

func reading(found bool, v float64) string {
	if !found {
		return "absent"
	}
	return frnum.FormatKEUR(v)
}
