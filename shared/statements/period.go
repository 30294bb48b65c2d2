package statements

import (
	"fmt"
	"time"
)

// Period is what a column of flows (income statement, cash-flow table)
// covers: its closing date and its length. A zero field was not printed;
// a column whose length is not printed is a year.
type Period struct {
	Start  string `json:"debut,omitempty" desc:"Date d'ouverture de la période de la colonne si elle est imprimée (« du 15/02/2025 »), au format AAAA-MM-JJ ; vide sinon"`
	End    string `json:"fin,omitempty" desc:"Date de clôture de la période de la colonne telle qu'imprimée, au format AAAA-MM-JJ ; vide si elle n'est pas imprimée"`
	Months int    `json:"mois,omitempty" desc:"Durée de la période de la colonne en mois (6 pour un semestre, 10 pour une situation de dix mois) ; 0 si elle n'est pas imprimée (un exercice de douze mois)"`
}

// FullYear is the length of a period whose length is not printed.
const FullYear = 12

// Length is the period's length in months, 12 when not printed.
func (p Period) Length() int {
	if p.Months > 0 {
		return p.Months
	}
	return FullYear
}

// Describe writes the period for a person: "6 mois au 2025-06-30".
func (p Period) Describe() string {
	if p.End == "" {
		return fmt.Sprintf("%d mois", p.Length())
	}
	return fmt.Sprintf("%d mois au %s", p.Length(), p.End)
}

// Months is the length of the flows of year, 12 when not printed.
func (r Report) Months(year int) int { return r.Periods[year].Length() }

// Dated tells, when the balance sheet of year and its flows close on
// different dates (a half-year's flows beside the previous year-end's
// balance sheet), what each closes on; "" when they close together or a
// date is not printed.
func (r Report) Dated(year int) string {
	b, f := r.BalanceDates[year], r.Periods[year].End
	if b == "" || f == "" || b == f {
		return ""
	}
	return fmt.Sprintf("bilan au %s, flux au %s", b, f)
}

// Follows reports whether the flows of year start where those of prev end,
// so that the opening cash of year is the closing cash of prev: true when
// either closing date is not printed (two consecutive years).
func (r Report) Follows(year, prev int) bool {
	p, q := r.Periods[year], r.Periods[prev]
	end, errEnd := time.Parse(time.DateOnly, p.End)
	prevEnd, errPrev := time.Parse(time.DateOnly, q.End)
	if errEnd != nil || errPrev != nil {
		return p.Length() == FullYear && q.Length() == FullYear
	}
	start := end.AddDate(0, -p.Length(), 0)
	if s, err := time.Parse(time.DateOnly, p.Start); err == nil {
		start = s.AddDate(0, 0, -1)
	}
	return start.Year() == prevEnd.Year() && start.Month() == prevEnd.Month()
}
