package covenants

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/locate"
)

// Schedule is the maturity schedule of the financial debts the annexe
// prints: the état des échéances des dettes of the PCG's annex model (and of
// Cerfa 2057), a table whose columns are the gross amount, "à un an au plus",
// "à plus d'un an et cinq ans au plus" and "à plus de cinq ans" (an IFRS
// note's "< 1 an", "1 à 5 ans", "> 5 ans" and total alike), or the same
// buckets listed in a note ("À moins d'un an : 9 640 k€ ; De un à cinq ans :
// …"). Only the rows of financial debts count: bonds, debts to credit
// institutions, other borrowings, bank overdrafts.
type Schedule struct {
	Gross, WithinYear float64 // k€
	Page              int
	Words             string // the lines or sentence the amounts come from
}

var (
	// scheduleTitle: a page holding the schedule names it.
	scheduleTitle = regexp.MustCompile(`\b(etat des echeances|echeances des (dettes|emprunts)|etat des dettes|echeancier|par (date d )?echeances?)\b`)
	// headSigns: an IFRS note heads its buckets with signs ("< 1 an",
	// "> 5 ans"), which folding drops; they are written out first.
	headSigns = strings.NewReplacer("< 1 an", "moins d'un an", "<1 an", "moins d'un an", "> 5 ans", "plus de 5 ans", ">5 ans", "plus de 5 ans", "> 1 an", "plus d'un an", ">1 an", "plus d'un an")
	// The column headings, folded, in the order a header line prints them.
	headWithin = regexp.MustCompile(`\b(a )?(1|un) an au plus\b|\bmoins d (1|un) an\b|\ba (1|un) an maximum\b`)
	headGross  = regexp.MustCompile(`\b(montant brut|brut|montant total|total)\b`)
	headMiddle = regexp.MustCompile(`\b(de )?(1|un) (a|an a) (5|cinq) ans\b|\bplus d (1|un) an\b`)
	headLate   = regexp.MustCompile(`\bplus de (5|cinq) ans\b`)
	// financialRow: the rows of financial debts (PCG: DS, DT, DU, DV; in
	// an IFRS note, lease liabilities too, which dettes_financieres holds).
	financialRow = regexp.MustCompile(`^(autres )?emprunts? obligataires?|^emprunts? et dettes aupres des etablissements de credit|^emprunts? et dettes financieres|^dettes financieres|^concours bancaires|^emprunts? aupres des etablissements de credit|^emprunts? bancaires?|^(dettes|obligations|passifs?) locati(ves|fs?)|^dettes (financieres )?(de|sur|liees aux contrats de) location`)
	// subRow: the two rows the PCG model splits debts to credit
	// institutions into; when printed, their parent row is not counted.
	subRow = regexp.MustCompile(`^(dont )?a (1|un) an (maximum|max) a l origine|^(dont )?a plus d (1|un) an a l origine`)
	// pageUnit: the unit a page's tables are printed in.
	pageUnit = regexp.MustCompile(`(?i)\(\s*(en\s+[^)]{1,25})\)|\b(en\s+(?:milliers\s+d['’]euros|millions\s+d['’]euros|euros|k€|m€|keur))\b`)
	// The buckets of a listed schedule.
	listWithin = regexp.MustCompile(`(?i)moins d['’](?:un|1) an\s*:\s*`)
	listMiddle = regexp.MustCompile(`(?i)(?:un|1) (?:à|a) (?:cinq|5) ans\s*:\s*`)
	listLate   = regexp.MustCompile(`(?i)plus de (?:cinq|5) ans\s*:\s*`)
)

// readSchedule finds the first schedule of financial debts the pages print
// as a table; a table whose rows cannot be put in their columns (a blank
// cell) is not read.
func readSchedule(pages []string) (Schedule, bool) {
	for p, text := range pages {
		if !scheduleTitle.MatchString(locate.Fold(text)) {
			continue
		}
		lines := strings.Split(text, "\n")
		s, ok := cerfaSchedule(lines)
		if !ok {
			s, ok = scheduleTable(lines, unitOf(text))
		}
		if ok {
			s.Page = p + 1
			return s, true
		}
	}
	return Schedule{}, false
}

