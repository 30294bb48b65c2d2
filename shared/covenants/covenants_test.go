package covenants

import (
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/ratios"
	"analyste.dev/analyste/shared/statements"
)

func TestReadCovenants(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		page     string
		ratio    string
		ceiling  bool
		limit    string
		level    string // empty: none reported
		date     string
		headroom float64
		contract bool
	}{
		{"ceiling then its level", "L’emprunt syndiqué de 85 000 k€ est assorti d’un covenant : le ratio dette nette / EBITDA ajusté ne doit pas excéder 3,5x, selon la définition contractuelle. " +
			"Au 31 décembre 2025, le ratio s’établit à 3,4x selon la définition contractuelle, contre un plafond de 3,5x.",
			"dette nette / EBITDA ajusté", true, "3,5x", "3,4x", "31 décembre 2025", 100 * 0.1 / 3.5, true},
		{"a floor", "Le contrat de crédit comporte un engagement financier : le ratio de couverture des frais financiers doit être au moins de 4,0x. Au 30 juin 2025, le ratio ressort à 3,0x.",
			"couverture des frais financiers", false, "4,0x", "3,0x", "30 juin 2025", -25, false},
		{"no level reported", "Les engagements financiers prévoient que le ratio de gearing reste inférieur ou égal à 100 %.",
			"gearing", true, "100 %", "", "", 0, false},
		{"a floor said met", "Ils sont assortis d’un ratio de couverture du service de la dette supérieur à 1,15x, respecté au 31 décembre 2025 pour toutes les sociétés de projet.",
			"couverture du service de la dette", false, "1,15x", "", "", 0, false},
		{"a ceiling and its level without a unit", "Les emprunts bancaires sont assortis d’un ratio de levier qui doit rester inférieur à 2,5 ; il s’établit à 0,8 au 31 décembre 2025.",
			"levier", true, "2,5", "0,8", "31 décembre 2025", 100 * 1.7 / 2.5, false},
		{"a bare limit, its level in the next sentence", "Le ratio dette nette / EBITDA ne doit pas excéder 3,5. Au 31 décembre 2025, le ratio s’établit à 3,2.",
			"dette nette / EBITDA", true, "3,5", "3,2", "31 décembre 2025", 100 * 0.3 / 3.5, false},
		// a count in a clause of its own subject is not the ratio's limit,
		// whichever limit word the sentence prints first
		{"a count's ceiling after the ratio's", "Le ratio de levier doit rester inférieur à 3,0x ; le nombre de sites ne doit pas excéder 12.",
			"levier", true, "3,0x", "", "", 0, false},
		{"a count's floor before the ratio's", "Au titre du contrat, le nombre de magasins ouverts ne doit pas être inférieur à 15 et le ratio de gearing doit rester inférieur à 1,2.",
			"gearing", true, "1,2", "", "", 0, false},
		{"a bare level restating the ratio", "Le ratio de couverture des frais financiers doit rester supérieur à 4 ; il s’établit à 6,1 au 31 décembre 2025.",
			"couverture des frais financiers", false, "4", "6,1", "31 décembre 2025", 100 * 2.1 / 4, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := Read([]string{tt.page}, 2025)
			if len(r.Covenants) != 1 {
				t.Fatalf("%d covenants", len(r.Covenants))
			}
			c := r.Covenants[0]
			level := ""
			if c.Level != nil {
				level = c.Level.Text
			}
			got := []any{c.Ratio, c.Ceiling, c.Limit.Text, level, c.TestDate, c.Contractual}
			want := []any{tt.ratio, tt.ceiling, tt.limit, tt.level, tt.date, tt.contract}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if h, ok := c.Headroom(); ok != (tt.level != "") || ok && (h-tt.headroom > 1e-9 || tt.headroom-h > 1e-9) {
				t.Errorf("headroom %v, %v; want %v", h, ok, tt.headroom)
			}
		})
	}
}

