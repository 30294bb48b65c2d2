package statementreader

import (
	"cmp"
	"math"
	"slices"
)

// overlapSlack absorbs the rounding of glyph widths between a header and
// the amounts below it (points).
const overlapSlack = 2

// touchSlack keeps two columns apart when one cell only touches the next.
const touchSlack = 0.5

func overlap(a0, a1, b0, b1 float64) float64 {
	return min(a1, b1) - max(a0, b0) + overlapSlack
}

// columns finds the amount columns of a segment and the year of each kept
// column, in printed order. Amount cells whose extents overlap form one
// column; each header cell goes to the column it overlaps most, and one
// printed over several columns also gives its year to those that print
// none. A column keeps its printed year, else N / N-1 counted from refYear;
// when no column has a year and the header prints a single one (a date
// centred over Brut / Amort. / Net), that year is every headed column's.
// Columns of note references, of line codes (no header), of variations and
// ratios and the Brut / Amort. columns are dropped; of two columns of one
// year the Net one is kept.
func columns(s segment, refYear int) []column {
	var cols []column
	for _, r := range s.rows {
		for _, c := range r.cells {
			cols = append(cols, column{x0: c.x0, x1: c.x1})
		}
	}
	slices.SortFunc(cols, func(a, b column) int { return cmp.Compare(a.x0, b.x0) })
	var merged []column
	for _, c := range cols {
		if n := len(merged); n > 0 && c.x0 < merged[n-1].x1-touchSlack {
			merged[n-1].x1 = max(merged[n-1].x1, c.x1)
			continue
		}
		merged = append(merged, c)
	}
	var floating []int
	var apart []header
	for _, h := range s.headers {
		best, bestOverlap := -1, 0.0
		for i, c := range merged {
			if o := overlap(h.x0, h.x1, c.x0, c.x1); o > bestOverlap {
				best, bestOverlap = i, o
			}
		}
		if best < 0 {
			apart = append(apart, h)
			continue
		}
		merge(&merged[best].header, h)
	}
	// The headings that name a column (Brut, Net) are placed before the
	// dates, which may be centred over several columns.
	slices.SortStableFunc(apart, func(a, b header) int { return cmp.Compare(boolRank(a.year != 0), boolRank(b.year != 0)) })
	for _, h := range apart {
		if best := nearestColumn(h, merged); best >= 0 {
			merge(&merged[best].header, h)
		} else if h.year != 0 {
			floating = append(floating, h.year)
		}
	}
	spreadPeriods(s.headers, merged)
	anyYear := false
	for i := range merged {
		h := merged[i].header
		switch {
		case h.year != 0:
			merged[i].year = h.year
		case h.relative != nil && refYear != 0:
			merged[i].year = refYear + *h.relative
		}
		anyYear = anyYear || merged[i].year != 0
	}
	yearsInOrder(s.headers, merged)
	slices.Sort(floating)
	if floating = slices.Compact(floating); !anyYear && len(floating) == 1 {
		for i := range merged {
			if merged[i].header.marked() || len(merged) == 1 {
				merged[i].year = floating[0]
			}
		}
	}
	var kept []column
	for _, c := range merged {
		if c.year == 0 || c.header.notes || c.header.comparison || c.header.gross && !c.header.net {
			continue
		}
		if i := slices.IndexFunc(kept, func(k column) bool { return k.year == c.year }); i >= 0 {
			if c.header.net && !kept[i].header.net {
				kept[i] = c
			}
			continue
		}
		kept = append(kept, c)
	}
	return kept
}