// unitOf is the money unit a page states, € when it states none (the
// annex model's tables are in euros unless said otherwise).
func unitOf(text string) frnum.Unit {
	for _, m := range pageUnit.FindAllStringSubmatch(text, -1) {
		for _, c := range m[1:] {
			if u, err := frnum.ParseMoneyUnit(c); c != "" && err == nil {
				return u
			}
		}
	}
	return frnum.EUR
}

// scheduleTable reads the table under its header line: the columns are
// the headings found on it, in the order printed; each financial row must
// hold one amount per column.
func scheduleTable(lines []string, unit frnum.Unit) (Schedule, bool) {
	factor, _ := unit.ToKEUR()
	for i, l := range lines {
		folded := locate.Fold(headSigns.Replace(l))
		within := headWithin.FindStringIndex(folded)
		gross := headGross.FindStringIndex(folded)
		if within == nil || gross == nil {
			continue
		}
		cols, grossFirst := 2, gross[0] < within[0]
		for _, h := range []*regexp.Regexp{headMiddle, headLate} {
			if loc := h.FindStringIndex(folded[within[1]:]); loc != nil {
				cols++
			}
		}
		var s Schedule
		var rows []string
		parent, subs := -1.0, false
		var parentWithin float64
		for _, row := range lines[i+1:] {
			label := locate.Fold(row)
			if strings.HasPrefix(label, "total") {
				break
			}
			sub := subRow.MatchString(label)
			if !sub && !financialRow.MatchString(label) {
				continue
			}
			amounts := rowAmounts(row)
			if len(amounts) == 0 && !sub {
				continue // a parent row whose amounts are in its sub-rows
			}
			if len(amounts) != cols {
				return Schedule{}, false
			}
			g, w := amounts[0]*factor, amounts[1]*factor // gross, then within a year
			if !grossFirst {
				g, w = amounts[cols-1]*factor, amounts[0]*factor // the buckets, then their total
			}
			rows = append(rows, strings.Join(strings.Fields(row), " "))
			switch {
			case sub:
				subs = true
				s.Gross, s.WithinYear = s.Gross+g, s.WithinYear+w
			case strings.Contains(label, "etablissements de credit"):
				parent, parentWithin = g, w
			default:
				s.Gross, s.WithinYear = s.Gross+g, s.WithinYear+w
			}
		}
		if parent >= 0 && !subs {
			s.Gross, s.WithinYear = s.Gross+parent, s.WithinYear+parentWithin
		}
		if len(rows) == 0 {
			return Schedule{}, false
		}
		s.Words = strings.Join(rows, " ; ")
		return s, true
	}
	return Schedule{}, false
}

// rowAmounts are the amounts of a table row after its label (whose own
// digits, "à 1 an maximum", are not amounts), a note's call "(1)" left out
// and a dash standing for an empty amount read as 0.
func rowAmounts(row string) []float64 {
	end := strings.LastIndexFunc(row, unicode.IsLetter)
	type cell struct {
		at int
		v  float64
	}
	var cells []cell
	for _, n := range frnum.Parse(row) {
		if n.Start <= end || strings.HasPrefix(strings.TrimSpace(n.Text), "(") && n.Decimals == 0 && n.Value > -10 && n.Value < 0 {
			continue
		}
		if n.Unit != frnum.None && n.Unit != frnum.EUR && n.Unit != frnum.KEUR && n.Unit != frnum.MEUR {
			return nil
		}
		cells = append(cells, cell{n.Start, n.Value})
	}
	for _, loc := range emptyCell.FindAllStringIndex(row[end+1:], -1) {
		cells = append(cells, cell{end + 1 + loc[0], 0})
	}
	slices.SortFunc(cells, func(a, b cell) int { return a.at - b.at })
	out := make([]float64, len(cells))
	for i, c := range cells {
		out[i] = c.v
	}
	return out
}

// emptyCell is a dash alone between spaces: an amount of nothing.
var emptyCell = regexp.MustCompile(`(?:^|\s)[-–—](?:\s|$)`)

// listedSchedule reads a schedule listed in a sentence: its buckets, the
// gross amount being their sum.
func listedSchedule(q Quote) (Schedule, bool) {
	var s Schedule
	for i, re := range []*regexp.Regexp{listWithin, listMiddle, listLate} {
		loc := re.FindStringIndex(q.Text)
		if loc == nil {
			continue
		}
		ns := frnum.Parse(q.Text[loc[1]:])
		if len(ns) == 0 || ns[0].Start != 0 {
			return Schedule{}, false
		}
		v, ok := ns[0].KEUR()
		if !ok {
			return Schedule{}, false
		}
		if i == 0 {
			s.WithinYear = v
		}
		s.Gross += v
	}
	s.Page, s.Words = q.Page, q.Text
	return s, s.Gross > 0
}

