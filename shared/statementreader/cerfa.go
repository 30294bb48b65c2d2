package statementreader

import (
	"math"
	"slices"
	"strings"
	"unicode"

	"analyste.dev/analyste/shared/locate"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/statements"
)

// Cerfa forms (liasse fiscale) are read by their fixed rows rather than by
// wording: each printed line is the row whose line code it carries, else the
// next row whose fixed label it prints. Amounts are taken in the year
// columns only, by their position under the header.

// formPage is a page printing one of the statement forms.
type formPage struct {
	form *cerfaForm
	page int // 1-based
}

// findForms lists the statement forms of the document, the first page of
// each form number, in page order.
func findForms(doc *pdftext.Document) []formPage {
	var out []formPage
	for _, p := range doc.Pages {
		f := formOf(p)
		if f != nil && !slices.ContainsFunc(out, func(fp formPage) bool { return fp.form == f }) {
			out = append(out, formPage{form: f, page: p.Number})
		}
	}
	return out
}

// formOf is the statement form a page prints: its number ("N° 2050-SD",
// "DGFiP N° 2033-A"), else its fixed title on a page that has the forms'
// "Désignation de l'entreprise" box. Nil for any other page.
func formOf(p pdftext.Page) *cerfaForm {
	if n := pageForm(p); n != "" {
		return formByNumber(n)
	}
	if !slices.ContainsFunc(p.Lines, func(l pdftext.Line) bool {
		return strings.Contains(locate.Fold(l.Text()), "designation de l entreprise")
	}) {
		return nil
	}
	for i, l := range p.Lines {
		if i == formTitleLines {
			break
		}
		title := strings.TrimLeft(locate.Fold(l.Text()), "0123456789 ")
		for fi := range cerfaForms {
			for _, t := range cerfaForms[fi].titles {
				if strings.HasPrefix(title, t) {
					return &cerfaForms[fi]
				}
			}
		}
	}
	return nil
}

// pageForm is the number of the form a page prints, the first one printed
// ("" if none).
func pageForm(p pdftext.Page) string {
	for _, l := range p.Lines {
		for _, s := range l.Spans {
			if n := formNumber(s.Text); n != "" {
				return n
			}
		}
	}
	return ""
}

// formTitleLines is how far from the top of a page a form title is looked for.
const formTitleLines = 8

// formNumber reads a form number that opens a span: "N° 2050-SD 2019" gives
// "2050", "N° 2033-A 2024" gives "2033-A". A reference to another form
// ("voir tableau n° 2053") does not open its span.
func formNumber(text string) string {
	tokens := strings.Fields(locate.Fold(text))
	if len(tokens) > 0 && tokens[0] == "dgfip" {
		tokens = tokens[1:]
	}
	if len(tokens) < 2 || tokens[0] != "n" || len(tokens[1]) != 4 || !isDigits(tokens[1]) {
		return ""
	}
	if len(tokens) > 2 && len(tokens[2]) == 1 && tokens[2] >= "a" && tokens[2] <= "g" {
		return tokens[1] + "-" + strings.ToUpper(tokens[2])
	}
	return tokens[1]
}

func formByNumber(n string) *cerfaForm {
	for i := range cerfaForms {
		if cerfaForms[i].number == n {
			return &cerfaForms[i]
		}
	}
	return nil
}

// formRead is what one form page gives: its year columns and its rows.
type formRead struct {
	fp    formPage
	rels  []int       // year columns in printed order: 0 for N, -1 for N-1
	dated map[int]int // closing year printed above a column
	rows  []rowRead   // in printed order
}

// rowRead is one row of a form as printed, possibly over two lines (a
// label, then its code and amounts).
type rowRead struct {
	row     int // index in the form's rows
	label   []string
	amounts map[int]*float64 // by rel
}

// formLine is one line of a form page, read.
type formLine struct {
	y       float64
	row     int // -1 when the line names no row
	label   []string
	folded  string
	amounts map[int]*float64
}

