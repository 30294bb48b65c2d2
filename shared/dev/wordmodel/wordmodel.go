// Package wordmodel trains the offline risk reader's word model
// (riskrules.WordModel) on the tuned part of the labelled sets, the ones the
// manifest gives the tuning role: make words writes shared/riskrules/words.txt
// with it, and its test fails when that file is not what training gives.
package wordmodel

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"math/rand"
	"path/filepath"
	"slices"

	"analyste.dev/analyste/shared/dev/evaluation/risks"
	"analyste.dev/analyste/shared/dev/labelled"
	"analyste.dev/analyste/shared/riskrules"
	"analyste.dev/analyste/shared/signals"
)

// File is the model's file, from the module root.
var File = filepath.Join("shared", "riskrules", "words.txt")

// The training settings; the digest covers them.
const (
	epochs   = 30
	rate     = 0.2
	l2       = 1e-4
	minCount = 2   // a feature in fewer sentences tells nothing of its class
	cut      = 0.1 // a smaller weight is left out of the file
)

// Sentences are the tuned (not held-out) sentences of the tuning sets of
// the labelled sets in dir, in the manifest's order.
func Sentences(dir string) ([]risks.Labelled, error) {
	c, err := risks.ReadRole(dir, labelled.Tuning)
	return slices.DeleteFunc(c.Sentences, func(l risks.Labelled) bool { return l.HeldOut }), err
}

// Digest identifies the training sentences, their labels and the settings.
func Digest(data []risks.Labelled) string {
	h := sha256.New()
	fmt.Fprintf(h, "%d %v %v %d %v %d\n", epochs, rate, l2, minCount, cut, riskrules.StemRunes)
	for _, l := range data {
		fmt.Fprintf(h, "%s\x00%s\x00%s\n", l.ID, l.Sentence, l.Category)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Train fits the softmax regression by stochastic gradient descent with a
// fixed seed, then keeps the weights that count, rounded: the same
// sentences give the same file, byte for byte.
func Train(data []risks.Labelled) *riskrules.WordModel {
	w := &riskrules.WordModel{TrainedOn: Digest(data), Classes: append([]signals.Category{""}, signals.Categories...), Weights: map[string][]float64{}}
	w.Bias = make([]float64, len(w.Classes))
	count := map[string]int{}
	feats := make([][]string, len(data))
	for i, l := range data {
		feats[i] = riskrules.Features(l.Sentence)
		for _, f := range feats[i] {
			count[f]++
		}
	}
	for f, n := range count {
		if n >= minCount {
			w.Weights[f] = make([]float64, len(w.Classes))
		}
	}
	rng := rand.New(rand.NewSource(1))
	order := rng.Perm(len(data))
	for e := range epochs {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		step := rate / float64(1+e)
		for _, i := range order {
			y := slices.Index(w.Classes, data[i].Category)
			p := w.Probabilities(feats[i])
			for c := range p {
				g := p[c]
				if c == y {
					g--
				}
				w.Bias[c] -= step * g
				for _, f := range feats[i] {
					if x, ok := w.Weights[f]; ok {
						x[c] -= step * (g + l2*x[c])
					}
				}
			}
		}
	}
	for f, x := range w.Weights {
		kept := false
		for c, v := range x {
			if x[c] = 0; math.Abs(v) >= cut {
				x[c], kept = math.Round(v*1000)/1000, true
			}
		}
		if !kept {
			delete(w.Weights, f)
		}
	}
	for c := range w.Bias {
		w.Bias[c] = math.Round(w.Bias[c]*1000) / 1000
	}
	return w
}
