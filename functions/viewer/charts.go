package viewer

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"analyste.dev/analyste/shared/checks"
	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/ratios"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/statements"
)

// The pictures are SVG drawn by the templates (charts.html) from the
// geometry computed here: no chart library, no script. Each says in words
// what it shows (title, desc), for a screen reader and for a test.

// barChart is a horizontal bar chart: one bar per label.
type barChart struct {
	ID, Title, Desc string
	Width, Height   int
	Bars            []bar
}

type bar struct {
	Label, Value          string
	Class                 string // the colour: the status's CSS class
	URL                   string // where the bar leads, if anywhere
	X, Y, Width           int    // the bar
	LabelX, TextY, ValueX int    // its label (right-aligned) and its value
}

// Bar chart geometry, in SVG units: the labels' column, the bars' full
// length, a bar's height and its row's.
const (
	barLabels = 190
	barFull   = 320
	barRow    = 26
)

// newBarChart scales the bars to the largest value; a zero value draws a
// sliver, so that its link stays.
func newBarChart(id, title string, labels, classes, urls []string, values []int) *barChart {
	c := &barChart{ID: id, Title: title, Width: barLabels + barFull + 60, Height: len(values)*barRow + 8}
	top := max(slices.Max(values), 1)
	var desc []string
	for i, n := range values {
		b := bar{Label: labels[i], Value: formatInt(n), Class: classes[i], URL: urls[i],
			X: barLabels + 2, Y: 4 + i*barRow, Width: max(n*barFull/top, 2), LabelX: barLabels - 4}
		b.TextY, b.ValueX = b.Y+13, b.X+b.Width+6
		c.Bars = append(c.Bars, b)
		desc = append(desc, labels[i]+" : "+formatInt(n))
	}
	c.Desc = strings.Join(desc, " ; ") + "."
	return c
}

// statusChart counts the reports of each status, each bar leading to them.
func statusChart(counts map[schema.Status]int) *barChart {
	var labels, classes, urls []string
	var values []int
	for _, st := range schema.Statuses {
		labels = append(labels, runStatuses[st])
		classes, urls, values = append(classes, "statut-"+string(st)), append(urls, "/?statut="+string(st)), append(values, counts[st])
	}
	return newBarChart("graphe-statuts", "Rapports par statut", labels, classes, urls, values)
}

// ageBucket is a range of waiting times: up to upTo.
type ageBucket struct {
	label string
	upTo  time.Duration
}

// ageBuckets are the ages the hand-off queue is counted in.
var ageBuckets = []ageBucket{
	{"moins d'un jour", 24 * time.Hour},
	{"1 à 3 jours", 72 * time.Hour},
	{"3 à 7 jours", 7 * 24 * time.Hour},
	{"plus de 7 jours", math.MaxInt64},
}

// ageChart counts the open hand-offs by how long they have waited; one
// whose opening is unknown is not counted.
func ageChart(queue []queueRow, now time.Time) *barChart {
	values := make([]int, len(ageBuckets))
	for _, q := range queue {
		if q.Resolution != nil || q.Opened.IsZero() {
			continue
		}
		age := now.Sub(q.Opened)
		values[slices.IndexFunc(ageBuckets, func(b ageBucket) bool { return age < b.upTo })]++
	}
	labels, classes, urls := make([]string, len(ageBuckets)), make([]string, len(ageBuckets)), make([]string, len(ageBuckets))
	for i, b := range ageBuckets {
		labels[i], classes[i] = b.label, "age-"+formatInt(i)
	}
	return newBarChart("graphe-attente", "Relais ouverts par ancienneté", labels, classes, urls, values)
}

// ratioPanel is one key ratio, N-1 then N, against its alert threshold and,
// for the leverage, the covenant's ceiling when the report states one.
type ratioPanel struct {
	Label, Desc string
	Points      []panelPoint
	Lines       []panelLine
	Ticks       []panelTick // the scale: the top and the bottom of the band
	Zero        *float64    // the y of zero, when the band holds it
	Height      int         // the plot, then a legend row per line
	Note        string      // why a year has no point
	Alert       bool        // the latest year crosses the threshold
}

type panelPoint struct {
	X, Y, LabelY float64
	Year, Value  string
	Alert        bool   // the year crosses the threshold: drawn as a diamond
	Diamond      string // its path
}

