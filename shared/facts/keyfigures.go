package facts

import (
	"fmt"
	"strings"

	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/ratios"
	"analyste.dev/analyste/shared/statements"
)

// keyFigure is one row of the key-figures table: a statement field, a
// ratio of the dictionary or the CAF.
type keyFigure struct {
	label string
	field statements.Key // a statement's amount, when ratio is empty
	ratio string
	caf   bool // the CAF the French way (cashFlowCapacity)
}

// keyFigures are the rows a credit committee reads first: size, earnings,
// the cash generated, working capital, debt and its weight; the cash is in
// the twelve-month liquidity, once.
var keyFigures = []keyFigure{
	{label: "Chiffre d'affaires", field: statements.Key{Statement: statements.Income, Name: "chiffre_affaires"}},
	{label: "EBITDA", ratio: "ebitda"},
	{label: "Marge d'EBITDA", ratio: "marge_ebitda"},
	{label: "Résultat net", field: statements.Key{Statement: statements.Income, Name: "resultat_net"}},
	{label: "Capacité d'autofinancement", caf: true},
	{label: "BFR", ratio: "bfr"},
	{label: "Dette nette", ratio: "dette_nette"},
	{label: "Levier", ratio: "levier"},
}

// keyFiguresFact is the key-figures table, R-<slug>-chiffres-cles, its
// cells between "|" and its rows after ";": each row the latest year, the
// year before and the change (in percent for an
// amount of the same sign, in points for a percentage, in turns for a
// multiple), only rows with a number in the latest year. Its state is the
// evidence of every field a row reads.
func keyFiguresFact(company string, years []int, rs map[int]ratios.Ratios, ev Evidence) (Fact, bool) {
	if len(years) == 0 {
		return Fact{}, false
	}
	n := years[0]
	p := statements.PreviousYear(years, n)
	var rows []string
	var reads []statements.FieldRef
	for _, k := range keyFigures {
		cur, prev, unit, refs := k.values(n, p, rs, ev)
		if !cur.OK() {
			continue
		}
		reads = append(reads, refs[0]...)
		row := k.label + " | " + ratios.FormatValue(cur, unit)
		if p != 0 {
			row += " | -"
			if prev.OK() {
				reads = append(reads, refs[1]...) // the year before only where the row prints it
				row = k.label + " | " + ratios.FormatValue(cur, unit) + " | " + ratios.FormatValue(prev, unit)
			}
			if v, ok := change(cur.Number, prev.Number, unit); ok && prev.OK() {
				row += " | " + v
			} else {
				row += " | -"
			}
		}
		rows = append(rows, row)
	}
	if len(rows) == 0 {
		return Fact{}, false
	}
	header := fmt.Sprintf("Chiffres clés | %d", n)
	if p != 0 {
		header += fmt.Sprintf(" | %d | variation", p)
	}
	f := Fact{ID: "R-" + Slug(company) + "-chiffres-cles", Text: company + " - " + header + " ; " + strings.Join(rows, " ; ")}
	f.State, f.Fields, f.Reasons = ev.Assess(unique(reads))
	return f, true
}

// values are the row's two years and the fields each reads.
func (k keyFigure) values(n, p int, rs map[int]ratios.Ratios, ev Evidence) (cur, prev ratios.Value, unit frnum.Unit, reads [2][]statements.FieldRef) {
	if k.caf {
		get := func(y int, i int) ratios.Value {
			v, refs, _, ok := cashFlowCapacity(y, "", "", rs, ev)
			if !ok || y == 0 {
				return ratios.Value{Reason: ratios.NotAvailable}
			}
			reads[i] = refs
			return ratios.Value{Number: v}
		}
		return get(n, 0), get(p, 1), frnum.KEUR, reads
	}
	if k.ratio != "" {
		d, _ := ratios.DefinitionOf(k.ratio)
		reads[0] = d.Reads(n, 0)
		if p != 0 {
			reads[1] = d.Reads(p, 0)
		}
		return d.Get(rs[n]), d.Get(rs[p]), d.Unit, reads
	}
	get := func(y int) ratios.Value {
		if v, ok := ev.report.Value(y, k.field); ok && y != 0 {
			return ratios.Value{Number: v}
		}
		return ratios.Value{Reason: ratios.NotAvailable}
	}
	reads[0] = []statements.FieldRef{{Year: n, Key: k.field}}
	if p != 0 {
		reads[1] = []statements.FieldRef{{Year: p, Key: k.field}}
	}
	return get(n), get(p), frnum.KEUR, reads
}

// change is the variation of a row: a percentage between two positive
// amounts, points between two percentages, turns between two multiples;
// none from or to a negative amount or zero.
func change(cur, prev float64, unit frnum.Unit) (string, bool) {
	switch unit {
	case frnum.Percent:
		return signed(frnum.Round1(cur)-frnum.Round1(prev)) + " pt", true
	case frnum.Times:
		return signed(frnum.Round1(cur)-frnum.Round1(prev)) + "x", true
	}
	if prev <= 0 || cur < 0 { // a change from or to a loss, a net cash: no percentage reads
		return "", false
	}
	return frnum.FormatPercent((cur/prev - 1) * 100), true
}

func signed(v float64) string {
	if frnum.Round1(v) > 0 {
		return "+" + frnum.FormatPercent(v)[:len(frnum.FormatPercent(v))-len(" %")]
	}
	s := frnum.FormatPercent(v)
	return s[:len(s)-len(" %")]
}
