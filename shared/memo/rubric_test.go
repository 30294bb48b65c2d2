package memo

import (
	"slices"
	"strings"
	"testing"
)

func TestScore(t *testing.T) {
	t.Parallel()
	opinion := Paragraph{Kind: OpinionKind, Text: "Avis proposé, que l'analyste décide : réservé. Raisons : levier élevé ; free cash-flow négatif ; perte. Conditions et questions à l'emprunteur : échéancier de la dette."}
	table := Paragraph{Kind: KeyFigures, Text: "Chiffres clés | 2025 | 2024 | variation\nLevier | 5,5x | 3,6x | +1,9x\nMarge nette | -17 731,0 % | 2,0 % | -"}
	liquidity := Paragraph{Kind: DebtLiquidity, Text: "Liquidité à douze mois : sources de 19 838 k€ (trésorerie 2025 : 4 850 k€) ; emplois de 14 790 k€ (dividendes : 3 000 k€) ; couverture des emplois par les sources : 1,3x."}
	covenant := Paragraph{Kind: Covenants, Text: "Covenant sur le ratio dette nette / EBITDA : plafond de 3,5x ; ratio publié : 3,4x ; levier calculé sur les comptes : 5,5x. Marge en EBITDA : l'EBITDA peut baisser de 717 k€ avant le plafond."}
	tests := []struct {
		name  string
		memo  Memo
		check func(t *testing.T, r Rubric)
	}{
		{"a figure twice, no reference", Memo{Paragraphs: []Paragraph{opinion, table, liquidity, covenant}}, func(t *testing.T, r Rubric) {
			if len(r.Repeated) != 1 || r.Repeated[0].Figure != "5,5x" || !slices.Equal(r.Repeated[0].Sections, []Kind{KeyFigures, Covenants}) {
				t.Errorf("repeated %+v, want 5,5x in the key figures and the covenants", r.Repeated)
			}
			if r.Points[CriterionRepetition] != 2 {
				t.Errorf("repetition %d points, want 2", r.Points[CriterionRepetition])
			}
			if !slices.Equal(r.Meaningless, []string{"-17 731,0 %"}) || r.Points[CriterionLeverage] != 1 {
				t.Errorf("meaningless %v (%d points), want the margin only, not the change +1,9x", r.Meaningless, r.Points[CriterionLeverage])
			}
			if !r.Cover || !r.Headroom || r.Points[CriterionLiquidity] != 3 || r.Points[CriterionCovenants] != 3 {
				t.Errorf("liquidity %v cover %v headroom %v, points %v", r.SourcesAndUses, r.Cover, r.Headroom, r.Points)
			}
			if r.Opinion != "réservé" || r.Reasons != 3 || !r.Conditions || r.Points[CriterionOpinion] != 3 {
				t.Errorf("opinion %q, %d reasons, conditions %v", r.Opinion, r.Reasons, r.Conditions)
			}
			if !slices.Contains(r.Missing, Counterparty) || !slices.Contains(r.Missing, Risks) {
				t.Errorf("missing %v", r.Missing)
			}
		}},
		{"a figure referred to", Memo{Paragraphs: []Paragraph{table, {Kind: Covenants, Text: "Levier calculé sur les comptes : 5,5x " + Refer(KeyFigures) + "."}}}, func(t *testing.T, r Rubric) {
			if len(r.Repeated) != 0 || r.Points[CriterionRepetition] != 3 {
				t.Errorf("repeated %+v, want none: the covenant refers to the key figures", r.Repeated)
			}
			if r.Opinion != "" || r.Points[CriterionOpinion] != 0 || r.Points[CriterionLength] != 2 {
				t.Errorf("no opinion: %q, points %v", r.Opinion, r.Points)
			}
		}},
		{"raw keys, a paragraph twice, three sections", Memo{Paragraphs: []Paragraph{
			{Kind: OpinionKind, Text: "Avis proposé : favorable sous conditions. Risque exigibilite anticipee, gravité elevee : voir R-ferlac-levier et variation_bfr."},
			{Kind: KeyFigures, Text: "Dette nette | 12,4 M€"},
			{Kind: DebtLiquidity, Text: "Dette nette : 12 400 k€. Sources de 3 k€."},
			{Kind: Risks, Text: "Dette nette : 12 400 k€."},
		}}, func(t *testing.T, r Rubric) {
			for _, key := range []string{"exigibilite", "anticipee", "elevee", "R-ferlac-levier", "variation_bfr"} {
				if !slices.Contains(r.RawKeys, key) {
					t.Errorf("raw keys %v, want %s", r.RawKeys, key)
				}
			}
			if r.Opinion != "favorable sous conditions" || r.Points[CriterionOpinion] != 1 {
				t.Errorf("opinion %q, points %d", r.Opinion, r.Points[CriterionOpinion])
			}
			if len(r.Repeated) != 1 || len(r.Repeated[0].Sections) != 3 || r.Points[CriterionRepetition] != 0 {
				t.Errorf("repeated %+v (%d points): 12,4 M€ in three sections, a sentence twice", r.Repeated, r.Points[CriterionRepetition])
			}
			if _, ok := r.Points[CriterionCovenants]; ok || r.SourcesAndUses {
				t.Errorf("no covenant level, no uses: %v", r.Points)
			}
		}},
		{"over 900 words", Memo{Paragraphs: []Paragraph{opinion, {Kind: Risks, Text: strings.Repeat("mot ", 901)}}}, func(t *testing.T, r Rubric) {
			if r.Points[CriterionLength] != 0 {
				t.Errorf("%d words: %d points", r.Words, r.Points[CriterionLength])
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tt.check(t, Score(tt.memo))
		})
	}
}

// The offline writer says a figure again only with a reference to the
// section that said it first: after the figure, or after a quote it is in.
func TestWriterRefers(t *testing.T) {
	t.Parallel()
	b := builder{seen: map[string]bool{}, said: map[string]Kind{}}
	b.sentences = []string{"Levier | 5,5x | 3,6x | +1,9x"}
	b.paragraph(KeyFigures)
	b.sentences = []string{"Sources de 12 400 k€ ; levier calculé : 5,5x en 2025."}
	b.paragraph(DebtLiquidity)
	b.sentences = []string{"Risque refinancement : « Le crédit-relais de 12,4 M€ arrive à échéance. ».", "Levier : 5,5x."}
	b.paragraph(Risks)
	want := []string{
		"Levier | 5,5x | 3,6x | +1,9x",
		"Sources de 12 400 k€ ; levier calculé : 5,5x (voir chiffres clés) en 2025.",
		"Risque refinancement : « Le crédit-relais de 12,4 M€ arrive à échéance. » (voir liquidité à douze mois). Levier : 5,5x (voir chiffres clés).",
	}
	for i, p := range b.memo.Paragraphs {
		if p.Text != want[i] {
			t.Errorf("paragraph %d = %q, want %q", i, p.Text, want[i])
		}
	}
	if reps := Repeats(b.memo); len(reps) != 0 {
		t.Errorf("repeats %+v, want none", reps)
	}
}
