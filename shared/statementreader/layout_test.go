package statementreader_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/statementreader"
	"analyste.dev/analyste/shared/statements"
)

// Column right edges of the hand-built page: label, note, N-1, N.
const (
	noteX1  = 300
	priorX1 = 420
	lastX1  = 520
)

// cellAt is a right-aligned span ending at x1, 5 points per character.
func cellAt(x1 float64, text string) pdftext.Span {
	return pdftext.Span{X0: x1 - 5*float64(len([]rune(text))), X1: x1, Size: 9, Text: text}
}

// tableRow prints a label, an optional note and the N-1 then N amounts.
func tableRow(y float64, label, note, prior, last string) pdftext.Line {
	l := pdftext.Line{Y: y, Spans: []pdftext.Span{{X0: 40, X1: 40 + 5*float64(len([]rune(label))), Size: 9, Text: label}}}
	for _, c := range []struct {
		x1   float64
		text string
	}{{noteX1, note}, {priorX1, prior}, {lastX1, last}} {
		if c.text != "" {
			l.Spans = append(l.Spans, cellAt(c.x1, c.text))
		}
	}
	return l
}

func text(y float64, s string) pdftext.Line {
	return pdftext.Line{Y: y, Spans: []pdftext.Span{{X0: 40, X1: 40 + 5*float64(len([]rune(s))), Size: 12, Text: s}}}
}

// TestReadOtherLayout reads a compte de résultat unlike the test reports:
// N-1 printed first, the years above an "Exercice N-1 / Exercice N" line,
// negatives with a trailing minus, a note column, the unit after the title.
func TestReadOtherLayout(t *testing.T) {
	t.Parallel()
	doc := &pdftext.Document{Pages: []pdftext.Page{
		{Number: 1, Lines: []pdftext.Line{text(800, "Atelier Martin SARL"), text(780, "Comptes de l'exercice")}},
		{Number: 2, Lines: []pdftext.Line{
			text(800, "COMPTE DE RÉSULTAT – Montants en k€"),
			{Y: 780, Spans: []pdftext.Span{cellAt(priorX1, "2024"), cellAt(lastX1, "2025")}},
			{Y: 770, Spans: []pdftext.Span{cellAt(noteX1, "Note"), cellAt(priorX1, "Exercice N-1"), cellAt(lastX1, "Exercice N")}},
			tableRow(750, "Ventes de marchandises", "3", "1 200", "1 500"),
			tableRow(740, "Production vendue de services", "", "800", "900"),
			tableRow(730, "Achats de marchandises", "", "400", "520"),
			tableRow(720, "Variation de stock (marchandises)", "", "20-", "35"),
			tableRow(710, "Charges externes", "4", "300", "310"),
			tableRow(700, "Impôts et taxes", "", "–", "12"),
			tableRow(690, "Salaires et traitements", "", "700", "760"),
			tableRow(680, "Charges sociales", "", "280", "300"),
			tableRow(670, "Dotations aux amortissements", "", "100", "110"),
			tableRow(660, "RÉSULTAT D'EXPLOITATION", "", "220", "353"),
			tableRow(650, "Charges financières", "", "60", "70"),
			tableRow(640, "Résultat financier", "", "60-", "70-"),
			tableRow(630, "Impôt sur les bénéfices", "", "40", "71"),
			tableRow(620, "BÉNÉFICE OU PERTE", "", "120", "212"),
			text(40, "Atelier Martin SARL – 2"),
		}},
	}}
	want := statements.Transcription{
		Company:     "Atelier Martin SARL",
		PrintedUnit: "k€",
		Tables: []statements.Table{{
			Statement: statements.Income, Page: 2, Years: []int{2024, 2025},
			Lines: []statements.Line{
				{Label: "Ventes de marchandises", Amounts: amounts(1200, 1500), Category: "chiffre_affaires"},
				{Label: "Production vendue de services", Amounts: amounts(800, 900), Category: "chiffre_affaires"},
				{Label: "Achats de marchandises", Amounts: amounts(400, 520), Category: "achats_consommes"},
				{Label: "Variation de stock (marchandises)", Amounts: amounts(-20, 35), Category: "achats_consommes"},
				{Label: "Charges externes", Amounts: amounts(300, 310), Category: "charges_externes"},
				{Label: "Impôts et taxes", Amounts: amounts(0, 12), Category: "impots_taxes"},
				{Label: "Salaires et traitements", Amounts: amounts(700, 760), Category: "charges_personnel"},
				{Label: "Charges sociales", Amounts: amounts(280, 300), Category: "charges_personnel"},
				{Label: "Dotations aux amortissements", Amounts: amounts(100, 110), Category: "dotations_amortissements"},
				{Label: "RÉSULTAT D'EXPLOITATION", Amounts: amounts(220, 353), Category: "resultat_exploitation"},
				{Label: "Charges financières", Amounts: amounts(60, 70), Category: "autre"},
				{Label: "Résultat financier", Amounts: amounts(-60, -70), Category: "resultat_financier"},
				{Label: "Impôt sur les bénéfices", Amounts: amounts(40, 71), Category: "impot_societes"},
				{Label: "BÉNÉFICE OU PERTE", Amounts: amounts(120, 212), Category: "resultat_net"},
			},
		}},
	}
	got, err := statementreader.Read(doc)
	if err != nil {
		t.Fatalf("Read : %v", err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-attendu +lu) :\n%s", diff)
	}
}

