package signals

import (
	_ "embed"
	"encoding/json"
	"math"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"analyste.dev/analyste/shared/locate"
)

// The vocabulary families name a risk in the words their authors thought
// of; someone else words it otherwise ("le prix du kilowattheure double").
// words is a softmax regression over the stems of the labelled sentences'
// tuned parts (never their held-out ones), trained by TestWordModel into
// words.json. Once the vocabulary has read a sentence in which nothing
// denies or settles a risk, the model has the last word (see judge): it
// names the category when it is sure enough, and it vetoes a risk it is
// sure is none, unless a strong term of the vocabulary names it (fitted to
// the writers' sentences, it vetoed right reads of real prose). Its
// figures are in testdata/signals/README.md.
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
// is taken, and wordVeto the probability of no risk at which it overrules
// the vocabulary; both set on sets by other writers than those it learns
// from (testdata/signals/README.md).
const (
	wordConfidence = 0.5
	wordVeto       = 0.9
)

// stemRunes cuts words to their stem: French inflects at the end, and six
// letters keep "fournisseur" and "fournisseurs" one, "renchérissement" and
// "renchérir" one.
const stemRunes = 6

//go:embed words.json
var wordsJSON []byte

// wordModel is decoded at its first use: a command that reads no risk (the
// CLI's pages, a function's other stages) does not pay for it at start-up.
var wordModel = sync.OnceValue(func() *words {
	var w words
	if err := json.Unmarshal(wordsJSON, &w); err != nil {
		panic("signals: words.json: " + err.Error())
	}
	return &w
})

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
	z := slices.Clone(w.Bias)
	for _, f := range fs {
		for c, x := range w.Weights[f] {
			z[c] += x
		}
	}
	return softmax(z)
}

// softmax turns scores into probabilities that sum to 1.
func softmax(z []float64) []float64 {
	most := slices.Max(z)
	p := make([]float64, len(z))
	sum := 0.0
	for c, v := range z {
		p[c] = math.Exp(v - most)
		sum += p[c]
	}
	for c := range p {
		p[c] /= sum
	}
	return p
}

// judge gives the category of norm, given the vocabulary's (or "" when it
// found none). The model's category wins when it is wordConfidence likely
// and likelier than no risk, provided the vocabulary found a risk or norm
// holds adverse wording; a sentence the model finds wordVeto likely to be
// no risk is none, unless the vocabulary read a strong term of its
// category (firm): the model may add reads, never veto a strong term. A
// framing voice (the auditor's) keeps the vocabulary's word: whatever the
// sentence is about, it is a reservation.
func (w *words) judge(norm string, vocabulary Category, framed, firm bool) Category {
	if len(w.Classes) < 2 || framed {
		return vocabulary
	}
	p := w.probabilities(features(norm))
	best := 1
	for c := 2; c < len(p); c++ {
		if p[c] > p[best] {
			best = c
		}
	}
	switch {
	case p[0] >= wordVeto && !firm:
		return ""
	case p[best] >= wordConfidence && p[best] > p[0] && (vocabulary != "" || adverse(norm)):
		return w.Classes[best]
	}
	return vocabulary
}
