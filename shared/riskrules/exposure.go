package riskrules

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/quotes"
	"analyste.dev/analyste/shared/signals"
)

// sentence is a piece of prose as the offline reader weighs it.
type sentence struct {
	text string // as printed
	norm string // quotes.Normalise(text), where terms are matched
	// nums are the numbers of norm; raw[i] is nums[i] as printed in shown,
	// for summaries that copy it: shown is text, or norm in the rare case
	// where the two do not hold the same numbers.
	nums  []frnum.Number
	raw   []frnum.Number
	shown string
}

func newSentence(text string) sentence {
	s := sentence{text: text, norm: quotes.Normalise(text), shown: text}
	s.nums, s.raw = frnum.Parse(s.norm), frnum.Parse(text)
	if len(s.raw) != len(s.nums) {
		s.raw, s.shown = s.nums, s.norm
	}
	return s
}

// refKind names what an exposure is measured against.
type refKind int

const (
	equityRef refKind = iota
	cashRef
	ebitdaRef
)

// scale is the share of a reference at which an exposure becomes moyenne,
// then elevee.
type scale struct {
	name         string
	medium, high float64
}

var scales = [...]scale{
	equityRef: {"des capitaux propres", 0.10, 0.50},
	cashRef:   {"de la trésorerie", 0.25, 1},
	ebitdaRef: {"de l'EBITDA", 0.05, 0.25},
}

// referenceTerms introduce each reference figure in a report's prose; the
// first amount after them is the figure.
var referenceTerms = [...][]string{
	equityRef: {"capitaux propres"},
	cashRef:   {"trésorerie disponible", "la trésorerie", "trésorerie nette", "disponibilités"},
	ebitdaRef: {"ebitda", "excédent brut d'exploitation"},
}

// reference is what a report's exposures are measured against: its closing
// month and the figures it states in prose, in k€ (0 when not stated).
type reference struct {
	closing int // year*12 + month-1; 0 when unknown
	amounts [len(scales)]float64
	// currency: the words of the report's own currency (see
	// reportingCurrency).
	currency []string
}

var (
	closingDate = regexp.MustCompile(`(?i)\bclos(?:e)?\s+le\s+(?:\d{1,2}|1er)\s+(` + frnum.MonthPattern + `)\s+(\d{4})|\bclos(?:e)?\s+le\s+\d{1,2}/(\d{2})/(\d{4})`)
	// A date a risk falls due: a month and year, the end of a year, or a
	// year after "en", "sur", "d'ici", "exercice", "à partir de", "jusqu'en".
	dueDate = regexp.MustCompile(`(?i)\b(?:(?:\d{1,2}|1er) )?(` + frnum.MonthPattern + `) (\d{4})\b|\bfin (\d{4})\b|\b(?:en|sur|d['’]ici|exercice|à partir de|jusqu['’]en) (\d{4})\b`)
	// Within a year of the closing, whatever the date.
	withinYear = regexp.MustCompile(`(?i)à moins d['’]un an|(?:douze|12) prochains mois`)
	runwayText = regexp.MustCompile(`(?i)\b(\d+|un|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze) mois\b`)
)

var numberWords = map[string]float64{"un": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6, "sept": 7,
	"huit": 8, "neuf": 9, "dix": 10, "onze": 11, "douze": 12}

// shareWords are shares written in words.
var shareWords = map[string]float64{"un quart": 25, "un tiers": 33, "la moitié": 50, "deux tiers": 67, "trois quarts": 75}

// findReference reads the closing date a report prints first ("exercice
// clos le 31 décembre 2025", on its cover or in a heading) and the reference
// figures it states in its prose: "Capitaux propres : 22 488 k€", "notre
// EBITDA de 17,3 M€", "une trésorerie disponible de 4 850 k€". The first
// statement of each wins; tables are not read.
func findReference(pages []string) reference {
	ref := reference{currency: reportingCurrency(pages)}
	for _, text := range pages {
		if m := closingDate.FindStringSubmatch(text); m != nil && ref.closing == 0 {
			if m[1] != "" {
				ref.closing = monthIndex(m[2], month(m[1]))
			} else {
				month, _ := strconv.Atoi(m[3])
				ref.closing = monthIndex(m[4], month)
			}
		}
		for _, block := range proseSentences(text) {
			for _, unit := range block {
				ref.readFrom(newSentence(unit))
			}
		}
	}
	return ref
}

