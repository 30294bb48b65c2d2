package memo

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/locate"
)

// quantitiesOf reads the numbers of a text that have a unit and a label,
// dated or not: "le crédit-relais de 45 000 k€" is a quantity, not a figure.
func quantitiesOf(text string) []figure { return labelled(maskIDs(text)) }

// sameQuantity tells whether two labels name the same thing: one holds the
// other, or they share two content words.
func sameQuantity(a, b []string) bool {
	shared := 0
	for _, w := range a {
		if slices.Contains(b, w) {
			shared++
		}
	}
	return shared > 0 && (shared == len(a) || shared == len(b)) || shared >= 2
}

// changedNumber finds a number of the claim that no cited fact holds while a
// cited fact gives the same quantity (same unit family, same year when both
// say one) with another value: "crédit-relais de 54 000 k€" against "de
// 45 000 k€". A number the facts hold is never contradicted here.
func changedNumber(req JudgeRequest, facts *factSet) (Judgement, bool) {
	neg := hasNegativeWord(req.Claim.Text)
	for _, q := range quantitiesOf(req.Claim.Text) {
		if facts.find(q.number, neg).match >= matchByWords {
			continue
		}
		for _, r := range facts.labelled[q.family] {
			fq := r.fig
			if q.year != 0 && fq.year != 0 && q.year != fq.year || !sameQuantity(q.words, fq.words) {
				continue
			}
			id := facts.facts[r.fact].id
			return Judgement{Verdict: Contradicted, Fact: id, Reason: fmt.Sprintf("%s donne %s pour « %s », la phrase dit %s",
				id, strings.TrimSpace(fq.number.Text), fq.label, strings.TrimSpace(q.number.Text))}, true
		}
	}
	return Judgement{}, false
}

// oppositeSign finds a number of the claim that a cited fact holds only with
// the other sign: "un free cash-flow positif de 47 225 k€" against -47 225.
func oppositeSign(req JudgeRequest, facts *factSet) (Judgement, bool) {
	neg := hasNegativeWord(req.Claim.Text)
	for _, n := range claimNumbers(req.Claim.Text, req.Years) {
		if f := facts.find(n, neg); f.match == wrongSign {
			return Judgement{Verdict: Contradicted, Fact: f.factID, Reason: fmt.Sprintf("%s donne %s, la phrase dit %s",
				f.factID, strings.TrimSpace(f.number.Text), strings.TrimSpace(n.Text))}, true
		}
	}
	return Judgement{}, false
}

// Direction words, by the stem they start with.
var (
	upWords   = []string{"hausse", "augment", "progress", "croiss", "amelior", "accroiss", "accru", "monte", "grimp", "remont", "positi"}
	downWords = []string{"baisse", "diminu", "recul", "degrad", "chute", "repli", "regress", "tomb", "negati", "reduct", "redui"}
)

// direction is +1 when a text speaks only of a rise, -1 only of a fall, 0
// otherwise.
func direction(text string) int {
	up, down := false, false
	for _, w := range strings.Fields(locate.Fold(text)) {
		up = up || hasPrefix(w, upWords)
		down = down || hasPrefix(w, downWords)
	}
	switch {
	case up && !down:
		return 1
	case down && !up:
		return -1
	}
	return 0
}

func hasPrefix(w string, stems []string) bool {
	for _, s := range stems {
		if strings.HasPrefix(w, s) {
			return true
		}
	}
	return false
}

