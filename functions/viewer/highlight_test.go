package viewer

import (
	"strings"
	"testing"

	"analyste.dev/analyste/shared/quotes"
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
			before, mark, after, found := highlight(page, tt.quote)
			if tt.want == "" {
				if found {
					t.Fatalf("highlighted %q, want nothing", mark)
				}
				return
			}
			if !found {
				t.Fatalf("%q not found", tt.quote)
			}
			if mark != tt.want {
				t.Errorf("highlighted %q, want %q", mark, tt.want)
			}
			if before+mark+after != page {
				t.Errorf("the cut loses text: %q + %q + %q", before, mark, after)
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
		_, mark, _, found := highlight(page, sentence)
		if !found {
			t.Errorf("sentence %q not found", sentence)
			continue
		}
		if mark != sentence {
			t.Errorf("highlighted %q, want %q", mark, sentence)
		}
		if quotes.Normalise(mark) != quotes.Normalise(sentence) {
			t.Errorf("normalised highlight differs from the quote %q", sentence)
		}
	}
}
