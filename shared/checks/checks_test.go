package checks

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/statements"
)

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("decode %s: %v", path, err)
	}
}

func normalised(t *testing.T, name string) statements.Report {
	t.Helper()
	var tr statements.Transcription
	readJSON(t, filepath.Join("testdata", name), &tr)
	r, err := statements.Normalise(tr)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// failures lists the messages of the checks that did not pass.
func failures(cs []Check) []string {
	var out []string
	for _, c := range cs {
		if c.Status != Passed {
			out = append(out, c.Message)
		}
	}
	return out
}

func TestIdentitiesPass(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		report func(t *testing.T) statements.Report
	}{
		{"truth fixture", func(t *testing.T) statements.Report { return fixtures.TruthReport(t, fixtures.SmallTruth(t)) }},
		{"transcription in k€", func(t *testing.T) statements.Report { return normalised(t, "test_keur.json") }},
		{"transcription in M€ with one decimal", func(t *testing.T) statements.Report { return normalised(t, "test_meur.json") }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			cs := Identities(tt.report(t))
			if len(cs) != 29 {
				t.Errorf("%d checks, want 29", len(cs))
			}
			if diff := cmp.Diff([]string(nil), failures(cs)); diff != "" {
				t.Errorf("failed checks (-want +got):\n%s", diff)
			}
		})
	}
}

func TestMEURConvertsWithinTolerance(t *testing.T) {
	t.Parallel()
	r := normalised(t, "test_meur.json")
	if got := *r.Years[2025].Balance.TotalAssets; got != 87800 {
		t.Errorf("total actif 2025 = %v, want 87 800 k€", got)
	}
	// 2024: flows of 8,2 - 5,5 - 1,0 M€ against a printed change of 1,8 M€,
	// within 4 × 100 k€.
	want := Check{Year: 2024, Label: "variation de trésorerie = somme des trois flux", Expected: 1700, Read: 1800, OK: true, Status: Passed,
		Message: "2024 - variation de trésorerie = somme des trois flux : 1 800 (k€)"}
	for _, c := range Identities(r) {
		if c.Year == want.Year && c.Label == want.Label {
			if diff := cmp.Diff(want, c); diff != "" {
				t.Errorf("check (-want +got):\n%s", diff)
			}
		}
	}
}

