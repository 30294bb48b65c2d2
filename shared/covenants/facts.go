package covenants

import (
	"fmt"
	"slices"
	"strings"

	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/locate"
	"analyste.dev/analyste/shared/ratios"
	"analyste.dev/analyste/shared/statements"
)

// Statements is what the facts compare the reading with: the latest year,
// its cash and the leverage computed on the statements.
type Statements struct {
	Year     int
	Leverage ratios.Value
	Evidence facts.Evidence
	Report   statements.Report
}

// covenantRequest is what a lender asks for when the report prints no
// covenant of a borrower with debt.
const covenantRequest = "les covenants financiers du contrat de crédit (niveau, plafond, date de test, conséquence d'un bris) et la dernière attestation de respect des covenants (compliance certificate)"

// Facts turns a reading into C- facts (covenants, then liquidity) and the
// alerts of the covenant and liquidity rules; every number of a fact is a
// number printed in its sentences or computed here from them and from the
// statements.
func Facts(company string, r Reading, st Statements, th ratios.Thresholds) ([]facts.Fact, []ratios.Alert) {
	slug := facts.Slug(company)
	var out []facts.Fact
	var alerts []ratios.Alert
	for i, c := range r.Covenants {
		f := facts.Fact{ID: fmt.Sprintf("C-%s-covenant-%d", slug, i+1), State: facts.Verified, Page: c.Quotes[0].Page,
			Text: company + " - " + covenantText(c, st), Figure: covenantFigure(c)}
		if st.Leverage.OK() && strings.Contains(f.Text, "levier calculé") {
			f.State, f.Fields, f.Reasons = st.Evidence.Assess(leverageReads(st.Year))
		}
		out = append(out, f)
		if a, ok := covenantAlert(c, st.Year, th); ok {
			alerts = append(alerts, a)
		}
	}
	if len(r.Covenants) == 0 {
		text := company + " - Covenants : aucun covenant relevé dans le texte du rapport"
		if debt, ok := st.Report.Value(st.Year, financialDebt); ok && debt > 0 {
			// A borrower with debt: no headroom can be said, what to ask is.
			text += " ; marge non calculable ; à demander : " + covenantRequest
		}
		out = append(out, facts.Fact{ID: fmt.Sprintf("C-%s-covenants-aucun", slug), State: facts.Verified, Text: text})
	}
	for i, it := range r.Items {
		f := facts.Fact{ID: fmt.Sprintf("C-%s-liquidite-%d", slug, i+1), State: facts.Verified, Page: it.Quote.Page,
			Text: fmt.Sprintf("%s - %s (p. %d)", company, itemText(it), it.Quote.Page), Figure: itemFigure(it)}
		crossCheckItem(&f, it, st)
		if r.Schedule != nil {
			crossCheckSchedule(&f, it, *r.Schedule)
		}
		out = append(out, f)
	}
	if r.Schedule != nil {
		out = append(out, scheduleFact(company, slug, *r.Schedule, st))
	}
	out = append(out, quotedFacts(company, slug, r, st)...)
	switch {
	case len(r.Items) == 0 && r.Schedule == nil:
		out = append(out, facts.Fact{ID: fmt.Sprintf("C-%s-liquidite-aucune", slug), State: facts.Verified,
			Text: company + " - Liquidité et échéances : aucune ligne de crédit non tirée ni échéance à moins de 18 mois relevée dans le texte du rapport"})
	case len(r.Items) == 0:
		// the schedule states the maturities: saying none would deny it
		out = append(out, facts.Fact{ID: fmt.Sprintf("C-%s-liquidite-aucune", slug), State: facts.Verified,
			Text: company + " - Liquidité : aucune ligne de crédit non tirée relevée dans le texte du rapport ; les échéances sont celles de l'état des échéances des dettes"})
	}
	if f, a, ok := liquidity(company, slug, r, st); ok {
		out = append(out, f)
		alerts = append(alerts, a...)
	}
	return out, alerts
}