// readForm reads the rows of a form page, from its header down to the
// form's last row: the renvois below it are not rows.
func readForm(fp formPage, p pdftext.Page) formRead {
	fr := formRead{fp: fp, dated: map[int]int{}}
	codes := fp.form.codeRows()
	var band, cols []headerCell
	var lines []formLine
	next := 0 // label reading goes forward: rows before next are passed
	for _, l := range p.Lines {
		pieces, found, label := splitLine(l, codes)
		folded := foldLabel(strings.Join(label, " "))
		row := fp.form.rowByLabel(folded, next)
		if cells, header := headerCells(l); header && len(found) == 0 && row < 0 {
			band = append(band, cells...)
			continue
		}
		if slices.ContainsFunc(band, headerCell.strong) {
			cols = formColumns(band)
			fr.addColumns(cols)
		}
		band = nil
		amounts, numbered := place(pieces, cols, codes)
		if found = append(found, numbered...); len(found) > 0 {
			row = codes[found[0]]
		}
		lines = append(lines, formLine{y: l.Y, row: row, label: label, folded: folded, amounts: amounts})
		next = max(next, row+1)
		if row == len(fp.form.rows)-1 {
			break
		}
	}
	fr.rows = gatherRows(fp.form.relabel(lines))
	return fr
}

// place puts the numbers of a line in the year columns, by rel. A number
// outside them that is a line code of the form ("120" left of the 2033's
// amounts) is returned as a code: a code is never read as an amount.
func place(pieces []piece, cols []headerCell, codes map[string]int) (map[int]*float64, []string) {
	amounts := map[int]*float64{}
	var found []string
	for _, pc := range pieces {
		c, ok := boxAt(cols, pc.x1)
		if ok && c.rel != nil {
			if amounts[*c.rel] == nil {
				amounts[*c.rel] = pc.value
			}
			continue
		}
		if _, code := codes[pc.text]; code {
			found = append(found, pc.text)
		}
	}
	return amounts, found
}

// addColumns records the year columns of a header band and their dates.
func (fr *formRead) addColumns(cols []headerCell) {
	for _, c := range cols {
		if c.rel == nil {
			continue
		}
		if !slices.Contains(fr.rels, *c.rel) {
			fr.rels = append(fr.rels, *c.rel)
		}
		if c.year != 0 {
			fr.dated[*c.rel] = c.year
		}
	}
}

// codeRows maps each line code of the form to its row index.
func (f *cerfaForm) codeRows() map[string]int {
	out := map[string]int{}
	for i, r := range f.rows {
		for _, c := range strings.Fields(r.codes) {
			out[c] = i
		}
	}
	return out
}

// rowByLabel is the first row from next on whose fixed label opens the
// folded label, -1 if none.
func (f *cerfaForm) rowByLabel(folded string, next int) int {
	if folded == "" {
		return -1
	}
	for i := next; i < len(f.rows); i++ {
		if f.fits(i, folded) {
			return i
		}
	}
	return -1
}

// fits tells whether a folded label is row i's fixed label.
func (f *cerfaForm) fits(i int, folded string) bool {
	return slices.ContainsFunc(strings.Split(f.rows[i].labels, "|"), func(p string) bool { return labelFits(folded, p) })
}

// relabel gives a row read by its code the fixed label printed on an
// adjacent line: the form prints some labels over two lines, or the code
// beside a "dont" line ("dont provisions fiscales… 259 262 (1)" above
// "Autres charges").
func (f *cerfaForm) relabel(lines []formLine) []formLine {
	for i, l := range lines {
		if l.row < 0 || f.fits(l.row, l.folded) {
			continue
		}
		j := nearest(lines, i, func(n formLine) bool { return n.row < 0 && len(n.amounts) == 0 && f.fits(l.row, n.folded) })
		if j >= 0 {
			lines[i].label = lines[j].label
		}
	}
	return lines
}

// nearest is the closer of the lines just above and just below line i, within
// rowGap, that satisfies ok; -1 if neither does.
func nearest(lines []formLine, i int, ok func(formLine) bool) int {
	best := -1
	for _, j := range []int{i - 1, i + 1} {
		if j < 0 || j >= len(lines) || !ok(lines[j]) {
			continue
		}
		if gap := math.Abs(lines[j].y - lines[i].y); gap < rowGap && (best < 0 || gap < math.Abs(lines[best].y-lines[i].y)) {
			best = j
		}
	}
	return best
}

// labelFits matches a folded label against a row's pattern: the pattern
// opens the label (" * " lets words come between, see match), or with a
// leading "* " may come after other words, or with "=" is the whole label.
func labelFits(folded, pattern string) bool {
	if whole, ok := strings.CutPrefix(pattern, "="); ok {
		return folded == whole
	}
	if inner, ok := strings.CutPrefix(pattern, "* "); ok {
		return strings.Contains(" "+folded+" ", " "+inner+" ")
	}
	return match(folded, pattern)
}

// piece is a number printed in a span, with its estimated extent.
type piece struct {
	x0, x1 float64
	text   string
	value  *float64
}

