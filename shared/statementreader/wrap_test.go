package statementreader

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"analyste.dev/analyste/shared/pdftext"
)

func span(x0, x1 float64, text string) pdftext.Span {
	return pdftext.Span{X0: x0, X1: x1, Size: 10, Text: text}
}

func line(y float64, spans ...pdftext.Span) pdftext.Line { return pdftext.Line{Y: y, Spans: spans} }

// TestCellLines rebuilds rows whose label cell wraps around its amounts, by
// the vertical extent the lines share, and leaves the others as printed.
func TestCellLines(t *testing.T) {
	t.Parallel()
	amounts := []pdftext.Span{span(300, 340, "12 000"), span(400, 440, "9 000")}
	tests := []struct {
		name  string
		lines []pdftext.Line
		doc   spacing // the other pages'
		want  []string
	}{
		{
			name: "a row alone on its page, its label around it at the leading of the document's cells",
			lines: []pdftext.Line{
				line(780, span(50, 110, "RÉSULTAT DE")),
				line(769.5, span(50, 100, "L'EXERCICE"), amounts[0], amounts[1]),
				line(759, span(50, 130, "(bénéfice ou perte)")),
			},
			doc:  spacing{cell: []float64{10.5}},
			want: []string{"RÉSULTAT DE L'EXERCICE (bénéfice ou perte)  12 000  9 000"},
		},
		{
			name: "the same row where the document shows no centred cell",
			lines: []pdftext.Line{
				line(780, span(50, 110, "RÉSULTAT DE")),
				line(769.5, span(50, 100, "L'EXERCICE"), amounts[0], amounts[1]),
				line(759, span(50, 130, "(bénéfice ou perte)")),
			},
			want: []string{"RÉSULTAT DE", "L'EXERCICE  12 000  9 000", "(bénéfice ou perte)"},
		},
		{
			name: "amounts centred between two label lines",
			lines: []pdftext.Line{
				line(700, span(50, 180, "Emprunts et dettes auprès des")),
				line(694, amounts...),
				line(688, span(50, 170, "établissements de crédit")),
				line(670, span(50, 150, "Autres dettes"), span(300, 340, "1 000"), span(400, 440, "2 000")),
			},
			want: []string{"Emprunts et dettes auprès des établissements de crédit  12 000  9 000", "Autres dettes  1 000  2 000"},
		},
		{
			name: "a heading a leading above is not the row's",
			lines: []pdftext.Line{
				line(712, span(50, 150, "ACTIF CIRCULANT")),
				line(700, span(50, 180, "Clients et comptes")),
				line(694, amounts...),
				line(688, span(50, 170, "rattachés")),
			},
			want: []string{"ACTIF CIRCULANT", "Clients et comptes rattachés  12 000  9 000"},
		},
		{
			name: "a label line between two rows goes to the nearer",
			lines: []pdftext.Line{
				line(700, span(50, 180, "Dettes fiscales")),
				line(695, amounts...),
				line(687, span(50, 180, "Autres dettes")),
				line(683, amounts...),
			},
			want: []string{"Dettes fiscales  12 000  9 000", "Autres dettes  12 000  9 000"},
		},
		{
			name: "a line of years is a header",
			lines: []pdftext.Line{
				line(700, span(50, 180, "Capital social ou individuel")),
				line(695, span(300, 340, "2025"), span(400, 440, "2024")),
			},
			want: []string{"Capital social ou individuel", "2025  2024"},
		},
		{
			name: "a capital continuation under a row of a padded page",
			lines: []pdftext.Line{
				line(720, span(50, 150, "PRODUITS")),
				line(710, span(50, 150, "D'EXPLOITATION")),
				line(696, span(50, 150, "Ventes"), span(300, 340, "1 000"), span(400, 440, "900")),
				line(682, span(50, 150, "Variation de stock"), span(300, 340, "(5)"), span(400, 440, "3")),
				line(672, span(50, 150, "(marchandises)")),
				line(658, span(50, 150, "RÉSULTAT"), span(300, 340, "973"), span(400, 440, "961")),
				line(648, span(50, 150, "D'EXPLOITATION (I - II)")),
				line(634, span(50, 150, "CHARGES")),
			},
			want: []string{"PRODUITS", "D'EXPLOITATION", "Ventes  1 000  900", "Variation de stock (marchandises)  (5)  3",
				"RÉSULTAT D'EXPLOITATION (I - II)  973  961", "CHARGES"},
		},
		{
			name: "cells aligned at their bottom, a label over three lines",
			lines: []pdftext.Line{
				line(760, span(50, 150, "Total des charges")),
				line(752, span(50, 150, "d'exploitation (II)"), span(300, 340, "62 860"), span(400, 440, "44 443")),
				line(740, span(50, 150, "RÉSULTAT")),
				line(732, span(50, 150, "D'EXPLOITATION (I -")),
				line(724, span(50, 150, "II)"), span(300, 340, "42 370"), span(400, 440, "56 771")),
				line(712, span(50, 150, "Produits financiers"), span(300, 340, "529"), span(400, 440, "174")),
			},
			want: []string{"Total des charges d'exploitation (II)  62 860  44 443", "RÉSULTAT D'EXPLOITATION (I - II)  42 370  56 771",
				"Produits financiers  529  174"},
		},
		{
			name: "a row the text layer printed on its first label line takes the second",
			lines: []pdftext.Line{
				line(250, span(50, 150, "Flux net de financement (C)"), span(300, 340, "1 344"), span(400, 440, "295")),
				line(206.7, span(50, 120, "VARIATION DE"), span(300, 340, "13"), span(400, 440, "−12")),
				line(201.4, span(50, 110, "TRÉSORERIE")),
				line(180.4, span(50, 110, "Trésorerie d'ouverture"), span(300, 340, "55"), span(400, 440, "67")),
			},
			want: []string{"Flux net de financement (C)  1 344  295", "VARIATION DE TRÉSORERIE  13  −12", "Trésorerie d'ouverture  55  67"},
		},
		{
			name: "rows one leading apart keep their headings",
			lines: []pdftext.Line{
				line(720, span(50, 150, "Achats"), span(300, 340, "10"), span(400, 440, "9")),
				line(710, span(50, 150, "(dont marchandises)")),
				line(700, span(50, 150, "Ventes"), span(300, 340, "1 000"), span(400, 440, "900")),
				line(690, span(50, 150, "DETTES")),
				line(680, span(50, 150, "Emprunts"), span(300, 340, "40"), span(400, 440, "50")),
			},
			want: []string{"Achats  10  9", "(dont marchandises)", "Ventes  1 000  900", "DETTES", "Emprunts  40  50"},
		},
		{
			name: "headings wrapped over three lines make one header line",
			lines: []pdftext.Line{
				line(740, span(280, 360, "Amortissements et"), span(420, 440, "Net")),
				line(734, span(220, 240, "Brut")),
				line(728, span(285, 360, "dépréciations"), span(400, 450, "31/12/2025")),
			},
			want: []string{"Brut  Amortissements et  dépréciations  31/12/2025  Net"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var got []string
			for _, l := range cellLines(tt.lines, tt.doc) {
				got = append(got, squeeze(l.Text()))
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("lignes (-attendu +lu) :\n%s", diff)
			}
		})
	}
}

