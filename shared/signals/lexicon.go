package signals

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"analyste.dev/analyste/shared/quotes"
)

// wording is the risk wording of one category. A strong term alone names the
// risk (weight 2); a weak one only points to it (weight 1); a negated term
// cancels a strong one in a phrase that means something else ("sans
// recours" is a kind of loan, not a lawsuit). Terms match at the start of a
// word, so "litige" also finds "litiges".
type wording struct {
	category             Category
	strong, weak, negate []string
}

// lexicon lists the gravest category first, since it wins a tie.
var lexicon = []wording{
	{
		category: GoingConcern,
		strong: []string{"continuité d'exploitation", "continuité de l'exploitation", "incertitude significative",
			"cessation des paiements", "procédure collective", "procédure de sauvegarde", "redressement judiciaire",
			"liquidation judiciaire", "conciliation", "mandat ad hoc"},
	},
	{
		category: Financing,
		strong: []string{"covenant", "engagement financier", "engagements financiers", "remboursement anticipé",
			"exigibilité anticipée", "exigible", "refinancement", "crédit-relais", "crédit relais", "dérogation", "waiver"},
		weak: []string{"ratio", "échéance", "emprunt", "prêteurs", "endettement", "dette nette", "taux variable", "financement"},
	},
	{
		category: CustomerConcentration,
		strong: []string{"principal client", "principaux clients", "premier client", "premiers clients", "plus gros client",
			"donneur d'ordre", "donneurs d'ordre", "concentration", "un seul client", "dépendante de son", "dépendant de son"},
		weak: []string{"du chiffre d'affaires", "des ventes", "clientèle", "clients"},
	},
	{
		category: SupplierDependence,
		strong: []string{"fournisseur unique", "fournisseurs uniques", "seul fournisseur", "source unique", "même fabricant",
			"approvisionnement", "sous-traitant"},
		weak: []string{"fournisseur", "dépendance", "matières premières", "livraisons", "pénurie", "rupture"},
	},
	{
		category: Litigation,
		strong: []string{"litige", "contentieux", "recours", "assignation", "assigné", "tribunal", "cour d'appel",
			"cour administrative", "arbitrage", "condamnation", "contrôle fiscal", "contrôle de l'urssaf", "redressement fiscal",
			"mise en demeure", "plainte"},
		weak:   []string{"dommages et intérêts", "réclame", "procédure", "juridique", "conteste"},
		negate: []string{"sans recours", "tout recours", "recours à"},
	},
	{
		category: Liquidity,
		strong: []string{"trésorerie disponible", "lignes de crédit non tirées", "ligne de crédit non tirée", "liquidité",
			"besoin de financement", "ne couvre pas", "plan de trésorerie", "tension de trésorerie", "découvert", "marge de manœuvre"},
		weak: []string{"trésorerie", "crédit renouvelable", "non tirée", "non tirées", "affacturage"},
	},
	{
		category: KeyPerson,
		strong: []string{"personne clé", "personnes clés", "homme-clé", "homme clé", "hommes clés", "dirigeant clé",
			"dirigeants clés", "départ de", "son départ", "fondateur", "fondatrice", "cofondateur", "cofondatrice", "succession"},
		weak: []string{"dirigeant", "gouvernance", "directeur", "directrice", "conflit d'intérêts", "parties liées"},
	},
	{
		category: Other,
		strong: []string{"bail", "préavis", "résiliation", "résilier", "risque de change", "taux de change", "dollar",
			"devise", "sinistre", "défaut en série", "non assuré", "réglementation", "prix de marché"},
		weak: []string{"clause", "couverture", "assurance", "franchise", "climatique", "réglementaire"},
	},
}

// framing is the wording of risk itself, whatever its kind.
var framing = []string{"risque", "défavorable", "interruption", "défaillance", "perte", "expose", "exposé", "dépend",
	"incertitude", "à défaut", "en cas de", "faute de", "menace", "limitée", "limitées", "réduite", "insuffisant",
	"retard", "tension", "fortement", "n'était pas", "aucune assurance", "pas sécurisé"}

// serious wording makes a signal grave whatever its category.
var serious = []string{"remboursement anticipé", "exigibilité anticipée", "exigible", "pas sécurisé", "ne couvre pas",
	"incertitude significative", "cessation des paiements", "défaut de paiement", "continuité d'exploitation",
	"continuité de l'exploitation"}

// notConditional are words ending like a conditional verb that are not verbs.
var notConditional = map[string]bool{"portrait": true, "retrait": true, "extrait": true, "attrait": true, "trait": true, "abstrait": true}

func init() {
	// Terms go through the quote normaliser so that they meet the text in one form.
	for i := range lexicon {
		normaliseAll(lexicon[i].strong)
		normaliseAll(lexicon[i].weak)
		normaliseAll(lexicon[i].negate)
	}
	normaliseAll(framing)
	normaliseAll(serious)
}

func normaliseAll(terms []string) {
	for i, t := range terms {
		terms[i] = quotes.Normalise(t)
	}
}

// matches returns the terms found at the start of a word of text, which is
// normalised. A word after a hyphen is not a start: "crédit-bail" is no "bail".
func matches(text string, terms []string) []string {
	var found []string
	for _, t := range terms {
		for from := 0; ; {
			i := strings.Index(text[from:], t)
			if i < 0 {
				break
			}
			i += from
			if r, _ := utf8.DecodeLastRuneInString(text[:i]); i == 0 || !unicode.IsLetter(r) && r != '-' {
				found = append(found, t)
				break
			}
			from = i + 1
		}
	}
	return found
}

// conditional reports whether text, normalised, holds a verb in the
// conditional mood ("pourrait", "réduirait"): the voice of a hypothetical loss.
func conditional(text string) bool {
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if (strings.HasSuffix(w, "rait") || strings.HasSuffix(w, "raient")) && utf8.RuneCountInString(w) > 5 && !notConditional[w] {
			return true
		}
	}
	return false
}
