package statementreader

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/locate"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/statements"
)

type pageTable struct {
	table statements.Table
	unit  frnum.Unit // None when the table does not print its own
}

// rawTable is a table of a page before its lines are classified.
type rawTable struct {
	page     int
	years    []int
	headers  []header
	preamble []string
	rows     []row
	tail     []row // the text below the last row, kept if the next page continues the table
	amts     [][]*float64
	periods  []statements.Period // per column, nil when none is printed
	unit     frnum.Unit          // None when the table does not print its own
}

// statementTables reads the statements found by their titles, and the
// untitled pages that continue them, one table per header. The lines of a
// statement are classified in page order, each page knowing what the
// previous ones said (the side of the balance sheet, the operating result
// passed); a table that repeats the statement is dropped.
func statementTables(doc *pdftext.Document, found locate.Result, boiler map[string]bool) []pageTable {
	// The spacing of cells is the document's: measured over every
	// statement page before any is read.
	printed := map[int]pdftext.Page{}
	var sp spacing
	for _, st := range statements.All {
		for _, n := range found[st] {
			printed[n] = printedPage(doc.Pages[n-1], boiler)
			sp.add(measureSpacing(printed[n].Lines))
		}
	}
	pages := map[int][]segment{}
	docYear := 0
	for n, p := range printed {
		pages[n] = segments(p, sp)
		docYear = max(docYear, latestYear(pages[n]))
	}
	var out []pageTable
	for _, st := range statements.All {
		var raws []rawTable
		for _, n := range found[st] {
			raws = append(raws, rawTables(n, pages[n], docYear, doc.Pages[n-1])...)
			for next := n + 1; next <= len(doc.Pages) && len(raws) > 0 && pages[next] == nil; next++ {
				more, ok := continuation(doc.Pages[next-1], boiler, sp, docYear, raws[len(raws)-1])
				if !ok {
					break
				}
				raws = joinPages(st, raws, more)
			}
		}
		rd := reading{side: assets}
		var tabs []pageTable
		for _, raw := range raws {
			if sd, ok := tableSide(raw.preamble); ok {
				rd.side = sd
			}
			lines := endAtTotalLiabilities(classify(st, &rd, raw.rows, raw.amts))
			tab := statements.Table{Statement: st, Page: raw.page, Years: raw.years, Lines: lines, Periods: raw.periods}
			if st == statements.Balance {
				tab.Periods = balanceDates(raw.periods)
			}
			tabs = append(tabs, pageTable{table: tab, unit: raw.unit})
		}
		out = append(out, withoutRepeats(tabs)...)
	}
	return out
}

// rawTables reads the tables of one page. full is the page with its running
// header and footer, where the unit may be printed; docYear is the N of the
// document, for a page whose headers print N / N-1 only.
func rawTables(number int, segs []segment, docYear int, full pdftext.Page) []rawTable {
	var out []rawTable
	for _, s := range segs {
		refYear := cmp.Or(latestYear(segs), docYear, textYear(s.preamble))
		cols := columns(s, refYear)
		if len(cols) == 0 {
			continue
		}
		raw := rawTable{page: number, headers: s.headers, preamble: s.preamble, rows: s.rows, tail: s.tail}
		for _, c := range cols {
			raw.years = append(raw.years, c.year)
		}
		raw.periods = columnPeriods(cols, s.preamble)
		for _, r := range s.rows {
			raw.amts = append(raw.amts, amounts(r, cols))
		}
		raw.unit = unitIn(append(slices.Clone(s.preamble), strings.Join(s.corner, " ")))
		if raw.unit == frnum.None {
			raw.unit = cellUnit(s.rows)
		}
		if raw.unit == frnum.None {
			raw.unit = cmp.Or(unitIn(lineTexts(full)), unitIn(textOnly(full)))
		}
		out = append(out, raw)
	}
	return out
}

// textOnly is the text of a page's lines but its column headings: a unit's
// cell that repeats on every page, so is no table's preamble, wraps around
// the headings' line ("Montants exprimés en millions" / "d'euros").
func textOnly(p pdftext.Page) []string {
	margin := labelMargin(p.Lines)
	var out []string
	for _, l := range p.Lines {
		if _, header := headerLine(l, margin); !header {
			out = append(out, l.Text())
		}
	}
	return out
}

