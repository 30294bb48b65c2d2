package memo

import (
	"context"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/model"
)

// OfflineWriter composes the memo from the facts with French templates,
// section by section, copying every number verbatim from a fact's text: it
// never formats one. Each sentence takes its numbers from one fact, so that
// a judge can name it, and no sentence is written twice.
type OfflineWriter struct{}

// subjects name the ratios of R- facts in sentences; their words are those
// of the ratio labels, so they appear in the facts.
var subjects = map[string]string{
	"ebitda": "l'EBITDA", "dette-nette": "la dette nette", "levier": "le levier", "gearing": "le gearing",
	"marge-ebitda": "la marge d'EBITDA", "marge-exploitation": "la marge d'exploitation", "marge-nette": "la marge nette",
	"free-cash-flow": "le free cash-flow", "bfr": "le BFR", "bfr-jours": "le BFR en jours de chiffre d'affaires",
	"dso": "le délai clients (DSO)", "autonomie-financiere": "l'autonomie financière",
	"croissance-ca": "la croissance du chiffre d'affaires", "couverture-financiere": "la couverture des frais financiers",
	"dio": "la rotation des stocks (DIO)", "dpo": "le délai fournisseurs (DPO)", "caf": "la capacité d'autofinancement",
	"liquidite-generale": "la liquidité générale", "mois-de-tresorerie": "les mois de trésorerie",
}

// severityWords write a severity as a reader does.
var severityWords = map[string]string{"elevee": "élevée", "moyenne": "moyenne", "faible": "faible"}

// The ratios each section states, the latest year or both years.
var (
	synthesisRatios     = []string{"croissance-ca", "marge-ebitda", "levier"}
	liquidityRatios     = []string{"free-cash-flow", "mois-de-tresorerie", "liquidite-generale"}
	profitabilityRatios = []string{"ebitda", "marge-exploitation", "marge-nette", "caf", "dette-nette", "gearing",
		"autonomie-financiere", "couverture-financiere", "bfr-jours", "dso"}
)

// maxRisks bounds the ranked risks; maxQuote the quote one reproduces.
const (
	maxRisks = 5
	maxQuote = 200
)

// severityRank orders the severities, gravest first.
var severityRank = map[string]int{"elevee": 0, "moyenne": 1, "faible": 2}

// categoryRank orders the categories of equal severity: what threatens
// repayment first.
var categoryRank = []string{"covenant", "financement_covenant", "exigibilite_anticipee", "continuite_exploitation", "liquidite",
	"refinancement", "decouvert_bancaire", "concentration_client", "concentration_clients", "dependance_fournisseur",
	"litige", "litiges", "garanties_donnees", "engagements_hors_bilan"}

// sortedFacts are the facts by kind.
type sortedFacts struct {
	ratios                                map[string]facts.Fact
	quotes                                []facts.Fact
	covenants, liquidity, other, echeance []facts.Fact // alerts and C- facts by section
	quality, toVerify                     []facts.Fact
}

func sortFacts(fs []facts.Fact) sortedFacts {
	s := sortedFacts{ratios: map[string]facts.Fact{}}
	for _, f := range fs {
		kind, key := factKind(f.ID)
		switch {
		case kind == "R":
			s.ratios[key] = f
		case kind == "Q":
			s.quotes = append(s.quotes, f)
		case kind == "K" && key == "qualite":
			s.quality = append(s.quality, f)
		case kind == "K":
			s.toVerify = append(s.toVerify, f)
		case key == "liquidite-echeances":
			s.echeance = append(s.echeance, f)
		case kind == "C" && strings.HasPrefix(key, "covenant"), kind == "A" && strings.Contains(f.Text, " - Covenant "):
			s.covenants = append(s.covenants, f)
		case kind == "C", kind == "A" && (strings.Contains(f.Text, "Échéances à moins") || strings.Contains(f.Text, "Trésorerie en baisse")):
			s.liquidity = append(s.liquidity, f)
		default:
			s.other = append(s.other, f)
		}
	}
	return s
}

