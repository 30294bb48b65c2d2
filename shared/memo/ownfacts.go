package memo

import (
	"fmt"
	"slices"
	"strings"

	"analyste.dev/analyste/shared/frnum"
)

// claimGap lists the numbers of a claim that neither the judged fact nor
// a fact of its own holds: a sentence may take each figure from another
// cited fact ("le levier est de 5,5x et la marge nette de -0,5 %"), when
// that fact holds the figure and speaks of what the words before the
// figure name (its label: "la marge nette de"). A figure given under
// another fact's label ("le levier est de -0,5 %") has no fact of its own.
// The judged fact must hold one of the figures at least: a verdict resting
// on a fact that holds none is no verdict on them.
func claimGap(claim string, fs []cited, judged int, years []int) string {
	neg := hasNegativeWord(claim)
	one := newFactSet([]cited{fs[judged]})
	nums := claimNumbers(claim, years)
	held := slices.ContainsFunc(nums, func(n frnum.Number) bool { return one.find(n, neg).match >= matchByWords })
	var gaps []string
	prevEnd := 0
	for _, n := range numbersOf(claim) {
		label := claim[prevEnd:n.Start]
		prevEnd = n.End
		if n.IsYear() && slices.Contains(years, int(n.Value)) || one.find(n, neg).match >= matchByWords {
			continue
		}
		if held && ownFact(n.Text, label, fs, judged, neg) {
			continue
		}
		gaps = append(gaps, fmt.Sprintf("« %s » dans la phrase%s", strings.TrimSpace(n.Text), sameFamily(n, []cited{fs[judged]})))
	}
	return strings.Join(gaps, " ; ")
}

// ownFact tells whether a cited fact other than the judged one holds the
// number and shares a content word with its label.
func ownFact(number, label string, fs []cited, judged int, neg bool) bool {
	words := contentWords(label, true)
	n := numbersOf(number)
	if len(n) != 1 || len(words) == 0 {
		return false
	}
	for i, f := range fs {
		if i == judged || newFactSet([]cited{f}).find(n[0], neg).match < matchByWords {
			continue
		}
		for _, w := range words {
			if slices.Contains(f.words, w) {
				return true
			}
		}
	}
	return false
}
