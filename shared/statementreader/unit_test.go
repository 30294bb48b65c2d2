package statementreader

import (
	"testing"

	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/statements"
)

func unitTestTable(amounts ...float64) []statements.Table {
	l := statements.Line{Label: "Chiffre d'affaires", Category: "chiffre_affaires"}
	for _, a := range amounts {
		l.Amounts = append(l.Amounts, new(a))
	}
	return []statements.Table{{Statement: statements.Income, Page: 1, Years: []int{2025}, Lines: []statements.Line{l}}}
}

func TestUnitNotInTables(t *testing.T) {
	t.Parallel()
	stated := &pdftext.Document{Pages: []pdftext.Page{{Number: 1, Lines: []pdftext.Line{
		{Spans: []pdftext.Span{{Text: "Les montants sont exprimés en milliers d'euros."}}},
	}}}}
	silent := &pdftext.Document{Pages: []pdftext.Page{{Number: 1}}}
	tests := []struct {
		name   string
		doc    *pdftext.Document
		tables []statements.Table
		form   string
		unit   frnum.Unit
		reason string
	}{
		{"formulaire Cerfa", stated, unitTestTable(157275), "2050", frnum.EUR, "formulaire Cerfa 2050 : montants en euros"},
		{"unité dite sur une page", stated, unitTestTable(157275), "", frnum.KEUR, ""},
		{"montants au centime", silent, unitTestTable(1234.56, 10.5, 7), "", frnum.EUR, "aucune unité imprimée ; montants au centime : euros"},
		{"une décimale : pas des centimes", silent, unitTestTable(157.3, 12.5), "", frnum.EUR, "aucune unité imprimée ; montants entiers lus en euros, unité de tenue des comptes"},
		{"montants entiers", silent, unitTestTable(157275, 143210), "", frnum.EUR, "aucune unité imprimée ; montants entiers lus en euros, unité de tenue des comptes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			unit, reason := unitNotInTables(tt.doc, tt.tables, tt.form)
			if unit != tt.unit || reason != tt.reason {
				t.Errorf("unité = %q (%q), attendu %q (%q)", unit, reason, tt.unit, tt.reason)
			}
		})
	}
}

// TestReadWithoutUnit reads a compte de résultat that prints no unit: the
// document is read, not refused, and says why its unit is euros.
func TestReadWithoutUnit(t *testing.T) {
	t.Parallel()
	row := func(y float64, label, prior, last string) pdftext.Line {
		return pdftext.Line{Y: y, Spans: []pdftext.Span{
			{X0: 40, X1: 200, Size: 9, Text: label},
			{X0: 380, X1: 420, Size: 9, Text: prior},
			{X0: 480, X1: 520, Size: 9, Text: last},
		}}
	}
	doc := &pdftext.Document{Pages: []pdftext.Page{{Number: 1, Lines: []pdftext.Line{
		{Y: 800, Spans: []pdftext.Span{{X0: 40, X1: 200, Size: 12, Text: "COMPTE DE RÉSULTAT"}}},
		{Y: 780, Spans: []pdftext.Span{{X0: 370, X1: 420, Size: 9, Text: "Exercice 2024"}, {X0: 470, X1: 520, Size: 9, Text: "Exercice 2025"}}},
		row(760, "Chiffre d'affaires net", "12 400,50", "13 020,75"),
		row(750, "Autres achats et charges externes", "4 100,20", "4 300,10"),
		row(740, "Salaires et traitements", "5 000,00", "5 200,00"),
		row(730, "Résultat d'exploitation", "3 300,30", "3 520,65"),
		row(720, "Résultat net", "2 600,00", "2 800,00"),
	}}}}
	tr, err := Read(doc)
	if err != nil {
		t.Fatalf("Read : %v", err)
	}
	if tr.PrintedUnit != "€" || tr.UnitDeduced != "aucune unité imprimée ; montants au centime : euros" {
		t.Errorf("unité = %q (%q), attendu € déduit des centimes", tr.PrintedUnit, tr.UnitDeduced)
	}
}
