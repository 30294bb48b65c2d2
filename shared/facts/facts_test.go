package facts

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"analyste.dev/analyste/shared/checks"
	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/ratios"
	"analyste.dev/analyste/shared/statements"
)

func TestSlug(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"Maison Ferlac SAS", "ferlac"},
		{"Solvéa Énergies SA", "solvea"},
		{"Groupe Helvane", "helvane"},
		{"Société Générale des Eaux", "generale"},
		{"L'Atelier du Bois SARL", "atelier"},
		{"3M France SAS", "3m"},
		{"Groupe SA", "groupe"},
		{"", "societe"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			t.Parallel()
			if got := Slug(tt.in); got != tt.want {
				t.Errorf("Slug(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func fixture(t *testing.T) statements.Report {
	return fixtures.TruthReport(t, fixtures.SmallTruth(t))
}

// truthEvidence is the evidence of a report read right: its identities.
func truthEvidence(r statements.Report) Evidence {
	return NewEvidence(r, statements.Transcription{}, checks.Identities(r), nil)
}

func TestRatioFacts(t *testing.T) {
	t.Parallel()
	r := fixture(t)
	got := RatioFacts(r.Company, r.YearsDesc(), ratios.Compute(r), truthEvidence(r))
	want := []string{
		"[R-test-ebitda] Maison Test SAS - EBITDA 2025 : 13 900 k€ (2024 : 13 000 k€) ; formule : résultat d'exploitation + dotations aux amortissements",
		"[R-test-dette-nette] Maison Test SAS - Dette nette 2025 : 19 375 k€ (2024 : 17 000 k€) ; formule : dettes financières - trésorerie",
		"[R-test-levier] Maison Test SAS - Levier 2025 : 1,4x (2024 : 1,3x) ; formule : dette nette / EBITDA",
		"[R-test-gearing] Maison Test SAS - Gearing 2025 : 56,8 % (2024 : 56,7 %) ; formule : dette nette / capitaux propres",
		"[R-test-marge-ebitda] Maison Test SAS - Marge d'EBITDA 2025 : 12,6 % (2024 : 13,0 %) ; formule : EBITDA / chiffre d'affaires",
		"[R-test-marge-exploitation] Maison Test SAS - Marge d'exploitation 2025 : 7,6 % (2024 : 8,0 %) ; formule : résultat d'exploitation / chiffre d'affaires",
		"[R-test-marge-nette] Maison Test SAS - Marge nette 2025 : 5,1 % (2024 : 5,3 %) ; formule : résultat net / chiffre d'affaires",
		"[R-test-free-cash-flow] Maison Test SAS - Free cash-flow 2025 : -875 k€ (2024 : 2 250 k€) ; formule : flux d'exploitation + investissements",
		"[R-test-bfr] Maison Test SAS - BFR 2025 : 15 000 k€ (2024 : 12 000 k€) ; formule : stocks + créances clients + autres actifs courants - dettes fournisseurs - autres passifs courants",
		"[R-test-bfr-jours] Maison Test SAS - BFR en jours de chiffre d'affaires 2025 : 49,8 jours (2024 : 43,8 jours) ; formule : BFR / chiffre d'affaires × 365",
		"[R-test-dso] Maison Test SAS - Délai clients (DSO) 2025 : 76,3 jours (2024 : 73 jours) ; formule : créances clients / chiffre d'affaires × 365",
		"[R-test-autonomie-financiere] Maison Test SAS - Autonomie financière 2025 : 38,9 % (2024 : 38,5 %) ; formule : capitaux propres / total passif",
		"[R-test-croissance-ca] Maison Test SAS - Croissance du chiffre d'affaires 2025 : 10,0 % ; formule : chiffre d'affaires N / chiffre d'affaires N-1 - 1",
		"[R-test-couverture-financiere] Maison Test SAS - Couverture des frais financiers 2025 : 11,6x (2024 : 13,0x) ; formule : EBITDA / -résultat financier",
		"[R-test-dio] Maison Test SAS - Rotation des stocks (DIO) 2025 : 89,2 jours (2024 : 91,3 jours) ; formule : stocks / achats consommés × 365",
		"[R-test-dpo] Maison Test SAS - Délai fournisseurs (DPO) 2025 : 87,2 jours (2024 : 91,3 jours) ; formule : dettes fournisseurs / (achats consommés + charges externes) × 365",
		"[R-test-caf] Maison Test SAS - Capacité d'autofinancement 2025 : 11 125 k€ (2024 : 10 250 k€) ; formule : résultat net + dotations aux amortissements",
		"[R-test-liquidite-generale] Maison Test SAS - Liquidité générale 2025 : 2,1x (2024 : 2,0x) ; formule : (stocks + créances clients + autres actifs courants + trésorerie) / (dettes fournisseurs + autres passifs courants)",
		"[R-test-mois-de-tresorerie] Maison Test SAS - Mois de trésorerie 2025 : non significatif (flux d'exploitation positif : le free cash-flow est négatif du fait des investissements) ; formule : trésorerie / (-free cash-flow / 12), quand le free cash-flow est négatif",
	}
	var texts []string
	for _, f := range got[:len(ratios.Definitions)] {
		texts = append(texts, f.String())
	}
	if diff := cmp.Diff(want, texts); diff != "" {
		t.Errorf("facts (-want +got):\n%s", diff)
	}
}

// The key-figures table: N, N-1 and the change in percent for an amount,
// in points for a percentage, in turns for a multiple.
func TestKeyFigures(t *testing.T) {
	t.Parallel()
	r := fixture(t)
	got := RatioFacts(r.Company, r.YearsDesc(), ratios.Compute(r), truthEvidence(r))
	table := got[len(got)-1]
	if table.ID != "R-test-chiffres-cles" || !table.Verified() {
		t.Fatalf("last fact %s (%s), want the verified key figures", table.ID, table.State)
	}
	for _, row := range []string{
		"Chiffres clés | 2025 | 2024 | variation ; ",
		"; Chiffre d'affaires | 110 000 k€ | 100 000 k€ | 10,0 % ;",
		"; Marge d'EBITDA | 12,6 % | 13,0 % | -0,4 pt ;",
		"; Levier | 1,4x | 1,3x | +0,1x",
	} {
		if !strings.Contains(table.Text, row) {
			t.Errorf("key figures lack %q: %s", row, table.Text)
		}
	}
	// A year before that the table does not print does not stand under it.
	prev := r.Years[2024]
	prev.Clear(statements.Key{Statement: statements.Income, Name: "resultat_net"})
	r.Years[2024] = prev
	got = RatioFacts(r.Company, r.YearsDesc(), ratios.Compute(r), truthEvidence(r))
	if table := got[len(got)-1]; !table.Verified() {
		t.Errorf("key figures %s: %s %v", table.State, table.Text, table.Reasons)
	}
}

func TestRatioFactsNonSignificantAndSingleYear(t *testing.T) {
	t.Parallel()
	r := fixture(t)
	cur := r.Years[2025]
	cur.Income.OperatingResult = statements.Amount(-6000)
	r.Years = map[int]statements.Year{2025: cur}
	got := RatioFacts("Maison Ferlac SAS", r.YearsDesc(), ratios.Compute(r), truthEvidence(r))
	want := Fact{ID: "R-ferlac-levier", Text: "Maison Ferlac SAS - Levier 2025 : non significatif (EBITDA nul ou négatif) ; formule : dette nette / EBITDA"}
	if diff := cmp.Diff(want, got[2], cmpopts.IgnoreFields(Fact{}, "State", "Reasons", "Fields")); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if RatioFacts("X", nil, nil, Evidence{}) != nil {
		t.Error("facts without years")
	}
}

// TestRatioFactsParseBack checks that the memo check can read every fact's
// numbers back with frnum.Parse.
func TestRatioFactsParseBack(t *testing.T) {
	t.Parallel()
	r := fixture(t)
	rs := ratios.Compute(r)
	for i, f := range RatioFacts(r.Company, r.YearsDesc(), rs, truthEvidence(r))[:len(ratios.Definitions)] {
		d := ratios.Definitions[i]
		var values []float64
		for _, n := range frnum.Parse(f.Text) {
			if n.Unit == d.Unit {
				values = append(values, n.Value)
			}
		}
		var want []float64
		if cur := d.Get(rs[2025]); cur.OK() {
			want = append(want, frnum.Round1(cur.Number))
		}
		if prev := d.Get(rs[2024]); prev.OK() {
			want = append(want, frnum.Round1(prev.Number))
		}
		if diff := cmp.Diff(want, values); diff != "" {
			t.Errorf("%s: parsed values (-want +got):\n%s", f.ID, diff)
		}
	}
}

func TestAlertFacts(t *testing.T) {
	t.Parallel()
	alerts := []ratios.Alert{
		{Rule: ratios.RuleLeverage, Year: 2025, Text: "Levier de 5,5x en 2025, au-dessus du seuil de 3,5x."},
		{Rule: ratios.RuleNegativeFCF, Year: 2025, Text: "Résultat net de 11 175 k€ mais free cash-flow de -47 225 k€ en 2025."},
	}
	want := []string{
		"[A-solvea-1] Solvéa Énergies SA - Levier de 5,5x en 2025, au-dessus du seuil de 3,5x.",
		"[A-solvea-2] Solvéa Énergies SA - Résultat net de 11 175 k€ mais free cash-flow de -47 225 k€ en 2025.",
	}
	var got []string
	for _, f := range AlertFacts("Solvéa Énergies SA", alerts, Evidence{}) {
		got = append(got, f.String())
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	b, err := json.Marshal(Fact{ID: "A-x-1", Text: "t", State: Verified})
	if err != nil || string(b) != `{"id":"A-x-1","texte":"t","etat":"verifie"}` {
		t.Errorf("JSON = %s, %v", b, err)
	}
}
