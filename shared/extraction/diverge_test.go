package extraction

import (
	"maps"
	"testing"

	"github.com/google/go-cmp/cmp"

	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/statements"
)

func TestDiverge(t *testing.T) {
	t.Parallel()
	stocks := statements.Key{Statement: statements.Balance, Name: "stocks"}
	revenue := statements.Key{Statement: statements.Income, Name: "chiffre_affaires"}
	provisions := statements.Key{Statement: statements.Balance, Name: "provisions"}
	tests := []struct {
		name   string
		change func(r *statements.Report)
		want   []string
	}{
		{"same reading", func(*statements.Report) {}, nil},
		{"within the unit's rounding", func(r *statements.Report) { add(r, 2024, stocks, 0.8) }, nil},
		{"one field differs", func(r *statements.Report) { add(r, 2024, stocks, 1000) },
			[]string{"Lecture divergente 2024 - bilan.stocks : 11 000 k€ (modèle) contre 10 000 k€ (hors ligne)."}},
		{"unit misread by one reader", func(r *statements.Report) { add(r, 2025, revenue, 110000*999) },
			[]string{"Lecture divergente 2025 - compte_resultat.chiffre_affaires : 110 000 000 k€ (modèle) contre 110 000 k€ (hors ligne)."}},
		{"field only one reader found", func(r *statements.Report) { y := r.Years[2025]; y.Clear(provisions); r.Years[2025] = y },
			[]string{"Lecture divergente 2025 - bilan.provisions : absent (modèle) contre 2 200 k€ (hors ligne)."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			base := fixtures.TruthReport(t, fixtures.SmallTruth(t))
			changed := fixtures.TruthReport(t, fixtures.SmallTruth(t))
			tt.change(&changed)
			var got []string
			for _, a := range Diverge(changed, base, "modèle", "hors ligne") {
				if a.Rule != DivergenceRule {
					t.Errorf("rule %q", a.Rule)
				}
				got = append(got, a.Text)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func add(r *statements.Report, year int, k statements.Key, delta float64) {
	r.Years = maps.Clone(r.Years)
	y := r.Years[year]
	v, _ := y.Get(k)
	y.Set(k, v+delta)
	r.Years[year] = y
}
