package facts

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"

	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/locate"
	"analyste.dev/analyste/shared/ratios"
	"analyste.dev/analyste/shared/statements"
)

// Flows are twelve months of sources against uses, in k€, as a lender
// sets them: what the company holds or can draw (cash, undrawn lines) and
// is expected to generate (the last CAF, carried over), against what it
// must pay (debt due within a year, the last dividend, carried over). The
// CAF is the cash-flow table's, before the change in working capital,
// where it prints one (cashFlowCapacity).
type Flows struct {
	Sources []Flow `json:"sources"`
	Uses    []Flow `json:"emplois"`
	// Cover is sources over uses; nil when no debt maturity was read.
	Cover *float64 `json:"couverture,omitempty"`
	// MinCover, without a maturity, is the cover were the whole financial
	// debt of the balance sheet due within the year: the least it can be.
	MinCover *float64 `json:"couverture_minimale,omitempty"`
}

// Flow is one source or use and the fact it comes from.
type Flow struct {
	Label  string  `json:"libelle"`
	Amount float64 `json:"montant"`
	Fact   string  `json:"fait"`
}

// Total sums flows.
func Total(fs []Flow) float64 {
	var t float64
	for _, f := range fs {
		t += f.Amount
	}
	return t
}

// The C- figure types the twelve-month liquidity reads (shared/covenants).
const (
	figureUndrawn  = "lignes_non_tirees"
	figureMaturity = "echeance"
)

// maturityLabel names the debt due within a year among the uses.
const maturityLabel = "échéances de la dette à moins d'un an"

var (
	cashKey      = statements.Key{Statement: statements.Balance, Name: "tresorerie"}
	dividendsKey = statements.Key{Statement: statements.CashFlow, Name: "dividendes_verses"}
)

