package memo

import (
	"context"
	"strings"
	"testing"

	"analyste.dev/analyste/shared/facts"
)

// The memo carries the proposed opinion and the twelve-month liquidity it
// states, and goes to a person when the opinion fact is more favorable than
// the rules allow once the risk reader's critical signals are counted.
func TestOpinionInResult(t *testing.T) {
	t.Parallel()
	v, _ := NewVerifier(OfflineJudge{})
	c, _ := NewComposer(OfflineWriter{}, v)
	in := derivedInput(t, "helvane")
	res, err := c.Compose(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != Published || res.Opinion == nil || res.Liquidity == nil || len(res.Liquidity.Sources) == 0 {
		t.Fatalf("status %s (%s), opinion %+v, liquidity %+v", res.Status, res.Reason, res.Opinion, res.Liquidity)
	}
	if res.Paragraphs[0].Kind != OpinionKind || !strings.HasPrefix(res.Paragraphs[0].Text, "Avis proposé, que l'analyste décide : "+facts.LevelLabels[string(res.Opinion.Level)]) {
		t.Errorf("first paragraph %+v, want the opinion %s", res.Paragraphs[0], res.Opinion.Level)
	}

	// A critical going-concern signal the opinion fact did not weigh.
	in.Facts = append(in.Facts, facts.Fact{ID: "Q-helvane-9", State: facts.Verified, Category: "continuite_exploitation", Severity: "elevee", Critical: true,
		Text: "Helvane SA - « Il existe une incertitude significative sur la continuité d'exploitation. » (p. 9)"})
	res, err = c.Compose(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status == Published || !strings.Contains(res.Reason, "ne tient pas compte des signaux critiques") {
		t.Errorf("status %s (%s), want the memo handed to a person", res.Status, res.Reason)
	}
	if res.Opinion == nil || res.Opinion.Level == Favorable || res.Opinion.Level == FavorableWithConditions {
		t.Errorf("opinion %+v, want réservé or worse", res.Opinion)
	}
}

// A file that cannot carry a memo gets the opinion with the documents to
// request, its key figures and its critical risks, not a thin analysis.
func TestThinFile(t *testing.T) {
	t.Parallel()
	fs := []facts.Fact{
		{ID: "R-acme-dette-nette", State: facts.Verified, Text: "Acme SA - Dette nette 2025 : 500 k€ ; formule : dettes financières - trésorerie"},
		{ID: "R-acme-free-cash-flow", State: facts.Verified, Text: "Acme SA - Free cash-flow 2025 : non disponible (flux_tresorerie.flux_exploitation 2025 non imprimé)"},
		{ID: "C-acme-covenant-1", State: facts.Verified, Text: "Acme SA - Covenant (engagement financier) sur le ratio financier : plancher de 75% ; aucun niveau publié"},
		{ID: "Q-acme-1", State: facts.Verified, Category: "litiges", Severity: "moyenne", Text: "Acme SA - « Un client réclame 40 k€ devant le tribunal de commerce. » (p. 3)"},
	}
	fs = append(fs, facts.OpinionFact("Acme SA", fs, []int{2025}))
	m, _, err := OfflineWriter{}.Write(context.Background(), Input{Company: "Acme SA", Facts: fs, Years: []int{2025}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var kinds []Kind
	for _, p := range m.Paragraphs {
		kinds = append(kinds, p.Kind)
	}
	if len(kinds) != 1 || kinds[0] != OpinionKind {
		t.Fatalf("sections %v, want the opinion only", kinds)
	}
	if !strings.Contains(m.Paragraphs[0].Text, "Documents à demander : comptes de l'exercice précédent ; tableau des flux de trésorerie") {
		t.Errorf("opinion %q lacks the documents to request", m.Paragraphs[0].Text)
	}
}
