package main

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"analyste.dev/analyste/shared/checks"
	"analyste.dev/analyste/shared/statements"
)

// build checks a company's rapport.json against its truth.json and renders
// the PDF; any disagreement between them is an error, never a silent fix.
func build(c company) ([]byte, error) {
	cells, err := layout(c)
	if err != nil {
		return nil, err
	}
	return render(c, cells)
}

// layout checks the sources and gives the printed cells of every table.
func layout(c company) (map[*Table][][]string, error) {
	u, err := unitOf(c.truth.PrintedUnit)
	if err != nil {
		return nil, err
	}
	years := sortedYears(c.truth)
	if len(years) == 0 {
		return nil, fmt.Errorf("truth.json sans exercice")
	}
	if err := checkIdentities(c.truth); err != nil {
		return nil, err
	}
	truth := map[statements.Statement]map[int]map[string]float64{}
	for _, s := range statements.All {
		if truth[s], err = truthValues(c.truth, s); err != nil {
			return nil, err
		}
	}
	tables := c.source.tables()
	for _, chain := range chains(tables) {
		if truth[chain.Statement] == nil {
			return nil, fmt.Errorf("état inconnu %q", chain.Statement)
		}
		if err := checkSplits(chain, truth[chain.Statement], years); err != nil {
			return nil, err
		}
	}
	cells := map[*Table][][]string{}
	for _, p := range tables {
		if cells[p.table], err = tableCells(p.table, truth, years, u, c.source.Style); err != nil {
			return nil, fmt.Errorf("page %d : %w", p.page, err)
		}
	}
	if err := checkStatements(c.truth, truth, tables); err != nil {
		return nil, err
	}
	if err := checkSignals(c); err != nil {
		return nil, err
	}
	return cells, nil
}

// placed is a table and the page it is printed on.
type placed struct {
	table *Table
	page  int
}

// tables lists the tables of the report in printing order.
func (s Source) tables() []placed {
	var out []placed
	for pi := range s.Pages {
		for bi := range s.Pages[pi].Block {
			for _, t := range s.Pages[pi].Block[bi].tables() {
				out = append(out, placed{table: t, page: pi + 1})
			}
		}
	}
	return out
}

// chains gives each printed statement as one table: a table Continued on
// the next page adds its lines to the previous table of its statement.
func chains(ts []placed) []Table {
	var out []Table
	last := map[statements.Statement]int{}
	for _, p := range ts {
		t := p.table
		if i, ok := last[t.Statement]; ok && t.Continued {
			out[i].Lines = append(out[i].Lines, t.Lines...)
			continue
		}
		last[t.Statement] = len(out)
		out = append(out, Table{Statement: t.Statement, Lines: slices.Clone(t.Lines)})
	}
	return out
}

// tableCells checks one table against the truth and gives its printed cells.
func tableCells(t *Table, truth map[statements.Statement]map[int]map[string]float64, years []int, u unit, style Style) ([][]string, error) {
	if t.Style != nil {
		style = *t.Style
	}
	if err := style.check(); err != nil {
		return nil, err
	}
	if err := checkColumns(t, years); err != nil {
		return nil, err
	}
	values, err := resolveTable(*t, truth[t.Statement])
	if err != nil {
		return nil, err
	}
	return formatTable(t, values, u.withDecimals(style), style, revenue(truth[statements.Income]))
}

// revenue is the chiffre d'affaires of each year, in k€: what a "% CA"
// column divides by.
func revenue(income map[int]map[string]float64) map[int]float64 {
	out := map[int]float64{}
	for year, keys := range income {
		out[year] = keys["chiffre_affaires"]
	}
	return out
}

// checkIdentities refuses a truth on which an accounting identity fails: the
// reports test readers against it.
func checkIdentities(t statements.Truth) error {
	r, err := statements.FromTruth(t)
	if err != nil {
		return err
	}
	for _, c := range checks.Identities(r) {
		if c.Status == checks.Failed {
			return fmt.Errorf("vérité incohérente : %s", c.Message)
		}
	}
	return nil
}

// checkColumns requires one net column per year of the truth.
func checkColumns(t *Table, years []int) error {
	var net []int
	for _, c := range t.Columns {
		if !slices.Contains([]string{columnNet, columnGross, columnDepreciation, columnShare}, c.Kind) {
			return fmt.Errorf("%s : type de colonne inconnu %q", t.Statement, c.Kind)
		}
		if c.Kind == columnNet {
			net = append(net, c.Year)
		}
	}
	slices.Sort(net)
	if !slices.Equal(net, years) {
		return fmt.Errorf("%s : colonnes nettes %v, exercices de la vérité %v", t.Statement, net, years)
	}
	return nil
}

