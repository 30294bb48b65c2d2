package ratios

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"analyste.dev/analyste/shared/statements"
)

func TestAlerts(t *testing.T) {
	t.Parallel()
	// The fixture with 2025 capex at -8 000 k€ fires no rule.
	calm := func(c, _ *statements.Year) { c.CashFlow.Capex = statements.Amount(-8000) }
	tests := []struct {
		name   string
		rule   string // the rule the case is about: only its alerts are compared
		mutate func(cur, prev *statements.Year)
		want   []string
	}{
		{"leverage above 3.5x", RuleLeverage, func(c, _ *statements.Year) { c.Balance.FinancialDebt = statements.Amount(60000) },
			[]string{"Levier de 3,6x en 2025, au-dessus du seuil d'alerte de 3,5x."}},
		{"leverage at 3.5x", RuleLeverage, func(c, _ *statements.Year) { c.Balance.FinancialDebt = statements.Amount(58275) }, nil},
		{"leverage non significatif", RuleLeverage, func(c, _ *statements.Year) {
			c.Balance.FinancialDebt = statements.Amount(90000)
			c.Income.OperatingResult = statements.Amount(-6000)
		}, nil},
		{"net income positive and free cash-flow negative", RuleNegativeFCF, func(c, _ *statements.Year) { c.CashFlow.Capex = statements.Amount(-9000) },
			[]string{"Résultat net de 5 625 k€ mais free cash-flow de -875 k€ en 2025."}},
		{"negative free cash-flow with a loss", RuleNegativeFCF, func(c, _ *statements.Year) {
			c.CashFlow.Capex = statements.Amount(-9000)
			c.Income.NetResult = statements.Amount(-100)
		}, []string{"Free cash-flow négatif de -875 k€ en 2025."}},
		{"positive free cash-flow", RuleNegativeFCF, nil, nil},
		{"negative equity", RuleNegativeEquity, func(c, _ *statements.Year) { c.Balance.Equity = statements.Amount(-100) },
			[]string{"Capitaux propres négatifs de -100 k€ en 2025."}},
		{"zero equity", RuleNegativeEquity, func(c, _ *statements.Year) { c.Balance.Equity = statements.Amount(0) }, nil},
		{"negative ebitda", RuleNegativeEBITDA, func(c, _ *statements.Year) { c.Income.OperatingResult = statements.Amount(-6000) },
			[]string{"EBITDA négatif de -500 k€ en 2025."}},
		{"positive ebitda", RuleNegativeEBITDA, nil, nil},
		{"net loss", RuleNetLoss, func(c, _ *statements.Year) { c.Income.NetResult = statements.Amount(-100) }, []string{"Perte nette de -100 k€ en 2025."}},
		{"net profit", RuleNetLoss, nil, nil},
		{"interest cover under 3x", RuleLowCover, func(c, _ *statements.Year) { c.Income.FinancialResult = statements.Amount(-5000) },
			[]string{"Couverture des frais financiers de 2,8x en 2025, sous le seuil de 3,0x."}},
		{"interest cover at 11.6x", RuleLowCover, nil, nil},
		{"interest cover falling 40 %", RuleCoverDrop, func(c, _ *statements.Year) { c.Income.FinancialResult = statements.Amount(-1780) },
			[]string{"Couverture des frais financiers en baisse de 39,9 % en 2025 : 7,8x contre 13,0x en 2024."}},
		{"interest cover falling 11 %", RuleCoverDrop, nil, nil},
		{"dividends paid with a negative free cash-flow", RuleDividends, func(c, _ *statements.Year) {
			c.CashFlow.Capex = statements.Amount(-9000)
			c.CashFlow.DividendsPaid = statements.Amount(-1500)
		}, []string{"Dividendes versés de -1 500 k€ en 2025 malgré un free cash-flow de -875 k€."}},
		{"dividends paid with a positive free cash-flow", RuleDividends, func(c, _ *statements.Year) { c.CashFlow.DividendsPaid = statements.Amount(-1500) }, nil},
		{"cash down 37.5 %", RuleCashDrop, func(c, _ *statements.Year) { c.Balance.Cash = statements.Amount(5000) },
			[]string{"Trésorerie en baisse de 37,5 % en 2025 : 5 000 k€ contre 8 000 k€ en 2024."}},
		{"cash down 30 %", RuleCashDrop, func(c, _ *statements.Year) { c.Balance.Cash = statements.Amount(5600) }, nil},
		{"cash down from nothing", RuleCashDrop, func(c, p *statements.Year) {
			p.Balance.Cash, c.Balance.Cash = statements.Amount(0), statements.Amount(-10)
		}, nil},
		{"DSO up 19.9 days", RuleDSOIncrease, func(c, _ *statements.Year) {
			c.Balance.TradeReceivables = statements.Amount(28000)
			c.Balance.Inventories = statements.Amount(6000) // same BFR
		}, []string{"Délai clients (DSO) en hausse de 19,9 jours en 2025 : 92,9 jours contre 73 jours en 2024."}},
		{"DSO up 13.3 days", RuleDSOIncrease, func(c, _ *statements.Year) {
			c.Balance.TradeReceivables = statements.Amount(26000)
			c.Balance.Inventories = statements.Amount(8000)
		}, nil},
		{"BFR growing much faster than sales", RuleBFRGrowth, func(c, _ *statements.Year) { c.Balance.Inventories = statements.Amount(17000) },
			[]string{"BFR en hausse de 75,0 % en 2025 (21 000 k€ contre 12 000 k€) pour un chiffre d'affaires en variation de 10,0 %."}},
		{"BFR growing 25 % with sales up 10 %", RuleBFRGrowth, nil, nil},
		{"BFR growing from a negative BFR", RuleBFRGrowth, func(c, p *statements.Year) {
			p.Balance.TradePayables = statements.Amount(40000)
			c.Balance.Inventories = statements.Amount(17000)
		}, nil},
		{"BFR up 25.9 days of sales", RuleBFRDays, func(c, _ *statements.Year) { c.Balance.Inventories = statements.Amount(17000) },
			[]string{"BFR en hausse de 25,9 jours de chiffre d'affaires en 2025 : 69,7 jours contre 43,8 jours en 2024."}},
		{"BFR up 6 days of sales", RuleBFRDays, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := fixture(t)
			cur, prev := r.Years[2025], r.Years[2024]
			calm(&cur, &prev)
			if tt.mutate != nil {
				tt.mutate(&cur, &prev)
			}
			r.Years = map[int]statements.Year{2025: cur, 2024: prev}
			var got []string
			for _, a := range Alerts(r, Compute(r), DefaultThresholds) {
				if a.Rule == tt.rule {
					got = append(got, a.Text)
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("%s alerts (-want +got):\n%s", tt.rule, diff)
			}
		})
	}
	r := fixture(t)
	cur, prev := r.Years[2025], r.Years[2024]
	calm(&cur, &prev)
	r.Years = map[int]statements.Year{2025: cur, 2024: prev}
	if a := Alerts(r, Compute(r), DefaultThresholds); len(a) != 0 {
		t.Errorf("the calm fixture fires %v", a)
	}
}

