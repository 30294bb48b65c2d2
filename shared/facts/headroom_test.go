package facts

import (
	"testing"

	"analyste.dev/analyste/shared/ratios"
)

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

// Without a published level, the headroom is given under the accounts'
// definition, in k€, and said to be so; never over the ceiling.
func TestAccountsHeadroomFacts(t *testing.T) {
	t.Parallel()
	r := fixture(t) // EBITDA 2025 of 13 900 k€, net debt of 19 375 k€
	y := r.YearsDesc()[0]
	cov := func(text string) Fact {
		return Fact{ID: "C-x-covenant-1", State: Verified, Text: "X - " + text, Figure: &Figure{Type: "covenant", Role: "plafond"}}
	}
	tests := []struct {
		name string
		f    Fact
		want string
	}{
		{"no level", cov("Covenant (engagement financier) sur le ratio dette nette sur EBITDA : plafond de 3,0x ; déclaré respecté, sans niveau publié"),
			"X - Marge du covenant dette nette sur EBITDA selon la définition des comptes, aucun niveau contractuel n'étant publié : l'EBITDA des comptes peut baisser de 7 442 k€, ou la dette nette augmenter de 22 325 k€, avant le plafond"},
		{"a published level", cov("Covenant (engagement financier) sur le ratio dette nette / EBITDA : plafond de 3,0x ; ratio publié : 2,0x"), ""},
		{"over the ceiling", cov("Covenant (engagement financier) sur le ratio dette nette / EBITDA : plafond de 1,2x ; sans niveau publié"), ""},
		{"adjusted EBITDA", cov("Covenant (engagement financier) sur le ratio dette nette / EBITDA ajusté : plafond de 3,0x ; sans niveau publié"), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := AccountsHeadroomFacts("X", []Fact{tt.f}, y, ratios.Compute(r), truthEvidence(r))
			switch {
			case tt.want == "" && len(got) != 0:
				t.Errorf("facts %+v, want none", got)
			case tt.want != "" && (len(got) != 1 || got[0].Text != tt.want || got[0].ID != "C-x-covenant-1-marge" || !got[0].Verified()):
				t.Errorf("facts %+v, want %q, verified", got, tt.want)
			}
		})
	}
}