// TestRealReportsTruth runs on every testdata/*/truth.json of the module and
// fails while any of the three real reports' ground truth is missing.
func TestRealReportsTruth(t *testing.T) {
	t.Parallel()
	reports := fixtures.Reports(t)
	found := map[string]bool{}
	for _, rep := range reports {
		found[rep.Slug] = true
	}
	for _, company := range []string{"ferlac", "helvane", "solvea"} {
		if !found[company] {
			t.Errorf("testdata/%s/truth.json missing", company)
		}
	}
	for _, rep := range reports {
		t.Run(rep.Slug, func(t *testing.T) {
			t.Parallel()
			r := fixtures.TruthReport(t, rep.Truth)
			cs := Identities(r)
			if len(cs) != 29 {
				t.Errorf("%d checks, want 29", len(cs))
			}
			if diff := cmp.Diff([]string(nil), failures(cs)); diff != "" {
				t.Errorf("failed checks (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSwappedReceivables(t *testing.T) {
	t.Parallel()
	r := fixtures.TruthReport(t, fixtures.SmallTruth(t))
	y25, y24 := r.Years[2025], r.Years[2024]
	y25.Balance.TradeReceivables, y24.Balance.TradeReceivables = y24.Balance.TradeReceivables, y25.Balance.TradeReceivables
	r.Years = map[int]statements.Year{2025: y25, 2024: y24}
	want := []string{
		"2025 - total actif = somme des postes : attendu 84 825, lu 87 825 (k€)",
		"2025 - variation du BFR = -(BFR - BFR précédent) : attendu 3 000, lu -3 000 (k€)",
		"2024 - total actif = somme des postes : attendu 81 000, lu 78 000 (k€)",
	}
	if diff := cmp.Diff(want, failures(Identities(r))); diff != "" {
		t.Errorf("failed checks (-want +got):\n%s", diff)
	}
}

func TestUnverifiable(t *testing.T) {
	t.Parallel()
	full := fixtures.TruthReport(t, fixtures.SmallTruth(t))
	oneYear := full
	oneYear.Years = map[int]statements.Year{2025: full.Years[2025]}
	missing := normalised(t, "test_keur.json")
	y := missing.Years[2025]
	y.Clear(statements.Key{Statement: statements.Balance, Name: "stocks"})
	missing.Years[2025] = y
	noNet := normalised(t, "test_keur.json")
	y = noNet.Years[2025]
	y.Clear(statements.Key{Statement: statements.Income, Name: "resultat_net"})
	noNet.Years[2025] = y
	tests := []struct {
		name      string
		report    statements.Report
		wantCount int
		want      []string
	}{
		{"single year", oneYear, 16, []string{
			"2025 - trésorerie d'ouverture = clôture de l'exercice précédent : non vérifiable (un seul exercice)",
			"2025 - capitaux propres = précédents + résultat net + dividendes + augmentation de capital : non vérifiable (un seul exercice)",
			"2025 - variation du BFR = -(BFR - BFR précédent) : non vérifiable (un seul exercice)",
		}},
		{"absent line of a printed total", missing, 29, []string{
			"2025 - total actif = somme des postes : attendu 76 825, lu 87 825 (k€) ; non imprimés, comptés pour 0 : bilan.stocks",
			"2025 - variation du BFR = -(BFR - BFR précédent) : non vérifiable (poste absent : bilan.stocks)",
		}},
		{"absent total", noNet, 29, []string{
			"2025 - résultat net = exploitation + financier + exceptionnel - impôt : non vérifiable (poste absent : compte_resultat.resultat_net)",
			"2025 - résultat net du tableau de flux = compte de résultat : non vérifiable (poste absent : compte_resultat.resultat_net)",
			"2025 - capitaux propres = précédents + résultat net + dividendes + augmentation de capital : non vérifiable (poste absent : compte_resultat.resultat_net)",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			cs := Identities(tt.report)
			if len(cs) != tt.wantCount {
				t.Errorf("%d checks, want %d", len(cs), tt.wantCount)
			}
			if diff := cmp.Diff(tt.want, failures(cs)); diff != "" {
				t.Errorf("not passed (-want +got):\n%s", diff)
			}
		})
	}
}

func TestMissingPreviousKeyNamesTheYear(t *testing.T) {
	t.Parallel()
	r := normalised(t, "test_keur.json")
	y := r.Years[2024]
	y.Clear(statements.Key{Statement: statements.CashFlow, Name: "tresorerie_cloture"})
	r.Years[2024] = y
	got := failures(Identities(r))
	want := []string{
		"2025 - trésorerie d'ouverture = clôture de l'exercice précédent : non vérifiable (poste absent : flux_tresorerie.tresorerie_cloture 2024)",
		"2024 - trésorerie de clôture = ouverture + variation : non vérifiable (poste absent : flux_tresorerie.tresorerie_cloture)",
		"2024 - trésorerie de clôture = trésorerie du bilan : non vérifiable (poste absent : flux_tresorerie.tresorerie_cloture)",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("not passed (-want +got):\n%s", diff)
	}
}

func TestTolerance(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		unit  frnum.Unit
		delta float64 // error added to total_actif 2025 (8 terms)
		ok    bool
	}{
		{"k€ within 8 k€", frnum.KEUR, 8, true},
		{"k€ beyond 8 k€", frnum.KEUR, 9, false},
		{"M€ within 800 k€", frnum.MEUR, 800, true},
		{"M€ beyond 800 k€", frnum.MEUR, 900, false},
		{"€ within 0.8 k€", frnum.EUR, 0.8, true},
		{"€ beyond 0.8 k€", frnum.EUR, 0.9, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := fixtures.TruthReport(t, fixtures.SmallTruth(t))
			r.PrintedUnit = tt.unit
			y := r.Years[2025]
			y.Balance.TotalAssets = statements.Amount(*y.Balance.TotalAssets + tt.delta)
			y.Balance.TotalLiabilities = statements.Amount(*y.Balance.TotalLiabilities + tt.delta) // keep check 5 equal
			y.Balance.Equity = statements.Amount(*y.Balance.Equity + tt.delta)                     // keep check 4 balanced
			r.Years = map[int]statements.Year{2025: y, 2024: r.Years[2024]}
			for _, c := range Identities(r) {
				if c.Year == 2025 && c.Label == "total actif = somme des postes" && c.OK != tt.ok {
					t.Errorf("OK = %v, want %v: %s", c.OK, tt.ok, c.Message)
				}
			}
		})
	}
}

func TestCheck16HasFiveTimesTheTolerance(t *testing.T) {
	t.Parallel()
	tests := []struct {
		delta float64
		ok    bool
	}{{55, true}, {56, false}} // 11 terms × 1 k€ × 5
	for _, tt := range tests {
		r := fixtures.TruthReport(t, fixtures.SmallTruth(t))
		y := r.Years[2025]
		y.CashFlow.WorkingCapitalChange = statements.Amount(*y.CashFlow.WorkingCapitalChange + tt.delta)
		r.Years = map[int]statements.Year{2025: y, 2024: r.Years[2024]}
		for _, c := range Identities(r) {
			if c.Label == "variation du BFR = -(BFR - BFR précédent)" && c.OK != tt.ok {
				t.Errorf("delta %v: OK = %v, want %v", tt.delta, c.OK, tt.ok)
			}
		}
	}
}

func TestSubtotals(t *testing.T) {
	t.Parallel()
	var tr statements.Transcription
	readJSON(t, "testdata/test_keur.json", &tr)
	// The balance sheet prints its borrowings on three lines and a wrong
	// subtotal: the key still adds up the lines, the subtotal check fails.
	borrowings := []statements.Line{
		{Label: "Emprunts obligataires", Amounts: amounts(10000, 8000), Category: "dettes_financieres"},
		{Label: "Emprunts bancaires", Amounts: amounts(15000, 13000), Category: "dettes_financieres"},
		{Label: "Concours bancaires courants", Amounts: amounts(4000, 4000), Category: "dettes_financieres"},
		{Label: "Total dettes financières", Amounts: amounts(30000, 25000), Category: statements.Subtotal, Covers: []string{"dettes_financieres"}},
	}
	var lines []statements.Line
	for _, l := range tr.Tables[1].Lines {
		if l.Category == "dettes_financieres" {
			lines = append(lines, borrowings...)
			continue
		}
		lines = append(lines, l)
	}
	tr.Tables[1].Lines = lines
	r, err := statements.Normalise(tr)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string(nil), failures(Identities(r))); diff != "" {
		t.Errorf("identities (-want +got):\n%s", diff)
	}
	want := []Check{
		{Year: 2025, Label: "sous-total « Total dettes financières » (bilan, page 8) = somme de ses lignes", Expected: 29000, Read: 30000, Status: Failed,
			Message: "2025 - sous-total « Total dettes financières » (bilan, page 8) = somme de ses lignes : attendu 29 000, lu 30 000 (k€)"},
		{Year: 2024, Label: "sous-total « Total dettes financières » (bilan, page 8) = somme de ses lignes", Expected: 25000, Read: 25000, OK: true, Status: Passed,
			Message: "2024 - sous-total « Total dettes financières » (bilan, page 8) = somme de ses lignes : 25 000 (k€)"},
	}
	if diff := cmp.Diff(want, Subtotals(r)); diff != "" {
		t.Errorf("subtotals (-want +got):\n%s", diff)
	}
}

func amounts(vs ...float64) []*float64 {
	out := make([]*float64, len(vs))
	for i := range vs {
		out[i] = &vs[i]
	}
	return out
}

// A table value a few roundings from zero (0,1 k€ for about 100 €) says
// nothing of the scale: "500 euros" in the text does not accuse it.
func TestScaleIgnoresTinyValues(t *testing.T) {
	t.Parallel()
	r := statements.Report{PrintedUnit: frnum.EUR, Years: map[int]statements.Year{2019: {
		Balance: statements.BalanceSheet{Inventories: statements.Amount(0.1), Cash: statements.Amount(250)}}}}
	if c := Scale(r, []string{"Une pénalité de 500 euros."}); c.Status != Unverifiable {
		t.Errorf("%s: %s", c.Status, c.Message)
	}
}

func TestScale(t *testing.T) {
	t.Parallel()
	var pages []string
	readJSON(t, "testdata/pages.json", &pages)
	tests := []struct {
		name       string
		unit       string // printed unit the reader reported for test_keur.json
		pages      []string
		wantStatus Status
		wantMsg    string
	}{
		{"unit right", "k€", pages, Passed, "2025 - échelle des tableaux = montants cités dans le texte : 5 montant(s) du texte concordent (k€)"},
		{"k€ tables read as €", "€", pages, Failed,
			"2025 - échelle des tableaux = montants cités dans le texte : attendu 110 000, lu 110 (k€) ; page 2 : « 110,0 M€ », unité des tableaux « € » à vérifier"},
		{"k€ tables read as M€", "M€", pages, Failed,
			"2025 - échelle des tableaux = montants cités dans le texte : attendu 110 000, lu 110 000 000 (k€) ; page 2 : « 110,0 M€ », unité des tableaux « M€ » à vérifier"},
		{"no amount in the text", "k€", []string{"Rapport annuel 2025", "1 250 salariés"}, Unverifiable,
			"2025 - échelle des tableaux = montants cités dans le texte : non vérifiable (aucun montant du texte ne correspond aux tableaux)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var tr statements.Transcription
			readJSON(t, "testdata/test_keur.json", &tr)
			tr.PrintedUnit = tt.unit
			r, err := statements.Normalise(tr)
			if err != nil {
				t.Fatal(err)
			}
			c := Scale(r, tt.pages)
			if c.Status != tt.wantStatus || c.Message != tt.wantMsg {
				t.Errorf("got %s %q\nwant %s %q", c.Status, c.Message, tt.wantStatus, tt.wantMsg)
			}
		})
	}
}

func TestAllCombines(t *testing.T) {
	t.Parallel()
	var pages []string
	readJSON(t, "testdata/pages.json", &pages)
	r := normalised(t, "test_keur.json")
	cs := All(r, pages)
	if len(cs) != 30 {
		t.Errorf("%d checks, want 29 identities + 1 scale", len(cs))
	}
	if diff := cmp.Diff([]string(nil), failures(cs)); diff != "" {
		t.Errorf("failed checks (-want +got):\n%s", diff)
	}
}
