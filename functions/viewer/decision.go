package viewer

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"analyste.dev/analyste/shared/checks"
	"analyste.dev/analyste/shared/covenants"
	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/ratios"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/signals"
	"analyste.dev/analyste/shared/statements"
)

// decisionView is the head of a report and its row on the dashboard: what a
// credit decision reads first. The processing (has the chain finished?) and
// the review (what the memo proposes, what a person decided) are told apart.
type decisionView struct {
	Processing, ProcessingClass string
	Review, ReviewClass         string
	ReviewShort                 string // the review in a few words, for the dashboard's row
	CausesShort                 string // the causes decided, for the row of an open hand-off
	Opinion, OpinionClass       string
	Reasons, Conditions         []string
	Alerts                      []alertGroup // signals by severity, worst first, then the ratios' rules
	AlertCount                  int
	Figures                     []keyFigure
	Risks                       []riskLine // the three gravest verified signals
	Verify                      []verifyLine
	Leverage                    *keyFigure // the leverage, for the dashboard's row
	// FailedChecks counts the failed checks of the reading in force (the
	// latest version's), for the dashboard's row.
	FailedChecks int
}

type alertGroup struct {
	Label, Class string
	Items        []linkedText
}

type linkedText struct{ Text, URL string }

// keyFigure is one key ratio or amount, N against N-1, with its limit.
type keyFigure struct {
	Label, N, Prev, Change string
	Limit                  string // "seuil 3,5x", "plafond du covenant 4,0x, marge 2,9 %"
	Alert                  bool   // N crosses its limit
	PrevAlert              bool   // N-1 crossed it
	Arithmetic             string // the formula with the values of N
}

type riskLine struct {
	Severity, Class, Category, Summary, URL string
	Page                                    int
}

type verifyLine struct{ Text, URL string }

// opinionLabel is a proposed opinion as an analyst reads it.
func opinionLabel(l memo.OpinionLevel) string {
	return cmp.Or(facts.LevelLabels[string(l)], string(l))
}

// severityRank orders severities, worst first.
var severityRank = map[signals.Severity]int{signals.High: 0, signals.Medium: 1, signals.Low: 2}

// decisionInputs are the documents a decision is read from; a stage that
// has not written its document leaves it nil.
type decisionInputs struct {
	ID         string
	Run        schema.Report
	Extraction *schema.ExtractionRecord
	Signals    *schema.SignalsRecord
	Memo       *memo.Result
	Handoff    *schema.HandoffRecord
	// Covenant is the leverage covenant the report states for its latest
	// year, when its pages could be read.
	Covenant *covenants.Covenant
	// Causes count the decisions on the hand-off's causes, where each is
	// decided apart.
	Causes *causeTally
}

func newDecision(in decisionInputs) *decisionView {
	d := &decisionView{}
	d.Processing, d.ProcessingClass = processing(in.Run)
	d.Review, d.ReviewClass = review(in.Run, in.Memo, in.Handoff, in.Causes)
	d.ReviewShort, _, _ = strings.Cut(d.Review, " : ")
	d.ReviewShort, _, _ = strings.Cut(d.ReviewShort, " le ")
	if t := in.Causes; t != nil && t.Total > 0 && in.Handoff != nil && in.Handoff.Resolution == nil {
		d.CausesShort = fmt.Sprintf("%d cause%s décidée%s sur %d", t.Decided, plural(t.Decided), plural(t.Decided), t.Total)
	}
	d.Opinion, d.OpinionClass = "avis non proposé", "neutre"
	if in.Memo != nil && in.Memo.Opinion != nil {
		o := in.Memo.Opinion
		d.Opinion, d.OpinionClass = opinionLabel(o.Level), "avis-"+string(o.Level)
		d.Reasons, d.Conditions = o.Reasons, o.Conditions
	}
	if in.Signals != nil {
		d.signalAlerts(in.ID, *in.Signals)
	}
	d.FailedChecks = in.Run.Counters.FailedChecks
	if ex := in.Extraction; ex != nil {
		d.FailedChecks = 0
		for _, c := range ex.Checks {
			if c.Status == checks.Failed {
				d.FailedChecks++
			}
		}
		if len(ex.Alerts) > 0 {
			g := alertGroup{Label: "règles d'alerte des ratios", Class: "alerte-ratio"}
			for _, a := range ex.Alerts {
				g.Items = append(g.Items, linkedText{Text: a.Text, URL: "#ratios"})
			}
			d.Alerts = append(d.Alerts, g)
			d.AlertCount += len(g.Items)
		}
		d.Figures = keyFigures(*ex, in.Covenant, in.Memo)
		for i := range d.Figures {
			if d.Figures[i].Label == "Levier" {
				d.Leverage = &d.Figures[i]
			}
		}
		d.Verify = pointsToVerify(*ex, in.Signals, in.Handoff)
	}
	return d
}