// Write composes the memo; a rewrite gives the same memo, the templates
// having no other choice.
func (OfflineWriter) Write(_ context.Context, in Input, _ *Rewrite) (Memo, model.Usage, error) {
	s := sortFacts(in.Facts)
	risks := rankRisks(s.quotes)
	b := builder{seen: map[string]bool{}}

	for _, key := range synthesisRatios {
		b.ratio(s.ratios, key, key == "marge-ebitda")
	}
	for _, f := range s.echeance {
		b.add(f, restate(in.Company, f.Text))
	}
	if len(risks) > 0 {
		b.add(risks[0], riskTitle(risks[0])+".")
	}
	b.paragraph(Synthesis)

	for _, f := range risks {
		sentence := riskTitle(f)
		if q := shortQuote(f.Text); q != "" {
			sentence += " : « " + q + " »"
		}
		b.add(f, sentence+".")
		if f.Mitigation != "" {
			b.add(f, "Atténuation : « "+f.Mitigation+" ».")
		}
	}
	b.paragraph(Risks)

	// The covenant as the report states it first, then the alert on it.
	slices.SortStableFunc(s.covenants, func(a, b facts.Fact) int { return strings.Compare(b.ID[:1], a.ID[:1]) })
	for _, f := range s.covenants {
		b.add(f, restate(in.Company, f.Text))
	}
	b.paragraph(Covenants)

	for _, f := range s.liquidity {
		b.add(f, restate(in.Company, f.Text))
	}
	for _, key := range liquidityRatios {
		b.ratio(s.ratios, key, true)
	}
	b.paragraph(DebtLiquidity)

	for _, key := range profitabilityRatios {
		b.ratio(s.ratios, key, true)
	}
	for _, f := range s.other {
		b.add(f, restate(in.Company, f.Text))
	}
	b.paragraph(Profitability)

	for _, f := range s.quality {
		b.add(f, restate(in.Company, f.Text))
	}
	b.paragraph(Quality)

	b.toVerify(in.Company, s.toVerify, risks)
	b.paragraph(ToVerify)
	return b.memo, model.Usage{}, nil
}

// rankRisks keeps one risk per category, gravest first, at most maxRisks;
// a critical signal is always kept, first.
func rankRisks(qs []facts.Fact) []facts.Fact {
	ranked := slices.Clone(qs)
	slices.SortStableFunc(ranked, func(a, b facts.Fact) int {
		if a.Critical != b.Critical {
			if a.Critical {
				return -1
			}
			return 1
		}
		if d := rankOf(severityRank, a.Severity, 3) - rankOf(severityRank, b.Severity, 3); d != 0 {
			return d
		}
		return categoryOrder(a.Category) - categoryOrder(b.Category)
	})
	var out []facts.Fact
	seen := map[string]bool{}
	for _, f := range ranked {
		if len(out) >= maxRisks && !f.Critical {
			break
		}
		if f.Critical || !seen[f.Category] {
			seen[f.Category] = true
			out = append(out, f)
		}
	}
	return out
}

func rankOf(ranks map[string]int, key string, missing int) int {
	if r, ok := ranks[key]; ok {
		return r
	}
	return missing
}

func categoryOrder(c string) int {
	if i := slices.Index(categoryRank, c); i >= 0 {
		return i
	}
	return len(categoryRank)
}

// riskTitle names a risk by its category and severity, the words its fact
// gives: "Risque concentration client, gravité elevee".
func riskTitle(f facts.Fact) string {
	title := "Risque " + strings.ReplaceAll(f.Category, "_", " ")
	if w, ok := severityWords[f.Severity]; ok {
		title += ", gravité " + w
	}
	return title
}

// shortQuote is the quote of a Q- fact, cut at a word under maxQuote runes.
func shortQuote(text string) string {
	open, end := strings.Index(text, "« "), strings.LastIndex(text, " »")
	if open < 0 || end <= open {
		return ""
	}
	q := text[open+len("« ") : end]
	if utf8.RuneCountInString(q) <= maxQuote {
		return q
	}
	cut := string([]rune(q)[:maxQuote])
	if i := strings.LastIndex(cut, " "); i > 0 {
		cut = cut[:i]
	}
	return cut + " […]"
}

// builder gathers the sentences of a paragraph with their sources, each
// sentence once in the memo.
type builder struct {
	memo      Memo
	sentences []string
	sources   []string
	seen      map[string]bool
}

func (b *builder) add(f facts.Fact, sentence string) {
	if b.seen[sentence] {
		return
	}
	b.seen[sentence] = true
	b.sentences = append(b.sentences, sentence)
	if !slices.Contains(b.sources, f.ID) {
		b.sources = append(b.sources, f.ID)
	}
}

// ratio states an R- fact's latest year, or both years when asked and the
// fact gives them; a ratio that is not a number is said as the fact says it
// ("Le levier est en trésorerie nette en 2025.").
func (b *builder) ratio(rs map[string]facts.Fact, key string, both bool) {
	f, ok := rs[key]
	if !ok {
		return
	}
	v := yearValues(f.Text)
	is := " est "
	if strings.HasPrefix(subjects[key], "les ") {
		is = " sont "
	}
	switch {
	case len(v) > 1 && both:
		b.add(f, subject(key)+is+"de "+v[0].value+" en "+v[0].year+" contre "+v[1].value+" en "+v[1].year+".")
	case len(v) > 0:
		b.add(f, subject(key)+is+"de "+v[0].value+" en "+v[0].year+".")
	case strings.Contains(f.Text, ": trésorerie nette"):
		if year := firstYear(f.Text); year != "" {
			b.add(f, subject(key)+is+"en trésorerie nette en "+year+".")
		}
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

// firstYear is the first year a fact prints.
func firstYear(text string) string {
	for _, n := range numbersOf(text) {
		if n.IsYear() {
			return n.Text
		}
	}
	return ""
}
