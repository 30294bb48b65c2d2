package covenants

import (
	"strings"
	"testing"

	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/ratios"
	"analyste.dev/analyste/shared/statements"
)

// The état des échéances des dettes as the PCG's annex model prints it, in
// euros: its financial rows (the debts to credit institutions split by
// their term at origin) total 3 300 000 €, 700 000 € of them within a year;
// the suppliers' row and the total are not financial debt.
const scheduleTablePage = `Notes annexes
État des échéances des dettes à la clôture de l'exercice (en euros)
État des dettes                               Montant brut      À 1 an au plus      À plus d'1 an et 5 ans au plus      À plus de 5 ans
Emprunts obligataires convertibles (1)            500 000          100 000          400 000          0
Emprunts et dettes auprès des établissements de crédit (1)
à 1 an maximum à l'origine                        120 000          120 000          0          0
à plus d'1 an à l'origine                         2 380 000          480 000          1 400 000          500 000
Emprunts et dettes financières divers (1)         300 000          0          300 000          0
Fournisseurs et comptes rattachés                 900 000          900 000          0          0
Total                                             4 200 000          1 600 000          2 100 000          500 000`

// An IFRS note's maturity analysis of the financial debts, in k€, its
// buckets headed with signs and its lease liabilities a row of their own
// (dettes_financieres holds them): 46 800 k€, 9 800 k€ of them within a
// year. Written for this test after the IFRS 7 maturity analysis.
const ifrsSchedulePage = `Note 18 – Échéancier des dettes financières (en milliers d'euros)
                              Total        < 1 an        1 à 5 ans        > 5 ans
Emprunts obligataires         30 000        5 000        25 000        -
Emprunts bancaires            12 000        3 000         7 000        2 000
Dettes locatives               4 000        1 000         2 500          500
Concours bancaires               800          800        -             -
Total dettes financières      46 800        9 800        34 500        2 500`