// scheduleFact states the schedule and sets it against the balance sheet:
// the schedule's financial debts cannot exceed the balance sheet's, nor
// the part due within a year the whole.
func scheduleFact(company, slug string, s Schedule, st Statements) facts.Fact {
	f := facts.Fact{ID: fmt.Sprintf("C-%s-echeancier", slug), State: facts.Verified, Page: s.Page,
		Text: fmt.Sprintf("%s - État des échéances des dettes financières (p. %d) : %s, dont %s à un an au plus",
			company, s.Page, frnum.FormatKEUR(s.Gross), frnum.FormatKEUR(s.WithinYear)),
		Figure: &facts.Figure{Type: "echeancier", Words: s.Words, Role: string(RoleTotal), Unit: string(frnum.KEUR)}}
	if s.WithinYear > s.Gross*(1+tolerance) {
		f.State, f.Reasons = facts.Unverified, append(f.Reasons, fmt.Sprintf("la part à un an au plus (%s) dépasse le total de l'échéancier (%s)",
			frnum.FormatKEUR(s.WithinYear), frnum.FormatKEUR(s.Gross)))
	}
	if debt, ok := st.Report.Value(st.Year, financialDebt); ok && s.Gross > debt*(1+tolerance) {
		f.State, f.Reasons = facts.Unverified, append(f.Reasons, fmt.Sprintf("l'échéancier (%s) dépasse les dettes financières du bilan (%s en %d)",
			frnum.FormatKEUR(s.Gross), frnum.FormatKEUR(debt), st.Year))
	}
	return f
}

// crossCheckSchedule sets a debt said due within a year against the
// schedule's part at one year at most: no single maturity may exceed it,
// and a listed "à moins d'un an" must be the table's.
func crossCheckSchedule(f *facts.Fact, it Item, s Schedule) {
	if it.Kind != Maturity || it.Months < 0 || it.Months > 12 {
		return
	}
	v, _ := it.Amount.KEUR()
	switch {
	case v > s.WithinYear*(1+tolerance):
		f.State, f.Reasons = facts.Unverified, append(f.Reasons, fmt.Sprintf("%s dépasse la part à un an au plus de l'état des échéances des dettes (%s, p. %d)",
			strings.TrimSpace(it.Amount.Text), frnum.FormatKEUR(s.WithinYear), s.Page))
	case it.Schedule && v < s.WithinYear*(1-tolerance):
		f.State, f.Reasons = facts.Unverified, append(f.Reasons, fmt.Sprintf("%s n'est pas la part à un an au plus de l'état des échéances des dettes (%s, p. %d)",
			strings.TrimSpace(it.Amount.Text), frnum.FormatKEUR(s.WithinYear), s.Page))
	}
}

// The Cerfa 2057's state of debts (cadre B), in euros: its rows by their
// codes, four columns (gross, within a year, one to five years, over five
// years), its financial rows 7Y, 7Z, VG, VH and 8A, its totals VY (gross)
// and VZ (within a year).
var (
	cerfaDebtsHead = regexp.MustCompile(`\betat des dettes\b`)
	cerfaRowCode   = regexp.MustCompile(`(?:^|\s)(7Y|7Z|VG|VH|8A|8B|8C|8D|8E|VW|VX|VQ|8J|VI|8K|Z2|8L)(?:\s|$)`)
	cerfaTotals    = regexp.MustCompile(`\bTOTAUX\s+VY\s+([\d\s]+?)\s+VZ\s+([\d\s]+)`)
)

var cerfaFinancialRows = []string{"7Y", "7Z", "VG", "VH", "8A"}

const (
	cerfaColumns = 4
	// maxCerfaChoices bounds the rows whose within-a-year cell a blank
	// leaves open (2^n placements tried).
	maxCerfaChoices = 16
	// cerfaRounding: a form's amounts are rounded to the euro, each row's.
	cerfaRounding = 1.0
)