// LiquidityFact sets, for the latest year, the twelve-month sources
// against the uses: C-<slug>-liquidite-12-mois. Its amounts are the cash
// and the dividends of the statements, the CAF of the ratios, and the
// undrawn lines and maturities of the C- facts (cited). Without the cash it
// gives no fact; without a maturity, the uses are said not published and
// there is no cover.
func LiquidityFact(company string, years []int, rs map[int]ratios.Ratios, ev Evidence, cfacts []Fact) (Fact, bool) {
	if len(years) == 0 {
		return Fact{}, false
	}
	y, slug := years[0], Slug(company)
	id := "C-" + slug + "-liquidite-12-mois"
	cash, ok := ev.report.Value(y, cashKey)
	if !ok {
		return Fact{}, false
	}
	reads := []statements.FieldRef{{Year: y, Key: cashKey}}
	var fl Flows
	fl.Sources = append(fl.Sources, Flow{Label: fmt.Sprintf("trésorerie %d", y), Amount: cash, Fact: id})
	var unverified []string
	schedule := false
	for _, f := range cfacts {
		if f.Figure != nil && f.Figure.Type == figureMaturity && strings.Contains(f.Text, "Échéancier de la dette") {
			schedule = true
		}
	}
	for _, f := range cfacts {
		if f.Figure == nil {
			continue
		}
		amount, ok := firstAmount(f.Text)
		if !ok {
			continue
		}
		var line Flow
		switch {
		case f.Figure.Type == figureUndrawn:
			line = Flow{Label: "lignes de crédit non tirées", Amount: amount, Fact: f.ID}
			fl.Sources = append(fl.Sources, line)
		case f.Figure.Type == figureMaturity && (!schedule || strings.Contains(f.Text, "Échéancier de la dette")) && strings.Contains(f.Text, "à moins d'un an"):
			line = Flow{Label: maturityLabel, Amount: amount, Fact: f.ID}
			fl.Uses = append(fl.Uses, line)
		case f.Figure.Type == FigureCommittedCapex:
			line = Flow{Label: "investissements engagés", Amount: amount, Fact: f.ID}
			fl.Uses = append(fl.Uses, line)
		default:
			continue
		}
		if !f.Verified() {
			unverified = append(unverified, f.ID+" non vérifié")
		}
	}
	maturities := slices.ContainsFunc(fl.Uses, func(u Flow) bool { return strings.HasPrefix(u.Label, maturityLabel) })
	table, tableOK := scheduleTable(cfacts)
	if tableOK && !schedule {
		// The annexe's state of debts is every debt due within the year: it
		// replaces the single maturities the text names.
		fl.Uses = slices.DeleteFunc(fl.Uses, func(u Flow) bool { return strings.HasPrefix(u.Label, maturityLabel) })
		fl.Uses = append([]Flow{table.flow}, fl.Uses...)
		if !table.verified {
			unverified = append(unverified, table.flow.Fact+" non vérifié")
		}
		maturities = true
	}
	// A maturity within the year that the schedule or the table replaces
	// but that fails a check (one beyond their part within a year) puts
	// their total in doubt.
	for _, f := range cfacts {
		if f.Figure != nil && f.Figure.Type == figureMaturity && strings.Contains(f.Text, "à moins d'un an") && !f.Verified() &&
			!slices.ContainsFunc(fl.Uses, func(u Flow) bool { return u.Fact == f.ID }) && (schedule || tableOK) {
			unverified = append(unverified, f.ID+" non vérifié")
		}
	}
	if due, where, ok := currentDebt(y, ev); ok && !schedule && !tableOK {
		// The balance sheet's current part is every debt due within the
		// year: it replaces the single maturities the text names.
		fl.Uses = slices.DeleteFunc(fl.Uses, func(u Flow) bool { return strings.HasPrefix(u.Label, maturityLabel) })
		fl.Uses = append([]Flow{{Label: fmt.Sprintf("%s (bilan, %s)", maturityLabel, where), Amount: due, Fact: id}}, fl.Uses...)
		reads = append(reads, statements.FieldRef{Year: y, Key: debtKey})
		maturities = true
	}
	if caf, cafReads, cafID, ok := cashFlowCapacity(y, slug, id, rs, ev); ok {
		reads = append(reads, cafReads...)
		if caf >= 0 {
			fl.Sources = append(fl.Sources, Flow{Label: fmt.Sprintf("capacité d'autofinancement %d reconduite", y), Amount: caf, Fact: cafID})
		} else {
			fl.Uses = append(fl.Uses, Flow{Label: fmt.Sprintf("capacité d'autofinancement %d négative, reconduite", y), Amount: -caf, Fact: cafID})
		}
	}
	if div, ok := ev.report.Value(y, dividendsKey); ok && div != 0 {
		reads = append(reads, statements.FieldRef{Year: y, Key: dividendsKey})
		fl.Uses = append(fl.Uses, Flow{Label: fmt.Sprintf("dividendes versés en %d, reconduits", y), Amount: math.Abs(div), Fact: id})
	}
	text := fmt.Sprintf("%s - Liquidité à douze mois : sources de %s (%s)", company, frnum.FormatKEUR(Total(fl.Sources)), flowList(fl.Sources))
	switch {
	case maturities:
		cover := Total(fl.Sources) / Total(fl.Uses)
		fl.Cover = &cover
		text += fmt.Sprintf(" ; emplois de %s (%s) ; couverture des emplois par les sources : %s", frnum.FormatKEUR(Total(fl.Uses)), flowList(fl.Uses), frnum.FormatRatio(cover))
		if cover < 1 {
			text += fmt.Sprintf(", sources inférieures aux emplois de %s", frnum.FormatKEUR(Total(fl.Uses)-Total(fl.Sources)))
		}
	case len(fl.Uses) > 0:
		text += fmt.Sprintf(" ; emplois connus de %s (%s), échéances de la dette à moins d'un an non publiées", frnum.FormatKEUR(Total(fl.Uses)), flowList(fl.Uses))
	default:
		text += " ; échéances de la dette à moins d'un an non publiées"
	}
	if debt, ok := ev.report.Value(y, debtKey); !maturities && ok && debt > 0 {
		// A lender's worst case: the whole financial debt due within the
		// year; the cover it gives is the least the schedule can give.
		worst := Total(fl.Uses) + debt
		cover := Total(fl.Sources) / worst
		fl.MinCover = &cover
		reads = append(reads, statements.FieldRef{Year: y, Key: debtKey})
		whole := "toute la dette financière du bilan due à moins d'un an"
		if len(fl.Uses) > 0 {
			whole = fmt.Sprintf("les emplois connus et toute la dette financière du bilan (%s) dus à moins d'un an", frnum.FormatKEUR(debt))
		}
		text += fmt.Sprintf(" ; au pire, emplois de %s au plus, %s : couverture des emplois par les sources d'au moins %s",
			frnum.FormatKEUR(worst), whole, frnum.FormatRatio(cover))
	}
	f := Fact{ID: id, Text: text, Flows: &fl}
	f.State, f.Fields, f.Reasons = ev.Assess(unique(reads))
	if len(unverified) > 0 && f.State == Verified {
		f.State = Unverified
	}
	f.Reasons = append(f.Reasons, unverified...)
	return f, true
}

