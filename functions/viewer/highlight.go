package viewer

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"analyste.dev/analyste/shared/quotes"
)

// span is where a quote lies in a page text, in bytes of the original text.
type span struct{ start, end int }

// locate finds quote in page with the pipeline's one normaliser,
// quotes.Normalise, and returns the span of the original page text whose
// normalised form is the normalised quote: what a reader sees, unchanged,
// so that it can be highlighted in place. When the normalised quote is not
// in the normalised page, the quotation marks and punctuation a reader puts
// around a quote are dropped from its ends, fewest first. The text layer's
// breaks that quotes.Verify also absorbs (a line break inside a word left out
// of the quote, a line-end hyphen kept) are not: such a quote is not found.
func locate(page, quote string) (span, bool) {
	norm := quotes.Normalise(page)
	q, at := find(norm, quotes.Normalise(quote))
	if at < 0 {
		return span{}, false
	}
	// bounds are the rune boundaries of page; prefix(i) is the length of the
	// normalised text of page up to bounds[i], nearly monotonous in i.
	bounds := make([]int, 0, len(page)+1)
	for i := range page {
		bounds = append(bounds, i)
	}
	bounds = append(bounds, len(page))
	prefix := func(i int) int { return len(quotes.Normalise(page[:bounds[i]])) }
	// The rune that carries the normalised text past at starts the quote;
	// the first boundary where it reaches at+len(q) ends it.
	first := sort.Search(len(bounds), func(i int) bool { return prefix(i) > at }) - 1
	last := sort.Search(len(bounds), func(i int) bool { return prefix(i) >= at+len(q) })
	// Around these guesses, keep the span whose normalised text is exactly q.
	const window = 4
	for d := 0; d <= 2*window; d++ {
		for ds := -window; ds <= window; ds++ {
			rest := d - abs(ds)
			if rest < 0 || rest > window {
				continue
			}
			for _, de := range []int{rest, -rest} {
				s, e := first+ds, last+de
				if s < 0 || e <= s || e >= len(bounds) {
					continue
				}
				if quotes.Normalise(page[bounds[s]:bounds[e]]) == q {
					return span{bounds[s], bounds[e]}, true
				}
			}
		}
	}
	return span{}, false
}

// find returns the normalised quote as found in the normalised page and its
// offset there, or -1. The quote is tried whole, then with up to all of its
// leading and trailing runes that are neither letters nor digits removed.
func find(page, q string) (string, int) {
	lead := len(q) - len(strings.TrimLeftFunc(q, notAlnum))
	trail := len(q) - len(strings.TrimRightFunc(q, notAlnum))
	if lead == len(q) {
		return "", -1
	}
	for n := 0; n <= lead+trail; n++ {
		for l := 0; l <= n; l++ {
			cut, ok := trim(q, l, n-l, lead, trail)
			if !ok {
				continue
			}
			if at := strings.Index(page, cut); at >= 0 {
				return cut, at
			}
		}
	}
	return "", -1
}

// trim removes l leading and t trailing bytes of q when both fall on rune
// boundaries inside its lead and trail of punctuation.
func trim(q string, l, t, lead, trail int) (string, bool) {
	if l > lead || t > trail || !utf8.RuneStart(q[l]) || (t > 0 && !utf8.RuneStart(q[len(q)-t])) {
		return "", false
	}
	return q[l : len(q)-t], true
}

func notAlnum(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