// splitLine separates a line into numbers (amounts, or a 2033 line number
// that only its position tells from an amount), line codes and label
// words. Letter codes and codes stuck to a label are taken off the ends of
// their span ("23 638 AG", ") DF", "Clients et comptes rattachés* 068").
func splitLine(l pdftext.Line, codes map[string]int) (pieces []piece, found, label []string) {
	isCode := func(w string) bool {
		_, ok := codes[w]
		return ok
	}
	// Some text layers put the opening parenthesis of a negative amount with
	// the line code, apart from its digits: "DL (" then "15 199 200)".
	open := ""
	for _, s := range l.Spans {
		text := open + strings.TrimSpace(s.Text)
		open = ""
		if v, ok := amountCell(text); ok && !strings.ContainsFunc(text, unicode.IsLetter) {
			pieces = append(pieces, piece{x0: s.X0, x1: s.X1, text: text, value: v})
			continue
		}
		words := strings.Fields(s.Text)
		i, j := 0, len(words)
		for i < j && isCode(words[i]) {
			i++
		}
		for j > i && isCode(words[j-1]) {
			j--
		}
		found = append(found, words[:i]...)
		found = append(found, words[j:]...)
		rest := strings.Join(words[i:j], " ")
		if v, ok := amountCell(rest); ok && rest != "" {
			x0, x1 := within(s, strings.Join(words[:i], " "), rest)
			pieces = append(pieces, piece{x0: x0, x1: x1, text: rest, value: v})
			continue
		}
		if rest == "(" {
			open = rest
			continue
		}
		if strings.ContainsFunc(rest, unicode.IsLetter) {
			label = append(label, rest)
		}
	}
	return pieces, found, label
}

// within estimates the extent of part in span s, after before, assuming
// glyphs of equal width.
func within(s pdftext.Span, before, part string) (float64, float64) {
	total := float64(len([]rune(s.Text)))
	start := float64(len([]rune(before)))
	if before != "" {
		start++
	}
	w := (s.X1 - s.X0) / total
	return s.X0 + w*start, s.X0 + w*(start+float64(len([]rune(part))))
}

// rowGap is how close, in points, a line of amounts without a label must be
// to the label of its row printed just above or below it.
const rowGap = 10

// gatherRows merges the lines of each row: a row's label and its code may
// sit on two lines, and amounts printed without code nor label belong to
// the row named on the adjacent line that has no amounts.
func gatherRows(lines []formLine) []rowRead {
	for i := range lines {
		if lines[i].row >= 0 || len(lines[i].amounts) == 0 {
			continue
		}
		if j := nearest(lines, i, func(n formLine) bool { return n.row >= 0 && len(n.amounts) == 0 }); j >= 0 {
			lines[i].row = lines[j].row
		}
	}
	var out []rowRead
	for _, l := range lines {
		if l.row < 0 {
			continue
		}
		i := slices.IndexFunc(out, func(r rowRead) bool { return r.row == l.row })
		if i < 0 {
			out = append(out, rowRead{row: l.row, amounts: map[int]*float64{}})
			i = len(out) - 1
		}
		out[i].label = append(out[i].label, l.label...)
		for rel, a := range l.amounts {
			if out[i].amounts[rel] == nil {
				out[i].amounts[rel] = a
			}
		}
	}
	return out
}

// table writes a form read as a statement table, its columns in the years
// printed above them, else in the document's years of N and N-1.
func (fr formRead) table(years map[int]int) statements.Table {
	tab := statements.Table{Statement: fr.fp.form.statement, Page: fr.fp.page}
	for _, rel := range fr.rels {
		y, ok := fr.dated[rel]
		if !ok {
			y = years[rel]
		}
		tab.Years = append(tab.Years, y)
	}
	for _, r := range fr.rows {
		def := fr.fp.form.rows[r.row]
		line := statements.Line{Label: strings.Join(r.label, " "), Category: def.key, Covers: def.covers}
		for _, rel := range fr.rels {
			line.Amounts = append(line.Amounts, signed(r.amounts[rel], def.minus))
		}
		tab.Lines = append(tab.Lines, line)
	}
	return tab
}

// signed is the amount a row adds into its key: one printed as an amount to
// subtract (charges financières, participation) is negated, so that
// Normalise's sum gives the result. 0 - v keeps an empty box's zero positive.
func signed(a *float64, minus bool) *float64 {
	if a == nil || !minus {
		return a
	}
	return new(0 - *a)
}