// panelTick is a value of the scale, written at its height.
type panelTick struct {
	Y     float64
	Label string
}

// panelLine is a threshold across the plot, named in the legend below it.
type panelLine struct {
	Y, LegendY float64
	Label      string
	Class      string // seuil, covenant
}

// Panel geometry, in SVG units: the plot's band, the x of each year, the
// first legend row and a row's height.
const (
	panelTop, panelBottom = 26.0, 116.0
	panelX0, panelX1      = 60.0, 190.0
	panelLegend           = 160.0
	legendRow             = 14
)

// keyRatio is a ratio the panels show, with its alert rule's threshold:
// limit reads it from the thresholds (and the year before), above tells
// whether a value above it fires.
type keyRatio struct {
	key   string
	above bool
	limit func(th ratios.Thresholds, prev ratios.Value) (float64, string, bool)
}

// fixed is a threshold that does not depend on the year before.
func fixed(v func(ratios.Thresholds) float64, label func(float64) string) func(ratios.Thresholds, ratios.Value) (float64, string, bool) {
	return func(th ratios.Thresholds, _ ratios.Value) (float64, string, bool) {
		x := v(th)
		return x, label(x), true
	}
}

// keyRatios are the ratios a lender reads first, with the alert rules of
// shared/ratios: the cash runway has none.
var keyRatios = []keyRatio{
	{"levier", true, fixed(func(th ratios.Thresholds) float64 { return th.MaxLeverage },
		func(x float64) string { return "seuil d'alerte " + frnum.FormatRatio(x) })},
	{"couverture_financiere", false, fixed(func(th ratios.Thresholds) float64 { return th.MinInterestCover },
		func(x float64) string { return "seuil d'alerte " + frnum.FormatRatio(x) })},
	{"marge_ebitda", false, fixed(func(ratios.Thresholds) float64 { return 0 },
		func(float64) string { return "EBITDA négatif sous 0 %" })},
	{"marge_nette", false, fixed(func(ratios.Thresholds) float64 { return 0 },
		func(float64) string { return "perte nette sous 0 %" })},
	{"free_cash_flow", false, fixed(func(ratios.Thresholds) float64 { return 0 },
		func(float64) string { return "free cash-flow négatif sous 0" })},
	{"bfr_jours", true, func(th ratios.Thresholds, prev ratios.Value) (float64, string, bool) {
		if !prev.OK() {
			return 0, "", false
		}
		return prev.Number + th.MaxBFRDaysIncrease, "hausse de plus de " + frnum.FormatDays(th.MaxBFRDaysIncrease), true
	}},
	{"mois_de_tresorerie", false, func(ratios.Thresholds, ratios.Value) (float64, string, bool) { return 0, "", false }},
}

