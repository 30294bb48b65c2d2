package signals

import (
	_ "embed"
	"encoding/json"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"analyste.dev/analyste/shared/locate"
)

// The vocabulary families name a risk in the words their authors thought
// of; someone else words it otherwise ("le prix du kilowattheure double").
// words is a softmax regression over the stems of the labelled sentences'
// tuned parts (never their held-out ones), trained by TestWordModel into
// words.json: the offline reader asks it about a sentence its vocabulary
// leaves neutral and in which nothing denies or settles a risk, and takes
// its category when the model gives it wordConfidence or more.
type words struct {
	// TrainedOn is the digest of the sentences and settings the weights
	// come from: TestWordModel fails when the labelled sets have changed
	// since.
	TrainedOn string     `json:"entraine_sur"`
	Classes   []Category `json:"classes"` // "" (no risk) first
	Bias      []float64  `json:"biais"`
	// Weights of each feature, by class index: only those that count.
	Weights map[string]map[int]float64 `json:"poids"`
}

// wordConfidence is the least probability at which the model's category
// is taken, set on sets by other writers than those it learns from
// (testdata/signals/README.md).
const wordConfidence = 0.7

// stemRunes cuts words to their stem: French inflects at the end, and six
// letters keep "fournisseur" and "fournisseurs" one, "renchérissement" and
// "renchérir" one.
const stemRunes = 6

//go:embed words.json
var wordsJSON []byte

var wordModel = func() *words {
	var w words
	if err := json.Unmarshal(wordsJSON, &w); err != nil {
		panic("signals: words.json: " + err.Error())
	}
	return &w
}()

// features are the stems of text's words of three letters or more and each
// pair of neighbouring stems, each once.
func features(text string) []string {
	var stems []string
	for _, w := range strings.FieldsFunc(locate.Fold(text), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if utf8.RuneCountInString(w) < 3 {
			continue
		}
		if r := []rune(w); len(r) > stemRunes {
			w = string(r[:stemRunes])
		}
		stems = append(stems, w)
	}
	seen := map[string]bool{}
	var out []string
	add := func(f string) {
		if !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	for i, s := range stems {
		add(s)
		if i > 0 {
			add(stems[i-1] + " " + s)
		}
	}
	return out
}

// probabilities are the model's probabilities of each class for features fs.
func (w *words) probabilities(fs []string) []float64 {
	z := make([]float64, len(w.Classes))
	copy(z, w.Bias)
	for _, f := range fs {
		for c, x := range w.Weights[f] {
			z[c] += x
		}
	}
	most := math.Inf(-1)
	for _, v := range z {
		most = max(most, v)
	}
	sum := 0.0
	for c := range z {
		z[c] = math.Exp(z[c] - most)
		sum += z[c]
	}
	for c := range z {
		z[c] /= sum
	}
	return z
}

// guess is the category the model gives norm, or "" when no category is
// likelier than no risk and at least wordConfidence likely.
func (w *words) guess(norm string) Category {
	if len(w.Classes) < 2 {
		return ""
	}
	p := w.probabilities(features(norm))
	best := 1
	for c := 2; c < len(p); c++ {
		if p[c] > p[best] {
			best = c
		}
	}
	if p[best] < wordConfidence || p[best] < p[0] {
		return ""
	}
	return w.Classes[best]
}