func TestReadItems(t *testing.T) {
	t.Parallel()
	page := "Au 31 décembre 2025, les lignes de crédit non tirées étaient limitées à 6 000 k€, pour une trésorerie disponible de 4 850 k€. " +
		"Le refinancement du crédit-relais de 45 000 k€ arrive à échéance le 30 juin 2026. " +
		"En février 2026, la Société a obtenu de ses prêteurs un report de six mois de l’échéance d’amortissement de juin 2026 de l’emprunt syndiqué, soit 4 250 k€. " +
		"L’emprunt obligataire de 50,0 M€ arrive à échéance en 2029. " +
		"Un emprunt de 3 000 k€ est remboursable en mars 2027. " +
		"Échéancier de l’emprunt syndiqué • À moins d’un an : 9 640 k€ ; • De un à cinq ans : 71 320 k€ ;"
	want := []string{
		"lignes_non_tirees 6 000 k€   -1",
		"echeance 45 000 k€ crédit-relais 30 juin 2026 6",
		"report 4 250 k€ emprunt syndiqué juin 2026 6",
		"echeance 3 000 k€ emprunt mars 2027 15",
		"echeance 9 640 k€ dette  12",
	}
	var got []string
	for _, it := range Read([]string{page}, 2025).Items {
		got = append(got, strings.Join([]string{string(it.Kind), it.Amount.Text, it.What, it.Due, itoa(it.Months)}, " "))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("items (-want +got):\n%s", diff)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// Each rule fires and does not fire: the covenant's headroom against the
// threshold, the debt due within a year against the cash and the lines.
func TestFactsAndAlerts(t *testing.T) {
	t.Parallel()
	year := 2025
	report := func(cash float64) statements.Report {
		return statements.Report{Years: map[int]statements.Year{year: {Balance: statements.BalanceSheet{Cash: statements.Amount(cash)}}}}
	}
	cov := "Le ratio dette nette / EBITDA ne doit pas excéder 3,5x. Au 31 décembre 2025, le ratio s’établit à "
	due := "Le crédit-relais de 45 000 k€ arrive à échéance le 30 juin 2026."
	tests := []struct {
		name  string
		page  string
		cash  float64
		rules []string
	}{
		{"thin headroom", cov + "3,4x.", 50000, []string{ratios.RuleCovenant}},
		{"breached", cov + "3,7x.", 50000, []string{ratios.RuleCovenant}},
		{"room enough", cov + "2,5x.", 50000, nil},
		{"due above cash", due, 23160, []string{ratios.RuleShortTermDebt}},
		{"due below cash", due, 50000, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			st := Statements{Year: year, Leverage: ratios.Value{Number: 5.5}, Report: report(tt.cash)}
			st.Evidence = facts.NewEvidence(st.Report, statements.Transcription{}, nil, nil)
			fs, alerts := Facts("X SA", Read([]string{tt.page}, year), st, ratios.DefaultThresholds)
			var rules []string
			for _, a := range alerts {
				rules = append(rules, a.Rule)
			}
			if diff := cmp.Diff(tt.rules, rules); diff != "" {
				t.Errorf("rules (-want +got):\n%s", diff)
			}
			if len(fs) == 0 {
				t.Error("no fact")
			}
		})
	}
}

// What an amount is in its sentence: the figure is typed only when its role
// fits its item; otherwise the sentence stands as a quote. Cross-checks
// with the statements make a figure that cannot be right non_verifie.
func TestRoles(t *testing.T) {
	t.Parallel()
	year := 2025
	report := statements.Report{Years: map[int]statements.Year{year: {Balance: statements.BalanceSheet{
		Cash: statements.Amount(20000), FinancialDebt: statements.Amount(30000)}}}}
	st := Statements{Year: year, Report: report}
	st.Evidence = facts.NewEvidence(report, statements.Transcription{}, nil, nil)
	tests := []struct {
		name string
		page string
		want []string // "id état rôle" of each C- liquidity or citation fact
	}{
		{"total liquidity holding the undrawn part", "La liquidité totale s’élève à 45 000 k€, incluant la part non tirée de la ligne de crédit renouvelable.",
			[]string{"C-x-citation-1 verifie ", "C-x-liquidite-totale-1 verifie total"}},
		{"total and its components", "La liquidité totale de 45 000 k€ se compose de 20 000 k€ de trésorerie et de 25 000 k€ de lignes de crédit non tirées.",
			[]string{"C-x-liquidite-1 verifie niveau", "C-x-liquidite-totale-1 verifie total"}},
		{"a total that is not cash plus lines", "La liquidité totale de 60 000 k€ se compose de la trésorerie et de 25 000 k€ de lignes de crédit non tirées.",
			[]string{"C-x-liquidite-1 verifie niveau", "C-x-liquidite-totale-1 non_verifie total"}},
		{"a line drawn in part", "La ligne de crédit renouvelable de 50 000 k€, tirée à hauteur de 10 000 k€, est pour le reste non tirée.",
			[]string{"C-x-citation-1 verifie "}},
		{"a bond's face value per unit", "Les obligations, d’une valeur nominale de 100 000 € chacune, arrivent à échéance en juin 2026.",
			[]string{"C-x-citation-1 verifie "}},
		{"an equity-raising target", "La société vise une augmentation de capital de 15 000 k€ avant l’échéance de juin 2026.",
			[]string{"C-x-citation-1 verifie "}},
		{"due within a year beyond the financial debts", "Le crédit-relais de 45 000 k€ arrive à échéance le 30 juin 2026.",
			[]string{"C-x-liquidite-1 non_verifie niveau dettes", "C-x-liquidite-echeances non_verifie  dettes"}},
		{"due within a year", "Le crédit-relais de 12 000 k€ arrive à échéance le 30 juin 2026.",
			[]string{"C-x-liquidite-1 verifie niveau", "C-x-liquidite-echeances non_verifie "}}, // the cash, no identity checked it
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			fs, _ := Facts("X SA", Read([]string{tt.page}, year), st, ratios.DefaultThresholds)
			var got []string
			for _, f := range fs {
				if strings.Contains(f.ID, "liquidite-") && !strings.HasSuffix(f.ID, "aucune") || strings.Contains(f.ID, "citation") {
					role := ""
					if f.Figure != nil {
						role = f.Figure.Role
					}
					line := f.ID + " " + string(f.State) + " " + role
					if strings.Contains(strings.Join(f.Reasons, " "), "dettes financières du bilan") {
						line += " dettes"
					}
					got = append(got, line)
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("faits (-want +got):\n%s", diff)
			}
		})
	}
}

