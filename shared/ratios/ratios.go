// Package ratios computes the ratios of the data dictionary from a
// normalised report, and the alert rules built on them.
package ratios

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/statements"
)

// Reasons a ratio has no number.
const (
	NotSignificant = "non significatif" // the denominator makes it meaningless; the reason follows
	NotAvailable   = "non disponible"   // an amount it needs was not printed
	// NetCash replaces a leverage or gearing when cash exceeds financial
	// debt: a negative "-0,2x" reads as a ratio, not as a net cash position.
	NetCash = "trésorerie nette"
)

// Value is a ratio: a number, or the reason there is none. Its JSON is the
// number or the reason as a string, never NaN.
type Value struct {
	Number float64
	Reason string
}

// OK reports whether the value is a number.
func (v Value) OK() bool { return v.Reason == "" }

// Available reports whether every amount behind the value was printed (a
// number or non significatif).
func (v Value) Available() bool { return !strings.HasPrefix(v.Reason, NotAvailable) }

// MarshalJSON writes the number or the reason.
func (v Value) MarshalJSON() ([]byte, error) {
	if v.OK() {
		return json.Marshal(v.Number)
	}
	return json.Marshal(v.Reason)
}

// UnmarshalJSON reads what MarshalJSON writes.
func (v *Value) UnmarshalJSON(b []byte) error {
	*v = Value{}
	if err := json.Unmarshal(b, &v.Number); err == nil {
		return nil
	}
	if err := json.Unmarshal(b, &v.Reason); err != nil || v.Reason == "" {
		return fmt.Errorf("ratio value %s: neither a number nor a reason", b)
	}
	return nil
}

// Ratios are the 19 ratios of one year. Percentages are in percent (12.5
// means 12,5 %), days in days, amounts in k€.
type Ratios struct {
	EBITDA             Value `json:"ebitda"`
	NetDebt            Value `json:"dette_nette"`
	Leverage           Value `json:"levier"`
	Gearing            Value `json:"gearing"`
	EBITDAMargin       Value `json:"marge_ebitda"`
	OperatingMargin    Value `json:"marge_exploitation"`
	NetMargin          Value `json:"marge_nette"`
	FreeCashFlow       Value `json:"free_cash_flow"`
	WorkingCapital     Value `json:"bfr"`
	WorkingCapitalDays Value `json:"bfr_jours"`
	DSO                Value `json:"dso"`
	EquityRatio        Value `json:"autonomie_financiere"`
	RevenueGrowth      Value `json:"croissance_ca"`
	InterestCover      Value `json:"couverture_financiere"`
	DIO                Value `json:"dio"`
	DPO                Value `json:"dpo"`
	CashFlowFromOps    Value `json:"caf"`
	CurrentRatio       Value `json:"liquidite_generale"`
	CashRunway         Value `json:"mois_de_tresorerie"`
}

// Definition describes a ratio for the facts: its key, French label,
// formula, unit, and the fields it is computed from.
type Definition struct {
	Key     string
	Label   string
	Formula string
	Unit    frnum.Unit
	Get     func(Ratios) Value
	Inputs  []statements.Key
	// PrevYear: the ratio also reads its inputs in the year before.
	PrevYear bool
}

// Reads lists the fields behind the ratio of year; prev is the year before
// it in the report, 0 if none.
func (d Definition) Reads(year, prev int) []statements.FieldRef {
	var out []statements.FieldRef
	for _, k := range d.Inputs {
		out = append(out, statements.FieldRef{Year: year, Key: k})
		if d.PrevYear && prev != 0 {
			out = append(out, statements.FieldRef{Year: prev, Key: k})
		}
	}
	return out
}

func inc(names ...string) []statements.Key { return keys(statements.Income, names) }
func bal(names ...string) []statements.Key { return keys(statements.Balance, names) }
func cfl(names ...string) []statements.Key { return keys(statements.CashFlow, names) }

func keys(s statements.Statement, names []string) []statements.Key {
	out := make([]statements.Key, len(names))
	for i, n := range names {
		out[i] = statements.Key{Statement: s, Name: n}
	}
	return out
}

var (
	ebitdaInputs  = inc("resultat_exploitation", "dotations_amortissements")
	netDebtInputs = bal("dettes_financieres", "tresorerie")
	bfrInputs     = bal(append(slices.Clone(statements.WorkingCapitalAssets), statements.WorkingCapitalLiabilities...)...)
)

