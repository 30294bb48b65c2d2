package memo

import (
	"fmt"
	"slices"
	"strings"

	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/locate"
	"analyste.dev/analyste/shared/sentences"
)

// Defect is one failed deterministic check, said in French; the rewrite
// request lists them.
type Defect struct {
	Paragraph int    `json:"paragraphe"` // 1-based; 0 for the whole memo
	Claim     string `json:"affirmation,omitempty"`
	Step      Step   `json:"controle"`
	Message   string `json:"message"`
}

// String is the message.
func (d Defect) String() string { return d.Message }

// readFact reads a fact once: its numbers, figures, words.
func readFact(f facts.Fact) cited {
	text := f.Content()
	return cited{id: f.ID, text: text, numbers: numbersOf(text), years: f.Years,
		labelled: labelled(maskIDs(text)), words: contentWords(text, false), folded: strings.Fields(locate.Fold(text))}
}

// reader reads each fact once and hands out the read facts by id.
type reader struct {
	byID map[string]facts.Fact
	read map[string]cited
}

func newReader(fs []facts.Fact) *reader {
	return &reader{byID: indexFacts(fs), read: make(map[string]cited, len(fs))}
}

// cited gives the known facts among ids, in their order, and the unknown ids.
func (r *reader) cited(ids []string) (known []cited, unknown []string) {
	for _, id := range ids {
		f, ok := r.byID[id]
		if !ok {
			unknown = append(unknown, id)
			continue
		}
		c, ok := r.read[id]
		if !ok {
			c = readFact(f)
			r.read[id] = c
		}
		known = append(known, c)
	}
	return known, unknown
}

func indexFacts(fs []facts.Fact) map[string]facts.Fact {
	byID := make(map[string]facts.Fact, len(fs))
	for _, f := range fs {
		byID[f.ID] = f
	}
	return byID
}

// Check runs the deterministic checks of a memo against the facts: a memo
// with paragraphs, each citing at least one source, every source a known
// fact, and every number of a sentence found in its paragraph's cited facts
// (unit converted, at the printed precision, with the sign rule) and not
// contradicting a figure they state, and the memo coherent as a whole
// (Coherence). years are the report's years, allowed in any sentence.
func Check(m Memo, fs []facts.Fact, years []int) []Defect {
	return append(check(m, newReader(fs), years), Coherence(m, fs)...)
}

func check(m Memo, r *reader, years []int) []Defect {
	if len(m.Paragraphs) == 0 {
		return []Defect{{Step: StepMemo, Message: "le mémo ne contient aucun paragraphe"}}
	}
	var out []Defect
	for i, p := range m.Paragraphs {
		where := fmt.Sprintf("paragraphe %d (%s)", i+1, p.Kind.Label())
		known, unknown := r.cited(p.Sources)
		if len(p.Sources) == 0 {
			out = append(out, Defect{Paragraph: i + 1, Step: StepSources, Message: where + " : aucun fait cité"})
		}
		for _, id := range unknown {
			out = append(out, Defect{Paragraph: i + 1, Step: StepSources,
				Message: fmt.Sprintf("%s : la source « %s » n'est pas un fait connu", where, id)})
		}
		if len(known) == 0 {
			continue // nothing to check the numbers against: the source defect says why
		}
		allowed := slices.Clone(years)
		for _, f := range known {
			allowed = append(allowed, f.years...)
		}
		set := newFactSet(known)
		for _, s := range sentences.Split(p.Text) {
			for _, msg := range numberDefects(s, set, allowed) {
				out = append(out, Defect{Paragraph: i + 1, Claim: s, Step: StepNumbers, Message: where + " : " + msg})
			}
		}
	}
	return out
}

// numberDefects checks the numbers of one sentence against its cited facts.
func numberDefects(sentence string, facts *factSet, years []int) []string {
	neg := hasNegativeWord(sentence)
	var out []string
	for _, n := range claimNumbers(sentence, years) {
		f := facts.find(n, neg)
		switch f.match {
		case noMatch:
			out = append(out, fmt.Sprintf("le nombre « %s » ne figure dans aucun des faits cités (%s)%s",
				strings.TrimSpace(n.Text), ids(facts.facts), sameFamily(n, facts.facts)))
		case wrongSign:
			if n.Value < 0 {
				out = append(out, fmt.Sprintf("le nombre « %s » est négatif, mais le fait %s le donne positif (« %s »)",
					strings.TrimSpace(n.Text), f.factID, strings.TrimSpace(f.number.Text)))
			} else {
				out = append(out, fmt.Sprintf("le nombre « %s » est écrit sans signe, mais le fait %s le donne négatif (« %s ») et la phrase ne dit ni négatif, ni perte, ni déficit",
					strings.TrimSpace(n.Text), f.factID, strings.TrimSpace(f.number.Text)))
			}
		}
	}
	return append(out, figureDefects(sentence, neg, facts)...)
}

// figureDefects finds the figures of a sentence that its cited facts state
// only with other values: "un levier de 1,2x en 2025" against "Levier 2025 :
// 5,5x", even when another cited fact happens to hold 1,2x.
func figureDefects(sentence string, neg bool, facts *factSet) []string {
	var out []string
	for _, c := range figuresOf(sentence) {
		if facts.stated(c, neg) {
			continue
		}
		var others []string
		for _, r := range facts.otherValues(c, neg, listed) {
			others = append(others, fmt.Sprintf("%s donne « %s »", facts.facts[r.fact].id, strings.TrimSpace(r.fig.number.Text)))
		}
		if len(others) > 0 {
			out = append(out, fmt.Sprintf("le nombre « %s » est donné pour « %s » en %d, mais %s",
				strings.TrimSpace(c.number.Text), c.label, c.year, strings.Join(others, ", ")))
		}
	}
	return out
}

// listed bounds the facts and numbers a message names.
const listed = 10

func ids(facts []cited) string {
	var out []string
	for _, f := range facts[:min(len(facts), listed)] {
		out = append(out, f.id)
	}
	if len(facts) > listed {
		out = append(out, fmt.Sprintf("… %d faits", len(facts)))
	}
	return strings.Join(out, ", ")
}

// sameFamily lists the numbers of the cited facts in n's unit family, so
// that the gap shows.
func sameFamily(n frnum.Number, facts []cited) string {
	var list []string
	for _, f := range facts {
		for _, fn := range f.numbers {
			if n.Unit != frnum.None && family(fn.Unit) == family(n.Unit) && len(list) < listed {
				list = append(list, strings.TrimSpace(fn.Text))
			}
		}
	}
	if len(list) == 0 {
		return ""
	}
	return " ; ils donnent " + strings.Join(slices.Compact(list), ", ")
}
