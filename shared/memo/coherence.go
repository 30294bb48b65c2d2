package memo

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/locate"
	"analyste.dev/analyste/shared/sentences"
)

// StepCoherence: the memo says a thing and its opposite, or "rien à
// signaler" under an alert or a grave risk. It blocks: whatever each
// sentence's facts, the memo as a whole cannot be true.
const StepCoherence Step = "coherence"

// A topic on which a memo takes a side: each sentence that speaks of it says
// yes or no (covenant present or absent, liquidity sufficient or not, the
// going concern in doubt or not).
type topic struct {
	name    string
	yes, no string // how a reader writes each side
	// side tells which side a folded sentence takes, 0 when none.
	side func(folded string) int
	// fact tells which side a fact takes by what it is (a covenant fact, a
	// going-concern risk, a liquidity alert), 0 when none.
	fact func(f facts.Fact) int
}

var (
	noCovenant = regexp.MustCompile(`\b(aucun|pas de|pas d|sans|ni) (clause de |engagement financier |ratio financier )?(covenants?|engagements? financiers?|clauses? de ratios? financiers?)\b`)
	// covenantWords: how a reader names a covenant.
	covenantWords = regexp.MustCompile(`\bcovenants?\b|\bengagements? financiers?\b`)
	// "aucun covenant n'est rompu": covenants exist, none is breached.
	covenantNotBreached = regexp.MustCompile(`\b(aucun|pas de) covenants? (n a ete |n est |ne sont |n ont ete |n a )?(pas )?(rompu|franchi|enfreint|viole|depasse|en defaut|bris|respect|declench)`)
	liquidityShort      = regexp.MustCompile(`insuffisan|ne (couvre|couvrent|suffit|suffisent) pas|tensions? (de|sur la) (tresorerie|liquidite)|(depasse|depassent|excede|excedent) (la tresorerie|les liquidites|la liquidite)|superieures? a la tresorerie|besoin de financement non couvert`)
	liquidityEnough     = regexp.MustCompile(`(tresorerie|liquidite|liquidites)( disponible)? (est |sont |reste |restent )?(largement )?suffisante?s?|\b(couvre|couvrent) (largement )?(les|ses|l ensemble des) (echeances|besoins|dettes)|(aucune|pas de) tension (de|sur la) (tresorerie|liquidite)|(aucun|pas de) risque de liquidite`)
	concernDoubt        = regexp.MustCompile(`continuite d exploitation.*(incertitude|doute|menace|remise en cause|compromise)|(incertitude|doute)s?( significative| importante| majeure)? (sur|quant a|relative a) la continuite|redressement judiciaire|liquidation judiciaire|procedure de sauvegarde|cessation des paiements`)
	concernSafe         = regexp.MustCompile(`(aucune|pas d|sans) (incertitude|doute)( significative| importante| majeure)? (sur|quant a|relative a|concernant) la continuite|continuite d exploitation (n est pas|n apparait pas) (remise en cause|menacee|compromise)|continuite d exploitation (est )?assuree`)
	nothingToReport     = regexp.MustCompile(`\brien (a signaler|de particulier|de notable)\b|\b(aucun|pas de) points? (particuliers? |notables? )?(a verifier|a signaler|d attention|de vigilance|n est a signaler|particuliers?|notables?)\b|^(points a verifier )?neant$`)
	// A covenant breached, or met, as a sentence says it; a few words may
	// name it between ("le covenant de levier n'est pas respecté").
	covenantBreached = regexp.MustCompile(`\bcovenants?( [a-z/]+){0,4}? (est |a ete |sont |ont ete |serait |seraient )?(depasses?|rompus?|franchis?|enfreints?|violes?|bris|en defaut|non respectes?)\b|\bcovenants?( [a-z/]+){0,4}? (n est|n a|ne sont|n ont|ne serait) (pas|plus) (ete )?respectes?\b|\b(depassement|rupture|bris|non respect|violation|defaut) (du|des|de son|de ses) (covenants?|engagements? financiers?|ratios? (du |des )?covenants?)\b`)
	notMetWords      = regexp.MustCompile(`\b(pas|plus|non) respect`)
	covenantMet      = regexp.MustCompile(`\bcovenants?( [a-z/]+){0,4}? (est |sont |a ete |ont ete |reste |restent )?(respectes?|tenus?)\b`)
)

