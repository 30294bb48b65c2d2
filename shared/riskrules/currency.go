package riskrules

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"analyste.dev/analyste/shared/quotes"
)

// currencyWords name each currency a French-speaking report may be kept
// in, as its amounts and prose write it, most specific first ("dollars
// canadiens" before "dollars").
var currencyWords = []struct {
	code  string
	words []string
}{
	{"CHF", []string{"francs suisses", "franc suisse", "kchf", "mchf", "chf"}},
	{"CAD", []string{"dollars canadiens", "dollar canadien", "$ ca", "$ can", "cad"}},
	{"USD", []string{"dollars américains", "dollar américain", "dollars us", "usd", "m$", "k$", "dollars", "dollar"}},
	{"GBP", []string{"livres sterling", "livre sterling", "gbp"}},
	{"EUR", []string{"k€", "m€", "euros", "euro", "eur"}},
}

// minOwnAmounts is how many amounts a report states in another currency
// than the euro, and more than in euros, for it to be the report's own: a
// euro report quotes a few amounts in dollars.
const minOwnAmounts = 5

// reportingCurrency gives the words of the currency the pages' amounts
// are most often stated in: a company's own currency is no exposure to
// the exchange rate. The euro unless another one holds minOwnAmounts.
func reportingCurrency(pages []string) []string {
	// A report that says what currency it is kept in is taken at its word.
	for _, text := range pages {
		if ref := (reference{}).statedIn(quotes.Normalise(text)); ref.currency != nil {
			return ref.currency
		}
	}
	counts := make([]int, len(currencyWords))
	for _, text := range pages {
		norm := quotes.Normalise(text)
		for i, c := range currencyWords {
			for _, w := range c.words {
				for _, at := range positions(norm, w) {
					if before := strings.TrimRight(norm[:at], " "); before != "" && unicode.IsDigit(rune(before[len(before)-1])) {
						counts[i]++
					}
				}
				// A specific name counted, its general word does not count it again.
				norm = strings.ReplaceAll(norm, w, " ")
			}
		}
	}
	euro := len(currencyWords) - 1
	best := euro
	for i, n := range counts[:euro] {
		if n >= minOwnAmounts && n > counts[best] {
			best = i
		}
	}
	return currencyWords[best].words
}

// own tells whether the term found at sp in norm names the reporting
// currency, or introduces it ("facturées en francs suisses" in a Swiss
// company's report).
func (ref reference) own(norm string, sp span) bool {
	// An inflected term ends further than its own length: the currency
	// it introduces follows its "en".
	window := norm[sp.start:min(len(norm), sp.end+ownWindow)]
	in := strings.Index(window, " en ")
	for _, w := range ref.currency {
		if startsWord(window, w) || in >= 0 && startsWord(window[in+len(" en "):], w) {
			return true
		}
	}
	return false
}

// statedIn is ref with the currency norm says the accounts are kept in
// ("la société, qui établit ses comptes en francs suisses, …"): the
// sentence's own word outweighs the pages' count.
func (ref reference) statedIn(norm string) reference {
	for _, cue := range keptIn {
		for _, at := range positions(norm, cue) {
			after := strings.TrimLeft(norm[at+len(cue):], " ")
			for _, c := range currencyWords {
				if slices.ContainsFunc(c.words, func(w string) bool { return startsWord(after, w) }) {
					ref.currency = c.words
					return ref
				}
			}
		}
	}
	// The currency named, then called the accounts' own in apposition:
	// "libellées en dollars canadiens, monnaie de présentation de la société".
	for _, cue := range ownApposition {
		for _, at := range positions(norm, cue) {
			before := strings.TrimRight(norm[max(0, at-ownWindow):at], " ,(")
			for _, c := range currencyWords {
				if slices.ContainsFunc(c.words, func(w string) bool { return strings.HasSuffix(before, " "+w) }) {
					ref.currency = c.words
					return ref
				}
			}
		}
	}
	return ref
}

// ownApposition calls a currency the report's: its presentation currency,
// or the company's own functional one (a subsidiary's, "leur monnaie
// fonctionnelle", is another than the group's).
var ownApposition = []string{"monnaie de présentation", "devise de présentation", "sa monnaie fonctionnelle"}

// keptIn introduces the currency a company keeps its accounts in.
var keptIn = []string{"établit ses comptes en", "établissent leurs comptes en", "tient ses comptes en", "comptes sont établis en",
	"comptes établis en", "états financiers en", "états financiers sont établis en", "états financiers sont présentés en",
	"états financiers sont exprimés en", "comptes sont exprimés en",
	"comptes sont présentés en", "monnaie fonctionnelle est le", "monnaie fonctionnelle est la", "monnaie de présentation est le"}

// ownWindow is how far after a term, in bytes, the currency it introduces
// is looked for.
const ownWindow = 24

// ownOnly tells whether norm names the report's own currency: with no
// strong term of the category left, it is the only currency it names.
func (ref reference) ownOnly(norm string) bool {
	for _, w := range ref.currency {
		for _, at := range positions(norm, w) {
			if startsWord(norm[at:], w) {
				return true
			}
		}
	}
	return false
}

// startsWord tells whether text begins with the whole word w ("eur" does
// not begin "euribor").
func startsWord(text, w string) bool {
	rest, ok := strings.CutPrefix(text, w)
	if !ok {
		return false
	}
	r, _ := utf8.DecodeRuneInString(rest)
	return rest == "" || !unicode.IsLetter(r)
}

// constantCurrency tells the term found at sp names the rates a figure is
// restated at ("a progressé de 6 % à taux de change constants"): how a
// growth is measured, no exposure.
func constantCurrency(norm string, sp span) bool {
	rest := norm[sp.start:]
	return slices.ContainsFunc(constantRates, func(c string) bool { return strings.HasPrefix(rest, c) }) ||
		strings.HasSuffix(strings.TrimRight(norm[:sp.start], " "), " à") && strings.HasPrefix(rest, "taux de change constant")
}

var constantRates = []string{"taux de change constant", "devises constantes", "change constant"}
