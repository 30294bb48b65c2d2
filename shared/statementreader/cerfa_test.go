package statementreader_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/statementreader"
	"analyste.dev/analyste/shared/statements"
)

// at is a span from x0 to x1.
func at(x0, x1 float64, text string) pdftext.Span {
	return pdftext.Span{X0: x0, X1: x1, Size: 8, Text: text}
}

func printedLine(y float64, spans ...pdftext.Span) pdftext.Line {
	return pdftext.Line{Y: y, Spans: spans}
}

// comb prints a date one digit per box, each digit a span of its own.
func comb(x0 float64, digits string) []pdftext.Span {
	var out []pdftext.Span
	for i, d := range digits {
		x := x0 + 10*float64(i)
		out = append(out, at(x, x+4, string(d)))
	}
	return out
}

// form2050 is a bilan actif laid out as the Sage 2050: codes beside the
// Brut and Amortissements boxes, the Net box without code, renvois below
// the total. date is the closing-date line under "Exercice N clos le".
func form2050(date pdftext.Line) pdftext.Page {
	return pdftext.Page{Number: 1, Lines: []pdftext.Line{
		printedLine(818, at(470, 558, "N° 2050-SD 2025")),
		printedLine(797, at(201, 208, "1"), at(257, 324, "BILAN - ACTIF")),
		printedLine(774, at(124, 229, "Atelier Vernet"), at(529, 533, "1"), at(543, 547, "2")),
		printedLine(769, at(20, 112, "Désignation de l'entreprise :"), at(356, 519, "Durée de l'exercice exprimée en nombre de mois *")),
		printedLine(755, at(108, 259, "3 rue des Lilas 75011 PARIS")),
		printedLine(719, at(486, 531, "Exercice N clos le,")),
		date,
		printedLine(701, at(296, 309, "Brut"), at(372, 448, "Amortissements, provisions"), at(508, 518, "Net")),
		printedLine(693, at(301, 304, "1"), at(408, 412, "2"), at(511, 515, "3")),
		printedLine(664, at(46, 109, "Frais d'établissement *"), at(245, 254, "AB"), at(358, 368, "AC")),
		// No depreciation: Brut and Net only, the code AO stuck to the Brut amount.
		printedLine(568, at(47, 69, "Terrains"), at(244, 254, "AN"), at(322, 368, "197 500 AO"), at(532, 561, "197 500")),
		printedLine(553, at(46, 85, "Constructions"), at(245, 254, "AP"), at(313, 368, "1 499 774 AQ"), at(433, 462, "260 256"), at(524, 561, "1 239 518")),
		// The codes on the line below the amounts.
		printedLine(408, at(47, 60, "Prêts"), at(322, 351, "303 000"), at(531, 561, "303 000")),
		printedLine(405, at(245, 253, "BF"), at(358, 368, "BG")),
		printedLine(244, at(47, 101, "Autres créances (3)"), at(245, 254, "BZ"), at(322, 368, "1 000 CA"), at(541, 561, "1 000")),
		// The amounts on a line of their own, under the label.
		printedLine(198, at(47, 85, "Disponibilités"), at(358, 368, "CG")),
		printedLine(194, at(245, 253, "CF"), at(309, 351, "12 336 812"), at(519, 561, "12 336 812")),
		printedLine(97, at(145, 232, "TOTAL GÉNÉRAL (I à VI)"), at(245, 255, "CO"), at(306, 366, "14 338 086 1A"), at(433, 462, "260 256"), at(515, 561, "14 077 830")),
		printedLine(79, at(22, 112, "Renvois : (1) Dont droit au bail :"), at(282, 290, "CP"), at(346, 445, "705 650 (3) Part à plus d'un an :"), at(455, 464, "CR"), at(519, 561, "67 744 917")),
		printedLine(-27, at(241, 302, "ACTIF CIRCULANT"), at(494, 561, "ACTIF IMMOBILISÉ*")),
	}}
}