// cerfaSchedule reads the Cerfa 2057's state of debts. A row prints only
// its non-blank cells, so a row whose amounts do not fill the four columns
// leaves open whether its second amount is within a year or later: the
// printed total within a year (VZ) places them, and must place the
// financial rows' part one way only; the rows' gross amounts must make the
// printed gross total (VY). Amounts printed on a label's line above its
// code belong to that code.
func cerfaSchedule(lines []string) (Schedule, bool) {
	start := slices.IndexFunc(lines, func(l string) bool { return cerfaDebtsHead.MatchString(locate.Fold(l)) })
	if start < 0 {
		return Schedule{}, false
	}
	type row struct {
		code    string
		amounts []float64
		text    string
	}
	var rows []row
	var pending []float64
	var pendingText string
	var grossTotal, withinTotal float64
	totals := false
	for _, l := range lines[start+1:] {
		if m := cerfaTotals.FindStringSubmatch(l); m != nil {
			g, ok1 := euros(m[1])
			w, ok2 := euros(m[2])
			grossTotal, withinTotal, totals = g, w, ok1 && ok2
			break
		}
		m := cerfaRowCode.FindStringSubmatchIndex(l)
		amounts := rowAmounts(l)
		if m == nil {
			if len(rows) > 0 && len(amounts) > 0 {
				pending, pendingText = amounts, l
			}
			continue
		}
		text := strings.Join(strings.Fields(l), " ")
		if len(amounts) == 0 && pending != nil {
			amounts, text = pending, strings.Join(strings.Fields(pendingText+" "+l), " ")
		}
		pending = nil
		rows = append(rows, row{code: l[m[2]:m[3]], amounts: amounts, text: text})
	}
	if !totals || len(rows) == 0 {
		return Schedule{}, false
	}
	// Each row's choices of its part within a year.
	var fixed, sumGross, financialGross float64
	var open []int
	choices := make([][2]float64, len(rows))
	for i, r := range rows {
		if len(r.amounts) == 0 {
			continue
		}
		if len(r.amounts) > cerfaColumns {
			return Schedule{}, false
		}
		gross, rest := r.amounts[0], r.amounts[1:]
		var later float64
		for _, v := range rest {
			later += v
		}
		if len(rest) > 0 && math.Abs(later-gross) > cerfaRounding*float64(len(rest)) {
			return Schedule{}, false // the buckets must make the row's gross amount
		}
		sumGross += gross
		if slices.Contains(cerfaFinancialRows, r.code) {
			financialGross += gross
		}
		switch {
		case len(rest) == cerfaColumns-1:
			choices[i] = [2]float64{rest[0], rest[0]}
			fixed += rest[0]
		case len(rest) == 0:
			choices[i] = [2]float64{gross, 0}
			open = append(open, i)
		default:
			choices[i] = [2]float64{rest[0], 0}
			open = append(open, i)
		}
	}
	if math.Abs(sumGross-grossTotal) > cerfaRounding*float64(len(rows)) || len(open) > maxCerfaChoices {
		return Schedule{}, false
	}
	financialWithin, found := -1.0, false
	for mask := 0; mask < 1<<len(open); mask++ {
		within, financial := fixed, 0.0
		for i, r := range rows {
			v := choices[i][0]
			if k := slices.Index(open, i); k >= 0 {
				within += choices[i][mask>>k&1]
				v = choices[i][mask>>k&1]
			}
			if slices.Contains(cerfaFinancialRows, r.code) {
				financial += v
			}
		}
		if math.Abs(within-withinTotal) > cerfaRounding*float64(len(rows)) {
			continue
		}
		if found && math.Abs(financial-financialWithin) > cerfaRounding {
			return Schedule{}, false // two placements: the total does not decide
		}
		financialWithin, found = financial, true
	}
	if !found || financialGross == 0 {
		return Schedule{}, false
	}
	var words []string
	for _, r := range rows {
		if slices.Contains(cerfaFinancialRows, r.code) && len(r.amounts) > 0 {
			words = append(words, r.text)
		}
	}
	factor, _ := frnum.EUR.ToKEUR()
	return Schedule{Gross: financialGross * factor, WithinYear: financialWithin * factor, Words: strings.Join(words, " ; ")}, true
}

// euros reads the first amount of a cell, in the form's euros.
func euros(s string) (float64, bool) {
	ns := frnum.Parse(strings.TrimSpace(s))
	if len(ns) == 0 || ns[0].Unit != frnum.None {
		return 0, false
	}
	return ns[0].Value, true
}
