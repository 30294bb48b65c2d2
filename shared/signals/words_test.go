package signals

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"math/rand"
	"os"
	"slices"
	"testing"
)

var updateWords = flag.Bool("update-words", false, "retrain words.json on the labelled sets' tuned parts")

// The training settings; the digest in words.json covers them.
const (
	trainEpochs   = 30
	trainRate     = 0.2
	trainL2       = 1e-4
	trainMinCount = 2   // a feature in fewer sentences tells nothing of its class
	trainCut      = 0.1 // a smaller weight is left out of words.json
)

// trainingSentences are the tuned sentences of the sets make eval gates.
func trainingSentences(t *testing.T) []Labelled {
	t.Helper()
	return slices.DeleteFunc(projectCorpus(t).Sentences, func(l Labelled) bool { return l.HeldOut })
}

// digest identifies the training sentences, their labels and the settings.
func digest(data []Labelled) string {
	h := sha256.New()
	fmt.Fprintf(h, "%d %v %v %d %v %d\n", trainEpochs, trainRate, trainL2, trainMinCount, trainCut, stemRunes)
	for _, l := range data {
		fmt.Fprintf(h, "%s\x00%s\x00%s\n", l.ID, l.Sentence, l.Category)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// train fits the softmax regression by stochastic gradient descent with a
// fixed seed, then keeps the weights that count, rounded.
func train(data []Labelled) *words {
	w := &words{TrainedOn: digest(data), Classes: append([]Category{""}, Categories...), Weights: map[string]map[int]float64{}}
	w.Bias = make([]float64, len(w.Classes))
	count := map[string]int{}
	feats := make([][]string, len(data))
	for i, l := range data {
		feats[i] = features(l.Sentence)
		for _, f := range feats[i] {
			count[f]++
		}
	}
	dense := map[string][]float64{}
	for f, n := range count {
		if n >= trainMinCount {
			dense[f] = make([]float64, len(w.Classes))
		}
	}
	rng := rand.New(rand.NewSource(1))
	order := rng.Perm(len(data))
	for e := range trainEpochs {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		rate := trainRate / float64(1+e)
		for _, i := range order {
			y := slices.Index(w.Classes, data[i].Category)
			z := slices.Clone(w.Bias)
			for _, f := range feats[i] {
				for c, x := range dense[f] {
					z[c] += x
				}
			}
			p := softmax(z)
			for c := range p {
				g := p[c]
				if c == y {
					g--
				}
				w.Bias[c] -= rate * g
				for _, f := range feats[i] {
					if x, ok := dense[f]; ok {
						x[c] -= rate * (g + trainL2*x[c])
					}
				}
			}
		}
	}
	for f, x := range dense {
		for c, v := range x {
			if math.Abs(v) >= trainCut {
				if w.Weights[f] == nil {
					w.Weights[f] = map[int]float64{}
				}
				w.Weights[f][c] = math.Round(v*1000) / 1000
			}
		}
	}
	for c := range w.Bias {
		w.Bias[c] = math.Round(w.Bias[c]*1000) / 1000
	}
	return w
}

// words.json is the model of the labelled sets as they are: a set changed
// since it was trained fails here, and
// go test ./shared/signals -run TestWordModel -update-words retrains it.
func TestWordModel(t *testing.T) {
	t.Parallel()
	data := trainingSentences(t)
	if *updateWords {
		b, err := json.Marshal(train(data))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile("words.json", append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if got, want := wordModel().TrainedOn, digest(data); got != want {
		t.Fatalf("words.json was trained on other sentences or settings (%.12s, now %.12s): run go test ./shared/signals -run TestWordModel -update-words", got, want)
	}
	if !slices.Equal(wordModel().Classes, append([]Category{""}, Categories...)) {
		t.Errorf("words.json classes %v, not the taxonomy's", wordModel().Classes)
	}
}

// The word model reads a risk the vocabulary misses, and never one the
// vocabulary denies. Not parallel: it swaps the model out to show the
// vocabulary alone.
func TestWordModelJudge(t *testing.T) {
	ref := reference{closing: 2025*12 + 11}
	tests := []struct {
		name, sentence    string
		alone, withModel  kind
		categoryWithModel Category
	}{
		{"a risk in other words", "Le savoir-faire de la maison tient pour l'essentiel à son chef pâtissier, qu'aucun collaborateur ne pourrait remplacer à court terme.",
			neutral, risk, KeyPeople},
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
		wordModel = func() *words { return &words{} }
		k, _ = classify(newSentence(tt.sentence), ref)
		wordModel = saved
		if k != tt.alone {
			t.Errorf("%s: the vocabulary alone %v, want %v", tt.name, k, tt.alone)
		}
	}
}
