package riskrules

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/quotes"
	"analyste.dev/analyste/shared/signals"
)

// merge makes one signal per risk from the findings of a report, in the
// order each risk is first told. Two findings of a category are one risk
// when the category is single (one liquidity, one auditor's report), when
// they share an amount or a ratio, when they share a name the report
// prints on two pages at most ("Montclar"), or when the later one refers
// back ("le litige décrit en note 8"). The gravest finding gives the
// signal its main quote, severity and summary; the others become its other
// quotes, and every finding's mitigants are its mitigants.
func merge(found []finding, pages []string) []signals.Signal {
	names := rareNames(pages)
	var groups [][]finding
	for _, f := range found {
		i := slices.IndexFunc(groups, func(g []finding) bool { return sameRisk(g, f, names) })
		if i < 0 {
			groups = append(groups, []finding{f})
			continue
		}
		groups[i] = append(groups[i], f)
	}
	out := make([]signals.Signal, len(groups))
	for i, g := range groups {
		out[i] = signalOf(g)
	}
	return out
}

func sameRisk(g []finding, f finding, names map[string]bool) bool {
	if g[0].category != f.category {
		return false
	}
	if vocabularyOf(f.category).single || has(quotes.Normalise(f.quote.Quote), referBack) {
		return true
	}
	marks := func(q string) []string { return append(figures(q), namesIn(q, names)...) }
	mine := marks(f.quote.Quote)
	return slices.ContainsFunc(g, func(other finding) bool {
		return slices.ContainsFunc(marks(other.quote.Quote), func(m string) bool { return slices.Contains(mine, m) })
	})
}

// figures are the amounts (in k€) and ratios of text, written alike
// whatever their printed unit: "31,2 M€" and "31 200 k€" are one figure.
func figures(text string) []string {
	var out []string
	for _, n := range frnum.Parse(text) {
		switch v, ok := n.KEUR(); {
		case ok:
			out = append(out, frnum.FormatKEUR(v))
		case n.Unit == frnum.Times:
			out = append(out, frnum.FormatRatio(n.Value))
		}
	}
	return out
}

// rareNames are the capitalised words of at least four letters printed on
// few pages of the report (two, or a quarter of them): names of a site, a
// party, a loan. The company's name, printed everywhere, is not one, nor
// the nouns reports capitalise (Société, Groupe, Président…).
func rareNames(pages []string) map[string]bool {
	seen := map[string]int{}
	for _, p := range pages {
		for w := range capitalised(p) {
			seen[w]++
		}
	}
	out := map[string]bool{}
	for w, n := range seen {
		if n <= max(2, len(pages)/4) && !commonCapitals[w] {
			out[w] = true
		}
	}
	return out
}

// commonCapitals are nouns French reports capitalise that name no one in
// particular.
var commonCapitals = map[string]bool{"Société": true, "Groupe": true, "Président": true, "Présidente": true,
	"Directeur": true, "Directrice": true, "Conseil": true, "Assemblée": true, "Commissaire": true, "État": true,
	"Etat": true, "Note": true, "Annexe": true, "France": true, "Europe": true, "Banque": true, "Direction": true,
	"Comité": true, "Euribor": true}

// capitalised is the set of words of text that start with a capital, past
// the first word of each sentence.
func capitalised(text string) map[string]bool {
	out := map[string]bool{}
	words := strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && r != '.' })
	for i, w := range words {
		w = strings.TrimRight(w, ".")
		r, _ := utf8.DecodeRuneInString(w)
		if i > 0 && !strings.HasSuffix(words[i-1], ".") && unicode.IsUpper(r) && utf8.RuneCountInString(w) >= 4 {
			out[w] = true
		}
	}
	return out
}

func namesIn(text string, names map[string]bool) []string {
	var out []string
	for w := range capitalised(text) {
		if names[w] {
			out = append(out, w)
		}
	}
	return out
}

// signalOf is the signal of one risk's findings, in document order.
func signalOf(g []finding) signals.Signal {
	main := 0
	for i, f := range g {
		if rank(f.grade.severity) > rank(g[main].grade.severity) {
			main = i
		}
	}
	m := g[main]
	s := signals.Signal{Category: m.category, Severity: m.grade.severity, SeverityReason: m.grade.reason,
		Summary: summary(m), Quote: m.quote.Quote, Page: m.quote.Page}
	for i, f := range g {
		if i != main && len(s.Others) < maxRefs {
			s.Others = append(s.Others, f.quote)
		}
		for _, q := range f.mitigants {
			if !slices.Contains(s.Mitigants, q) && len(s.Mitigants) < maxRefs {
				s.Mitigants = append(s.Mitigants, q)
			}
		}
	}
	return s
}

// maxRefs bounds the other quotes and the mitigants of a signal, each: a
// report that repeats a risk on every page still makes a signal that fits
// in a stored document.
const maxRefs = 8

// summary says the risk in one sentence with the figure that grades it:
// "Dépendance à un petit nombre de clients : les cinq premiers clients en
// représentent 71 %."
func summary(f finding) string {
	text := f.category.Summary()
	if f.grade.figure != "" {
		text += " : " + f.grade.figure
	}
	return text + "."
}