// processing is where the chain stands, apart from what it concluded.
func processing(r schema.Report) (string, string) {
	switch r.Status {
	case schema.Done, schema.Abstention, schema.Blocked:
		return "traitement terminé", "ok"
	case schema.Failed:
		stage := "?"
		if r.Failure != nil {
			stage = string(r.Failure.Stage)
			if r.Failure.Retryable {
				return "échec à l'étape " + stage + ", nouvelle tentative prévue", "non_verifiable"
			}
		}
		return "échec définitif à l'étape " + stage + " : le traitement ne reprendra pas", "echec"
	}
	return orSelf(runStatuses, r.Status), "neutre"
}

// review is what the chain concluded and what a reviewer decided.
func review(r schema.Report, m *memo.Result, h *schema.HandoffRecord, t *causeTally) (string, string) {
	if h != nil && h.Resolution != nil {
		label, _ := decisionLabel(h.Resolution.Decision)
		return fmt.Sprintf("relais %s par %s le %s", label, h.Resolution.By, formatDate(h.Resolution.At)), "resolu-" + string(h.Resolution.Decision)
	}
	switch {
	case r.Status == schema.Failed:
		return "aucun mémo : le traitement a échoué", "echec"
	case m == nil:
		return "mémo en attente", "neutre"
	case m.Status == memo.Published:
		return "mémo publié : chaque affirmation est soutenue par ses faits", "verifie"
	case h != nil && t != nil && t.Total > 0 && t.Open() == 0:
		return fmt.Sprintf("mémo %s : causes toutes décidées (%d acceptée%s, %d rejetée%s), résolution du relais à enregistrer",
			orSelf(memoStatuses, m.Status), t.Decided-t.Rejected, plural(t.Decided-t.Rejected), t.Rejected, plural(t.Rejected)), "a-relire"
	case h != nil && t != nil && t.Total > 0:
		return fmt.Sprintf("mémo %s : relais à relire, %d cause%s décidée%s sur %d", orSelf(memoStatuses, m.Status),
			t.Decided, plural(t.Decided), plural(t.Decided), t.Total), "a-relire"
	case h != nil:
		return "mémo " + orSelf(memoStatuses, m.Status) + " : relais à relire", "a-relire"
	}
	return "mémo " + orSelf(memoStatuses, m.Status), "a-relire"
}

func (d *decisionView) signalAlerts(id string, sig schema.SignalsRecord) {
	rows := signalsOf(id, sig).Verified
	for _, sev := range signals.Severities {
		g := alertGroup{Label: "gravité " + severities[sev], Class: "gravite-" + string(sev)}
		for i, s := range sig.Verified {
			if s.Severity == sev {
				g.Items = append(g.Items, linkedText{Text: s.Category.Label() + " — " + s.Summary, URL: rows[i].URL})
			}
		}
		if len(g.Items) > 0 {
			d.Alerts = append(d.Alerts, g)
			d.AlertCount += len(g.Items)
		}
	}
	slices.SortStableFunc(d.Alerts, func(a, b alertGroup) int { return cmp.Compare(rankOf(a.Class), rankOf(b.Class)) })
	order := make([]int, len(sig.Verified))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		return cmp.Compare(severityRank[sig.Verified[a].Severity], severityRank[sig.Verified[b].Severity])
	})
	for _, i := range order[:min(3, len(order))] {
		s := sig.Verified[i]
		d.Risks = append(d.Risks, riskLine{Severity: severities[s.Severity], Class: "gravite-" + string(s.Severity),
			Category: s.Category.Label(), Summary: s.Summary, URL: rows[i].URL, Page: s.Page})
	}
}

func rankOf(class string) int {
	for sev, r := range severityRank {
		if class == "gravite-"+string(sev) {
			return r
		}
	}
	return len(severityRank)
}

// figureSpec is a key figure: a ratio (key) or a balance amount (line),
// with the limit it is read against.
type figureSpec struct {
	ratio string
	line  statements.Key
	// limit is the alert rule's threshold and whether a value above it
	// fires; ok false when the figure has none.
	limit func() (value float64, above bool, label string, ok bool)
}

