package ratios

import (
	"fmt"

	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/statements"
)

// Thresholds are every alert threshold, in one place.
type Thresholds struct {
	MaxLeverage          float64 // levier above this fires (x)
	MaxCashDrop          float64 // trésorerie falling by more than this fires (%)
	MaxDSOIncrease       float64 // DSO rising by more than this fires (days)
	MaxBFRGrowthExcess   float64 // BFR growth minus sales growth above this fires (points)
	MinInterestCover     float64 // couverture des frais financiers below this fires (x)
	MaxInterestCoverDrop float64 // the cover falling by more than this fires (%)
	MaxBFRDaysIncrease   float64 // BFR in days of sales rising by more than this fires (days)
	// MinCovenantHeadroom: a covenant whose reported level is closer to its
	// limit than this fires (% of the limit); a breach always fires.
	MinCovenantHeadroom float64
}

// DefaultThresholds are the thresholds the pipeline uses.
var DefaultThresholds = Thresholds{
	MaxLeverage:          3.5,
	MaxCashDrop:          30,
	MaxDSOIncrease:       15,
	MaxBFRGrowthExcess:   20,
	MinInterestCover:     3,
	MaxInterestCoverDrop: 25,
	MaxBFRDaysIncrease:   15,
	MinCovenantHeadroom:  10,
}

// Alert is one rule that fired on the latest year; Text is a French sentence
// whose numbers are the computed values.
type Alert struct {
	Rule string `json:"regle"`
	Year int    `json:"annee"`
	Text string `json:"texte"`
	// Reads are the fields the rule read; the alert's fact carries them.
	Reads []statements.FieldRef `json:"-"`
}

// The alert rules, in the order their alerts are numbered.
const (
	RuleLeverage       = "levier"
	RuleNegativeFCF    = "fcf_negatif"
	RuleNegativeEquity = "capitaux_propres_negatifs"
	RuleCashDrop       = "baisse_tresorerie"
	RuleDSOIncrease    = "hausse_dso"
	RuleBFRGrowth      = "derive_bfr"
	RuleNegativeEBITDA = "ebitda_negatif"
	RuleNetLoss        = "perte_nette"
	RuleLowCover       = "couverture_faible"
	RuleDividends      = "dividendes_fcf_negatif"
	RuleCoverDrop      = "couverture_en_baisse"
	RuleBFRDays        = "hausse_bfr_jours"
	// Set by shared/covenants from the report's sentences.
	RuleCovenant      = "marge_covenant"
	RuleShortTermDebt = "echeances_court_terme"
)

