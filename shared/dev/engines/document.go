package engines

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/statements"
)

// Document is one generated set of annual accounts: its HTML, ready for an
// engine, and its truth (pages are known once rendered).
type Document struct {
	Seed    uint64
	Company string
	// Traits names the presentation drawn, for the reports of the test.
	Traits string
	// Variant tells apart documents of one seed (Isolated).
	Variant string
	HTML    []byte
	Truth   statements.Truth
	// titles are the printed titles of the first page of each statement.
	titles map[statements.Statement]string
}

// style is everything the seed draws about the presentation.
type style struct {
	model         string
	groupTotals   bool // subtotals under each heading of the actif
	detailedBank  bool // concours bancaires on their own line
	resultLines   bool // résultat financier and exceptionnel printed (abrégé)
	grossColumns  bool // brut / amortissements / net N / net N-1 on the actif
	previousFirst bool
	cashFlow      bool
	samePage      bool // passif under the actif on one page

	unit       string // "€", "k€", "M€"
	unitText   string // how the title says it
	unitInHead bool   // in the label column's header rather than under the title
	negatives  string // "()", "-", "−"
	thousands  string
	zero       string
	labelWidth int // percent of the table's width
	valign     string
	// headerAlign places the column headers: centred over their column, as
	// Writer's table headings are by default, or right over the amounts.
	headerAlign string
	font        string
	fontSize    float64
	borders     bool

	companyInTitle bool
	endMonth       int
	year           int
	yearHeader     int // which header style

	// Drawn by drawLateTraits, from a stream of their own.
	interim         string // "", halfYear or situation
	situationMonths int
	periodHeader    int  // which heading style prints an interim period
	sideBySide      bool // actif and passif in one table, side by side
	notesColumn     bool // a column of note references before the amounts
	variation       int  // 1: a column of the change N − N-1 after them, 2: and of the change in %
	byFunction      bool // a consolidated income statement by function
	costsNegative   bool // its function costs printed negative
}

func (s style) grain() float64 {
	switch s.unit {
	case "€":
		return 1000
	case "M€":
		return 0.01
	}
	return 1
}

func pick[T any](r *rand.Rand, xs ...T) T { return xs[r.IntN(len(xs))] }

func drawStyle(r *rand.Rand) style {
	s := style{
		model:          pick(r, modelBase, modelBase, modelBase, modelAbrege, modelAbrege, modelIFRS),
		groupTotals:    r.Float64() < 0.4,
		detailedBank:   r.Float64() < 0.5,
		resultLines:    r.Float64() < 0.6,
		grossColumns:   r.Float64() < 0.6,
		cashFlow:       r.Float64() < 0.5,
		unit:           pick(r, "€", "€", "k€", "k€", "k€", "M€"),
		negatives:      pick(r, "()", "()", "-", "−"),
		thousands:      pick(r, "\u00a0", "\u00a0", "\u202f", "."),
		zero:           pick(r, "0", "-", "–"),
		valign:         pick(r, "middle", "middle", "middle", "middle", "bottom", "top"),
		headerAlign:    pick(r, "center", "right"),
		font:           pick(r, "Liberation Sans", "Liberation Serif", "DejaVu Sans"),
		fontSize:       pick(r, 8.0, 8.5, 9.0, 10.0),
		borders:        r.Float64() < 0.6,
		companyInTitle: r.Float64() < 0.4,
		endMonth:       pick(r, 12, 12, 12, 12, 12, 12, 6, 3, 9),
		year:           2021 + r.IntN(6),
		yearHeader:     r.IntN(4),
		unitInHead:     r.Float64() < 0.3,
	}
	if s.model == modelIFRS {
		s.grossColumns = false // a consolidated balance sheet prints net amounts
	}
	s.previousFirst = !s.grossColumns && r.Float64() < 0.3
	s.samePage = s.model == modelAbrege && r.Float64() < 0.5
	if r.Float64() < 0.6 {
		s.labelWidth = 18 + r.IntN(13) // wraps over two or three lines
	} else {
		s.labelWidth = 42 + r.IntN(14)
	}
	switch s.unit {
	case "€":
		s.unitText = pick(r, "(en euros)", "Montants exprimés en euros", "(en €)")
	case "k€":
		s.unitText = pick(r, "(en milliers d'euros)", "(en k€)", "Montants exprimés en milliers d'euros", "en K€")
	default:
		s.unitText = pick(r, "(en millions d'euros)", "(en M€)", "Montants exprimés en millions d'euros")
	}
	return s
}

