package pdftext

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/go-pdf/fpdf"
	"github.com/google/go-cmp/cmp"
	"golang.org/x/image/font/gofont/goregular"
)

// tableRows is the table every fixture prints: label, then two amounts in
// right-aligned columns, with thin (U+202F) or no-break (U+00A0) spaces as
// thousands separators.
var tableRows = [][]string{
	{"Chiffre d’affaires net", "157\u202f275", "143\u202f210"},
	{"Achats consommés", "(62\u00a0418)", "(57\u00a0903)"},
	{"Impôt sur les bénéfices", "(9\u202f702)", "(8\u202f311)"},
	{"Résultat net – part du groupe", "27 105", "22 822"},
}

// coreRows is tableRows as fpdf core fonts can print it (cp1252 has no U+202F).
func coreRows() [][]string {
	out := make([][]string, len(tableRows))
	for i, r := range tableRows {
		out[i] = make([]string, len(r))
		for j, c := range r {
			out[i][j] = strings.ReplaceAll(c, "\u202f", "\u00a0")
		}
	}
	return out
}

const paragraph = "Le groupe a poursuivi son développement en Europe malgré un contexte " +
	"économique incertain, avec une croissance organique soutenue dans toutes ses " +
	"divisions et une amélioration de sa marge opérationnelle courante."

// fixture builds a one-page PDF: a title, the table, a paragraph that wraps.
// utf8 selects an embedded TrueType font (Type0, Identity-H, one wide
// ToUnicode range) instead of the Helvetica core font.
func fixture(t testing.TB, utf8 bool, special string) []byte {
	t.Helper()
	pdf := fpdf.New("P", "mm", "A4", "")
	enc := func(s string) string { return s }
	rows := coreRows()
	if utf8 {
		pdf.AddUTF8FontFromBytes("goregular", "", goregular.TTF)
		pdf.SetFont("goregular", "", 10)
		rows = tableRows
	} else {
		pdf.SetFont("Helvetica", "", 10)
		enc = pdf.UnicodeTranslatorFromDescriptor("")
	}
	pdf.AddPage()
	pdf.CellFormat(0, 8, enc("Compte de résultat (en milliers d’euros)"), "", 1, "L", false, 0, "")
	for _, r := range rows {
		pdf.CellFormat(90, 6, enc(r[0]), "", 0, "L", false, 0, "")
		pdf.CellFormat(30, 6, enc(r[1]), "", 0, "R", false, 0, "")
		pdf.CellFormat(30, 6, enc(r[2]), "", 1, "R", false, 0, "")
	}
	pdf.Ln(4)
	pdf.MultiCell(80, 5, enc(paragraph), "", "L", false)
	if special != "" {
		pdf.Ln(4)
		pdf.CellFormat(0, 6, enc(special), "", 1, "L", false, 0, "")
	}
	var b bytes.Buffer
	if err := pdf.Output(&b); err != nil {
		t.Fatalf("fpdf : %v", err)
	}
	return b.Bytes()
}

func readFixture(t *testing.T, data []byte) Page {
	t.Helper()
	doc, err := Read(context.Background(), bytes.NewReader(data), int64(len(data)), Limits{})
	if err != nil {
		t.Fatalf("Read : %v", err)
	}
	if len(doc.Pages) != 1 || doc.Pages[0].Err != nil {
		t.Fatalf("pages : %+v", doc.Pages)
	}
	return doc.Pages[0]
}

var columnSep = regexp.MustCompile(`  +`)

func TestTableRowsAreOneLine(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		utf8 bool
		want [][]string
	}{
		{"core font Helvetica", false, coreRows()},
		{"embedded TrueType Identity-H", true, tableRows},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			page := readFixture(t, fixture(t, tt.utf8, ""))
			lines := strings.Split(page.Text(), "\n")
			if len(lines) < 1+len(tt.want) {
				t.Fatalf("%d lignes :\n%s", len(lines), page.Text())
			}
			var got [][]string
			for _, l := range lines[1 : 1+len(tt.want)] {
				got = append(got, columnSep.Split(l, -1))
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("lignes du tableau (-attendu +obtenu) :\n%s\ntexte :\n%s", diff, page.Text())
			}
		})
	}
}

func TestParagraphWrapsWithSpaces(t *testing.T) {
	t.Parallel()
	for _, utf8 := range []bool{false, true} {
		page := readFixture(t, fixture(t, utf8, ""))
		lines := strings.Split(page.Text(), "\n")
		body := lines[1+len(tableRows):]
		if len(body) < 3 {
			t.Fatalf("utf8=%v : le paragraphe devrait tenir sur au moins 3 lignes : %q", utf8, body)
		}
		for _, l := range body {
			if strings.Contains(l, "  ") {
				t.Errorf("utf8=%v : espace de colonne dans le paragraphe : %q", utf8, l)
			}
		}
		if got := strings.Join(body, " "); got != paragraph {
			t.Errorf("utf8=%v : paragraphe\n got %q\nwant %q", utf8, got, paragraph)
		}
	}
}

func TestSpecialCharacters(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		utf8    bool
		printed string
	}{
		{"core font cp1252", false, "L’été – 5 € d’œuvre"},
		{"embedded font wide ToUnicode range", true, "L’été – 5 € d’œuvre"},
		{"ligature", true, "ﬁnancement"},
		{"soft hyphen kept", true, "dé\u00adveloppement"},
		{"no-break spaces as printed", true, "1\u202f000\u00a0€"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			page := readFixture(t, fixture(t, tt.utf8, tt.printed))
			lines := strings.Split(page.Text(), "\n")
			if got := lines[len(lines)-1]; got != tt.printed {
				t.Errorf("dernière ligne %q, attendu %q", got, tt.printed)
			}
		})
	}
}
