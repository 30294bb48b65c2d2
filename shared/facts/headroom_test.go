package facts

import "testing"

func TestHeadroomFacts(t *testing.T) {
	t.Parallel()
	cov := func(text, role string) Fact {
		return Fact{ID: "C-x-covenant-1", State: Verified, Text: "X - " + text, Figure: &Figure{Type: "covenant", Role: role}}
	}
	tests := []struct {
		name string
		f    Fact
		want string
	}{
		{"headroom", cov("Covenant (engagement financier) sur le ratio dette nette / EBITDA : plafond de 4,0x ; ratio publié au 31 décembre 2025 : 3,0x, soit une marge de 25,0 % du plafond", "plafond"),
			"X - Marge du covenant dette nette / EBITDA en EBITDA : l'EBITDA contractuel peut baisser d'autant que la marge du plafond avant de l'atteindre, la dette nette contractuelle augmenter de 33,3 %"},
		{"breach", cov("Covenant (engagement financier) sur le ratio dette nette sur EBITDA : plafond de 3,0x ; ratio publié : 4,0x, soit un dépassement de 33,3 % du plafond", "plafond"),
			"X - Covenant dette nette sur EBITDA dépassé : l'EBITDA contractuel devrait progresser de 33,3 %, ou la dette nette contractuelle baisser de 25,0 %, pour revenir sous le plafond"},
		{"no level", cov("Covenant (engagement financier) sur le ratio dette nette / EBITDA : plafond de 3,0x ; aucun niveau publié", "plafond"), ""},
		{"a floor", cov("Covenant (engagement financier) sur le ratio couverture du service de la dette : plancher de 1,15x ; ratio publié : 1,3x", "plancher"), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := HeadroomFacts("X", []Fact{tt.f}, 0)
			switch {
			case tt.want == "" && len(got) != 0:
				t.Errorf("facts %+v, want none", got)
			case tt.want != "" && (len(got) != 1 || got[0].Text != tt.want || got[0].ID != "C-x-covenant-1-marge"):
				t.Errorf("facts %+v, want %q", got, tt.want)
			}
		})
	}
}