var (
	companyPrefixes = []string{"Établissements", "Ateliers", "Transports", "Laboratoires", "Imprimerie", "Menuiserie", "Fonderie", "Maison", "Société nouvelle", "Compagnie"}
	companyNames    = []string{"Durand", "Lefèvre", "Morvan", "Caradec", "Vidal", "Perrin", "Garnier", "Hubert", "Roussel", "Maillard", "Chevalier", "Aubert", "Carpentier", "Lacombe", "Bonnet", "Quéré", "Etcheverry", "Delmas"}
	legalForms      = []string{"SAS", "SARL", "SA", "SASU", "EURL", "SNC", "SCOP SA"}
)

// Generate draws the document of seed: the same seed gives the same bytes.
func Generate(seed uint64) (Document, error) { return generate(seed, nil) }

// generate draws the document of seed; adjust, when set, changes the style
// drawn (tests isolate one trait with it).
func generate(seed uint64, adjust func(*style)) (Document, error) {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	s := drawStyle(r)
	late := rand.New(rand.NewPCG(seed^0x51ed270b27d3a2f5, seed))
	drawLateTraits(late, &s)
	assoc := drawAssociation(seed, &s)
	developpe := drawDeveloppe(seed, &s)
	if adjust != nil {
		adjust(&s)
	}
	company := fmt.Sprintf("%s %s %s", pick(r, companyPrefixes...), pick(r, companyNames...), pick(r, legalForms...))
	if s.model == modelAssociation {
		company = associationName(assoc)
	}
	var revenueK float64
	switch s.unit {
	case "€":
		revenueK = logUniform(r, 300, 20_000)
	case "k€":
		revenueK = logUniform(r, 3_000, 300_000)
	default:
		revenueK = logUniform(r, 200_000, 5_000_000)
	}
	e := newEconomy(r, s.grain(), revenueK, s.model == modelIFRS)
	if s.model == modelDeveloppe {
		detail(developpe, &e)
	}
	doc := Document{Seed: seed, Company: company, titles: map[statements.Statement]string{}}
	g := &generation{r: r, late: late, s: s, e: e, doc: &doc}
	tables := g.tables()
	var err error
	if doc.Truth, err = g.truth(tables); err != nil {
		return Document{}, fmt.Errorf("graine %d : %w", seed, err)
	}
	doc.HTML = g.html(tables)
	doc.Traits = g.traits()
	return doc, nil
}

func logUniform(r *rand.Rand, lo, hi float64) float64 {
	return math.Exp(math.Log(lo) + r.Float64()*(math.Log(hi)-math.Log(lo)))
}

// generation holds one document being drawn.
type generation struct {
	r    *rand.Rand
	late *rand.Rand // the stream of the traits drawLateTraits draws, and of what they print
	s    style
	e    economy
	doc  *Document
}

// table is one printed statement: its title, the rows kept and their labels.
type table struct {
	statement statements.Statement
	title     string
	side      string // "actif", "passif" or ""
	rows      []row
	labels    []string
	notes     []string // the note reference of each row, when the table prints them
	newPage   bool
}

// printed are the economy's years the document prints: N then N-1.
func (g *generation) printed() []amounts { return []amounts{g.e.years[2], g.e.years[1]} }