// withoutCodes drops the two-character line codes of a page ("AN", "1A"),
// alone or at the end of a span.
func withoutCodes(p pdftext.Page) pdftext.Page {
	isCode := func(w string) bool {
		return len(w) == 2 && strings.ToUpper(w) == w && strings.ContainsAny(w, "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
	}
	out := pdftext.Page{Number: p.Number}
	for _, l := range p.Lines {
		var spans []pdftext.Span
		for _, s := range l.Spans {
			words := strings.Fields(s.Text)
			for len(words) > 0 && isCode(words[len(words)-1]) {
				words = words[:len(words)-1]
			}
			if len(words) > 0 {
				s.Text = strings.Join(words, " ")
				spans = append(spans, s)
			}
		}
		if len(spans) > 0 {
			out.Lines = append(out.Lines, pdftext.Line{Y: l.Y, Spans: spans})
		}
	}
	return out
}

func TestReadForm2050(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		page pdftext.Page
	}{
		{"date en cases, un chiffre par span", form2050(printedLine(712, comb(471, "31122025")...))},
		{"date en cases, un span", form2050(printedLine(712, at(471, 550, "3 1 1 2 2 0 2 5")))},
		{"date collée", form2050(printedLine(712, at(480, 540, "31122025")))},
		{"date avec barres", form2050(printedLine(712, at(480, 540, "31/12/2025")))},
		// Codes printed as images: the fixed labels alone name the rows.
		{"sans codes de ligne", withoutCodes(form2050(printedLine(712, at(480, 540, "31122025"))))},
	}
	want := statements.Transcription{
		Company: "Atelier Vernet", PrintedUnit: "€", UnitDeduced: "formulaire Cerfa 2050 : montants en euros",
		Tables: []statements.Table{{
			Statement: statements.Balance, Page: 1, Years: []int{2025},
			Lines: []statements.Line{
				{Label: "Frais d'établissement *", Amounts: []*float64{nil}, Category: "immobilisations_incorporelles"},
				{Label: "Terrains", Amounts: []*float64{new(197500.0)}, Category: "immobilisations_corporelles"},
				{Label: "Constructions", Amounts: []*float64{new(1239518.0)}, Category: "immobilisations_corporelles"},
				{Label: "Prêts", Amounts: []*float64{new(303000.0)}, Category: "immobilisations_financieres"},
				{Label: "Autres créances (3)", Amounts: []*float64{new(1000.0)}, Category: "autres_actifs_courants"},
				{Label: "Disponibilités", Amounts: []*float64{new(12336812.0)}, Category: "tresorerie"},
				{Label: "TOTAL GÉNÉRAL (I à VI)", Amounts: []*float64{new(14077830.0)}, Category: "total_actif"},
			},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := statementreader.Read(&pdftext.Document{Pages: []pdftext.Page{tt.page}})
			if err != nil {
				t.Fatalf("Read : %v", err)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("(-attendu +lu) :\n%s", diff)
			}
		})
	}
}

// TestReadFormPassifRenvois checks that the renvois under the 2051's total
// carry amounts but give no row, and that a year printed "Exercice N" only
// takes the closing date of the 2065.
func TestReadFormPassifRenvois(t *testing.T) {
	t.Parallel()
	doc := &pdftext.Document{Pages: []pdftext.Page{
		{Number: 1, Lines: []pdftext.Line{
			printedLine(826, at(193, 420, "DIRECTION GÉNÉRALE DES FINANCES PUBLIQUES"), at(507, 567, "N° 2065-SD")),
			printedLine(785, at(35, 88, "Exercice ouvert le"), at(103, 136, "01072024"), at(198, 224, "et clos le"), at(237, 270, "30062025")),
			printedLine(716, at(113, 207, "Désignation de la société :"), at(407, 496, "Adresse du siège social :")),
			printedLine(706, at(24, 151, "ATELIER VERNET"), at(310, 424, "3 rue des Lilas")),
		}},
		{Number: 2, Lines: []pdftext.Line{
			printedLine(815, at(470, 558, "N° 2051-SD 2025")),
			printedLine(808, at(233, 390, "BILAN - PASSIF avant répartition")),
			printedLine(781, at(99, 185, "Désignation de l'entreprise"), at(524, 543, "Néant")),
			printedLine(761, at(436, 467, "Exercice N")),
			printedLine(735, at(59, 285, "Capital social ou individuel (1)* (Dont versé : .........)"), at(441, 451, "DA"), at(524, 566, "50 000")),
			printedLine(557, at(387, 410, "TOTAL"), at(420, 426, "(I)"), at(442, 452, "DL"), at(520, 566, "50 000")),
			printedLine(408, at(59, 219, "Emprunts et dettes auprès des établissements de crédit (5)"), at(442, 452, "DU"), at(528, 566, "10 000")),
			printedLine(240, at(340, 399, "TOTAL GÉNÉRAL"), at(407, 426, "(I à V)"), at(442, 450, "EE"), at(520, 566, "60 000")),
			printedLine(141, at(40, 48, "(4)"), at(58, 205, "Dettes et produits constatés d'avance à moins d'un an"), at(442, 451, "EG"), at(528, 566, "10 000")),
			printedLine(123, at(40, 48, "(5)"), at(59, 264, "Dont concours bancaires courants, et soldes créditeurs de banques et CCP"), at(442, 451, "EH"), at(541, 566, "2 378")),
		}},
	}}
	got, err := statementreader.Read(doc)
	if err != nil {
		t.Fatalf("Read : %v", err)
	}
	want := []statements.Table{{
		Statement: statements.Balance, Page: 2, Years: []int{2025},
		Lines: []statements.Line{
			{Label: "Capital social ou individuel (1)* (Dont versé : .........)", Amounts: []*float64{new(50000.0)}, Category: "autre"},
			{Label: "TOTAL (I)", Amounts: []*float64{new(50000.0)}, Category: "capitaux_propres"},
			{Label: "Emprunts et dettes auprès des établissements de crédit (5)", Amounts: []*float64{new(10000.0)}, Category: "dettes_financieres"},
			{Label: "TOTAL GÉNÉRAL (I à V)", Amounts: []*float64{new(60000.0)}, Category: "total_passif"},
		},
	}}
	if diff := cmp.Diff(want, got.Tables); diff != "" {
		t.Errorf("tableaux (-attendu +lus) :\n%s", diff)
	}
	if got.Company != "ATELIER VERNET" {
		t.Errorf("société = %q, attendu la dénomination du 2065 (désignation du 2051 vide)", got.Company)
	}
}

