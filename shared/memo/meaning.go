package memo

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"analyste.dev/analyste/shared/frnum"
)

// otherMeaning finds an amount of the claim that the cited facts hold
// under another meaning only than the claim gives it: a stated total
// liquidity written as the undrawn lines, a covenant's published level
// written as its ceiling, undrawn lines written as drawn, the EBITDA
// written as the net debt. When a cited fact states the claim's quantity with another
// value it is contradicted; otherwise the meaning is not verified (neutre).
// The sentence being on the page verifies the amount, not what the claim
// says it is.
func otherMeaning(req JudgeRequest, fs *factSet) (Judgement, bool) {
	neg := hasNegativeWord(req.Claim.Text)
	masked := maskIDs(req.Claim.Text)
	for _, q := range quantitiesOf(req.Claim.Text) {
		if !ownLabel(masked, q.number) {
			continue // a label carried from the number before says too little
		}
		holders := fs.holders(q.number, neg)
		named, same := meaningOf(fs, holders, q, neg)
		if !named || same {
			continue // no fact says what the amount is, or one says it as the claim does
		}
		// the claim's quantity as a cited fact states it: in the claim's
		// unit family first, then in any other (a leverage given in percent)
		for _, r := range slices.Concat(fs.labelled[q.family], othersThan(fs, q.family)) {
			fq := r.fig
			if q.year != 0 && fq.year != 0 && q.year != fq.year || !sameMeaning(fq.words, q.words) ||
				fq.family == q.family && compare(q.number, fq.number, neg) >= matchByWords {
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

// othersThan lists the labelled figures of the unit families other than
// family, in a fixed order.
func othersThan(fs *factSet, family string) []figRef {
	var out []figRef
	for _, f := range slices.Sorted(maps.Keys(fs.labelled)) {
		if f != family {
			out = append(out, fs.labelled[f]...)
		}
	}
	return out
}

// ownLabel tells whether the claim names n itself: content words between
// it and the number or clause boundary before it ("Lignes de crédit non
// tirées : 13 000 k€", not "…, alors que 29 %").
func ownLabel(masked string, n frnum.Number) bool {
	from := 0
	for _, o := range frnum.Parse(masked) {
		if o.End <= n.Start && !o.IsYear() {
			from = o.End
		}
	}
	span := masked[from:n.Start]
	return len(contentWords(span[lastBoundary(span):], false)) > 0
}

// meaningOf tells whether the facts holding q's number label it (named),
// and whether one labels it as the claim does (same).
func meaningOf(fs *factSet, holders []int, q figure, neg bool) (named, same bool) {
	for _, i := range holders {
		for _, ff := range fs.facts[i].labelled {
			if compare(q.number, ff.number, neg) >= matchByWords {
				named = true
				if sameMeaning(ff.words, q.words) {
					return true, true
				}
			}
		}
	}
	return named, false
}

// sameMeaning tells whether a claim's label (claim) names the quantity a
// fact's label (fact) gives: sameQuantity with the same polarity and
// scope. "Lignes non tirées" and "lignes tirées" share their words but not
// their meaning, nor "dette nette hors comptes courants" and "dette nette
// y compris le crédit-bail"; a claim calling adjusted what its fact does
// not (the accounts' EBITDA as the adjusted one) is another quantity, a
// claim leaving the adjustment unsaid ("le ratio") is not.
func sameMeaning(fact, claim []string) bool {
	if !sameQuantity(fact, claim) {
		return false
	}
	for _, w := range []string{"non", "hor"} {
		if slices.Contains(fact, w) != slices.Contains(claim, w) {
			return false
		}
	}
	return !slices.Contains(claim, "ajust") || slices.Contains(fact, "ajust")
}
