package statementreader

import (
	"math"
	"slices"
	"strings"
	"unicode"

	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/locate"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/statements"
)

// cerfaRead is what the statement forms of a liasse give.
type cerfaRead struct {
	tables  []statements.Table
	units   []frnum.Unit // per table: the unit printed on its page, None if none
	form    string       // number of the first form read, "" when none was
	company string
}

// covers tells whether the forms printed statement st.
func (c cerfaRead) covers(st statements.Statement) bool {
	return slices.ContainsFunc(c.tables, func(t statements.Table) bool { return t.Statement == st })
}

// readCerfa reads the statement forms of doc, one table per form, in
// statement then page order. A form continuing another (the 2053 after the
// 2052) extends its table: the compte de résultat keeps one sign convention
// for its charges, so that a tax credit printed alone on the 2053 stays a
// credit.
func readCerfa(doc *pdftext.Document) cerfaRead {
	var reads []formRead
	found := findForms(doc)
	for _, fp := range found {
		if fr := readForm(fp, doc.Pages[fp.page-1]); len(fr.rels) > 0 && len(fr.rows) > 0 {
			reads = append(reads, fr)
		}
	}
	years := liasseYears(doc, reads)
	if len(reads) == 0 || years[0] == 0 {
		return cerfaRead{}
	}
	out := cerfaRead{company: cerfaCompany(doc, found), form: reads[0].fp.form.number}
	byForm := map[string]int{}
	for _, st := range statements.All {
		for _, fr := range reads {
			if fr.fp.form.statement != st {
				continue
			}
			tab := fr.table(years)
			if i, ok := byForm[fr.fp.form.follows]; ok && slices.Equal(out.tables[i].Years, tab.Years) {
				out.tables[i].Lines = append(out.tables[i].Lines, tab.Lines...)
				continue
			}
			byForm[fr.fp.form.number] = len(out.tables)
			out.tables = append(out.tables, tab)
			out.units = append(out.units, unitIn(lineTexts(doc.Pages[fr.fp.page-1])))
		}
	}
	return out
}

// liasseYears gives the closing years of N and N-1: as dated above a form's
// columns, else from the closing date of the bundle ("Exercice … clos le
// 31122022" on the 2065), N-1 being the year before N unless dated.
func liasseYears(doc *pdftext.Document, reads []formRead) map[int]int {
	years := map[int]int{}
	for _, fr := range reads {
		for rel, y := range fr.dated {
			if years[rel] == 0 {
				years[rel] = y
			}
		}
	}
	switch {
	case years[0] != 0:
	case years[-1] != 0:
		years[0] = years[-1] + 1
	default:
		years[0] = closingYear(doc)
	}
	if years[-1] == 0 && years[0] != 0 {
		years[-1] = years[0] - 1
	}
	return years
}

// closingYear is the year of the first closing date printed after "clos
// le" in the document, 0 if none.
func closingYear(doc *pdftext.Document) int {
	for _, p := range doc.Pages {
		for _, l := range p.Lines {
			_, after, ok := strings.Cut(locate.Fold(l.Text()), "clos le ")
			if !ok {
				continue
			}
			var digits strings.Builder
			for _, tok := range strings.Fields(after) {
				if !isDigits(tok) || digits.Len()+len(tok) > 8 {
					break
				}
				digits.WriteString(tok)
			}
			if y := dateYear(digits.String()); y != 0 && digits.Len() == 8 {
				return y
			}
		}
	}
	return 0
}

// designationLabels open the name field: the forms' "Désignation de
// l'entreprise" has the name beside it, or just above it in the same box;
// the 2065's "Désignation de la société" and "Dénomination" have it on the
// line below.
var designationLabels = []nameField{
	{"designation de l entreprise", false},
	{"designation de la societe", true},
	{"denomination", true},
}

// cerfaCompany reads the company's name from the name field of the forms,
// the value most of them print; where it is blacked out on every one, from
// the 2065 (the IS return) of the bundle.
func cerfaCompany(doc *pdftext.Document, forms []formPage) string {
	count := map[string]int{}
	for _, fp := range forms {
		if name := designation(doc.Pages[fp.page-1]); name != "" {
			count[name]++
		}
	}
	if name := mostFrequent(count); name != "" {
		return name
	}
	for _, p := range doc.Pages {
		if pageForm(p) != "2065" {
			continue
		}
		if name := designation(p); name != "" {
			return name
		}
	}
	return ""
}

type nameField struct {
	folded string
	below  bool
}

// Gaps, in points, between the baseline of the name and of its label: the
// forms print it in the box slightly above the label; the 2065 a line below.
const (
	nameAboveGap = 7
	nameBelowGap = 20
)

// designation is the value of the name field of a page: after the label on
// its line, else on the line the field puts it.
func designation(p pdftext.Page) string {
	for i, l := range p.Lines {
		for si, s := range l.Spans {
			f := locate.Fold(s.Text)
			d := slices.IndexFunc(designationLabels, func(d nameField) bool { return strings.HasPrefix(f, d.folded) })
			if d < 0 {
				continue
			}
			if name := nameAfter(s.Text, designationLabels[d].folded); name != "" {
				return name
			}
			if name := firstName(l.Spans[si+1:]); name != "" {
				return name
			}
			return nameNear(p.Lines, i, designationLabels[d].below)
		}
	}
	return ""
}

// nameAfter is what follows the label in the span that opens with it.
func nameAfter(text, folded string) string {
	words := strings.Fields(text)
	n := len(strings.Fields(folded))
	// Fold splits "l'entreprise" in two words: count the folded words.
	consumed := 0
	for i, w := range words {
		consumed += len(strings.Fields(locate.Fold(w)))
		if consumed >= n {
			return cleanName(strings.Join(words[i+1:], " "))
		}
	}
	return ""
}

// nameNear reads the line just above the label line, or just below it.
func nameNear(lines []pdftext.Line, i int, below bool) string {
	j, gap := i-1, float64(nameAboveGap)
	if below {
		j, gap = i+1, nameBelowGap
	}
	if j < 0 || j >= len(lines) || math.Abs(lines[j].Y-lines[i].Y) > gap {
		return ""
	}
	return firstName(lines[j].Spans)
}

// firstName is the first span that can be a name: letters, and none of the
// form's own words (Néant, Durée de l'exercice, Adresse…).
func firstName(spans []pdftext.Span) string {
	for _, s := range spans {
		if name := cleanName(s.Text); name != "" {
			return name
		}
	}
	return ""
}

// formWords open the other fields printed beside the name.
var formWords = []string{"neant", "duree", "adresse", "exercice", "numero", "siret", "regime"}

func cleanName(text string) string {
	name := strings.TrimSpace(strings.Trim(strings.TrimSpace(text), ":*"))
	f := locate.Fold(name)
	if !strings.ContainsFunc(name, unicode.IsLetter) || strings.HasSuffix(strings.TrimSpace(text), ":") ||
		slices.ContainsFunc(formWords, func(w string) bool { return strings.HasPrefix(f, w) }) {
		return ""
	}
	return name
}
