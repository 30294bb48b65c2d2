// Package covenants reads, from the report's own sentences, the financial
// covenants (ratio, limit, level reported, test date, contractual
// definition) and the liquidity items a lender looks at first (undrawn
// lines, debt falling due within a year, lenders' deferrals). Every item
// stands on sentences verified word for word on their page; code computes
// the headroom and compares the items with the statements.
package covenants

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"

	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/locate"
	"analyste.dev/analyste/shared/quotes"
	"analyste.dev/analyste/shared/sentences"
)

// Quote is a sentence of a page, verified word for word on it.
type Quote struct {
	Text string
	Page int
}

// Covenant is a financial covenant the report states.
type Covenant struct {
	Ratio       string       // as printed: "dette nette / EBITDA ajusté"
	Ceiling     bool         // a maximum; false for a minimum
	Limit       frnum.Number // as printed
	Level       *frnum.Number
	Contractual bool   // the level is computed "selon la définition contractuelle"
	Met         bool   // the report says it is met ("respecté"), level or not
	TestDate    string // "31 décembre 2025", as printed
	Quotes      []Quote
}

// Headroom is how far the level is from the limit, in percent of the limit:
// negative when breached; ok is false without a level.
func (c Covenant) Headroom() (pct float64, ok bool) {
	if c.Level == nil || c.Limit.Value == 0 {
		return 0, false
	}
	gap := c.Limit.Value - c.Level.Value
	if !c.Ceiling {
		gap = -gap
	}
	return gap / math.Abs(c.Limit.Value) * 100, true
}

// Kind of liquidity item.
type Kind string

// The liquidity items.
const (
	Undrawn  Kind = "lignes_non_tirees"
	Maturity Kind = "echeance"
	Deferral Kind = "report"
	Total    Kind = "liquidite_totale" // a total liquidity the report states
)

// Item is a liquidity item: an amount, when it falls due, the sentence.
type Item struct {
	Kind   Kind
	What   string       // the debt, as printed: "crédit-relais", "emprunt syndiqué"; may be empty
	Amount frnum.Number // money, as printed
	Due    string       // "30 juin 2026", as printed; empty for an undrawn line
	Months int          // months from the closing to Due; -1 when unknown
	// Schedule: the amount the debt's maturity schedule gives as due within
	// a year, which covers the single maturities it lists.
	Schedule bool
	Quote    Quote
	Role     Role   // the amount's role in the sentence (roles.go)
	Words    string // the exact words the amount comes from
}

// Quoted is a sentence about liquidity whose amount's role does not fit
// its item (a total for an undrawn line, a face value per unit, a target):
// it stands as a quote, never as a typed figure.
type Quoted struct {
	Kind  Kind
	Role  Role
	Quote Quote
}

// Reading is what a report says of its covenants and liquidity.
type Reading struct {
	Covenants []Covenant
	Items     []Item
	Totals    []Item   // total liquidity stated
	Quoted    []Quoted // amounts whose role does not fit
	// Schedule is the maturity schedule of the financial debts, printed as
	// a table in the annexe or listed in a note; nil when none is read.
	Schedule *Schedule
	// tabled: the schedule is the annexe's table (which no item holds).
	tabled bool
}

// limitWords say a limit, and whether it is a ceiling.
var limitWords = []struct {
	form    string
	ceiling bool
}{
	{"ne doit pas exceder", true}, {"ne doit pas depasser", true}, {"ne pas exceder", true}, {"inferieur ou egal a", true},
	{"au plus", true}, {"plafond de", true}, {"plafonne a", true}, {"maximum de", true}, {"limite a", true},
	{"superieur ou egal a", false}, {"au moins", false}, {"plancher de", false}, {"minimum de", false},
	{"inferieur a", true}, {"superieur a", false},
}