// squeeze writes every column gap as two spaces.
func squeeze(s string) string {
	out := []rune{}
	spaces := 0
	for _, r := range s {
		if r == ' ' {
			spaces++
			continue
		}
		if spaces > 0 {
			out = append(out, []rune(map[bool]string{true: "  ", false: " "}[spaces > 1])...)
		}
		spaces = 0
		out = append(out, r)
	}
	return string(out)
}

// TestCellPageCutDates: an office suite centres the headings of two narrow
// columns, each cell's date cut before its last digit, the pieces one
// leading under their heads and the next column's date between them. Each
// column keeps its own year, though the gathering of heading lines puts
// both pieces on one line, two leadings under the first column's date.
func TestCellPageCutDates(t *testing.T) {
	t.Parallel()
	p := pdftext.Page{Lines: []pdftext.Line{
		line(940, span(253, 290, "Exercice")),
		line(934.2, span(195, 242, "Exercice N")),
		line(928.4, span(264, 279, "N-1")),
		line(922.5, span(96, 131, "(en M€)"), span(196, 241, "31/12/202")),
		line(916.7, span(249, 294, "31/12/202")),
		line(910.9, span(216, 221, "2")),
		line(905, span(269, 274, "1")),
		line(880, span(36, 182, "Immobilisations incorporelles"), span(226, 244, "74,3"), span(279, 295, "88,1")),
		line(860, span(36, 146, "Immobilisations corporelles"), span(221, 244, "433,5"), span(273, 294, "463,8")),
		line(840, span(36, 146, "Immobilisations financières"), span(231, 244, "8,0"), span(284, 294, "9,8")),
	}}
	segs := halfSegments(cellPage(p, spacing{}), nil)
	if len(segs) == 0 {
		t.Fatal("aucun tableau lu")
	}
	var years []int
	for _, c := range columns(segs[0], 0) {
		years = append(years, c.year)
	}
	if diff := cmp.Diff([]int{2022, 2021}, years); diff != "" {
		t.Errorf("années des colonnes (-attendu +lu) :\n%s", diff)
	}
}
