package facts

import (
	"fmt"
	"regexp"
	"strings"

	"analyste.dev/analyste/shared/locate"
	"analyste.dev/analyste/shared/quotes"
	"analyste.dev/analyste/shared/sentences"
)

// The audit opinions, as the auditor's report words them (NEP 700 and 705).
const (
	OpinionUnqualified = "certification sans réserve"
	OpinionQualified   = "certification avec réserve"
	OpinionDisclaimed  = "impossibilité de certifier"
	OpinionAdverse     = "refus de certifier"
)

// Audit is what the auditor's report says: who signs it, the opinion, and
// the paragraphs that follow it (an observation, a material uncertainty on
// going concern, NEP 570).
type Audit struct {
	Auditors     []string `json:"commissaires"`
	Opinion      string   `json:"opinion"`
	Observation  bool     `json:"observation,omitempty"`
	GoingConcern bool     `json:"incertitude_continuite,omitempty"`
}

// Modified tells whether the opinion is not a certification without
// reservation.
func (a Audit) Modified() bool { return a.Opinion != OpinionUnqualified }

var (
	// reportTitle heads the auditor's report on the accounts; a line of the
	// table of contents ends with its page number.
	reportTitle = regexp.MustCompile(`^rapport (du|des) commissaires? aux comptes( sur les comptes( annuels| consolides)?)?$`)
	// signature is the line the firm's name follows at the end of the report.
	signature = regexp.MustCompile(`^(le|les) commissaires? aux comptes$`)
	// The opinion's wording in folded text, gravest first.
	opinionWords = []struct {
		opinion string
		words   *regexp.Regexp
	}{
		{OpinionAdverse, regexp.MustCompile(`refusons de certifier|refus de certifier`)},
		{OpinionDisclaimed, regexp.MustCompile(`ne sommes pas en mesure de certifier|impossibilite de certifier|ne pouvons pas certifier`)},
		{OpinionQualified, regexp.MustCompile(`certifions.*(sous (la|les) reserves?|a l exception d|exception faite d)|(sous (la|les) reserves?|a l exception d|exception faite d).*certifions`)},
		{OpinionUnqualified, regexp.MustCompile(`nous certifions que`)},
	}
	observationWords  = regexp.MustCompile(`sans remettre en cause l opinion|^observations?$`)
	goingConcernWords = regexp.MustCompile(`incertitude significative liee a la continuite d exploitation|incertitude significative liee a des evenements ou a des circonstances susceptibles de mettre en cause la continuite d exploitation`)
	// activityVerbs say what a company does, after its name or "la Société".
	activityVerbs = regexp.MustCompile(`\b(concoit|fabrique|produit|exploite|distribue|commercialise|developpe|edite|exerce|opere|emploie|est specialisee?|est un producteur|est une societe|a pour activite)\b`)
	columnGaps    = regexp.MustCompile(`\s{2,}`)
)

// CounterpartyFacts reads, from the pages, the facts that describe the
// borrower: C-<slug>-activite, the first sentences of the report in which
// the company (by its name, "la Société" or "le Groupe") says what it does,
// and C-<slug>-audit, the auditor's report's signatories and opinion. Each
// stands on sentences verified word for word on their page; a document that
// prints neither gives no fact, and the memo says what to request.
func CounterpartyFacts(company string, pages []string) []Fact {
	slug := Slug(company)
	var out []Fact
	if f, ok := activityFact(company, slug, pages); ok {
		out = append(out, f)
	}
	if f, ok := auditFact(company, slug, pages); ok {
		out = append(out, f)
	} else if len(pages) > 0 {
		out = append(out, noAuditFact(company, slug, pages))
	}
	return out
}

// presentationWords: an accountant presented the accounts without
// auditing them (the Ordre's presentation mission, whose attestation says
// its work is neither an audit nor a limited review).
var presentationWords = regexp.MustCompile(`\bni (un )?audit,? ni (un )?examen limite\b|\bmission de presentation des comptes\b`)

// noAuditFact says that the document holds no auditor's report, which is
// what a lender must know of the accounts he reads, and quotes the
// accountant's attestation when one says the accounts are not audited.
// It carries no Audit: the opinion asks for the report.
func noAuditFact(company, slug string, pages []string) Fact {
	f := Fact{ID: "C-" + slug + "-audit", State: Verified, Text: company + " - Commissaire aux comptes : aucun rapport de commissaire aux comptes dans le document"}
	for p, text := range pages {
		for _, para := range paragraphs(text) {
			for _, s := range sentences.Split(para) {
				folded := locate.Fold(s)
				if !presentationWords.MatchString(folded) || len(strings.Fields(folded)) > maxActivityWords || !quotes.Verify(pages, p+1, s).OK {
					continue
				}
				f.Page = p + 1
				f.Text += fmt.Sprintf(" ; comptes présentés par un expert-comptable, sans audit : « %s » (p. %d)", s, p+1)
				return f
			}
		}
	}
	return f
}

