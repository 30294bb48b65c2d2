package signals

import (
	"slices"
	"strings"

	"analyste.dev/analyste/shared/quotes"
	"analyste.dev/analyste/shared/statements"
)

// Match tells which expected signals the verified ones prove — a verified
// quote (the main one or another) on the expected page containing the
// clue, both normalised — and counts the signals that prove none.
func Match(got []Signal, want []statements.ExpectedSignal) (hits []string, extra int) {
	used := make([]bool, len(got))
	for _, w := range want {
		clue := quotes.Normalise(w.Clue)
		for i, s := range got {
			if slices.ContainsFunc(s.allQuotes(), func(q labelledQuote) bool {
				return q.role != "atténuation" && q.Page == w.Page && strings.Contains(quotes.Normalise(q.Quote), clue)
			}) {
				hits = append(hits, w.ID)
				used[i] = true
				break
			}
		}
	}
	for _, u := range used {
		if !u {
			extra++
		}
	}
	return hits, extra
}
