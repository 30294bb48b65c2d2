package riskrules

import (
	"regexp"
	"slices"
	"strings"

	"analyste.dev/analyste/shared/quotes"
	"analyste.dev/analyste/shared/signals"
)

// kind is what a sentence is to the offline reader.
type kind int

const (
	neutral  kind = iota
	risk          // states a risk of its category
	mitigant      // lessens the risk told before it
)

// minWords is the length under which a piece of text is a label or a
// heading, never a risk.
const minWords = 5

// classify tells what s states. A risk is a sentence holding a term that
// names a category (strong, or a pair) that no negation denies, outside
// accounting-policy, audit and form boilerplate and with nothing saying the
// risk is settled or absent. Each category weighs its strong terms (2
// each, or its own weight) and the places its weak terms point to (1
// each); the heaviest wins, on a tie the one named first in the sentence.
// A category that frames the sentence (the auditor's voice) wins whenever
// it is named. A sentence whose first clause tells a mitigation (a cover,
// an insurance, a provision) without a loss, and that names a risk once at
// most, is a mitigant.
func classify(s sentence, ref reference) (kind, signals.Category) {
	ref = ref.statedIn(s.norm)
	if continuityOnCondition(s.norm) && !framing(s.norm) && !generalLaw(s.norm) {
		return risk, signals.GoingConcern
	}
	if policy(s.norm) && !framing(s.norm) {
		// What follows the policy's clauses may still tell a risk ("…
		// arrêtés selon le principe de continuité ; à défaut, la société ne
		// pourrait faire face…").
		if rest, ok := afterPolicy(s.text); ok {
			return classify(newSentence(rest), ref)
		}
		return neutral, ""
	}
	if len(strings.Fields(s.norm)) < minWords || strings.HasSuffix(s.norm, ":") || caption.MatchString(s.norm) || settles(s.norm) && !reset(s.norm) ||
		has(s.norm, standard) || customersTerm(s.norm) || generalLaw(s.norm) || pastOnly(s.norm, ref) {
		return neutral, ""
	}
	// named[i]: where the strong terms of vocabularies[i] are found; a word that
	// names one risk does not also point to another.
	named := make([][]span, len(vocabularies))
	var taken []span
	party := make([]bool, len(vocabularies))
	// strong[i]: a strong term of vocabularies[i] itself is found, which the
	// word model may not overrule.
	strong := make([]bool, len(vocabularies))
	// paired[i]: a pair of vocabularies[i] is found, which names the risk in
	// other words than the currency's own name.
	paired := make([]bool, len(vocabularies))
	// denied: a term of some category is denied or declared absent, which
	// the word model cannot read: it has the last word only elsewhere.
	denied := false
	for i := range vocabularies {
		d := &vocabularies[i]
		if declaresAbsent(s.norm, d) {
			denied = true
			continue
		}
		found, negatedStrong := readTerms(s.norm, d.strong)
		if d.category == signals.GoingConcern && len(negatedStrong) > 0 {
			// "n'a identifié aucune incertitude significative sur la capacité
			// à poursuivre son exploitation": the ability is named only for
			// its doubt to be denied.
			found = slices.DeleteFunc(found, func(sp span) bool { return has(s.norm[sp.start:sp.end], ability) })
		}
		denied = denied || len(negatedStrong) > 0
		if d.category == signals.CurrencyRates {
			found = slices.DeleteFunc(found, func(sp span) bool { return ref.own(s.norm, sp) || constantCurrency(s.norm, sp) })
		}
		if d.category == signals.GoingConcern {
			// Another party's procedure, a client's, a competitor's, or no
			// one's: a procedure no one is in, which the word model may
			// not read back either.
			nobody := noDebtor(s.norm)
			if nobody || thirdPartyProcedure.MatchString(s.norm) || creditorOf.MatchString(s.norm) {
				found = nil
			}
			denied = denied || nobody
		}
		if d.category == signals.OffBalanceSheet && (customersNotice(s.norm) || loanNotice(s.norm)) {
			found = slices.DeleteFunc(found, func(sp span) bool { return strings.HasPrefix(s.norm[sp.start:], noticeTerm) })
		}
		strong[i] = len(found) > 0
		for _, pair := range d.pairs {
			if p0, p1 := affirmed(s.norm, pair[0]), affirmed(s.norm, pair[1]); len(p0) > 0 && len(p1) > 0 {
				// A pair counts as one strong term, placed where it starts.
				start := min(p0[0].start, p1[0].start)
				found = append(found, span{start, start})
				taken = append(append(taken, p0...), p1...)
				paired[i] = true
			}
		}
		if len(found) == 0 && d.dueSoon && dueSoon(s, ref) {
			found = []span{{len(s.norm), len(s.norm)}}
		}
		// Two terms found at one place ("garantie donnée", "garanties
		// données") are one word naming the risk.
		slices.SortFunc(found, func(a, b span) int { return a.start - b.start })
		found = slices.CompactFunc(found, func(a, b span) bool { return a.start == b.start })
		if p := affirmed(s.norm, d.parties); len(p) > 0 {
			// The counterparty names the risk at one place, and weighs as a
			// weak term (see below).
			found = append(found, span{p[0].start, p[0].start})
			party[i] = true
			taken = append(taken, p...)
		}
		named[i] = found
		taken = append(taken, found...)
	}
	best, weight, first, framed, firm := signals.Category(""), 0, 0, false, false
	for i, found := range named {
		d := &vocabularies[i]
		if len(found) == 0 || framed {
			continue
		}
		at := slices.MinFunc(found, func(a, b span) int { return a.start - b.start }).start
		w := d.strongWeight()*len(found) + pointers(s.norm, d.weak, taken)
		if party[i] {
			// The counterparty weighs as one weak term, not as a strong one.
			w -= d.strongWeight() - 1
		}
		if d.frames || w > weight || w == weight && at < first {
			best, weight, first, framed, firm = d.category, w, at, d.frames, strong[i]
		}
	}
	// A breach "couvert par une lettre de renonciation" is waived, not
	// covered: the waiver is the risk.
	if clause, _, _ := strings.Cut(s.norm, ";"); mitigates(clause, taken) && !has(clause, partial) && !has(clause, breached) &&
		(weight <= 2 || coveredWhole(clause)) {
		return mitigant, ""
	}
	if b := slices.IndexFunc(vocabularies, func(d vocabulary) bool { return d.category == best }); b >= 0 && denied && party[b] && len(named[b]) == 1 {
		// The counterparty alone beside a risk denied ("la cession de sa
		// filiale, sans que cette opération constitue un cas de défaut"):
		// the denied risk was the one named.
		best = ""
	}
	if best != "" && !strong[slices.IndexFunc(vocabularies, func(d vocabulary) bool { return d.category == best })] && absentOf(s.norm) {
		// The sentence declares its own risk absent ("les garanties données
		// aux clients sur les produits"): a pair of words of another
		// category does not name it.
		best = ""
	}
	if best == "" {
		best = consequenceOnly(s.norm)
	}
	if !denied {
		best = wordModel().judge(s.norm, best, framed, firm)
	}
	if best == "" && customerShare(s.text, s.norm) {
		best = signals.CustomerConcentration
	}
	if best == "" && shortRunway(s.norm) {
		best = signals.Liquidity
	}
	best = compete(s.norm, best)
	if c := slices.IndexFunc(vocabularies, func(d vocabulary) bool { return d.category == signals.CurrencyRates }); best == signals.CurrencyRates &&
		!strong[c] && !paired[c] && ref.ownOnly(s.norm) {
		// The company's own currency, and nothing else of the category.
		best = ""
	}
	if best == signals.Acceleration && len(named[slices.IndexFunc(vocabularies, func(d vocabulary) bool { return d.category == signals.Covenant })]) > 0 &&
		has(s.norm, breached) && !conditional(s.norm) && !has(s.norm, called) {
		// A breach told as done outweighs the call it opens, unless the
		// lenders made it.
		best = signals.Covenant
	}
	if best == "" {
		return neutral, ""
	}
	return risk, best
}

