package ocr

import (
	"cmp"
	"slices"
)

// Tesseract's two ways of cutting a statement page fail differently: one
// column of lines (--psm 4) garbles a label printed on two lines beside
// an amount centred between them, its own blocks (--psm 3) read such
// labels well but may drop a column's block whole. The words of both
// readings are pooled, the surer first, and a word is kept unless it lies
// over one of the other reading kept already: where a reading has
// nothing, the other's words fill in. One reading's own words are never
// each other's: a tall box (« placement » under « Valeurs mobilières de »)
// may cover the line above it.

// overlapKept is the part of the smaller of two boxes their intersection
// must cover for the second word to be the first's reading again.
const overlapKept = 0.3

// merged pools the words of two readings of one image: the surer word
// of each place. b's lines are numbered after a's.
func merged(a, b []Word) []Word {
	type read struct {
		Word
		second bool
	}
	lines := 0
	var pool []read
	for _, w := range a {
		lines = max(lines, w.Line+1)
		pool = append(pool, read{Word: w})
	}
	for _, w := range b {
		if w.Line >= 0 {
			w.Line += lines
		}
		pool = append(pool, read{Word: w, second: true})
	}
	slices.SortStableFunc(pool, func(x, y read) int { return cmp.Compare(y.Conf, x.Conf) })
	var kept []read
	for _, w := range pool {
		if !slices.ContainsFunc(kept, func(k read) bool { return k.second != w.second && overlaps(k.Word, w.Word) }) {
			kept = append(kept, w)
		}
	}
	out := make([]Word, len(kept))
	for i, k := range kept {
		out[i] = k.Word
	}
	return out
}

// overlaps tells whether a and b cover overlapKept of the smaller's box.
func overlaps(a, b Word) bool {
	w := min(a.X1, b.X1) - max(a.X0, b.X0)
	h := min(a.Y1, b.Y1) - max(a.Y0, b.Y0)
	if w <= 0 || h <= 0 {
		return false
	}
	small := min((a.X1-a.X0)*(a.Y1-a.Y0), (b.X1-b.X0)*(b.Y1-b.Y0))
	return w*h >= overlapKept*small
}
