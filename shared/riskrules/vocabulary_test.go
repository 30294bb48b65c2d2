package riskrules

import (
	"testing"

	"analyste.dev/analyste/shared/signals"
)

// The vocabularies word every category of the taxonomy, once each and in
// its order (the order breaks a tie), each with a strong term: without one
// the offline reader could never name the risk.
func TestVocabularyCoversTaxonomy(t *testing.T) {
	t.Parallel()
	if len(vocabularies) != len(signals.Categories) {
		t.Fatalf("%d vocabularies for %d categories", len(vocabularies), len(signals.Categories))
	}
	for i, c := range signals.Categories {
		v := vocabularies[i]
		if v.category != c {
			t.Errorf("vocabulary %d is %q, the taxonomy's category %d is %q", i, v.category, i, c)
		}
		if len(v.strong) == 0 {
			t.Errorf("%s: no strong term", c)
		}
	}
}