var (
	covenantWords = regexp.MustCompile(`\b(covenants?|engagements? financiers?|ratios?|clauses? de remboursement anticipe)\b`)
	ratioName     = regexp.MustCompile(`(?i)\bratio (?:de |d['’])?((?:[\p{L}'’]+(?:\s*/\s*|\s+)){0,5}?[\p{L}'’]+)\s+(?:qui\s+)?(?:ne doit|ne peut|doit|est|reste|demeure|s['’]établit|ressort|atteint|inférieur|supérieur|au plus|au moins)\b`)
	levelVerb     = regexp.MustCompile(`\b(s etablit a|ressort a|atteint|est de|s eleve a)\b`)
	undrawnWords  = regexp.MustCompile(`\bnon (tiree|tirees|utilisee|utilisees|mobilisee|mobilisees)\b`)
	dueWords      = regexp.MustCompile(`\b(echeance|echeances|remboursable|arrive a echeance|a rembourser|exigible)\b`)
	deferralWords = regexp.MustCompile(`\b(report de|reporter|waiver|renonciation|renonce|dispense|franchise)\b`)
	met           = regexp.MustCompile(`\brespectes?\b`)
	notMet        = regexp.MustCompile(`\b(non|pas|plus) respectes?\b`)
	dateWords     = regexp.MustCompile(`(?i)\b((?:\d{1,2}(?:er)? )?(` + frnum.MonthPattern + `) (20\d\d))\b`)
)

// Read finds the covenants and liquidity items of a report whose latest
// financial year closes at the end of closingYear. pages holds each page's
// text, page 1 first.
func Read(pages []string, closingYear int) Reading {
	doc := quotes.NewDocument(pages)
	var r Reading
	for p, text := range pages {
		for _, s := range sentences.Split(strings.Join(strings.Fields(text), " ")) {
			if !doc.Holds(p+1, s) {
				continue // only what verification accepts stands under a fact
			}
			q := Quote{Text: s, Page: p + 1}
			folded := locate.Fold(s)
			// A level restates the limit ("contre un plafond de 3,5x"): it
			// goes with the covenant stated before it.
			if lvl, ok := levelOf(s, folded); ok && len(r.Covenants) > 0 {
				r.addLevel(q, lvl, folded)
			} else if c, ok := covenantOf(q, folded); ok {
				r.addCovenant(c)
			}
			r.addItems(q, folded, closingYear)
		}
	}
	if s, ok := readSchedule(pages); ok {
		r.Schedule, r.tabled = &s, true
	}
	return r
}

// covenantOf reads a sentence stating a covenant's limit.
func covenantOf(q Quote, folded string) (Covenant, bool) {
	if !covenantWords.MatchString(folded) || taxWords.MatchString(folded) {
		return Covenant{}, false
	}
	for _, w := range limitWords {
		i := strings.Index(folded, w.form)
		if i < 0 {
			continue
		}
		limit, ok := ratioAfter(q.Text, folded, i, false)
		if before, _ := labelOf(q.Text, limit); !ok || rateWords.MatchString(before) {
			continue
		}
		c := Covenant{Ceiling: w.ceiling, Limit: limit, Quotes: []Quote{q},
			Contractual: strings.Contains(folded, "definition contractuelle"), Met: met.MatchString(folded) && !notMet.MatchString(folded)}
		if m := ratioName.FindStringSubmatch(q.Text); m != nil {
			c.Ratio = strings.TrimSpace(m[1])
		}
		// "… inférieur à 2,5 ; il s'établit à 0,8": the level in the limit's
		// own sentence, after it, in the limit's unit
		if loc := levelVerb.FindStringIndex(folded); loc != nil && loc[0] > i {
			if lvl, ok := ratioAfter(q.Text, folded, loc[0], false); ok && lvl.Start > limit.Start && lvl.Unit == limit.Unit {
				c.Level = &lvl
				if m := dateWords.FindStringSubmatch(q.Text[lvl.Start:]); m != nil {
					c.TestDate = m[1]
				}
			}
		}
		return c, true
	}
	return Covenant{}, false
}