func (g *generation) tables() []table {
	s := g.s
	var actif, passif, income []row
	titles := [4]string{
		pick(g.r, "BILAN ACTIF", "Bilan – Actif", "BILAN (ACTIF)", "Bilan actif"),
		pick(g.r, "BILAN PASSIF", "Bilan – Passif", "BILAN (PASSIF)", "Bilan passif"),
		pick(g.r, "COMPTE DE RÉSULTAT", "Compte de résultat", "COMPTE DE RÉSULTAT DE L'EXERCICE", "Compte de résultat (en liste)"),
		pick(g.r, "TABLEAU DES FLUX DE TRÉSORERIE", "Tableau des flux de trésorerie", "TABLEAU DE FLUX DE TRÉSORERIE"),
	}
	switch s.model {
	case modelBase:
		actif, passif, income = assetsBase(s.groupTotals), liabilitiesBase(s.detailedBank), incomeBase()
	case modelAbrege:
		actif, passif, income = assetsAbrege(), liabilitiesAbrege(), incomeAbrege(s.resultLines)
	case modelDeveloppe:
		actif, passif, income = assetsBase(s.groupTotals), liabilitiesBase(s.detailedBank), incomeDeveloppe()
	case modelAssociation:
		actif, passif, income = assetsAssociation(), liabilitiesAssociation(), incomeAssociation()
	default:
		actif, passif, income = assetsIFRS(), liabilitiesIFRS(), incomeIFRS()
		if s.byFunction {
			income = incomeByFunction(s.costsNegative)
		}
		titles = [4]string{
			pick(g.r, "ÉTAT DE LA SITUATION FINANCIÈRE CONSOLIDÉE – ACTIF", "Bilan consolidé – Actif", "BILAN CONSOLIDÉ ACTIF"),
			pick(g.r, "ÉTAT DE LA SITUATION FINANCIÈRE CONSOLIDÉE – PASSIF", "Bilan consolidé – Passif", "BILAN CONSOLIDÉ PASSIF"),
			pick(g.r, "COMPTE DE RÉSULTAT CONSOLIDÉ", "Compte de résultat consolidé"),
			pick(g.r, "TABLEAU DES FLUX DE TRÉSORERIE CONSOLIDÉS", "Tableau des flux de trésorerie consolidé"),
		}
	}
	out := []table{
		{statement: statements.Balance, side: "actif", title: titles[0], rows: actif, newPage: true},
		{statement: statements.Balance, side: "passif", title: titles[1], rows: passif, newPage: !s.samePage},
		{statement: statements.Income, title: titles[2], rows: income, newPage: true},
	}
	if s.cashFlow {
		out = append(out, table{statement: statements.CashFlow, title: titles[3], rows: cashFlow(), newPage: true})
	}
	if s.sideBySide {
		out[0].title = pick(g.r, "BILAN", "Bilan", "BILAN (ACTIF ET PASSIF)")
	}
	for i := range out {
		t := &out[i]
		t.rows = g.keep(t.rows, t.side == "actif")
		for _, rw := range t.rows {
			t.labels = append(t.labels, pick(g.r, append([]string{rw.label}, rw.variants...)...))
		}
		if s.notesColumn {
			t.notes = g.noteReferences(t.rows)
		}
		if _, ok := g.doc.titles[t.statement]; !ok {
			g.doc.titles[t.statement] = t.title
		}
	}
	return out
}

// keep drops the lines whose amounts are all zero, as statements omit the
// empty lines of the model, and the headings left with nothing under them,
// with the block's total when it sums nothing either (an empty block is
// left out whole: no total prints without the heading that names it).
func (g *generation) keep(rows []row, gross bool) []row {
	var out []row
	for _, rw := range rows {
		if rw.kind == line && !rw.keep && g.allZero(rw, gross) {
			continue
		}
		out = append(out, rw)
	}
	var kept []row
	for i := 0; i < len(out); i++ {
		rw := out[i]
		if rw.kind == heading && (i+1 == len(out) || out[i+1].kind != line) {
			if i+1 < len(out) && out[i+1].kind == subtotal && g.allZero(out[i+1], gross) {
				i++
			}
			continue
		}
		kept = append(kept, rw)
	}
	return kept
}

func (g *generation) allZero(rw row, gross bool) bool {
	for _, y := range g.printed() {
		if y.sum(rw.terms) != 0 {
			return false
		}
	}
	return !gross || g.e.depreciation.sum(rw.terms) == 0
}

