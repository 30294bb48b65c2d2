package facts

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"analyste.dev/analyste/shared/checks"
	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/ratios"
	"analyste.dev/analyste/shared/statements"
)

// Notes shaped like a French annual report's, written for this test, on the
// fixture's borrower (EBITDA 2025 of 13 900 k€, net debt of 19 375 k€).
func TestLenderFacts(t *testing.T) {
	t.Parallel()
	r := fixture(t)
	cover := "Maison Test SAS\nRapport annuel 2025"
	capital := "Note 7 – Capitaux propres\nLe capital est détenu à 55 % par la famille Test et à 45 % par Alpha Capital.\n"
	debts := "Note 9 – Dettes financières\nLes emprunts et dettes financières divers (2 000 k€) correspondent aux comptes courants d’associés.\n" +
		"L’EBITDA ajusté de 15 400 k€ réintègre les coûts de lancement (900 k€) et les économies attendues (600 k€).\n"
	commitments := "Note 11 – Engagements hors bilan\nLes commandes d’immobilisations restant à exécuter s’élèvent à 1 200 k€.\n" +
		"Engagements de crédit-bail : les redevances restant à payer s’élèvent à 3 000 k€, dont 800 k€ à moins d’un an.\n"
	cerfa := "COMPOSITION DU CAPITAL SOCIAL          N° 2059-F-SD 2020\nDÉNOMINATION DE L’ENTREPRISE    MAISON TEST\n" +
		"I - CAPITAL DÉTENU PAR LES PERSONNES MORALES :\nForme juridique   SAS             Dénomination   HOLDING EXEMPLE\n" +
		"N° SIREN (si société établie en France)     1 2 3     % de détention    80,5 Nb de parts ou actions          800\n" +
		"Forme juridique   54              Dénomination   AZ CAPITAL\n" +
		"N° SIREN (si société établie en France)     4 5 6     % de détention    19.50 Nb de parts ou actions          195\n"
	type want struct {
		id, text string
		verified bool
	}
	tests := []struct {
		name  string
		pages []string
		want  []want
	}{
		{"every item printed", []string{cover, capital, debts, commitments}, []want{
			{"C-test-actionnariat", "Maison Test SAS - Actionnariat : famille Test 55 %, Alpha Capital 45 % (p. 2)", true},
			{"C-test-ebitda-ajuste", "Maison Test SAS - EBITDA ajusté publié : 15 400 k€ (p. 3) ; retraitements : coûts de lancement 900 k€, économies attendues 600 k€ ; part des retraitements : 9,7 % ; rapprochés de l'EBITDA des comptes", true},
			{"C-test-dette-nette-perimetre", "Maison Test SAS - Dette nette hors comptes courants d'associés : 17 375 k€ (comptes courants de 2 000 k€, p. 3) ; dette nette y compris le crédit-bail restant dû : 22 375 k€ (crédit-bail hors bilan de 3 000 k€, p. 4) ; dettes envers les associés remboursables à leur demande, sauf convention de blocage ou de subordination", true},
			{"C-test-investissements-engages", "Maison Test SAS - Investissements engagés restant à exécuter : 1 200 k€ (p. 4)", true},
		}},
		{"nothing printed", []string{cover, "Rapport de gestion\nLes investissements devraient s’élever à 5 000 k€ en 2026.\n"}, []want{
			{"C-test-actionnariat", "Maison Test SAS - Actionnariat : non disponible dans le document", true},
			{"C-test-ebitda-ajuste", "Maison Test SAS - EBITDA ajusté : non disponible dans le document ; EBITDA retenu : celui des comptes, calculé par le code (résultat d'exploitation + dotations aux amortissements)", true},
			{"C-test-dette-nette-perimetre", "Maison Test SAS - Comptes courants d'associés et dettes locatives ou crédit-bail : non disponible dans le document", true},
			{"C-test-investissements-engages", "Maison Test SAS - Investissements engagés : non disponible dans le document", true},
		}},
		{"shares over the capital", []string{cover, "Note 7 – Capitaux propres\nLe capital est détenu à 70 % par la famille Test et à 45 % par Alpha Capital.\n"}, []want{
			{"C-test-actionnariat", "Maison Test SAS - Actionnariat : famille Test 70 %, Alpha Capital 45 % (p. 2)", false},
		}},
		{"add-backs that do not give the adjusted EBITDA", []string{cover, "Note 9 – Dettes financières\nL’EBITDA ajusté de 20 000 k€ réintègre les coûts de lancement (900 k€).\n"}, []want{
			{"C-test-ebitda-ajuste", "Maison Test SAS - EBITDA ajusté publié : 20 000 k€ (p. 2) ; retraitements : coûts de lancement 900 k€ ; part des retraitements : 4,5 %", false},
		}},
		{"IFRS 16 leases in the financial debt", []string{cover, "Note 8 – Contrats de location\nLes dettes locatives s’élèvent à 4,0 M€, dont 1,0 M€ à moins d’un an.\n"}, []want{
			{"C-test-dette-nette-perimetre", "Maison Test SAS - Dette nette hors dettes locatives, incluses dans les dettes financières : 15 375 k€ (dettes locatives de 4,0 M€, p. 2) ; comptes courants d'associés : non disponible dans le document", true},
		}},
		{"shareholder loans over the financial debt", []string{cover, "Note 9 – Dettes financières\nLes comptes courants d’associés s’élèvent à 90 000 k€ au 31 décembre 2025.\n"}, []want{
			{"C-test-dette-nette-perimetre", "Maison Test SAS - Dette nette hors comptes courants d'associés : -70 625 k€ (comptes courants de 90 000 k€, p. 2) ; dettes envers les associés remboursables à leur demande, sauf convention de blocage ou de subordination ; dettes locatives ou crédit-bail : non disponible dans le document", false},
		}},
		{"the Cerfa 2059-F", []string{cover, cerfa}, []want{
			{"C-test-actionnariat", "Maison Test SAS - Actionnariat : SAS HOLDING EXEMPLE 80,5 %, AZ CAPITAL 19,50 % (p. 2)", true},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := map[string]Fact{}
			for _, f := range LenderFacts(r.Company, r.YearsDesc(), ratios.Compute(r), truthEvidence(r), tt.pages) {
				got[f.ID] = f
			}
			for _, w := range tt.want {
				f, ok := got[w.id]
				if !ok {
					t.Fatalf("no fact %s in %+v", w.id, got)
				}
				if f.Text != w.text || f.Verified() != w.verified {
					t.Errorf("%s:\n got %q (verified %v, %v)\nwant %q (verified %v)", w.id, f.Text, f.Verified(), f.Reasons, w.text, w.verified)
				}
			}
		})
	}
}