// ratioAfter is the first ratio (x) or percentage printed after the byte
// offset at of the folded sentence: folding keeps the words, so the offset
// is found again by the words before it. A clause naming a ratio the code
// computes may print its limit and level without a unit ("inférieur à
// 2,5"): a number under maxBareRatio, no year nor day, is then the ratio.
func ratioAfter(text, folded string, at int, named bool) (frnum.Number, bool) {
	before := len(strings.Fields(folded[:at]))
	for _, n := range frnum.Parse(text) {
		if len(strings.Fields(locate.Fold(text[:n.Start]))) < before {
			continue
		}
		if n.Unit == frnum.Times || n.Unit == frnum.Percent || bareRatio(text, n) && namesRatio(text, n, named) {
			return n, true
		}
	}
	return frnum.Number{}, false
}

// namesRatio tells whether the clause holding n names a ratio the code
// computes, or restates one the sentence named before ("… inférieur à 2,5
// ; il s'établit à 0,8"), or one a sentence before named (named): a bare
// number in a clause of its own subject ("le nombre de sites ne doit pas
// excéder 12") is no ratio.
func namesRatio(text string, n frnum.Number, named bool) bool {
	start := 0
	for _, loc := range clauseStart.FindAllStringIndex(text[:n.Start], -1) {
		start = loc[1]
		if text[loc[0]] == ',' {
			start = loc[0] + 1 // the subject is the clause's
		}
	}
	clause := strings.TrimSpace(locate.Fold(text[start:n.Start]))
	return computedRatio.MatchString(clause) || anaphora.MatchString(clause) && (named || computedRatio.MatchString(locate.Fold(text[:start])))
}

// maxBareRatio: a covenant's ratio printed without a unit is a multiple
// (leverage, cover, gearing as a multiple): never this large.
const maxBareRatio = 20

var (
	// computedRatio: the names of the ratios shared/ratios computes as
	// multiples (levier, gearing, couverture_financiere, liquidite_generale).
	computedRatio = regexp.MustCompile(`\b(levier|leverage|gearing|icr|liquidite generale)\b|\b(dette|endettement) (financiere )?nette?\s*(/|sur|rapportee? a l)?\s*(l )?ebitda\b|\bcouverture (des |du )?(interets|frais financiers|charges financieres|resultat financier)\b|\bdettes? (financiere )?nettes?\s*(/|sur)?\s*(les )?capitaux propres\b`)
	// clauseStart: where a clause of its own subject begins; anaphora: a
	// clause restating the ratio named before.
	clauseStart = regexp.MustCompile(`(?i);|\bet\s|\bainsi que\s|\btandis que\s|\balors que\s|,\s+(?:le|la|les|l['’]|son|sa|ses|leur|leurs)\s`)
	anaphora    = regexp.MustCompile(`^(il|elle|celui ci|celle ci|ce dernier|lequel|laquelle|le ratio|ce ratio|son niveau)\b`)
	dayMonth    = regexp.MustCompile(`(?i)^\s*(er\s+)?(` + frnum.MonthPattern + `)\b`)
)

// bareRatio tells whether a number without a unit may be a ratio: not a
// year, not the day of a date, not the start of an amount.
func bareRatio(text string, n frnum.Number) bool {
	return n.Unit == frnum.None && !n.IsYear() && n.Value > 0 && n.Value < maxBareRatio && !dayMonth.MatchString(text[n.End:])
}

// levelOf reads a sentence reporting a ratio's level: "le ratio s'établit à
// 3,4x selon la définition contractuelle".
func levelOf(text, folded string) (frnum.Number, bool) {
	loc := levelVerb.FindStringIndex(folded)
	if loc == nil || !strings.Contains(folded, "ratio") {
		return frnum.Number{}, false
	}
	return ratioAfter(text, folded, loc[0], true) // the covenant it goes with named the ratio
}