// truth gives the dictionary's fields the tables print, and checks that the
// rows of each key add up to the key's definition on the leaves.
func (g *generation) truth(tables []table) (statements.Truth, error) {
	years := []int{g.s.year, g.s.year - 1}
	t := statements.Truth{Company: g.doc.Company, PrintedUnit: g.s.unit, Years: map[int]statements.Year{}}
	for yi, y := range g.printed() {
		values := map[string]float64{}
		for _, tab := range tables {
			added := map[string]int64{}
			for _, rw := range tab.rows {
				if rw.key == "" {
					continue
				}
				want := y.sum(terms(g.s.model, rw.key))
				switch rw.role {
				case equals:
					if got := y.sum(rw.terms); got != want {
						return t, fmt.Errorf("%q imprime %d, %s vaut %d", rw.label, got, rw.key, want)
					}
				case adds:
					added[rw.key] += int64(rw.sign) * y.sum(rw.terms)
				}
				values[rw.key] = frnum.Round1(float64(want) / g.s.grain())
			}
			for k, v := range added {
				if want := y.sum(terms(g.s.model, k)); v != want {
					return t, fmt.Errorf("les lignes de %s font %d, la clé vaut %d", k, v, want)
				}
			}
		}
		year, err := yearOf(values)
		if err != nil {
			return t, err
		}
		t.Years[years[yi]] = year
	}
	if g.s.interim != "" {
		g.interimTruth(&t)
	}
	return t, nil
}

// yearOf fills a statements.Year from "statement.key" values.
func yearOf(values map[string]float64) (statements.Year, error) {
	var y statements.Year
	for name, v := range values {
		key, ok := statements.ParseKey(name)
		if !ok || !y.Set(key, v) {
			return y, fmt.Errorf("clé inconnue %s", name)
		}
	}
	return y, nil
}

// amount formats grains in the printed unit, with the document's
// separators and negative style.
func (g *generation) amount(grains int64) string {
	if grains == 0 {
		return g.s.zero
	}
	decimals := 0
	v := float64(grains)
	if g.s.unit == "M€" {
		decimals, v = 1, v/10
	}
	digits := strconv.FormatFloat(math.Abs(v), 'f', decimals, 64)
	intPart, frac, _ := strings.Cut(digits, ".")
	var b strings.Builder
	for i, c := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteString(g.s.thousands)
		}
		b.WriteRune(c)
	}
	if frac != "" {
		b.WriteString("," + frac)
	}
	text := b.String()
	if grains > 0 {
		return text
	}
	switch g.s.negatives {
	case "()":
		return "(" + text + ")"
	case "−":
		return "−" + text
	case minusAfter:
		return text + "-"
	}
	return "-" + text
}

// traits names the presentation in a few words.
func (g *generation) traits() string {
	s := g.s
	parts := []string{s.model, s.unit}
	if s.grossColumns {
		parts = append(parts, "brut/amort./net")
	}
	if s.previousFirst {
		parts = append(parts, "N-1 en premier")
	}
	if s.labelWidth < 35 {
		parts = append(parts, fmt.Sprintf("libellés %d %%", s.labelWidth))
	}
	if s.cashFlow {
		parts = append(parts, "flux")
	}
	if s.companyInTitle {
		parts = append(parts, "société dans le titre")
	}
	if s.headerAlign == "center" {
		parts = append(parts, "en-têtes centrés")
	}
	switch s.interim {
	case halfYear:
		parts = append(parts, "semestre")
	case situation:
		parts = append(parts, fmt.Sprintf("situation de %d mois", s.situationMonths))
	}
	if s.sideBySide {
		parts = append(parts, "actif et passif côte à côte")
	}
	if s.notesColumn {
		parts = append(parts, "colonne des notes")
	}
	switch s.variation {
	case 1:
		parts = append(parts, "variation")
	case 2:
		parts = append(parts, "variation et %")
	}
	if s.byFunction {
		parts = append(parts, "charges par fonction")
	}
	parts = append(parts, "négatifs "+s.negatives)
	return strings.Join(slices.Clip(parts), ", ")
}
