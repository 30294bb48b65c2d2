package ocr

import (
	"slices"
	"testing"
)

// Two readings of one image are pooled: where both read a word, the surer
// stays; where one read nothing, the other's words fill in, their lines
// numbered after the first's.
func TestMerged(t *testing.T) {
	word := func(text string, x0, y0 float64, conf float64, line int) Word {
		return Word{Text: text, X0: x0, Y0: y0, X1: x0 + 0.1, Y1: y0 + 0.02, Conf: conf, Line: line}
	}
	for _, tc := range []struct {
		name string
		a, b []Word
		want []string // the texts kept, surer first
	}{
		{"the surer of one place",
			[]Word{word("ee", 0.1, 0.5, 0.3, 0)}, []Word{word("Dettes", 0.1, 0.5, 0.9, 0)}, []string{"Dettes"}},
		{"a word the other lacks",
			[]Word{word("29.501", 0.8, 0.5, 0.9, 0)}, []Word{word("66.737", 0.5, 0.5, 0.95, 0)}, []string{"66.737", "29.501"}},
		{"a slight overlap is two words",
			[]Word{word("et", 0.1, 0.5, 0.9, 0)}, []Word{word("comptes", 0.19, 0.5, 0.8, 0)}, []string{"et", "comptes"}},
		{"no second reading", []Word{word("Total", 0.1, 0.5, 0.9, 0)}, nil, []string{"Total"}},
		{"one reading's tall word under its line above",
			[]Word{word("Valeurs", 0.1, 0.50, 0.95, 0), {Text: "placement", X0: 0.1, Y0: 0.51, X1: 0.2, Y1: 0.55, Conf: 0.96, Line: 1}},
			nil, []string{"placement", "Valeurs"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := merged(tc.a, tc.b)
			var texts []string
			for _, w := range got {
				texts = append(texts, w.Text)
			}
			if !slices.Equal(texts, tc.want) {
				t.Errorf("%q, attendu %q", texts, tc.want)
			}
		})
	}
	a := []Word{word("A", 0.1, 0.1, 0.9, 0), word("B", 0.1, 0.3, 0.9, 1)}
	b := []Word{word("C", 0.5, 0.5, 0.9, 0)}
	if got := merged(a, b); got[2].Line != 2 {
		t.Errorf("ligne de la seconde lecture : %d, attendu 2", got[2].Line)
	}
}
