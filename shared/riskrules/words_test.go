package riskrules

import (
	"testing"

	"analyste.dev/analyste/shared/signals"
	"github.com/google/go-cmp/cmp"
)

// The word model reads a risk the vocabulary misses, and never one the
// vocabulary denies. Not parallel: it swaps the model out to show the
// vocabulary alone.
func TestWordModelJudge(t *testing.T) {
	ref := reference{closing: 2025*12 + 11}
	tests := []struct {
		name, sentence    string
		alone, withModel  kind
		categoryWithModel signals.Category
	}{
		{"a risk in other words", "Le savoir-faire de la maison tient pour l'essentiel à son chef pâtissier, qu'aucun collaborateur ne pourrait remplacer à court terme.",
			neutral, risk, signals.KeyPeople},
		{"a risk denied", "À la connaissance de la société, il n'existe aucun litige ni aucune procédure susceptible d'affecter ses comptes.",
			neutral, neutral, ""},
	}
	// A figure with no adverse word is no risk, however sure the model
	// (trained as of this writing, it names liquidite here).
	figure := newSentence("Les flux de trésorerie liés aux activités opérationnelles atteignent 57,3 M€ contre 36,0 M€ en 2024.")
	if k, c := classify(figure, ref); k != neutral {
		t.Errorf("a figure: %v %q, want neutral", k, c)
	}
	for _, tt := range tests {
		k, c := classify(newSentence(tt.sentence), ref)
		if k != tt.withModel || c != tt.categoryWithModel {
			t.Errorf("%s: with the model %v %q, want %v %q", tt.name, k, c, tt.withModel, tt.categoryWithModel)
		}
		saved := wordModel
		wordModel = func() *WordModel { return &WordModel{} }
		k, _ = classify(newSentence(tt.sentence), ref)
		wordModel = saved
		if k != tt.alone {
			t.Errorf("%s: the vocabulary alone %v, want %v", tt.name, k, tt.alone)
		}
	}
}

// A model reads back from its file as it was written, whatever class a
// weight is for; a damaged file is refused with its line.
func TestWordModelFormat(t *testing.T) {
	t.Parallel()
	w := &WordModel{TrainedOn: "abc", Classes: []signals.Category{"", signals.Litigation, signals.Climate}, Bias: []float64{1.5, -0.25, 0},
		Weights: map[string][]float64{"litige": {0, 0.812, 0}, "incend site": {-0.1, 0, 1}}}
	got, err := ParseWordModel(w.Format())
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(w, got); diff != "" {
		t.Errorf("read back (-want +got):\n%s", diff)
	}
	for _, bad := range []string{"bias x\n", "classes sans_risque litiges\nbias 1 2\nlitige\tautre:1\n", "litige\tlitiges:1\n"} {
		if _, err := ParseWordModel([]byte(bad)); err == nil {
			t.Errorf("%q read without error", bad)
		}
	}
}