// TestReadFormSimplified reads a 2033-A: 3-digit line codes beside the
// amounts, actif and passif one below the other with their own headers, a
// code stuck to a Brut amount ("3 382 086"), an amount equal to a line code.
func TestReadFormSimplified(t *testing.T) {
	t.Parallel()
	doc := &pdftext.Document{Pages: []pdftext.Page{{Number: 1, Lines: []pdftext.Line{
		printedLine(822, at(237, 341, "BILAN SIMPLIFIÉ"), at(475, 542, "N° 2033-A 2024")),
		printedLine(800, at(14, 94, "Désignation de l'entreprise"), at(108, 274, "ATELIER VERNET")),
		printedLine(753, at(402, 452, "Exercice N clos le"), at(486, 542, "Exercice N-1 clos le")),
		printedLine(743, at(391, 460, "3 1 1 2 2 0 2 3"), at(480, 549, "3 1 1 2 2 0 2 2")),
		printedLine(727, at(79, 111, "ACTIF"), at(230, 244, "Brut"), at(295, 379, "Amortissements - Provisions"), at(425, 435, "Net"), at(511, 522, "Net")),
		printedLine(723, at(234, 237, "1"), at(331, 335, "2"), at(428, 432, "3"), at(515, 518, "4")),
		printedLine(509, at(22, 63, "Disponibilités"), at(184, 197, "084"), at(251, 301, "3 382 086"), at(437, 467, "3 382"), at(523, 553, "1 000")),
		printedLine(455, at(93, 155, "Total général (I+II)"), at(184, 197, "110"), at(245, 301, "3 382 112"), at(437, 467, "3 382"), at(523, 553, "1 000")),
		printedLine(442, at(396, 428, "Exercice N"), at(497, 535, "Exercice N-1")),
		printedLine(435, at(180, 218, "PASSIF"), at(410, 425, "NET"), at(437, 441, "1"), at(511, 525, "NET"), at(538, 542, "2")),
		printedLine(419, at(22, 109, "Capital social ou individuel *"), at(369, 383, "120"), at(437, 467, "1 000"), at(523, 553, "1 000")),
		printedLine(315, at(22, 84, "Résultat de l'exercice"), at(369, 383, "136"), at(425, 473, "(1 500)")),
		printedLine(266, at(333, 356, "Total I"), at(369, 383, "142"), at(431, 467, "(500)"), at(523, 553, "1 000")),
		printedLine(161, at(22, 60, "Autres dettes"), at(369, 383, "175"), at(449, 467, "120")),
		printedLine(109, at(261, 351, "Total général (I + II + III)"), at(369, 383, "180"), at(431, 467, "3 382"), at(523, 553, "1 000")),
		printedLine(91, at(22, 56, "(1) d'un an"), at(182, 196, "193"), at(289, 387, "(4) Dont dettes à plus d'un an"), at(454, 468, "195")),
		printedLine(24, at(13, 83, "Dossier N° 003057 en Euros.")),
	}}}}
	got, err := statementreader.Read(doc)
	if err != nil {
		t.Fatalf("Read : %v", err)
	}
	want := statements.Transcription{
		Company: "ATELIER VERNET", PrintedUnit: "€",
		Tables: []statements.Table{{
			Statement: statements.Balance, Page: 1, Years: []int{2023, 2022},
			Lines: []statements.Line{
				{Label: "Disponibilités", Amounts: []*float64{new(3382.0), new(1000.0)}, Category: "tresorerie"},
				{Label: "Total général (I+II)", Amounts: []*float64{new(3382.0), new(1000.0)}, Category: "total_actif"},
				{Label: "Capital social ou individuel *", Amounts: []*float64{new(1000.0), new(1000.0)}, Category: "autre"},
				{Label: "Résultat de l'exercice", Amounts: []*float64{new(-1500.0), nil}, Category: "autre"},
				{Label: "Total I", Amounts: []*float64{new(-500.0), new(1000.0)}, Category: "capitaux_propres"},
				{Label: "Autres dettes", Amounts: []*float64{new(120.0), nil}, Category: "autres_passifs_courants"},
				{Label: "Total général (I + II + III)", Amounts: []*float64{new(3382.0), new(1000.0)}, Category: "total_passif"},
			},
		}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-attendu +lu) :\n%s", diff)
	}
}

