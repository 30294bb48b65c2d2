package ocr

import (
	"strings"
	"testing"

	"analyste.dev/analyste/shared/pdftext"
)

// a4 is an A4 crop box, in points.
var a4 = pdftext.Rect{X0: 0, Y0: 0, X1: 595, Y1: 842}

// row gives the words of a table row at height y (points from the top),
// each word x points from the left, 8 points high, 5 points a letter,
// the page turned by slope.
func row(line int, y, slope float64, words ...any) []Word {
	var out []Word
	for i := 0; i < len(words); i += 2 {
		text, x := words[i].(string), words[i+1].(float64)
		w := 5 * float64(len(text))
		top := y + slope*x
		out = append(out, Word{Text: text, X0: x / 595, X1: (x + w) / 595, Y0: top / 842, Y1: (top + 8) / 842, Conf: 0.9, Line: line})
	}
	return out
}

func TestLayout(t *testing.T) {
	tests := []struct {
		name  string
		slope float64
		want  []string
	}{
		{"straight", 0, []string{"Chiffre d'affaires net", "157 275", "143 210"}},
		// 1°: the row drifts 8 points across the page, more than the 14
		// points between rows allow without taking the skew out.
		{"turned", 0.0175, []string{"Chiffre d'affaires net", "157 275", "143 210"}},
		{"turned back", -0.0175, []string{"Chiffre d'affaires net", "157 275", "143 210"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var words []Word
			words = append(words, row(0, 100, tt.slope, "Chiffre", 60.0, "d'affaires", 100.0, "net", 155.0, "157", 400.0, "275", 420.0, "143", 480.0, "210", 500.0)...)
			words = append(words, row(1, 114, tt.slope, "Achats", 60.0, "consommés", 96.0, "(62", 400.0, "114)", 420.0, "(58", 480.0, "001)", 500.0)...)
			lines, glyphs, conf := Layout(words, a4)
			if len(lines) != 2 {
				t.Fatalf("%d lignes, 2 attendues : %+v", len(lines), lines)
			}
			var got []string
			for _, s := range lines[0].Spans {
				got = append(got, s.Text)
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("cellules %q, attendu %q", got, tt.want)
			}
			if !strings.HasPrefix(lines[1].Spans[0].Text, "Achats consommés") {
				t.Errorf("deuxième ligne %q", lines[1].Text())
			}
			page := pdftext.Page{Lines: lines, Glyphs: glyphs}
			text := page.Text()
			if len(glyphs) != len(words) || len(conf) != len(words) {
				t.Fatalf("%d glyphes, %d confiances pour %d mots", len(glyphs), len(conf), len(words))
			}
			for _, g := range glyphs {
				word := text[g.Start:g.End]
				if strings.ContainsAny(word, " \n") || word == "" {
					t.Errorf("glyphe %+v donne %q, un mot attendu", g, word)
				}
				if g.Box.Y0 < 700 || g.Box.Y1 > 760 || g.Box.X0 < 55 {
					t.Errorf("%q en %+v : hors de sa ligne (coordonnées PDF, y vers le haut)", word, g.Box)
				}
			}
		})
	}
}

func TestLayoutRectsOfAQuote(t *testing.T) {
	words := row(0, 200, 0, "Le", 60.0, "covenant", 75.0, "est", 120.0, "respecté", 140.0)
	lines, glyphs, conf := Layout(words, a4)
	page := pdftext.Page{Lines: lines, Glyphs: glyphs, OCR: &pdftext.Recognition{Confidence: conf}}
	start := strings.Index(page.Text(), "covenant est")
	rects := page.Rects(start, start+len("covenant est"))
	if len(rects) != 1 || rects[0].X0 != 75 || rects[0].X1 != 135 {
		t.Errorf("rectangles %+v, attendu un rectangle de 75 à 135 pt", rects)
	}
	if c, ok := page.Confidence(start, start+3); !ok || c != 0.9 {
		t.Errorf("confiance %v %v", c, ok)
	}
}

func TestLayoutDropsEmptyAndBrokenWords(t *testing.T) {
	words := []Word{{Text: " ", X0: 0.1, X1: 0.2, Y0: 0.1, Y1: 0.11}, {Text: "\xff", X0: 0.1, X1: 0.2, Y0: 0.1, Y1: 0.11},
		{Text: "vide", X0: 0.3, X1: 0.3, Y0: 0.1, Y1: 0.11}}
	if lines, _, _ := Layout(words, a4); len(lines) != 0 {
		t.Errorf("lignes %+v, aucune attendue", lines)
	}
}