// nearestColumn is the column a header cell overlapping none heads: a
// heading centred in its cell over amounts aligned right (an office suite's
// default) stands left of them, nearer their centre than any other
// column's, and that column says nothing yet of what the cell says (its
// date, its kind: Brut, Net, Notes, or its period's length). -1 when the nearest column does (a
// date centred over Brut / Amort. / Net heads them all) or the cell lies
// beyond the columns.
func nearestColumn(h header, cols []column) int {
	length := !h.marked() && h.period.Months > 0 // "(12 mois)" under its column's date
	if !h.marked() && !length || len(cols) == 0 {
		return -1
	}
	centre := (h.x0 + h.x1) / 2
	if centre > cols[len(cols)-1].x1 {
		return -1
	}
	best, dist := -1, 0.0
	for i, c := range cols {
		if d := math.Abs((c.x0+c.x1)/2 - centre); best < 0 || d < dist {
			best, dist = i, d
		}
	}
	// A date beside a Brut or Amort. column is centred over the group
	// that ends with its Net column: it floats, unless it closes the
	// period the column opens ("Du 01/01/2021 au" over "31/10/2021").
	if c := cols[best].header; h.dated() && (c.dated() && !closes(c, h) || c.gross) || h.kind() && c.kind() || length && c.period.Months != 0 {
		return -1
	}
	return best
}

// closes tells a header printing only a closing date after the opening
// date of a column's period, which prints none.
func closes(c, h header) bool {
	return c.period.Start != "" && c.period.End == "" && h.period.Start == "" && h.period.End > c.period.Start
}

func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}

// yearsInOrder gives the years the header prints, left to right, to the
// columns of amounts to keep (the Net ones where the header marks them)
// when those lack a year or share one and the header prints as many years
// as there are such columns: a date centred over Brut / Amort. / Net stands
// over none of their amounts, or over the wrong one.
func yearsInOrder(headers []header, cols []column) {
	var keep []int
	for i, c := range cols {
		if c.header.net {
			keep = append(keep, i)
		}
	}
	if len(keep) < 2 {
		return
	}
	seen := map[int]bool{}
	complete := true
	for _, i := range keep {
		complete = complete && cols[i].year != 0 && !seen[cols[i].year]
		seen[cols[i].year] = true
	}
	if complete {
		return
	}
	dated := slices.Clone(headers)
	slices.SortStableFunc(dated, func(a, b header) int { return cmp.Compare(a.x0+a.x1, b.x0+b.x1) })
	var years []int
	for _, h := range dated {
		if h.year != 0 && !slices.Contains(years, h.year) {
			years = append(years, h.year)
		}
	}
	if len(years) != len(keep) {
		return
	}
	for k, i := range keep {
		cols[i].year = years[k]
	}
}

// spreadPeriods gives the year of a header printed over several columns
// ("Exercice N clos le 31/12/2025" centred over Brut / Amort. / Net) to each
// column it overlaps that prints none of its own.
func spreadPeriods(headers []header, cols []column) {
	for _, h := range headers {
		var spanned []int
		for i, c := range cols {
			if overlap(h.x0, h.x1, c.x0, c.x1) > overlapSlack {
				spanned = append(spanned, i)
			}
		}
		if len(spanned) < 2 {
			continue
		}
		for _, i := range spanned {
			if cols[i].header.year == 0 && cols[i].header.relative == nil {
				mergePeriod(&cols[i].header, h)
			}
		}
	}
}

// mergePeriod adds the year and the period a header cell prints to the
// column's header.
func mergePeriod(dst *header, h header) {
	dst.year = max(dst.year, h.year)
	if dst.relative == nil {
		dst.relative = h.relative
	}
	dst.period.Start = cmp.Or(dst.period.Start, h.period.Start)
	dst.period.End = max(dst.period.End, h.period.End) // ISO dates: the later
	dst.period.Months = cmp.Or(dst.period.Months, h.period.Months)
}

// merge adds what one header cell says to the column's header; the date
// under a "Du" opens the period.
func merge(dst *header, h header) {
	if dst.opens && dst.period.Start == "" && h.period.Start == "" && h.period.End != "" {
		dst.period.Start, dst.opens = h.period.End, false
		dst.year = max(dst.year, h.year)
		return
	}
	dst.opens = dst.opens || h.opens
	mergePeriod(dst, h)
	dst.net = dst.net || h.net
	dst.gross = dst.gross || h.gross
	dst.notes = dst.notes || h.notes
}

// amounts gives a row's amount in each column, nil where the cell is blank.
func amounts(r row, cols []column) []*float64 {
	out := make([]*float64, len(cols))
	for i, c := range cols {
		for _, cell := range r.cells {
			if overlap(cell.x0, cell.x1, c.x0, c.x1) > overlapSlack {
				out[i] = cell.value
			}
		}
	}
	return out
}
