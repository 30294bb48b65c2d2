package facts

import (
	"fmt"
	"math"
	"strings"

	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/locate"
	"analyste.dev/analyste/shared/ratios"
)

// HeadroomFacts say, for each covenant on a ratio over EBITDA whose level
// and ceiling the report prints, how far EBITDA may fall, or the numerator
// (net debt) rise, before the ceiling is reached: C-<slug>-covenant-N-marge.
// Both are percentages of the contractual amounts, which the ratio alone
// gives; the report's adjusted EBITDA is not restated here.
//
// Where the covenant is on the adjusted EBITDA and the report prints it
// (adjusted, in k€, 0 otherwise), the fall is also an amount: how many k€
// of adjusted EBITDA may go before the ceiling.
func HeadroomFacts(company string, cfacts []Fact, adjusted float64) []Fact {
	var out []Fact
	covenants := 0
	for _, f := range cfacts {
		if f.Figure != nil && f.Figure.Type == "covenant" {
			covenants++
		}
	}
	for _, f := range cfacts {
		if f.Figure == nil || f.Figure.Type != "covenant" || f.Figure.Role != "plafond" {
			continue
		}
		ratio := between(f.Text, "sur le ratio ", " : ")
		if !overEBITDA(ratio) {
			continue
		}
		ceiling, ok1 := timesAfter(f.Text, "plafond de ")
		level, ok2 := timesAfter(f.Text, "ratio publié")
		if !ok1 || !ok2 || level <= 0 || ceiling <= 0 {
			continue
		}
		var text string
		if level <= ceiling {
			// The fall EBITDA may take is the margin of the ceiling the
			// covenant's fact states: said again, it would be a figure twice.
			rise := frnum.FormatPercent((ceiling/level - 1) * 100)
			text = fmt.Sprintf("Marge du covenant %s en EBITDA : l'EBITDA contractuel peut baisser d'autant que la marge du plafond avant de l'atteindre", ratio)
			if adjusted > 0 && onAdjusted(ratio) {
				text = fmt.Sprintf("Marge en EBITDA : l'EBITDA ajusté publié peut baisser de %s avant le plafond", frnum.FormatKEUR(math.Round(adjusted*(1-level/ceiling))))
				if covenants > 1 {
					text += " du covenant " + ratio
				}
			}
			if rise != frnum.FormatPercent((1-level/ceiling)*100) {
				text += ", la dette nette contractuelle augmenter de " + rise
			}
		} else {
			text = fmt.Sprintf("Covenant %s dépassé : l'EBITDA contractuel devrait progresser de %s, ou la dette nette contractuelle baisser de %s, pour revenir sous le plafond",
				ratio, frnum.FormatPercent((level/ceiling-1)*100), frnum.FormatPercent((1-ceiling/level)*100))
		}
		out = append(out, Fact{ID: f.ID + "-marge", State: f.State, Reasons: f.Reasons, Page: f.Page, Text: company + " - " + text})
	}
	return out
}

// AccountsHeadroomFacts say, for each covenant on a ratio over EBITDA
// whose ceiling the report prints without its level, how many k€ the
// accounts' EBITDA may lose, or their net debt gain, before the ceiling,
// under the accounts' definition (R-<slug>-levier), said to be so:
// C-<slug>-covenant-N-marge. A computed ratio over the ceiling gives none:
// the contractual definition may differ, and no breach is said on it.
func AccountsHeadroomFacts(company string, cfacts []Fact, y int, rs map[int]ratios.Ratios, ev Evidence) []Fact {
	ebitda, debt := rs[y].EBITDA, rs[y].NetDebt
	if !ebitda.OK() || !debt.OK() || ebitda.Number <= 0 || debt.Number <= 0 {
		return nil
	}
	var out []Fact
	for _, f := range cfacts {
		if f.Figure == nil || f.Figure.Type != "covenant" || f.Figure.Role != "plafond" || strings.Contains(f.Text, "ratio publié") {
			continue
		}
		ratio := between(f.Text, "sur le ratio ", " : ")
		ceiling, ok := timesAfter(f.Text, "plafond de ")
		if !overEBITDA(ratio) || onAdjusted(ratio) || !ok || ceiling <= 0 || debt.Number/ebitda.Number > ceiling {
			continue
		}
		fall := math.Round(ebitda.Number - debt.Number/ceiling)
		rise := math.Round(ceiling*ebitda.Number - debt.Number)
		m := Fact{ID: f.ID + "-marge", Page: f.Page, Text: fmt.Sprintf("%s - Marge du covenant %s selon la définition des comptes, aucun niveau contractuel n'étant publié : l'EBITDA des comptes peut baisser de %s, ou la dette nette augmenter de %s, avant le plafond",
			company, ratio, frnum.FormatKEUR(fall), frnum.FormatKEUR(rise))}
		d, _ := ratios.DefinitionOf("levier")
		m.State, m.Fields, m.Reasons = ev.Assess(d.Reads(y, 0))
		if !f.Verified() {
			m.State, m.Reasons = Unverified, append(m.Reasons, f.ID+" non vérifié")
		}
		out = append(out, m)
	}
	return out
}

// onAdjusted tells whether a covenant's EBITDA is the adjusted one.
func onAdjusted(ratio string) bool {
	folded := locate.Fold(ratio)
	return strings.Contains(folded, "ajust") || strings.Contains(folded, "retrait")
}

// AdjustedEBITDA is the adjusted EBITDA of the lender's verified fact, in
// k€, 0 when the report prints none.
func AdjustedEBITDA(fs []Fact) float64 {
	for _, f := range fs {
		if f.Figure != nil && f.Figure.Type == FigureAdjustedEBITDA && f.Verified() {
			if v, ok := firstAmount(f.Text); ok {
				return v
			}
		}
	}
	return 0
}

// overEBITDA tells whether a covenant's ratio divides by EBITDA: "dette
// nette / EBITDA ajusté", "dette nette sur EBITDA".
func overEBITDA(ratio string) bool {
	folded := locate.Fold(ratio)
	_, den, ok := strings.Cut(folded, " sur ")
	if !ok {
		_, den, ok = strings.Cut(strings.ToLower(ratio), "/")
		den = locate.Fold(den)
	}
	return ok && strings.HasPrefix(strings.TrimSpace(den), "ebitda")
}

// timesAfter is the first multiple printed after marker: "plafond de 3,5x".
func timesAfter(text, marker string) (float64, bool) {
	_, after, ok := strings.Cut(text, marker)
	if !ok {
		return 0, false
	}
	for _, n := range frnum.Parse(after) {
		if n.Unit == frnum.Times {
			return n.Value, true
		}
	}
	return 0, false
}

// between is the text of s between open and the next end.
func between(s, open, end string) string {
	_, after, ok := strings.Cut(s, open)
	if !ok {
		return ""
	}
	v, _, _ := strings.Cut(after, end)
	return v
}
