package engines

import (
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"

	"analyste.dev/analyste/shared/statements"
)

// column is one amount column: a year (0 = N, 1 = N-1) and what it prints.
type column struct {
	year int
	kind string // "brut", "amort", "net"; "notes", "variation", "pct" beside them
}

func (g *generation) columns(t table) []column {
	if t.side == "actif" && g.s.grossColumns {
		return []column{{0, "brut"}, {0, "amort"}, {0, "net"}, {1, "net"}}
	}
	cols := []column{{0, "net"}, {1, "net"}}
	if g.s.previousFirst {
		cols = []column{{1, "net"}, {0, "net"}}
	}
	if g.s.notesColumn {
		cols = append([]column{{0, "notes"}}, cols...)
	}
	if g.s.variation > 0 && t.statement != statements.CashFlow {
		cols = append(cols, column{0, "variation"})
		if g.s.variation == 2 {
			cols = append(cols, column{0, "pct"})
		}
	}
	return cols
}

// columnHeading is the heading of column c of table t.
func (g *generation) columnHeading(t table, c column) string {
	switch c.kind {
	case "notes":
		return pick(g.late, "Notes", "Note", "Annexe")
	case "variation":
		return pick(g.late, "Variation", "Écart N / N-1", "Var.")
	case "pct":
		return pick(g.late, "%", "Var. %", "Variation en %")
	}
	return g.heading(t, c.year)
}

// endDate is the closing date of year index i, as printed.
func (g *generation) endDate(i int) string {
	day := map[int]int{3: 31, 6: 30, 9: 30, 12: 31}[g.s.endMonth]
	return fmt.Sprintf("%02d/%02d/%d", day, g.s.endMonth, g.s.year-i)
}

// heading is the column heading of year index i in table t.
func (g *generation) heading(t table, i int) string {
	if g.s.interim != "" {
		return g.interimHeader(t.statement, i)
	}
	return g.yearHeader(i)
}

func (g *generation) yearHeader(i int) string {
	switch g.s.yearHeader {
	case 1:
		return fmt.Sprintf("Exercice %d", g.s.year-i)
	case 2:
		return "Exercice clos le " + g.endDate(i)
	case 3:
		return []string{"Exercice N", "Exercice N-1"}[i] + "<br>" + g.endDate(i)
	}
	return g.endDate(i)
}

// cell prints the amount of a row in a column.
func (g *generation) cell(rw row, c column) string {
	y := g.printed()[c.year]
	switch c.kind {
	case "brut":
		return g.amount(y.sum(rw.terms) + g.e.depreciation.sum(rw.terms))
	case "amort":
		if d := g.e.depreciation.sum(rw.terms); d != 0 || rw.kind == subtotal {
			return g.amount(d)
		}
		return ""
	case "variation":
		return g.amount(y.sum(rw.terms) - g.printed()[1].sum(rw.terms))
	case "pct":
		before := g.printed()[1].sum(rw.terms)
		if before == 0 {
			return "n.s."
		}
		change := float64(y.sum(rw.terms)-before) / math.Abs(float64(before)) * 100
		return strings.Replace(strconv.FormatFloat(change, 'f', 1, 64), ".", ",", 1) + " %"
	}
	return g.amount(y.sum(rw.terms))
}

func (g *generation) html(tables []table) []byte {
	s := g.s
	var b strings.Builder
	border := "0"
	if s.borders {
		border = "1"
	}
	fmt.Fprintf(&b, `<!DOCTYPE html>
<html lang="fr"><head><meta charset="utf-8"><title>%s – Comptes annuels %d</title>
<style>
@page { size: A4; margin: 14mm 12mm }
body { font-family: "%s", sans-serif; font-size: %.1fpt }
h1 { font-size: %.1fpt; margin: 0 0 4pt 0 }
p { margin: 0 0 4pt 0 }
table { border-collapse: collapse }
td, th { padding: 1.5pt 3pt; vertical-align: %s }
td.m { text-align: right; white-space: nowrap }
tr.t td { font-weight: bold }
</style></head><body>
`, html.EscapeString(g.doc.Company), s.year, s.font, s.fontSize, s.fontSize+3, s.valign)
	for i, t := range tables {
		if s.sideBySide && t.side == "passif" {
			continue // printed beside the actif
		}
		if t.newPage && i > 0 {
			b.WriteString(`<p style="page-break-before: always"></p>` + "\n")
		}
		if s.companyInTitle {
			fmt.Fprintf(&b, "<h1>%s – %s</h1>\n", html.EscapeString(g.doc.Company), html.EscapeString(t.title))
		} else {
			fmt.Fprintf(&b, "<p><b>%s</b></p>\n<h1>%s</h1>\n", html.EscapeString(g.doc.Company), html.EscapeString(t.title))
		}
		if s.interim != "" {
			fmt.Fprintf(&b, "<p>%s</p>\n", html.EscapeString(g.interimTitle()))
		}
		if !s.unitInHead {
			fmt.Fprintf(&b, "<p>%s</p>\n", html.EscapeString(s.unitText))
		}
		if s.sideBySide && t.side == "actif" {
			g.writeSideBySide(&b, t, tables[i+1], border)
			continue
		}
		g.writeTable(&b, t, border)
	}
	b.WriteString("</body></html>\n")
	return []byte(b.String())
}

