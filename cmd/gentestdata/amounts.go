package main

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"analyste.dev/analyste/shared/statements"
)

// tolerance absorbs float noise only: the source's amounts are exact.
const tolerance = 0.05

// unit converts normalised k€ to the printed unit of a report.
type unit struct {
	factor   float64
	decimals int
}

func unitOf(printed string) (unit, error) {
	switch printed {
	case "€":
		return unit{factor: 1000}, nil
	case "k€":
		return unit{factor: 1}, nil
	case "M€":
		return unit{factor: 0.001, decimals: 1}, nil
	}
	return unit{}, fmt.Errorf("unité imprimée inconnue %q", printed)
}

// printed converts k€ to the printed unit and refuses an amount the table
// could not show exactly, so that the truth is what a reader can read.
func (u unit) printed(kEUR float64) (float64, error) {
	p := kEUR * u.factor
	scaled := p * math.Pow10(u.decimals)
	if math.Abs(scaled-math.Round(scaled)) > 1e-6 {
		return 0, fmt.Errorf("%v k€ ne s’imprime pas exactement avec %d décimale(s)", kEUR, u.decimals)
	}
	return math.Round(scaled) / math.Pow10(u.decimals), nil
}

// format writes an amount of the printed unit in French: grouped thousands,
// decimal comma, negatives and suffix as the style says.
func (s Style) format(v float64, decimals int) string {
	if v == 0 && s.Zero != "" && s.Zero != zeroBlank {
		return s.Zero
	}
	digits := strconv.FormatFloat(math.Abs(v), 'f', decimals, 64)
	intPart, frac, _ := strings.Cut(digits, ".")
	var b strings.Builder
	for i, r := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteString(s.ThousandsSeparator)
		}
		b.WriteRune(r)
	}
	if frac != "" {
		b.WriteString("," + frac)
	}
	text := b.String() + s.Suffix
	if v >= 0 || math.Abs(v) < 0.5*math.Pow10(-decimals) {
		return text
	}
	switch s.Negatives {
	case negativeParentheses:
		return "(" + text + ")"
	case negativeMinusSign:
		return "−" + text
	case negativeTrailing:
		return text + "-"
	}
	return "-" + text
}

// check refuses a style the renderer does not know.
func (s Style) check() error {
	switch s.Negatives {
	case negativeParentheses, negativeHyphen, negativeMinusSign, negativeTrailing:
	default:
		return fmt.Errorf("style : négatifs %q inconnus", s.Negatives)
	}
	if s.Decimals != nil && (*s.Decimals < 0 || *s.Decimals > 2) {
		return fmt.Errorf("style : %d décimales", *s.Decimals)
	}
	return nil
}

// withDecimals is the unit as the style prints it.
func (u unit) withDecimals(s Style) unit {
	if s.Decimals != nil {
		u.decimals = *s.Decimals
	}
	return u
}

// truthValues flattens the truth of one statement: year → key → k€.
func truthValues(t statements.Truth, s statements.Statement) (map[int]map[string]float64, error) {
	out := make(map[int]map[string]float64, len(t.Years))
	for year, y := range t.Years {
		b, err := json.Marshal(y)
		if err != nil {
			return nil, fmt.Errorf("exercice %d : %w", year, err)
		}
		var all map[statements.Statement]map[string]float64
		if err := json.Unmarshal(b, &all); err != nil {
			return nil, fmt.Errorf("exercice %d : %w", year, err)
		}
		out[year] = all[s]
	}
	return out, nil
}

// sortedYears lists the years of a truth in ascending order.
func sortedYears(t statements.Truth) []int {
	years := make([]int, 0, len(t.Years))
	for y := range t.Years {
		years = append(years, y)
	}
	sort.Ints(years)
	return years
}