// noticeTerm is a notice period, which commits the company when it is a
// lease's; customersNotice tells it is the customers' (their right to end
// their contracts, a loss of sales if anything) in a sentence that names
// no lease.
var noticeTerm = "préavis"

func customersNotice(norm string) bool {
	return has(norm, customerSide) && !has(norm, leaseSide)
}

// loanNotice tells a notice the borrower gives to repay a loan early: a
// prepayment's term, no lease.
func loanNotice(norm string) bool {
	return has(norm, prepaymentSide) && !has(norm, leaseSide)
}

var prepaymentSide = []string{"rembourser par anticipation", "remboursement anticipé", "rembourser tout ou partie", "emprunteur pourra"}

// customersTerm tells a sentence that states the customers' right to end
// their contracts with notice, in the mood of what may be ("peuvent être
// résiliés moyennant un préavis"), with no share of sales at stake: a
// contract's term, not an event.
func customersTerm(norm string) bool {
	return (customersNotice(norm) || has(norm, eitherParty) && !has(norm, leaseSide)) && len(positions(norm, noticeTerm)) > 0 &&
		has(norm, mayWords) && !strings.Contains(norm, "%") && !has(norm, shareOfSales)
}

// eitherParty is a contract either side may end; shareOfSales a share of
// sales that makes its end a customer's weight.
var (
	eitherParty  = []string{"chacune des parties", "l'une ou l'autre des parties", "chaque partie", "l'une des parties"}
	shareOfSales = []string{"moitié", "essentiel", "majeure partie", "tiers du", "quart du"}
)

