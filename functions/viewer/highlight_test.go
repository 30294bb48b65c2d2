package viewer

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/quotes"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/statements"
)

func TestHighlight(t *testing.T) {
	t.Parallel()
	const page = "Rapport de gestion\n\nLa Société reste fortement dépendante de son premier donneur d’ordre : une grande\n" +
		"maison de luxe parisienne a représenté 38\u00a0% du chiffre d’affaires.  Le plan de dévelop-\npement " +
		"repose sur « Voyage ». La défail\nlance d’un fournisseur est peut-\nêtre à craindre. " +
		"L’emprunt syndiqué de 85\u00a0000 k€ est assorti d’un covenant.\nFin."
	tests := []struct {
		name, quote string
		want        string // the highlighted original text; empty when not found
	}{
		{"exact copy", "La Société reste fortement dépendante", "La Société reste fortement dépendante"},
		{"straight apostrophe and line break read as a space",
			"premier donneur d'ordre : une grande maison de luxe parisienne",
			"premier donneur d’ordre : une grande\nmaison de luxe parisienne"},
		{"no-break space and case", "A REPRÉSENTÉ 38 % DU CHIFFRE D'AFFAIRES.", "a représenté 38\u00a0% du chiffre d’affaires."},
		{"line-end hyphenation rejoined", "Le plan de développement repose", "Le plan de dévelop-\npement repose"},
		{"line-end hyphen kept", "Le plan de dévelop-pement repose", "Le plan de dévelop-\npement repose"},
		{"line break inside a word left out", "La défaillance d'un fournisseur", "La défail\nlance d’un fournisseur"},
		{"compound word split at a line end", "un fournisseur est peut-être à craindre", "un fournisseur est peut-\nêtre à craindre"},
		{"guillemets around the quote dropped", "« L'emprunt syndiqué de 85 000 k€ est assorti d'un covenant. »",
			"L’emprunt syndiqué de 85\u00a0000 k€ est assorti d’un covenant."},
		{"straight quotes for guillemets", `repose sur "Voyage"`, "repose sur « Voyage »"},
		{"a changed word is not found", "La Société reste très dépendante", ""},
		{"a quote from another page is not found", "Le bail comporte une clause", ""},
		{"too short to prove anything", "Le plan de", ""},
		{"punctuation only is not found", " « . » ", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			marks, _ := mark(page, tt.quote, nil)
			if tt.want == "" {
				if len(marks) > 0 {
					t.Fatalf("highlighted %q, want nothing", page[marks[0].start:marks[0].end])
				}
				return
			}
			if len(marks) != 1 {
				t.Fatalf("%q: %d marks", tt.quote, len(marks))
			}
			if got := page[marks[0].start:marks[0].end]; got != tt.want {
				t.Errorf("highlighted %q, want %q", got, tt.want)
			}
		})
	}
}

// Every sentence of a page is found where it is, and the highlighted text
// normalises to the quote.
func TestHighlightEverySentence(t *testing.T) {
	t.Parallel()
	page := "Note 9 – Emprunts\nL’emprunt syndiqué de 85\u00a0000\u202fk€ est assorti d’un covenant : le ratio dette nette / EBITDA ajusté ne doit\n" +
		"pas excéder 3,5x, selon la définition contractuelle. En cas de manquement, les prêteurs pourraient exiger le rembourse-\n" +
		"ment anticipé de la totalité de l’encours. Les ﬁnancements court terme | 12 400 | 10 100 | sont renouvelés chaque année."
	for _, sentence := range strings.SplitAfter(page, ". ") {
		sentence = strings.TrimSpace(sentence)
		marks, _ := mark(page, sentence, nil)
		if len(marks) != 1 {
			t.Errorf("sentence %q not found", sentence)
			continue
		}
		got := page[marks[0].start:marks[0].end]
		if got != sentence {
			t.Errorf("highlighted %q, want %q", got, sentence)
		}
		if quotes.Normalise(got) != quotes.Normalise(sentence) {
			t.Errorf("normalised highlight differs from the quote %q", sentence)
		}
	}
}