// A scan's specks and a form's rules, read as tiny marks between a row's
// label and its amounts, neither cut the row nor enter its text; a dash,
// a nil amount, stays.
func TestLayoutSpecks(t *testing.T) {
	words := row(0, 100, 0, "Autres", 60.0, "corporelles", 95.0, "58", 300.0, "712", 313.0, "-", 420.0, "15", 500.0, "874", 513.0)
	words = append(words, row(1, 114, 0, "Immobilisations", 60.0, "4", 300.0, "383", 309.0)...)
	specks := []Word{{Text: "#0)", X0: 200.0 / 595, X1: 201.0 / 595, Y0: 103.0 / 842, Y1: 103.5 / 842, Conf: 0.1, Line: 0},
		{Text: ";", X0: 250.0 / 595, X1: 251.0 / 595, Y0: 101.0 / 842, Y1: 107.0 / 842, Conf: 0.2, Line: 0},
		{Text: "j", X0: 440.0 / 595, X1: 441.0 / 595, Y0: 106.0 / 842, Y1: 106.5 / 842, Conf: 0.01, Line: 0}}
	words[4].Y0, words[4].Y1 = 103.5/842, 104.5/842 // the dash: a stroke at mid-height
	lines, _, _ := Layout(append(words, specks...), a4)
	var got []string
	for _, l := range lines {
		got = append(got, l.Text())
	}
	if len(lines) != 2 || strings.ContainsAny(got[0], "#;j") || !strings.Contains(got[0], "58 712") || !strings.Contains(got[0], "-") || !strings.HasSuffix(got[0], "15 874") {
		t.Errorf("lignes %q : deux attendues, sans les taches, le tiret gardé", got)
	}
}

// A speck read as letters at an end of a cell of figures or dates, that
// the engine is unsure of, is dropped: « 31/12/2024 ES » would be no year.
// Letters it is sure of, and unsure letters in a label, stay.
func TestLayoutDropsStrayLetters(t *testing.T) {
	words := row(0, 100, 0, "Notes", 300.0, "31/12/2025", 380.0, "31/12/2024", 470.0, "ES", 524.0)
	words = append(words, row(1, 120, 0, "Stocks", 60.0, "12", 400.0, "000", 415.0, "k€", 434.0)...)
	words = append(words, row(2, 140, 0, "Actifs", 60.0, "EU", 93.0)...)
	for i := range words {
		if words[i].Text == "ES" || words[i].Text == "EU" {
			words[i].Conf = 0.35
		}
	}
	lines, glyphs, conf := Layout(words, a4)
	var got []string
	for _, l := range lines {
		got = append(got, l.Text())
	}
	want := []string{"Notes", "31/12/2025", "31/12/2024", "Stocks", "12 000 k€", "Actifs EU"}
	all := strings.Join(got, "\n")
	for _, w := range want {
		if !strings.Contains(all, w) {
			t.Errorf("%q absent :\n%s", w, all)
		}
	}
	if strings.Contains(all, "ES") || len(glyphs) != len(words)-1 || len(conf) != len(glyphs) {
		t.Errorf("%d mots pour %d lus :\n%s", len(glyphs), len(words), all)
	}
}

// A dot read low beside an amount neither takes the cell to the next
// row nor stays in its text; a minus read as a dash is a minus.
func TestLayoutDotBesideAmount(t *testing.T) {
	words := row(0, 100, 0, "Production", 60.0, "vendue", 115.0, "196", 350.0, "210", 540.0, ".", 558.0)
	words = append(words, row(1, 120, 0, "Résultat", 60.0, "207", 350.0, "—413", 540.0)...)
	words[4].Y0, words[4].Y1 = 104.0/842, 111.0/842 // the dot: ink below the digits' baseline
	words[4].Conf = 0.95
	lines, _, _ := Layout(words, a4)
	var got []string
	for _, l := range lines {
		got = append(got, l.Text())
	}
	if len(lines) != 2 || !strings.HasSuffix(got[0], "210") || !strings.HasSuffix(got[1], "-413") {
		t.Errorf("lignes %q : « … 196 210 » et « … 207 -413 » attendues", got)
	}
}

// A nil amount's dash, a thin stroke above the digits' centre, stays on
// its row.
func TestLayoutDashOnItsRow(t *testing.T) {
	words := row(0, 100, 0, "Subventions", 60.0, "d'exploitation", 120.0, "45", 350.0, "-", 555.0)
	words = append(words, row(1, 114, 0, "Reprises", 60.0, "65", 350.0, "80", 550.0)...)
	words[3].Y0, words[3].Y1 = 101.0/842, 102.0/842
	lines, _, _ := Layout(words, a4)
	if len(lines) != 2 || !strings.HasSuffix(lines[0].Text(), "-") {
		var got []string
		for _, l := range lines {
			got = append(got, l.Text())
		}
		t.Errorf("lignes %q : le tiret sur la ligne des subventions attendu", got)
	}
}

// A liasse's software sets its thousands an em apart: the groups are one
// amount; the next column, further, is another.
func TestLayoutWideThousands(t *testing.T) {
	words := row(0, 100, 0, "Autres", 60.0, "achats", 95.0, "24", 400.0, "521", 421.0, "961", 447.0, "19", 500.0, "700", 521.0, "112", 547.0)
	lines, _, _ := Layout(words, a4)
	if len(lines) != 1 || len(lines[0].Spans) != 3 || lines[0].Spans[1].Text != "24 521 961" || lines[0].Spans[2].Text != "19 700 112" {
		t.Errorf("ligne %+v : « 24 521 961 » et « 19 700 112 » attendus", lines)
	}
}
