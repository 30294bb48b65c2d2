package checks

import (
	"fmt"
	"math"

	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/statements"
)

// scaleLabel names the scale check.
const scaleLabel = "échelle des tableaux = montants cités dans le texte"

// misreadFactors are the unit errors the identities cannot see: every line
// scales together.
var misreadFactors = []float64{1000, 0.001}

// Scale checks the unit of the tables against the amounts the report restates
// in its text pages ("un chiffre d'affaires de 481,3 M€"). Each money amount
// of the text is matched against the normalised amounts of every year: it
// agrees when it equals one of them within its printed precision, and it
// accuses a unit error when it only equals one of them multiplied by 1000 or
// 1/1000. Signs are ignored: a text says "a investi 9 000 k€" for an outflow
// of -9 000. The check fails when accusing amounts outnumber agreeing ones; with
// neither it is non vérifiable. pages holds the text of each page, page 1
// first.
func Scale(r statements.Report, pages []string) Check {
	var values []float64
	for _, y := range r.YearsDesc() {
		for _, k := range statements.AllKeys() {
			if v, ok := r.Years[y].Get(k); ok && v != 0 {
				values = append(values, math.Abs(v))
			}
		}
	}
	year := 0
	if len(r.Years) > 0 {
		year = r.YearsDesc()[0]
	}
	tol := TermTolerance(r.PrintedUnit)
	// A value within a few roundings of zero ("0,1" k€ for 100 €) says
	// nothing of the scale: multiplied by 1000 it matches anything near it.
	var accusable []float64
	for _, v := range values {
		if v >= 10*tol {
			accusable = append(accusable, v)
		}
	}
	agree, accuse := 0, 0
	var first Check
	for p, text := range pages {
		for _, n := range frnum.Parse(text) {
			said, money := n.KEUR()
			said = math.Abs(said)
			if !money || said == 0 {
				continue
			}
			f, _ := n.Unit.ToKEUR()
			precision := 0.5 * math.Pow(10, -float64(n.Decimals)) * f // half the last printed digit
			if match(said, values, 1, precision+tol) >= 0 {
				agree++
				continue
			}
			for _, factor := range misreadFactors {
				i := match(said, accusable, factor, precision+tol*factor)
				if i < 0 {
					continue
				}
				if accuse == 0 {
					first = Check{Year: year, Label: scaleLabel, Expected: frnum.Round1(said), Read: accusable[i], Status: Failed,
						Message: fmt.Sprintf("%d - %s : attendu %s, lu %s (k€) ; page %d : « %s », unité des tableaux « %s » à vérifier",
							year, scaleLabel, frnum.Format(said), frnum.Format(accusable[i]), p+1, n.Text, r.PrintedUnit)}
				}
				accuse++
				break
			}
		}
	}
	switch {
	case accuse > agree:
		return first
	case agree == 0:
		return unverifiable(year, scaleLabel, "aucun montant du texte ne correspond aux tableaux")
	}
	return Check{Year: year, Label: scaleLabel, OK: true, Status: Passed,
		Message: fmt.Sprintf("%d - %s : %d montant(s) du texte concordent (k€)", year, scaleLabel, agree)}
}

// match returns the index of the first value v with |said - factor·v| ≤ tol.
func match(said float64, values []float64, factor, tol float64) int {
	for i, v := range values {
		if math.Abs(said-factor*v) <= tol {
			return i
		}
	}
	return -1
}
