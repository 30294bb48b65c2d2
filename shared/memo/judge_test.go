package memo

import (
	"context"
	"slices"
	"testing"

	"analyste.dev/analyste/shared/facts"
)

func TestOfflineJudge(t *testing.T) {
	t.Parallel()
	levier := facts.Fact{ID: "R-ferlac-levier", Text: "Maison Ferlac SAS - Levier 2025 : 5,5x (2024 : 3,6x) ; formule : dette nette / EBITDA"}
	fcf := facts.Fact{ID: "R-ferlac-free-cash-flow", Text: "Maison Ferlac SAS - Free cash-flow 2025 : -14 930 k€ (2024 : -1 790 k€) ; formule : flux d'exploitation + investissements"}
	other := facts.Fact{State: facts.Verified, ID: "Q-ferlac-3", Text: "Maison Ferlac SAS - « Le levier 2025 : 4,9x selon la direction. » (p. 5)"}
	covenant := facts.Fact{ID: "Q-ferlac-11", Text: "Maison Ferlac SAS - « L’emprunt syndiqué de 85 000 k€ est assorti d’un covenant : le ratio dette nette / EBITDA ajusté ne doit pas excéder 3,5x, selon la définition contractuelle. » (p. 12)"}
	total := facts.Fact{ID: "C-ferlac-liquidite-totale-1", Text: "Maison Ferlac SAS - Liquidité totale publiée : 13 000 k€ (p. 12)"}
	undrawn := facts.Fact{ID: "C-ferlac-liquidite-1", Text: "Maison Ferlac SAS - Lignes de crédit non tirées : 8 000 k€ (p. 12)"}
	cov := facts.Fact{ID: "C-ferlac-covenant-1", Text: "Maison Ferlac SAS - Covenant (engagement financier) sur le ratio dette nette / EBITDA : plafond de 3,5x ; ratio publié au 31 décembre 2025 : 3,2x, soit une marge de 8,6 % du plafond"}
	cash := facts.Fact{ID: "A-ferlac-2", Text: "Maison Ferlac SAS - Trésorerie en baisse de 56,9 % en 2025 : 4 850 k€ contre 11 240 k€ en 2024."}
	dso := facts.Fact{ID: "A-ferlac-4", Text: "Maison Ferlac SAS - Délai clients (DSO) en hausse de 39,5 jours en 2025 : 88,2 jours contre 48,7 jours en 2024."}
	tests := []struct {
		name  string
		claim string
		cited []facts.Fact
		want  Verdict
	}{
		{"copied figure", "Le levier est de 5,5x en 2025.", []facts.Fact{levier}, Supported},
		{"the other year's figure", "Le levier est de 3,6x en 2025.", []facts.Fact{levier}, Contradicted},
		{"a changed figure", "Le levier est de 4,5x en 2025.", []facts.Fact{levier}, Contradicted},
		{"negative in words", "Le free cash-flow est négatif de 14 930 k€ en 2025.", []facts.Fact{fcf}, Supported},
		{"facts in conflict are no contradiction", "Le levier est de 5,5x en 2025.", []facts.Fact{levier, other}, Supported},
		{"an undated figure the fact gives otherwise", "Le levier est élevé, à 4,5x.", []facts.Fact{levier}, Contradicted},
		{"an undated figure of another quantity", "La marge est de 4,5 %.", []facts.Fact{levier}, Neutral},
		{"words the facts lack", "Le levier de 5,5x en 2025 résulte d'acquisitions.", []facts.Fact{levier}, Neutral},
		{"two facts, each number from one", "Le levier calculé atteint 5,5x en 2025 alors que le contrat plafonne le ratio à 3,5x.", []facts.Fact{levier, covenant}, Supported},
		{"two facts, the ceiling changed", "Le levier calculé atteint 5,5x en 2025 alors que le contrat plafonne le ratio à 4,0x.", []facts.Fact{levier, covenant}, Contradicted},
		{"another company", "Le levier d'Helvane est de 5,5x en 2025.", []facts.Fact{levier}, Contradicted},
		{"the fact's company", "Le levier de Maison Ferlac SAS est de 5,5x en 2025.", []facts.Fact{levier}, Supported},
		{"an acronym is no company", "Le levier de 5,5x en 2025 est la dette nette sur l'EBITDA.", []facts.Fact{levier}, Supported},
		{"the opposite direction of an alert", "La trésorerie est en hausse de 56,9 % en 2025.", []facts.Fact{cash}, Contradicted},
		{"both years moving the other way", "Le levier diminue, de 3,6x en 2024 à 5,5x en 2025.", []facts.Fact{levier}, Contradicted},
		{"both years moving that way", "Le levier augmente, de 3,6x en 2024 à 5,5x en 2025.", []facts.Fact{levier}, Neutral},
		{"the size of a change is not the year's level", "Délai clients (DSO) en hausse de 39,5 jours en 2025 : 88,2 jours contre 48,7 jours en 2024.", []facts.Fact{dso}, Supported},
		{"a typed amount as its fact names it", "Lignes de crédit non tirées : 8 000 k€.", []facts.Fact{undrawn}, Supported},
		{"a total written as the undrawn lines", "Lignes de crédit non tirées : 13 000 k€.", []facts.Fact{total, undrawn}, Contradicted},
		{"undrawn lines written as drawn", "Les lignes de crédit tirées s'élèvent à 8 000 k€.", []facts.Fact{undrawn}, Neutral},
		{"the ceiling written as the level", "Le ratio publié au 31 décembre 2025 est de 3,5x.", []facts.Fact{cov}, Contradicted},
		{"the level written as the ceiling", "Covenant sur le ratio dette nette / EBITDA : plafond de 3,2x.", []facts.Fact{cov}, Contradicted},
		{"the level and ceiling as the fact gives them", "Covenant sur le ratio dette nette / EBITDA : plafond de 3,5x ; ratio publié au 31 décembre 2025 : 3,2x.", []facts.Fact{cov}, Supported},
		{"another fact's amount under this one's name", "La dette nette atteint 14 930 k€.", []facts.Fact{fcf, {ID: "R-ferlac-dette-nette", Text: "Maison Ferlac SAS - Dette nette 2025 : 85 310 k€"}}, Contradicted},
		{"a label carried over says too little", "Risque change, gravité faible : « 34 % des achats sont en dollars, alors que 29 % seulement des ventes le sont. »", []facts.Fact{{ID: "Q-ferlac-4", Category: "change", Severity: "faible", Text: "Maison Ferlac SAS - « 34 % des achats sont en dollars, alors que 29 % seulement des ventes le sont. » (p. 5)"}}, Supported},
		{"the other sign", "Le free cash-flow est positif, à 14 930 k€ en 2025.", []facts.Fact{fcf}, Contradicted},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			j, _, err := OfflineJudge{}.Judge(context.Background(), JudgeRequest{Claim: Claim{Text: tt.claim}, Cited: tt.cited, Years: []int{2025, 2024}})
			if err != nil {
				t.Fatal(err)
			}
			if j.Verdict != tt.want {
				t.Errorf("%q: %s (%s), want %s", tt.claim, j.Verdict, j.Reason, tt.want)
			}
		})
	}
}

func TestNamesIn(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text string
		want []string
	}{
		{"Le levier d'Helvane est de 5,5x.", []string{"Helvane"}},
		{"La marge d'EBITDA est de 11 %.", nil},
		{"Solvéa Énergies SA affiche une marge de 11 %.", []string{"Solvéa Énergies SA"}},
		{"Un litige devant le tribunal de commerce de Lyon.", []string{"Lyon"}},
		{"Le gearing de Maison Ferlac SAS est de 15,9 %.", []string{"Maison", "Maison Ferlac SAS"}},
	}
	for _, tt := range tests {
		if got := namesIn(tt.text); !slices.Equal(got, tt.want) {
			t.Errorf("namesIn(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}
