package ratios

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/statements"
)

func fixture(t *testing.T) statements.Report {
	return fixtures.TruthReport(t, fixtures.SmallTruth(t))
}

func num(v float64) Value { return Value{Number: v} }

var approx = cmpopts.EquateApprox(0, 1e-6)

func ns(why string) Value { return Value{Reason: NotSignificant + " (" + why + ")"} }

func TestCompute(t *testing.T) {
	t.Parallel()
	want := map[int]Ratios{
		2025: {EBITDA: num(13900), NetDebt: num(19375), Leverage: num(1.3938849), Gearing: num(56.7765568),
			EBITDAMargin: num(12.6363636), OperatingMargin: num(7.6363636), NetMargin: num(5.1136364), FreeCashFlow: num(-875),
			WorkingCapital: num(15000), WorkingCapitalDays: num(49.7727273), DSO: num(76.3181818), EquityRatio: num(38.8556789),
			RevenueGrowth: num(10), InterestCover: num(13900.0 / 1200), DIO: num(89.2222222), DPO: num(87.1641791), CashFlowFromOps: num(11125),
			CurrentRatio: num(2.0944444), CashRunway: ns("flux d'exploitation positif : le free cash-flow est négatif du fait des investissements")},
		2024: {EBITDA: num(13000), NetDebt: num(17000), Leverage: num(1.3076923), Gearing: num(56.6666667),
			EBITDAMargin: num(13), OperatingMargin: num(8), NetMargin: num(5.25), FreeCashFlow: num(2250),
			WorkingCapital: num(12000), WorkingCapitalDays: num(43.8), DSO: num(73), EquityRatio: num(38.4615385),
			RevenueGrowth: Value{Reason: "non disponible (pas d'exercice précédent)"}, InterestCover: num(13), DIO: num(91.25), DPO: num(91.25),
			CashFlowFromOps: num(10250), CurrentRatio: num(1.9523810), CashRunway: ns("free cash-flow positif ou nul")},
	}
	if diff := cmp.Diff(want, Compute(fixture(t)), approx); diff != "" {
		t.Errorf("ratios (-want +got):\n%s", diff)
	}
}