// The capex committed becomes a use of the twelve months.
func TestLiquidityCommittedCapex(t *testing.T) {
	t.Parallel()
	r := fixture(t)
	capex := Fact{ID: "C-test-investissements-engages", State: Verified, Text: "Maison Test SAS - Investissements engagés restant à exécuter : 1 200 k€ (p. 4)",
		Figure: &Figure{Type: FigureCommittedCapex, Role: "total", Unit: "k€"}}
	f, ok := LiquidityFact(r.Company, r.YearsDesc(), ratios.Compute(r), truthEvidence(r), []Fact{capex})
	if !ok {
		t.Fatal("no liquidity fact")
	}
	if !strings.Contains(f.Text, "investissements engagés : 1 200 k€") || !strings.Contains(f.Text, "échéances de la dette à moins d'un an non publiées") || f.Flows.Cover != nil {
		t.Errorf("liquidity %q (cover %v): the capex is a use, and without maturities there is no cover", f.Text, f.Flows.Cover)
	}
	// The worst case: the whole financial debt due within the year, the
	// least cover the schedule can give, said to be so.
	debt, _ := r.Value(r.YearsDesc()[0], debtKey)
	worst := Total(f.Flows.Uses) + debt
	if want := fmt.Sprintf("au pire, emplois de %s au plus, les emplois connus et toute la dette financière du bilan (%s) dus à moins d'un an : couverture des emplois par les sources d'au moins ",
		frnum.FormatKEUR(worst), frnum.FormatKEUR(debt)); !strings.Contains(f.Text, want) || f.Flows.MinCover == nil || math.Abs(*f.Flows.MinCover-Total(f.Flows.Sources)/worst) > 1e-9 {
		t.Errorf("liquidity %q (least cover %v), want %q", f.Text, f.Flows.MinCover, want)
	}
}

// The current part of the financial debt a balance sheet prints on a line
// of its own (IFRS) is the debt due within the year: a use, and a cover.
func TestLiquidityCurrentDebt(t *testing.T) {
	t.Parallel()
	r := fixture(t)
	y := r.YearsDesc()[0]
	current, long, leases, longLeases := 11.4, 76.0, 2.1, 9.6
	tr := statements.Transcription{PrintedUnit: "M€", Tables: []statements.Table{{Statement: statements.Balance, Page: 10, Years: []int{y}, Lines: []statements.Line{
		{Label: "Emprunts auprès des établissements de crédit", Amounts: []*float64{&long}, Category: "dettes_financieres"},
		{Label: "Dettes locatives non courantes", Amounts: []*float64{&longLeases}, Category: "dettes_financieres"},
		{Label: "Part à moins d’un an des dettes financières", Amounts: []*float64{&current}, Category: "dettes_financieres"},
		{Label: "Dettes locatives courantes", Amounts: []*float64{&leases}, Category: "dettes_financieres"},
	}}}}
	f, ok := LiquidityFact(r.Company, r.YearsDesc(), ratios.Compute(r), NewEvidence(r, tr, checks.Identities(r), nil), nil)
	if !ok {
		t.Fatal("no liquidity fact")
	}
	want := "échéances de la dette à moins d'un an (bilan, « Part à moins d’un an des dettes financières » et « Dettes locatives courantes », p. 10) : 13 500 k€"
	if !strings.Contains(f.Text, want) || f.Flows.Cover == nil {
		t.Errorf("liquidity %q (cover %v), want %q and a cover", f.Text, f.Flows.Cover, want)
	}
	// Without the current lines, the long-term debt is no maturity.
	tr.Tables[0].Lines = tr.Tables[0].Lines[:2]
	if f, _ := LiquidityFact(r.Company, r.YearsDesc(), ratios.Compute(r), NewEvidence(r, tr, checks.Identities(r), nil), nil); f.Flows.Cover != nil {
		t.Errorf("liquidity %q: no line of the current part, no cover", f.Text)
	}
}

