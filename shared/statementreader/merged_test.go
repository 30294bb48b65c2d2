package statementreader

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/statements"
)

// TestSplitMerged cuts the spans holding the cells of two columns, and only
// those: an amount, a period or a label stays whole.
func TestSplitMerged(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{"two amounts", "28 025 20 784", []string{"28 025", "20 784"}},
		{"a deduction and a net", "251 82 206", []string{"251", "82 206"}},
		{"negatives in parentheses", "(1 234) (567)", []string{"(1 234)", "(567)"}},
		{"one amount", "1 234 567", []string{"1 234 567"}},
		{"two dated headings", "Exercice clos le 31/12/2026 Exercice clos le 31/12/2025", []string{"Exercice clos le 31/12/2026", "Exercice clos le 31/12/2025"}},
		{"a dated heading beside the end of one that wrapped", "Exercice clos le 31/03/2021 le 31/03/2020", []string{"Exercice clos le 31/03/2021", "le 31/03/2020"}},
		{"a dated heading beside a date alone, the narrow column's head wrapped above", "Exercice clos le 31/12/2021 31/12/2020", []string{"Exercice clos le 31/12/2021", "31/12/2020"}},
		{"a dated heading beside a figure of another shape", "Exercice clos le 31/12/2021 2020", []string{"Exercice clos le 31/12/2021 2020"}},
		{"a heading beside another's words", "Exercice clos le 31/03/2021 clos 31/03/2020", []string{"Exercice clos le 31/03/2021 clos 31/03/2020"}},
		{"two years", "2025 2024", []string{"2025", "2024"}},
		{"notes beside two dates", "Notes 31/03/2023 31/03/2022", []string{"Notes", "31/03/2023", "31/03/2022"}},
		{"notes beside a period", "Notes Du 01/01/2025 au 31/12/2025", []string{"Notes", "Du 01/01/2025 au 31/12/2025"}},
		{"a variation and its percentage", "−268 -112,6 %", []string{"−268", "-112,6 %"}},
		{"a period", "Du 01/01/2025 au 31/12/2025", []string{"Du 01/01/2025 au 31/12/2025"}},
		{"a period between dashes", "05/05/2021 - 31/12/2022", []string{"05/05/2021 - 31/12/2022"}},
		{"two periods", "Du 01/01/2026 au 31/10/2026 Du 01/01/2025 au 31/12/2025", []string{"Du 01/01/2026 au 31/10/2026", "Du 01/01/2025 au 31/12/2025"}},
		{"two periods between dashes", "01/01/2026 - 31/10/2026 01/01/2025 - 31/12/2025", []string{"01/01/2026 - 31/10/2026", "01/01/2025 - 31/12/2025"}},
		{"a label with figures", "Emprunts 2025 2024", []string{"Emprunts 2025 2024"}},
		{"two dates cut after the century", "30/11/20 31/12/20", []string{"30/11/20", "31/12/20"}},
		{"two dates cut a digit later", "30/06/202 31/12/202", []string{"30/06/202", "31/12/202"}},
		{"a date beside a word", "30/11/20 Capital", []string{"30/11/20 Capital"}},
		{"a heading repeated over its columns", "Semestre clos Semestre clos", []string{"Semestre clos", "Semestre clos"}},
		{"notes and a heading repeated", "Note Semestre clos Semestre clos", []string{"Note", "Semestre clos", "Semestre clos"}},
		{"two different headings", "Semestre clos Exercice clos", []string{"Semestre clos Exercice clos"}},
		{"the unit's corner joined to the headings", "Montants exprimés en euros Notes Exercice clos le 30/09/2025 Exercice clos le 30/09/2024",
			[]string{"Montants exprimés en euros", "Notes", "Exercice clos le 30/09/2025", "Exercice clos le 30/09/2024"}},
		{"a label naming a unit", "Capital social en euros", []string{"Capital social en euros"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			in := span(300, 300+5*float64(len(tt.in)), tt.in)
			got := splitMerged([]pdftext.Line{line(700, in)})[0].Spans
			var texts []string
			for i, s := range got {
				texts = append(texts, s.Text)
				// Each piece within the span, left of the next.
				if s.X0 < in.X0 || s.X1 > in.X1 || s.X0 >= s.X1 || i > 0 && got[i-1].X1 >= s.X0 {
					t.Errorf("étendue de %q : %.1f–%.1f dans %.1f–%.1f", s.Text, s.X0, s.X1, in.X0, in.X1)
				}
			}
			if diff := cmp.Diff(tt.want, texts); diff != "" {
				t.Errorf("cellules (-attendu +lu) :\n%s", diff)
			}
		})
	}
}

