package pipeline

import (
	"strings"
	"testing"

	"analyste.dev/analyste/shared/pdftext"
)

// Hidden text that holds an amount or a risk sends the memo to a person;
// note calls, a year and a lone figure do not; lying digits always do.
func TestTextIssues(t *testing.T) {
	page := func(h ...pdftext.Hidden) pdftext.Page { return pdftext.Page{Number: 3, Hidden: h} }
	tests := []struct {
		name string
		doc  pdftext.Document
		want string // "" when no issue
	}{
		{"nothing hidden", pdftext.Document{Pages: []pdftext.Page{page()}}, ""},
		{"an amount in white", pdftext.Document{Pages: []pdftext.Page{page(pdftext.Hidden{Reason: pdftext.HiddenWhite, Chars: 9, Text: "Dette 5 000"})}},
			"texte invisible : 9 caractères"},
		{"a risk in render mode 3", pdftext.Document{Pages: []pdftext.Page{page(pdftext.Hidden{Reason: pdftext.HiddenMode, Chars: 60,
			Text: "La société fait l'objet d'une procédure de redressement judiciaire"})}}, "p. 3, mode de rendu invisible : « La société"},
		{"note calls and a year", pdftext.Document{Pages: []pdftext.Page{page(pdftext.Hidden{Reason: pdftext.HiddenWhite, Chars: 20, Text: "(Voir renvois page 4) F 1 2 2022"})}}, ""},
		{"lying digits", pdftext.Document{Pages: []pdftext.Page{{Number: 2, Remapped: 4}}}, "4 chiffres lus dans une police dont la table ToUnicode contredit l'encodage (p. 2)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := strings.Join(TextIssues(&tt.doc), "\n")
			if tt.want == "" && got != "" || !strings.Contains(got, tt.want) {
				t.Errorf("issues %q, want %q", got, tt.want)
			}
		})
	}
}
