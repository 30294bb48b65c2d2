package memo

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"

	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/locate"
	"analyste.dev/analyste/shared/sentences"
)

// Rubric is what a program can judge of a memo against docs/memo-rubric.md:
// its length and order, the sections present, the figures said in two
// sections, raw keys reaching the reader, a proposed opinion, meaningless
// ratios, the liquidity as amounts, the covenant headroom as an amount. The
// other parts (what the business is, whether a mitigant is real) stay a
// reader's.
type Rubric struct {
	Words    int      `json:"mots"`
	Missing  []Kind   `json:"sections_absentes,omitempty"`
	Repeated []Repeat `json:"chiffres_repetes,omitempty"`
	// RepeatedSentences are sentences written twice or more.
	RepeatedSentences []string `json:"phrases_repetees,omitempty"`
	RawKeys           []string `json:"cles_brutes,omitempty"`
	Opinion           string   `json:"avis,omitempty"` // the proposed opinion, empty when none
	Reasons           int      `json:"raisons"`
	Conditions        bool     `json:"conditions"`
	Meaningless       []string `json:"ratios_sans_signification,omitempty"`
	// Liquidity: the twelve-month sources and uses stated as amounts, and
	// their cover.
	SourcesAndUses bool `json:"sources_et_emplois"`
	Cover          bool `json:"couverture"`
	// Covenant: a ratio level against its limit; Headroom: how far in an
	// amount it may move before the limit.
	CovenantLevel bool `json:"niveau_covenant"`
	Headroom      bool `json:"marge_en_montant"`
	// Points gives the criteria judged (docs/memo-rubric.md numbers) their
	// points, 0 to 3; a criterion the memo cannot be judged on (no covenant
	// level printed) is left out.
	Points map[int]int `json:"points"`
}

// Repeat is a figure said in more than one section without a reference
// from one to the other.
type Repeat struct {
	Figure   string `json:"chiffre"`
	Sections []Kind `json:"sections"`
}

// The criteria a program judges, by their number in the rubric.
const (
	CriterionLeverage   = 3
	CriterionLiquidity  = 4
	CriterionCovenants  = 5
	CriterionOpinion    = 7
	CriterionRepetition = 9
	CriterionFrench     = 10
	CriterionLength     = 11
)

// JudgedCriteria are the criteria Score gives points to, in order.
var JudgedCriteria = []int{CriterionLeverage, CriterionLiquidity, CriterionCovenants, CriterionOpinion, CriterionRepetition, CriterionFrench, CriterionLength}

// Total is the points given and the points at stake.
func (r Rubric) Total() (got, max int) {
	for _, p := range r.Points {
		got += p
		max += 3
	}
	return got, max
}

// opinions are the proposed opinions, the longest first so that
// « favorable sous conditions » is not read as « favorable ».
var opinions = []string{"favorable sous conditions", "défavorable", "favorable", "réservé"}

// Score judges a memo on the rubric's mechanical parts.
func Score(m Memo) Rubric {
	r := Rubric{Words: words(m), Points: map[int]int{}}
	for _, k := range Kinds {
		if !slices.ContainsFunc(m.Paragraphs, func(p Paragraph) bool { return p.Kind == k }) {
			r.Missing = append(r.Missing, k)
		}
	}
	r.Repeated = Repeats(m)
	seen := map[string]int{}
	for _, p := range m.Paragraphs {
		for _, s := range sentences.Split(p.Text) {
			if seen[s]++; seen[s] == 2 {
				r.RepeatedSentences = append(r.RepeatedSentences, s)
			}
		}
		prose := unquoted(p.Text)
		r.RawKeys = append(r.RawKeys, rawKeys(prose)...)
		r.Meaningless = append(r.Meaningless, meaningless(p, prose)...)
		switch p.Kind {
		case OpinionKind:
			r.readOpinion(p.Text)
		case DebtLiquidity:
			folded := locate.Fold(p.Text)
			r.SourcesAndUses = hasAmountAfter(p.Text, "sources de ") && (hasAmountAfter(p.Text, "emplois de ") || hasAmountAfter(p.Text, "emplois connus de "))
			r.Cover = r.SourcesAndUses && strings.Contains(folded, "couverture des emplois")
		case Covenants:
			r.CovenantLevel = covenantLevel(p.Text)
			r.Headroom = headroomAmount(p.Text)
		}
	}
	r.score(m)
	return r
}