// A statement's line is found by its label, whole, amounts included; a
// label that only starts a longer one is not its line. Several lines are
// marked top first, a missing one named.
func TestPrintedLine(t *testing.T) {
	t.Parallel()
	const page = "Bilan actif\nTotal actif circulant        41 200     38 900\nTotal actif          121 700    118 300\n" +
		"Disponibilités et valeurs mobilières        3 100      2 400\nCréances clients  \u00a0 (note 4)   12 000\nStocks"
	tests := []struct {
		name   string
		labels []string
		want   []string // the lines marked, top first
		miss   []string
	}{
		{"a total after a longer label", []string{"Total actif"}, []string{"Total actif          121 700    118 300"}, nil},
		{"the longer label", []string{"Total actif circulant"}, []string{"Total actif circulant        41 200     38 900"}, nil},
		{"typed apostrophes and case", []string{"DISPONIBILITÉS ET VALEURS MOBILIÈRES"}, []string{"Disponibilités et valeurs mobilières        3 100      2 400"}, nil},
		{"a note after the label", []string{"Créances clients"}, []string{"Créances clients  \u00a0 (note 4)   12 000"}, nil},
		{"the last line, without amounts", []string{"Stocks"}, []string{"Stocks"}, nil},
		{"several lines, top first, once each", []string{"Stocks", "Total actif", "Stocks"},
			[]string{"Total actif          121 700    118 300", "Stocks"}, nil},
		{"a label the page does not print", []string{"Dettes fournisseurs", "Stocks"}, []string{"Stocks"}, []string{"Dettes fournisseurs"}},
		{"the start of a label only", []string{"Disponibilités"}, nil, []string{"Disponibilités"}},
		{"nothing asked", []string{"  "}, nil, []string{"  "}},
	}
	// The tax forms: a box code between the label and its amounts, a
	// note before the label, a label wrapped over two lines.
	const form = "Avances et acomptes versés sur commandes     BV    392 880  BW     392 880\n" +
		"(2)    Autres * (3)    072    8 842 074\n" +
		"Autres créances clients   BZ  1 200\n" +
		"Valeurs mobilières de placement     2 887 586 CE     2 887 586\n(dont actions propres: ....) CD\n" +
		"Charges exceptionnelles sur opérations\nen capital    HE    12 000\n" +
		"2 - BÉNÉFICE OU PERTE : Produits (I+III+IV)      310        (17 560)\n" +
		// actif beside passif, labels wrapped on both sides
		"Stocks et                       742      688      Emprunts et dettes auprès des      26 587     23 029\n" +
		"en-cours                                          établissements de crédit\n" +
		"Disponibilités                3 412    2 615      Autres dettes                        612        545"
	formTests := []struct{ label, want string }{
		{"Avances et acomptes versés sur commandes", "Avances et acomptes versés sur commandes     BV    392 880  BW     392 880"},
		{"Autres * (3)", "(2)    Autres * (3)    072    8 842 074"},
		{"Autres créances", ""}, // "clients" continues another label
		{"Valeurs mobilières de placement (dont actions propres: ....)", "Valeurs mobilières de placement     2 887 586 CE     2 887 586\n(dont actions propres: ....) CD"},
		{"Charges exceptionnelles sur opérations en capital", "Charges exceptionnelles sur opérations\nen capital    HE    12 000"},
		{"2 - BÉNÉFICE OU PERTE : Produits (I+III+IV)", "2 - BÉNÉFICE OU PERTE : Produits (I+III+IV)      310        (17 560)"},
		{"Disponibilités", "Disponibilités                3 412    2 615"},
		{"Autres dettes", "Autres dettes                        612        545"},
		{"Stocks et en-cours", "Stocks et                       742      688      Emprunts et dettes auprès des      26 587     23 029\nen-cours"},
		{"Emprunts et dettes auprès des établissements de crédit",
			"Emprunts et dettes auprès des      26 587     23 029\nen-cours                                          établissements de crédit"},
	}
	for _, tt := range formTests {
		start, end, ok := printedLine(form, tt.label)
		if got := form[start:end]; ok != (tt.want != "") || got != tt.want {
			t.Errorf("printedLine(%q) = %q, %v; want %q", tt.label, got, ok, tt.want)
		}
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			marks, missing := mark(page, "", tt.labels)
			var got []string
			for _, m := range marks {
				got = append(got, page[m.start:m.end])
			}
			if !slices.Equal(got, tt.want) || !slices.Equal(missing, tt.miss) {
				t.Errorf("marked %q, missing %q; want %q, %q", got, missing, tt.want, tt.miss)
			}
		})
	}
}

