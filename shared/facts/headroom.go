package facts

import (
	"fmt"
	"strings"

	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/locate"
)

// HeadroomFacts say, for each covenant on a ratio over EBITDA whose level
// and ceiling the report prints, how far EBITDA may fall, or the numerator
// (net debt) rise, before the ceiling is reached: C-<slug>-covenant-N-marge.
// Both are percentages of the contractual amounts, which the ratio alone
// gives; the report's adjusted EBITDA is not restated here.
func HeadroomFacts(company string, cfacts []Fact) []Fact {
	var out []Fact
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
			fall, rise := frnum.FormatPercent((1-level/ceiling)*100), frnum.FormatPercent((ceiling/level-1)*100)
			text = fmt.Sprintf("Marge du covenant %s en EBITDA : l'EBITDA contractuel peut baisser de %s avant d'atteindre le plafond", ratio, fall)
			if rise != fall { // a figure once
				text += ", ou la dette nette contractuelle augmenter de " + rise
			}
		} else {
			text = fmt.Sprintf("Covenant %s dépassé : l'EBITDA contractuel devrait progresser de %s, ou la dette nette contractuelle baisser de %s, pour revenir sous le plafond",
				ratio, frnum.FormatPercent((level/ceiling-1)*100), frnum.FormatPercent((1-ceiling/level)*100))
		}
		out = append(out, Fact{ID: f.ID + "-marge", State: f.State, Reasons: f.Reasons, Page: f.Page, Text: company + " - " + text})
	}
	return out
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
