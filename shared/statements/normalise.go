package statements

import (
	"errors"
	"fmt"
	"slices"

	"analyste.dev/analyste/shared/frnum"
)

// Report is one report after normalisation: the fields of each year in k€
// with the dictionary's signs (a key with no printed line is absent, nil in
// Years), and the printed subtotals to check. It is the input of the checks
// and the ratios.
type Report struct {
	Company     string
	PrintedUnit frnum.Unit
	Pages       Pages
	Years       map[int]Year
	Subtotals   []SubtotalLine
	// Periods give the closing date and length of each year's flows, as the
	// income statement or the cash-flow table prints them; a year without
	// one is twelve months.
	Periods map[int]Period
	// BalanceDates give the date of each year's balance sheet where printed.
	BalanceDates map[int]string
	// ZeroByTotal lists, per year, absent keys that a passed identity proved
	// to be nil: the printed total equals the sum of the printed lines. The
	// checks set it; the ratios may then read such a key as 0.
	ZeroByTotal map[int]map[Key]bool
}

// SubtotalLine is one year of a printed subtotal beside the sum of the lines
// it covers, both in k€ as printed (before the charge sign rule).
type SubtotalLine struct {
	Statement Statement
	Page      int
	Label     string
	Year      int
	Printed   float64
	Sum       float64
	Terms     int // lines added into Sum
}

// Has reports whether key k was printed for year.
func (r Report) Has(year int, k Key) bool {
	_, ok := r.Years[year].Get(k)
	return ok
}

// Value is the amount of k for year and whether there is one: printed, or
// absent but proved nil by a printed total (ZeroByTotal).
func (r Report) Value(year int, k Key) (float64, bool) {
	if v, ok := r.Years[year].Get(k); ok {
		return v, true
	}
	return 0, r.ZeroByTotal[year][k]
}

// FieldsFound counts the fields printed, over every year (78 for a complete
// two-year report without optional lines).
func (r Report) FieldsFound() int {
	n := 0
	for _, y := range r.Years {
		n += y.Count()
	}
	return n
}

// YearsDesc lists the years, latest first (N, N-1, …).
func (r Report) YearsDesc() []int { return YearsDesc(r.Years) }

// YearsOfAll lists the years of any of the reports, latest first: two
// readings of one document are compared over both.
func YearsOfAll(rs ...Report) []int {
	seen := map[int]Year{}
	for _, r := range rs {
		for y := range r.Years {
			seen[y] = Year{}
		}
	}
	return YearsDesc(seen)
}

// PreviousYear is the year after y in years (latest first): the year before
// it in the report, 0 if none.
func PreviousYear(years []int, y int) int {
	if i := slices.Index(years, y); i >= 0 && i+1 < len(years) {
		return years[i+1]
	}
	return 0
}

// YearsDesc lists the years of a statements map, latest first.
func YearsDesc(years map[int]Year) []int {
	out := make([]int, 0, len(years))
	for y := range years {
		out = append(out, y)
	}
	slices.Sort(out)
	slices.Reverse(out)
	return out
}

// FromTruth turns a ground-truth file into a Report: the keys it lists are
// printed, the others absent.
func FromTruth(t Truth) (Report, error) {
	unit, err := frnum.ParseMoneyUnit(t.PrintedUnit)
	if err != nil {
		return Report{}, fmt.Errorf("truth of %q: %w", t.Company, err)
	}
	return Report{Company: t.Company, PrintedUnit: unit, Pages: t.Pages, Years: t.Years, Periods: t.Periods, BalanceDates: t.BalanceDates}, nil
}

// chargeKeys are the income-statement charges stored positive: the six
// charges of the dictionary and the optional other operating charges, which
// identity 1 subtracts like them.
var chargeKeys = map[string]bool{
	"achats_consommes": true, "charges_externes": true, "charges_personnel": true,
	"impots_taxes": true, "dotations_amortissements": true, "impot_societes": true,
	"autres_charges_exploitation": true, "charges_fonctionnelles": true,
}

// IsCharge reports whether an income-statement key is a charge, stored
// positive whatever sign the report prints.
func IsCharge(name string) bool { return chargeKeys[name] }

// Normalise validates a transcription and aggregates its lines into the
// dictionary keys: amounts converted to k€ (one decimal), the lines of one
// category added up, income-statement charges made positive.
//
// Charge sign: a report prints its charges either all positive or all
// negative. A table whose charge lines add up to a negative amount is read as
// printing charges negative, and every charge line of it is negated; so a
// line printed against the table's convention (a stock variation, a tax
// credit) keeps its meaning. Cash-flow and balance-sheet lines keep their
// printed sign.
func Normalise(t Transcription) (Report, error) {
	unit, err := frnum.ParseMoneyUnit(t.PrintedUnit)
	if err != nil {
		return Report{}, fmt.Errorf("normalise %q: %w", t.Company, err)
	}
	r := Report{Company: t.Company, PrintedUnit: unit, Years: map[int]Year{}}
	sums := map[int]map[Key]float64{}
	var errs []error
	for ti, tab := range t.Tables {
		scale, err := tableScale(tab, unit)
		if err == nil {
			err = validate(tab)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("table %d (%s, page %d): %w", ti+1, tab.Statement, tab.Page, err))
			continue
		}
		setPage(&r.Pages, tab.Statement, tab.Page)
		setPeriods(&r, tab)
		sign := ChargeSign(tab)
		for _, l := range tab.Lines {
			k := Key{tab.Statement, l.Category}
			for col, a := range l.Amounts {
				y := tab.Years[col]
				if sums[y] == nil {
					sums[y] = map[Key]float64{}
				}
				if a == nil || !Known(k) {
					continue
				}
				v := *a * scale
				if tab.Statement == Income && chargeKeys[l.Category] {
					v *= sign
				}
				sums[y][k] += v
			}
		}
		r.Subtotals = append(r.Subtotals, subtotals(tab, scale)...)
	}
	if err := errors.Join(errs...); err != nil {
		return Report{}, fmt.Errorf("normalise %q: %w", t.Company, err)
	}
	for y, keys := range sums {
		var year Year
		for k, v := range keys {
			year.Set(k, frnum.Round1(v))
		}
		r.Years[y] = year
	}
	return r, nil
}