// The Cerfa 2057's row VI « Groupe et associés » and its line VL (debts
// to the shareholders who are natural persons, a part of rows 8A and VI)
// are the shareholder loans when the balance sheet's « Emprunts et dettes
// financières divers » is rows 8A and VI together and VL fits in them;
// otherwise they are not verified. Net debt leaves out the larger.
func TestCerfaGroupLoans(t *testing.T) {
	t.Parallel()
	const (
		head   = "ÉTAT DES ÉCHÉANCES DES CRÉANCES ET          N° 2057-SD\nDES DETTES\nGroupe et associés (2)                  VC          390          390\n"
		other  = "Emprunts et dettes financières divers (1) (2)             8A                194 213                                          194 213\n"
		group  = "Groupe et associés (2)                              VI                 78 517                 78 517\n"
		blank  = "tés auprès des associés personnes physiques        VL\n"
		within = "tés auprès des associés personnes physiques        VL      50 000\n"
		over   = "tés auprès des associés personnes physiques        VL      300 000\n"
	)
	for _, tt := range []struct {
		name     string
		page     string
		line     float64
		excluded float64 // k€
		verified bool
		label    string
	}{
		{"VI, the 2051's line is 8A + VI", head + other + group + blank, 272730, 78.517, true, "« Groupe et associés » : %s"},
		{"VI, the 2051's line is 8A only", head + other + group + blank, 194213, 78.517, false, "« Groupe et associés » : %s"},
		{"VL above VI", head + other + group + within, 272730, 78.517, true, "ligne VL, dettes auprès des associés personnes physiques : 50 000 €"},
		{"VL, VI blank", head + other + within, 194213, 50, true, "ligne VL : %s"},
		{"VL over 8A and VI", head + other + group + over, 272730, 300, false, "le plus grand"},
	} {
		line := tt.line
		tr := statements.Transcription{PrintedUnit: "€", Tables: []statements.Table{{Statement: statements.Balance, Page: 3, Years: []int{2019}, Lines: []statements.Line{
			{Label: "Emprunts et dettes financières divers (Dont emprunts participatifs)", Amounts: []*float64{&line}, Category: "dettes_financieres"},
		}}}}
		c, ok := cerfaGroupLoans([]string{"Bilan", tt.page}, 2019, NewEvidence(statements.Report{}, tr, nil, nil))
		if v, _ := c.excluded().KEUR(); !ok || c.page != 2 || v != tt.excluded || (len(c.reasons) == 0) != tt.verified || !strings.Contains(c.label(), tt.label) {
			t.Errorf("%s: %v k€ p. %d, reasons %v, label %q, ok %v; want %v k€ (not row VC) p. 2, verified %v, label with %q", tt.name, v, c.page, c.reasons, c.label(), ok, tt.excluded, tt.verified, tt.label)
		}
	}
	if _, ok := cerfaGroupLoans([]string{"Bilan", head + other + blank}, 2019, NewEvidence(statements.Report{}, statements.Transcription{}, nil, nil)); ok {
		t.Error("rows VI and VL blank: no shareholder loans")
	}
}

// The annexe's state of debts gives the debt due within a year when the
// text lists no schedule: a use, and a cover.
func TestLiquidityScheduleTable(t *testing.T) {
	t.Parallel()
	r := fixture(t)
	table := Fact{ID: "C-test-echeancier", State: Verified, Page: 15, Text: "Maison Test SAS - État des échéances des dettes financières (p. 15) : 451,9 k€, dont 142,9 k€ à un an au plus",
		Figure: &Figure{Type: figureSchedule, Role: "total", Unit: "k€"}}
	f, ok := LiquidityFact(r.Company, r.YearsDesc(), ratios.Compute(r), truthEvidence(r), []Fact{table})
	if !ok || !strings.Contains(f.Text, "échéances de la dette à moins d'un an (état des échéances des dettes, p. 15) : 142,9 k€") || f.Flows.Cover == nil || !f.Verified() {
		t.Errorf("liquidity %q (cover %v, verified %v): the state of debts' part within a year is a use", f.Text, f.Flows != nil && f.Flows.Cover != nil, f.Verified())
	}
	table.State = Unverified
	if f, _ := LiquidityFact(r.Company, r.YearsDesc(), ratios.Compute(r), truthEvidence(r), []Fact{table}); f.Verified() {
		t.Errorf("liquidity %q verified on an unverified state of debts", f.Text)
	}
}
