package viewer

import (
	"sync"

	"analyste.dev/analyste/shared/checks"
	"analyste.dev/analyste/shared/statements"
)

// involvedKeys maps the label of each accounting identity to the lines it
// reads, in dictionary order. It is derived from checks.Identities itself,
// so that it cannot drift from the identities: on a two-year report where
// every amount is 0 (every identity holds), a key is involved in a check
// when moving that key's amount, in either year, makes the check fail.
// Subtotal and scale checks read no dictionary line: they are absent.
var involvedKeys = sync.OnceValue(func() map[string][]statements.Key {
	const latest, previous = 2025, 2024
	out := map[string][]statements.Key{}
	for _, k := range statements.AllKeys() {
		seen := map[string]bool{}
		for _, y := range []int{latest, previous} {
			years := map[int]statements.Year{latest: {}, previous: {}}
			moved := years[y]
			moved.Set(k, 1e6)
			years[y] = moved
			r, err := statements.FromTruth(statements.Truth{PrintedUnit: "k€", Years: years})
			if err != nil {
				panic(err) // a constant unit: cannot fail
			}
			for _, c := range checks.Identities(r) {
				if c.Status == checks.Failed && !seen[c.Label] {
					seen[c.Label] = true
					out[c.Label] = append(out[c.Label], k)
				}
			}
		}
	}
	return out
})