// TestCaptionAtMargin: a label wrapped in its cell whose first line is
// made of header words ("Montant net du") starts at the labels' margin and
// heads no column; the same words over the amounts would.
func TestCaptionAtMargin(t *testing.T) {
	t.Parallel()
	row := line(650, span(43, 130, "Ventes"), span(320, 350, "2 506"), span(520, 553, "2 815"))
	margin := labelMargin([]pdftext.Line{row})
	if _, ok := headerLine(line(637, span(43, 130, "Montant net du")), margin); ok {
		t.Error("« Montant net du » au bord des libellés lu comme en-tête de colonne")
	}
	if _, ok := headerLine(line(760, span(300, 350, "Net"), span(500, 553, "Net")), margin); !ok {
		t.Error("« Net  Net » au-dessus des montants non lu comme en-têtes")
	}
}

// TestTotalAlone: a total printed without the lines it adds up is the
// amount of the key its name reads as; a total of other lines stays a
// subtotal, and a deduction is not guessed.
func TestTotalAlone(t *testing.T) {
	t.Parallel()
	v := func(f float64) []*float64 { return []*float64{&f} }
	rows := []row{
		{label: "Total immobilisations"}, {label: "TOTAL I"},
		{label: "Total stocks"},
		{label: "Créances clients"}, {label: "Total créances"},
	}
	amts := [][]*float64{v(100), v(100), v(0), v(40), v(40)}
	lines := classify(statements.Balance, &reading{side: assets}, rows, amts)
	got := map[string]string{}
	for _, l := range lines {
		got[l.Label] = l.Category
	}
	if got["Total stocks"] != "stocks" {
		t.Errorf("« Total stocks » seul : %q, attendu stocks", got["Total stocks"])
	}
	if got["Total créances"] == "creances_clients" {
		t.Errorf("« Total créances » sous sa ligne lu comme la clé elle-même")
	}
}

// TestJoinPagesSeam: a label cut by the page break goes on with the first
// row of the next page; a row that opens in capitals starts a new line.
func TestJoinPagesSeam(t *testing.T) {
	t.Parallel()
	v := func(f float64) []*float64 { return []*float64{&f} }
	last := rawTable{years: []int{2024}, rows: []row{{label: "Sur immobilisations :", cells: []cell{{}}}}, amts: [][]*float64{v(126)}}
	next := rawTable{years: []int{2024}, rows: []row{{label: "dotations aux amortissements"}, {label: "Autres charges", cells: []cell{{}}}},
		amts: [][]*float64{{nil}, v(12)}}
	got := joinPages(statements.Balance, []rawTable{last}, []rawTable{next})
	var labels []string
	for _, r := range got[0].rows {
		labels = append(labels, r.label)
	}
	if diff := cmp.Diff([]string{"Sur immobilisations : dotations aux amortissements", "Autres charges"}, labels); diff != "" {
		t.Errorf("lignes (-attendu +lu) :\n%s", diff)
	}
	if len(got[0].amts) != 2 || *got[0].amts[0][0] != 126 {
		t.Errorf("montants : %v", got[0].amts)
	}
}

// TestJoinPagesFootHeading: a heading printed below the last row of a page
// heads the rows its next page continues with; without a next page it stays
// out, as a footer would.
func TestJoinPagesFootHeading(t *testing.T) {
	t.Parallel()
	v := func(f float64) []*float64 { return []*float64{&f} }
	last := rawTable{years: []int{2024}, rows: []row{{label: "Provisions (II)", cells: []cell{{}}}}, amts: [][]*float64{v(389)}, tail: []row{{label: "DETTES"}}}
	next := rawTable{years: []int{2024}, rows: []row{{label: "Autres", cells: []cell{{}}}}, amts: [][]*float64{v(988)}}
	got := joinPages(statements.Balance, []rawTable{last}, []rawTable{next})
	lines := classify(statements.Balance, &reading{side: liabilities}, got[0].rows, got[0].amts)
	var cats []string
	for _, l := range lines {
		cats = append(cats, l.Label+" : "+l.Category)
	}
	want := []string{"Provisions (II) : provisions", "DETTES : autre", "Autres : autres_passifs_courants"}
	if diff := cmp.Diff(want, cats); diff != "" {
		t.Errorf("lignes (-attendu +lu) :\n%s", diff)
	}
}