// resolveTable computes each line's amount in each column, in k€ with the
// dictionary's sign, and refuses a subtotal that differs from the truth.
func resolveTable(t Table, truth map[int]map[string]float64) ([][]float64, error) {
	values := make([][]float64, len(t.Lines))
	byID := map[string]int{}
	for i, l := range t.Lines {
		if l.ID != "" {
			byID[l.ID] = i
		}
		values[i] = make([]float64, len(t.Columns))
		for c := range t.Columns {
			v, err := lineValue(t, values, byID, i, c, truth)
			if err != nil {
				return nil, fmt.Errorf("%s, ligne « %s » : %w", t.Statement, l.Label, err)
			}
			values[i][c] = v
		}
	}
	return values, nil
}

// lineValue computes line i in column c from the lines above it.
func lineValue(t Table, values [][]float64, byID map[string]int, i, c int, truth map[int]map[string]float64) (float64, error) {
	l, col := t.Lines[i], t.Columns[c]
	year := strconv.Itoa(col.Year)
	if len(l.Sum) == 0 {
		net, ok := l.Amounts[year]
		if !ok && l.Key != "" {
			net = truth[col.Year][l.Key]
		}
		gross, ok := l.Gross[year]
		if !ok {
			gross = net
		}
		switch col.Kind {
		case columnGross:
			return gross, nil
		case columnDepreciation:
			return gross - net, nil
		}
		return net, nil
	}
	var sum float64
	for _, term := range l.Sum {
		name, sign := strings.TrimPrefix(term, "-"), 1.0
		if name != term {
			sign = -1
		}
		v, err := termValue(t, values, byID, i, c, name)
		if err != nil {
			return 0, err
		}
		sum += sign * v
	}
	if l.Key != "" && col.Kind == columnNet {
		if want := truth[col.Year][l.Key]; math.Abs(sum-want) > tolerance {
			return 0, fmt.Errorf("%d : la somme des lignes donne %v, la vérité %s vaut %v", col.Year, sum, l.Key, want)
		}
	}
	return sum, nil
}

// termValue is the amount of a sum's term: a subtotal's id, or every line
// of a dictionary key, all above line i.
func termValue(t Table, values [][]float64, byID map[string]int, i, c int, name string) (float64, error) {
	if j, ok := byID[name]; ok && j < i {
		return values[j][c], nil
	}
	var v float64
	found := false
	for j := range i {
		if t.Lines[j].Key == name {
			v += values[j][c]
			found = true
		}
	}
	if !found {
		return 0, fmt.Errorf("terme %q absent des lignes précédentes", name)
	}
	return v, nil
}

// checkSplits refuses a key printed on several lines whose amounts do not
// add up to the truth, and a key the dictionary does not know.
func checkSplits(t Table, truth map[int]map[string]float64, years []int) error {
	lines := map[string][]Line{}
	var keys []string
	for _, l := range t.Lines {
		if l.Key == "" || len(l.Sum) > 0 {
			continue
		}
		if _, ok := truth[years[0]][l.Key]; !ok {
			return fmt.Errorf("%s : clé inconnue %q (ligne « %s »)", t.Statement, l.Key, l.Label)
		}
		if lines[l.Key] == nil {
			keys = append(keys, l.Key)
		}
		lines[l.Key] = append(lines[l.Key], l)
	}
	for _, key := range keys {
		ls := lines[key]
		if len(ls) == 1 && ls[0].Amounts == nil {
			continue
		}
		for _, year := range years {
			var sum float64
			for _, l := range ls {
				v, ok := l.Amounts[strconv.Itoa(year)]
				if !ok {
					return fmt.Errorf("%s %d : la ligne « %s » partage %s sans montant", t.Statement, year, l.Label, key)
				}
				sum += v
			}
			if want := truth[year][key]; math.Abs(sum-want) > tolerance {
				return fmt.Errorf("%s %d : les lignes de %s totalisent %v, la vérité vaut %v", t.Statement, year, key, sum, want)
			}
		}
	}
	return nil
}
