package offline_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"analyste.dev/analyste/shared/offline"
	"analyste.dev/analyste/shared/pdftext"
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
	got, err := offline.Read(doc)
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
