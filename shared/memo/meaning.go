package memo

import (
	"fmt"
	"slices"
	"strings"
)

// otherMeaning finds an amount of the claim that a cited typed fact (C-:
// a covenant, a liquidity item) holds under another meaning than the
// claim gives it: a stated total liquidity written as the undrawn lines, a
// covenant's published level written as its ceiling, undrawn lines written
// as drawn. When a cited fact states the claim's quantity with another
// value it is contradicted; otherwise the meaning is not verified (neutre).
// The sentence being on the page verifies the amount, not what the claim
// says it is.
func otherMeaning(req JudgeRequest, fs *factSet) (Judgement, bool) {
	neg := hasNegativeWord(req.Claim.Text)
	for _, q := range quantitiesOf(req.Claim.Text) {
		holders := fs.holders(q.number, neg)
		if !slices.ContainsFunc(holders, func(i int) bool { return strings.HasPrefix(fs.facts[i].id, "C-") }) ||
			meansSame(fs, holders, q, neg) {
			continue
		}
		for _, r := range fs.labelled[q.family] {
			fq := r.fig
			if q.year != 0 && fq.year != 0 && q.year != fq.year || !sameMeaning(fq.words, q.words) || compare(q.number, fq.number, neg) >= matchByWords {
				continue
			}
			id := fs.facts[r.fact].id
			return Judgement{Verdict: Contradicted, Fact: id, Reason: fmt.Sprintf("%s donne %s pour « %s », la phrase donne ce nom à %s, que les faits cités donnent pour autre chose",
				id, strings.TrimSpace(fq.number.Text), fq.label, strings.TrimSpace(q.number.Text))}, true
		}
		id := fs.facts[holders[0]].id
		return Judgement{Verdict: Neutral, Fact: id, Reason: fmt.Sprintf("%s est dans %s, mais pas pour « %s » : ce que la phrase dit de ce montant n'est dans aucun fait cité",
			strings.TrimSpace(q.number.Text), id, q.label)}, true
	}
	return Judgement{}, false
}

// meansSame tells whether one of the facts holding q's number labels it as
// the claim does.
func meansSame(fs *factSet, holders []int, q figure, neg bool) bool {
	for _, i := range holders {
		for _, ff := range fs.facts[i].labelled {
			if compare(q.number, ff.number, neg) >= matchByWords && sameMeaning(ff.words, q.words) {
				return true
			}
		}
	}
	return false
}

// sameMeaning is sameQuantity with the same polarity: "lignes non tirées"
// and "lignes tirées" share their words but not their meaning.
func sameMeaning(a, b []string) bool {
	return sameQuantity(a, b) && slices.Contains(a, "non") == slices.Contains(b, "non")
}