// TestMendCutHeadings: a heading word a narrow cell broke without a hyphen
// is put back together; a lower-case word of its own stays where it is.
func TestMendCutHeadings(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		lines []pdftext.Line
		want  []string
	}{
		{"word cut", []pdftext.Line{line(702, span(348, 421, "Amortissement")), line(688, span(299, 320, "Brut"), span(376, 393, "s et"), span(451, 467, "Net"))},
			[]string{"Amortissements", "Brut  et  Net"}},
		{"a comparison heading cut before a heading word", []pdftext.Line{line(744, span(434, 505, "Écart N / N-1"), span(515, 560, "Variatio")), line(732, span(522, 560, "n en %"))},
			[]string{"Écart N / N-1  Variation", "en %"}},
		{"next word of the cell", []pdftext.Line{line(702, span(348, 421, "Amortissements")), line(688, span(376, 393, "et dépréciations"))},
			[]string{"Amortissements", "et dépréciations"}},
		{"another column", []pdftext.Line{line(702, span(348, 421, "Amortissement")), line(688, span(451, 467, "s"))},
			[]string{"Amortissement", "s"}},
		{"date cut, the next column's heading between", []pdftext.Line{line(704, span(452, 490, "31/03/202")), line(698, span(380, 420, "31/03/2025")), line(692, span(452, 458, "4"))},
			[]string{"31/03/2024", "31/03/2025"}},
		{"year cut after a word", []pdftext.Line{line(704, span(452, 490, "Exercice 202")), line(692, span(452, 458, "5"))},
			[]string{"Exercice 2025"}},
		{"an amount over an amount", []pdftext.Line{line(704, span(452, 490, "1 202")), line(692, span(452, 458, "4"))},
			[]string{"1 202", "4"}},
		{"a whole date over a digit", []pdftext.Line{line(704, span(452, 490, "31/03/2025")), line(692, span(452, 458, "4"))},
			[]string{"31/03/2025", "4"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var got []string
			for _, l := range mendCutHeadings(tt.lines) {
				got = append(got, squeeze(l.Text()))
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-attendu +lu) :\n%s", diff)
			}
			if tt.name == "word cut" && tt.lines[0].Spans[0].Text != "Amortissement" {
				t.Error("les lignes de la page ont été modifiées sur place")
			}
		})
	}
}

// TestTotalTwoOnLiabilities: the PCG model numbers the provisions II; a
// page printing autres fonds propres numbers as the Cerfa does.
func TestTotalTwoOnLiabilities(t *testing.T) {
	t.Parallel()
	v := func(f float64) []*float64 { return []*float64{&f} }
	tests := []struct {
		name string
		rows []row
		want bool // read as the provisions
	}{
		{"PCG model", []row{{label: "Capital"}, {label: "TOTAL I"}, {label: "TOTAL (II)"}, {label: "DETTES"}}, true},
		{"autres fonds propres printed", []row{{label: "Capital"}, {label: "TOTAL I"}, {label: "Autres fonds propres"}, {label: "TOTAL (II)"}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			amts := make([][]*float64, len(tt.rows))
			for i := range amts {
				amts[i] = v(10)
			}
			amts[len(amts)-1], amts[2] = v(0), v(0)
			if tt.rows[3].label == "DETTES" {
				amts[3] = []*float64{nil}
			}
			for _, l := range classify(statements.Balance, &reading{side: liabilities}, tt.rows, amts) {
				if l.Label == "TOTAL (II)" && (l.Category == "provisions") != tt.want {
					t.Errorf("« TOTAL (II) » : %q, provisions attendues : %v", l.Category, tt.want)
				}
			}
		})
	}
}

// TestJoinPagesCutCaption: a caption the page break cut after its first
// word ends under the next page's repeated headings; a whole caption stays
// whole before the heading that opens the next page.
func TestJoinPagesCutCaption(t *testing.T) {
	t.Parallel()
	v := func(f float64) []*float64 { return []*float64{&f} }
	tests := []struct {
		name, last, next string
		want             []string
	}{
		{"cut caption", "RÉSULTAT", "D'EXPLOITATION", []string{"RÉSULTAT D'EXPLOITATION", "PRODUITS FINANCIERS"}},
		{"whole caption", "Résultat d'exploitation", "PRODUITS", []string{"Résultat d'exploitation", "PRODUITS", "PRODUITS FINANCIERS"}},
		{"no caption together", "Divers", "CHARGES", []string{"Divers", "CHARGES", "PRODUITS FINANCIERS"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			last := rawTable{years: []int{2024}, rows: []row{{label: tt.last, cells: []cell{{}}}}, amts: [][]*float64{v(-6434)}}
			next := rawTable{years: []int{2024}, rows: []row{{label: tt.next}, {label: "PRODUITS FINANCIERS"}}, amts: [][]*float64{{nil}, {nil}}}
			got := joinPages(statements.Income, []rawTable{last}, []rawTable{next})
			var labels []string
			for _, r := range got[0].rows {
				labels = append(labels, r.label)
			}
			if diff := cmp.Diff(tt.want, labels); diff != "" {
				t.Errorf("lignes (-attendu +lu) :\n%s", diff)
			}
		})
	}
}

