package statementreader

import (
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
		{"two years", "2025 2024", []string{"2025", "2024"}},
		{"a period", "Du 01/01/2025 au 31/12/2025", []string{"Du 01/01/2025 au 31/12/2025"}},
		{"a label with figures", "Emprunts 2025 2024", []string{"Emprunts 2025 2024"}},
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
	got := joinPages([]rawTable{last}, []rawTable{next})
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
	got := joinPages([]rawTable{last}, []rawTable{next})
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
		{"next word of the cell", []pdftext.Line{line(702, span(348, 421, "Amortissements")), line(688, span(376, 393, "et dépréciations"))},
			[]string{"Amortissements", "et dépréciations"}},
		{"another column", []pdftext.Line{line(702, span(348, 421, "Amortissement")), line(688, span(451, 467, "s"))},
			[]string{"Amortissement", "s"}},
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
