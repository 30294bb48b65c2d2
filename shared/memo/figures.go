package memo

import (
	"fmt"
	"slices"
	"strings"

	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/locate"
)

// figure is a number stated for a labelled quantity and a year.
//
// "Same figure" is defined simply: the same label, unit family and year. The
// label is the set of content words between the number and the previous
// number or clause boundary (, ; . ! ? ( ) « » " and a dash between spaces);
// a number with no such words takes the label of the number before it in the
// same text, so "Levier 2025 : 5,5x (2024 : 3,6x)" gives levier 2025 and
// levier 2024. The year is a year in that span not already taken, or else the
// first year after the number before any other number or boundary ("Levier de
// 5,5x en 2025"). Numbers without a unit or a year state no figure.
type figure struct {
	label  string   // content words, sorted, space separated
	words  []string // the same words
	family string
	year   int
	number frnum.Number
}

// sameFigure tells whether two figures state the same quantity for the same
// year: same unit family and year, labels naming the same thing (see
// sameQuantity), so that "L'EBITDA de Ferlac … en 2025" meets "EBITDA 2025".
func sameFigure(a, b figure) bool {
	return a.family == b.family && a.year == b.year && sameQuantity(a.words, b.words)
}

const boundaries = ",;.!?()«»\""

// lastBoundary gives the offset just past the last clause boundary of s, 0
// when there is none.
func lastBoundary(s string) int {
	end := 0
	if i := strings.LastIndexAny(s, boundaries); i >= 0 {
		end = i + 1
	}
	for _, dash := range []string{" - ", " – ", " — "} {
		if i := strings.LastIndex(s, dash); i >= 0 && i+len(dash) > end {
			end = i + len(dash)
		}
	}
	return end
}

func hasBoundary(s string) bool {
	return strings.ContainsAny(s, boundaries) || strings.Contains(s, " - ") || strings.Contains(s, " – ") || strings.Contains(s, " — ")
}

// figuresOf reads the figures of a text.
func figuresOf(text string) []figure {
	var out []figure
	for _, f := range labelled(maskIDs(text)) {
		if f.year != 0 {
			out = append(out, f)
		}
	}
	return out
}

// labelled reads the numbers of a masked text that have a unit and a label,
// with their year when the text gives one (0 otherwise). A number whose span
// holds no content word and has no label before it takes the words of the
// clause before its span: "Le délai clients (DSO) est de 88,4 jours".
func labelled(masked string) []figure {
	nums := frnum.Parse(masked)
	taken := make([]bool, len(nums))
	var out []figure
	label, prevEnd := "", 0
	for i, n := range nums {
		if n.IsYear() || dayOfDate(masked, n) {
			continue
		}
		spanStart := prevEnd + lastBoundary(masked[prevEnd:n.Start])
		from := prevEnd
		prevEnd = n.End
		year := 0
		for j := i - 1; j >= 0 && nums[j].Start >= spanStart; j-- {
			if nums[j].IsYear() && !taken[j] {
				year, taken[j] = int(nums[j].Value), true
				break
			}
		}
		if year == 0 {
			for j := i + 1; j < len(nums) && nums[j].IsYear() && !hasBoundary(masked[n.End:nums[j].Start]); j++ {
				year, taken[j] = int(nums[j].Value), true
				break
			}
		}
		words := contentWords(masked[spanStart:n.Start], false)
		if len(words) == 0 && label == "" && spanStart > from {
			before := masked[from : spanStart-1]
			words = contentWords(before[lastBoundary(before):], false)
		}
		if len(words) > 0 {
			slices.Sort(words)
			label = strings.Join(slices.Compact(words), " ")
		}
		if label == "" || n.Unit == frnum.None {
			continue
		}
		if isChange(masked[spanStart:n.Start]) {
			year = 0 // "en hausse de 39,5 jours en 2025": how much it moved, not its level that year
		}
		out = append(out, figure{label: label, words: strings.Fields(label), family: family(n.Unit), year: year, number: n})
	}
	return out
}

