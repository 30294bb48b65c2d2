package memo

import (
	"context"
	"strings"
	"unicode"
	"unicode/utf8"

	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/model"
)

// OfflineWriter composes the memo from the facts with French templates,
// copying every number verbatim from a fact's text: it never formats one.
// Each sentence takes its numbers from one fact, so that a judge can name it.
type OfflineWriter struct{}

// subjects name the ratios of R- facts in sentences; their words are those
// of the ratio labels, so they appear in the facts.
var subjects = map[string]string{
	"ebitda": "l'EBITDA", "dette-nette": "la dette nette", "levier": "le levier", "gearing": "le gearing",
	"marge-ebitda": "la marge d'EBITDA", "marge-exploitation": "la marge d'exploitation", "marge-nette": "la marge nette",
	"free-cash-flow": "le free cash-flow", "bfr": "le BFR", "bfr-jours": "le BFR en jours de chiffre d'affaires",
	"dso": "le délai clients (DSO)", "autonomie-financiere": "l'autonomie financière",
	"croissance-ca": "la croissance du chiffre d'affaires",
}

// latestOnly and compared choose the ratios of each paragraph.
var (
	latestOnly = map[Kind][]string{
		Synthesis:     {"croissance-ca", "ebitda", "levier", "free-cash-flow"},
		Profitability: {"marge-ebitda", "marge-exploitation", "marge-nette"},
		DebtLiquidity: {"dette-nette", "levier", "gearing", "free-cash-flow", "bfr", "autonomie-financiere"},
	}
	compared = []string{"ebitda", "marge-ebitda", "levier", "free-cash-flow", "bfr-jours", "dso"}
)

// Write composes the memo; a rewrite gives the same memo, the templates
// having no other choice.
func (OfflineWriter) Write(_ context.Context, in Input, _ *Rewrite) (Memo, model.Usage, error) {
	ratios := map[string]facts.Fact{}
	var alerts, quotes []facts.Fact
	for _, f := range in.Facts {
		switch kind, key := factKind(f.ID); kind {
		case "R":
			ratios[key] = f
		case "A":
			alerts = append(alerts, f)
		case "Q":
			quotes = append(quotes, f)
		}
	}
	var b builder
	for _, k := range Kinds {
		switch k {
		case Risks:
			for _, f := range quotes {
				b.add(f, restate(in.Company, f.Text))
			}
		case Comparison:
			for _, key := range compared {
				if f, ok := ratios[key]; ok {
					if v := yearValues(f.Text); len(v) > 1 {
						b.add(f, subject(key)+" est de "+v[0].value+" en "+v[0].year+" contre "+v[1].value+" en "+v[1].year+".")
					}
				}
			}
		default:
			for _, key := range latestOnly[k] {
				if f, ok := ratios[key]; ok {
					if v := yearValues(f.Text); len(v) > 0 {
						b.add(f, subject(key)+" est de "+v[0].value+" en "+v[0].year+".")
					}
				}
			}
			if k == DebtLiquidity {
				for _, f := range alerts {
					b.add(f, restate(in.Company, f.Text))
				}
			}
		}
		b.paragraph(k)
	}
	return b.memo, model.Usage{}, nil
}

// builder gathers the sentences of a paragraph with their sources.
type builder struct {
	memo      Memo
	sentences []string
	sources   []string
}

func (b *builder) add(f facts.Fact, sentence string) {
	b.sentences = append(b.sentences, sentence)
	if len(b.sources) == 0 || b.sources[len(b.sources)-1] != f.ID {
		b.sources = append(b.sources, f.ID)
	}
}

func (b *builder) paragraph(k Kind) {
	if len(b.sentences) > 0 {
		b.memo.Paragraphs = append(b.memo.Paragraphs, Paragraph{Kind: k, Text: strings.Join(b.sentences, " "), Sources: b.sources})
	}
	b.sentences, b.sources = nil, nil
}

// factKind splits "R-ferlac-marge-nette" into "R" and "marge-nette".
func factKind(id string) (kind, key string) {
	parts := strings.SplitN(id, "-", 3)
	if len(parts) < 3 {
		return "", ""
	}
	return parts[0], parts[2]
}

func subject(key string) string {
	s := subjects[key]
	r, size := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[size:]
}

// restate is a fact's text as a sentence of the memo, without the company
// prefix the facts carry.
func restate(company, text string) string {
	s := strings.TrimSpace(strings.TrimPrefix(text, company+" - "))
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}

// yearValue is a value printed after its year, as both appear in a fact.
type yearValue struct{ year, value string }

// yearValues reads the "<année> : <valeur>" pairs of a ratio fact, latest
// first, as printed: "Levier 2025 : 5,5x (2024 : 3,6x)". A value that is not
// a number (non disponible) gives no pair.
func yearValues(text string) []yearValue {
	nums := numbersOf(text)
	var out []yearValue
	for i := 0; i+1 < len(nums); i++ {
		y, v := nums[i], nums[i+1]
		if y.IsYear() && !v.IsYear() && strings.TrimSpace(text[y.End:v.Start]) == ":" {
			out = append(out, yearValue{year: y.Text, value: strings.TrimSpace(v.Text)})
		}
	}
	return out
}