var mayWords = []string{"peut", "peuvent", "pourra", "pourront", "possibilité", "faculté", "libre", "résiliable"}

var (
	customerSide = []string{"client", "abonné", "abonnement", "marchés", "collectivités", "donneur d'ordre", "donneurs d'ordre"}
	leaseSide    = []string{"bail", "baux", "bailleur", "locaux", "loyer", "location", "crédit-bail", "site", "entrepôt", "usine"}
)

// policy tells whether norm holds boilerplate: not an accounting verb
// followed by an amount, which is an estimate of a loss ("le manque à
// gagner est évalué à 300 000 euros").
func policy(norm string) bool {
	for _, t := range boilerplate {
		for _, at := range positions(norm, t) {
			if !amountAfter.MatchString(norm[at+len(t):]) {
				return true
			}
		}
	}
	return false
}

var amountAfter = regexp.MustCompile(`^[a-z]*\s+(?:à|a)\s+(?:(?:près de|environ|plus de|au moins)\s+)?\d`)

// afterPolicy is the text after the last clause of text (cut at "; ")
// that holds boilerplate, when one follows it.
func afterPolicy(text string) (string, bool) {
	parts := strings.Split(text, "; ")
	for i := len(parts) - 1; i > 0; i-- {
		if policy(quotes.Normalise(parts[i-1])) {
			rest := strings.Join(parts[i:], "; ")
			return rest, !policy(quotes.Normalise(rest))
		}
	}
	return "", false
}

// caption is the title of a table or a chart: it names what the table
// holds, not an exposure.
var caption = regexp.MustCompile(`^(tableau|figure|graphique)\b|^note \d`)

// framing tells whether a voice that frames the sentence names its risk:
// an opinion qualified "à l'exception de l'incidence…" keeps the audit
// report's wording ("nous certifions que…") and is still a reservation.
func framing(norm string) bool {
	for i := range vocabularies {
		if d := &vocabularies[i]; d.frames && len(affirmed(norm, d.strong)) > 0 {
			return true
		}
	}
	return false
}

// lossWords tell a harm a consequence sentence foresees ("entraînerait la
// perte de…", "pourrait conduire à une baisse…").
var lossWords = []string{"perte", "pénalis", "dépréciation", "baisse", "réduction", "arrêt", "interruption", "surcoût",
	"remboursement", "exigib"}

// consequenceOnly names the risk of a sentence that tells only a
// consequence, in the conditional or after "en cas de", with a loss: the
// category whose weak terms it holds at two places at least, the most.
func consequenceOnly(norm string) signals.Category {
	if !conditional(norm) && !has(norm, []string{"en cas de", "à défaut de", "faute de"}) || !has(norm, lossWords) {
		return ""
	}
	best, most := signals.Category(""), 1
	for i := range vocabularies {
		d := &vocabularies[i]
		if declaresAbsent(norm, d) {
			continue
		}
		if n := len(affirmedPlaces(norm, d.weak)); n > most {
			best, most = d.category, n
		}
	}
	return best
}

// affirmedPlaces are the distinct places where terms start in norm
// without a negation.
func affirmedPlaces(norm string, terms []string) map[int]bool {
	at := map[int]bool{}
	for _, sp := range affirmed(norm, terms) {
		at[sp.start] = true
	}
	return at
}

// coveredWhole tells whether clause says an exposure is wholly covered or
// insured, with no loss told beside it.
func coveredWhole(clause string) bool {
	return len(affirmed(clause, fullCover)) > 0 && !has(clause, partial) && !has(clause, consequence) &&
		!conditional(coverMood.ReplaceAllString(clause, ""))
}

