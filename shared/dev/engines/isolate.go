package engines

import "fmt"

// plain is a presentation without the traits of trait: the système de base
// with wide labels, net columns N then N-1 under right-aligned headers, k€,
// negatives with a hyphen, the company's name on its own line.
func plain(s *style) {
	s.model, s.groupTotals, s.detailedBank, s.grossColumns, s.previousFirst, s.cashFlow, s.samePage = modelBase, false, false, false, false, true, false
	s.unit, s.unitText, s.unitInHead = "k€", "(en milliers d'euros)", false
	s.negatives, s.thousands, s.zero = "-", "\u00a0", "0"
	s.labelWidth, s.valign, s.headerAlign, s.borders = 50, "middle", "right", false
	s.companyInTitle, s.endMonth, s.yearHeader = false, 12, 0
	s.interim, s.periodHeader, s.sideBySide, s.byFunction, s.notesColumn, s.variation = "", 0, false, false, false, 0
}

// trait is one presentation trait, changed alone on the plain presentation.
type trait struct {
	name string
	set  func(*style)
}

var traits = []trait{
	{"sans trait", func(*style) {}},
	{"en-têtes centrés", func(s *style) { s.headerAlign = "center" }},
	{"société dans le titre", func(s *style) { s.companyInTitle = true }},
	{"libellés étroits", func(s *style) { s.labelWidth = 22 }},
	{"N-1 en premier", func(s *style) { s.previousFirst = true }},
	{"brut/amort./net", func(s *style) { s.grossColumns = true }},
	{"pcg-abrege", func(s *style) { s.model = modelAbrege }},
	{"association", func(s *style) { s.model = modelAssociation }},
	{"pcg-developpe", func(s *style) { s.model = modelDeveloppe }},
	{"ifrs consolidé", func(s *style) { s.model = modelIFRS }},
	{"pcg-abrege sans résultats intermédiaires", func(s *style) { s.model, s.resultLines = modelAbrege, false }},
	{"sous-totaux par rubrique", func(s *style) { s.groupTotals = true }},
	{"concours bancaires détaillés", func(s *style) { s.detailedBank = true }},
	{"€", func(s *style) { s.unit, s.unitText = "€", "(en euros)" }},
	{"M€", func(s *style) { s.unit, s.unitText = "M€", "(en millions d'euros)" }},
	{"unité dans l'en-tête", func(s *style) { s.unitInHead = true }},
	{"négatifs ()", func(s *style) { s.negatives = "()" }},
	{"négatifs −", func(s *style) { s.negatives = "−" }},
	{"milliers séparés par .", func(s *style) { s.thousands = "." }},
	{"milliers séparés par U+202F", func(s *style) { s.thousands = "\u202f" }},
	{"zéros en tiret", func(s *style) { s.zero = "–" }},
	{"en-têtes Exercice N / date", func(s *style) { s.yearHeader = 3 }},
	{"en-têtes Exercice clos le", func(s *style) { s.yearHeader = 2 }},
	{"clôture au 30/06", func(s *style) { s.endMonth = 6 }},
	{"montants en bas de cellule", func(s *style) { s.valign, s.labelWidth = "bottom", 22 }},
	{"bordures", func(s *style) { s.borders = true }},
	{"semestre", func(s *style) { s.interim = halfYear }},
	{"situation de 10 mois", func(s *style) { s.interim, s.situationMonths = situation, 10 }},
	{"ifrs, charges par fonction", func(s *style) { s.model, s.byFunction = modelIFRS, true }},
	{"actif et passif côte à côte", func(s *style) { s.sideBySide = true }},
	{"colonne des notes", func(s *style) { s.notesColumn = true }},
	{"variation et %", func(s *style) { s.variation = 2 }},
	{"négatifs après le montant", func(s *style) { s.negatives = minusAfter }},
}

// Isolated gives the document of seed in the plain presentation and in it
// with each trait changed alone: their scores tell which traits a reader
// misses. Each document's Traits names its trait, its Variant tells the
// folders apart.
func Isolated(seed uint64) ([]Document, error) {
	out := make([]Document, 0, len(traits))
	for i, t := range traits {
		d, err := generate(seed, func(s *style) { plain(s); t.set(s) })
		if err != nil {
			return nil, err
		}
		d.Traits = "isolé : " + t.name
		d.Variant = fmt.Sprintf("t%02d", i)
		out = append(out, d)
	}
	return out, nil
}
