package frnum

import (
	"maps"
	"slices"
	"strings"
)

// months maps French month names, accented or not, to 1–12.
var months = map[string]int{"janvier": 1, "février": 2, "fevrier": 2, "mars": 3, "avril": 4, "mai": 5, "juin": 6,
	"juillet": 7, "août": 8, "aout": 8, "septembre": 9, "octobre": 10, "novembre": 11, "décembre": 12, "decembre": 12}

// MonthPattern is an alternation of the French month names, accented or
// not, in lower case, for a regular expression that sets (?i).
var MonthPattern = strings.Join(slices.Sorted(maps.Keys(months)), "|")

// Month returns the number (1–12) of a French month name in any case,
// accented or not; ok is false for any other word.
func Month(name string) (n int, ok bool) {
	n, ok = months[strings.ToLower(name)]
	return n, ok
}