func (r *Rubric) readOpinion(text string) {
	lower := strings.ToLower(text)
	i := strings.Index(lower, "avis proposé")
	if i < 0 {
		return
	}
	for _, o := range opinions {
		if strings.Contains(lower[i:], o) {
			r.Opinion = o
			break
		}
	}
	if j := strings.Index(lower, "raisons : "); j >= 0 {
		reasons := lower[j+len("raisons : "):]
		if end := strings.Index(reasons, ". "); end >= 0 {
			reasons = reasons[:end]
		}
		r.Reasons = len(strings.Split(reasons, " ; "))
	}
	r.Conditions = strings.Contains(lower, "conditions et questions") || strings.Contains(lower, "documents à demander")
}

func (r *Rubric) score(m Memo) {
	r.Points[CriterionLeverage] = 3
	if len(r.Meaningless) > 0 {
		r.Points[CriterionLeverage] = 1
	}
	switch {
	case r.Cover:
		r.Points[CriterionLiquidity] = 3
	case r.SourcesAndUses:
		r.Points[CriterionLiquidity] = 2
	case slices.Contains(r.Missing, DebtLiquidity):
		r.Points[CriterionLiquidity] = 0
	default:
		r.Points[CriterionLiquidity] = 1
	}
	switch {
	case r.Headroom:
		r.Points[CriterionCovenants] = 3
	case r.CovenantLevel:
		r.Points[CriterionCovenants] = 2
	}
	switch {
	case r.Opinion != "" && r.Reasons >= 3 && (r.Conditions || r.Opinion == "favorable"): // a favorable opinion sets no condition
		r.Points[CriterionOpinion] = 3
	case r.Opinion != "" && r.Reasons > 0:
		r.Points[CriterionOpinion] = 2
	case r.Opinion != "":
		r.Points[CriterionOpinion] = 1
	default:
		r.Points[CriterionOpinion] = 0
	}
	most := 1
	for _, rep := range r.Repeated {
		most = max(most, len(rep.Sections))
	}
	r.Points[CriterionRepetition] = max(0, 4-most)
	if len(r.RepeatedSentences) > 0 {
		r.Points[CriterionRepetition] = 0
	}
	r.Points[CriterionFrench] = 3
	if len(r.RawKeys) > 0 {
		r.Points[CriterionFrench] = 1
	}
	switch {
	case r.Words > 900:
		r.Points[CriterionLength] = 0
	case r.Words > 700:
		r.Points[CriterionLength] = 1
	case r.Words > maxWords || len(m.Paragraphs) == 0 || m.Paragraphs[0].Kind != OpinionKind:
		r.Points[CriterionLength] = 2
	default:
		r.Points[CriterionLength] = 3
	}
}

// Line is the rubric in one line of French, for the CLI.
func (r Rubric) Line() string {
	got, max := r.Total()
	var parts []string
	parts = append(parts, fmt.Sprintf("mots : %d", r.Words))
	parts = append(parts, fmt.Sprintf("sections : %d/%d", len(Kinds)-len(r.Missing), len(Kinds)))
	reps := make([]string, len(r.Repeated))
	for i, rep := range r.Repeated {
		names := make([]string, len(rep.Sections))
		for j, k := range rep.Sections {
			names[j] = k.Label()
		}
		reps[i] = rep.Figure + " (" + strings.Join(names, ", ") + ")"
	}
	parts = append(parts, "chiffres répétés : "+noneOr(reps))
	if len(r.RepeatedSentences) > 0 {
		parts = append(parts, fmt.Sprintf("phrases répétées : %d", len(r.RepeatedSentences)))
	}
	parts = append(parts, "clés brutes : "+noneOr(r.RawKeys))
	opinion := "aucun"
	if r.Opinion != "" {
		opinion = fmt.Sprintf("%s, %d raison(s)", r.Opinion, r.Reasons)
		if r.Conditions {
			opinion += ", conditions"
		}
	}
	parts = append(parts, "avis : "+opinion)
	parts = append(parts, "ratios sans signification : "+noneOr(r.Meaningless))
	liquidity := "pas de sources et emplois chiffrés"
	if r.SourcesAndUses {
		liquidity = "sources et emplois chiffrés"
		if r.Cover {
			liquidity += ", couverture"
		}
	}
	parts = append(parts, "liquidité : "+liquidity)
	covenant := "pas de niveau"
	switch {
	case r.Headroom:
		covenant = "marge en montant"
	case r.CovenantLevel:
		covenant = "marge sans montant"
	}
	parts = append(parts, "covenant : "+covenant)
	points := make([]string, 0, len(JudgedCriteria))
	for _, c := range JudgedCriteria {
		if p, ok := r.Points[c]; ok {
			points = append(points, fmt.Sprintf("%d:%d", c, p))
		}
	}
	parts = append(parts, fmt.Sprintf("points %d/%d (%s)", got, max, strings.Join(points, " ")))
	return strings.Join(parts, " | ")
}