// reversedDirection finds a claim that says the opposite way of its facts:
// a cited fact holding the claim's numbers says the other direction ("en
// baisse de 56,9 %" for "en hausse de 56,9 %"), or the claim gives both
// years of a fact's figure and says they move the other way ("diminue, de
// 3,6x en 2024 à 5,5x en 2025").
func reversedDirection(req JudgeRequest, facts *factSet) (Judgement, bool) {
	said := direction(maskIDs(req.Claim.Text))
	if said == 0 {
		return Judgement{}, false
	}
	neg := hasNegativeWord(req.Claim.Text)
	nums := claimNumbers(req.Claim.Text, req.Years)
	claimWords := contentWords(req.Claim.Text, false)
	// Only the facts holding one of the claim's numbers can say its change.
	var holding []int
	for _, n := range nums {
		for _, i := range facts.holders(n, neg) {
			if !slices.Contains(holding, i) {
				holding = append(holding, i)
			}
		}
	}
	slices.Sort(holding)
	for _, i := range holding {
		f := facts.facts[i]
		holds, _ := holdsAll(nums, f.numbers, neg)
		if d := direction(strings.Join(f.folded, " ")); holds && d == -said {
			return Judgement{Verdict: Contradicted, Fact: f.id, Reason: fmt.Sprintf("%s dit l'évolution inverse de la phrase", f.id)}, true
		}
		byLabel := map[string][]figure{}
		for _, fig := range f.figures() {
			byLabel[fig.label+"|"+fig.family] = append(byLabel[fig.label+"|"+fig.family], fig)
		}
		for _, figs := range byLabel {
			if len(figs) != 2 || figs[0].year == figs[1].year || !sameQuantity(figs[0].words, claimWords) {
				continue
			}
			a, b := figs[0], figs[1]
			if a.year < b.year {
				a, b = b, a // a is the later year
			}
			if !holdsAll1(a.number, nums, neg) || !holdsAll1(b.number, nums, neg) || a.number.Value == b.number.Value {
				continue
			}
			if moved := sign(a.number.Value - b.number.Value); moved == -said {
				return Judgement{Verdict: Contradicted, Fact: f.id, Reason: fmt.Sprintf("%s donne %s en %d et %s en %d : l'évolution est inverse de celle de la phrase",
					f.id, strings.TrimSpace(b.number.Text), b.year, strings.TrimSpace(a.number.Text), a.year)}, true
			}
		}
	}
	return Judgement{}, false
}

// holdsAll1 tells whether the claim's numbers hold the fact number, in its
// unit family.
func holdsAll1(factNumber frnum.Number, claim []frnum.Number, neg bool) bool {
	for _, n := range claim {
		if family(n.Unit) == family(factNumber.Unit) && compare(n, factNumber, neg) >= matchByWords {
			return true
		}
	}
	return false
}

func sign(v float64) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// legalForms end a company's name.
var legalForms = []string{"SA", "SAS", "SASU", "SARL", "EURL", "SCA", "SNC", "SE"}

// otherCompany finds a company the claim names that is not the one its
// facts are about: "Le levier d'Helvane" citing a fact of Maison Ferlac SAS.
// A name is a capitalised word after d'/de/du, or a run of capitalised words
// ending with a legal form; it is another company when no cited fact prints
// it.
func otherCompany(req JudgeRequest, facts *factSet) (Judgement, bool) {
	for _, name := range namesIn(req.Claim.Text) {
		words := strings.Fields(locate.Fold(name))
		if len(words) > 0 && !allPrinted(words, facts.folded) {
			first := facts.facts[0]
			company, _, _ := strings.Cut(first.text, " - ")
			return Judgement{Verdict: Contradicted, Fact: first.id, Reason: fmt.Sprintf("la phrase parle de %s, les faits cités de %s", name, company)}, true
		}
	}
	return Judgement{}, false
}

// allPrinted tells whether every word of a name is a word of the facts.
func allPrinted(words []string, printed map[string]bool) bool {
	for _, w := range words {
		if !printed[w] {
			return false
		}
	}
	return true
}

// namesIn lists the company names a sentence gives.
func namesIn(text string) []string {
	words := strings.Fields(maskIDs(text))
	var out []string
	for i, w := range words {
		trimmed := strings.Trim(w, ".,;:!?()«»\"")
		if slices.Contains(legalForms, trimmed) {
			start := i
			for start > 0 && capitalised(words[start-1]) {
				start--
			}
			if start < i {
				out = append(out, strings.Join(words[start:i+1], " "))
			}
			continue
		}
		for _, prefix := range []string{"d'", "d’", "D'", "D’"} {
			if rest, ok := strings.CutPrefix(trimmed, prefix); ok && capitalised(rest) && !allCaps(rest) {
				out = append(out, rest)
			}
		}
		if i > 0 && (words[i-1] == "de" || words[i-1] == "du") && capitalised(trimmed) && !allCaps(trimmed) {
			out = append(out, trimmed)
		}
	}
	return out
}

func capitalised(w string) bool {
	for _, r := range w {
		return unicode.IsUpper(r)
	}
	return false
}

// allCaps words are acronyms (EBITDA, BFR, DSO), not names.
func allCaps(w string) bool {
	return !strings.ContainsFunc(w, unicode.IsLower)
}
