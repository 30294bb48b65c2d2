package memo

import (
	"math"
	"slices"
	"sort"

	"analyste.dev/analyste/shared/frnum"
)

// factSet is the facts a paragraph cites, indexed once, so that each claim
// looks its numbers, figures and words up instead of scanning every fact: a
// paragraph citing a thousand quotes is verified in near-linear time.
type factSet struct {
	facts []cited
	// Numbers sorted by absolute value: by unit family in its base unit
	// (money in k€), and as printed for the comparisons "as printed" that a
	// unitless number on either side makes.
	byFamily map[string][]numRef
	printed  []numRef
	unitless []numRef
	figures  map[figureGroup][]figRef // dated figures by family and year
	labelled map[string][]figRef      // every labelled number by family
	words    map[string]bool          // content words of any fact
	folded   map[string]bool          // folded words of any fact, for names
}

type numRef struct {
	key  float64 // absolute value, base unit or as printed
	fact int
	n    frnum.Number
}

type figRef struct {
	fact int
	fig  figure
}

type figureGroup struct {
	family string
	year   int
}

func newFactSet(fs []cited) *factSet {
	s := &factSet{facts: fs, byFamily: map[string][]numRef{}, figures: map[figureGroup][]figRef{},
		labelled: map[string][]figRef{}, words: map[string]bool{}, folded: map[string]bool{}}
	for i, f := range fs {
		for _, n := range f.numbers {
			if n.Unit == frnum.None {
				s.unitless = append(s.unitless, numRef{math.Abs(n.Value), i, n})
			} else {
				s.byFamily[family(n.Unit)] = append(s.byFamily[family(n.Unit)], numRef{base(n), i, n})
			}
			s.printed = append(s.printed, numRef{math.Abs(n.Value), i, n})
		}
		for _, fig := range f.labelled {
			s.labelled[fig.family] = append(s.labelled[fig.family], figRef{i, fig})
			if fig.year != 0 {
				g := figureGroup{fig.family, fig.year}
				s.figures[g] = append(s.figures[g], figRef{i, fig})
			}
		}
		for _, w := range f.words {
			s.words[w] = true
		}
		for _, w := range f.folded {
			s.folded[w] = true
		}
	}
	for _, refs := range s.byFamily {
		sortRefs(refs)
	}
	sortRefs(s.printed)
	sortRefs(s.unitless)
	return s
}

func sortRefs(refs []numRef) {
	sort.SliceStable(refs, func(i, j int) bool { return refs[i].key < refs[j].key })
}

// base is a number's absolute value in its family's base unit.
func base(n frnum.Number) float64 {
	if f, ok := n.Unit.ToKEUR(); ok {
		return math.Abs(n.Value) * f
	}
	return math.Abs(n.Value)
}

// candidates are the fact numbers that may equal n at n's printed
// precision (sameMagnitude decides): a window of half n's last digit around
// it, in the base unit of its family, and as printed against unitless ones.
func (s *factSet) candidates(n frnum.Number) []numRef {
	half := 0.5*math.Pow10(-n.Decimals) + 1e-9
	if n.Unit == frnum.None {
		return window(s.printed, math.Abs(n.Value), half)
	}
	f := 1.0
	if k, ok := n.Unit.ToKEUR(); ok {
		f = k
	}
	same, unitless := window(s.byFamily[family(n.Unit)], base(n), half*f), window(s.unitless, math.Abs(n.Value), half)
	if len(unitless) == 0 {
		return same
	}
	// A new slice: appending to a window would write into the index.
	return append(slices.Clone(same), unitless...)
}

// window gives the refs whose key is within half of v.
func window(refs []numRef, v, half float64) []numRef {
	lo := sort.Search(len(refs), func(i int) bool { return refs[i].key >= v-half })
	hi := sort.Search(len(refs), func(i int) bool { return refs[i].key > v+half })
	return refs[lo:hi]
}

// find is the best match of n among the facts; a full match beats a sign
// mismatch, the first fact wins a tie.
func (s *factSet) find(n frnum.Number, negativeWord bool) found {
	var best found
	bestFact := len(s.facts)
	for _, r := range s.candidates(n) {
		if m := compare(n, r.n, negativeWord); m > best.match || m == best.match && m > noMatch && r.fact < bestFact {
			best, bestFact = found{match: m, factID: s.facts[r.fact].id, number: r.n}, r.fact
		}
	}
	return best
}

// holders lists the facts holding n (sign rule included), in order.
func (s *factSet) holders(n frnum.Number, negativeWord bool) []int {
	var out []int
	for _, r := range s.candidates(n) {
		if compare(n, r.n, negativeWord) >= matchByWords {
			out = append(out, r.fact)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// stated tells whether a fact states the figure c with its value, looking
// only at the facts holding c's number.
func (s *factSet) stated(c figure, neg bool) bool {
	for _, i := range s.holders(c.number, neg) {
		for _, ff := range s.facts[i].labelled {
			if ff.year != 0 && sameFigure(ff, c) && compare(c.number, ff.number, neg) >= matchByWords {
				return true
			}
		}
	}
	return false
}

// otherValues are, up to limit, the dated figures of the facts that state
// the same quantity as c for its year with another value.
func (s *factSet) otherValues(c figure, neg bool, limit int) []figRef {
	var out []figRef
	for _, r := range s.figures[figureGroup{c.family, c.year}] {
		if len(out) == limit {
			break
		}
		if sameFigure(r.fig, c) && compare(c.number, r.fig.number, neg) < matchByWords {
			out = append(out, r)
		}
	}
	return out
}