// Definitions lists the ratios in the data dictionary's order.
var Definitions = []Definition{
	{"ebitda", "EBITDA", "résultat d'exploitation + dotations aux amortissements", frnum.KEUR, func(r Ratios) Value { return r.EBITDA }, ebitdaInputs, false},
	{"dette_nette", "Dette nette", "dettes financières - trésorerie", frnum.KEUR, func(r Ratios) Value { return r.NetDebt }, netDebtInputs, false},
	{"levier", "Levier", "dette nette / EBITDA", frnum.Times, func(r Ratios) Value { return r.Leverage }, concat(netDebtInputs, ebitdaInputs), false},
	{"gearing", "Gearing", "dette nette / capitaux propres", frnum.Percent, func(r Ratios) Value { return r.Gearing }, concat(netDebtInputs, bal("capitaux_propres")), false},
	{"marge_ebitda", "Marge d'EBITDA", "EBITDA / chiffre d'affaires", frnum.Percent, func(r Ratios) Value { return r.EBITDAMargin }, concat(ebitdaInputs, inc("chiffre_affaires")), false},
	{"marge_exploitation", "Marge d'exploitation", "résultat d'exploitation / chiffre d'affaires", frnum.Percent, func(r Ratios) Value { return r.OperatingMargin }, inc("resultat_exploitation", "chiffre_affaires"), false},
	{"marge_nette", "Marge nette", "résultat net / chiffre d'affaires", frnum.Percent, func(r Ratios) Value { return r.NetMargin }, inc("resultat_net", "chiffre_affaires"), false},
	{"free_cash_flow", "Free cash-flow", "flux d'exploitation + investissements", frnum.KEUR, func(r Ratios) Value { return r.FreeCashFlow }, cfl("flux_exploitation", "investissements"), false},
	{"bfr", "BFR", "stocks + créances clients + autres actifs courants - dettes fournisseurs - autres passifs courants", frnum.KEUR, func(r Ratios) Value { return r.WorkingCapital }, bfrInputs, false},
	{"bfr_jours", "BFR en jours de chiffre d'affaires", "BFR / chiffre d'affaires × 365", frnum.Days, func(r Ratios) Value { return r.WorkingCapitalDays }, concat(bfrInputs, inc("chiffre_affaires")), false},
	{"dso", "Délai clients (DSO)", "créances clients / chiffre d'affaires × 365", frnum.Days, func(r Ratios) Value { return r.DSO }, concat(bal("creances_clients"), inc("chiffre_affaires")), false},
	{"autonomie_financiere", "Autonomie financière", "capitaux propres / total passif", frnum.Percent, func(r Ratios) Value { return r.EquityRatio }, bal("capitaux_propres", "total_passif"), false},
	{"croissance_ca", "Croissance du chiffre d'affaires", "chiffre d'affaires N / chiffre d'affaires N-1 - 1", frnum.Percent, func(r Ratios) Value { return r.RevenueGrowth }, inc("chiffre_affaires"), true},
	{"couverture_financiere", "Couverture des frais financiers", "EBITDA / -résultat financier", frnum.Times, func(r Ratios) Value { return r.InterestCover }, concat(ebitdaInputs, inc("resultat_financier")), false},
	{"dio", "Rotation des stocks (DIO)", "stocks / achats consommés × 365", frnum.Days, func(r Ratios) Value { return r.DIO }, concat(bal("stocks"), inc("achats_consommes")), false},
	{"dpo", "Délai fournisseurs (DPO)", "dettes fournisseurs / (achats consommés + charges externes) × 365", frnum.Days, func(r Ratios) Value { return r.DPO }, concat(bal("dettes_fournisseurs"), inc("achats_consommes", "charges_externes")), false},
	{"caf", "Capacité d'autofinancement", "résultat net + dotations aux amortissements", frnum.KEUR, func(r Ratios) Value { return r.CashFlowFromOps }, inc("resultat_net", "dotations_amortissements"), false},
	{"liquidite_generale", "Liquidité générale", "(stocks + créances clients + autres actifs courants + trésorerie) / (dettes fournisseurs + autres passifs courants)", frnum.Times, func(r Ratios) Value { return r.CurrentRatio }, concat(bal(currentAssets...), bal(statements.WorkingCapitalLiabilities...)), false},
	{"mois_de_tresorerie", "Mois de trésorerie", "trésorerie / (-free cash-flow / 12), quand le free cash-flow est négatif", frnum.Months, func(r Ratios) Value { return r.CashRunway }, concat(bal("tresorerie"), cfl("flux_exploitation", "investissements")), false},
}

// currentAssets are the assets of the current ratio.
var currentAssets = append(slices.Clone(statements.WorkingCapitalAssets), "tresorerie")

// DefinitionOf returns the definition of the ratio key.
func DefinitionOf(key string) (Definition, bool) {
	for _, d := range Definitions {
		if d.Key == key {
			return d, true
		}
	}
	return Definition{}, false
}

