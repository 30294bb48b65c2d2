package sentences

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSentences(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, text string
		want       []string
	}{
		{"ratio then sentence", "Le levier est de 3,4x. La dette nette baisse.", []string{"Le levier est de 3,4x.", "La dette nette baisse."}},
		{"money unit then sentence", "La dette atteint 85,0 M€. Elle baisse.", []string{"La dette atteint 85,0 M€.", "Elle baisse."}},
		{"decimal point", "Un levier de 3.6x en 2024.", []string{"Un levier de 3.6x en 2024."}},
		{"abbreviations", "Le bail (p. 13) prévoit un préavis, cf. Note 4. M. Durand signe.", []string{"Le bail (p. 13) prévoit un préavis, cf. Note 4.", "M. Durand signe."}},
		{"legal form with periods", "Helvane S.A. Publie ses comptes.", []string{"Helvane S.A. Publie ses comptes."}},
		{"quotation kept whole", "Le rapport dit « Le bail est résilié. Un préavis court. » Fin.", []string{"Le rapport dit « Le bail est résilié. Un préavis court. » Fin."}},
		{"a stray quotation mark glues nothing", "Le titre « Risques. Le bail est résilié. Un préavis court.", []string{"Le titre « Risques.", "Le bail est résilié.", "Un préavis court."}},
		{"a sentence opening on a figure", "La dette baisse. 60 % échoit en 2026.", []string{"La dette baisse.", "60 % échoit en 2026."}},
		{"no final period", "Marge nette 2025 : -0,5 %", []string{"Marge nette 2025 : -0,5 %"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if diff := cmp.Diff(tt.want, Split(tt.text)); diff != "" {
				t.Errorf("Split(%q) (-want +got):\n%s", tt.text, diff)
			}
		})
	}
}
