package facts

import (
	"strings"
	"testing"

	"analyste.dev/analyste/shared/ratios"
)

// The written rules: a going-concern uncertainty, a covenant breach or
// twelve-month sources below uses never give favorable.
func TestProposeRules(t *testing.T) {
	t.Parallel()
	cover := func(v float64) *float64 { return &v }
	flows := func(c float64) Fact {
		return Fact{ID: "C-x-liquidite-12-mois", Text: "X - Liquidité à douze mois : sources de 900 k€ (trésorerie 2025 : 900 k€) ; emplois de 1 000 k€ (échéances : 1 000 k€)",
			Flows: &Flows{Sources: []Flow{{Amount: 900}}, Uses: []Flow{{Amount: 1000}}, Cover: cover(c)}}
	}
	clean := []Fact{flows(2), {ID: "C-x-audit", Audit: &Audit{Opinion: OpinionUnqualified}}, {ID: "R-x-levier", Text: "X - Levier 2025 : 0,6x", State: Verified}}
	with := func(fs ...Fact) []Fact { return append(append([]Fact{}, clean[1:]...), fs...) }
	tests := []struct {
		name string
		fs   []Fact
		want string
	}{
		{"nothing to say", clean, LevelFavorable},
		{"going concern in the auditor's report", with(flows(2), Fact{ID: "C-x-audit", Audit: &Audit{Opinion: OpinionUnqualified, GoingConcern: true}}), LevelReserved},
		{"going concern as a critical signal", append(clean, Fact{ID: "Q-x-1", Category: "continuite_exploitation", Critical: true}), LevelReserved},
		{"sources below uses", with(flows(0.9)), LevelReserved},
		{"covenant breached", append(clean, Fact{ID: "A-x-1", Rule: ratios.RuleCovenant, Text: "X - Covenant levier dépassé : ratio publié de 4,0x pour une limite de 3,5x."}), LevelReserved},
		{"covenant breached and sources below uses", with(flows(0.9), Fact{ID: "A-x-1", Rule: ratios.RuleCovenant, Text: "X - Covenant levier dépassé : ratio publié de 4,0x pour une limite de 3,5x."}), LevelUnfavorable},
		{"tight covenant", append(clean, Fact{ID: "A-x-1", Rule: ratios.RuleCovenant, Text: "X - Covenant levier : ratio publié de 3,4x pour une limite de 3,5x, marge de 2,9 %, sous le seuil de 10,0 %."}), LevelFavorableConditions},
		{"disclaimer of opinion", with(flows(2), Fact{ID: "C-x-audit", Audit: &Audit{Opinion: OpinionDisclaimed}}), LevelUnfavorable},
		{"one year only", clean, LevelReserved},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			years := []int{2025, 2024}
			if tt.name == "one year only" {
				years = []int{2025}
			}
			p := Propose(tt.fs, years)
			if p.Level != tt.want {
				t.Errorf("level %s, want %s (reasons %v)", p.Level, tt.want, p.Reasons)
			}
			if len(p.Reasons) == 0 || len(p.Reasons) > 3 {
				t.Errorf("%d reasons, want 1 to 3: %v", len(p.Reasons), p.Reasons)
			}
		})
	}
}

func TestOpinionFactAsksForDocuments(t *testing.T) {
	t.Parallel()
	fs := []Fact{{ID: "R-x-dette-nette", Text: "X - Dette nette 2025 : 500 k€"}, {ID: "R-x-free-cash-flow", Text: "X - Free cash-flow 2025 : non disponible (flux_tresorerie.flux_exploitation 2025 non imprimé)"}}
	f := OpinionFact("X", fs, []int{2025})
	for _, want := range []string{"Avis proposé, que l'analyste décide : réservé.", "dossier insuffisant", "Documents à demander : comptes de l'exercice précédent ; tableau des flux de trésorerie ; échéancier de la dette ; annexe et rapport du commissaire aux comptes."} {
		if !strings.Contains(f.Text, want) {
			t.Errorf("%q lacks %q", f.Text, want)
		}
	}
}
