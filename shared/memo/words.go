package memo

import (
	"strings"

	"analyste.dev/analyste/shared/locate"
)

// stopWords are the French grammatical words that carry no content: articles,
// prepositions, conjunctions, pronouns and the forms of être and avoir.
var stopWords = map[string]bool{
	"le": true, "la": true, "les": true, "l": true, "un": true, "une": true, "des": true, "du": true, "de": true, "d": true,
	"au": true, "aux": true, "a": true, "en": true, "et": true, "ou": true, "mais": true, "donc": true, "ni": true, "car": true,
	"que": true, "qu": true, "qui": true, "dont": true, "ce": true, "cet": true, "cette": true, "ces": true, "c": true,
	"se": true, "s": true, "sa": true, "son": true, "ses": true, "leur": true, "leurs": true, "il": true, "elle": true,
	"ils": true, "elles": true, "on": true, "y": true, "ne": true, "n": true, "pas": true, "par": true, "pour": true,
	"sur": true, "sous": true, "dans": true, "avec": true, "sans": true, "entre": true, "contre": true, "vers": true,
	"chez": true, "est": true, "sont": true, "etait": true, "etaient": true, "ete": true, "etre": true, "sera": true,
	"ont": true, "avait": true, "avoir": true, "comme": true, "aussi": true, "ainsi": true, "plus": true, "moins": true,
	"tres": true, "soit": true, "alors": true, "tandis": true, "lorsque": true, "puisque": true,
	// Verbs that only state a value: "le levier calculé atteint 5,5x".
	"atteint": true, "atteignent": true, "etablit": true, "etablissent": true, "ressort": true, "ressortent": true,
	"affiche": true, "affichent": true, "calcule": true, "calcules": true, "calculee": true, "calculees": true,
	"s'eleve": true, "eleve": true, "elevent": true, "situe": true, "situent": true,
}

// synonyms fold the stems that say the same thing to one, so that "le
// contrat plafonne le ratio" meets "ne doit pas excéder".
var synonyms = map[string]string{
	"plafonn": "plafond", "exced": "plafond", "exceder": "plafond", "maximum": "plafond", "maximal": "plafond",
	"depass": "plafond", "limit": "plafond", "dessu": "plafond",
	"contractuel": "contrat", "contrat": "contrat",
}

// contentWords are the words a claim must share with its facts: the text
// without fact ids and numbers (units included), folded (lower case, accents
// removed, apostrophes and punctuation as spaces), without stop words and
// single letters, each reduced by a minimal stem (a final s or x, then a
// final e, dropped) so that "dettes financières" meets "dette financière".
// dropNegative leaves out the negative words, for a sentence whose sign the
// number rule already matched through them.
func contentWords(text string, dropNegative bool) []string {
	masked := []byte(maskIDs(maskReferences(text)))
	for _, n := range numbersOf(text) {
		for i := n.Start; i < n.End; i++ {
			masked[i] = ' '
		}
	}
	var out []string
	for _, w := range strings.Fields(locate.Fold(string(masked))) {
		if stopWords[w] || len(w) < 2 || dropNegative && negativeWords[w] {
			continue
		}
		out = append(out, canonical(stem(w)))
	}
	return out
}

// canonical is the synonym family of a stem: the stem itself, or its
// family's name when one of the family's stems starts it.
func canonical(w string) string {
	for prefix, family := range synonyms {
		if strings.HasPrefix(w, prefix) {
			return family
		}
	}
	return w
}

func stem(w string) string {
	if len(w) > 3 {
		w = strings.TrimSuffix(strings.TrimSuffix(w, "s"), "x")
	}
	if len(w) > 3 {
		w = strings.TrimSuffix(w, "e")
	}
	return w
}