// TestPeriodLines: the periods' lengths printed on a line of their own
// under the columns' dates (the unit's corner cell between the two lines),
// or the head of headings that wrapped above them, give each column its own
// length.
func TestPeriodLines(t *testing.T) {
	t.Parallel()
	rows := []pdftext.Line{
		line(711, span(36, 139, "Produits d'exploitation")),
		line(695, span(36, 134, "Ventes de marchandises"), span(314, 360, "10 076 051"), span(514, 560, "11 160 172")),
		line(680, span(36, 134, "Production vendue"), span(314, 360, "1 051"), span(514, 560, "1 172")),
	}
	tests := []struct {
		name   string
		header []pdftext.Line
		want   []statements.Period
	}{
		{"lengths under the dates", []pdftext.Line{
			line(737, span(207, 315, "Situation au 30/09/2025"), span(430, 492, "Exercice 2024")),
			line(733, span(34, 58, "(en €)")),
			line(728, span(242, 279, "(9 mois)"), span(440, 483, "(12 mois)")),
		}, []statements.Period{{End: "2025-09-30", Months: 9}, {Months: 12}}},
		{"wrapped heads above the dates", []pdftext.Line{
			line(737, span(300, 362, "Semestre clos le"), span(500, 562, "Semestre clos le")),
			line(728, span(310, 360, "30/06/2021"), span(510, 560, "30/06/2020")),
		}, []statements.Period{{End: "2021-06-30", Months: 6}, {End: "2020-06-30", Months: 6}}},
		{"a period wrapped over four lines", []pdftext.Line{
			line(740, span(344, 359, "Du"), span(545, 560, "Du")),
			line(729, span(310, 360, "01/01/2021"), span(510, 560, "01/01/2020")),
			line(717, span(345, 359, "au"), span(546, 560, "au")),
			line(706, span(310, 360, "30/09/2021"), span(510, 560, "31/12/2020")),
		}, []statements.Period{{Start: "2021-01-01", End: "2021-09-30", Months: 9}, {Start: "2020-01-01", End: "2020-12-31", Months: 12}}},
		{"a period wrapped over two lines, centred left of its amounts", []pdftext.Line{
			line(737, span(229, 313, "Du 01/01/2021 au"), span(430, 514, "Du 01/01/2020 au")),
			line(728, span(245, 298, "31/10/2021"), span(446, 499, "31/12/2020")),
		}, []statements.Period{{Start: "2021-01-01", End: "2021-10-31", Months: 10}, {Start: "2020-01-01", End: "2020-12-31", Months: 12}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			lines := append([]pdftext.Line{line(766, span(34, 187, "Compte de résultat"))}, tt.header...)
			page := pdftext.Page{Lines: append(lines, rows...)}
			raws := rawTables(1, halfSegments(page, nil), 0, page)
			if len(raws) != 1 {
				t.Fatalf("%d tables, want 1", len(raws))
			}
			if diff := cmp.Diff(tt.want, raws[0].periods); diff != "" {
				t.Errorf("périodes (-attendu +lu) :\n%s", diff)
			}
		})
	}
}

