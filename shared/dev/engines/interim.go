package engines

import (
	"fmt"
	"math/rand/v2"
	"time"

	"analyste.dev/analyste/shared/statements"
)

// Interim documents: a half-year report (six months to 30 June beside the
// same six months of the year before; the balance sheet at 30 June beside
// the previous year-end) and an accountant's situation (nine to eleven
// months beside the previous year of twelve; the balance sheet at the
// situation's date beside the previous year-end). Both open on 1 January.
const (
	halfYear  = "semestre"
	situation = "situation"
)

// drawLateTraits draws the traits added after the others, from a stream of
// its own so that the other traits of a seed stay as they were: whether
// the document is interim, how its headings print the periods, for a
// consolidated report whether its income statement analyses the charges
// by function (IAS 1 §103), for the French models whether actif and
// passif are printed side by side, and columns beside the amounts: note
// references, the change N − N-1.
func drawLateTraits(r *rand.Rand, s *style) {
	switch x := r.Float64(); {
	case x < 0.12:
		s.interim = halfYear
	case x < 0.2:
		s.interim, s.situationMonths = situation, 9+r.IntN(3)
	}
	s.periodHeader = r.IntN(4)
	s.byFunction = s.model == modelIFRS && r.Float64() < 0.5
	s.costsNegative = r.Float64() < 0.5
	// A plaquette's balance sheet on one page, actif left and passif right,
	// its amounts net: a layout for a balance sheet that fits a page, its
	// labels wide enough not to wrap much, its type not large.
	s.sideBySide = s.model != modelIFRS && !s.grossColumns && s.labelWidth >= 42 && s.fontSize <= 9 && r.Float64() < 0.25
	// Consolidated statements refer to their notes; some plaquettes do, and
	// print the change from one year to the next.
	plain := !s.sideBySide && !s.grossColumns
	s.notesColumn = plain && r.Float64() < map[bool]float64{true: 0.7, false: 0.15}[s.model == modelIFRS]
	if plain && r.Float64() < 0.2 {
		s.variation = 1 + r.IntN(2)
	}
	if r.Float64() < 0.06 {
		s.negatives = minusAfter // "1 234-", as some accounting software prints
	}
	if s.interim != "" {
		s.endMonth = 12
	}
}

// flowPeriod is the length and closing date of the flows of year index i
// (0 = N, 1 = N-1) of an interim document.
func (s style) flowPeriod(i int) (months int, end time.Time) {
	year := s.year - i
	switch {
	case s.interim == halfYear:
		return 6, monthEnd(year, 6)
	case i == 0:
		return s.situationMonths, monthEnd(year, s.situationMonths)
	}
	return 12, monthEnd(year, 12)
}

// balanceDate is the date of the balance sheet of year index i.
func (s style) balanceDate(i int) time.Time {
	if i == 0 {
		_, end := s.flowPeriod(0)
		return end
	}
	return monthEnd(s.year-i, 12)
}

func monthEnd(year, month int) time.Time {
	return time.Date(year, time.Month(month)+1, 0, 0, 0, 0, 0, time.UTC)
}

var monthNames = []string{"janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"}

// interimHeader prints the heading of column year index i of an interim
// document, for a table of flows or for the balance sheet.
func (g *generation) interimHeader(st statements.Statement, i int) string {
	if st == statements.Balance {
		d := g.s.balanceDate(i)
		if g.s.periodHeader%2 == 1 {
			return "Au " + d.Format("02/01/2006")
		}
		return d.Format("02/01/2006")
	}
	months, end := g.s.flowPeriod(i)
	date := end.Format("02/01/2006")
	if g.s.interim == halfYear {
		switch g.s.periodHeader {
		case 1:
			return fmt.Sprintf("1er semestre %d", end.Year())
		case 2:
			return "Semestre clos le " + date
		case 3:
			return "6 mois au " + date
		}
		return date + "<br>(6 mois)"
	}
	switch g.s.periodHeader {
	case 1:
		return fmt.Sprintf("Du 01/01/%d au %s", end.Year(), date)
	case 2:
		return fmt.Sprintf("%d mois au %s", months, date)
	case 3:
		if i == 0 {
			return "Situation au " + date + "<br>(" + fmt.Sprint(months) + " mois)"
		}
		return fmt.Sprintf("Exercice %d<br>(12 mois)", end.Year())
	}
	return date + "<br>(" + fmt.Sprint(months) + " mois)"
}

// interimTitle is the line under the company's name saying what the
// document is.
func (g *generation) interimTitle() string {
	_, end := g.s.flowPeriod(0)
	if g.s.interim == halfYear {
		return fmt.Sprintf("Comptes semestriels au %d %s %d", end.Day(), monthNames[end.Month()-1], end.Year())
	}
	return fmt.Sprintf("Situation intermédiaire au %s", end.Format("02/01/2006"))
}

// interimTruth states what the document prints of its periods: the
// flows' closing date when a heading prints it, their length, the opening
// date when printed, and each balance sheet's date.
func (g *generation) interimTruth(t *statements.Truth) {
	t.Periods, t.BalanceDates = map[int]statements.Period{}, map[int]string{}
	for i := range 2 {
		year := g.s.year - i
		months, end := g.s.flowPeriod(i)
		p := statements.Period{End: end.Format(time.DateOnly), Months: months}
		if g.s.interim == halfYear && g.s.periodHeader == 1 {
			p.End = "" // "1er semestre 2025" prints no date
		}
		switch {
		case g.s.interim == situation && g.s.periodHeader == 1:
			p.Start = fmt.Sprintf("%d-01-01", year)
		case g.s.interim == situation && g.s.periodHeader == 3 && i == 1:
			p.End = "" // "Exercice 2024 (12 mois)"
		}
		t.Periods[year] = p
		t.BalanceDates[year] = g.s.balanceDate(i).Format(time.DateOnly)
	}
}

// minusAfter prints a negative amount with its minus sign after it.
const minusAfter = "x-"

// noteReferences gives each row of a table its note reference or none, as
// annexes number them ("4", "5.2"), in order down the table.
func (g *generation) noteReferences(rows []row) []string {
	out := make([]string, len(rows))
	note, sub := 2+g.late.IntN(4), 0
	for i, rw := range rows {
		if rw.kind == heading || g.late.Float64() > 0.4 {
			continue
		}
		if g.late.Float64() < 0.3 {
			sub++
			out[i] = fmt.Sprintf("%d.%d", note, sub)
			continue
		}
		note, sub = note+1, 0
		out[i] = fmt.Sprint(note)
	}
	return out
}