// Alerts applies the rules to the latest year of the report (the year the
// analysis is about), comparing it with the year before where a rule needs
// it. A rule whose amounts are absent or non significatif does not fire.
func Alerts(r statements.Report, ratios map[int]Ratios, th Thresholds) []Alert {
	years := r.YearsDesc()
	if len(years) == 0 {
		return nil
	}
	n := years[0]
	cur := ratios[n]
	var out []Alert
	fire := func(rule string, reads []statements.FieldRef, format string, args ...any) {
		out = append(out, Alert{Rule: rule, Year: n, Text: fmt.Sprintf(format, args...), Reads: reads})
	}
	p := 0 // the year before n, when the report has one
	if len(years) > 1 {
		p = years[1]
	}
	reads := func(y int, ratioKeys ...string) []statements.FieldRef {
		var out []statements.FieldRef
		for _, key := range ratioKeys {
			d, _ := DefinitionOf(key)
			out = append(out, d.Reads(y, p)...)
		}
		return out
	}
	field := func(y int, s statements.Statement, name string) statements.FieldRef {
		return statements.FieldRef{Year: y, Key: statements.Key{Statement: s, Name: name}}
	}
	has := func(y int, s statements.Statement, name string) (float64, bool) {
		return r.Value(y, statements.Key{Statement: s, Name: name})
	}

	if v := cur.Leverage; v.OK() && v.Number > th.MaxLeverage {
		fire(RuleLeverage, reads(n, "levier"), "Levier de %s en %d, au-dessus du seuil d'alerte de %s.", frnum.FormatRatio(v.Number), n, frnum.FormatRatio(th.MaxLeverage))
	}
	net, netOK := has(n, statements.Income, "resultat_net")
	if fcf := cur.FreeCashFlow; fcf.OK() && fcf.Number < 0 {
		if netOK && net > 0 {
			fire(RuleNegativeFCF, append(reads(n, "free_cash_flow"), field(n, statements.Income, "resultat_net")), "Résultat net de %s mais free cash-flow de %s en %d.", frnum.FormatKEUR(net), frnum.FormatKEUR(fcf.Number), n)
		} else {
			fire(RuleNegativeFCF, reads(n, "free_cash_flow"), "Free cash-flow négatif de %s en %d.", frnum.FormatKEUR(fcf.Number), n)
		}
	}
	if eq, ok := has(n, statements.Balance, "capitaux_propres"); ok && eq < 0 {
		fire(RuleNegativeEquity, []statements.FieldRef{field(n, statements.Balance, "capitaux_propres")}, "Capitaux propres négatifs de %s en %d.", frnum.FormatKEUR(eq), n)
	}
	if e := cur.EBITDA; e.OK() && e.Number < 0 {
		fire(RuleNegativeEBITDA, reads(n, "ebitda"), "EBITDA négatif de %s en %d.", frnum.FormatKEUR(e.Number), n)
	}
	if netOK && net < 0 {
		fire(RuleNetLoss, []statements.FieldRef{field(n, statements.Income, "resultat_net")}, "Perte nette de %s en %d.", frnum.FormatKEUR(net), n)
	}
	if c := cur.InterestCover; c.OK() && c.Number < th.MinInterestCover {
		fire(RuleLowCover, reads(n, "couverture_financiere"), "Couverture des frais financiers de %s en %d, sous le seuil de %s.", frnum.FormatRatio(c.Number), n, frnum.FormatRatio(th.MinInterestCover))
	}
	if div, ok := has(n, statements.CashFlow, "dividendes_verses"); ok && div < 0 && cur.FreeCashFlow.OK() && cur.FreeCashFlow.Number < 0 {
		fire(RuleDividends, append(reads(n, "free_cash_flow"), field(n, statements.CashFlow, "dividendes_verses")), "Dividendes versés de %s en %d malgré un free cash-flow de %s.",
			frnum.FormatKEUR(div), n, frnum.FormatKEUR(cur.FreeCashFlow.Number))
	}
	if len(years) < 2 {
		return out
	}
	prev := ratios[p]
	cash, ok1 := has(n, statements.Balance, "tresorerie")
	prevCash, ok2 := has(p, statements.Balance, "tresorerie")
	if ok1 && ok2 && prevCash > 0 {
		if drop := (prevCash - cash) / prevCash * 100; drop > th.MaxCashDrop {
			fire(RuleCashDrop, []statements.FieldRef{field(n, statements.Balance, "tresorerie"), field(p, statements.Balance, "tresorerie")}, "Trésorerie en baisse de %s en %d : %s contre %s en %d.",
				frnum.FormatPercent(drop), n, frnum.FormatKEUR(cash), frnum.FormatKEUR(prevCash), p)
		}
	}
	if cur.DSO.OK() && prev.DSO.OK() && cur.DSO.Number-prev.DSO.Number > th.MaxDSOIncrease {
		fire(RuleDSOIncrease, append(reads(n, "dso"), reads(p, "dso")...), "Délai clients (DSO) en hausse de %s en %d : %s contre %s en %d.",
			frnum.FormatDays(cur.DSO.Number-prev.DSO.Number), n, frnum.FormatDays(cur.DSO.Number), frnum.FormatDays(prev.DSO.Number), p)
	}
	bfr, prevBFR := cur.WorkingCapital, prev.WorkingCapital
	if bfr.OK() && prevBFR.OK() && prevBFR.Number > 0 && cur.RevenueGrowth.OK() {
		growth := (bfr.Number/prevBFR.Number - 1) * 100
		if growth > 0 && growth-cur.RevenueGrowth.Number > th.MaxBFRGrowthExcess {
			fire(RuleBFRGrowth, append(reads(n, "bfr", "croissance_ca"), reads(p, "bfr")...), "BFR en hausse de %s en %d (%s contre %s) pour un chiffre d'affaires en variation de %s.",
				frnum.FormatPercent(growth), n, frnum.FormatKEUR(bfr.Number), frnum.FormatKEUR(prevBFR.Number), frnum.FormatPercent(cur.RevenueGrowth.Number))
		}
	}
	if d, pd := cur.WorkingCapitalDays, prev.WorkingCapitalDays; d.OK() && pd.OK() && d.Number-pd.Number > th.MaxBFRDaysIncrease {
		fire(RuleBFRDays, append(reads(n, "bfr_jours"), reads(p, "bfr_jours")...), "BFR en hausse de %s de chiffre d'affaires en %d : %s contre %s en %d.",
			frnum.FormatDays(d.Number-pd.Number), n, frnum.FormatDays(d.Number), frnum.FormatDays(pd.Number), p)
	}
	if c, pc := cur.InterestCover, prev.InterestCover; c.OK() && pc.OK() && pc.Number > 0 {
		if drop := (pc.Number - c.Number) / pc.Number * 100; drop > th.MaxInterestCoverDrop {
			fire(RuleCoverDrop, append(reads(n, "couverture_financiere"), reads(p, "couverture_financiere")...), "Couverture des frais financiers en baisse de %s en %d : %s contre %s en %d.",
				frnum.FormatPercent(drop), n, frnum.FormatRatio(c.Number), frnum.FormatRatio(pc.Number), p)
		}
	}
	return out
}
