package riskrules

import (
	"testing"

	"analyste.dev/analyste/shared/quotes"
)

// Every term of the vocabulary is written as the quote normaliser writes
// text (lower case, straight apostrophes, single spaces…): the text meets
// it in that form, and nothing normalises the terms at start-up.
func TestTermsNormalised(t *testing.T) {
	lists := [][]string{boilerplate, standard, breached, called, settled, mitigation, fullCover, partial, consequence, referBack,
		exceptions, lossWords, adverseWords, customerSide, leaseSide, mayWords, {noticeTerm}}
	for _, pair := range settledPairs {
		lists = append(lists, pair[0], pair[1])
	}
	for _, d := range vocabularies {
		lists = append(lists, d.strong, d.parties, d.weak, d.absent, d.gauge.grave, d.gauge.notable, d.gauge.eased, d.gauge.cues)
		for _, pair := range d.pairs {
			lists = append(lists, pair[0], pair[1])
		}
	}
	for _, c := range currencyWords {
		lists = append(lists, c.words)
	}
	for _, list := range lists {
		for _, term := range list {
			if n := quotes.Normalise(term); n != term {
				t.Errorf("%q s'écrit %q", term, n)
			}
		}
	}
}