// TestReadFormResultSigns reads a 2052 and its 2053: the tax credit printed
// in parentheses on the 2053 stays a credit, the participation and the
// 2033-style charges to subtract come out negative, and the 2052's "Exercice
// N" takes its year from the 2050's closing date.
func TestReadFormResultSigns(t *testing.T) {
	t.Parallel()
	income := func(n int, number string, rows ...pdftext.Line) pdftext.Page {
		head := []pdftext.Line{
			printedLine(814, at(470, 558, "N° "+number+"-SD 2025")),
			printedLine(765, at(27, 117, "Désignation de l'entreprise :"), at(125, 230, "Atelier Vernet")),
			printedLine(747, at(500, 540, "Exercice N")),
		}
		return pdftext.Page{Number: n, Lines: append(head, rows...)}
	}
	row := func(y float64, label, code, amount string) pdftext.Line {
		return printedLine(y, at(58, 300, label), at(434, 444, code), at(561-5*float64(len(amount)), 561, amount))
	}
	doc := &pdftext.Document{Pages: []pdftext.Page{
		form2050(printedLine(712, at(480, 540, "31122025"))),
		income(2, "2052",
			row(665, "Chiffres d'affaires nets*", "FL", "100 000"),
			row(488, "Autres achats et charges externes (3) (6 bis)*", "FW", "40 000"),
			row(456, "Salaires et traitements*", "FY", "50 000"),
			row(328, "1 - RÉSULTAT D'EXPLOITATION (I - II)", "GG", "10 000"),
			row(294, "Perte supportée ou bénéfice transféré* (IV)", "GI", "1 000"),
			row(82, "2 - RÉSULTAT FINANCIER (V - VI)", "GV", "(2 000)"),
		),
		income(3, "2053",
			row(582, "4 - RÉSULTAT EXCEPTIONNEL (VII - VIII)", "HI", "500"),
			row(565, "Participation des salariés aux résultats de l'entreprise (IX)", "HJ", "700"),
			row(548, "Impôts sur les bénéfices * (X)", "HK", "(1 368)"),
			row(500, "5 - BÉNÉFICE OU PERTE (Total des produits - total des charges)", "HN", "8 168"),
			row(480, "(9) Dont transferts de charges", "A1", "6 535"),
		),
	}}
	tr, err := statementreader.Read(doc)
	if err != nil {
		t.Fatalf("Read : %v", err)
	}
	r, err := statements.Normalise(tr)
	if err != nil {
		t.Fatalf("Normalise : %v", err)
	}
	for _, c := range []struct {
		key  string
		want float64
	}{
		{"chiffre_affaires", 100}, {"resultat_exploitation", 10}, {"resultat_financier", -2},
		{"resultat_exceptionnel", 0.5}, {"autres_elements_resultat", -1.7},
		{"impot_societes", -1.4}, {"resultat_net", 8.2},
	} {
		got, ok := r.Years[2025].Get(statements.Key{Statement: statements.Income, Name: c.key})
		if !ok || got != c.want {
			t.Errorf("2025 %s = %v (lu %v), attendu %v", c.key, got, ok, c.want)
		}
	}
	if _, ok := r.Years[2025].Get(statements.Key{Statement: statements.Income, Name: "achats_consommes"}); ok {
		t.Error("achats_consommes lu alors qu'aucune ligne n'est imprimée")
	}
}