var topics = []topic{
	{
		name: "covenant", yes: "un covenant est présent", no: "aucun covenant",
		side: func(s string) int {
			s = strings.TrimPrefix(s, "covenants ") // the section's label
			switch {
			case !covenantWords.MatchString(s):
				return 0
			case noCovenant.MatchString(s) && !covenantNotBreached.MatchString(s):
				return -1
			}
			return 1
		},
		fact: func(f facts.Fact) int {
			kind, key := factKind(f.ID)
			switch {
			case kind == "C" && key == "covenants-aucun":
				return -1
			case kind == "C" && strings.HasPrefix(key, "covenant"), kind == "Q" && strings.Contains(f.Category, "covenant"):
				return 1
			}
			return 0
		},
	},
	{
		// The covenant's published level against its limit: a sentence
		// concluding to a breach while the facts give headroom (the computed
		// leverage is another definition) denies them.
		name: "respect du covenant", yes: "un covenant est dépassé", no: "le covenant est respecté",
		side: func(s string) int {
			switch {
			case covenantNotBreached.MatchString(s): // "aucun covenant n'est rompu"
				return -1
			case covenantBreached.MatchString(s):
				return 1
			case covenantMet.MatchString(s) && !notMetWords.MatchString(s):
				return -1
			}
			return 0
		},
		fact: func(f facts.Fact) int {
			if kind, key := factKind(f.ID); kind != "C" || !strings.HasPrefix(key, "covenant-") {
				return 0
			}
			switch {
			case strings.Contains(f.Text, ", soit un dépassement de "):
				return 1
			case strings.Contains(f.Text, ", soit une marge de "):
				return -1
			}
			return 0
		},
	},
	{
		name: "liquidité", yes: "la liquidité suffit", no: "la liquidité ne suffit pas",
		side: func(s string) int {
			switch {
			case liquidityShort.MatchString(s):
				return -1
			case liquidityEnough.MatchString(s):
				return 1
			}
			return 0
		},
		fact: func(f facts.Fact) int {
			if kind, _ := factKind(f.ID); kind == "A" && strings.Contains(f.Text, "Échéances à moins") {
				return -1
			}
			return 0
		},
	},
	{
		name: "continuité d'exploitation", yes: "la continuité d'exploitation est en doute", no: "la continuité d'exploitation n'est pas en doute",
		side: func(s string) int {
			switch {
			case concernSafe.MatchString(s):
				return -1
			case concernDoubt.MatchString(s):
				return 1
			}
			return 0
		},
		fact: func(f facts.Fact) int {
			if kind, _ := factKind(f.ID); kind == "Q" && f.Category == "continuite_exploitation" {
				return 1
			}
			return 0
		},
	},
}

// conditionClause is a clause that supposes rather than states: "si le
// covenant est dépassé", "en cas de manquement", up to the next
// punctuation.
var conditionClause = regexp.MustCompile(`(^|\s)(si|s il|en cas d|au cas ou|dans l hypothese ou)\s[^,;:.]*`)

// withoutConditions is a folded sentence without its conditional clauses:
// what it supposes is not what the memo states.
func withoutConditions(folded string) string {
	return conditionClause.ReplaceAllString(folded, " ")
}

// placedSentence is a sentence of the memo with its section.
type placedSentence struct {
	text string
	kind Kind
	para int
}

func (p placedSentence) String() string {
	return fmt.Sprintf("« %s » (paragraphe %d, %s)", p.text, p.para, p.kind.Label())
}

