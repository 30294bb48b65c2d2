// Package frnum is the one French number formatter and parser of the
// pipeline: facts and messages are written with Format*, and the same rules
// read numbers back out of French text with Parse.
package frnum

import (
	"math"
	"strconv"
	"strings"
)

// Round1 rounds to one decimal, the precision of every stored amount, half
// away from zero. A sum of amounts converted from euros carries a binary
// error (23 050 € in five lines adds up to 23,049999… k€): the nudge, far
// under the smallest amount printed (a cent, 0,00001 k€), rounds it as the
// exact decimal would be.
func Round1(v float64) float64 {
	r := math.Round(v*10+math.Copysign(1e-6, v)) / 10
	if r == 0 {
		return 0 // no "-0"
	}
	return r
}

// Format writes an amount (k€ or days) the French way: plain-space thousands
// separator, decimal comma, one decimal only when the rounded value is not
// whole: "157 275", "-14 930", "481,3".
func Format(v float64) string {
	return format(v, false)
}

// FormatRatio writes a multiple with one decimal: "5,5x".
func FormatRatio(v float64) string {
	return format(v, true) + "x"
}

// FormatPercent writes a value already expressed in percent with one
// decimal: "-0,5 %".
func FormatPercent(v float64) string {
	return format(v, true) + " %"
}

// FormatDays writes a number of days: "62 jours", "45,5 jours".
func FormatDays(v float64) string {
	return format(v, false) + " jours"
}

// FormatMonths writes a duration in months: "6,5 mois".
func FormatMonths(v float64) string {
	return format(v, false) + " mois"
}

// FormatKEUR writes an amount followed by its unit: "11 175 k€".
func FormatKEUR(v float64) string {
	return format(v, false) + " k€"
}

func format(v float64, keepDecimal bool) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "non significatif"
	}
	r := Round1(v)
	s := strconv.FormatFloat(math.Abs(r), 'f', 1, 64)
	intPart, dec, _ := strings.Cut(s, ".")
	var b strings.Builder
	if r < 0 {
		b.WriteByte('-')
	}
	for i, c := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteByte(' ')
		}
		b.WriteRune(c)
	}
	if keepDecimal || dec != "0" {
		b.WriteByte(',')
		b.WriteString(dec)
	}
	return b.String()
}