// mitigates tells whether norm lessens a risk and tells no loss ("aucune
// assurance" lessens nothing), with wording outside the spans of terms that
// name a risk ("ratio de couverture" is no cover).
func mitigates(norm string, taken []span) bool {
	return pointers(norm, mitigation, append(taken, negatedSpans(norm, mitigation)...)) > 0 &&
		!has(norm, consequence) && !conditional(coverMood.ReplaceAllString(norm, ""))
}

// coverMood is a cover told in the conditional of the loss it would meet
// ("une condamnation, si elle devait intervenir, serait couverte par la
// police"): the mood is the loss's, the cover is stated.
var coverMood = regexp.MustCompile(`\bserai(?:t|ent) (?:intégralement |entièrement )?(?:couvert|pris en charge|indemnisé|assuré)`)

var (
	debtWords = []string{"dette", "endettement", "emprunt", "prêt", "crédit", "obligataire", "obligation", "financement", "euro pp", "concours"}
	dueWords  = []string{"exigible en", "exigibles en", "à rembourser", "échéance", "échoit", "expire", "remboursable", "remboursé", "rembourser", "amorti", "maturité", "arrive à terme", "arrivent à terme", "à son terme"}
)

// dueSoon tells whether s says a debt falls due within 18 months of the
// closing.
func dueSoon(s sentence, ref reference) bool {
	if !has(s.norm, debtWords) || !has(s.norm, dueWords) {
		return false
	}
	g, ok := s.maturity(ref)
	return ok && rank(g.severity) >= rank(signals.Medium)
}

// settles tells whether norm says a risk is over, absent or good news:
// not when a "non" or a "pas" denies the wording ("non négligeable"), when
// "ne … que" restricts it ("ne couvriront les besoins que jusqu'en mars"),
// nor when an adverse word follows it ("redevenu négatif").
func settles(norm string) bool {
	norm = auxAdverb.ReplaceAllString(norm, "$1 ")
	for _, t := range settled {
		for _, at := range positions(norm, t) {
			if !deniedOrRestricted(norm, at, at+len(t)) && !adverseAfter(norm[at+len(t):]) && !beyond.MatchString(norm[:at]) {
				return true
			}
		}
	}
	for _, p := range settledPairs {
		if len(affirmed(norm, p[0])) > 0 && len(affirmed(norm, p[1])) > 0 {
			return true
		}
	}
	return liftedClaim(norm)
}

// auxAdverb is an adverb between an auxiliary and its participle ("a été
// intégralement refinancé"), which settles as the bare verb does; beyond
// is wording past which a settling word is the limit exceeded ("au-delà
// du plafond légal").
var (
	auxAdverb = regexp.MustCompile(`((?:^|\s)(?:a|ont|a été|ont été|est|sont|avait été|avaient été)) (?:intégralement|entièrement|totalement|définitivement|finalement|déjà|depuis) `)
	beyond    = regexp.MustCompile(`(?:au-delà d[eu']|dépassant|dépasse|dépassent|excède|excèdent|excédant|supérieurs? au|supérieures? au)\s*(?:l'|la |le )?$`)
)

// ability names the company's capacity to go on, which is no doubt by itself.
var ability = []string{"poursuivre son exploitation", "poursuite de l'exploitation"}

// reset tells a covenant's limit moved or waived for the company, which no
// approval settles: the holders "ont approuvé la modification du ratio,
// dont le plafond est porté de 4,0x à 5,0x".
func reset(norm string) bool {
	c := slices.IndexFunc(vocabularies, func(d vocabulary) bool { return d.category == signals.Covenant })
	return len(affirmed(norm, vocabularies[c].strong)) > 0 && has(norm, resets)
}

var resets = []string{"porté de", "relevé de", "waiver", "renonciation", "dérogation", "suspension du test", "aménagement des"}