func (g *generation) writeTable(b *strings.Builder, t table, border string) {
	cols := g.columns(t)
	// Widths on the cells: Writer's HTML import reads them there, not from a colgroup.
	fmt.Fprintf(b, `<table width="100%%" border="%s" cellspacing="0" cellpadding="2">`+"\n<thead>\n", border)
	corner := strings.ToUpper(t.side)
	if g.s.unitInHead {
		corner = g.s.unitText
	}
	va := fmt.Sprintf(` valign="%s"`, g.s.valign)
	wa := columnWidths(cols, 100-g.s.labelWidth)
	ha := fmt.Sprintf(`%s valign="%s" align="%s"`, wa(cols[len(cols)-1]), g.s.valign, g.s.headerAlign)
	if cols[0].kind == "brut" {
		fmt.Fprintf(b, `<tr><th rowspan="2" width="%d%%"%s>%s</th><th colspan="3" valign="%s" align="%s">%s</th><th%s>%s</th></tr>`+"\n",
			g.s.labelWidth, va, html.EscapeString(corner), g.s.valign, g.s.headerAlign, g.heading(t, 0), ha, g.heading(t, 1))
		depreciation := pick(g.r, "Amortissements et dépréciations", "Amort. et dépréc.", "Amortissements et provisions")
		fmt.Fprintf(b, "<tr><th%s>Brut</th><th%s>%s</th><th%s>Net</th><th%s>Net</th></tr>\n", ha, ha, depreciation, ha, ha)
	} else {
		fmt.Fprintf(b, `<tr><th width="%d%%"%s>%s</th>`, g.s.labelWidth, va, html.EscapeString(corner))
		for _, c := range cols {
			fmt.Fprintf(b, `<th%s valign="%s" align="%s">%s</th>`, wa(c), g.s.valign, g.s.headerAlign, g.columnHeading(t, c))
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</thead>\n<tbody>\n")
	for i, rw := range t.rows {
		if rw.kind == subtotal {
			b.WriteString(`<tr class="t">`)
		} else {
			b.WriteString("<tr>")
		}
		g.writeCells(b, t, i, cols, g.s.labelWidth, wa, va)
		b.WriteString("</tr>\n")
	}
	b.WriteString("</tbody></table>\n")
}

// columnWidths shares width percent of the table between its columns: a
// column of note references or of percentages as narrow as they need, the
// amounts' columns each as wide as the others (an author widens a column
// whose amounts wrap, so no amount is printed over two lines).
func columnWidths(cols []column, width int) func(column) string {
	narrow := map[string]int{"notes": 6, "pct": 9}
	amounts := 0
	for _, c := range cols {
		if n, ok := narrow[c.kind]; ok {
			width -= n
		} else {
			amounts++
		}
	}
	return func(c column) string {
		if n, ok := narrow[c.kind]; ok {
			return fmt.Sprintf(` width="%d%%"`, n)
		}
		return fmt.Sprintf(` width="%d%%"`, width/amounts)
	}
}

// writeCells writes the cells of row i of t: its label in a cell lw
// percent wide, then its amount in each column.
func (g *generation) writeCells(b *strings.Builder, t table, i int, cols []column, lw int, wa func(column) string, va string) {
	rw := t.rows[i]
	label := html.EscapeString(t.labels[i])
	if rw.kind == heading {
		fmt.Fprintf(b, `<td width="%d%%"%s><b>%s</b></td>`, lw, va, label)
		for range cols {
			b.WriteString("<td></td>")
		}
		return
	}
	if rw.kind == subtotal {
		label = "<b>" + label + "</b>"
	}
	fmt.Fprintf(b, `<td width="%d%%"%s>%s</td>`, lw, va, label)
	for _, c := range cols {
		if c.kind == "notes" {
			fmt.Fprintf(b, `<td align="center"%s%s>%s</td>`, wa(c), va, html.EscapeString(t.notes[i]))
			continue
		}
		amount := html.EscapeString(g.cell(rw, c))
		if rw.kind == subtotal {
			amount = "<b>" + amount + "</b>"
		}
		fmt.Fprintf(b, `<td class="m" align="right"%s%s>%s</td>`, wa(c), va, amount)
	}
}

// writeSideBySide writes the actif and the passif in one table, the passif's
// columns right of the actif's, row beside row, as an abridged plaquette
// prints its balance sheet on one page.
func (g *generation) writeSideBySide(b *strings.Builder, actif, passif table, border string) {
	cols := g.columns(passif)
	lw := min(30, max(16, g.s.labelWidth*2/3))
	wa := columnWidths(cols, (100-2*lw)/2)
	va := fmt.Sprintf(` valign="%s"`, g.s.valign)
	ha := fmt.Sprintf(`%s valign="%s" align="%s"`, wa(cols[0]), g.s.valign, g.s.headerAlign)
	fmt.Fprintf(b, `<table width="100%%" border="%s" cellspacing="0" cellpadding="2">`+"\n<thead>\n<tr>", border)
	for _, t := range []table{actif, passif} {
		corner := strings.ToUpper(t.side)
		if g.s.unitInHead && t.side == "actif" {
			corner = g.s.unitText
		}
		fmt.Fprintf(b, `<th width="%d%%"%s>%s</th>`, lw, va, html.EscapeString(corner))
		for _, c := range cols {
			fmt.Fprintf(b, "<th%s>%s</th>", ha, g.heading(t, c.year))
		}
	}
	b.WriteString("</tr>\n</thead>\n<tbody>\n")
	for i := range max(len(actif.rows), len(passif.rows)) {
		b.WriteString("<tr>")
		for _, t := range []table{actif, passif} {
			if i < len(t.rows) {
				g.writeCells(b, t, i, cols, lw, wa, va)
				continue
			}
			for range len(cols) + 1 {
				b.WriteString("<td></td>")
			}
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</tbody></table>\n")
}