// ratioPanels draws the key ratios of the two latest years (years latest
// first); ceiling is the leverage covenant's, when known.
func ratioPanels(years []int, values map[int]ratios.Ratios, th ratios.Thresholds, ceiling *float64) []ratioPanel {
	if len(years) == 0 {
		return nil
	}
	shown := slices.Clone(years[:min(2, len(years))])
	slices.Reverse(shown) // N-1, then N
	var out []ratioPanel
	for _, kr := range keyRatios {
		d, _ := ratios.DefinitionOf(kr.key)
		var prev ratios.Value
		if len(shown) == 2 {
			prev = d.Get(values[shown[0]])
		}
		p := ratioPanel{Label: d.Label}
		var lines []panelLine
		if limit, label, ok := kr.limit(th, prev); ok {
			lines = append(lines, panelLine{Y: limit, Label: label, Class: "seuil"})
		}
		if kr.key == "levier" && ceiling != nil {
			lines = append(lines, panelLine{Y: *ceiling, Label: "plafond du covenant " + frnum.FormatRatio(*ceiling), Class: "covenant"})
		}
		domain := make([]float64, 0, 5)
		var desc []string
		for i, y := range shown {
			v := d.Get(values[y])
			if !v.OK() || notSignificant(v, d.Unit) {
				reason := v.Reason
				if v.OK() {
					reason = "n.s. (" + ratios.FormatValue(v, d.Unit) + ")"
				}
				p.Note = strings.TrimSpace(p.Note + " " + fmt.Sprintf("%d : %s.", y, reason))
				continue
			}
			pt := panelPoint{X: panelX0 + float64(i)*(panelX1-panelX0), Y: v.Number, Year: fmt.Sprint(y), Value: ratios.FormatValue(v, d.Unit)}
			// A year crosses its own threshold: the one before the latest
			// too, when its threshold does not depend on the year before it.
			if lim, _, ok := kr.limit(th, yearBefore(d, values, shown, i)); ok && (i == len(shown)-1 || kr.key != "bfr_jours") {
				pt.Alert = kr.above && v.Number > lim || !kr.above && v.Number < lim
				if i == len(shown)-1 {
					p.Alert = pt.Alert
				}
			}
			p.Points = append(p.Points, pt)
			domain = append(domain, v.Number)
			alert := ""
			if pt.Alert {
				alert = " (en alerte)"
			}
			desc = append(desc, fmt.Sprintf("%d : %s%s", y, pt.Value, alert))
		}
		lines = mergeLines(lines)
		for _, l := range lines {
			domain = append(domain, l.Y)
			desc = append(desc, l.Label)
		}
		scale, lo, hi := yScale(domain)
		for i := range p.Points {
			p.Points[i].Y = scale(p.Points[i].Y)
			p.Points[i].LabelY = p.Points[i].Y - 9
			pt := p.Points[i]
			p.Points[i].Diamond = fmt.Sprintf("M%.1f %.1fl6 6-6 6-6-6z", pt.X, pt.Y-6)
		}
		for i := range lines {
			lines[i].Y = scale(lines[i].Y)
			lines[i].LegendY = panelLegend + float64(i)*legendRow
		}
		placeLabels(p.Points, lines)
		if lo < 0 && hi > 0 {
			z := scale(0)
			p.Zero = &z
		}
		if len(domain) > 0 {
			p.Ticks = []panelTick{{Y: panelTop, Label: ratios.FormatValue(ratios.Value{Number: hi}, d.Unit)},
				{Y: panelBottom, Label: ratios.FormatValue(ratios.Value{Number: lo}, d.Unit)}}
		}
		p.Lines, p.Height = lines, int(panelLegend)+len(lines)*legendRow
		if len(lines) == 0 {
			p.Height = int(panelLegend) - 6
		}
		p.Desc = d.Label + " — " + strings.Join(desc, " ; ")
		if p.Alert {
			p.Desc += " : en alerte"
		}
		p.Desc += "."
		out = append(out, p)
	}
	return out
}

// yScale maps values to the panel's band, highest on top, with a margin
// so that no point sits on the frame; it returns the band's bottom and top
// values, for the scale.
func yScale(domain []float64) (scale func(float64) float64, lo, hi float64) {
	if len(domain) == 0 {
		return func(float64) float64 { return panelBottom }, 0, 0
	}
	lo, hi = slices.Min(domain), slices.Max(domain)
	pad := (hi - lo) * 0.15
	if pad == 0 {
		pad = max(math.Abs(hi)*0.15, 1)
	}
	lo, hi = lo-pad, hi+pad
	return func(v float64) float64 {
		return math.Round((panelBottom-(v-lo)/(hi-lo)*(panelBottom-panelTop))*10) / 10
	}, lo, hi
}

// yearBefore is the ratio of the year before shown[i], for a threshold
// that depends on it.
func yearBefore(d ratios.Definition, values map[int]ratios.Ratios, shown []int, i int) ratios.Value {
	if i == 0 {
		return ratios.Value{Reason: ratios.NotAvailable}
	}
	return d.Get(values[shown[i-1]])
}

// mergeLines draws a threshold and a covenant's ceiling at the same value
// as one line, named by both.
func mergeLines(lines []panelLine) []panelLine {
	var out []panelLine
	for _, l := range lines {
		if i := slices.IndexFunc(out, func(o panelLine) bool { return math.Abs(o.Y-l.Y) < 1e-9 }); i >= 0 {
			out[i].Label += " = " + l.Label
			out[i].Class = "seuil-covenant"
			continue
		}
		out = append(out, l)
	}
	return out
}

