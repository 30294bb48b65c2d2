package quotes

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"analyste.dev/analyste/shared/pdftext"
)

func loadPages(tb testing.TB) []string {
	tb.Helper()
	b, err := os.ReadFile("testdata/pages.json")
	if err != nil {
		tb.Fatal(err)
	}
	var pages []string
	if err := json.Unmarshal(b, &pages); err != nil {
		tb.Fatal(err)
	}
	return pages
}

func TestNormalise(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in, want string
	}{
		{"apostrophes and case", "L’Emprunt ‘X’ 5′", "l'emprunt 'x' 5'"},
		{"guillemets and curly quotes", "« Voyage » “fin”", `"voyage" "fin"`},
		{"French spacing dropped", "covenant\u00a0: oui ; non ! quoi ?", "covenant: oui; non! quoi?"},
		{"dashes", "a – b — c ‐ d ‑ e − 2", "a - b - c - d - e - 2"},
		{"ligature and ellipsis", "bénéﬁce…", "bénéfice..."},
		{"no-break spaces", "85\u00a0000\u202fk€", "85 000 k€"},
		{"invisible characters deleted", "ti\u00adrées\u200b \ufeffok", "tirées ok"},
		{"pipe read as a space", "a|b  |  c", "a b c"},
		{"whitespace collapsed and trimmed", "  a \t\n b\r\n ", "a b"},
		{"line-end hyphenation rejoined", "dévelop-\npement", "développement"},
		{"hyphenation copied with a space", "dévelop- pement", "développement"},
		{"hyphen before a capital rejoined too", "Saint-\nMartin", "saintmartin"},
		{"hyphen inside a word kept", "peut-être", "peut-être"},
		{"minus before a number kept", "de -\n2,8 et x-\n3", "de - 2,8 et x- 3"},
		{"hyphen after a space kept", "gestion –\nactivité", "gestion - activité"},
		{"soft hyphen before combining mark composes", "e\u00ad\u0301", "é"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := Normalise(tt.in); got != tt.want {
				t.Errorf("Normalise(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// TestVerify holds adversarial cases in both directions: quotes a careless or
// inventive reader would write, which must fail, and faithful quotes that the
// text layer or typography make look different, which must pass.
func TestVerify(t *testing.T) {
	t.Parallel()
	pages := loadPages(t)
	doc := NewDocument(pages)
	ok := func(pages ...int) Result { return Result{OK: true, Pages: pages} }
	tests := []struct {
		name  string
		page  int
		quote string
		want  Result
	}{
		// Faithful quotes that must pass.
		{"exact copy", 1, "L’emprunt syndiqué de 85\u00a0000 k€ est assorti d’un covenant", ok(1)},
		{"straight apostrophe for typographic", 1, "L'emprunt syndiqué de 85\u00a0000 k€ est assorti d'un covenant", ok(1)},
		{"plain space for no-break space", 1, "L’emprunt syndiqué de 85 000 k€", ok(1)},
		{"line break read as a space", 1, "le ratio dette nette / EBITDA ajusté ne doit pas excéder 3,5x", ok(1, 6)},
		{"line break copied", 1, "ajusté ne doit\npas excéder 3,5x", ok(1, 6)},
		{"double spaces", 1, "le  ratio   dette nette", ok(1, 6)},
		{"different case", 1, "L’EMPRUNT SYNDIQUÉ DE 85 000 K€", ok(1)},
		{"straight quotes for guillemets", 1, `la ligne "Voyage" auprès de nos clients`, ok(1)},
		{"guillemets and final period around the quote", 1, "« L’emprunt syndiqué de 85 000 k€ est assorti d’un covenant. »", ok(1)},
		{"English spacing for French", 1, "assorti d’un covenant: le ratio dette", ok(1)},
		{"final period the page lacks", 2, "la qualification d’un second fournisseur.", ok(2)},
		{"final period left out", 1, "Ce ratio est testé chaque semestre", ok(1)},
		{"trailing ellipsis of a truncated quote", 1, "Ce ratio est testé chaque…", ok(1)},
		{"line-end hyphenation rejoined", 2, "Le développement de l’atelier de Tulle", ok(2)},
		{"line-end hyphenation kept", 2, "Le dévelop-pement de l’atelier de Tulle", ok(2)},
		{"line-end hyphenation copied with a space", 2, "Le dévelop- pement de l’atelier", ok(2)},
		{"compound word split at a line end", 2, "fournisseur est peut-être engagée", ok(2)},
		{"proper name split at a line end", 2, "engagée à Saint-Martin-d’Hères", ok(2)},
		{"minus split from its number", 2, "Le résultat exceptionnel s’établit à –2,8 M€", ok(2)},
		{"soft hyphen", 3, "lignes de crédit non tirées de 6 000 k€", ok(3)},
		{"ligature", 3, "La Société bénéficie de lignes", ok(3)},
		{"zero-width space", 3, "au terme de la période", ok(3)},
		{"line break inside a word", 3, "La défaillance d’un fournisseur affecterait la production", ok(3)},
		{"pipe read as a space", 5, "Dettes financières 99 960 88 840", ok(5)},
		{"exactly twelve characters", 1, "Ce ratio est", ok(1)},

		// Unfaithful quotes that must fail.
		{"changed word", 1, "le ratio dette nette / EBITDA ajusté ne doit pas dépasser 3,5x", Result{Reason: "citation introuvable à la page 1"}},
		{"changed number", 1, "L’emprunt syndiqué de 58 000 k€ est assorti d’un covenant", Result{Reason: "citation introuvable à la page 1"}},
		{"changed decimal", 1, "ne doit pas excéder 3,4x", Result{Reason: "citation introuvable à la page 1"}},
		{"dropped word", 1, "L’emprunt de 85 000 k€ est assorti d’un covenant", Result{Reason: "citation introuvable à la page 1"}},
		{"splice with [...]", 1, "L’emprunt syndiqué de 85 000 k€ [...] ne doit pas excéder 3,5x", Result{Reason: "citation introuvable à la page 1"}},
		{"splice with an ellipsis", 1, "L’emprunt syndiqué de 85 000 k€ … ne doit pas excéder 3,5x", Result{Reason: "citation introuvable à la page 1"}},
		{"summary", 1, "L’emprunt syndiqué est soumis à un covenant de levier de 3,5x", Result{Reason: "citation introuvable à la page 1"}},
		{"changed punctuation inside", 1, "assorti d’un covenant. Le ratio dette nette", Result{Reason: "citation introuvable à la page 1"}},
		{"accent dropped", 3, "Le contrat-cadre arrive a echeance le 30 juin 2027", Result{Reason: "citation introuvable à la page 3"}},
		{"hyphen dropped inside a line", 3, "Le contratcadre arrive à échéance", Result{Reason: "citation introuvable à la page 3"}},
		{"word split where the page has no break", 3, "La dé faillance d’un fournisseur", Result{Reason: "citation introuvable à la page 3"}},
		{"minus dropped", 2, "Le résultat exceptionnel s’établit à 2,8 M€", Result{Reason: "citation introuvable à la page 2"}},
		{"right text on the wrong page", 3, "L’emprunt syndiqué de 85 000 k€", Result{Reason: "citation introuvable à la page 3 mais présente à la page 1", Pages: []int{1}}},
		{"found on two other pages", 2, "ne doit pas excéder 3,5x", Result{Reason: "citation introuvable à la page 2 mais présente aux pages 1 et 6", Pages: []int{1, 6}}},
		{"quote spanning two pages", 4, "il réclame 2 400 k€ de dommages et intérêts", Result{Reason: "citation introuvable à la page 4"}},
		{"eleven characters", 1, "ratio testé", Result{Reason: "citation trop courte (moins de 12 caractères)"}},
		{"short once edge punctuation is stripped", 1, "« … ratio testé. »", Result{Reason: "citation trop courte (moins de 12 caractères)"}},
		{"page 0", 0, "L’emprunt syndiqué de 85 000 k€", Result{Reason: "page hors du document (1–6) mais présente à la page 1", Pages: []int{1}}},
		{"page after the last", 7, "il réclame des dommages", Result{Reason: "page hors du document (1–6)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := doc.Verify(tt.page, tt.quote)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Verify(%d, %q) mismatch (-want +got):\n%s", tt.page, tt.quote, diff)
			}
			if again := Verify(pages, tt.page, tt.quote); !cmp.Equal(got, again) {
				t.Errorf("Verify differs from Document.Verify: %+v", again)
			}
			if tt.page >= 1 && tt.page <= len(pages) {
				checkLocate(t, pages[tt.page-1], tt.quote)
			}
		})
	}
}

func TestLocate(t *testing.T) {
	t.Parallel()
	pages := loadPages(t)
	tests := []struct {
		name  string
		page  int
		quote string
		want  string // the page text located; empty when not found
	}{
		{"exact copy", 1, "L’emprunt syndiqué de 85\u00a0000 k€", "L’emprunt syndiqué de 85\u00a0000 k€"},
		{"no-break space, apostrophe and case", 1, "L'EMPRUNT SYNDIQUÉ DE 85 000 K€", "L’emprunt syndiqué de 85\u00a0000 k€"},
		{"line break read as a space", 1, "ajusté ne doit pas excéder 3,5x", "ajusté ne doit\npas excéder 3,5x"},
		{"final period the page has too", 1, "Ce ratio est testé chaque semestre.", "Ce ratio est testé chaque semestre."},
		{"spaced straight quotes, no space highlighted", 1, `" Ce ratio est testé chaque semestre. "`, "Ce ratio est testé chaque semestre."},
		{"guillemets and period the page lacks", 1, "« L’emprunt syndiqué de 85 000 k€. »", "L’emprunt syndiqué de 85\u00a0000 k€"},
		{"straight quotes for guillemets", 1, `la ligne "Voyage"`, "la ligne « Voyage »"},
		{"French spacing dropped", 1, "assorti d’un covenant: le ratio", "assorti d’un covenant : le ratio"},
		{"line-end hyphenation rejoined", 2, "Le développement de l’atelier", "Le dévelop-\npement de l’atelier"},
		{"line-end hyphenation kept", 2, "Le dévelop-pement de l’atelier", "Le dévelop-\npement de l’atelier"},
		{"compound word split at a line end", 2, "fournisseur est peut-être", "fournisseur est peut-\nêtre"},
		{"quote ending on a kept hyphen", 2, "second fournisseur est peut-", "second fournisseur est peut-"},
		{"minus split from its number", 2, "s’établit à –2,8 M€", "s’établit à –\n2,8 M€"},
		{"line break inside a word", 3, "d’un fournisseur affecterait", "d’un fournisseur af\nfecterait"},
		{"ligature and soft hyphen", 3, "bénéficie de lignes de crédit non tirées", "bénéﬁcie de lignes de crédit non ti\u00adrées"},
		{"starting on an accented letter", 3, "échéance le 30 juin 2027", "échéance le 30 juin 2027"},
		{"zero-width space inside", 3, "au terme de la période", "au\u200b terme de la période"},
		{"pipes read as spaces", 5, "Dettes financières 99 960", "Dettes financières  |  99 960"},
		{"changed word", 1, "le ratio dette nette / EBITDA ajusté ne doit pas dépasser 3,5x", ""},
		{"word split where the page has no break", 3, "La dé faillance d’un fournisseur", ""},
		{"right text on the wrong page", 3, "L’emprunt syndiqué de 85 000 k€", ""},
		{"too short", 1, "« ratio testé. »", ""},
		{"kilobytes of edge punctuation around a quote", 1, strings.Repeat(".;", 1500) + " Ce ratio est testé chaque semestre." + strings.Repeat(":,", 1500),
			"Ce ratio est testé chaque semestre."},
		{"the page's punctuation on both sides", 1, `". Le succès de la ligne « Voyage » auprès de nos clients a porté la croissance."`,
			".\nLe succès de la ligne « Voyage » auprès de nos clients a porté la croissance."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			page := pages[tt.page-1]
			start, end, ok := Locate(page, tt.quote)
			if tt.want == "" {
				if ok {
					t.Fatalf("Locate found %q, want nothing", page[start:end])
				}
				return
			}
			if !ok {
				t.Fatalf("Locate did not find %q", tt.quote)
			}
			if got := page[start:end]; got != tt.want {
				t.Errorf("Locate(%q) = %q, want %q", tt.quote, got, tt.want)
			}
		})
	}
}

// checkLocate checks that Locate finds quote on page exactly when Verify
// accepts it there, and that the text it finds holds the quote. A quote that
// starts on a kept line-end hyphen is checked with the letter before, which
// makes the hyphen one.
func checkLocate(t *testing.T, page, quote string) {
	t.Helper()
	start, end, ok := Locate(page, quote)
	// A quote through a withheld character (U+FFFD) is refused by Verify
	// but still found, so that the viewer shows a person where it is.
	held := withheld(strings.Trim(Normalise(quote), edge))
	if want := Verify([]string{page}, 1, quote); ok != want.OK && !(held && want.Reason == Withheld) {
		t.Fatalf("Locate(%q, %q) found %v, Verify accepts %v", page, quote, ok, want.OK)
	}
	if !ok {
		return
	}
	if start < 0 || end > len(page) || start >= end {
		t.Fatalf("Locate(%q, %q) = %d, %d, out of the page", page, quote, start, end)
	}
	if strings.HasPrefix(strings.Trim(Normalise(quote), edge), "-") {
		_, size := utf8.DecodeLastRuneInString(page[:start])
		start -= size
	}
	if r := Verify([]string{page[start:end]}, 1, quote); !r.OK && !(held && r.Reason == Withheld) {
		t.Errorf("Locate(%q, %q) = %q, which does not hold the quote: %s", page, quote, page[start:end], r.Reason)
	}
}

// locateByTries is Locate as its rule reads, in quadratic time: every way
// of dropping edge punctuation, fewest bytes dropped first and leading ones
// kept first, each searched in the whole page.
func locateByTries(page, quote string) (start, end int, ok bool) {
	q := Normalise(quote)
	if !longEnough(strings.Trim(q, edge)) {
		return 0, 0, false
	}
	n := normalise(page)
	lead := len(q) - len(strings.TrimLeft(q, edge))
	trail := len(q) - len(strings.TrimRight(q, edge))
	for cut := 0; cut <= lead+trail; cut++ {
		for l := max(0, cut-trail); l <= min(cut, lead); l++ {
			try := q[l : len(q)-(cut-l)]
			if try[0] == ' ' || try[len(try)-1] == ' ' {
				continue
			}
			if sp, ok := n.find(try, bare(try)); ok {
				return sp.start, sp.end, true
			}
		}
	}
	return 0, 0, false
}

// Locate shows what the tries would, on every sentence of the test pages
// wrapped in the punctuation a reader may add or drop.
func TestLocateAsTries(t *testing.T) {
	t.Parallel()
	wraps := [][2]string{{"", ""}, {"« ", " »"}, {`"`, `."`}, {" ; ", ". "}, {"...", ":"}, {"' ", "' ,"}}
	for i, page := range loadPages(t) {
		for _, sentence := range strings.SplitAfter(page, ".") {
			for _, w := range wraps {
				quote := w[0] + strings.TrimSpace(sentence) + w[1]
				s1, e1, ok1 := Locate(page, quote)
				s2, e2, ok2 := locateByTries(page, quote)
				if s1 != s2 || e1 != e2 || ok1 != ok2 {
					t.Errorf("page %d, %q: Locate %d, %d, %v; the tries %d, %d, %v", i+1, quote, s1, e1, ok1, s2, e2, ok2)
				}
			}
		}
	}
}

func TestVerifyEmptyDocument(t *testing.T) {
	t.Parallel()
	want := Result{Reason: "page hors du document (aucune page)"}
	if diff := cmp.Diff(want, Verify(nil, 1, "une citation assez longue")); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

func FuzzNormalise(f *testing.F) {
	for _, s := range loadPages(f) {
		f.Add(s)
	}
	// Characters that compose across what looks like a boundary: Hangul
	// jamo, a vowel sign that is a starter, a mark lower case lets compose,
	// and more marks than NFKC keeps in a row.
	f.Add("\u1100\u1161\u11a8 \u0b47\u0b3e Y\u030a e\u00ad\u0301 İ x" + strings.Repeat("\u0301", 40) + "y")
	f.Fuzz(func(t *testing.T, s string) {
		once := Normalise(s)
		if twice := Normalise(once); twice != once {
			t.Errorf("not idempotent: Normalise(%q) = %q, again %q", s, once, twice)
		}
		if !utf8.ValidString(once) {
			t.Errorf("Normalise(%q) = %q, not valid UTF-8", s, once)
		}
		// Folding piece by piece, to trace each rune, folds as the whole.
		visible := strings.Map(func(r rune) rune {
			if invisible(r) {
				return -1
			}
			return r
		}, s)
		rs, from := folded(s)
		if want := foldChars(visible); string(rs) != want {
			t.Errorf("folded(%q) = %q, want %q", s, string(rs), want)
		}
		for i, sp := range from {
			if sp.start < 0 || sp.end > len(s) || sp.start >= sp.end || i > 0 && sp.start < from[i-1].start {
				t.Fatalf("folded(%q): rune %d from %v, after %v", s, i, sp, from[max(i-1, 0)])
			}
		}
	})
}

// FuzzVerify cuts a quote out of a page at two ASCII spaces, so that the cut
// splits no word, no hyphenation and no character: such a quote is the
// page's own text and must verify whenever it is long enough and withholds
// no character.
func FuzzVerify(f *testing.F) {
	for _, s := range loadPages(f) {
		f.Add(s, uint(3), uint(40))
	}
	f.Fuzz(func(t *testing.T, page string, from, to uint) {
		var cuts []int
		for i := range len(page) {
			if page[i] == ' ' {
				cuts = append(cuts, i)
			}
		}
		if len(cuts) < 2 {
			return
		}
		a, b := cuts[from%uint(len(cuts))], cuts[to%uint(len(cuts))]
		if a > b {
			a, b = b, a
		}
		quote := page[a:b]
		r := Verify([]string{page}, 1, quote)
		q := strings.Trim(Normalise(quote), edge)
		long := utf8.RuneCountInString(q) >= MinLength
		// A withheld character (U+FFFD, also what an invalid byte reads as)
		// is refused by design: nobody can say what the page prints there.
		want := long && !withheld(q)
		if r.OK != want {
			t.Errorf("Verify(%q, %q) = %+v, quote long enough: %v", page, quote, r, long)
		}
	})
}

// FuzzLocate cuts a quote out of a page anywhere, splitting words and
// characters, and may leave its line breaks out, as a quote of a text layer's
// broken words does: Locate must find it exactly when Verify accepts it, in
// text that holds it.
func FuzzLocate(f *testing.F) {
	for _, s := range loadPages(f) {
		f.Add(s, uint(3), uint(40), false)
		f.Add(s, uint(0), uint(60), true)
	}
	f.Fuzz(func(t *testing.T, page string, from, to uint, unbroken bool) {
		if page == "" {
			return
		}
		a, b := int(from%uint(len(page)+1)), int(to%uint(len(page)+1))
		if a > b {
			a, b = b, a
		}
		quote := page[a:b]
		if unbroken {
			quote = strings.ReplaceAll(quote, "\n", "")
		}
		checkLocate(t, page, quote)
		if s1, e1, ok1 := Locate(page, quote); len(quote) < 400 {
			if s2, e2, ok2 := locateByTries(page, quote); s1 != s2 || e1 != e2 || ok1 != ok2 {
				t.Errorf("Locate(%q, %q) = %d, %d, %v; the tries give %d, %d, %v", page, quote, s1, e1, ok1, s2, e2, ok2)
			}
		}
	})
}

// BenchmarkLocateEdgePunctuation is the viewer's ?citation= wrapped in
// punctuation: its cost must grow with the bytes, not their square (as
// the tries' did).
func BenchmarkLocateEdgePunctuation(b *testing.B) {
	page := loadPages(b)[0]
	for _, size := range []int{100, 1000, 3000} {
		quote := strings.Repeat(".", size/2) + "Ce ratio est testé chaque semestre" + strings.Repeat(";", size/2)
		b.Run(fmt.Sprintf("%dB", size), func(b *testing.B) {
			for b.Loop() {
				if _, _, ok := Locate(page, quote); !ok {
					b.Fatal("not found")
				}
			}
		})
	}
}

func TestSanitize(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"Le litige \u202e€k 000 09\u202c est en cours.", "Le litige €k 000 09 est en cours."},
		{"rouge \x1b[31mALERTE\x1b[0m", "rouge [31mALERTE[0m"},
		{"deux\nlignes\tet tab", "deux\nlignes\tet tab"},
		{"isolat \u2066x\u2069", "isolat x"},
	}
	for _, tt := range tests {
		if got := Sanitize(tt.in); got != tt.want {
			t.Errorf("Sanitize(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	// The page and its quote normalise alike whatever bidi controls either holds.
	if !NewDocument([]string{"Le litige \u202e€k 000 09\u202c est en cours."}).Verify(1, "Le litige €k 000 09 est en cours.").OK {
		t.Error("a bidi control in the page breaks verification")
	}
}

// Rects marks on the printed page the span Locate accepts, and nothing for
// a quote Verify refuses: the page is page 4 of the Ferlac report, read
// with its glyph boxes.
func TestRects(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("../../testdata/ferlac/rapport.pdf")
	if err != nil {
		t.Fatal(err)
	}
	page, err := pdftext.ReadPage(context.Background(), bytes.NewReader(data), int64(len(data)), pdftext.Limits{}, 4)
	if err != nil {
		t.Fatal(err)
	}
	text := page.Text()
	tests := []struct {
		name, quote string
		printed     string // the page's own text the rectangles must cover; empty when refused
		lines       int
	}{
		{"exact copy on one line", "La Société reste fortement dépendante de son premier donneur d’ordre",
			"La Société reste fortement dépendante de son premier donneur d’ordre", 1},
		{"typed apostrophe, guillemets and a line break", "« premier donneur d'ordre : une grande maison de luxe parisienne »",
			"premier donneur d’ordre : une grande maison de luxe\nparisienne", 2},
		{"a changed word", "La Société reste très dépendante de son premier donneur d’ordre", "", 0},
		{"too short", "La Société", "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, ok := Rects(*page, tt.quote)
			if tt.printed == "" {
				if ok || got != nil {
					t.Fatalf("refused quote marked: %v", got)
				}
				return
			}
			i := strings.Index(text, tt.printed)
			if i < 0 {
				t.Fatalf("%q not on the page", tt.printed)
			}
			want := page.Rects(i, i+len(tt.printed))
			if !ok || len(got) != tt.lines || !cmp.Equal(got, want) {
				t.Errorf("rectangles %v (ok %v), want the %d of %q: %v", got, ok, tt.lines, tt.printed, want)
			}
		})
	}
}