// An alert names the fields its rule read, in every year it compared.
func TestAlertReads(t *testing.T) {
	t.Parallel()
	r := fixture(t)
	cur := r.Years[2025]
	cur.CashFlow.Capex = statements.Amount(-8000)
	cur.Balance.Cash = statements.Amount(1000)
	r.Years = map[int]statements.Year{2025: cur, 2024: r.Years[2024]}
	alerts := Alerts(r, Compute(r), DefaultThresholds)
	if len(alerts) == 0 {
		t.Fatal("no alert")
	}
	cash := func(y int) statements.FieldRef {
		return statements.FieldRef{Year: y, Key: statements.Key{Statement: statements.Balance, Name: "tresorerie"}}
	}
	for _, a := range alerts {
		if a.Rule == RuleCashDrop {
			if diff := cmp.Diff([]statements.FieldRef{cash(2025), cash(2024)}, a.Reads); diff != "" {
				t.Errorf("reads (-want +got):\n%s", diff)
			}
			return
		}
	}
	t.Errorf("no cash-drop alert in %v", alerts)
}

func TestAlertsSingleYearAndOrder(t *testing.T) {
	t.Parallel()
	r := fixture(t)
	cur := r.Years[2025]
	cur.Balance.Equity = statements.Amount(-100)
	cur.Balance.FinancialDebt = statements.Amount(60000)
	cur.Balance.Cash = statements.Amount(10) // would be a cash drop with 2024
	r.Years = map[int]statements.Year{2025: cur}
	want := []string{RuleLeverage, RuleNegativeFCF, RuleNegativeEquity, RuleDividends}
	var got []string
	for _, a := range Alerts(r, Compute(r), DefaultThresholds) {
		got = append(got, a.Rule)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("rules (-want +got):\n%s", diff)
	}
	if a := Alerts(statements.Report{}, nil, DefaultThresholds); a != nil {
		t.Errorf("empty report gave %v", a)
	}
}