func concat(parts ...[]statements.Key) []statements.Key {
	var out []statements.Key
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// FormatValue writes a ratio value in its unit through frnum, or its reason.
func FormatValue(v Value, u frnum.Unit) string {
	if !v.OK() {
		return v.Reason
	}
	switch u {
	case frnum.Times:
		return frnum.FormatRatio(v.Number)
	case frnum.Percent:
		return frnum.FormatPercent(v.Number)
	case frnum.Days:
		return frnum.FormatDays(v.Number)
	case frnum.Months:
		return frnum.FormatMonths(v.Number)
	}
	return frnum.FormatKEUR(v.Number)
}

// amounts reads the keys of one year, remembering the first one absent.
type amounts struct {
	r      statements.Report
	year   int
	absent string
}

func (a *amounts) get(s statements.Statement, name string) float64 {
	k := statements.Key{Statement: s, Name: name}
	v, ok := a.r.Value(a.year, k)
	if !ok && a.absent == "" {
		a.absent = fmt.Sprintf("%s %d", k, a.year)
	}
	return v
}

// value is v, or "non disponible" naming the first amount behind it that
// was not printed.
func (a *amounts) value(v float64) Value {
	if a.absent != "" {
		return Value{Reason: NotAvailable + " (" + a.absent + " non imprimé)"}
	}
	return Value{Number: v}
}

// ratio divides num by den; a denominator ≤ 0 makes the ratio non
// significatif, why saying what the denominator is.
func ratio(num, den Value, scale float64, why string) Value {
	switch {
	case !num.OK():
		return num
	case !den.OK():
		return den
	case den.Number <= 0:
		return notSignificant(why)
	}
	return Value{Number: num.Number / den.Number * scale}
}

func notSignificant(why string) Value { return Value{Reason: NotSignificant + " (" + why + ")"} }

// overDebt divides the net debt by den, or says trésorerie nette when cash
// exceeds the debt.
func overDebt(netDebt, den Value, scale float64, why string) Value {
	if netDebt.OK() && netDebt.Number < 0 {
		if den.OK() && den.Number > 0 {
			return Value{Reason: NetCash}
		}
	}
	return ratio(netDebt, den, scale, why)
}

// Compute returns the ratios of every year of the report. croissance_ca needs
// the year before; without it, it is non disponible.
func Compute(r statements.Report) map[int]Ratios {
	out := map[int]Ratios{}
	years := r.YearsDesc()
	for i, y := range years {
		get := func(s statements.Statement, names ...string) Value {
			a := amounts{r: r, year: y}
			var sum float64
			for _, n := range names {
				sum += a.get(s, n)
			}
			return a.value(sum)
		}
		var x Ratios
		revenue := get(statements.Income, "chiffre_affaires")
		operating := get(statements.Income, "resultat_exploitation")
		x.EBITDA = add(operating, get(statements.Income, "dotations_amortissements"))
		x.NetDebt = add(get(statements.Balance, "dettes_financieres"), neg(get(statements.Balance, "tresorerie")))
		const noRevenue = "chiffre d'affaires nul ou négatif"
		months := r.Months(y)
		// Day-based ratios count the days of the period; a leverage needs a
		// year of EBITDA, which a shorter period does not give.
		days := 365 * float64(months) / statements.FullYear
		x.Leverage = overDebt(x.NetDebt, x.EBITDA, 1, "EBITDA nul ou négatif")
		if months != statements.FullYear && x.Leverage.OK() {
			x.Leverage = notSignificant(fmt.Sprintf("EBITDA d'une période de %d mois", months))
		}
		x.Gearing = overDebt(x.NetDebt, get(statements.Balance, "capitaux_propres"), 100, "capitaux propres nuls ou négatifs")
		x.EBITDAMargin = ratio(x.EBITDA, revenue, 100, noRevenue)
		x.OperatingMargin = ratio(operating, revenue, 100, noRevenue)
		x.NetMargin = ratio(get(statements.Income, "resultat_net"), revenue, 100, noRevenue)
		x.FreeCashFlow = get(statements.CashFlow, "flux_exploitation", "investissements")
		x.WorkingCapital = WorkingCapital(r, y)
		x.WorkingCapitalDays = ratio(x.WorkingCapital, revenue, days, noRevenue)
		x.DSO = ratio(get(statements.Balance, "creances_clients"), revenue, days, noRevenue)
		x.EquityRatio = ratio(get(statements.Balance, "capitaux_propres"), get(statements.Balance, "total_passif"), 100, "total du passif nul ou négatif")
		x.RevenueGrowth = Value{Reason: NotAvailable + " (pas d'exercice précédent)"}
		switch {
		case i+1 < len(years) && r.Months(years[i+1]) != months:
			x.RevenueGrowth = notSignificant(fmt.Sprintf("périodes de durées différentes : %d mois contre %d mois", months, r.Months(years[i+1])))
		case i+1 < len(years):
			p := amounts{r: r, year: years[i+1]}
			x.RevenueGrowth = ratio(add(revenue, neg(p.value(p.get(statements.Income, "chiffre_affaires")))), p.value(p.get(statements.Income, "chiffre_affaires")), 100, "chiffre d'affaires précédent nul ou négatif")
		}
		x.InterestCover = ratio(x.EBITDA, neg(get(statements.Income, "resultat_financier")), 1, "résultat financier positif ou nul")
		if x.InterestCover.OK() && x.EBITDA.Number <= 0 {
			x.InterestCover = notSignificant("EBITDA nul ou négatif : aucune couverture")
		}
		purchases := get(statements.Income, "achats_consommes")
		x.DIO = ratio(get(statements.Balance, "stocks"), purchases, days, "achats consommés nuls ou négatifs")
		x.DPO = ratio(get(statements.Balance, "dettes_fournisseurs"), add(purchases, get(statements.Income, "charges_externes")), days, "achats et charges externes nuls ou négatifs")
		x.CashFlowFromOps = get(statements.Income, "resultat_net", "dotations_amortissements")
		x.CurrentRatio = ratio(get(statements.Balance, currentAssets...), get(statements.Balance, statements.WorkingCapitalLiabilities...), 1, "dettes d'exploitation nulles")
		x.CashRunway = ratio(get(statements.Balance, "tresorerie"), scaled(neg(x.FreeCashFlow), 1/float64(months)), 1, "free cash-flow positif ou nul")
		if ops := get(statements.CashFlow, "flux_exploitation"); x.CashRunway.OK() && ops.OK() && ops.Number >= 0 {
			// The cash is not burnt by the business but spent on investment,
			// which a company can stop: months of cash say nothing.
			x.CashRunway = notSignificant("flux d'exploitation positif : le free cash-flow est négatif du fait des investissements")
		}
		absurd(&x)
		if d := r.Dated(y); d != "" {
			// A position of one date over the flows of a period that ends
			// on another says nothing.
			for _, v := range []*Value{&x.Leverage, &x.WorkingCapitalDays, &x.DSO, &x.DIO, &x.DPO, &x.CashRunway} {
				if v.Available() {
					*v = notSignificant("dates différentes : " + d)
				}
			}
		}
		out[y] = x
	}
	return out
}

// Bounds past which a ratio no longer measures the business but the
// smallness of its denominator (a revenue of a few k€ under costs of
// millions): a margin beyond ±100 % of revenue, more than ten years of
// revenue in working capital, receivables or stock, a leverage beyond 100
// years of EBITDA, a growth beyond tenfold.
const (
	maxMargin   = 100
	maxDays     = 3650
	maxLeverage = 100
	maxGrowth   = 1000
)

// absurd turns the ratios past their bounds into non significatif.
func absurd(x *Ratios) {
	bound := func(v *Value, limit float64, why string) {
		if v.OK() && (v.Number > limit || v.Number < -limit) {
			*v = notSignificant(why)
		}
	}
	for _, v := range []*Value{&x.EBITDAMargin, &x.OperatingMargin, &x.NetMargin} {
		bound(v, maxMargin, "au-delà de 100 % du chiffre d'affaires : chiffre d'affaires trop faible pour mesurer une marge")
	}
	for _, v := range []*Value{&x.WorkingCapitalDays, &x.DSO, &x.DIO, &x.DPO} {
		bound(v, maxDays, "plus de dix ans d'activité : dénominateur trop faible")
	}
	bound(&x.Leverage, maxLeverage, "EBITDA quasi nul au regard de la dette")
	bound(&x.InterestCover, maxLeverage, "frais financiers quasi nuls")
	bound(&x.RevenueGrowth, maxGrowth, "chiffre d'affaires précédent trop faible")
}

// WorkingCapital is the BFR of a year, as in check 16.
func WorkingCapital(r statements.Report, year int) Value {
	a := amounts{r: r, year: year}
	var bfr float64
	for _, n := range statements.WorkingCapitalAssets {
		bfr += a.get(statements.Balance, n)
	}
	for _, n := range statements.WorkingCapitalLiabilities {
		bfr -= a.get(statements.Balance, n)
	}
	return a.value(bfr)
}

func add(a, b Value) Value {
	if !a.OK() {
		return a
	}
	if !b.OK() {
		return b
	}
	return Value{Number: a.Number + b.Number}
}

func scaled(a Value, f float64) Value {
	a.Number *= f
	return a
}

func neg(a Value) Value {
	a.Number = -a.Number
	return a
}