func (ref *reference) readFrom(s sentence) {
	for k, terms := range referenceTerms {
		if i, ok := s.statedAfter(terms); ok && ref.amounts[k] == 0 {
			v, _ := s.nums[i].KEUR()
			ref.amounts[k] = math.Abs(v)
		}
	}
}

// statedAfter is the index of the first amount that one of terms
// introduces in s.
func (s sentence) statedAfter(terms []string) (int, bool) {
	for _, t := range terms {
		for _, at := range positions(s.norm, t) {
			if i, ok := s.amountAfter(at + len(t)); ok {
				return i, true
			}
		}
	}
	return 0, false
}

// amountAfter is the index of the number printed first after byte from of
// norm, when it is money and close enough to be what the words before it
// introduce.
func (s sentence) amountAfter(from int) (int, bool) {
	for i, n := range s.nums {
		if n.Start < from {
			continue
		}
		v, ok := n.KEUR()
		return i, ok && n.Start-from <= 90 && v != 0
	}
	return 0, false
}

// month is the number of a month name the date patterns matched.
func month(name string) int {
	n, _ := frnum.Month(name)
	return n
}

func monthIndex(year string, month int) int {
	y, _ := strconv.Atoi(year)
	return y*12 + month - 1
}

// grade is the severity of a risk and why.
type grade struct {
	severity signals.Severity
	reason   string
	// figure is the printed figure the summary gives, empty if none.
	figure string
}

func rank(s signals.Severity) int { return slices.Index(signals.Severities, s) }

// higher keeps the graver of g and other; on a tie, g.
func (g grade) higher(other grade) grade {
	if rank(other.severity) > rank(g.severity) {
		return other
	}
	return g
}

// gauge is how the offline reader sets a category's severity from the
// exposure a sentence states.
type gauge struct {
	// against: the amount at stake is measured against these references.
	against []refKind
	// cues: when set, an amount is at stake only when one of them, or a
	// verb in the conditional, leads to it (see phraseStart): "a consommé
	// 3 500 k€", "réduirait le résultat de 2,1 M€", not "le résultat
	// financier, négatif de 5,1 M€".
	cues []string
	// shares: the medium and high thresholds of a share in % (of sales,
	// of purchases), nil when shares do not grade the category.
	shares []float64
	// maturity: a due date within 12, then 18 months of the closing.
	maturity bool
	// headroom: a ratio against its contractual limit.
	headroom bool
	// runway: a number of months of cash.
	runway bool
	// grave wording makes it elevee; notable wording at least moyenne;
	// eased wording faible when nothing measures it ("respecté").
	grave, notable, eased []string
	// floor is the least severity of the category; unmeasured the one it
	// takes when nothing measures it (instead of moyenne for a figure,
	// faible otherwise).
	floor, unmeasured signals.Severity
}

// grade sets the severity of a risk of category d stated by s.
func (d *vocabulary) grade(s sentence, ref reference) grade {
	g := d.gauge
	out := grade{severity: signals.Low}
	if g.floor != "" {
		out = grade{severity: g.floor, reason: fmt.Sprintf("catégorie « %s » : au moins %s", d.category.Label(), g.floor)}
	}
	if t := matches(s.norm, g.grave); len(t) > 0 {
		return out.higher(grade{severity: signals.High, reason: "formulation « " + t[0] + " »", figure: s.firstFigure()})
	}
	var measures []grade
	if g.headroom {
		measures = append(measures, s.headroom()...)
	}
	if g.shares != nil {
		measures = append(measures, s.share(g.shares)...)
	}
	dated := false
	if g.maturity {
		if m, ok := s.maturity(ref); ok {
			measures, dated = append(measures, m), true
		}
	}
	if g.runway {
		measures = append(measures, s.runway()...)
	}
	if len(g.against) > 0 {
		if m, ok := s.exposure(d, ref); ok {
			if dated && rank(m.severity) > rank(signals.Medium) {
				// A dated risk is graded by its date; its amount raises it to
				// moyenne at most.
				m.severity = signals.Medium
			}
			measures = append(measures, m)
		}
	}
	measures = append(measures, s.directRatios()...)
	if len(measures) == 0 {
		switch {
		case has(s.norm, g.eased):
			measures = append(measures, grade{severity: signals.Low, reason: "risque déclaré maîtrisé, sans chiffre"})
		case g.unmeasured != "":
			measures = append(measures, grade{severity: g.unmeasured, reason: "risque déclaré, sans chiffre qui le mesure", figure: s.firstFigure()})
		case s.firstFigure() != "":
			measures = append(measures, grade{severity: signals.Medium, reason: "risque chiffré, sans référence pour le mesurer", figure: s.firstFigure()})
		default:
			measures = append(measures, grade{severity: signals.Low, reason: "risque non chiffré"})
		}
	}
	if t := matches(s.norm, g.notable); len(t) > 0 {
		measures = append(measures, grade{severity: signals.Medium, reason: "formulation « " + t[0] + " »", figure: s.firstFigure()})
	}
	best := measures[0]
	for _, m := range measures[1:] {
		best = best.higher(m)
	}
	return best.higher(out)
}

