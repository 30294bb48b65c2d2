package statementreader

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"analyste.dev/analyste/shared/statements"
)

func TestAmountCell(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		text string
		want *float64
		ok   bool
	}{
		{"milliers espace insécable", "157\u00a0275", new(157275.0), true},
		{"espace fine", "12\u202f000", new(12000.0), true},
		{"parenthèses", "(4 300)", new(-4300.0), true},
		{"moins en tête", "-22 080", new(-22080.0), true},
		{"moins typographique", "−3,6", new(-3.6), true},
		{"moins final", "17 560-", new(-17560.0), true},
		{"décimale", "412,6", new(412.6), true},
		{"tiret seul", "–", new(0.0), true},
		{"trait d'union seul", "-", new(0.0), true},
		{"euros après le montant", "1 234,56\u00a0€", new(1234.56), true},
		{"euros sans séparateur, moins typographique", "−4812,90 €", new(-4812.9), true},
		{"euros entre parenthèses", "(1.234 €)", new(-1234.0), true},
		{"pourcentage", "12 %", nil, false},
		{"libellé", "Capital social", nil, false},
		{"deux nombres", "2 191 030 12", nil, false},
		{"texte et nombre", "Total 12", nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, ok := amountCell(tt.text)
			if ok != tt.ok || !cmp.Equal(got, tt.want) {
				t.Errorf("amountCell(%q) = %v, %v ; attendu %v, %v", tt.text, deref(got), ok, deref(tt.want), tt.ok)
			}
		})
	}
}

func deref(p *float64) any {
	if p == nil {
		return nil
	}
	return *p
}

func TestParseHeader(t *testing.T) {
	t.Parallel()
	n, n1 := 0, -1
	tests := []struct {
		name string
		text string
		want header
		ok   bool
	}{
		{"exercice", "Exercice 2025", header{year: 2025}, true},
		{"date", "31/12/2024", header{year: 2024, period: statements.Period{End: "2024-12-31"}}, true},
		{"mois abrégé", "31 déc. 2025", header{year: 2025, period: statements.Period{End: "2025-12-31"}}, true},
		{"période", "05/05/2021 - 31/12/2022", header{year: 2022, period: statements.Period{Start: "2021-05-05", End: "2022-12-31"}}, true},
		{"semestre", "Semestre clos le 30/06/2025", header{year: 2025, period: statements.Period{End: "2025-06-30", Months: 6}}, true},
		{"premier semestre", "1er semestre 2024", header{year: 2024, period: statements.Period{Months: 6}}, true},
		{"du … au", "du 01/01/2025 au 31/10/2025", header{year: 2025, period: statements.Period{Start: "2025-01-01", End: "2025-10-31", Months: 10}}, true},
		{"du", "Du 15/02/2025", header{year: 2025, period: statements.Period{Start: "2025-02-15"}}, true},
		{"au", "au 31/12/2025", header{year: 2025, period: statements.Period{End: "2025-12-31"}}, true},
		{"situation de dix mois", "31/10/2025 (10 mois)", header{year: 2025, period: statements.Period{End: "2025-10-31", Months: 10}}, true},
		{"cases", "3 1 1 2 2 0 2 3", header{year: 2023}, true},
		{"net", "Net", header{net: true}, true},
		{"brut", "Brut", header{gross: true}, true},
		{"amortissements", "Amort. et dép.", header{gross: true}, true},
		{"notes", "Notes", header{notes: true}, true},
		{"N", "Exercice N clos le", header{relative: &n}, true},
		{"N-1", "Exercice N-1", header{relative: &n1}, true},
		{"écart", "Ecart N / N-1", header{comparison: true}, true},
		{"ratio", "% CA", header{comparison: true}, true},
		{"variation", "Variation en valeur", header{comparison: true}, true},
		{"N / N-1", "N / N-1", header{}, false},
		{"durée", "(19 mois, 26 jours)", header{period: statements.Period{Months: 19}}, true},
		{"pourcentage seul", "%", header{comparison: true}, true},
		{"colonne des annexes", "Annexe", header{notes: true}, true},
		{"libellé", "Capital social", header{}, false},
		{"montant", "2 000", header{}, false},
		{"montant sans séparateur", "2738", header{}, false},
		{"unité", "(en milliers d'euros)", header{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, ok := parseHeader(tt.text)
			if ok != tt.ok {
				t.Fatalf("parseHeader(%q) ok = %v, attendu %v", tt.text, ok, tt.ok)
			}
			if diff := cmp.Diff(tt.want, got, cmp.AllowUnexported(header{})); ok && diff != "" {
				t.Errorf("parseHeader(%q) (-attendu +obtenu) :\n%s", tt.text, diff)
			}
		})
	}
}