// placeLabels puts a point's value below it when above it the label would
// sit on a threshold's line or leave the plot.
func placeLabels(points []panelPoint, lines []panelLine) {
	for i := range points {
		p := &points[i]
		clash := p.LabelY < panelTop-10
		for _, l := range lines {
			clash = clash || math.Abs(l.Y-(p.LabelY-4)) < 7
		}
		if clash {
			p.LabelY = p.Y + 18
		}
	}
}

// checkMatrix is every check at a glance: a row per statement (and the
// checks across statements), a column per year, a square per check.
type checkMatrix struct {
	Years        []matrixYear
	Rows         []matrixRow
	Width        int
	Height       int
	Desc         string
	Passed       int
	Failed       int
	Unverifiable int
}

type matrixYear struct {
	X     int
	Label string
}

type matrixRow struct {
	Label    string
	Y, TextY int
	Cells    []matrixCell
}

type matrixCell struct {
	X, SummaryY int
	Squares     []matrixSquare
	Summary     string
}

type matrixSquare struct {
	X, Y          int
	Status, Title string
	Anchor        string
}

// Matrix geometry: the labels' column, a year's column, a row, a square.
const (
	matrixLabels = 200
	matrixColumn = 260
	matrixStep   = 56 // a row's height
	matrixSide   = 12 // a square's
	matrixPerRow = 12
)

// matrixGroups are the matrix's rows, in the statements' order.
var matrixGroups = []struct {
	label string
	of    statements.Statement // "" for checks across statements
}{
	{statementTitles[statements.Income], statements.Income},
	{statementTitles[statements.Balance], statements.Balance},
	{statementTitles[statements.CashFlow], statements.CashFlow},
	{"Entre états et échelle", ""},
}

// statementOf is the statement a check reads (keys: the lines each
// identity reads): the one of all its lines, or of its printed subtotal;
// "" for a check across statements or of the scale.
func statementOf(c checks.Check, keys map[string][]statements.Key) statements.Statement {
	lines := keys[c.Label]
	if len(lines) == 0 {
		for _, st := range statements.All {
			if strings.Contains(c.Label, "("+string(st)+", ") {
				return st
			}
		}
		return ""
	}
	for _, k := range lines[1:] {
		if k.Statement != lines[0].Statement {
			return ""
		}
	}
	return lines[0].Statement
}

// newCheckMatrix lays out the checks (rows as extractionOf numbers them)
// for years, latest first as given and as the tables show them.
func newCheckMatrix(rows []checkRow, years []int) *checkMatrix {
	cols := years
	m := &checkMatrix{Width: matrixLabels + len(cols)*matrixColumn, Height: 24 + len(matrixGroups)*matrixStep}
	keys := involvedKeys()
	for i, y := range cols {
		m.Years = append(m.Years, matrixYear{X: matrixLabels + i*matrixColumn, Label: fmt.Sprint(y)})
	}
	for g, grp := range matrixGroups {
		row := matrixRow{Label: grp.label, Y: 24 + g*matrixStep}
		row.TextY = row.Y + 10
		for i, y := range cols {
			cell := matrixCell{X: matrixLabels + i*matrixColumn, SummaryY: row.Y + 2*(matrixSide+3) + 12}
			count := map[checks.Status]int{}
			for _, c := range rows {
				if c.Year != y || statementOf(c.Check, keys) != grp.of {
					continue
				}
				k := len(cell.Squares)
				cell.Squares = append(cell.Squares, matrixSquare{
					X: cell.X + (k%matrixPerRow)*(matrixSide+3), Y: row.Y + (k/matrixPerRow)*(matrixSide+3),
					Status: string(c.Status), Title: c.Label + " : " + c.StatusLabel, Anchor: c.Anchor})
				count[c.Status]++
			}
			m.Passed, m.Failed, m.Unverifiable = m.Passed+count[checks.Passed], m.Failed+count[checks.Failed], m.Unverifiable+count[checks.Unverifiable]
			cell.Summary = fmt.Sprintf("%d conforme%s, %d en échec, %d non vérifiable%s", count[checks.Passed], plural(count[checks.Passed]),
				count[checks.Failed], count[checks.Unverifiable], plural(count[checks.Unverifiable]))
			row.Cells = append(row.Cells, cell)
		}
		m.Rows = append(m.Rows, row)
	}
	m.Desc = fmt.Sprintf("%d contrôles conformes, %d en échec, %d non vérifiables.", m.Passed, m.Failed, m.Unverifiable)
	return m
}