// figureSchedule is the C- figure type of the state of debts the annexe
// prints as a table (shared/covenants).
const figureSchedule = "echeancier"

// tableSchedule is the part due within a year of the state of debts.
type tableSchedule struct {
	flow     Flow
	verified bool
}

// scheduleTable reads the within-a-year part of the annexe's state of
// debts: « … (p. 15) : 451,9 k€, dont 142,9 k€ à un an au plus ».
func scheduleTable(cfacts []Fact) (tableSchedule, bool) {
	for _, f := range cfacts {
		if f.Figure == nil || f.Figure.Type != figureSchedule {
			continue
		}
		_, after, ok := strings.Cut(f.Text, ", dont ")
		if !ok {
			continue
		}
		v, ok := firstAmount(after)
		if !ok {
			continue
		}
		label := maturityLabel
		if f.Page > 0 {
			label += fmt.Sprintf(" (état des échéances des dettes, p. %d)", f.Page)
		}
		return tableSchedule{flow: Flow{Label: label, Amount: v, Fact: f.ID}, verified: f.Verified()}, true
	}
	return tableSchedule{}, false
}

var debtKey = statements.Key{Statement: statements.Balance, Name: "dettes_financieres"}

// currentLine is a balance-sheet line of financial debt that is the part
// due within a year: the current financial debt an IFRS balance sheet
// sets apart (IAS 1, current and non-current liabilities), « part à moins
// d'un an », « dettes financières courantes », « emprunts à court terme »,
// and the current lease liabilities (IFRS 16), « dettes locatives
// courantes ».
var currentLine = regexp.MustCompile(`\b(part|partie|portion|fraction) (a moins d (1|un) an|courante|a court terme)\b|\b(dettes? financieres?|emprunts?( et dettes financieres)?|(dettes?|obligations?) locatives?) (courante?s?|a court terme|a moins d (1|un) an)\b`)

// currentDebt is the financial debt due within a year the balance sheet
// prints on lines of their own for year y, with where: « label » and its
// page; none when no line of the financial debt says it.
func currentDebt(y int, ev Evidence) (float64, string, bool) {
	var total float64
	var labels []string
	page := 0
	for _, l := range ev.amounts[statements.FieldRef{Year: y, Key: debtKey}] {
		if currentLine.MatchString(locate.Fold(l.Label)) && l.amount > 0 {
			total += l.amount
			labels = append(labels, "« "+l.Label+" »")
			page = l.Page
		}
	}
	return total, fmt.Sprintf("%s, p. %d", strings.Join(labels, " et "), page), len(labels) > 0
}

var (
	operatingKey = statements.Key{Statement: statements.CashFlow, Name: "flux_exploitation"}
	changeBFRKey = statements.Key{Statement: statements.CashFlow, Name: "variation_bfr"}
)

// cashFlowCapacity is the CAF the French way where the cash-flow table
// gives it: the operating cash flow before the change in working capital
// (the table's marge brute d'autofinancement, every non-cash item and gain
// on disposals already taken out by the accountant); otherwise the
// dictionary's simplified CAF (net result + depreciation, R-<slug>-caf).
func cashFlowCapacity(y int, slug, id string, rs map[int]ratios.Ratios, ev Evidence) (float64, []statements.FieldRef, string, bool) {
	ops, okOps := ev.report.Value(y, operatingKey)
	bfr, okBFR := ev.report.Value(y, changeBFRKey)
	if okOps && okBFR {
		return ops - bfr, []statements.FieldRef{{Year: y, Key: operatingKey}, {Year: y, Key: changeBFRKey}}, id, true
	}
	caf := rs[y].CashFlowFromOps
	if !caf.OK() {
		return 0, nil, "", false
	}
	d, _ := ratios.DefinitionOf("caf")
	return caf.Number, d.Reads(y, 0), "R-" + slug + "-caf", true
}

func flowList(fs []Flow) string {
	parts := make([]string, len(fs))
	for i, f := range fs {
		parts[i] = f.Label + " : " + frnum.FormatKEUR(f.Amount)
	}
	return strings.Join(parts, ", ")
}

// firstAmount is the first amount in money of a C- fact's sentence, after
// its label: "Lignes de crédit non tirées : 6 000 k€ (p. 5)".
func firstAmount(text string) (float64, bool) {
	for _, n := range frnum.Parse(text) {
		if v, ok := n.KEUR(); ok {
			return v, true
		}
	}
	return 0, false
}
