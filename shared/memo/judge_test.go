package memo

import (
	"context"
	"testing"

	"analyste.dev/analyste/shared/facts"
)

func TestOfflineJudge(t *testing.T) {
	t.Parallel()
	levier := facts.Fact{ID: "R-ferlac-levier", Text: "Maison Ferlac SAS - Levier 2025 : 5,5x (2024 : 3,6x) ; formule : dette nette / EBITDA"}
	fcf := facts.Fact{ID: "R-ferlac-free-cash-flow", Text: "Maison Ferlac SAS - Free cash-flow 2025 : -14 930 k€ (2024 : -1 790 k€) ; formule : flux d'exploitation + investissements"}
	other := facts.Fact{State: facts.Verified, ID: "Q-ferlac-3", Text: "Maison Ferlac SAS - « Le levier 2025 : 4,9x selon la direction. » (p. 5)"}
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
		{"a figure with no date", "Le levier est élevé, à 4,5x.", []facts.Fact{levier}, Neutral},
		{"words the facts lack", "Le levier de 5,5x en 2025 résulte d'acquisitions.", []facts.Fact{levier}, Neutral},
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
