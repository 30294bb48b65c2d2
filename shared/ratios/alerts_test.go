package ratios

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"analyste.dev/analyste/shared/statements"
)

func TestAlerts(t *testing.T) {
	t.Parallel()
	// The fixture with 2025 capex at -8 000 k€ fires no rule.
	calm := func(c, _ *statements.Year) { c.CashFlow.Capex = statements.Amount(-8000) }
	tests := []struct {
		name   string
		mutate func(cur, prev *statements.Year)
		want   []Alert
	}{
		{"no alert", nil, nil},
		{"leverage above 3.5x", func(c, _ *statements.Year) { c.Balance.FinancialDebt = statements.Amount(60000) },
			[]Alert{{Rule: RuleLeverage, Year: 2025, Text: "Levier de 3,6x en 2025, au-dessus du seuil de 3,5x."}}},
		{"leverage at 3.5x", func(c, _ *statements.Year) { c.Balance.FinancialDebt = statements.Amount(58275) }, nil},
		{"leverage non significatif", func(c, _ *statements.Year) {
			c.Balance.FinancialDebt = statements.Amount(90000)
			c.Income.OperatingResult = statements.Amount(-6000)
		}, nil},
		{"net income positive and free cash-flow negative", func(c, _ *statements.Year) { c.CashFlow.Capex = statements.Amount(-9000) },
			[]Alert{{Rule: RuleNegativeFCF, Year: 2025, Text: "Résultat net de 5 625 k€ mais free cash-flow de -875 k€ en 2025."}}},
		{"negative free cash-flow with a loss", func(c, _ *statements.Year) {
			c.CashFlow.Capex = statements.Amount(-9000)
			c.Income.NetResult = statements.Amount(-100)
		}, nil},
		{"negative equity", func(c, _ *statements.Year) { c.Balance.Equity = statements.Amount(-100) },
			[]Alert{{Rule: RuleNegativeEquity, Year: 2025, Text: "Capitaux propres négatifs de -100 k€ en 2025."}}},
		{"zero equity", func(c, _ *statements.Year) { c.Balance.Equity = statements.Amount(0) }, nil},
		{"cash down 37.5 %", func(c, _ *statements.Year) { c.Balance.Cash = statements.Amount(5000) },
			[]Alert{{Rule: RuleCashDrop, Year: 2025, Text: "Trésorerie en baisse de 37,5 % en 2025 : 5 000 k€ contre 8 000 k€ en 2024."}}},
		{"cash down 30 %", func(c, _ *statements.Year) { c.Balance.Cash = statements.Amount(5600) }, nil},
		{"cash down from nothing", func(c, p *statements.Year) {
			p.Balance.Cash, c.Balance.Cash = statements.Amount(0), statements.Amount(-10)
		}, nil},
		{"DSO up 19.9 days", func(c, _ *statements.Year) {
			c.Balance.TradeReceivables = statements.Amount(28000)
			c.Balance.Inventories = statements.Amount(6000) // same BFR
		}, []Alert{{Rule: RuleDSOIncrease, Year: 2025, Text: "Délai clients (DSO) en hausse de 19,9 jours en 2025 : 92,9 jours contre 73 jours en 2024."}}},
		{"DSO up 13.3 days", func(c, _ *statements.Year) {
			c.Balance.TradeReceivables = statements.Amount(26000)
			c.Balance.Inventories = statements.Amount(8000)
		}, nil},
		{"BFR growing much faster than sales", func(c, _ *statements.Year) { c.Balance.Inventories = statements.Amount(17000) },
			[]Alert{{Rule: RuleBFRGrowth, Year: 2025, Text: "BFR en hausse de 75,0 % en 2025 (21 000 k€ contre 12 000 k€) pour un chiffre d'affaires en variation de 10,0 %."}}},
		{"BFR growing 25 % with sales up 10 %", func(c, _ *statements.Year) {}, nil},
		{"BFR growing from a negative BFR", func(c, p *statements.Year) {
			p.Balance.TradePayables = statements.Amount(40000)
			c.Balance.Inventories = statements.Amount(17000)
		}, nil},
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
			if diff := cmp.Diff(tt.want, Alerts(r, Compute(r), DefaultThresholds), cmpopts.IgnoreFields(Alert{}, "Reads")); diff != "" {
				t.Errorf("alerts (-want +got):\n%s", diff)
			}
		})
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
	want := []string{RuleLeverage, RuleNegativeFCF, RuleNegativeEquity}
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