// cellUnit is the money unit printed after the amounts ("1 234,56 €").
func cellUnit(rows []row) frnum.Unit {
	for _, r := range rows {
		for _, c := range r.cells {
			if c.unit != frnum.None {
				return c.unit
			}
		}
	}
	return frnum.None
}

// textYear is the latest year a text prints ("Bilan au 31 décembre 2025"),
// for a table whose headers print N / N-1 only.
func textYear(lines []string) int {
	year := 0
	for _, n := range frnum.Parse(strings.Join(lines, "\n")) {
		if n.IsYear() {
			year = max(year, int(n.Value))
		}
	}
	return year
}

// captionWords may make a continuation page's caption ("Passif", "Suite"),
// or a line of a section heading of the official income statement model
// that a narrow label cell wrapped ("Charges" / "exceptionnelles").
var captionWords = map[string]bool{"actif": true, "passif": true, "suite": true, "capitaux": true, "propres": true, "et": true, "charges": true, "produits": true,
	"d": true, "exploitation": true, "financiers": true, "financieres": true, "exceptionnels": true, "exceptionnelles": true}

// continuation reads a page that continues the statement of the page
// before: it has a table and no title, nothing above the table but its
// column headings (with or without a year), a unit or a caption naming a
// half or "suite". When the
// page starts with rows of amounts, they sit in the columns of last, the
// table of the page before. A page with any other text at its top is a new
// subject (notes, a report), even with a table.
func continuation(p pdftext.Page, boiler map[string]bool, sp spacing, docYear int, last rawTable) ([]rawTable, bool) {
	printed := printedPage(p, boiler)
	p = cellPage(printed, sp)
	margin := labelMargin(p.Lines)
	for i, l := range p.Lines {
		var segs []segment
		switch _, header := headerLine(l, margin); {
		case header:
			segs = segments(printed, sp)
		case i+1 < len(p.Lines) && cornerOfNext(l, p.Lines[i+1], margin):
			continue // the cell left of the headings, opening above them ("Montants exprimés" / "en euros")
		case readRow(l).hasAmounts():
			segs = halfSegments(p, &segment{headers: last.headers})
		case unitIn([]string{l.Text()}) != frnum.None || isCaption(l.Text()) || headingsOnly(l):
			continue
		case len(last.rows) > 0 && continuesRow(last.rows[len(last.rows)-1], readRow(l)):
			continue // the end of a label the page break cut ("Impôts sur les" / "bénéfices (X)")
		default:
			return nil, false
		}
		raws := rawTables(p.Number, segs, cmp.Or(docYear, slices.Max(last.years)), p)
		return raws, len(raws) > 0
	}
	return nil, false
}

// headingsOnly tells a line of column headings that names no year
// ("Exercice  Exercice" above "2024  2025").
func headingsOnly(l pdftext.Line) bool {
	return len(l.Spans) > 0 && !slices.ContainsFunc(l.Spans, func(s pdftext.Span) bool {
		_, ok := parseHeader(s.Text)
		return !ok
	})
}

// cornerOfNext tells the first line of the cell left of the column headings
// that next prints: a line meeting them, or the line above a cell that ends
// on their line ("Montants exprimés en" over "euros  2025  2024").
func cornerOfNext(l, next pdftext.Line, margin float64) bool {
	hs, header := headerLine(next, margin)
	if !header {
		return false
	}
	if inCorner(l, next, hs[0].x0) {
		return true
	}
	end, x0 := next.Spans[0], hs[0].x0
	return end.X1 < x0 && len(l.Spans) > 0 && l.Spans[0].X0 <= end.X1 && end.X0 <= l.Spans[len(l.Spans)-1].X1 &&
		l.Spans[len(l.Spans)-1].X1 < x0 && !readRow(l).hasAmounts() && l.Y-next.Y <= lineGapEms*max(lineSize(l), lineSize(next))
}

func isCaption(text string) bool {
	words := strings.Fields(locate.Fold(text))
	return len(words) > 0 && !slices.ContainsFunc(words, func(w string) bool { return !captionWords[w] })
}