func tableScale(tab Table, reportUnit frnum.Unit) (float64, error) {
	u := reportUnit
	if tab.Unit != "" {
		var err error
		if u, err = frnum.ParseMoneyUnit(tab.Unit); err != nil {
			return 0, err
		}
	}
	f, _ := u.ToKEUR()
	return f, nil
}

func validate(tab Table) error {
	var errs []error
	if !slices.Contains(All, tab.Statement) {
		errs = append(errs, fmt.Errorf("unknown statement %q", tab.Statement))
	}
	if len(tab.Years) == 0 {
		errs = append(errs, errors.New("no year column"))
	}
	seen := map[int]bool{}
	for _, y := range tab.Years {
		if seen[y] {
			errs = append(errs, fmt.Errorf("year %d printed twice", y))
		}
		seen[y] = true
	}
	for i, l := range tab.Lines {
		if len(l.Amounts) != len(tab.Years) {
			errs = append(errs, fmt.Errorf("line %d %q: %d amounts for %d years", i+1, l.Label, len(l.Amounts), len(tab.Years)))
		}
		switch {
		case l.Category == Subtotal:
			if len(l.Covers) == 0 {
				errs = append(errs, fmt.Errorf("line %d %q: subtotal covers no key", i+1, l.Label))
			}
			for _, c := range l.Covers {
				if !Known(Key{tab.Statement, c}) {
					errs = append(errs, fmt.Errorf("line %d %q: subtotal covers unknown key %q", i+1, l.Label, c))
				}
			}
		case len(l.Covers) > 0:
			errs = append(errs, fmt.Errorf("line %d %q: only a subtotal covers keys", i+1, l.Label))
		case l.Category != Other && !Known(Key{tab.Statement, l.Category}):
			errs = append(errs, fmt.Errorf("line %d %q: unknown category %q", i+1, l.Label, l.Category))
		}
	}
	return errors.Join(errs...)
}

// setPeriods records the periods a table of flows prints and the dates of
// a balance sheet, the first table printing a year's giving it.
func setPeriods(r *Report, tab Table) {
	if len(tab.Periods) != len(tab.Years) {
		return
	}
	for i, p := range tab.Periods {
		y := tab.Years[i]
		switch {
		case tab.Statement == Balance && p.End != "":
			if r.BalanceDates == nil {
				r.BalanceDates = map[int]string{}
			}
			if _, ok := r.BalanceDates[y]; !ok {
				r.BalanceDates[y] = p.End
			}
		case tab.Statement != Balance && p != (Period{}):
			if r.Periods == nil {
				r.Periods = map[int]Period{}
			}
			if _, ok := r.Periods[y]; !ok {
				r.Periods[y] = p
			}
		}
	}
}

func setPage(p *Pages, s Statement, page int) {
	target := map[Statement]*int{Income: &p.Income, Balance: &p.Balance, CashFlow: &p.CashFlow}[s]
	if *target == 0 {
		*target = page
	}
}

// ChargeSign is -1 when the income table prints its charges negative: its
// charge lines add up to a negative amount; 1 otherwise.
func ChargeSign(tab Table) float64 {
	if tab.Statement != Income {
		return 1
	}
	var total float64
	for _, l := range tab.Lines {
		if !chargeKeys[l.Category] {
			continue
		}
		for _, a := range l.Amounts {
			if a != nil {
				total += *a
			}
		}
	}
	if total < 0 {
		return -1
	}
	return 1
}

func subtotals(tab Table, scale float64) []SubtotalLine {
	var out []SubtotalLine
	for _, l := range tab.Lines {
		if l.Category != Subtotal {
			continue
		}
		for col, a := range l.Amounts {
			if a == nil {
				continue
			}
			s := SubtotalLine{Statement: tab.Statement, Page: tab.Page, Label: l.Label, Year: tab.Years[col], Printed: frnum.Round1(*a * scale)}
			var sum float64
			for _, m := range tab.Lines {
				if m.Amounts[col] != nil && slices.Contains(l.Covers, m.Category) {
					sum += *m.Amounts[col] * scale
					s.Terms++
				}
			}
			s.Sum = frnum.Round1(sum)
			out = append(out, s)
		}
	}
	return out
}