// TestHalvesJoinedAmount: side by side, the left table's last amount joined
// by the text layer to the right table's label goes back to the left half.
func TestHalvesJoinedAmount(t *testing.T) {
	t.Parallel()
	page := pdftext.Page{Lines: []pdftext.Line{
		line(668, span(36, 107, "fonds commercial"), span(189, 207, "18,9"), span(278, 327, "20,4 Capital"), span(452, 470, "74,8"), span(542, 560, "74,8")),
		line(633, span(36, 61, "autres"), span(189, 207, "19,4"), span(278, 358, "16,7 Réserve légale"), span(458, 470, "4,6"), span(547, 560, "4,6")),
		line(607, span(36, 80, "corporelles"), span(189, 207, "88,7"), span(278, 362, "88,0 Autres réserves"), span(465, 470, "0"), span(542, 560, "55,6")),
		line(444, span(36, 100, "Autres créances"), span(189, 207, "35,2"), span(278, 341, "32,5 assimilées"), span(447, 470, "166,2"), span(537, 560, "168,0")),
		line(402, span(36, 89, "Disponibilités"), span(189, 207, "25,1"), span(299, 353, "Autres dettes"), span(452, 470, "76,3"), span(542, 560, "68,3")),
	}}
	hs := halves(page)
	if len(hs) != 2 {
		t.Fatalf("%d moitiés, want 2", len(hs))
	}
	var left, right []string
	for _, l := range hs[0].Lines {
		left = append(left, squeeze(l.Text()))
	}
	for _, l := range hs[1].Lines {
		right = append(right, squeeze(l.Text()))
	}
	wantLeft := []string{"fonds commercial  18,9  20,4", "autres  19,4  16,7", "corporelles  88,7  88,0", "Autres créances  35,2  32,5", "Disponibilités  25,1"}
	wantRight := []string{"Capital  74,8  74,8", "Réserve légale  4,6  4,6", "Autres réserves  0  55,6", "assimilées  166,2  168,0", "Autres dettes  76,3  68,3"}
	if diff := cmp.Diff(wantLeft, left); diff != "" {
		t.Errorf("moitié gauche (-attendu +lu) :\n%s", diff)
	}
	if diff := cmp.Diff(wantRight, right); diff != "" {
		t.Errorf("moitié droite (-attendu +lu) :\n%s", diff)
	}
}

// TestContinuationUnderCorner: a page that goes on with a statement under
// its headings, the cell left of them opening above their line ("Montants
// exprimés" / "en euros") or ending on it ("Montants exprimés en" /
// "euros  1er semestre 2023  …"), continues it; so does a page that repeats
// no headings and opens with a section heading a narrow cell wrapped.
func TestContinuationUnderCorner(t *testing.T) {
	t.Parallel()
	body := []pdftext.Line{
		line(760, span(36, 120, "PRODUITS FINANCIERS")),
		line(745, span(36, 140, "De participations"), span(320, 340, "0"), span(480, 510, "2.238")),
		line(730, span(36, 140, "Autres intérêts"), span(300, 340, "1.204"), span(480, 510, "988")),
	}
	tests := []struct {
		name string
		head []pdftext.Line
		rows int
	}{
		{"opening above the headings", []pdftext.Line{
			line(790, span(60, 130, "Montants exprimés")),
			line(784, span(250, 340, "6 mois au 30/06/2023"), span(420, 510, "6 mois au 30/06/2022")),
			line(778, span(70, 120, "en euros")),
		}, 3},
		{"a section heading wrapped in a narrow label cell, no headings", []pdftext.Line{
			line(805, span(36, 80, "CHARGES")),
			line(793, span(36, 130, "EXCEPTIONNELLES")),
		}, 5}, // the heading's two lines are rows, put together as a page's are
		{"ending on the headings' line", []pdftext.Line{
			line(792, span(48, 137, "Montants exprimés en")),
			line(782, span(80, 104, "euros"), span(250, 340, "1er semestre 2023"), span(420, 510, "1er semestre 2022")),
		}, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			page := pdftext.Page{Number: 2, Lines: append(slices.Clone(tt.head), body...)}
			last := rawTable{years: []int{2023, 2022}, rows: []row{{label: "RÉSULTAT D'EXPLOITATION", cells: []cell{{}}}}, amts: [][]*float64{{nil, nil}},
				headers: []header{{x0: 290, x1: 340, year: 2023}, {x0: 460, x1: 510, year: 2022}}}
			raws, ok := continuation(page, nil, spacing{}, 2023, last)
			if !ok || len(raws) != 1 || !slices.Equal(raws[0].years, []int{2023, 2022}) || len(raws[0].rows) != tt.rows {
				t.Fatalf("suite : %v, %+v", ok, raws)
			}
		})
	}
}