func noneOr(s []string) string {
	if len(s) == 0 {
		return "aucun"
	}
	return strings.Join(s, ", ")
}

// Repeats are the figures (numbers with a unit: amounts, percentages,
// multiples, days, months) said in two sections or more, where the later
// sentence does not refer to the section that said it first (« (voir
// chiffres clés) », see Refer). Quotes count: the reader reads the figure
// twice all the same.
func Repeats(m Memo) []Repeat {
	first := map[string]Kind{}
	var order []string
	sections := map[string][]Kind{}
	for _, p := range m.Paragraphs {
		for _, s := range sentences.Split(p.Text) {
			refs := referred(s)
			for _, n := range numbersOf(s) {
				key, ok := figureKey(n)
				if !ok {
					continue
				}
				k, seen := first[key]
				switch {
				case !seen:
					first[key] = p.Kind
					order = append(order, key)
					sections[key] = []Kind{p.Kind}
				case k != p.Kind && !slices.Contains(refs, k) && !slices.Contains(sections[key], p.Kind):
					sections[key] = append(sections[key], p.Kind)
				}
			}
		}
	}
	var out []Repeat
	for _, key := range order {
		if len(sections[key]) > 1 {
			out = append(out, Repeat{Figure: key, Sections: sections[key]})
		}
	}
	return out
}

// figureKey is a figure as a reader compares it: money in k€, other units
// as printed; a bare number (a count, a page, a day) is no figure, nor is a
// zero.
func figureKey(n frnum.Number) (string, bool) {
	if n.Unit == frnum.None || n.Value == 0 {
		return "", false
	}
	if v, ok := n.KEUR(); ok {
		return frnum.FormatKEUR(math.Abs(v)), true
	}
	return strings.TrimLeft(strings.TrimSpace(n.Text), "+-−–()"), true
}

// reference writes a sentence's reference to the section that said a
// figure first: « (voir chiffres clés) ».
var reference = regexp.MustCompile(`\(voir ([^()]+)\)`)

// Refer is the reference a sentence makes to the section k of the memo.
func Refer(k Kind) string { return "(voir " + k.Label() + ")" }

// referred are the sections a sentence refers to.
func referred(s string) []Kind {
	var out []Kind
	for _, m := range reference.FindAllStringSubmatch(s, -1) {
		if k, ok := ParseKind(m[1]); ok {
			out = append(out, k)
		}
	}
	return out
}

// maskReferences blanks the references to the memo's sections, keeping
// byte offsets: they are the memo's own words, no claim on the facts.
func maskReferences(text string) string {
	return reference.ReplaceAllStringFunc(text, func(ref string) string {
		if k := referred(ref); len(k) == 0 {
			return ref
		}
		return strings.Repeat(" ", len(ref))
	})
}