func covenantText(c Covenant, st Statements) string {
	limit := "plafond"
	if !c.Ceiling {
		limit = "plancher"
	}
	ratio := c.Ratio
	if ratio == "" {
		ratio = "financier"
	}
	text := fmt.Sprintf("Covenant (engagement financier) sur le ratio %s : %s de %s", ratio, limit, strings.TrimSpace(c.Limit.Text))
	if c.Level == nil {
		if c.Met {
			return text + " ; déclaré respecté, sans niveau publié"
		}
		return text + " ; aucun niveau publié"
	}
	how := "publié"
	if c.Contractual {
		how = "publié selon la définition contractuelle"
	}
	text += fmt.Sprintf(" ; ratio %s", how)
	if c.TestDate != "" {
		text += " au " + c.TestDate
	}
	text += " : " + strings.TrimSpace(c.Level.Text)
	if h, ok := c.Headroom(); ok {
		if h < 0 {
			text += fmt.Sprintf(", soit un dépassement de %s du %s", frnum.FormatPercent(-h), limit)
		} else {
			text += fmt.Sprintf(", soit une marge de %s du %s", frnum.FormatPercent(h), limit)
		}
	}
	if lv := st.Leverage; lv.OK() && leverage(c) && !sameRatio(lv.Number, *c.Level) {
		text += fmt.Sprintf(" ; levier calculé sur les comptes : %s en %d, selon une autre définition (dette nette et EBITDA des comptes, non ajustés)", frnum.FormatRatio(lv.Number), st.Year)
	}
	return text
}

// leverage tells whether a covenant's level is a leverage multiple the
// computed leverage may be set against: printed with x, or bare in a
// sentence naming leverage or net debt to EBITDA.
func leverage(c Covenant) bool {
	switch c.Level.Unit {
	case frnum.Times:
		return true
	case frnum.None:
		name := locate.Fold(c.Ratio + " " + c.Quotes[0].Text)
		return strings.Contains(name, "levier") || strings.Contains(name, "ebitda") || strings.Contains(name, "leverage")
	}
	return false
}

// sameRatio tells whether a computed ratio prints as the reported level.
func sameRatio(v float64, level frnum.Number) bool {
	return frnum.Round1(v) == frnum.Round1(level.Value)
}

func leverageReads(year int) []statements.FieldRef {
	d, _ := ratios.DefinitionOf("levier")
	return d.Reads(year, 0)
}

func covenantAlert(c Covenant, year int, th ratios.Thresholds) (ratios.Alert, bool) {
	h, ok := c.Headroom()
	if !ok || h >= th.MinCovenantHeadroom {
		return ratios.Alert{}, false
	}
	text := fmt.Sprintf("Covenant %s : ratio publié de %s pour une limite de %s, marge de %s, sous le seuil de %s.",
		c.Ratio, strings.TrimSpace(c.Level.Text), strings.TrimSpace(c.Limit.Text), frnum.FormatPercent(h), frnum.FormatPercent(th.MinCovenantHeadroom))
	if h < 0 {
		text = fmt.Sprintf("Covenant %s dépassé : ratio publié de %s pour une limite de %s.", c.Ratio, strings.TrimSpace(c.Level.Text), strings.TrimSpace(c.Limit.Text))
	}
	return ratios.Alert{Rule: ratios.RuleCovenant, Year: year, Text: text}, true
}

func itemText(it Item) string {
	amount := strings.TrimSpace(it.Amount.Text)
	switch it.Kind {
	case Undrawn:
		return "Lignes de crédit non tirées : " + amount
	case Deferral:
		return fmt.Sprintf("Report d'échéance accordé par les prêteurs : %s%s, échéance de %s", what(it), amount, it.Due)
	}
	if it.Schedule {
		return "Échéancier de la dette : " + amount + " à moins d'un an"
	}
	within := "à moins d'un an"
	if it.Months > 12 {
		within = "à moins de 18 mois"
	}
	return fmt.Sprintf("Échéance %s : %s%s %s", within, what(it), amount, when(it.Due))
}