// Coherence checks the memo as a whole, against itself and against the
// facts it is written from: no sentence may deny what another states, nor
// what a fact establishes (a covenant read from the report, a going-concern
// risk, debt due within a year above the cash and lines), and "rien à
// signaler" cannot stand in a section where an alert or a grave risk does.
// Each defect shows both sides.
func Coherence(m Memo, fs []facts.Fact) []Defect {
	var all []placedSentence
	for i, p := range m.Paragraphs {
		for _, s := range sentences.Split(p.Text) {
			all = append(all, placedSentence{text: strings.TrimSpace(s), kind: p.Kind, para: i + 1})
		}
	}
	var out []Defect
	for _, t := range topics {
		var yes, no []placedSentence
		for _, s := range all {
			switch t.side(withoutConditions(locate.Fold(s.text))) {
			case 1:
				yes = append(yes, s)
			case -1:
				no = append(no, s)
			}
		}
		if len(yes) > 0 && len(no) > 0 {
			out = append(out, Defect{Paragraph: no[0].para, Claim: no[0].text, Step: StepCoherence,
				Message: fmt.Sprintf("le mémo se contredit sur %s : %s dit que %s, %s dit que %s", t.name, yes[0], t.yes, no[0], t.no)})
			continue
		}
		for _, f := range fs {
			side := t.fact(f)
			var denied []placedSentence
			if side == 1 {
				denied = no
			} else if side == -1 {
				denied = yes
			}
			if len(denied) > 0 {
				out = append(out, Defect{Paragraph: denied[0].para, Claim: denied[0].text, Step: StepCoherence,
					Message: fmt.Sprintf("le mémo contredit le fait %s sur %s : %s, alors que le fait dit « %s »", f.ID, t.name, denied[0], f.Text)})
				break
			}
		}
	}
	return append(out, nothingUnder(all, fs)...)
}

// toVerify states the points a person must look at (checkPoints) and the
// grave risks the risks section could not hold (the page's length): never
// "rien à signaler", never a risk said twice.
func (b *builder) toVerify(company string, points *facts.Fact, quotes, stated []facts.Fact, covenantsSaid bool) {
	if points == nil {
		return
	}
	for _, p := range checkPoints(company, points.Text) {
		if covenantsSaid && strings.HasPrefix(p, otherDefinitionPoint) {
			continue // the covenants section gives both ratios and says their definitions differ
		}
		b.add(*points, p)
	}
	// the grave risks the page could not hold, in one sentence
	var left []facts.Fact
	var labels []string
	for _, g := range quotes {
		if g.Severity == "elevee" && !slices.ContainsFunc(stated, func(f facts.Fact) bool { return f.ID == g.ID || f.Category == g.Category }) {
			label := strings.TrimPrefix(strings.TrimSuffix(riskTitle(g), ", gravité élevée"), "Risque ")
			if !slices.Contains(labels, label) {
				left, labels = append(left, g), append(labels, label)
			}
		}
	}
	switch len(left) {
	case 0:
	case 1:
		b.add(left[0], "Point à vérifier : risque "+labels[0]+", gravité élevée.")
	default:
		b.add(left[0], "Points à vérifier : risques "+strings.Join(labels[:len(labels)-1], ", ")+" et "+labels[len(labels)-1]+", gravité élevée.")
		for _, g := range left[1:] {
			if !slices.Contains(b.sources, g.ID) {
				b.sources = append(b.sources, g.ID)
			}
		}
	}
	if len(b.sentences) > 0 {
		b.sources = append(b.sources, points.ID)
	}
}

// nothingUnder finds "rien à signaler" in a section while an alert or a
// risk of high severity stands that the section is about: points to
// verify, the synthesis and the risks under any, the covenants under a
// covenant's, the liquidity under a liquidity alert.
func nothingUnder(all []placedSentence, fs []facts.Fact) []Defect {
	var out []Defect
	for _, s := range all {
		if !nothingToReport.MatchString(locate.Fold(s.text)) {
			continue
		}
		for _, f := range fs {
			kind, _ := factKind(f.ID)
			alert, grave := kind == "A", kind == "Q" && f.Severity == "elevee"
			if !alert && !grave {
				continue
			}
			covenant := topics[0].fact(f) == 1 || strings.Contains(f.Text, " - Covenant ")
			about := false
			switch s.kind {
			case ToVerify, Synthesis, Risks:
				about = true
			case Covenants:
				about = covenant
			case DebtLiquidity:
				about = alert && !covenant
			case Profitability, Quality:
			default: // a section of another name: it may be about anything
				about = true
			}
			if !about {
				continue
			}
			what := "l'alerte"
			if grave {
				what = "le risque de gravité élevée"
			}
			out = append(out, Defect{Paragraph: s.para, Claim: s.text, Step: StepCoherence,
				Message: fmt.Sprintf("%s dit « rien à signaler » alors que %s %s tient : « %s »", s, what, f.ID, f.Text)})
			break
		}
	}
	return out
}