// A bare number is a covenant's ratio only in a clause naming a ratio the
// code computes (or restating the one named before it), and never a year,
// a day or an amount.
func TestBareNumbersAreNoRatio(t *testing.T) {
	t.Parallel()
	for _, page := range []string{
		"Le nombre de salariés ne doit pas excéder 250 au titre du régime.",
		"Le ratio de levier ne doit pas excéder le niveau fixé au 31 décembre 2025.",
		"L’engagement financier est limité à 2 500 000 €.",
		"Le ratio d’endettement ne doit pas dépasser 2026.",
		// a ratio the code does not compute, a margin, a duration
		"Le ratio de distribution de dividendes ne doit pas excéder 0,5.",
		"Le ratio de solvabilité de la filiale d’assurance doit rester supérieur à 1,5.",
		"L’emprunt est rémunéré au taux Euribor 3 mois plus une marge qui ne peut excéder 2,5.",
		"Le ratio de levier est suivi ; le nombre de sites ne doit pas excéder 12.",
	} {
		if r := Read([]string{page}, 2025); len(r.Covenants) > 0 {
			t.Errorf("%q : covenant %+v", page, r.Covenants[0])
		}
	}
}

// A tax form's rate is not a covenant floor.
func TestTaxRateIsNoCovenant(t *testing.T) {
	t.Parallel()
	for _, page := range []string{
		"Le taux normal de l’impôt sur les sociétés ne doit pas être inférieur à 25 %.",
		"Ratio : taux de TVA au moins égal à 20 %.",
	} {
		if r := Read([]string{page}, 2025); len(r.Covenants) > 0 {
			t.Errorf("%q : covenant %+v", page, r.Covenants[0])
		}
	}
}