func amounts(vs ...float64) []*float64 {
	out := make([]*float64, 2)
	for i, v := range vs {
		out[i] = &v
	}
	return out
}

// labelAt is a left-aligned span starting at x0, 5 points per character.
func labelAt(x0 float64, text string) pdftext.Span {
	return at(x0, x0+5*float64(len([]rune(text))), text)
}

// field is a normalised field of the first year the test reads.
type field struct {
	key  statements.Key
	want float64
}

func income(name string, v float64) field {
	return field{statements.Key{Statement: statements.Income, Name: name}, v}
}
func balance(name string, v float64) field {
	return field{statements.Key{Statement: statements.Balance, Name: name}, v}
}

// incomePage is a compte de résultat in k€, N-1 then N, with its rows.
func incomePage(number int, title string, rows ...pdftext.Line) pdftext.Page {
	head := []pdftext.Line{text(800, title+" (en k€)"), printedLine(780, cellAt(priorX1, "2024"), cellAt(lastX1, "2025"))}
	return pdftext.Page{Number: number, Lines: append(head, rows...)}
}

// cover is the first page of every hand-built report: the company's name.
var cover = pdftext.Page{Number: 1, Lines: []pdftext.Line{text(800, "Atelier Durand SARL"), text(780, "Comptes annuels 2025")}}