// level places share on a medium/high scale.
func level(share, medium, high float64) signals.Severity {
	switch {
	case share >= high:
		return signals.High
	case share >= medium:
		return signals.Medium
	}
	return signals.Low
}

// isRatio is a multiple ("3,5x") or a bare decimal ("0,8") as covenants
// print them.
func isRatio(n frnum.Number) bool {
	return n.Unit == frnum.Times || n.Unit == frnum.None && n.Decimals > 0 && n.Value < 100
}

var (
	ceilingWords = []string{"plafond", "plafonné à", "limité à", "inférieur à", "inférieure à", "ne doit pas excéder", "excéder", "dépasse", "maximum", "au plus"}
	floorWords   = []string{"supérieur à", "supérieure à", "minimum", "au moins", "plancher"}
)

// headroom measures a ratio against its contractual limit: "le ratio
// s'établit à 3,4x, contre un plafond de 3,5x".
func (s sentence) headroom() []grade {
	limit, isFloor := -1, false
	for _, words := range []struct {
		terms   []string
		isFloor bool
	}{{ceilingWords, false}, {floorWords, true}} {
		for _, t := range words.terms {
			for _, at := range positions(s.norm, t) {
				for i, n := range s.nums {
					if n.Start > at && n.Start-at <= 40 && isRatio(n) && limit < 0 {
						limit, isFloor = i, words.isFloor
					}
				}
			}
		}
	}
	if limit < 0 {
		return nil
	}
	level := -1
	for i, n := range s.nums {
		if i != limit && isRatio(n) {
			level = i
		}
	}
	lim := s.nums[limit].Value
	if level < 0 || lim == 0 {
		sev, how := signals.Medium, "seuil sans le niveau atteint"
		if has(s.norm, []string{"respect"}) {
			sev, how = signals.Low, "seuil déclaré respecté"
		}
		return []grade{{severity: sev, reason: how + " (" + s.printed(limit) + ")", figure: "seuil de " + s.printed(limit)}}
	}
	margin := (lim - s.nums[level].Value) / lim
	if isFloor {
		margin = -margin
	}
	sev := signals.Low
	switch {
	case margin < 0.10:
		sev = signals.High
	case margin < 0.25:
		sev = signals.Medium
	}
	figure := s.printed(level) + " pour un seuil de " + s.printed(limit)
	return []grade{{severity: sev, reason: fmt.Sprintf("%s : marge de %s sous le seuil", figure, frnum.FormatPercent(100*margin)), figure: figure}}
}

// share grades the largest share of the sentence: "38 % du chiffre
// d'affaires", "un quart des ventes". A change ("en hausse de 5 %") or a
// comparison ("contre 35 %") is no share.
func (s sentence) share(thresholds []float64) []grade {
	best, at, figure := -1.0, -1, ""
	for i, n := range s.nums {
		if n.Unit != frnum.Percent || s.ofReference(n) >= 0 {
			continue
		}
		before := s.norm[max(0, n.Start-20):n.Start]
		if has(before, []string{"contre", "hausse", "baisse", "progress", "recul", "croissance", "augment", "de +"}) {
			continue
		}
		if n.Value > best {
			best, at = n.Value, i
		}
	}
	if at >= 0 {
		figure = s.figureAt(at)
	}
	for w, v := range shareWords {
		if i := strings.Index(s.norm, w); i >= 0 && v > best {
			best, figure = v, s.norm[i:i+len(w)]
		}
	}
	if best < 0 {
		return nil
	}
	sev := level(best, thresholds[0], thresholds[1])
	return []grade{{severity: sev, reason: fmt.Sprintf("part de %s (seuils %s et %s)", frnum.Format(best)+" %",
		frnum.Format(thresholds[0])+" %", frnum.Format(thresholds[1])+" %"), figure: figure}}
}