func TestUnitIn(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		lines []string
		want  string
	}{
		{"milliers", []string{"Compte de résultat", "(en milliers d’euros)"}, "k€"},
		{"millions", []string{"(en millions d'euros)"}, "M€"},
		{"k€", []string{"Montants en k€"}, "k€"},
		{"M€ seul", []string{"Bilan (M€)"}, "M€"},
		{"euros", []string{"SPLITERA   Comptes annuels 2022 (en euros) au 31/12/2022 (en Euros)"}, "€"},
		{"dossier", []string{"Dossier N° 003057 en Euros.   SODREXAL"}, "€"},
		{"prose", []string{"en France et en 2025"}, ""},
		{"sur deux lignes", []string{"Montants exprimés en", "milliers d'euros   31/12/2024   31/12/2023"}, "k€"},
		{"autour des en-têtes", []string{"Montants exprimés en", "30/06/2022   30/06/2021", "milliers d'euros"}, "k€"},
		{"libellé court", []string{"Total général", "Autres dettes"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := unitIn(tt.lines); string(got) != tt.want {
				t.Errorf("unitIn(%q) = %q, attendu %q", tt.lines, got, tt.want)
			}
		})
	}
}

func TestWithLegalForm(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text string
		want string
		ok   bool
	}{
		{"Maison Ferlac SAS au capital de 12 000 000 €", "Maison Ferlac SAS", true},
		{"Helvane SA – société anonyme", "Helvane SA", true},
		{"Statut juridique : SAS, société par actions simplifiée", "", false},
		{"SAS au capital de 1 000 €", "", false},
		{"Rapport annuel 2025", "", false},
	}
	for _, tt := range tests {
		got, ok := withLegalForm(tt.text)
		if got != tt.want || ok != tt.ok {
			t.Errorf("withLegalForm(%q) = %q, %v ; attendu %q, %v", tt.text, got, ok, tt.want, tt.ok)
		}
	}
}

func TestPeriodIn(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text string
		want statements.Period
	}{
		{"Exercice du 15 février 2025 au 31 décembre 2025 (10,5 mois)", statements.Period{Start: "2025-02-15", End: "2025-12-31", Months: 11}},
		{"Compte de résultat consolidé semestriel", statements.Period{Months: 6}},
		{"Période de six mois close le 30 juin 2025", statements.Period{End: "2025-06-30", Months: 6}},
		{"Situation intermédiaire du 01/01/2025 au 31/10/2025", statements.Period{Start: "2025-01-01", End: "2025-10-31", Months: 10}},
		{"Bilan au 31 décembre 2025", statements.Period{End: "2025-12-31"}},
		{"Exercice clos le 31/12/2025 (12 mois)", statements.Period{End: "2025-12-31", Months: 12}},
		{"05/05/2021 - 31/12/2022 (19 mois, 26 jours)", statements.Period{Start: "2021-05-05", End: "2022-12-31", Months: 19}},
		{"01/01/2025 – 30/06/2025", statements.Period{Start: "2025-01-01", End: "2025-06-30"}},
		{"Compte de résultat (en milliers d'euros)", statements.Period{}},
		{"31/02/2025", statements.Period{}},
	}
	for _, tt := range tests {
		if got := periodIn(tt.text); got != tt.want {
			t.Errorf("periodIn(%q) = %+v, attendu %+v", tt.text, got, tt.want)
		}
	}
}