func TestDenominators(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		mutate func(cur, prev *statements.Year)
		get    func(Ratios) Value
		want   Value
	}{
		{"levier with zero ebitda", func(c, _ *statements.Year) { c.Income.OperatingResult = statements.Amount(-5500) }, func(r Ratios) Value { return r.Leverage }, ns("EBITDA nul ou négatif")},
		{"levier with negative ebitda", func(c, _ *statements.Year) { c.Income.OperatingResult = statements.Amount(-6000) }, func(r Ratios) Value { return r.Leverage }, ns("EBITDA nul ou négatif")},
		{"levier with net cash", func(c, _ *statements.Year) { c.Balance.FinancialDebt = statements.Amount(0) }, func(r Ratios) Value { return r.Leverage }, Value{Reason: NetCash}},
		{"gearing with net cash", func(c, _ *statements.Year) { c.Balance.FinancialDebt = statements.Amount(0) }, func(r Ratios) Value { return r.Gearing }, Value{Reason: NetCash}},
		{"net cash and a negative ebitda", func(c, _ *statements.Year) {
			c.Balance.FinancialDebt = statements.Amount(0)
			c.Income.OperatingResult = statements.Amount(-6000)
		}, func(r Ratios) Value { return r.Leverage }, ns("EBITDA nul ou négatif")},
		{"cover with a positive financial result", func(c, _ *statements.Year) { c.Income.FinancialResult = statements.Amount(10) }, func(r Ratios) Value { return r.InterestCover }, ns("résultat financier positif ou nul")},
		{"dio without purchases", func(c, _ *statements.Year) { c.Income.Purchases = statements.Amount(0) }, func(r Ratios) Value { return r.DIO }, ns("achats consommés nuls ou négatifs")},
		{"gearing with negative equity", func(c, _ *statements.Year) { c.Balance.Equity = statements.Amount(-10) }, func(r Ratios) Value { return r.Gearing }, ns("capitaux propres nuls ou négatifs")},
		{"gearing with zero equity", func(c, _ *statements.Year) { c.Balance.Equity = statements.Amount(0) }, func(r Ratios) Value { return r.Gearing }, ns("capitaux propres nuls ou négatifs")},
		{"margin with zero revenue", func(c, _ *statements.Year) { c.Income.Revenue = statements.Amount(0) }, func(r Ratios) Value { return r.EBITDAMargin }, ns("chiffre d'affaires nul ou négatif")},
		{"dso with zero revenue", func(c, _ *statements.Year) { c.Income.Revenue = statements.Amount(0) }, func(r Ratios) Value { return r.DSO }, ns("chiffre d'affaires nul ou négatif")},
		{"bfr days with negative revenue", func(c, _ *statements.Year) { c.Income.Revenue = statements.Amount(-1) }, func(r Ratios) Value { return r.WorkingCapitalDays }, ns("chiffre d'affaires nul ou négatif")},
		{"negative bfr in days is a number", func(c, _ *statements.Year) { c.Balance.TradePayables = statements.Amount(36000) }, func(r Ratios) Value { return r.WorkingCapitalDays }, num(-5000.0 / 110000 * 365)},
		{"equity ratio with zero total", func(c, _ *statements.Year) { c.Balance.TotalLiabilities = statements.Amount(0) }, func(r Ratios) Value { return r.EquityRatio }, ns("total du passif nul ou négatif")},
		{"growth with zero previous revenue", func(_, p *statements.Year) { p.Income.Revenue = statements.Amount(0) }, func(r Ratios) Value { return r.RevenueGrowth }, ns("chiffre d'affaires précédent nul ou négatif")},
		{"cover with a negative ebitda", func(c, _ *statements.Year) { c.Income.OperatingResult = statements.Amount(-6000) }, func(r Ratios) Value { return r.InterestCover }, ns("EBITDA nul ou négatif : aucune couverture")},
		{"margin on a tiny revenue", func(c, _ *statements.Year) { c.Income.Revenue = statements.Amount(5) }, func(r Ratios) Value { return r.NetMargin },
			ns("au-delà de 100 % du chiffre d'affaires : chiffre d'affaires trop faible pour mesurer une marge")},
		{"days on a tiny revenue", func(c, _ *statements.Year) { c.Income.Revenue = statements.Amount(5) }, func(r Ratios) Value { return r.DSO }, ns("plus de dix ans d'activité : dénominateur trop faible")},
		{"months of cash when the business burns cash", func(c, _ *statements.Year) {
			c.CashFlow.OperatingCashFlow = statements.Amount(-1000)
			c.CashFlow.Capex = statements.Amount(-200)
		}, func(r Ratios) Value { return r.CashRunway }, num(9625.0 / (1200.0 / 12))},
		{"negative growth", func(c, _ *statements.Year) { c.Income.Revenue = statements.Amount(99500) }, func(r Ratios) Value { return r.RevenueGrowth }, num(-0.5)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := fixture(t)
			cur, prev := r.Years[2025], r.Years[2024]
			tt.mutate(&cur, &prev)
			r.Years = map[int]statements.Year{2025: cur, 2024: prev}
			if diff := cmp.Diff(tt.want, tt.get(Compute(r)[2025]), approx); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestAbsentAmountIsNotAvailable(t *testing.T) {
	t.Parallel()
	r := fixture(t)
	y := r.Years[2025]
	y.Clear(statements.Key{Statement: statements.Balance, Name: "tresorerie"})
	r.Years[2025] = y
	got := Compute(r)[2025]
	for name, v := range map[string]Value{"dette_nette": got.NetDebt, "levier": got.Leverage, "gearing": got.Gearing} {
		if v.Reason != "non disponible (bilan.tresorerie 2025 non imprimé)" {
			t.Errorf("%s = %+v, want non disponible", name, v)
		}
	}
	if !got.EBITDA.OK() {
		t.Errorf("ebitda = %+v, want a number", got.EBITDA)
	}
}

func TestValueJSON(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		v    Value
		json string
	}{
		{"number", num(5.5), `5.5`},
		{"non significatif", ns("EBITDA nul ou négatif"), `"non significatif (EBITDA nul ou négatif)"`},
		{"non disponible", Value{Reason: "non disponible (2025 bilan.stocks non imprimé)"}, `"non disponible (2025 bilan.stocks non imprimé)"`},
		{"trésorerie nette", Value{Reason: NetCash}, `"trésorerie nette"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			b, err := json.Marshal(tt.v)
			if err != nil || string(b) != tt.json {
				t.Fatalf("Marshal = %s, %v; want %s", b, err, tt.json)
			}
			var back Value
			if err := json.Unmarshal(b, &back); err != nil || back != tt.v {
				t.Errorf("Unmarshal = %+v, %v; want %+v", back, err, tt.v)
			}
		})
	}
	var v Value
	if err := json.Unmarshal([]byte(`""`), &v); err == nil {
		t.Error("empty reason accepted")
	}
}

func TestFormatValue(t *testing.T) {
	t.Parallel()
	want := []string{"13 900 k€", "19 375 k€", "1,4x", "56,8 %", "12,6 %", "7,6 %", "5,1 %", "-875 k€", "15 000 k€", "49,8 jours", "76,3 jours", "38,9 %", "10,0 %",
		"11,6x", "89,2 jours", "87,2 jours", "11 125 k€", "2,1x",
		"non significatif (flux d'exploitation positif : le free cash-flow est négatif du fait des investissements)"}
	var got []string
	rs := Compute(fixture(t))[2025]
	for _, d := range Definitions {
		got = append(got, FormatValue(d.Get(rs), d.Unit))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if got := FormatValue(num(132), frnum.Months); got != "132 mois" {
		t.Errorf("months: got %q", got)
	}
	if got := FormatValue(ns("EBITDA nul ou négatif"), "x"); got != "non significatif (EBITDA nul ou négatif)" {
		t.Errorf("got %q", got)
	}
}