// maturity grades the nearest date after the closing the sentence names:
// within 12 months elevee, within 18 moyenne, later faible.
func (s sentence) maturity(ref reference) (grade, bool) {
	if loc := withinYear.FindStringIndex(s.text); loc != nil {
		return grade{severity: signals.High, reason: "échéance à moins d'un an", figure: s.text[loc[0]:loc[1]]}, true
	}
	if ref.closing == 0 {
		return grade{}, false
	}
	best, figure := 0, ""
	locs := dueDate.FindAllStringIndex(s.text, -1)
	for j, m := range dueDate.FindAllStringSubmatch(s.text, -1) {
		var due int
		switch {
		case m[1] != "":
			due = monthIndex(m[2], month(m[1]))
		case m[3] != "":
			due = monthIndex(m[3], 12)
		default:
			due = monthIndex(m[4], 12)
		}
		if d := due - ref.closing; d > 0 && (best == 0 || d < best) {
			best, figure = d, strings.TrimSpace(wordsUntilMark(s.text[:locs[j][0]], 4, true)+" "+m[0])
		}
	}
	if best == 0 {
		return grade{}, false
	}
	sev := signals.Low
	switch {
	case best <= 12:
		sev = signals.High
	case best <= 18:
		sev = signals.Medium
	}
	return grade{severity: sev, reason: fmt.Sprintf("échéance à %d mois de la clôture (%s)", best, wordsUntilMark(figure, 3, true)),
		figure: figure}, true
}

// runway grades the months of cash a sentence gives: a year or less is
// elevee.
func (s sentence) runway() []grade {
	if !has(s.norm, []string{"autonomie", "couvrir", "consommation"}) {
		return nil
	}
	m := runwayText.FindStringSubmatch(s.text)
	if m == nil {
		return nil
	}
	n, ok := numberWords[strings.ToLower(m[1])]
	if !ok {
		n, _ = strconv.ParseFloat(m[1], 64)
	}
	if n > 12 {
		return nil
	}
	return []grade{{severity: signals.High, reason: "trésorerie pour " + m[0], figure: m[0]}}
}

// exposure measures the amount at stake against the references of d's
// gauge that the report states: "2 400 k€, soit 49 % de la trésorerie". The
// amount is the largest of those printed in a segment of the sentence
// (between commas, semicolons or brackets) that names the category's risk,
// else the largest of the sentence: "des litiges sociaux (2,2 M€)", not
// "les garanties données aux clients (6,8 M€)". A comparison ("contre
// 12,4 M€") and a reference figure the sentence states ("pour une
// trésorerie disponible de 4 850 k€") are not at stake.
func (s sentence) exposure(d *vocabulary, ref reference) (grade, bool) {
	stated := s.referenceAmounts()
	named := segmentsNaming(s.norm, d.strong)
	at, amount, inNamed := -1, 0.0, false
	for i, n := range s.nums {
		v, ok := n.KEUR()
		if !ok || stated[i] || has(s.norm[max(0, n.Start-12):n.Start], []string{"contre"}) {
			continue
		}
		if before := s.norm[phraseStart(s.norm, n.Start):n.Start]; d.gauge.cues != nil && !has(before, d.gauge.cues) && !conditional(before) {
			continue
		}
		in := slices.ContainsFunc(named, func(sp span) bool { return n.Start >= sp.start && n.Start < sp.end })
		if in && !inNamed || in == inNamed && math.Abs(v) > amount {
			at, amount, inNamed = i, math.Abs(v), in
		}
	}
	if at < 0 {
		return grade{}, false
	}
	var out grade
	found := false
	for _, k := range d.gauge.against {
		r := ref.amounts[k]
		if r == 0 {
			continue
		}
		sc := scales[k]
		g := grade{severity: level(amount/r, sc.medium, sc.high), figure: s.figureAt(at),
			reason: fmt.Sprintf("%s, soit %s %s (%s)", s.printed(at), frnum.FormatPercent(100*amount/r), sc.name, frnum.FormatKEUR(r))}
		if !found {
			out, found = g, true
		}
		out = out.higher(g)
	}
	return out, found
}