// liftedClaim tells whether norm says an adverse claim was annulled,
// rejected or discharged, the claim named before the lifting ("la mise en
// demeure, qui a été annulée", "l'amende que le tribunal a annulée"): not
// an authorisation annulled, which is named after it or is no claim.
func liftedClaim(norm string) bool {
	if has(norm, ownAppeal) {
		return false
	}
	for _, l := range affirmed(norm, lifts) {
		if slices.ContainsFunc(claims, func(c string) bool {
			at := positions(norm, c)
			return len(at) > 0 && at[0] < l.start
		}) {
			return true
		}
	}
	// In the active voice the court names the claim after its verb: "le
	// tribunal a rejeté la demande d'ouverture…", "la cour infirme le
	// jugement en ce qu'il a condamné…".
	for _, l := range affirmed(norm, activeLifts) {
		clause := norm[l.end:]
		if i := strings.IndexAny(clause, ";."); i >= 0 {
			clause = clause[:i]
		}
		// "… et, statuant à nouveau, condamne…": the court's new ruling
		// after the one it set aside is a claim upheld.
		clause, _, _ = strings.Cut(clause, "statuant à nouveau")
		if has(clause, claims) || has(clause, []string{"condamn"}) {
			return true
		}
	}
	return false
}

// GeneralRule tells whether text states a rule of law for any debtor,
// with no year, amount or company of its own: no event of the company.
// The critical net leaves these sentences out too.
func GeneralRule(text string) bool { return generalLaw(quotes.Normalise(text)) }

// StandardParagraph tells whether text holds the wording of the
// auditors', the accountant's or a prospectus' standard paragraphs, which
// name risks only as things to assess or to warn of. The critical net
// leaves these sentences out too.
func StandardParagraph(text string) bool { return has(quotes.Normalise(text), standard) }

// generalLaw tells a rule of law stated for any debtor, with no year,
// amount or company of its own.
func generalLaw(norm string) bool {
	return has(norm, generalRule) && !has(norm, particular) && !year.MatchString(norm)
}

var year = regexp.MustCompile(`\b(?:19|20)\d\d\b`)

// adverseAfter tells whether the first words of text turn the settling
// wording before them to the worse.
func adverseAfter(text string) bool {
	w := wordsOf(text)
	return slices.ContainsFunc(w[:min(2, len(w))], func(w string) bool {
		return slices.ContainsFunc(worse, func(p string) bool { return strings.HasPrefix(w, p) })
	})
}

var worse = []string{"négati", "déficitaire", "inférieur", "insuffisant", "défavorable"}

func deniedOrRestricted(norm string, start, end int) bool {
	before := norm[clauseStart(norm, start):start]
	// The word before, or the one before an auxiliary ("sans avoir été
	// renouvelé").
	w := wordsOf(before)
	if n := len(w); n > 1 && (w[n-1] == "avoir" || w[n-1] == "être" || w[n-1] == "été") {
		w = w[:n-1]
	}
	if n := len(w); n > 0 && slices.Contains([]string{"non", "pas", "sans", "jamais", "ni"}, w[n-1]) {
		return true
	}
	// A few words before: "n'ayant pas les liquidités suffisantes pour…",
	// "faute d'avoir bouclé…".
	if slices.ContainsFunc(w[max(0, len(w)-3):], func(w string) bool { return w == "pas" || w == "jamais" || w == "faute" }) {
		return true
	}
	if !strings.Contains(" "+before, " ne ") && !strings.Contains(" "+before, " n'") {
		return false
	}
	after := norm[end:]
	if i := strings.IndexAny(after, ",;:."); i >= 0 {
		after = after[:i]
	}
	return strings.Contains(after+" ", " que ") || strings.Contains(after, " qu'")
}

// declaresAbsent tells whether norm says d's risk is not there or no
// longer, in words no negation denies: "un plan de succession a été
// formalisé" lifts the risk, "aucun plan de succession n'a été formalisé"
// does not.
func declaresAbsent(norm string, d *vocabulary) bool {
	return len(affirmed(norm, d.absent)) > 0
}

// thirdPartyProcedure is a procedure of another party than the company:
// "deux clients ont été placés en liquidation", "son principal concurrent
// avait été placé en redressement", "le redressement du client défaillant".
var thirdPartyProcedure = regexp.MustCompile(`\b(?:clients?|clientes?|concurrents?|fournisseurs?|sous-traitants?|distributeurs?|débiteurs?|locataires?|acheteurs?)\b[^,;.]{0,40}?\b(?:placée?s?|mise?s?|tombée?s?)\s+(?:en|sous)\s+(?:redressement|liquidation|sauvegarde|procédure)|\b(?:redressement|liquidation|sauvegarde)\b[^,;.]{0,30}?\b(?:d'un|d'une|de son|de ses|de deux|de plusieurs|du)\s+(?:\S+\s+){0,2}?(?:clients?|concurrents?|fournisseurs?|sous-traitants?|distributeurs?|débiteurs?)\b`)