// formatTable turns resolved amounts into the printed cells; a line without
// amount (a section title) has none.
func formatTable(t *Table, values [][]float64, u unit, s Style, revenue map[int]float64) ([][]string, error) {
	cells := make([][]string, len(t.Lines))
	for i, l := range t.Lines {
		if l.Key == "" && len(l.Sum) == 0 && l.Amounts == nil {
			continue
		}
		sign := 1.0
		if t.NegativeCharges && t.Statement == statements.Income && (statements.IsCharge(l.Key) || l.Charge) || l.Deduction && !t.NegativeCharges {
			sign = -1
		}
		for c, v := range values[i] {
			if col := t.Columns[c]; col.Kind == columnShare {
				if revenue[col.Year] == 0 {
					return nil, fmt.Errorf("%s : colonne « %% CA » sans chiffre d’affaires %d", t.Statement, col.Year)
				}
				share := math.Round(1000*sign*v/revenue[col.Year]) / 10
				cells[i] = append(cells[i], Style{Negatives: s.Negatives}.format(share, 1))
				continue
			}
			p, err := u.printed(sign * v)
			if err != nil {
				return nil, fmt.Errorf("%s, ligne « %s » : %w", t.Statement, l.Label, err)
			}
			text := s.format(p, u.decimals)
			if p == 0 && s.Zero == zeroBlank && t.Columns[c].Kind != columnNet {
				text = ""
			}
			cells[i] = append(cells[i], text)
		}
	}
	return cells, nil
}

// checkStatements requires every dictionary key of each statement the truth
// lists to be printed, each statement to start on the page the truth names,
// and a statement the truth does not list to be absent.
func checkStatements(t statements.Truth, truth map[statements.Statement]map[int]map[string]float64, tables []placed) error {
	printed := map[statements.Statement]map[string]bool{}
	first := map[statements.Statement]int{}
	for _, p := range tables {
		s := p.table.Statement
		if printed[s] == nil {
			printed[s] = map[string]bool{}
			first[s] = p.page
		}
		for _, l := range p.table.Lines {
			if l.Key != "" {
				printed[s][l.Key] = true
			}
		}
	}
	want := map[statements.Statement]int{
		statements.Income:   t.Pages.Income,
		statements.Balance:  t.Pages.Balance,
		statements.CashFlow: t.Pages.CashFlow,
	}
	year := sortedYears(t)[0]
	for _, s := range statements.All {
		if first[s] != want[s] || len(truth[s][year]) == 0 && first[s] != 0 {
			return fmt.Errorf("%s imprimé à partir de la page %d, la vérité dit page %d", s, first[s], want[s])
		}
		var missing []string
		for key := range truth[s][year] {
			if !printed[s][key] {
				missing = append(missing, key)
			}
		}
		if len(missing) > 0 {
			slices.Sort(missing)
			return fmt.Errorf("%s : clés non imprimées %v", s, missing)
		}
	}
	return nil
}

// quoteFolding makes the page text and a signal's clue comparable the way
// typographic variants of one sentence are.
var quoteFolding = strings.NewReplacer("’", "'", "\u00a0", " ", "\u202f", " ")

// checkSignals requires each expected signal's clue on the page it names.
func checkSignals(c company) error {
	for _, sig := range c.truth.ExpectedSignals {
		if sig.Page < 1 || sig.Page > len(c.source.Pages) {
			return fmt.Errorf("signal %s : page %d hors du rapport", sig.ID, sig.Page)
		}
		text := quoteFolding.Replace(c.source.Pages[sig.Page-1].text())
		if !strings.Contains(text, quoteFolding.Replace(sig.Clue)) {
			return fmt.Errorf("signal %s : « %s » absent de la page %d", sig.ID, sig.Clue, sig.Page)
		}
	}
	return nil
}

// text is the prose of a page, as a reader would quote it.
func (p Page) text() string {
	parts := []string{p.Title}
	for _, b := range p.Block {
		parts = append(parts, b.Heading, b.Text)
		parts = append(parts, b.Bullets...)
		parts = append(parts, b.Sign...)
	}
	return strings.Join(parts, "\n")
}