// phraseStart is where the words leading to byte at begin: after the last
// semicolon or full stop before it, at most 100 bytes back.
func phraseStart(text string, at int) int {
	from := max(0, at-100)
	if i := strings.LastIndexAny(text[from:at], ";."); i >= 0 {
		return from + i + 1
	}
	return from
}

// segmentsNaming are the segments of text, between commas (not decimal
// ones), semicolons, colons and brackets, that hold one of terms; the
// bracket that follows a term is in its segment: "des litiges sociaux
// (2,2 M€)".
func segmentsNaming(text string, terms []string) []span {
	var out []span
	for _, t := range terms {
		for _, at := range positions(text, t) {
			start := clauseStart(text, at)
			end := len(text)
			for i := at + len(t); i < len(text); i++ {
				if strings.ContainsRune(",;:)", rune(text[i])) && clauseStart(text, i+1) == i+1 {
					end = i
					break
				}
			}
			out = append(out, span{start, end})
		}
	}
	return out
}

// referenceAmounts are the numbers of s that state a reference figure.
func (s sentence) referenceAmounts() map[int]bool {
	out := map[int]bool{}
	for _, terms := range referenceTerms {
		if i, ok := s.statedAfter(terms); ok {
			out[i] = true
		}
	}
	return out
}

// ofReference tells which reference a percentage is a share of ("16 % des
// capitaux propres"), -1 for none.
func (s sentence) ofReference(n frnum.Number) int {
	rest := s.norm[n.End:]
	for k, sc := range scales {
		if strings.HasPrefix(strings.TrimSpace(rest), quotes.Normalise(sc.name)) {
			return k
		}
	}
	return -1
}

// directRatios grades the shares of a reference the sentence states itself.
func (s sentence) directRatios() []grade {
	var out []grade
	for i, n := range s.nums {
		if k := s.ofReference(n); n.Unit == frnum.Percent && k >= 0 {
			sc := scales[k]
			out = append(out, grade{severity: level(n.Value/100, sc.medium, sc.high), figure: s.figureAt(i),
				reason: s.printed(i) + " " + sc.name})
		}
	}
	return out
}

// printed is the i-th number as the sentence prints it, without the
// brackets a note puts around it ("(2,2 M€)").
func (s sentence) printed(i int) string {
	return strings.Join(strings.Fields(strings.Trim(s.raw[i].Text, "()")), " ")
}

// firstFigure is the first figure with a unit the sentence prints, with the
// words that say what it is; empty when there is none.
func (s sentence) firstFigure() string {
	for i, n := range s.nums {
		if n.Unit != frnum.None {
			return s.figureAt(i)
		}
	}
	return ""
}

// figureAt is the i-th number with the words after it up to a punctuation
// mark ("38 % du chiffre d'affaires de l'exercice"), or, when a mark follows
// it at once, the words before it ("les cinq premiers clients en
// représentent 71 %").
func (s sentence) figureAt(i int) string {
	n := s.raw[i]
	const maxWords = 6
	if after := wordsUntilMark(s.shown[n.End:], maxWords, false); after != "" {
		return s.printed(i) + " " + after
	}
	before := wordsUntilMark(s.shown[:n.Start], maxWords, true)
	return strings.TrimSpace(before + " " + s.printed(i))
}

// wordsUntilMark takes up to limit words of text, from its start (or its
// end when backwards), stopping at a punctuation mark.
func wordsUntilMark(text string, limit int, backwards bool) string {
	stop := func(r rune) bool { return strings.ContainsRune(",;:.()!?«»", r) }
	if backwards {
		text = strings.TrimRight(text, " («\u00a0")
		if i := strings.LastIndexFunc(text, stop); i >= 0 {
			text = text[i+1:]
		}
		w := strings.Fields(text)
		return strings.Join(w[max(0, len(w)-limit):], " ")
	}
	if i := strings.IndexFunc(text, stop); i >= 0 {
		text = text[:i]
	}
	w := strings.FieldsFunc(text, unicode.IsSpace)
	return strings.Join(w[:min(len(w), limit)], " ")
}
