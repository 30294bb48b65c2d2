// Package signals holds the risk signals a reader (the model or Offline)
// draws from the page texts of a report, checks every quote word for word
// against its page, and turns the verified signals into facts.
package signals

import (
	"fmt"
	"slices"
	"strings"

	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/quotes"
)

// Category is the kind of risk a signal reports.
type Category string

// The fixed list of categories; the enum tag of Signal.Category repeats it.
const (
	Financing             Category = "financement_covenant"
	CustomerConcentration Category = "concentration_client"
	SupplierDependence    Category = "dependance_fournisseur"
	Litigation            Category = "litige"
	GoingConcern          Category = "continuite_exploitation"
	Liquidity             Category = "liquidite"
	KeyPerson             Category = "personne_cle_gouvernance"
	Other                 Category = "autre"
)

// Categories lists the categories in the order of the issue.
var Categories = []Category{Financing, CustomerConcentration, SupplierDependence, Litigation, GoingConcern, Liquidity, KeyPerson, Other}

// Label is the category as a person reads it.
func (c Category) Label() string {
	switch c {
	case Financing:
		return "Financement / covenant"
	case CustomerConcentration:
		return "Concentration client"
	case SupplierDependence:
		return "Dépendance fournisseur"
	case Litigation:
		return "Litige"
	case GoingConcern:
		return "Continuité d'exploitation"
	case Liquidity:
		return "Liquidité"
	case KeyPerson:
		return "Personne clé / gouvernance"
	case Other:
		return "Autre"
	}
	return string(c)
}

// Severity grades a signal.
type Severity string

// The severities, mildest first; the enum tag of Signal.Severity repeats them.
const (
	Low    Severity = "faible"
	Medium Severity = "moyenne"
	High   Severity = "elevee"
)

// Severities lists the severities, mildest first.
var Severities = []Severity{Low, Medium, High}

// Signal is one risk drawn from the report, with the quote that proves it.
// Its JSON is the model's output schema; the desc and enum tags feed it.
type Signal struct {
	Category Category `json:"categorie" desc:"Catégorie du risque" enum:"financement_covenant,concentration_client,dependance_fournisseur,litige,continuite_exploitation,liquidite,personne_cle_gouvernance,autre"`
	Severity Severity `json:"gravite" desc:"Gravité du risque pour un prêteur : elevee s'il menace le remboursement ou la continuité, moyenne s'il est chiffré ou probable, faible sinon" enum:"faible,moyenne,elevee"`
	Summary  string   `json:"resume" desc:"Le risque en une ligne, en français"`
	Quote    string   `json:"citation" desc:"Phrase entière recopiée mot pour mot du texte de la page, sans coupure ni « [...] » ni reformulation, au moins 12 caractères"`
	Page     int      `json:"page" desc:"Numéro de la page physique d'où vient la citation, à partir de 1"`
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

// Check keeps the signals whose category and severity are known and whose
// quote quotes.Verify finds on the stated page; it refuses the others with
// the reason. pages are the page texts the reader was given, page 1 first.
func Check(pages []string, in []Signal) (verified []Signal, rejected []Rejected) {
	doc := quotes.NewDocument(pages)
	for _, s := range in {
		reason := ""
		switch {
		case !slices.Contains(Categories, s.Category):
			reason = fmt.Sprintf("catégorie inconnue « %s »", s.Category)
		case !slices.Contains(Severities, s.Severity):
			reason = fmt.Sprintf("gravité inconnue « %s »", s.Severity)
		case isInstruction(s.Quote):
			reason = reasonInjection
		case !balancedQuotes(s.Quote):
			reason = reasonQuotes
		default:
			if r := doc.Verify(s.Page, s.Quote); !r.OK {
				reason = r.Reason
			}
		}
		if reason != "" {
			rejected = append(rejected, Rejected{Signal: s, Reason: reason})
			continue
		}
		s.Quote = quotes.Sanitize(s.Quote)
		verified = append(verified, s)
	}
	return verified, rejected
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
// page word for word) and dated by the report's fiscal years.
func Facts(company string, years []int, verified []Signal) []facts.Fact {
	slug := facts.Slug(company)
	out := make([]facts.Fact, len(verified))
	for i, s := range verified {
		out[i] = facts.Fact{
			ID:    fmt.Sprintf("Q-%s-%d", slug, i+1),
			Text:  fmt.Sprintf("%s - « %s » (p. %d)", company, display(s.Quote), s.Page),
			State: facts.Verified,
			Page:  s.Page,
			Years: years,

			Category: string(s.Category),
			Severity: string(s.Severity),
			Summary:  s.Summary,
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