var keyFigureSpecs = []figureSpec{
	{ratio: "levier", limit: func() (float64, bool, string, bool) {
		th := ratios.DefaultThresholds.MaxLeverage
		return th, true, "seuil " + frnum.FormatRatio(th), true
	}},
	{ratio: "couverture_financiere", limit: func() (float64, bool, string, bool) {
		th := ratios.DefaultThresholds.MinInterestCover
		return th, false, "seuil " + frnum.FormatRatio(th), true
	}},
	{ratio: "marge_ebitda", limit: func() (float64, bool, string, bool) { return 0, false, "négative sous 0 %", true }},
	{ratio: "free_cash_flow", limit: func() (float64, bool, string, bool) { return 0, false, "négatif sous 0", true }},
	{line: statements.Key{Statement: statements.Balance, Name: "capitaux_propres"},
		limit: func() (float64, bool, string, bool) { return 0, false, "négatifs sous 0", true }},
}

// keyFigures are the leverage against its threshold and the covenant's
// ceiling with its headroom, the interest cover, the EBITDA margin, the
// free cash-flow, the equity, and the twelve months' sources against uses
// when the memo gives them.
func keyFigures(ex schema.ExtractionRecord, cov *covenants.Covenant, m *memo.Result) []keyFigure {
	years := statements.YearsDesc(ex.Years)
	if len(years) == 0 {
		return nil
	}
	var out []keyFigure
	for _, spec := range keyFigureSpecs {
		var f keyFigure
		var n, p ratios.Value
		var unit frnum.Unit
		if spec.ratio != "" {
			def, _ := ratios.DefinitionOf(spec.ratio)
			f.Label, unit = def.Label, def.Unit
			n = def.Get(ex.Ratios[years[0]])
			if len(years) > 1 {
				p = def.Get(ex.Ratios[years[1]])
			} else {
				p = ratios.Value{Reason: "pas d'exercice N-1"}
			}
			f.Arithmetic = arithmetic(def, ex, years[0])
		} else {
			f.Label, unit = lineLabels[spec.line], frnum.KEUR
			n, p = amountValue(ex, years, 0, spec.line), amountValue(ex, years, 1, spec.line)
		}
		f.N, f.Prev = shownValue(n, unit), shownValue(p, unit)
		if n.OK() && p.OK() && !notSignificant(n, unit) && !notSignificant(p, unit) {
			f.Change = change(n.Number-p.Number, unit)
		}
		if lim, above, label, ok := spec.limit(); ok {
			f.Limit = label
			crosses := func(v ratios.Value) bool {
				return v.OK() && !notSignificant(v, unit) && (above && v.Number > lim || !above && v.Number < lim)
			}
			f.Alert, f.PrevAlert = crosses(n), crosses(p)
		}
		if spec.ratio == "levier" && cov != nil {
			f.Limit += ", plafond du covenant " + frnum.FormatRatio(cov.Limit.Value)
			if h, ok := cov.Headroom(); ok {
				f.Limit += ", marge " + frnum.FormatPercent(h)
				f.Alert = f.Alert || h < ratios.DefaultThresholds.MinCovenantHeadroom
			}
		}
		out = append(out, f)
	}
	if m != nil && m.Liquidity != nil {
		l := m.Liquidity
		f := keyFigure{Label: "Sources / emplois à douze mois", Prev: "—", Limit: "couverture sous 1,0x"}
		var src, use float64
		for _, s := range l.Sources {
			src += s.Amount
		}
		for _, u := range l.Uses {
			use += u.Amount
		}
		f.Arithmetic = fmt.Sprintf("%s de sources / %s d'emplois (%s)", frnum.Format(src), frnum.Format(use), l.Unit)
		if l.Cover != nil {
			f.N, f.Alert = frnum.FormatRatio(*l.Cover), *l.Cover < 1
		} else {
			f.N = "aucun emploi"
		}
		out = append(out, f)
	}
	return out
}

func amountValue(ex schema.ExtractionRecord, years []int, i int, k statements.Key) ratios.Value {
	if i >= len(years) {
		return ratios.Value{Reason: "pas d'exercice N-1"}
	}
	if v, ok := ex.Years[years[i]].Get(k); ok {
		return ratios.Value{Number: v}
	}
	return ratios.Value{Reason: ratios.NotAvailable}
}

// Beyond these magnitudes a ratio says nothing a lender can use (a tiny
// denominator): it shows "n.s." with its value in the title, and is not
// plotted as if it were a figure.
const (
	maxTimes   = 100.0 // x
	maxPercent = 1000.0
)

