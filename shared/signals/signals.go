// Package signals is the contract of the risk readers: the signals a
// reader (the model's, in shared/riskmodel, or the rules of
// shared/riskrules) draws from the page texts of a report, the check of
// every quote word for word against its page, and the facts the verified
// signals become. The taxonomy is here: its keys, labels and summaries,
// and the definitions the model's prompt states.
package signals

import (
	"fmt"
	"slices"
	"strings"

	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/quotes"
)

// Signal is one risk drawn from the report, with the quotes that prove it
// and those that lessen it. Its JSON is the model's output schema; the desc
// and enum tags feed it (the category enum is the taxonomy's keys).
type Signal struct {
	Category       Category `json:"categorie" desc:"Catégorie du risque, une clé de la taxonomie" enum:"covenant,exigibilite_anticipee,refinancement,liquidite,continuite_exploitation,concentration_clients,dependance_fournisseur,personnes_cles,litiges,controles_fiscaux_sociaux,garanties_donnees,engagements_hors_bilan,decouvert_bancaire,retards_paiement,attrition,matieres_premieres,climat,change_taux,reserves_cac,parties_liees,reglementaire"`
	Severity       Severity `json:"gravite" desc:"Gravité fixée par l'exposition, selon la règle de la catégorie" enum:"faible,moyenne,elevee"`
	SeverityReason string   `json:"motif_gravite" desc:"Ce qui fixe la gravité : le chiffre et ce à quoi il est comparé (capitaux propres, EBITDA, trésorerie, seuil, date d'échéance), ou la formulation qui l'impose"`
	Summary        string   `json:"resume" desc:"Le risque en une phrase, en français, avec son chiffre principal s'il y en a un"`
	Quote          string   `json:"citation" desc:"Phrase entière recopiée mot pour mot du texte de la page, sans coupure ni « [...] » ni reformulation, au moins 12 caractères"`
	Page           int      `json:"page" desc:"Numéro de la page physique d'où vient la citation, à partir de 1"`
	// Others are the other places the report states the same risk.
	Others []QuoteRef `json:"autres_citations,omitempty" desc:"Les autres phrases, sur d'autres pages ou plus loin, qui énoncent le même risque ; liste vide s'il n'y en a pas"`
	// Mitigants are what the report says lessens the risk.
	Mitigants []QuoteRef `json:"attenuations,omitempty" desc:"Les phrases qui atténuent ce risque (couverture, assurance, provision, plan, second fournisseur), recopiées mot pour mot ; liste vide s'il n'y en a pas"`
	// Fact is the id of the Q- fact of a verified signal (see Facts): the
	// code sets it, the model never writes it.
	Fact string `json:"fait,omitempty" schema:"-"`
}

// QuoteRef is one more verified quote of a signal: a sentence and its page.
type QuoteRef struct {
	Quote string `json:"citation" desc:"Phrase entière recopiée mot pour mot du texte de la page"`
	Page  int    `json:"page" desc:"Numéro de la page physique, à partir de 1"`
}

// allQuotes lists every quote of s, the main one first, with what a reader
// calls it when it is refused.
func (s Signal) allQuotes() []labelledQuote {
	out := []labelledQuote{{QuoteRef{s.Quote, s.Page}, ""}}
	for _, o := range s.Others {
		out = append(out, labelledQuote{o, "autre citation"})
	}
	for _, m := range s.Mitigants {
		out = append(out, labelledQuote{m, "atténuation"})
	}
	return out
}

// Proofs are the quotes that state the risk: the main one, then the others.
func (s Signal) Proofs() []QuoteRef {
	return append([]QuoteRef{{s.Quote, s.Page}}, s.Others...)
}

// Texts are the texts s stores, for a store that bounds a document's size.
func (s Signal) Texts() []string {
	out := []string{s.SeverityReason, s.Summary}
	for _, q := range s.allQuotes() {
		out = append(out, q.Quote)
	}
	return out
}

type labelledQuote struct {
	QuoteRef
	role string // empty for the main quote
}

// RiskReading is the answer of a risk reader.
type RiskReading struct {
	Signals []Signal `json:"signaux" desc:"Les signaux de risque du rapport, un par risque distinct ; liste vide s'il n'y en a aucun"`
}

// Rejected is a signal refused by Check, with the reason in French.
type Rejected struct {
	Signal
	Reason string `json:"motif"`
}

// Check keeps the signals whose category and severity are known and every
// quote of which (the main one, the others, the mitigants) quotes.Verify
// finds on its stated page; it refuses the others with the reason. pages
// are the page texts the reader was given, page 1 first.
func Check(pages []string, in []Signal) (verified []Signal, rejected []Rejected) {
	doc := quotes.NewDocument(pages)
	for _, s := range in {
		reason := ""
		switch {
		case !slices.Contains(Categories, s.Category):
			reason = fmt.Sprintf("catégorie inconnue « %s »", s.Category)
		case !slices.Contains(Severities, s.Severity):
			reason = fmt.Sprintf("gravité inconnue « %s »", s.Severity)
		default:
			reason = refusal(doc, s.allQuotes())
		}
		if reason != "" {
			rejected = append(rejected, Rejected{Signal: s, Reason: reason})
			continue
		}
		verified = append(verified, sanitized(s))
	}
	return verified, rejected
}

