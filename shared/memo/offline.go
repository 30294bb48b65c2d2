package memo

import (
	"context"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/locate"
	"analyste.dev/analyste/shared/model"
	"analyste.dev/analyste/shared/sentences"
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

// maxRisks bounds the ranked risks; maxWords the memo (one page), and
// maxTokens its words and marks together (a count by spaces, as a
// committee's check may make it).
const (
	maxRisks  = 5
	maxWords  = 650
	maxTokens = 700
)

// severityRank orders the severities, gravest first.
var severityRank = map[string]int{"elevee": 0, "moyenne": 1, "faible": 2}

// categoryRank orders the categories of equal severity: the audit opinion
// and going concern first, then what threatens repayment.
var categoryRank = []string{"reserves_cac", "continuite_exploitation", "covenant", "financement_covenant", "exigibilite_anticipee", "liquidite",
	"refinancement", "decouvert_bancaire", "concentration_client", "concentration_clients", "dependance_fournisseur",
	"litige", "litiges", "garanties_donnees", "engagements_hors_bilan"}

// categoryLabels write a risk's category in French; the words are the
// category's own, accented, so that they stand in its fact.
var categoryLabels = map[string]string{
	"reserves_cac": "opinion des commissaires aux comptes", "personnes_cles": "personnes clés", "reglementation": "réglementation",
	"sante_financiere_client": "santé financière client", "securite": "sécurité", "continuite_exploitation": "continuité d'exploitation",
	"exigibilite_anticipee": "exigibilité anticipée", "liquidite": "liquidité", "concentration_clients": "concentration clients",
	"concentration_client": "concentration client", "dependance_fournisseur": "dépendance fournisseur", "matieres_premieres": "matières premières",
	"change_taux": "change et taux", "garanties_donnees": "garanties données", "engagements_hors_bilan": "engagements hors bilan",
	"financement_covenant": "financement et covenant", "decouvert_bancaire": "découvert bancaire", "litiges": "litiges", "litige": "litige",
	"refinancement": "refinancement", "covenant": "covenant", "attrition": "attrition", "climat": "climat",
	"reglementaire": "réglementaire", "controles_fiscaux_sociaux": "contrôles fiscaux et sociaux", "retards_paiement": "retards de paiement",
	"parties_liees": "parties liées",
}

// sortedFacts are the facts by kind.
type sortedFacts struct {
	ratios                   map[string]facts.Fact
	quotes                   []facts.Fact
	covenants, deferrals     []facts.Fact
	opinion, figures, points *facts.Fact
	activity, audit, flows   *facts.Fact
	quality                  *facts.Fact
	// The lender's restatements (facts.LenderFacts): stated where printed
	// and verified, points to verify where the document does not print them.
	shareholders, adjusted, netDebt *facts.Fact
	missing                         []facts.Fact
}

func sortFacts(fs []facts.Fact) sortedFacts {
	s := sortedFacts{ratios: map[string]facts.Fact{}}
	for _, f := range fs {
		f := f
		kind, key := factKind(f.ID)
		switch {
		case kind == "R" && key == "chiffres-cles":
			s.figures = &f
		case kind == "R":
			s.ratios[key] = f
		case kind == "Q":
			s.quotes = append(s.quotes, f)
		case kind == "K" && key == "avis":
			s.opinion = &f
		case kind == "K" && key == "qualite":
			s.quality = &f
		case kind == "K":
			s.points = &f
		case kind == "C" && key == "activite":
			s.activity = &f
		case kind == "C" && key == "audit":
			s.audit = &f
		case f.Flows != nil:
			s.flows = &f
		case kind == "C" && strings.Contains(f.Text, facts.NotInDocument):
			s.missing = append(s.missing, f)
			if key == "dette-nette-perimetre" && f.Figure != nil { // the part printed is stated too
				s.netDebt = &f
			}
		case kind == "C" && key == "actionnariat":
			s.shareholders = &f
		case kind == "C" && key == "ebitda-ajuste":
			s.adjusted = &f
		case kind == "C" && key == "dette-nette-perimetre":
			s.netDebt = &f
		case kind == "C" && strings.HasPrefix(key, "covenant"):
			s.covenants = append(s.covenants, f)
		case kind == "C" && f.Figure != nil && f.Figure.Type == "report":
			s.deferrals = append(s.deferrals, f)
		}
	}
	return s
}

// Write composes the memo, decision first; a rewrite gives the same memo,
// the templates having no other choice. A file that cannot carry a memo
// (its opinion lists documents to request) gives the opinion, the key
// figures, the twelve-month liquidity and the critical risks only.
func (OfflineWriter) Write(_ context.Context, in Input, _ *Rewrite) (Memo, model.Usage, error) {
	s := sortFacts(in.Facts)
	thin := s.opinion != nil && s.opinion.Proposal != nil && len(s.opinion.Proposal.Requests) > 0
	quotes := s.quotes
	if slices.ContainsFunc(s.covenants, func(f facts.Fact) bool { return f.Figure != nil && f.Figure.Type == "covenant" }) {
		// The covenants section states them: a risk would say its figures again.
		quotes = slices.DeleteFunc(slices.Clone(quotes), func(f facts.Fact) bool { return !f.Critical && strings.Contains(f.Category, "covenant") })
	}
	// Over a page, the mitigations go first, then the last risks.
	for risks := maxRisks; ; risks-- {
		for _, mitigations := range []bool{true, false} {
			m := compose(in.Company, s, quotes, rankRisks(quotes, risks, thin), mitigations)
			if words(m) <= maxWords && tokens(m) <= maxTokens || risks == 0 && !mitigations {
				return m, model.Usage{}, nil
			}
		}
	}
}

// tokens counts a memo's pieces between spaces.
func tokens(m Memo) int {
	n := 0
	for _, p := range m.Paragraphs {
		n += len(strings.Fields(p.Text))
	}
	return n
}

// words counts a memo's words as a reader does: the tokens holding a
// letter or a digit, not the table's bars, the dashes, colons and
// guillemets set apart by French spacing.
func words(m Memo) int {
	n := 0
	for _, p := range m.Paragraphs {
		for _, w := range strings.Fields(p.Text) {
			if strings.IndexFunc(w, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0 {
				n++
			}
		}
	}
	return n
}

func compose(company string, s sortedFacts, quotes, risks []facts.Fact, mitigations bool) Memo {
	b := builder{seen: map[string]bool{}, said: map[string]Kind{}}
	thin := s.opinion != nil && s.opinion.Proposal != nil && len(s.opinion.Proposal.Requests) > 0
	if s.opinion != nil {
		for _, sentence := range sentences.Split(restate(company, s.opinion.Text)) {
			b.add(*s.opinion, sentence)
		}
	}
	b.paragraph(OpinionKind)

	if s.figures != nil {
		b.add(*s.figures, figuresTable(company, s.figures.Text))
	}
	b.paragraph(KeyFigures)

	if s.activity != nil {
		b.add(*s.activity, restate(company, s.activity.Text))
	}
	b.stated(company, s.shareholders)
	if s.audit != nil {
		b.add(*s.audit, auditSentence(company, s.audit.Text))
	}
	b.paragraph(Counterparty)

	if s.flows != nil { // a thin file too: what it holds against what it owes
		b.add(*s.flows, restate(company, s.flows.Text))
		for _, f := range s.deferrals {
			b.add(f, restate(company, f.Text))
		}
		b.ratio(s.ratios, "mois-de-tresorerie", false)
	}
	b.stated(company, s.netDebt) // a thin file too: the shareholders' loans are a use on demand
	b.paragraph(DebtLiquidity)

	for _, f := range s.covenants {
		// A thin file says only that none was read, and what to request.
		if !thin || f.Figure == nil && strings.HasSuffix(f.ID, "-covenants-aucun") {
			b.add(f, restate(company, f.Text))
		}
	}
	if !thin {
		b.stated(company, s.adjusted)
	}
	b.paragraph(Covenants)

	for _, f := range risks {
		sentence := riskTitle(f)
		if f.Category == "reserves_cac" && (s.audit == nil || s.audit.Audit == nil) { // the auditor's words stand in its fact only
			sentence = strings.Replace(sentence, categoryLabels[f.Category], "réserves", 1)
		}
		if q := shortQuote(f.Text); q != "" {
			sentence += " : « " + q + " »"
		}
		b.add(f, sentence+".")
		if m := mitigant(f.Mitigation); m != "" && mitigations {
			b.add(f, "Atténuation : « "+m+" ».")
		}
	}
	if s.audit != nil && len(b.sentences) > 0 {
		b.sources = append(b.sources, s.audit.ID) // the auditor's words a risk names
	}
	b.paragraph(Risks)

	if s.quality != nil {
		b.add(*s.quality, restate(company, s.quality.Text))
	}
	b.toVerify(company, s.points, quotes, risks, !thin && len(s.covenants) > 0)
	for _, f := range s.missing {
		b.add(f, "Point à vérifier : "+lowerFirst(missingPart(restate(company, f.Text))))
	}
	if s.audit != nil && len(b.sentences) > 0 {
		b.sources = append(b.sources, s.audit.ID)
	}
	b.paragraph(ToVerify)
	return b.memo
}

// stated adds a lender's restatement the facts verified, the part the
// document prints only (what it does not print is a point to verify).
func (b *builder) stated(company string, f *facts.Fact) {
	if f == nil || !f.Verified() {
		return
	}
	text := restate(company, f.Text)
	for _, cut := range []string{" ; comptes courants d'associés : ", " ; dettes locatives ou crédit-bail : "} {
		if i := strings.Index(text, cut+facts.NotInDocument); i > 0 {
			text = text[:i] + text[i+len(cut+facts.NotInDocument):]
		}
	}
	if !strings.Contains(text, facts.NotInDocument) {
		b.add(*f, text)
	}
}

// missingPart is what a lender's fact says the document does not print:
// the whole fact, or its clauses "… : non disponible dans le document"
// when it states the rest.
func missingPart(text string) string {
	clauses := strings.Split(strings.TrimSuffix(text, "."), " ; ")
	var out []string
	for _, c := range clauses {
		if strings.HasSuffix(c, facts.NotInDocument) {
			out = append(out, c)
		}
	}
	if len(out) == 0 || strings.HasPrefix(clauses[0], "EBITDA ajusté : ") {
		return text // the EBITDA the memo uses instead is part of the point
	}
	return strings.Join(out, " ; ") + "."
}

// lowerFirst lowers a sentence's first letter, for a point after a colon;
// a name or an acronym (EBITDA) keeps its capitals.
func lowerFirst(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	next, _ := utf8.DecodeRuneInString(s[size:])
	if unicode.IsUpper(next) {
		return s
	}
	return string(unicode.ToLower(r)) + s[size:]
}

// figuresTable lays the key-figures fact out as a table, a line per row,
// every cell copied from the fact.
func figuresTable(company, text string) string {
	return strings.ReplaceAll(restate(company, text), " ; ", "\n")
}

// auditSentence is the auditor and the opinion, without the quote of the
// opinion's sentence (the fact keeps it, with its page).
func auditSentence(company, text string) string {
	s := restate(company, text)
	if i := strings.Index(s, " : « "); i > 0 {
		if j := strings.LastIndex(s, "(p. "); j > i {
			return s[:i] + " " + strings.TrimSuffix(s[j:], ".") + "."
		}
		return s[:i] + "."
	}
	return s
}

// otherDefinitionPoint starts the point of a covenant whose ratio the
// accounts compute otherwise (facts.QualityFacts).
const otherDefinitionPoint = "Point à vérifier : définition du ratio du covenant"

// checkPoints are the points a person must look at that no other section
// says: failed checks, facts not verified, a covenant's other definition;
// the alerts are in the opinion, the figures and the risks.
func checkPoints(company, text string) []string {
	list := strings.TrimPrefix(restate(company, text), "Points à vérifier : ")
	var out []string
	for _, p := range strings.Split(strings.TrimSuffix(list, "."), " ; ") {
		if strings.HasPrefix(p, "alerte ") || p == "rien à signaler" {
			continue
		}
		out = append(out, "Point à vérifier : "+p+".")
	}
	return out
}

// mitigant is a risk's mitigation when it is one: a sentence of its own,
// not a cross-reference to a note or a fragment.
func mitigant(m string) string {
	folded := locate.Fold(m)
	if len(strings.Fields(folded)) < minMitigantWords || strings.HasPrefix(folded, "voir ") || strings.Contains(folded, "cf note") {
		return ""
	}
	return m
}

// minMitigantWords: shorter, a mitigation is a fragment.
const minMitigantWords = 6

// rankRisks keeps one risk per category, critical signals first, then by
// severity and category, at most n; a critical signal is always kept. A
// thin file keeps its critical signals only.
func rankRisks(qs []facts.Fact, n int, thin bool) []facts.Fact {
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
		if (len(out) >= n || thin) && !f.Critical {
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

// riskTitle names a risk by its category and severity in French:
// "Risque concentration clients, gravité élevée".
func riskTitle(f facts.Fact) string {
	label, ok := categoryLabels[f.Category]
	if !ok {
		label = strings.ReplaceAll(f.Category, "_", " ")
	}
	title := "Risque " + label
	if w, ok := severityWords[f.Severity]; ok {
		title += ", gravité " + w
	}
	return title
}

// maxQuoteWords: a quote's first sentence longer than this is cut after
// its following sentence boundary, never inside a sentence.
const maxQuoteWords = 45

// shortQuote is the quote of a Q- fact: its first sentence, whole (the
// words that qualify a risk — "sous réserve", "pourraient", the amount —
// are in it), the next one too while the quote stays short.
func shortQuote(text string) string {
	open, end := strings.Index(text, "« "), strings.LastIndex(text, " »")
	if open < 0 || end <= open {
		return ""
	}
	ss := sentences.Split(text[open+len("« ") : end])
	if len(ss) == 0 {
		return ""
	}
	q := ss[0]
	for _, next := range ss[1:] {
		if len(strings.Fields(q+" "+next)) > maxQuoteWords {
			break
		}
		q += " " + next
	}
	return q
}

// builder gathers the sentences of a paragraph with their sources, each
// sentence once in the memo.
type builder struct {
	memo      Memo
	sentences []string
	sources   []string
	seen      map[string]bool
	said      map[string]Kind // each figure's first section
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
		for i, s := range b.sentences {
			b.sentences[i] = b.refer(k, s)
		}
		b.memo.Paragraphs = append(b.memo.Paragraphs, Paragraph{Kind: k, Text: strings.Join(b.sentences, " "), Sources: b.sources})
	}
	b.sentences, b.sources = nil, nil
}

// refer makes a sentence of section k refer to the section that said one
// of its figures first, after the figure (at the sentence's end when the
// figure is quoted: a quote is not cut): a figure is said once, and said
// again only as a reference. The key-figures table is not written into.
func (b *builder) refer(k Kind, s string) string {
	type insert struct {
		at  int
		ref string
	}
	var inserts []insert
	referred := map[Kind]bool{}
	for _, n := range numbersOf(s) {
		key, ok := figureKey(n)
		if !ok {
			continue
		}
		first, seen := b.said[key]
		if !seen {
			b.said[key] = k
			continue
		}
		if first == k || k == KeyFigures || referred[first] {
			continue
		}
		referred[first] = true
		at := n.End
		if strings.Count(s[:n.Start], "«") > strings.Count(s[:n.Start], "»") {
			at = len(strings.TrimRight(s, "."))
		}
		inserts = append(inserts, insert{at: at, ref: " " + Refer(first)})
	}
	for i := len(inserts) - 1; i >= 0; i-- { // from the end: offsets stay true
		in := inserts[i]
		s = s[:in.at] + in.ref + s[in.at:]
	}
	return s
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