// unquoted is a text without its quotes « … » (the document's words).
func unquoted(text string) string {
	var b strings.Builder
	depth := 0
	for _, r := range text {
		switch {
		case r == '«':
			depth++
		case r == '»' && depth > 0:
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return b.String()
}

var (
	snakeKey  = regexp.MustCompile(`\b[a-z]+(?:_[a-z0-9]+)+\b`)
	writtenID = regexp.MustCompile(`\b[RACQK]-[a-z0-9]+(?:-[a-z0-9]+)+\b`)
)

// unaccented are the memo's own words written without their accents, as a
// raw key spells them (« exigibilite », « reglementaire »): the folded
// forms of the accented words of the risk categories and severities, none
// of them a French word (a section's « proposé » would give « propose »).
var unaccented = func() map[string]bool {
	out := map[string]bool{}
	var labels []string
	for _, l := range categoryLabels {
		labels = append(labels, l)
	}
	for _, l := range severityWords {
		labels = append(labels, l)
	}
	for _, l := range labels {
		for _, w := range strings.Fields(strings.ToLower(l)) {
			w = strings.Trim(w, "'’")
			if f := locate.Fold(w); f != w && len(f) > 3 && !strings.Contains(f, " ") {
				out[f] = true
			}
		}
	}
	return out
}()

// rawKeys are the keys a reader should never see: snake_case keys, fact
// ids, words spelt without their accents.
func rawKeys(prose string) []string {
	out := snakeKey.FindAllString(prose, -1)
	out = append(out, writtenID.FindAllString(prose, -1)...)
	for _, w := range strings.FieldsFunc(prose, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') }) {
		if unaccented[strings.ToLower(w)] {
			out = append(out, w)
		}
	}
	return out
}

// The magnitudes past which a ratio means nothing to a lender: a margin or
// a growth beyond ±1 000 %, working capital or a delay over ten years of
// revenue, a runway over ten years.
const (
	absurdPercent = 1000
	absurdDays    = 3650
	absurdMonths  = 120
)

// meaningless are the ratios a paragraph shows that mean nothing: a
// negative multiple (a cover or a leverage on a negative denominator) or an
// absurd magnitude. The key figures' change column (a change of turns, of
// points) is not a level and is left out.
func meaningless(p Paragraph, prose string) []string {
	if p.Kind == KeyFigures {
		var levels []string
		for _, row := range strings.Split(prose, "\n") {
			cells := strings.Split(row, " | ")
			if len(cells) > 3 {
				cells = cells[:3]
			}
			levels = append(levels, strings.Join(cells, " | "))
		}
		prose = strings.Join(levels, "\n")
	}
	var out []string
	for _, n := range numbersOf(prose) {
		v := n.Value
		switch {
		case n.Unit == frnum.Times && v < 0 && !signedChange(prose, n),
			n.Unit == frnum.Percent && math.Abs(v) >= absurdPercent,
			n.Unit == frnum.Days && v >= absurdDays,
			n.Unit == frnum.Months && v >= absurdMonths:
			out = append(out, strings.TrimSpace(n.Text))
		}
	}
	return out
}

// signedChange reports whether a multiple is a change ("+1,9x", "-0,4x"
// after "variation" or "contre"), not a level.
func signedChange(prose string, n frnum.Number) bool {
	before := locate.Fold(prose[max(0, n.Start-40):n.Start])
	return strings.Contains(before, "variation") || strings.Contains(before, "baisse de") || strings.Contains(before, "hausse de")
}

// hasAmountAfter reports whether an amount in money follows marker.
func hasAmountAfter(text, marker string) bool {
	i := strings.Index(text, marker)
	if i < 0 {
		return false
	}
	ns := frnum.Parse(text[i+len(marker):])
	if len(ns) == 0 {
		return false
	}
	_, ok := ns[0].KEUR()
	return ok
}

// covenantLevel reports whether the covenants section gives a ratio's
// level against its limit (a multiple or a percentage beside « plafond »
// or « plancher »).
func covenantLevel(text string) bool {
	folded := locate.Fold(text)
	if !strings.Contains(folded, "plafond") && !strings.Contains(folded, "plancher") {
		return false
	}
	n := 0
	for _, x := range frnum.Parse(text) {
		if x.Unit == frnum.Times || x.Unit == frnum.Percent {
			n++
		}
	}
	return n >= 2
}

// headroomAmount reports whether a sentence of the covenants section
// speaking of the headroom (« marge ») gives it in money.
func headroomAmount(text string) bool {
	for _, s := range sentences.Split(text) {
		if !strings.Contains(locate.Fold(s), "marge") {
			continue
		}
		for _, n := range frnum.Parse(s) {
			if _, ok := n.KEUR(); ok {
				return true
			}
		}
	}
	return false
}