// refusal is why the first refused quote of qs is refused, empty when every
// one verifies. A hostile quote is refused with its own reason, so that
// Hostile counts it whichever quote of the signal it is.
func refusal(doc *quotes.Document, qs []labelledQuote) string {
	for _, q := range qs {
		switch r := doc.Verify(q.Page, q.Quote); {
		case isInstruction(q.Quote):
			return reasonInjection
		case !balancedQuotes(q.Quote):
			return reasonQuotes
		case r.OK:
		case q.role == "":
			return r.Reason
		default:
			return fmt.Sprintf("%s « %s » : %s", q.role, display(q.Quote), r.Reason)
		}
	}
	return ""
}

// sanitized stores every quote of s without what could display otherwise.
func sanitized(s Signal) Signal {
	s.Quote = quotes.Sanitize(s.Quote)
	s.Others, s.Mitigants = sanitizedRefs(s.Others), sanitizedRefs(s.Mitigants)
	return s
}

func sanitizedRefs(refs []QuoteRef) []QuoteRef {
	out := slices.Clone(refs)
	for i := range out {
		out[i].Quote = quotes.Sanitize(out[i].Quote)
	}
	return out
}

// The reasons a quote is refused as hostile: it addresses the model, or its
// quotation marks would let unquoted text into the memo.
const (
	reasonInjection = "citation contenant une consigne adressée au modèle (tentative d'injection) : écartée"
	reasonQuotes    = "citation contenant des guillemets qui la fermeraient et en rouvriraient une autre : écartée"
)

// Hostile counts the quotes refused as hostile: a document that tries to
// steer the model is for a person to read, whatever else it says.
func Hostile(rejected []Rejected) int {
	n := 0
	for _, r := range rejected {
		if r.Reason == reasonInjection || r.Reason == reasonQuotes {
			n++
		}
	}
	return n
}

// balancedQuotes tells whether the quotation marks inside a quote (its own
// outer ones aside) open before they close and all close: "la ligne
// « Voyage »" is a quote, "respecté » (p. 12). Levier de 0,9x ; « aucun"
// would let unquoted text pass for quoted in the memo.
func balancedQuotes(q string) bool {
	inner := strings.Trim(strings.TrimSpace(q), `«»"“” `)
	depth, straight := 0, 0
	for _, r := range inner {
		switch r {
		case '«', '“':
			depth++
		case '»', '”':
			if depth--; depth < 0 {
				return false
			}
		case '"':
			straight++
		}
	}
	return depth == 0 && straight%2 == 0
}

// RetryInstruction asks the reader to fix the refused signals: copy each
// quote exactly or withdraw the signal. It is empty when none was refused.
func RetryInstruction(rejected []Rejected) string {
	if len(rejected) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("Recopie chaque extrait exactement ou retire le signal. Extraits refusés :\n")
	for _, r := range rejected {
		fmt.Fprintf(&b, "- page %d : « %s » : %s\n", r.Signal.Page, display(r.Signal.Quote), r.Reason)
	}
	return b.String()
}

// Facts numbers the verified signals in order: Q-<slug>-1, Q-<slug>-2…, each
// "<société> - « <citation> » (p. <page>)", verified (the quote is on its
// page word for word) and dated by the report's fiscal years, with the
// risk's category, severity and summary, and its first mitigant's text. It
// writes each fact's id on its signal (Signal.Fact), which is how a fact
// and its signal are paired from then on.
func Facts(company string, years []int, verified []Signal) []facts.Fact {
	slug := facts.Slug(company)
	out := make([]facts.Fact, len(verified))
	for i, s := range verified {
		verified[i].Fact = fmt.Sprintf("Q-%s-%d", slug, i+1)
		out[i] = facts.Fact{
			ID:    verified[i].Fact,
			Text:  fmt.Sprintf("%s - « %s » (p. %d)", company, display(s.Quote), s.Page),
			State: facts.Verified,
			Page:  s.Page,
			Years: years,

			Category: string(s.Category),
			Severity: string(s.Severity),
			Summary:  s.Summary,
		}
		if len(s.Mitigants) > 0 {
			out[i].Mitigation = display(s.Mitigants[0].Quote)
		}
	}
	return out
}

// display writes a quote on one line, every run of whitespace (no-break
// spaces included) as one plain space, without the quotation marks a reader
// may have put around it, since the fact adds its own.
//
// Quotation marks inside become single ones (‹ ›), so that no text a quote
// reproduces can close the memo's quotation.
func display(quote string) string {
	inner := strings.Trim(strings.Join(strings.Fields(quote), " "), `«»"“” `)
	return innerQuotes.Replace(inner)
}

var innerQuotes = strings.NewReplacer("«", "‹", "»", "›", "“", "‹", "”", "›", `"`, "'")