// addCovenant keeps one covenant per ratio and limit.
func (r *Reading) addCovenant(c Covenant) {
	for i, old := range r.Covenants {
		if old.Limit.Value == c.Limit.Value && old.Limit.Unit == c.Limit.Unit {
			r.Covenants[i].Quotes = append(r.Covenants[i].Quotes, c.Quotes...)
			r.Covenants[i].Contractual = old.Contractual || c.Contractual
			if old.Level == nil {
				r.Covenants[i].Level, r.Covenants[i].TestDate = c.Level, c.TestDate
			}
			return
		}
	}
	r.Covenants = append(r.Covenants, c)
}

// addLevel gives a reported level to the covenant it goes with: the one
// whose limit the sentence restates ("contre un plafond de 3,5x"), else the
// only covenant in the same unit.
func (r *Reading) addLevel(q Quote, level frnum.Number, folded string) {
	var match []int
	for i, c := range r.Covenants {
		if c.Level == nil && c.Limit.Unit == level.Unit {
			match = append(match, i)
		}
	}
	if len(match) == 0 {
		return
	}
	pick := match[0]
	for _, i := range match {
		if strings.Contains(q.Text, strings.TrimSpace(r.Covenants[i].Limit.Text)) {
			pick = i
		}
	}
	c := &r.Covenants[pick]
	c.Level, c.Quotes = &level, append(c.Quotes, q)
	c.Contractual = c.Contractual || strings.Contains(folded, "definition contractuelle")
	if m := dateWords.FindStringSubmatch(q.Text); m != nil {
		c.TestDate = m[1]
	}
}

// addItems reads the liquidity items of a sentence: an undrawn line, a
// debt falling due within 18 months of the closing, a deferral. The amount
// is the one printed nearest the words that say what it is.
func (r *Reading) addItems(q Quote, folded string, closingYear int) {
	r.addTotal(q, folded)
	if loc := withinYear.FindStringSubmatchIndex(q.Text); loc != nil && (strings.Contains(folded, "echeancier") || strings.Contains(folded, "emprunt")) {
		if amount, ok := moneyNear(q.Text[loc[0]:], withinYearOnly); ok {
			amount.Start, amount.End = amount.Start+loc[0], amount.End+loc[0]
			r.add(Item{Kind: Maturity, What: "dette", Amount: amount, Months: 12, Schedule: true, Quote: q})
			if s, ok := listedSchedule(q); ok && r.Schedule == nil {
				r.Schedule = &s
			}
			return
		}
	}
	// "La part à moins d'un an des dettes financières s'élève à 9 800 k€":
	// the part within a year of the whole financial debt, which a
	// schedule's must equal.
	if wholeDebt.MatchString(folded) && !debtKind.MatchString(folded) && withinYearOnly.MatchString(q.Text) && !dueWords.MatchString(folded) {
		if amount, ok := moneyNear(q.Text, withinYearOnly); ok {
			r.add(Item{Kind: Maturity, What: "dette", Amount: amount, Months: 12, Schedule: true, Quote: q})
			return
		}
	}
	switch {
	case undrawnWords.MatchString(folded) && (strings.Contains(folded, "ligne") || strings.Contains(folded, "credit")):
		if amount, ok := moneyNear(q.Text, undrawnText); ok {
			r.add(Item{Kind: Undrawn, Amount: amount, Months: -1, Quote: q})
		}
	case dueWords.MatchString(folded):
		amount, ok := moneyNear(q.Text, dueText)
		due, months := dueDate(q.Text, closingYear)
		switch {
		case !ok:
		case deferralWords.MatchString(folded):
			r.add(Item{Kind: Deferral, What: instrument(q.Text), Amount: amount, Due: due, Months: months, Quote: q})
		case months >= 0 && months <= 18:
			r.add(Item{Kind: Maturity, What: instrument(q.Text), Amount: amount, Due: due, Months: months, Quote: q})
		}
	}
}