// Every line link of the real filings marks its line: the reports of
// testdata/real, and the presentation families (Cerfa forms, plaquettes,
// wrapped labels, N-1 first), read offline, each field's printed lines
// looked up on their page as the page view does. A link that cannot mark
// its line says so on the report; this counts them, and wants none.
func TestLineLinksOnRealFilings(t *testing.T) {
	if testing.Short() {
		t.Skip("-short : lit les dépôts réels et les familles")
	}
	paths, err := filepath.Glob("../../testdata/real/*/*.pdf")
	families, err2 := filepath.Glob("../../testdata/families/*/rapport.pdf")
	paths = append(paths, families...)
	if err != nil || err2 != nil || len(paths) == 0 || len(families) == 0 {
		t.Fatalf("no real filing: %v %v", err, err2)
	}
	p := pipeline.New(nil, pipeline.Options{Limits: pdftext.DefaultLimits()})
	// Per set: the links, those whose line is found, and those whose
	// year's amount is found on it (the cell the page view marks), of all
	// and of the fields read from one printed line (the others sum theirs).
	type tally struct{ links, lines, cells, one, oneCells int }
	sets := map[string]*tally{"real": {}, "families": {}}
	for _, path := range paths {
		set := sets["families"]
		if strings.Contains(path, "/real/") {
			set = sets["real"]
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := pdftext.Read(t.Context(), bytes.NewReader(data), int64(len(data)), pdftext.DefaultLimits())
		if err != nil {
			t.Fatal(err)
		}
		ex, err := p.Extract(t.Context(), doc)
		if err != nil {
			t.Logf("%s : pas d'états lus (%v)", filepath.Base(path), err)
			continue
		}
		texts := doc.Texts()
		rec := p.Record(ex, len(doc.Pages))
		for ref, lines := range linesOf(rec.Facts) {
			set.links++
			page, ok := markedPage(texts, lines, pageSplits{})
			if !ok {
				var labels []string
				for _, l := range lines {
					labels = append(labels, fmt.Sprintf("%q p. %d", l.Label, l.Page))
				}
				t.Errorf("%s, %s : %s not found on its page", strings.TrimPrefix(path, "../../testdata/"), ref, strings.Join(labels, ", "))
				continue
			}
			set.lines++
			var labels []string
			for _, l := range lines {
				if l.Page == lines[0].Page {
					labels = append(labels, l.Label)
				}
			}
			marks, _ := mark(texts[page-1], "", labels)
			_, cell := yearCell(texts[page-1], marks, rec, ref.Key, ref.Year)
			if len(lines) == 1 {
				set.one++
			}
			if cell {
				set.cells++
				if len(lines) == 1 {
					set.oneCells++
				}
			}
		}
	}
	for _, name := range []string{"real", "families"} {
		s := sets[name]
		t.Logf("%s: %d line links, %d find their line, %d their year's amount on it (%d of the %d read from one line)",
			name, s.links, s.lines, s.cells, s.oneCells, s.one)
	}
	if sets["real"].links == 0 || sets["families"].links == 0 {
		t.Error("no line link in the real filings or the families")
	}
}

// The year's cell on a marked line: N before N-1, a tax form's box codes
// and gross before net, amounts printed in euros and stored in k€ rounded
// to one decimal; an amount summing several lines is on none of them.
func TestYearCell(t *testing.T) {
	t.Parallel()
	k := statements.Key{Statement: statements.Income, Name: "chiffre_affaires"}
	tests := []struct {
		name, unit, text string
		years            map[int]float64
		year             int
		want             string // "" when not found
	}{
		{"N", "k€", "Chiffre d'affaires net      157 275      149 830", map[int]float64{2025: 157275, 2024: 149830}, 2025, "157 275"},
		{"N-1", "k€", "Chiffre d'affaires net      157 275      149 830", map[int]float64{2025: 157275, 2024: 149830}, 2024, "149 830"},
		{"euros, box code", "€", "Autres charges externes * :   242          57 696", map[int]float64{2023: 57.7}, 2023, "57 696"},
		{"euros, gross then net", "€", "Clients et comptes rattachés (3)*    BX    142 341 BY      142 341", map[int]float64{2019: 142.3}, 2019, "142 341"},
		{"euros, in parentheses", "€", "1 - RÉSULTAT D'EXPLOITATION (I - II)      270        (17 560)", map[int]float64{2023: -17.6}, 2023, "17 560"},
		{"a sum of lines", "€", "Matières premières    BL    85 909 BM    85 909", map[int]float64{2019: 130.3}, 2019, ""},
		{"euros, not rounded alike", "€", "Autres charges externes * :   242          57 640", map[int]float64{2023: 57.7}, 2023, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ex := schema.ExtractionRecord{PrintedUnit: tt.unit, Years: map[int]statements.Year{}}
			for y, v := range tt.years {
				var yr statements.Year
				yr.Set(k, v)
				ex.Years[y] = yr
			}
			label, _, _ := strings.Cut(tt.text, "  ")
			marks, missing := mark(tt.text, "", []string{label})
			if len(missing) > 0 {
				t.Fatalf("the line %q is not found", label)
			}
			got := ""
			if c, ok := yearCell(tt.text, marks, ex, k, tt.year); ok {
				got = tt.text[c.start:c.end]
			}
			if !strings.Contains(got, tt.want) || tt.want == "" && got != "" {
				t.Errorf("cell %q, want %q", got, tt.want)
			}
		})
	}
}

// BenchmarkManyLines marks the most lines a request may ask for, one
// letter each, on a large page: each label costs one pass over the page's
// words, the page is cut once.
func BenchmarkManyLines(b *testing.B) {
	var page strings.Builder
	for i := range 3000 {
		fmt.Fprintf(&page, "Ligne de tableau numéro %d avec ses montants   %d 000   %d 500\n", i, i, i)
	}
	labels := make([]string, MaxLines)
	for i := range labels {
		labels[i] = string(rune('a' + i%26))
	}
	text := page.String()
	b.ResetTimer()
	for b.Loop() {
		mark(text, "", labels)
	}
}