// TestRowWithChange: a row printing its change in percent, or "n.s.", after
// its amounts keeps its label and a cell for each column; a line of amounts
// and changes alone is the amounts' line of a wrapped label.
func TestRowWithChange(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		l         pdftext.Line
		label     string
		cells     int
		amountsOf bool
	}{
		{"a percentage", line(650, span(36, 156, "Terrains"), span(373, 397, "2 208"), span(431, 454, "2 440"), span(496, 512, "232"), span(529, 560, "10,5 %")), "Terrains", 4, false},
		{"not significant", line(650, span(36, 156, "Autres charges"), span(373, 397, "-"), span(431, 454, "19"), span(496, 512, "19"), span(529, 560, "n.s.")), "Autres charges", 4, false},
		{"the amounts of a wrapped label", line(650, span(373, 397, "528"), span(431, 454, "489"), span(496, 512, "(39)"), span(529, 560, "-7,4 %")), "", 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := readRow(tt.l)
			if r.label != tt.label || len(r.cells) != tt.cells {
				t.Errorf("ligne %q, %d cellules ; attendu %q, %d", r.label, len(r.cells), tt.label, tt.cells)
			}
			if got := amountsAlone(tt.l, 36); got != tt.amountsOf {
				t.Errorf("montants seuls : %v, attendu %v", got, tt.amountsOf)
			}
		})
	}
}

// TestJoinWrappedPercents: a percentage a narrow column wrapped before its
// sign goes down to the sign's line; a figure above a sign in another column,
// or too far above, stays.
func TestJoinWrappedPercents(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		in   []pdftext.Line
		want []string
	}{
		{"wrapped", []pdftext.Line{
			line(121.8, span(35, 157, "RÉSULTAT FINANCIER"), span(524, 560, "-966,4")),
			line(110.1, span(35, 78, "(III - IV)"), span(248, 278, "−979"), span(374, 395, "113"), span(472, 512, "−1.092"), span(550, 560, "%")),
		}, []string{"RÉSULTAT FINANCIER", "(III - IV) −979 113 −1.092 -966,4 %"}},
		{"the amounts centred between", []pdftext.Line{
			line(599.7, span(35, 93, "Résultat de"), span(528, 560, "-180,0")),
			line(593.9, span(232, 259, "1 503"), span(351, 386, "(1 202)"), span(477, 512, "(2 705)")),
			line(588.1, span(35, 83, "l'exercice"), span(550, 560, "%")),
		}, []string{"Résultat de", "1 503 (1 202) (2 705) -180,0 %", "l'exercice"}},
		{"another column", []pdftext.Line{
			line(121.8, span(35, 157, "RÉSULTAT FINANCIER"), span(472, 512, "-966,4")),
			line(110.1, span(35, 78, "(III - IV)"), span(550, 560, "%")),
		}, []string{"RÉSULTAT FINANCIER -966,4", "(III - IV) %"}},
		{"too far above", []pdftext.Line{
			line(150, span(35, 157, "RÉSULTAT FINANCIER"), span(524, 560, "-966,4")),
			line(110.1, span(35, 78, "(III - IV)"), span(550, 560, "%")),
		}, []string{"RÉSULTAT FINANCIER -966,4", "(III - IV) %"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var got []string
			for _, l := range joinWrappedPercents(tt.in) {
				var texts []string
				for _, s := range l.Spans {
					texts = append(texts, s.Text)
				}
				got = append(got, strings.Join(texts, " "))
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("lignes (-attendu +lu) :\n%s", diff)
			}
		})
	}
}

// TestCutAmountLabels: where two tables stand side by side, the left
// table's amounts joined to the right table's label are cut from it, and
// from one another; a label that opens with a figure stays whole.
func TestCutAmountLabels(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		in   pdftext.Line
		want []string
	}{
		{"one amount after an amount", line(600, span(35, 100, "Marchandises"), span(213, 243, "49 458"), span(266, 344, "46 986 TOTAL (I)")),
			[]string{"Marchandises", "49 458", "46 986", "TOTAL (I)"}},
		{"two amounts after a label", line(421, span(35, 97, "TOTAL ACTIF"), span(195, 433, "3 500 024 3 545 246 TOTAL GÉNÉRAL (I + II + III)")),
			[]string{"TOTAL ACTIF", "3 500 024", "3 545 246", "TOTAL GÉNÉRAL (I + II + III)"}},
		{"one amount after a label", line(421, span(35, 97, "Effectif"), span(195, 300, "12 salariés")),
			[]string{"Effectif", "12 salariés"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var got []string
			for _, s := range cutAmountLabels([]pdftext.Line{tt.in})[0].Spans {
				got = append(got, s.Text)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("cellules (-attendu +lu) :\n%s", diff)
			}
		})
	}
}