// instruments are the debts a sentence may name, longest first.
var instruments = regexp.MustCompile(`(?i)crédit[- ]relais|emprunt syndiqué|emprunt obligataire|emprunts? bancaires?|prêt garanti par l['’]État|PGE|crédit renouvelable|ligne de crédit renouvelable|billets de trésorerie|crédit-bail|financement de projet|découvert|affacturage|emprunt`)

// instrument is the first debt a sentence names, as printed.
func instrument(text string) string { return instruments.FindString(text) }

// withinYear is a maturity schedule's first line: "À moins d'un an : 9 640 k€".
var (
	withinYear     = regexp.MustCompile(`(?i)à moins d['’]un an\s*:\s*\d`)
	withinYearOnly = regexp.MustCompile(`(?i)moins d['’]un an`)
	// wholeDebt: the financial debt as a whole; debtKind: one of its kinds.
	wholeDebt = regexp.MustCompile(`\b(dettes financieres|emprunts et dettes financieres|endettement financier)\b`)
	debtKind  = regexp.MustCompile(`\b(dettes financieres|emprunts et dettes financieres|endettement financier) (aupres|envers|bancaires?|obligataires?|locatives?|liees?|de location|sur)\b`)
)

// The words of the printed text an amount goes with.
var (
	undrawnText = regexp.MustCompile(`(?i)non (tirée|tirées|utilisée|utilisées|mobilisée|mobilisées)`)
	dueText     = regexp.MustCompile(`(?i)échéance|remboursable|à rembourser|exigible`)
)

// moneyNear is the money amount printed nearest a match of words.
func moneyNear(text string, words *regexp.Regexp) (frnum.Number, bool) {
	loc := words.FindStringIndex(text)
	if loc == nil {
		return frnum.Number{}, false
	}
	var best frnum.Number
	bestDist := -1
	for _, n := range frnum.Parse(text) {
		if _, money := n.Unit.ToKEUR(); !money || n.Value <= 0 {
			continue
		}
		d := min(abs(n.Start-loc[0]), abs(n.End-loc[0]))
		if bestDist < 0 || d < bestDist {
			best, bestDist = n, d
		}
	}
	return best, bestDist >= 0
}

func abs(v int) int { return max(v, -v) }

// add keeps one item per kind and amount, typed by its amount's role; an
// amount whose role does not fit its kind keeps its sentence as a quote.
func (r *Reading) add(it Item) {
	def := RoleLevel
	if it.Schedule {
		def = RoleTotal
	}
	it.Role, it.Words = roleOf(it.Quote.Text, it.Amount, def), words(it.Quote.Text, it.Amount)
	if it.Kind == Undrawn {
		it.Role = undrawnRole(it.Quote.Text, it.Amount, it.Role)
	}
	if !fits(it.Kind, it.Role) {
		r.Quoted = append(r.Quoted, Quoted{Kind: it.Kind, Role: it.Role, Quote: it.Quote})
		return
	}
	if slices.ContainsFunc(r.Items, func(o Item) bool {
		return o.Kind == it.Kind && o.Amount.Value == it.Amount.Value && o.Amount.Unit == it.Amount.Unit
	}) {
		return
	}
	r.Items = append(r.Items, it)
}

// dueDate is the month a sentence says something falls due, after the
// closing: the first one after the word échéance, else the first; with how
// many months after a closing on 31 December of closingYear (-1: none).
func dueDate(text string, closingYear int) (string, int) {
	after := 0
	if loc := dueText.FindStringIndex(text); loc != nil {
		after = loc[0]
	}
	due, dueMonths := "", -1
	for _, m := range dateWords.FindAllStringSubmatchIndex(text, -1) {
		var year int
		fmt.Sscan(text[m[6]:m[7]], &year)
		month, _ := frnum.Month(text[m[4]:m[5]])
		months := (year-closingYear-1)*12 + month
		switch {
		case months <= 0:
		case m[0] >= after:
			return text[m[2]:m[3]], months
		case due == "":
			due, dueMonths = text[m[2]:m[3]], months
		}
	}
	return due, dueMonths
}