// TestReadLayouts reads hand-built pages unlike the course reports: two
// tables side by side with a label wrapped under its amounts, a statement
// continued on a page that repeats neither title nor headers, amounts in €
// with cents beside a "% CA" column, a detail page repeating the statement.
func TestReadLayouts(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		pages []pdftext.Page
		unit  string
		want  []field // 2025
	}{
		{
			name: "actif et passif côte à côte",
			unit: "k€",
			pages: []pdftext.Page{cover, {Number: 2, Lines: []pdftext.Line{
				text(800, "Bilan au 31 décembre 2025 (en milliers d'euros)"),
				printedLine(780, labelAt(40, "ACTIF"), labelAt(300, "PASSIF")),
				printedLine(770, cellAt(200, "2025"), cellAt(260, "2024"), cellAt(460, "2025"), cellAt(520, "2024")),
				printedLine(760, labelAt(40, "Immobilisations corporelles"), cellAt(200, "500"), cellAt(260, "400"), labelAt(300, "Capital social"), cellAt(460, "300"), cellAt(520, "300")),
				printedLine(750, labelAt(40, "Stocks"), cellAt(200, "100"), cellAt(260, "90"), labelAt(300, "Résultat de l'exercice"), cellAt(460, "50"), cellAt(520, "40")),
				printedLine(740, labelAt(40, "Créances clients et"), cellAt(200, "200"), cellAt(260, "180"), labelAt(300, "Emprunts et dettes auprès des"), cellAt(460, "400"), cellAt(520, "330")),
				printedLine(730, labelAt(40, "comptes rattachés"), labelAt(300, "établissements de crédit")),
				printedLine(720, labelAt(40, "Disponibilités"), cellAt(200, "50"), cellAt(260, "50"), labelAt(300, "Fournisseurs"), cellAt(460, "100"), cellAt(520, "50")),
				printedLine(710, labelAt(40, "Total actif"), cellAt(200, "850"), cellAt(260, "720"), labelAt(300, "Total passif"), cellAt(460, "850"), cellAt(520, "720")),
			}}},
			want: []field{balance("immobilisations_corporelles", 500), balance("stocks", 100), balance("creances_clients", 200), balance("tresorerie", 50),
				balance("total_actif", 850), balance("capitaux_propres", 350), balance("dettes_financieres", 400), balance("dettes_fournisseurs", 100), balance("total_passif", 850)},
		},
		{
			// The dotation below the operating result is financial; the
			// participation printed as a charge is negative.
			name: "compte de résultat continué sans titre ni en-tête",
			unit: "k€",
			pages: []pdftext.Page{cover, incomePage(2, "Compte de résultat",
				tableRow(770, "Chiffre d'affaires net", "", "900", "1 000"),
				tableRow(760, "Autres achats et charges externes", "", "300", "350"),
				tableRow(750, "Salaires et traitements", "", "400", "420"),
				tableRow(740, "Dotations aux amortissements", "", "50", "60"),
				tableRow(730, "Résultat d'exploitation", "", "150", "170"),
			), {Number: 3, Lines: []pdftext.Line{
				tableRow(800, "Dotations financières aux provisions", "", "5", "8"),
				tableRow(790, "Résultat financier", "", "(5)", "(8)"),
				tableRow(780, "Participation des salariés", "", "10", "12"),
				tableRow(770, "Impôt sur les bénéfices", "", "30", "40"),
				tableRow(760, "Bénéfice ou perte", "", "105", "110"),
			}}},
			want: []field{income("chiffre_affaires", 1000), income("dotations_amortissements", 60), income("resultat_financier", -8),
				income("autres_elements_resultat", -12), income("impot_societes", 40), income("resultat_net", 110)},
		},
		{
			name: "euros et centimes, unité après les montants, colonne % CA",
			unit: "€",
			pages: []pdftext.Page{cover, {Number: 2, Lines: []pdftext.Line{
				text(800, "Compte de résultat de l'exercice"),
				printedLine(780, cellAt(priorX1, "Exercice 2025"), cellAt(lastX1, "% CA")),
				tableRow(770, "Production vendue de services", "", "161 289,95 €", "100,0"),
				tableRow(760, "Autres achats et charges externes", "", "71 947,18 €", "44,6"),
				tableRow(750, "Salaires et traitements", "", "80 289,57 €", "49,8"),
				tableRow(740, "Résultat d'exploitation", "", "9 053,20 €", "5,6"),
				tableRow(730, "Crédit d'impôt innovation", "", "−2 174,00 €", "−1,3"),
				tableRow(720, "Bénéfice ou perte", "", "11 227,20 €", "7,0"),
			}}},
			want: []field{income("chiffre_affaires", 161.3), income("charges_externes", 71.9), income("impot_societes", -2.2), income("resultat_net", 11.2)},
		},
		{
			// The unit's cell is centred on the headings' line: it opens
			// above it and ends below it.
			name: "unité dans la cellule centrée sur la ligne des en-têtes",
			unit: "M€",
			pages: []pdftext.Page{cover, {Number: 2, Lines: []pdftext.Line{
				text(800, "Compte de résultat"),
				printedLine(784.6, labelAt(40, "Montants exprimés en millions")),
				printedLine(780, cellAt(priorX1, "Exercice 2024"), cellAt(lastX1, "Exercice 2025")),
				printedLine(775.4, labelAt(90, "d'euros")),
				tableRow(760, "Chiffre d'affaires net", "", "1,9", "2,0"),
				tableRow(750, "Autres achats et charges externes", "", "0,9", "1,1"),
				tableRow(740, "Salaires et traitements", "", "0,4", "0,4"),
				tableRow(730, "Résultat d'exploitation", "", "0,6", "0,5"),
				tableRow(720, "Impôt sur les bénéfices", "", "0,1", "0,1"),
				tableRow(710, "Bénéfice ou perte", "", "0,5", "0,4"),
			}}},
			want: []field{income("chiffre_affaires", 2000), income("resultat_net", 400)},
		},
		{
			// The page break cuts a label: its end opens the next page,
			// which prints neither title nor headings.
			name: "libellé coupé par le saut de page",
			unit: "k€",
			pages: []pdftext.Page{cover, incomePage(2, "Compte de résultat",
				tableRow(770, "Chiffre d'affaires net", "", "900", "1 000"),
				tableRow(760, "Autres achats et charges externes", "", "300", "350"),
				tableRow(750, "Salaires et traitements", "", "400", "420"),
				tableRow(740, "Résultat d'exploitation", "", "200", "230"),
				tableRow(730, "Impôts sur les", "", "50", "60"),
			), {Number: 3, Lines: []pdftext.Line{
				text(800, "bénéfices (VIII)"),
				tableRow(780, "Bénéfice ou perte", "", "150", "170"),
			}}},
			want: []field{income("impot_societes", 60), income("resultat_net", 170)},
		},
		{
			// The unit's cell wraps beside the headings: neither line states
			// it alone, the cell does.
			name: "unité dans la cellule à gauche des en-têtes, sur deux lignes",
			unit: "k€",
			pages: []pdftext.Page{cover, {Number: 2, Lines: []pdftext.Line{
				text(800, "Compte de résultat"),
				printedLine(780, labelAt(40, "Montants exprimés en milliers"), cellAt(priorX1, "Exercice N-1"), cellAt(lastX1, "Exercice N")),
				printedLine(770, labelAt(40, "d'euros"), cellAt(priorX1, "31/12/2024"), cellAt(lastX1, "31/12/2025")),
				tableRow(760, "Chiffre d'affaires net", "", "1.900", "2.000"),
				tableRow(750, "Autres achats et charges externes", "", "900", "1.100"),
				tableRow(740, "Salaires et traitements", "", "400", "420"),
				tableRow(730, "Résultat d'exploitation", "", "600", "480"),
				tableRow(720, "Impôt sur les bénéfices", "", "150", "120"),
				tableRow(710, "Bénéfice ou perte", "", "450", "360"),
			}}},
			want: []field{income("chiffre_affaires", 2000), income("charges_externes", 1100), income("resultat_net", 360)},
		},
		{
			name: "détail des comptes répétant le compte de résultat",
			unit: "k€",
			pages: []pdftext.Page{cover, incomePage(2, "Compte de résultat",
				tableRow(770, "Chiffre d'affaires net", "", "900", "1 000"),
				tableRow(760, "Achats de marchandises", "", "300", "400"),
				tableRow(750, "Autres achats et charges externes", "", "200", "250"),
				tableRow(740, "Salaires et traitements", "", "300", "280"),
				tableRow(730, "Résultat d'exploitation", "", "100", "70"),
			), incomePage(3, "Compte de résultat détaillé",
				tableRow(770, "Ventes de produits finis", "", "600", "700"),
				tableRow(760, "Ventes de services", "", "300", "300"),
				tableRow(750, "Total chiffre d'affaires", "", "900", "1 000"),
				tableRow(740, "Achats de marchandises", "", "300", "400"),
				tableRow(730, "Salaires et traitements", "", "300", "280"),
			)},
			want: []field{income("chiffre_affaires", 1000), income("achats_consommes", 400), income("charges_personnel", 280)},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tr, err := statementreader.Read(&pdftext.Document{Pages: tt.pages})
			if err != nil {
				t.Fatalf("Read : %v", err)
			}
			r, err := statements.Normalise(tr)
			if err != nil {
				t.Fatalf("Normalise : %v", err)
			}
			if tr.PrintedUnit != tt.unit {
				t.Errorf("unité %q, attendu %q", tr.PrintedUnit, tt.unit)
			}
			for _, f := range tt.want {
				if got, ok := r.Years[2025].Get(f.key); !ok || got != f.want {
					t.Errorf("2025 %s = %v (lu %v), attendu %v", f.key, got, ok, f.want)
				}
			}
		})
	}
}
