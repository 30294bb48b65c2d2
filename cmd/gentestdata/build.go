package main

import (
	"fmt"
	"slices"
	"strings"

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
	truth := map[statements.Statement]map[int]map[string]float64{}
	for _, s := range statements.All {
		if truth[s], err = truthValues(c.truth, s); err != nil {
			return nil, err
		}
	}
	cells := map[*Table][][]string{}
	printed := map[statements.Statement]map[string]bool{}
	pages := map[statements.Statement][]int{}
	for pi := range c.source.Pages {
		for bi := range c.source.Pages[pi].Block {
			t := c.source.Pages[pi].Block[bi].Table
			if t == nil {
				continue
			}
			if truth[t.Statement] == nil {
				return nil, fmt.Errorf("page %d : état inconnu %q", pi+1, t.Statement)
			}
			if err := checkColumns(t, years); err != nil {
				return nil, fmt.Errorf("page %d : %w", pi+1, err)
			}
			values, err := resolveTable(*t, truth[t.Statement], years)
			if err != nil {
				return nil, fmt.Errorf("page %d : %w", pi+1, err)
			}
			if cells[t], err = formatTable(t, values, u, c.source.Style); err != nil {
				return nil, fmt.Errorf("page %d : %w", pi+1, err)
			}
			if printed[t.Statement] == nil {
				printed[t.Statement] = map[string]bool{}
			}
			for _, l := range t.Lines {
				if l.Key != "" {
					printed[t.Statement][l.Key] = true
				}
			}
			if !slices.Contains(pages[t.Statement], pi+1) {
				pages[t.Statement] = append(pages[t.Statement], pi+1)
			}
		}
	}
	if err := checkStatements(c.truth, truth, printed, pages); err != nil {
		return nil, err
	}
	if err := checkSignals(c); err != nil {
		return nil, err
	}
	return cells, nil
}

// checkColumns requires one net column per year of the truth.
func checkColumns(t *Table, years []int) error {
	var net []int
	for _, c := range t.Columns {
		if c.Kind != columnNet && c.Kind != columnGross && c.Kind != columnDepreciation {
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
func formatTable(t *Table, values [][]float64, u unit, s Style) ([][]string, error) {
	cells := make([][]string, len(t.Lines))
	for i, l := range t.Lines {
		if l.Key == "" && len(l.Sum) == 0 {
			continue
		}
		sign := 1.0
		if t.NegativeCharges && t.Statement == statements.Income && (chargeKeys[l.Key] || l.Charge) {
			sign = -1
		}
		for _, v := range values[i] {
			p, err := u.printed(sign * v)
			if err != nil {
				return nil, fmt.Errorf("%s, ligne « %s » : %w", t.Statement, l.Label, err)
			}
			cells[i] = append(cells[i], s.format(p, u.decimals))
		}
	}
	return cells, nil
}

// checkStatements requires every dictionary key of each statement to be
// printed, and each statement to sit on the page the truth names.
func checkStatements(t statements.Truth, truth map[statements.Statement]map[int]map[string]float64, printed map[statements.Statement]map[string]bool, pages map[statements.Statement][]int) error {
	want := map[statements.Statement]int{
		statements.Income:   t.Pages.Income,
		statements.Balance:  t.Pages.Balance,
		statements.CashFlow: t.Pages.CashFlow,
	}
	year := sortedYears(t)[0]
	for _, s := range statements.All {
		if got := pages[s]; !slices.Equal(got, []int{want[s]}) {
			return fmt.Errorf("%s imprimé page(s) %v, la vérité dit page %d", s, got, want[s])
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