// changeNouns name a move; "<noun> de" before a number gives its size.
var changeNouns = map[string]bool{
	"hausse": true, "baisse": true, "progression": true, "recul": true, "augmentation": true, "diminution": true,
	"variation": true, "amelioration": true, "degradation": true, "repli": true, "croissance": true, "ecart": true,
}

// isChange tells the words before a number that make it the size of a
// change: "en hausse de", "une baisse d'".
func isChange(before string) bool {
	words := strings.Fields(strings.NewReplacer("'", " ", "’", " ").Replace(locate.Fold(before)))
	n := len(words)
	return n >= 2 && (words[n-1] == "de" || words[n-1] == "d") && changeNouns[words[n-2]]
}

// dayOfDate tells whether n is the day of a date ("31 décembre 2025"):
// like the year, it names when, and the words before it still label the
// number after the date ("ratio publié au 31 décembre 2025 : 3,2x").
func dayOfDate(text string, n frnum.Number) bool {
	if n.Unit != frnum.None || n.Decimals > 0 || n.Value < 1 || n.Value > 31 {
		return false
	}
	next := strings.Fields(text[n.End:])
	if len(next) > 0 && next[0] == "er" {
		next = next[1:]
	}
	if len(next) == 0 {
		return false
	}
	_, ok := frnum.Month(strings.Trim(next[0], boundaries))
	return ok
}

// sameValue reports whether two statements of a figure agree, at the
// precision of either.
func sameValue(a, b frnum.Number) bool {
	return compare(a, b, false) == matchPlain || compare(b, a, false) == matchPlain
}

// Conflict is two facts giving two values for the same figure and year.
type Conflict struct {
	Label  string   `json:"libelle"`
	Year   int      `json:"annee"`
	Facts  []string `json:"faits"`
	Values []string `json:"valeurs"`
}

// String says the conflict in French.
func (c Conflict) String() string {
	return fmt.Sprintf("les faits %s donnent deux valeurs pour « %s » en %d : %s",
		strings.Join(c.Facts, " et "), c.Label, c.Year, strings.Join(c.Values, " et "))
}

// conflicts finds the figures that two of the facts state with different
// values. It is pure: the verdict rules turn a conflict into an abstention.
func conflicts(fs []cited) []Conflict { return conflictsWith(fs, nil) }

// conflictsWith finds the figures the cited facts state with different
// values, among themselves or against the reference facts (the ratios and
// alerts computed from the statements, cited or not): a quote saying "la
// dette nette réelle n'est que de 5 000 k€ en 2025" conflicts with the
// computed net debt even when the sentence cites only the quote. Figures are
// the same when sameFigure says so. Each figure is compared with the first
// statement of it (the computed fact's, when there is one), so that a
// thousand quotes of one figure give at most a thousand conflicts.
func conflictsWith(own, reference []cited) []Conflict {
	type stated struct {
		factID string
		figure figure
		cited  bool
	}
	// Grouped by unit family and year, which a same figure shares; the
	// reference first, so that a figure is compared with the computed one.
	groups := map[figureGroup][]stated{}
	var order []figureGroup
	add := func(fs []cited, isCited bool) {
		for _, f := range fs {
			for _, fig := range f.figures() {
				g := figureGroup{fig.family, fig.year}
				if _, seen := groups[g]; !seen {
					order = append(order, g)
				}
				groups[g] = append(groups[g], stated{f.id, fig, isCited})
			}
		}
	}
	add(reference, false)
	add(own, true)
	var out []Conflict
	for _, g := range order {
		var firsts []stated // the first statement of each figure of the group
	next:
		for _, b := range groups[g] {
			for _, a := range firsts {
				if !sameFigure(a.figure, b.figure) {
					continue
				}
				if (a.cited || b.cited) && a.factID != b.factID && !sameValue(a.figure.number, b.figure.number) {
					out = append(out, Conflict{
						Label: a.figure.label, Year: a.figure.year,
						Facts:  []string{a.factID, b.factID},
						Values: []string{strings.TrimSpace(a.figure.number.Text), strings.TrimSpace(b.figure.number.Text)},
					})
				}
				continue next
			}
			firsts = append(firsts, b)
		}
	}
	return out
}
