package riskrules

import (
	"cmp"
	_ "embed"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"analyste.dev/analyste/shared/locate"
	"analyste.dev/analyste/shared/signals"
)

// The vocabulary families name a risk in the words their authors thought
// of; someone else words it otherwise ("le prix du kilowattheure double").
// WordModel is a softmax regression over the stems of the labelled
// sentences' tuned parts (never their held-out ones), trained by make words
// (shared/dev/wordmodel) into words.txt. Once the vocabulary has read a
// sentence in which nothing denies or settles a risk, the model has the
// last word (see judge): it names the category when it is sure enough, and
// it vetoes a risk it is sure is none, unless a strong term of the
// vocabulary names it (fitted to the writers' sentences, it vetoed right
// reads of real prose). make eval measures it.
type WordModel struct {
	// TrainedOn is the digest of the sentences and settings the weights
	// come from: the trainer's test fails when the labelled sets have
	// changed since.
	TrainedOn string
	Classes   []signals.Category // "" (no risk) first
	Bias      []float64
	// Weights of each feature that counts, one per class (0 for a weight
	// too small to keep).
	Weights map[string][]float64
}

// wordConfidence is the least probability at which the model's category
// is taken, and wordVeto the probability of no risk at which it overrules
// the vocabulary; both set on sets by other writers than those it learns
// from (the validation role of testdata/signals/sets.txt).
const (
	wordConfidence = 0.5
	wordVeto       = 0.9
)

// StemRunes is where words are cut to their stem: French inflects at the
// end, and six letters keep "fournisseur" and "fournisseurs" one,
// "renchérissement" and "renchérir" one.
const StemRunes = 6

//go:embed words.txt
var wordsText []byte

// wordModel is decoded at its first use: a command that reads no risk (the
// CLI's pages, a function's other stages) does not pay for it at start-up.
var wordModel = sync.OnceValue(func() *WordModel {
	w, err := ParseWordModel(wordsText)
	if err != nil {
		panic("riskrules: words.txt: " + err.Error())
	}
	return w
})

// The lines of words.txt, after its comments: the digest, the classes
// (noRisk for ""), the biases, then one feature a line, in byte order,
// with its weights as class:weight.
const (
	trainedOnLine = "trained-on"
	classesLine   = "classes"
	biasLine      = "bias"
	noRisk        = "sans_risque"
)

// Format writes w one feature a line, so that a retraining reads as a diff.
func (w *WordModel) Format() []byte {
	var b strings.Builder
	b.WriteString("# The offline risk reader's word model (shared/riskrules/words.go), written by make words.\n")
	fmt.Fprintf(&b, "%s %s\n%s", trainedOnLine, w.TrainedOn, classesLine)
	for _, c := range w.Classes {
		b.WriteString(" " + cmp.Or(string(c), noRisk))
	}
	b.WriteString("\n" + biasLine)
	for _, v := range w.Bias {
		b.WriteString(" " + strconv.FormatFloat(v, 'f', -1, 64))
	}
	b.WriteString("\n")
	for _, f := range slices.Sorted(maps.Keys(w.Weights)) {
		b.WriteString(f)
		sep := "\t"
		for c, v := range w.Weights[f] {
			if v != 0 {
				b.WriteString(sep + cmp.Or(string(w.Classes[c]), noRisk) + ":" + strconv.FormatFloat(v, 'f', -1, 64))
				sep = " "
			}
		}
		b.WriteString("\n")
	}
	return []byte(b.String())
}

// ParseWordModel reads what Format writes.
func ParseWordModel(data []byte) (*WordModel, error) {
	w := &WordModel{Weights: map[string][]float64{}}
	class := map[string]int{}
	for n, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		bad := func(why string) error { return fmt.Errorf("line %d: %s: %q", n+1, why, line) }
		key, rest, _ := strings.Cut(line, " ")
		switch {
		case strings.HasPrefix(line, "#"):
		case key == trainedOnLine:
			w.TrainedOn = rest
		case key == classesLine:
			for i, c := range strings.Fields(rest) {
				class[c] = i
				if c == noRisk {
					c = ""
				}
				w.Classes = append(w.Classes, signals.Category(c))
			}
		case key == biasLine:
			for _, f := range strings.Fields(rest) {
				v, err := strconv.ParseFloat(f, 64)
				if err != nil {
					return nil, bad("bias")
				}
				w.Bias = append(w.Bias, v)
			}
		default:
			feature, weights, ok := strings.Cut(line, "\t")
			if !ok || len(w.Classes) == 0 || len(w.Bias) != len(w.Classes) {
				return nil, bad("a feature before the classes and their biases, or no weights")
			}
			x := make([]float64, len(w.Classes))
			for _, cw := range strings.Fields(weights) {
				name, num, _ := strings.Cut(cw, ":")
				c, known := class[name]
				v, err := strconv.ParseFloat(num, 64)
				if !known || err != nil {
					return nil, bad("weight " + cw)
				}
				x[c] = v
			}
			w.Weights[feature] = x
		}
	}
	return w, nil
}

// Features are the stems of text's words of three letters or more and each
// pair of neighbouring stems, each once.
func Features(text string) []string {
	var stems []string
	for _, w := range strings.FieldsFunc(locate.Fold(text), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if utf8.RuneCountInString(w) < 3 {
			continue
		}
		if r := []rune(w); len(r) > StemRunes {
			w = string(r[:StemRunes])
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

// Probabilities are the model's probabilities of each class for features fs.
func (w *WordModel) Probabilities(fs []string) []float64 {
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
func (w *WordModel) judge(norm string, vocabulary signals.Category, framed, firm bool) signals.Category {
	if len(w.Classes) < 2 || framed {
		return vocabulary
	}
	p := w.Probabilities(Features(norm))
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