func TestSchedule(t *testing.T) {
	t.Parallel()
	year := 2025
	st := func(debt float64) Statements {
		report := statements.Report{Years: map[int]statements.Year{year: {Balance: statements.BalanceSheet{
			Cash: statements.Amount(400), FinancialDebt: statements.Amount(debt)}}}}
		return Statements{Year: year, Report: report, Evidence: facts.NewEvidence(report, statements.Transcription{}, nil, nil)}
	}
	dashes := strings.ReplaceAll(strings.ReplaceAll(scheduleTablePage, "          0", "          -"), "0          -", "0          –")
	blank := strings.Replace(scheduleTablePage, "300 000          0          300 000", "300 000          300 000", 1)
	tests := []struct {
		name  string
		pages []string
		debt  float64
		want  []string // "id état" of the schedule, maturity and due facts, with "raison" when a reason holds it
	}{
		{"the table, matching the balance sheet", []string{scheduleTablePage}, 3300,
			[]string{"C-x-echeancier verifie : 3 300 k€, dont 700 k€ à un an au plus", "C-x-liquidite-echeances non_verifie Échéances à moins d'un an de 700 k€ (selon l'état des échéances des dettes, p. 1)"}},
		{"empty cells as dashes", []string{dashes}, 3300,
			[]string{"C-x-echeancier verifie : 3 300 k€, dont 700 k€ à un an au plus", "C-x-liquidite-echeances non_verifie Échéances à moins d'un an de 700 k€"}},
		{"the table beyond the balance sheet's debts", []string{scheduleTablePage}, 2000,
			[]string{"C-x-echeancier non_verifie l'échéancier (3 300 k€) dépasse les dettes financières du bilan", "C-x-liquidite-echeances non_verifie Échéances à moins d'un an de 700 k€"}},
		{"a maturity beyond the table's year", []string{scheduleTablePage + "\nLe crédit-relais de 900 k€ arrive à échéance le 30 juin 2026."}, 3300,
			[]string{"C-x-liquidite-1 non_verifie 900 k€ dépasse la part à un an au plus de l'état des échéances des dettes (700 k€, p. 1)", "C-x-echeancier verifie", "C-x-liquidite-echeances non_verifie Échéances à moins d'un an de 700 k€"}},
		{"a maturity within the table's year", []string{scheduleTablePage + "\nLe crédit-relais de 480 k€ arrive à échéance le 30 juin 2026."}, 3300,
			[]string{"C-x-liquidite-1 verifie", "C-x-echeancier verifie", "C-x-liquidite-echeances non_verifie Échéances à moins d'un an de 700 k€"}},
		{"a blank cell: the table is not read", []string{blank + "\nLe crédit-relais de 900 k€ arrive à échéance le 30 juin 2026."}, 3300,
			[]string{"C-x-liquidite-1 verifie", "C-x-liquidite-echeances non_verifie Échéances à moins d'un an de 900 k€"}},
		{"a listed schedule", []string{"Échéancier de l'emprunt : À moins d'un an : 640 k€ ; De un à cinq ans : 2 320 k€ ; À plus de cinq ans : 200 k€."}, 3300,
			[]string{"C-x-liquidite-1 verifie", "C-x-echeancier verifie : 3 160 k€, dont 640 k€ à un an au plus", "C-x-liquidite-echeances non_verifie Échéances à moins d'un an de 640 k€"}},
		{"a listed schedule beyond the balance sheet", []string{"Échéancier de l'emprunt : À moins d'un an : 640 k€ ; De un à cinq ans : 2 320 k€ ; À plus de cinq ans : 200 k€."}, 3000,
			[]string{"C-x-liquidite-1 verifie", "C-x-echeancier non_verifie dépasse les dettes financières", "C-x-liquidite-echeances non_verifie Échéances à moins d'un an de 640 k€"}},
		{"an IFRS note", []string{ifrsSchedulePage}, 46800,
			[]string{"C-x-echeancier verifie : 46 800 k€, dont 9 800 k€ à un an au plus",
				"C-x-liquidite-aucune verifie aucune ligne de crédit non tirée relevée dans le texte du rapport ; les échéances sont celles de l'état des échéances des dettes",
				"C-x-liquidite-echeances non_verifie Échéances à moins d'un an de 9 800 k€ (selon l'état des échéances des dettes, p. 1)"}},
		{"an IFRS note against a larger loan due within a year", []string{ifrsSchedulePage, "Le prêt de 12 000 k€ arrive à échéance le 30 juin 2026."}, 46800,
			[]string{"C-x-liquidite-1 non_verifie 12 000 k€ dépasse la part à un an au plus de l'état des échéances des dettes (9 800 k€, p. 1)", "C-x-echeancier verifie", "C-x-liquidite-echeances non_verifie Échéances à moins d'un an de 9 800 k€"}},
		{"an IFRS note against the debt's part within a year said in a sentence", []string{ifrsSchedulePage, "La part à moins d'un an des dettes financières s'élève à 12 000 k€."}, 46800,
			[]string{"C-x-liquidite-1 non_verifie 12 000 k€ dépasse la part à un an au plus de l'état des échéances des dettes (9 800 k€, p. 1)", "C-x-echeancier verifie", "C-x-liquidite-echeances non_verifie Échéances à moins d'un an de 12 000 k€"}},
		{"an IFRS note agreeing with a sentence", []string{ifrsSchedulePage, "Les dettes financières s'élèvent à 46 800 k€, dont 9 800 k€ à moins d'un an."}, 46800,
			[]string{"C-x-liquidite-1 verifie", "C-x-echeancier verifie", "C-x-liquidite-echeances non_verifie Échéances à moins d'un an de 9 800 k€"}},
		{"one kind of debt's part within a year is not the whole's", []string{ifrsSchedulePage, "Les dettes financières auprès des établissements de crédit comprennent 2 000 k€ à moins d'un an."}, 46800,
			[]string{"C-x-echeancier verifie", "C-x-liquidite-echeances non_verifie Échéances à moins d'un an de 9 800 k€"}},
		{"an IFRS note against a listed part within a year", []string{ifrsSchedulePage, "Échéancier des emprunts : à moins d'un an : 8 000 k€ ; de un à cinq ans : 34 500 k€."}, 46800,
			[]string{"C-x-liquidite-1 non_verifie 8 000 k€ n'est pas la part à un an au plus de l'état des échéances des dettes (9 800 k€, p. 1)", "C-x-echeancier verifie : 46 800 k€", "C-x-liquidite-echeances non_verifie Échéances à moins d'un an de 8 000 k€"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			fs, _ := Facts("X SA", Read(tt.pages, year), st(tt.debt), ratios.DefaultThresholds)
			var got []string
			for _, f := range fs {
				if strings.Contains(f.ID, "echeanc") || f.ID == "C-x-liquidite-1" || strings.Contains(f.ID, "aucune") && strings.Contains(tt.name, "IFRS") {
					got = append(got, f.ID+" "+string(f.State)+" "+f.Text+" "+strings.Join(f.Reasons, " ; "))
				}
			}
			if len(got) != len(tt.want) {
				t.Fatalf("faits %q, veut %d", got, len(tt.want))
			}
			for i, w := range tt.want {
				id, rest, _ := strings.Cut(w, " ")
				state, words, _ := strings.Cut(rest, " ")
				if !strings.HasPrefix(got[i], id+" "+state) || !strings.Contains(got[i], words) {
					t.Errorf("fait %d = %q, veut %q", i, got[i], w)
				}
			}
		})
	}
}

