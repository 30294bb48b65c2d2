package memo

import (
	"math"
	"regexp"
	"slices"
	"strings"

	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/locate"
)

// factID matches a fact identifier written in a text, bracketed or not, so
// that the digits of "[A-ferlac-2]" are not read as a number.
var factID = regexp.MustCompile(`\[?\b[RAQ]-[a-z0-9]+(?:-[a-z0-9]+)*\]?`)

// maskIDs blanks the fact identifiers of text, keeping byte offsets.
func maskIDs(text string) string {
	return factID.ReplaceAllStringFunc(text, func(id string) string { return strings.Repeat(" ", len(id)) })
}

// numbersOf gives the numbers of a text, fact identifiers aside.
func numbersOf(text string) []frnum.Number { return frnum.Parse(maskIDs(text)) }

// claimNumbers gives the numbers of a claim that must come from a fact: all
// but the years of the report.
func claimNumbers(text string, years []int) []frnum.Number {
	var out []frnum.Number
	for _, n := range numbersOf(text) {
		if n.IsYear() && slices.Contains(years, int(n.Value)) {
			continue
		}
		out = append(out, n)
	}
	return out
}

// negativeWords say in words that an unsigned number is negative.
var negativeWords = map[string]bool{
	"negatif": true, "negative": true, "negatifs": true, "negatives": true,
	"perte": true, "pertes": true, "deficit": true, "deficits": true, "deficitaire": true, "deficitaires": true,
}

// hasNegativeWord reports whether a sentence carries a negative word.
func hasNegativeWord(text string) bool {
	return slices.ContainsFunc(strings.Fields(locate.Fold(text)), func(w string) bool { return negativeWords[w] })
}

const money = "argent"

// family groups the units that compare with each other: money units convert
// into one another.
func family(u frnum.Unit) string {
	if _, ok := u.ToKEUR(); ok {
		return money
	}
	return string(u)
}

// moneyExponent is the power of ten that converts u to k€.
func moneyExponent(u frnum.Unit) int {
	f, _ := u.ToKEUR()
	return int(math.Round(math.Log10(f)))
}

// sameMagnitude reports whether fact, converted to claim's unit and rounded
// to the decimals claim is printed with, gives claim's absolute value:
// "85,0 M€" is 85 000 k€, "157,3 M€" is 157 275 k€. The arithmetic is on
// integers so that a rounding at a half is exact. A unitless number on
// either side compares as printed.
func sameMagnitude(claim, fact frnum.Number) bool {
	cf, ff := family(claim.Unit), family(fact.Unit)
	if cf != ff && claim.Unit != frnum.None && fact.Unit != frnum.None {
		return false
	}
	shift := claim.Decimals - fact.Decimals
	if cf == money && ff == money {
		shift += moneyExponent(fact.Unit) - moneyExponent(claim.Unit)
	}
	f := scaledAbs(fact.Value, fact.Decimals)
	c := scaledAbs(claim.Value, claim.Decimals)
	if shift >= 0 {
		return f*pow10(shift) == c
	}
	div := pow10(-shift)
	return (f+div/2)/div == c
}

func scaledAbs(v float64, decimals int) int64 {
	return int64(math.Round(math.Abs(v) * math.Pow10(decimals)))
}

func pow10(n int) int64 {
	p := int64(1)
	for range n {
		p *= 10
	}
	return p
}

// signMatch is how a claim number compares with a fact number.
type signMatch int

const (
	noMatch      signMatch = iota
	wrongSign              // same magnitude, the sign rule refuses it
	matchByWords           // unsigned in the claim, negative in the fact, and the sentence says so
	matchPlain             // equal, sign included
)

// compare applies the sign rule: an unsigned number matches a negative fact
// only when its sentence carries a negative word.
func compare(claim, fact frnum.Number, negativeWord bool) signMatch {
	if !sameMagnitude(claim, fact) {
		return noMatch
	}
	switch claimNeg, factNeg := claim.Value < 0, fact.Value < 0; {
	case claim.Value == 0 || claimNeg == factNeg:
		return matchPlain
	case !claimNeg && negativeWord:
		return matchByWords
	}
	return wrongSign
}

// found is the best match of a claim number among facts.
type found struct {
	match  signMatch
	factID string
	number frnum.Number // the fact's number
}

// cited is a fact with its numbers read once.
type cited struct {
	id, text string
	numbers  []frnum.Number
	years    []int // the report's years a Q- fact is dated by
	// Read once per verification, since a paragraph may cite hundreds.
	labelled []figure // numbers with a label, dated or not
	words    []string // content words
	folded   []string // the folded words, for names
}

// figures are the fact's dated figures.
func (c cited) figures() []figure {
	var out []figure
	for _, f := range c.labelled {
		if f.year != 0 {
			out = append(out, f)
		}
	}
	return out
}
