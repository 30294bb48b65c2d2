// Package checks verifies a normalised report: the 16 accounting identities
// of the data dictionary (29 checks for two years), the printed subtotals and
// the scale of the amounts. Every function is pure.
package checks

import (
	"fmt"
	"math"
	"strings"

	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/statements"
)

// Status is the outcome of a check.
type Status string

// A check passes, fails, or cannot be verified because an amount it needs was
// not printed (or the previous year is missing).
const (
	Passed       Status = "ok"
	Failed       Status = "echec"
	Unverifiable Status = "non_verifiable"
)

// Check is the result of one check. Read is the amount printed in the report
// for the left-hand side; Expected is what the other terms give.
type Check struct {
	Year     int     `json:"annee"`
	Label    string  `json:"libelle"`
	Expected float64 `json:"attendu"`
	Read     float64 `json:"lu"`
	OK       bool    `json:"ok"`
	Status   Status  `json:"statut"`
	Message  string  `json:"message"`
	// ZeroTerms are the lines of a total the statement does not print,
	// counted as 0 ("bilan.stocks").
	ZeroTerms []string `json:"postes_non_imprimes,omitempty"`
	// Fields are the fields a check that is not an identity bears on (an
	// amount printed nowhere); an identity's are read from its terms.
	Fields []statements.FieldRef `json:"champs,omitempty"`
}

// TermTolerance is the rounding allowed per term for a report printed in u:
// 0.1 k€ in € (rounding to one decimal of k€), 1 k€ in k€, 100 k€ in M€ with
// one decimal.
func TermTolerance(u frnum.Unit) float64 {
	switch u {
	case frnum.EUR:
		return 0.1
	case frnum.MEUR:
		return 100
	case frnum.BEUR:
		return 100_000
	}
	return 1
}

// All runs every check of a report: the identities, the subtotals and the
// scale check against the report's page texts.
func All(r statements.Report, pages []string) []Check {
	out := Identities(r)
	out = append(out, Subtotals(r)...)
	return append(out, Scale(r, pages))
}

// compare builds a passed or failed check; the message says where to look.
func compare(year int, label string, expected, read, tol float64) Check {
	c := Check{Year: year, Label: label, Expected: frnum.Round1(expected), Read: read}
	c.OK = math.Abs(expected-read) <= tol+1e-9
	if c.OK {
		c.Status = Passed
		c.Message = fmt.Sprintf("%d - %s : %s (k€)", year, label, frnum.Format(read))
	} else {
		c.Status = Failed
		c.Message = fmt.Sprintf("%d - %s : attendu %s, lu %s (k€)", year, label, frnum.Format(expected), frnum.Format(read))
	}
	return c
}

// unverifiable builds a check that could not run, saying why.
func unverifiable(year int, label, why string) Check {
	return Check{Year: year, Label: label, Status: Unverifiable,
		Message: fmt.Sprintf("%d - %s : non vérifiable (%s)", year, label, why)}
}

func missingList(keys []string) string {
	return "poste absent : " + strings.Join(keys, ", ")
}

// Lost lists the checks that pass on a reference (the truth) and did not
// pass on a reading of it, as "2025 - label".
func Lost(reference, read []Check) []string {
	passed := map[string]bool{}
	for _, c := range read {
		if c.Status == Passed {
			passed[fmt.Sprintf("%d - %s", c.Year, c.Label)] = true
		}
	}
	var out []string
	for _, c := range reference {
		if id := fmt.Sprintf("%d - %s", c.Year, c.Label); c.Status == Passed && !passed[id] {
			out = append(out, id)
		}
	}
	return out
}