// when says a due date: "au 30 juin 2026", "en juin 2026".
func when(due string) string {
	if due != "" && due[0] >= '0' && due[0] <= '9' {
		return "au " + due
	}
	return "en " + due
}

// what names the debt of an item before its amount: "crédit-relais de ".
func what(it Item) string {
	if it.What == "" {
		return ""
	}
	return it.What + " de "
}

// liquidity sets the debt falling due within a year (deferrals included,
// which only move it) against the cash and the undrawn lines, and alerts
// when it exceeds them.
func liquidity(company, slug string, r Reading, st Statements) (facts.Fact, []ratios.Alert, bool) {
	var due, undrawn float64
	var dueSeen, undrawnSeen bool
	var which []string
	// A maturity schedule gives the total; the single maturities are in it.
	schedule := slices.ContainsFunc(r.Items, func(it Item) bool { return it.Schedule })
	for _, it := range r.Items {
		v, _ := it.Amount.KEUR()
		switch {
		case it.Kind == Undrawn:
			undrawn, undrawnSeen = undrawn+v, true
		case it.Schedule:
			due, dueSeen = due+v, true
			which = append(which, "selon l'échéancier de la dette")
		case !schedule && !r.tabled && it.Months >= 0 && it.Months <= 12:
			due, dueSeen = due+v, true
			which = append(which, fmt.Sprintf("%s%s %s", what(it), strings.TrimSpace(it.Amount.Text), when(it.Due)))
		}
	}
	// The annexe's table gives the total due within a year; the single
	// maturities are in it.
	if r.tabled && !schedule {
		due, dueSeen = r.Schedule.WithinYear, true
		which = append(which, fmt.Sprintf("selon l'état des échéances des dettes, p. %d", r.Schedule.Page))
	}
	cash, ok := st.Report.Value(st.Year, statements.Key{Statement: statements.Balance, Name: "tresorerie"})
	if !dueSeen || !ok {
		return facts.Fact{}, nil, false
	}
	reads := []statements.FieldRef{{Year: st.Year, Key: statements.Key{Statement: statements.Balance, Name: "tresorerie"}}}
	lines := ", sans ligne de crédit non tirée publiée"
	if undrawnSeen {
		lines = " et à des lignes de crédit non tirées de " + frnum.FormatKEUR(undrawn)
	}
	f := facts.Fact{ID: fmt.Sprintf("C-%s-liquidite-echeances", slug), Text: fmt.Sprintf(
		"%s - Échéances à moins d'un an de %s (%s) face à une trésorerie de %s en %d%s", company, frnum.FormatKEUR(due), strings.Join(which, ", "), frnum.FormatKEUR(cash), st.Year, lines)}
	f.State, f.Fields, f.Reasons = st.Evidence.Assess(reads)
	if debt, ok := st.Report.Value(st.Year, financialDebt); ok && due > debt*(1+tolerance) {
		f.State, f.Reasons = facts.Unverified, append(f.Reasons, fmt.Sprintf("les échéances à moins d'un an lues (%s) dépassent les dettes financières du bilan (%s en %d) : un montant n'est pas une dette due dans l'année",
			frnum.FormatKEUR(due), frnum.FormatKEUR(debt), st.Year))
		return f, nil, true
	}
	if due <= cash+undrawn {
		return f, nil, true
	}
	return f, []ratios.Alert{{Rule: ratios.RuleShortTermDebt, Year: st.Year, Reads: reads, Text: fmt.Sprintf(
		"Échéances à moins d'un an de %s supérieures à la trésorerie de %s en %d%s.", frnum.FormatKEUR(due), frnum.FormatKEUR(cash), st.Year, lines)}}, true
}