// The Cerfa 2057's state of debts (cadre B) as a liasse prints it, in
// euros, written for this test after the form's layout: a row prints only
// its non-blank cells (8A is all beyond a year, the suppliers all within),
// the amounts of VG stand on its label's first line; the printed total
// within a year (VZ) places each row's second amount. The financial rows
// (VG, VH, 8A) total 452 000 €, 142 000 € of them within a year.
const cerfaDebtsPage = `ÉTAT DES ÉCHÉANCES DES CRÉANCES ET          N° 2057-SD
DES DETTES A LA CLÔTURE DE L'EXERCICE
Montant brut              A 1 an au plus        A plus d'1 an et 5 ans au plus       A plus de 5 ans
CADRE B     ÉTAT DES DETTES                   1                             2                             3                           4
Emprunts obligataires convertibles (1)                 7Y
Autres emprunts obligataires (1)                      7Z
Emprunts et dettes                                                          2 000                  2 000
auprès des       à 1 an maximum à l'origine     VG
à plus d’1 an à l'origine         VH               256 000                140 000                 116 000
Emprunts et dettes financières divers (1) (2)             8A                194 000                                          194 000
Fournisseurs et comptes rattachés                     8B                606 000                606 000
Groupe et associés (2)                              VI                 78 000                 78 000
TOTAUX      VY             1 136 000 VZ         826 000                 310 000`

func TestCerfaSchedule(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name                 string
		page                 string
		ok                   bool
		gross, withinOneYear float64 // k€
	}{
		{"placed by the total within a year", cerfaDebtsPage, true, 452, 142},
		// 8A's 194 000 € within a year and the suppliers' beyond would
		// make the same total: the total does not decide.
		{"two placements", strings.Replace(strings.Replace(cerfaDebtsPage, "606 000                606 000", "194 000                194 000", 1), "1 136 000 VZ         826 000", "724 000 VZ         414 000", 1), false, 0, 0},
		{"a gross total that the rows do not make", strings.Replace(cerfaDebtsPage, "VY             1 136 000", "VY             1 137 000", 1), false, 0, 0},
		{"no total within a year", strings.Replace(cerfaDebtsPage, " VZ ", " ", 1), false, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s, ok := readSchedule([]string{tt.page})
			if ok != tt.ok || ok && (s.Gross != tt.gross || s.WithinYear != tt.withinOneYear || s.Page != 1) {
				t.Errorf("schedule %+v (%v), want %v k€ of which %v k€ within a year (%v)", s, ok, tt.gross, tt.withinOneYear, tt.ok)
			}
		})
	}
}