// activityFact takes the first sentence naming the company (or la Société,
// le Groupe) with a verb of activity, and the one after it when it is one
// too ("La Société exploite trois ateliers et emploie 640 salariés").
func activityFact(company, slug string, pages []string) (Fact, bool) {
	names := []string{slug, "la societe", "le groupe"}
	for p, text := range pages {
		if p == 0 && len(pages) > 2 { // the cover's tagline is a slogan, not a sentence
			continue
		}
		for _, para := range paragraphs(text) {
			ss := sentences.Split(para)
			for i, s := range ss {
				if !isActivity(s, names) {
					continue
				}
				quote := s
				if i+1 < len(ss) && isActivity(ss[i+1], names) {
					quote += " " + ss[i+1]
				}
				if !quotes.Verify(pages, p+1, quote).OK {
					continue
				}
				return Fact{ID: "C-" + slug + "-activite", State: Verified, Page: p + 1,
					Text: fmt.Sprintf("%s - Activité : « %s » (p. %d)", company, quote, p+1)}, true
			}
		}
	}
	return Fact{}, false
}

// maxHeadingWords: a shorter line that does not end a sentence is a title.
const maxHeadingWords = 8

// paragraphs cuts a page at its titles (short lines without a final
// period), so that no sentence starts with the title above it.
func paragraphs(text string) []string {
	var out, cur []string
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.Join(cur, " "))
		}
		cur = nil
	}
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || len(strings.Fields(l)) <= maxHeadingWords && !strings.HasSuffix(l, ".") && !strings.HasSuffix(l, ",") {
			flush()
			continue
		}
		cur = append(cur, strings.Join(strings.Fields(l), " "))
	}
	flush()
	return out
}

// maxActivityWords bounds a sentence describing the business: longer, it
// is a paragraph of the management report, not a description.
const maxActivityWords = 60

func isActivity(s string, names []string) bool {
	folded := locate.Fold(s)
	if len(strings.Fields(folded)) > maxActivityWords {
		return false
	}
	loc := activityVerbs.FindStringIndex(folded)
	if loc == nil {
		return false
	}
	before := folded[:loc[0]]
	for _, n := range names {
		if strings.Contains(" "+before, " "+n+" ") {
			return true
		}
	}
	return false
}

// auditFact reads the auditor's report: the page that opens with its title
// and gives an opinion, the opinion's sentence, and the firm under the
// signature line.
func auditFact(company, slug string, pages []string) (Fact, bool) {
	for p, text := range pages {
		lines := strings.Split(text, "\n")
		if !hasTitle(lines) {
			continue
		}
		// The report may run onto the next page: its signature is there.
		body := text
		if p+1 < len(pages) {
			body += "\n" + pages[p+1]
		}
		a, sentence, ok := readAudit(body)
		if !ok || !quotes.Verify(pages, p+1, sentence).OK {
			continue
		}
		text := fmt.Sprintf("%s - Commissaire aux comptes : %s ; opinion : %s", company, auditorsText(a.Auditors), a.Opinion)
		if a.Observation {
			text += ", avec une observation"
		}
		if a.GoingConcern {
			text += " ; incertitude significative sur la continuité d'exploitation signalée par l'auditeur"
		}
		text += fmt.Sprintf(" : « %s » (p. %d)", sentence, p+1)
		return Fact{ID: "C-" + slug + "-audit", State: Verified, Page: p + 1, Text: text, Audit: &a,
			Figure: &Figure{Type: "opinion_audit", Words: sentence, Role: a.Opinion}}, true
	}
	return Fact{}, false
}

func hasTitle(lines []string) bool {
	for _, l := range lines {
		if reportTitle.MatchString(locate.Fold(l)) {
			return true
		}
	}
	return false
}

func auditorsText(names []string) string {
	if len(names) == 0 {
		return "non nommé dans le rapport"
	}
	return strings.Join(names, " et ")
}

// readAudit finds the opinion (the gravest wording wins: a qualified
// opinion still says "nous certifions que… sous la réserve"), its sentence,
// the paragraphs after it and the signatories.
func readAudit(body string) (Audit, string, bool) {
	var a Audit
	var sentence string
	var all []string
	for _, para := range paragraphs(body) {
		all = append(all, sentences.Split(para)...)
	}
	for _, s := range all {
		folded := locate.Fold(s)
		for _, o := range opinionWords {
			if !o.words.MatchString(folded) {
				continue
			}
			if sentence == "" || rank(o.opinion) < rank(a.Opinion) {
				a.Opinion, sentence = o.opinion, s
			}
			break
		}
		if goingConcernWords.MatchString(folded) {
			a.GoingConcern = true
		}
	}
	if sentence == "" {
		return a, "", false
	}
	lines := strings.Split(body, "\n")
	for i, l := range lines {
		folded := locate.Fold(l)
		if observationWords.MatchString(folded) {
			a.Observation = true
		}
		if goingConcernWords.MatchString(folded) || folded == "incertitude significative liee a la continuite d exploitation" {
			a.GoingConcern = true
		}
		if signature.MatchString(folded) && i+1 < len(lines) {
			for _, firm := range columnGaps.Split(strings.TrimSpace(lines[i+1]), -1) {
				if firm = strings.TrimSpace(firm); firm != "" {
					a.Auditors = append(a.Auditors, firm)
				}
			}
		}
	}
	return a, sentence, true
}

func rank(opinion string) int {
	for i, o := range opinionWords {
		if o.opinion == opinion {
			return i
		}
	}
	return len(opinionWords)
}
