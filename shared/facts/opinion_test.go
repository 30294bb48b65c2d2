package facts

import (
	"slices"
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

// An opinion is no better verified than what it rests on: drawn from an
// alert whose field failed a check, it is unverified and says which; a
// fact it does not rest on leaves it verified.
func TestOpinionFactRestsOnVerifiedFacts(t *testing.T) {
	t.Parallel()
	clean := []Fact{{ID: "R-x-dette-nette", Text: "X - Dette nette 2025 : 500 k€", State: Verified},
		{ID: "R-x-free-cash-flow", Text: "X - Free cash-flow 2025 : 80 k€", State: Verified},
		{ID: "R-x-marge", Text: "X - Marge d'EBITDA 2025 : 9,0 %", State: Unverified}}
	for _, c := range []struct {
		name  string
		alert State
		want  State
	}{
		{"alert verified", Verified, Verified},
		{"alert on a failed check", Unverified, Unverified},
	} {
		fs := append(slices.Clone(clean), Fact{ID: "A-x-1", Rule: ratios.RuleNegativeEquity, State: c.alert, Text: "X - Capitaux propres négatifs de -16,6 k€ en 2025."})
		f := OpinionFact("X", fs, []int{2025, 2024})
		if f.State != c.want {
			t.Errorf("%s: the opinion is %s (%v), want %s", c.name, f.State, f.Reasons, c.want)
		}
		if c.want == Unverified && !slices.ContainsFunc(f.Reasons, func(r string) bool { return strings.Contains(r, "A-x-1") }) {
			t.Errorf("%s: the reasons %v do not name the alert", c.name, f.Reasons)
		}
	}
}

// Every combination of a going-concern uncertainty, a covenant breach and
// sources below uses, over a clean file: never favorable.
func TestProposeNeverFavorable(t *testing.T) {
	t.Parallel()
	cover := func(v float64) *float64 { return &v }
	for mask := 1; mask < 8; mask++ {
		c := 2.0
		if mask&4 != 0 {
			c = 0.9
		}
		fs := []Fact{{ID: "C-x-liquidite-12-mois", Flows: &Flows{Sources: []Flow{{Amount: 900}}, Uses: []Flow{{Amount: 1000}}, Cover: cover(c)}},
			{ID: "C-x-audit", Audit: &Audit{Opinion: OpinionUnqualified, GoingConcern: mask&1 != 0}}, {ID: "R-x-levier", Text: "X - Levier 2025 : 0,6x", State: Verified}}
		if mask&2 != 0 {
			fs = append(fs, Fact{ID: "A-x-1", Rule: ratios.RuleCovenant, Text: "X - Covenant levier dépassé : ratio publié de 4,0x pour une limite de 3,5x."})
		}
		if p := Propose(fs, []int{2025, 2024}); LevelRank[p.Level] < LevelRank[LevelReserved] {
			t.Errorf("going concern %v, breach %v, short %v: %s (%v)", mask&1 != 0, mask&2 != 0, mask&4 != 0, p.Level, p.Reasons)
		}
	}
}

// A reserved opinion ends its reasons with what weighs for the borrower,
// named so, and never says the sources cover the uses when they do not; the
// least cover over the whole financial debt is a strength only from 1x;
// shareholder loans ask for their blocking agreement.
func TestProposeReservedStrengths(t *testing.T) {
	t.Parallel()
	cover := func(v float64) *float64 { return &v }
	base := func(fl Flows) []Fact {
		return []Fact{{ID: "C-x-liquidite-12-mois", Flows: &fl}, {ID: "R-x-levier", Text: "X - Levier 2025 : 0,6x", State: Verified},
			{ID: "R-x-dette-nette", Text: "X - Dette nette 2025 : 500 k€"}}
	}
	p := Propose(base(Flows{MinCover: cover(3.1)}), []int{2025})
	if p.Level != LevelReserved || len(p.Reasons) != 3 || p.Reasons[2] != "en faveur de l'emprunteur : sources de liquidité à douze mois couvrant toute la dette financière" {
		t.Errorf("thin file: %s %q, want reserved, its two reasons and one strength", p.Level, p.Reasons)
	}
	p = Propose(base(Flows{MinCover: cover(0.9)}), []int{2025})
	if strings.Contains(strings.Join(p.Reasons, " ; "), "couvrant") {
		t.Errorf("least cover 0,9x: %q says the sources cover", p.Reasons)
	}
	p = Propose(append(base(Flows{Cover: cover(0.5)}), Fact{ID: "C-x-audit", Audit: &Audit{Opinion: OpinionUnqualified}}), []int{2025, 2024})
	if strings.Contains(strings.Join(p.Reasons, " ; "), "couvrant les emplois") {
		t.Errorf("cover 0,5x: %q says the sources cover the uses", p.Reasons)
	}
	level := Fact{ID: "C-x-covenant-1", Figure: &Figure{Type: "covenant"}, Text: "X - Covenant (engagement financier) sur le ratio couverture du service de la dette : plancher de 1,15x ; déclaré respecté, sans niveau publié"}
	if p := Propose(append(base(Flows{Cover: cover(2)}), level), []int{2025, 2024}); !slices.ContainsFunc(p.Conditions, func(c string) bool { return strings.HasPrefix(c, "attestation de respect du covenant au dernier test") }) {
		t.Errorf("a covenant without its level: conditions %q", p.Conditions)
	}
	loans := Fact{ID: "C-x-dette-nette-perimetre", State: Verified, Figure: &Figure{Type: FigureNetDebtScope}, Text: "X - Dette nette hors comptes courants d'associés : 300 k€ (comptes courants de 200 k€, p. 3) ; " + onDemand}
	if p := Propose(append(base(Flows{Cover: cover(2)}), loans), []int{2025, 2024}); !slices.Contains(p.Conditions, "convention de blocage ou de subordination des comptes courants d'associés") {
		t.Errorf("shareholder loans: conditions %q", p.Conditions)
	}
}
