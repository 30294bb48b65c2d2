package facts

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"analyste.dev/analyste/shared/checks"
	"analyste.dev/analyste/shared/statements"
)

func TestAssess(t *testing.T) {
	t.Parallel()
	stocks := statements.Key{Statement: statements.Balance, Name: "stocks"}
	cash := statements.Key{Statement: statements.Balance, Name: "tresorerie"}
	revenue := statements.Key{Statement: statements.Income, Name: "chiffre_affaires"}
	ref := func(y int, k statements.Key) statements.FieldRef { return statements.FieldRef{Year: y, Key: k} }
	tests := []struct {
		name        string
		change      func(*statements.Report)
		divergences []Divergence
		refs        []statements.FieldRef
		want        State
		reason      string // in the reasons, when not verified
	}{
		{"every check passed", nil, nil, []statements.FieldRef{ref(2025, cash), ref(2024, cash)}, Verified, ""},
		{"a misread line fails its total", func(r *statements.Report) { set(r, 2025, stocks, 14000) }, nil,
			[]statements.FieldRef{ref(2025, stocks)}, Unverified, "contrôle en échec : 2025 - total actif = somme des postes : attendu"},
		{"the other year is fine", func(r *statements.Report) { set(r, 2025, stocks, 14000) }, nil,
			[]statements.FieldRef{ref(2024, cash)}, Verified, ""},
		{"not printed", func(r *statements.Report) { clearField(r, 2025, revenue) }, nil,
			[]statements.FieldRef{ref(2025, revenue), ref(2025, cash)}, Unavailable, "2025 compte_resultat.chiffre_affaires non imprimé"},
		{"absent, proved nil by the total", func(r *statements.Report) {
			clearField(r, 2025, stocks)
			set(r, 2025, statements.Key{Statement: statements.Balance, Name: "autres_actifs_courants"}, 3500+11000)
		}, nil, []statements.FieldRef{ref(2025, stocks)}, Verified, ""},
		{"the readers disagree", nil, []Divergence{{Field: ref(2025, cash), Text: "Lecture divergente 2025 - bilan.tresorerie"}},
			[]statements.FieldRef{ref(2025, cash)}, Unverified, "Lecture divergente 2025 - bilan.tresorerie"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := fixture(t)
			if tt.change != nil {
				tt.change(&r)
			}
			cs := checks.Identities(r)
			r.ZeroByTotal = checks.ZeroByTotal(cs)
			state, fields, reasons := NewEvidence(r, statements.Transcription{}, cs, tt.divergences).Assess(tt.refs)
			if state != tt.want {
				t.Errorf("state %q, want %q (reasons %q)", state, tt.want, reasons)
			}
			if len(fields) != len(tt.refs) {
				t.Errorf("%d fields for %d refs", len(fields), len(tt.refs))
			}
			if tt.reason != "" && !strings.Contains(strings.Join(reasons, "\n"), tt.reason) {
				t.Errorf("reasons %q lack %q", reasons, tt.reason)
			}
			if tt.want == Verified && len(reasons) > 0 {
				t.Errorf("verified with reasons %q", reasons)
			}
		})
	}
}

// A field no identity could check is not verified: here the cash-flow
// table prints only the capex, so no identity reads it.
func TestAssessUncoveredField(t *testing.T) {
	t.Parallel()
	r := fixture(t)
	y := r.Years[2025]
	y.CashFlow = statements.CashFlowStatement{Capex: statements.Amount(-8000)}
	r.Years[2025] = y
	ref := statements.FieldRef{Year: 2025, Key: statements.Key{Statement: statements.CashFlow, Name: "investissements"}}
	state, _, reasons := NewEvidence(r, statements.Transcription{}, checks.Identities(r), nil).Assess([]statements.FieldRef{ref})
	if state != Unverified || !slices.Contains(reasons, "aucun contrôle comptable n'a pu vérifier 2025 flux_tresorerie.investissements") {
		t.Errorf("state %q reasons %q", state, reasons)
	}
}

// The lineage of a field is every printed line of its key in that year's
// column, with its page.
func TestEvidenceLines(t *testing.T) {
	t.Parallel()
	a, b := 7421202.0, 9901063.0
	tr := statements.Transcription{Tables: []statements.Table{{Statement: statements.Balance, Page: 2, Years: []int{2019}, Lines: []statements.Line{
		{Label: "Emprunts et dettes auprès des établissements de crédit", Amounts: []*float64{&a}, Category: "dettes_financieres"},
		{Label: "Emprunts et dettes financières divers", Amounts: []*float64{&b}, Category: "dettes_financieres"},
		{Label: "Emprunts obligataires", Amounts: []*float64{nil}, Category: "dettes_financieres"},
	}}}}
	debt := statements.FieldRef{Year: 2019, Key: statements.Key{Statement: statements.Balance, Name: "dettes_financieres"}}
	_, fields, _ := NewEvidence(statements.Report{}, tr, nil, nil).Assess([]statements.FieldRef{debt})
	want := []PrintedLine{{Label: "Emprunts et dettes auprès des établissements de crédit", Page: 2}, {Label: "Emprunts et dettes financières divers", Page: 2}}
	if diff := cmp.Diff(want, fields[0].Lines); diff != "" {
		t.Errorf("lines (-want +got):\n%s", diff)
	}
	if got := Where(fields); len(got) != 1 || !strings.HasPrefix(got[0], "2019 bilan.dettes_financieres : « Emprunts et dettes auprès") {
		t.Errorf("Where = %q", got)
	}
}

func set(r *statements.Report, year int, k statements.Key, v float64) {
	y := r.Years[year]
	y.Set(k, v)
	r.Years[year] = y
}

func clearField(r *statements.Report, year int, k statements.Key) {
	y := r.Years[year]
	y.Clear(k)
	r.Years[year] = y
}