// joinPages adds the tables of a continuation page: its first table goes on
// the last one read when it prints the same years, so that the statement is
// read, and its charges' sign decided, as one table.
func joinPages(st statements.Statement, raws, more []rawTable) []rawTable {
	last := &raws[len(raws)-1]
	if slices.Equal(last.years, more[0].years) {
		// A heading printed at the foot of the page heads the rows the
		// next one continues with.
		for _, r := range last.tail {
			last.rows = append(last.rows, r)
			last.amts = append(last.amts, make([]*float64, len(last.years)))
		}
		last.tail = nil
		rows, amts := more[0].rows, more[0].amts
		// A label cut by the page break goes on at the top of the next.
		if n := len(last.rows); n > 0 && len(rows) > 0 && (continuesRow(last.rows[n-1], rows[0]) || endsCaption(st, last.rows[n-1], rows[0])) {
			if rows[0].hasAmounts() {
				last.amts[n-1] = amts[0]
			}
			last.rows[n-1] = joinedRow(last.rows[n-1], rows[0])
			rows, amts = rows[1:], amts[1:]
		}
		last.rows = append(last.rows, rows...)
		last.amts = append(last.amts, amts...)
		more = more[1:]
	}
	return append(raws, more...)
}

// endsCaption tells the end of a caption that a page break cut after its
// first words ("RÉSULTAT" with its amounts, then "D'EXPLOITATION" under the
// repeated headings): r prints no amount, prev's label is no caption of the
// models alone and makes one with r's.
func endsCaption(st statements.Statement, prev, r row) bool {
	return prev.hasAmounts() && !r.hasAmounts() && !knownCaption(st, foldLabel(prev.label)) && knownCaption(st, foldLabel(prev.label+" "+r.label))
}

// knownCaption tells a label a caption of the wording table reads, on
// either side of the balance sheet.
func knownCaption(st statements.Statement, folded string) bool {
	_, asset := lookup(wording, st, assets, folded)
	_, liability := lookup(wording, st, liabilities, folded)
	return asset || liability
}

// withoutRepeats drops a table that repeats what the tables before it read
// (a detail of the accounts, a copy of the statement): at least half of its
// keys were read already, one at least with the same amounts. In a table
// that goes on with new keys, a key repeated with the same amounts (a
// reminder at the top of a page) is outside the dictionary.
func withoutRepeats(tabs []pageTable) []pageTable {
	seen := map[string]map[int]float64{}
	var out []pageTable
	for _, tab := range tabs {
		sums := keySums(tab.table)
		shared, same := 0, map[string]bool{}
		for k, s := range sums {
			if prev, ok := seen[k]; ok {
				shared++
				if sameAmounts(prev, s) {
					same[k] = true
				}
			}
		}
		if 2*shared >= len(sums) && len(same) > 0 {
			continue
		}
		for i, l := range tab.table.Lines {
			if same[l.Category] || l.Category == statements.Subtotal && slices.ContainsFunc(l.Covers, func(c string) bool { return same[c] }) {
				tab.table.Lines[i].Category, tab.table.Lines[i].Covers = statements.Other, nil
			}
		}
		for k, s := range sums {
			if same[k] {
				continue
			}
			if seen[k] == nil {
				seen[k] = map[int]float64{}
			}
			for y, v := range s {
				seen[k][y] += v
			}
		}
		out = append(out, tab)
	}
	return out
}

// keySums adds up, per dictionary key and year, the amounts a table prints.
func keySums(tab statements.Table) map[string]map[int]float64 {
	out := map[string]map[int]float64{}
	for _, l := range tab.Lines {
		if l.Category == statements.Other || l.Category == statements.Subtotal {
			continue
		}
		for col, a := range l.Amounts {
			if a == nil {
				continue
			}
			if out[l.Category] == nil {
				out[l.Category] = map[int]float64{}
			}
			out[l.Category][tab.Years[col]] += *a
		}
	}
	return out
}

// sameAmounts tells two readings of a key equal in every year both print.
func sameAmounts(a, b map[int]float64) bool {
	common := 0
	for y, v := range a {
		w, ok := b[y]
		if !ok {
			continue
		}
		if math.Abs(v-w) > amountSlack {
			return false
		}
		common++
	}
	return common > 0
}

// amountSlack absorbs float noise between two sums of the same printed
// amounts.
const amountSlack = 1e-6