// creditorOf tells the company a creditor in another's procedure: its
// claim declared to the liquidator ("notre créance déclarée au passif").
var creditorOf = regexp.MustCompile(`\b(?:notre|sa|leur|nos|ses|leurs) créances?\b[^;.]{0,50}?\bdéclarée?s?(?:[^\p{L}]|$)|\bdéclaré (?:sa|notre|leur|ses|nos|leurs) créances?\b|\bdéclarée?s? au passif\b`)

// NoDebtor tells whether text names insolvency procedures of no debtor in
// particular: companies at large ("les entreprises … à déposer le bilan",
// "une entreprise en difficulté"), or an officer of the court named by
// trade whom nothing appoints and beside no procedure opened ("une
// réunion avec un administrateur judiciaire"). The company itself, or a
// debtor named with its legal form, makes the procedure someone's. The
// critical net reads these sentences so too.
func NoDebtor(text string) bool { return noDebtor(quotes.Normalise(text)) }

func noDebtor(norm string) bool {
	if ownDebtor.MatchString(norm) {
		return false
	}
	return atLarge.MatchString(oneOfThem.ReplaceAllString(norm, " ")) ||
		unnamedOfficer.MatchString(norm) && !appointedOrOpened.MatchString(norm)
}

// wordsRe matches alternatives as whole words of normalised text (Go's
// \b knows no accented letter).
func wordsRe(alternatives ...string) *regexp.Regexp {
	return regexp.MustCompile(`(?:^|[^\p{L}\p{N}])(?:` + strings.Join(alternatives, "|") + `)(?:[^\p{L}\p{N}]|$)`)
}

var (
	atLarge = wordsRe(`(?:des|les|aux|plusieurs|certaines|nombreuses|toutes les|tous les|seules les) (?:entreprises|sociétés|associations|débiteurs|commerçants|artisans|pme|tpe|eti|exploitations)`,
		`(?:une|d'une|toute|tout|un|d'un) (?:entreprise|société|association|débiteur|commerçant|artisan|exploitation) (?:en difficulté|qui|dont)`)
	// oneOfThem names one debtor among others: "l'une des entreprises".
	oneOfThem = wordsRe(`(?:l')?(?:un|une) (?:des|de ses|de nos)`)
	ownDebtor = wordsRe(`(?:la|notre|cette) (?:société|entreprise|association)`, `(?:le|notre|ce) groupe`, `nous`, `notre`, `nos`,
		`(?:la |une |de la |l')(?:sa|sas|sasu|sarl|eurl|snc|sca|sci|scop|srl|sprl|bv|nv|gmbh|ag|selarl|scea|gaec)`)
	unnamedOfficer    = wordsRe(`(?:un|des|deux|d'un|de|d') ?(?:administrateur|mandataire)s? judiciaires?`)
	appointedOrOpened = wordsRe(`(?:désign|nomm|assist|mission|charg|contrôl|surveill|qualité|ouvert|prononc|homologu|arrêt|déposé)\p{L}*`,
		`placée?s?`, `mise?s?`, `déclarée?s?`)
)

// absentOf tells whether norm names the risk of some category and
// declares it absent.
func absentOf(norm string) bool {
	return slices.ContainsFunc(vocabularies, func(d vocabulary) bool { return declaresAbsent(norm, &d) && has(norm, d.strong) })
}

// adverseWords tell that something goes or may go wrong, whatever the
// category: the word model names a risk the vocabulary did not only in a
// sentence holding one
// ("les flux de trésorerie atteignent 57,3 M€" tells no risk, however often
// cash flows appear in risks).
var adverseWords = slices.Concat(lossHarms, disruptionHarms, costHarms, delayHarms, sanctionHarms, []string{"risque", "dépend",
	"expos", "incertitude", "menac", "fragil", "tension", "difficult", "insuffis", "défavorable", "négati", "tributaire", "seul",
	"unique", "repose", "concentr", "baisse", "recul", "dégrad", "pénalit", "contentieux", "conteste", "réclam", "garanti",
	"caution", "nanti", "engag", "échéance", "exigib", "défaut"})

// adverse tells whether norm holds adverse wording or a conditional.
func adverse(norm string) bool {
	return conditional(norm) || has(norm, adverseWords) || has(norm, consequence) || has(norm, lossWords)
}