// notSignificant tells a value too large to be read as a ratio.
func notSignificant(v ratios.Value, u frnum.Unit) bool {
	switch u {
	case frnum.Times:
		return math.Abs(v.Number) > maxTimes
	case frnum.Percent:
		return math.Abs(v.Number) > maxPercent
	}
	return false
}

// shownValue is a ratio as the head shows it: "n.s." for what is not
// significant.
func shownValue(v ratios.Value, u frnum.Unit) string {
	switch {
	case !v.OK() && v.Reason == ratios.NetCash:
		return v.Reason
	case !v.OK() && !v.Available():
		return "non disponible"
	case !v.OK() || notSignificant(v, u):
		return "n.s."
	}
	return ratios.FormatValue(v, u)
}

// change is N minus N-1 in the figure's unit: points for a percentage.
func change(d float64, u frnum.Unit) string {
	sign := "+"
	if d < 0 {
		sign, d = "−", -d
	}
	switch u {
	case frnum.Percent:
		return sign + frnum.Format(frnum.Round1(d)) + " pts"
	case frnum.Times:
		return sign + frnum.FormatRatio(d)
	case frnum.Days:
		return sign + frnum.FormatDays(d)
	}
	return sign + frnum.FormatKEUR(d)
}

// arithmetic writes a ratio's formula with the values of year: each field
// it reads, its label and its amount in k€.
func arithmetic(d ratios.Definition, ex schema.ExtractionRecord, year int) string {
	out := d.Formula + " :"
	for i, k := range d.Inputs {
		sep := ","
		if i == 0 {
			sep = ""
		}
		v, ok := ex.Years[year].Get(k)
		amount := "non imprimé"
		if ok {
			amount = frnum.FormatKEUR(v)
		}
		out += fmt.Sprintf("%s %s = %s", sep, lineLabels[k], amount)
	}
	if r := d.Get(ex.Ratios[year]); r.OK() {
		out += " → " + ratios.FormatValue(r, d.Unit)
	} else {
		out += " → " + r.Reason
	}
	return out + fmt.Sprintf(" (%d)", year)
}

// pointsToVerify lists what a reviewer must look at before relying on the
// figures: failed checks, readings in doubt, rejected quotes, the unit.
func pointsToVerify(ex schema.ExtractionRecord, sig *schema.SignalsRecord, h *schema.HandoffRecord) []verifyLine {
	var out []verifyLine
	failed := 0
	for _, c := range ex.Checks {
		if c.Status == checks.Failed {
			failed++
		}
	}
	if failed > 0 {
		out = append(out, verifyLine{fmt.Sprintf("%d contrôle%s comptable%s en échec", failed, plural(failed), plural(failed)), "#controles"})
	}
	if n := len(ex.Divergences); n > 0 {
		out = append(out, verifyLine{fmt.Sprintf("%d lecture%s divergente%s entre les deux lecteurs", n, plural(n), plural(n)), "#ratios"})
	}
	if ex.UnitDeduced != "" {
		out = append(out, verifyLine{"unité déduite, non imprimée : " + ex.UnitDeduced, "#etats"})
	}
	if ex.CompanyIssue != "" {
		out = append(out, verifyLine{"emprunteur non identifié : " + ex.CompanyIssue, ""})
	}
	for _, t := range ex.TextIssues {
		out = append(out, verifyLine{"texte non imprimé : " + t, ""})
	}
	if h != nil && h.Resolution == nil {
		if n := len(h.Unverified); n > 0 {
			out = append(out, verifyLine{fmt.Sprintf("%d fait%s cité%s non vérifié%s", n, plural(n), plural(n), plural(n)), "#titre-relais"})
		}
		if n := len(h.Claims); n > 0 {
			out = append(out, verifyLine{fmt.Sprintf("%d affirmation%s du mémo arrêtée%s", n, plural(n), plural(n)), "#titre-relais"})
		}
	}
	if sig != nil && len(sig.Rejected) > 0 {
		what := "1 signal rejeté"
		if n := len(sig.Rejected); n > 1 {
			what = formatInt(n) + " signaux rejetés"
		}
		out = append(out, verifyLine{what + " : citation introuvable telle quelle", "#signaux"})
	}
	return out
}

// leverageCovenant is the covenant on the leverage the report states for
// its latest year: the first ceiling given as a multiple.
func leverageCovenant(texts []string, years []int) *covenants.Covenant {
	if len(texts) == 0 || len(years) == 0 {
		return nil
	}
	for _, c := range covenants.Read(texts, years[0]).Covenants {
		if c.Ceiling && c.Limit.Unit == frnum.Times {
			return &c
		}
	}
	return nil
}
