package viewer

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"analyste.dev/analyste/shared/checks"
	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/ratios"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/signals"
	"analyste.dev/analyste/shared/statements"
	"analyste.dev/analyste/shared/store"
)

// reportPage is the data of report.html. A stage that has not written its
// document yet leaves its part nil.
type reportPage struct {
	Title, ID, Status, Cost, MemoStatus string
	Run                                 schema.Report
	Extraction                          *extractionView
	Signals                             *signalsView
	Memo                                *memoView
	Handoff                             *handoffView
	Steps                               []stepRow
	Decision                            *decisionView
	// Failed: the run ended in failure, so a stage that wrote nothing
	// never will.
	Failed bool
	Review *reviewView // corrections and exports
	// MemoVersion is the version Memo shows when a correction gave one;
	// ChainMemo is then the chain's, version 1, folded below it.
	MemoVersion *memoVersion
	ChainMemo   *memoView
	// FactsVersion: the reading, checks, ratios and facts shown are the
	// latest version's (≥ 2).
	FactsVersion int
	// Company: the borrower's name was corrected.
	Company *correctedMark
}

// memoVersion is a memo version as the report names it.
type memoVersion struct {
	Number int
	By     string
	At     time.Time
	URL    string
}

// handoffView is the report's hand-off, its history and, while it is open,
// the form that resolves it.
type handoffView struct {
	schema.HandoffRecord
	ShortReason string       // the reason, each part once, bounded
	Causes      []*causeCard // the worklist, one card per root cause
	Tally       causeTally   // the decisions on them
	// Lifted are the causes of the chain's hand-off that version LiftedBy
	// no longer has: a correction lifted them, nothing is left to decide.
	Lifted   []*causeCard
	LiftedBy int
	// OpenedBy is the version whose memo opened the hand-off when the
	// chain's was published: 0 when the chain opened it.
	OpenedBy int
	// PerCause: each cause is decided apart, the resolution once all are.
	PerCause bool
	// DecisionsUnavailable: the decisions could not be read, so nothing
	// is offered.
	DecisionsUnavailable bool
	Opened               time.Time
	Decision             string // the resolution's decision as a reviewer reads it
	Form                 *resolveForm
	// NoIdentity: the request carries no identity, so no form is offered.
	NoIdentity bool
}

// resolveForm is the data of the resolve form.
type resolveForm struct {
	Action, Token, Who string
	Decisions          []decisionOption
	MaxComment         int
}

// stepRow is one stage's progress.
type stepRow struct {
	Name, State string
	schema.Step
}

// extractionView is the statements with their checks, the ratios and the
// alerts.
type extractionView struct {
	PrintedUnit string
	Years       []int // latest first
	Statements  []statementView
	Checks      []checkRow
	Matrix      *checkMatrix
	Failed      int
	Ratios      []ratioRow
	Panels      []ratioPanel
	Facts       []factView // R-, A- and C- facts, the memo's sources
	Divergences []ratios.Alert
}

type statementView struct {
	Title string
	Page  int
	Lines []lineView
	// Others are the checks of this statement that read no dictionary
	// line: its printed subtotals.
	Others []checkRow
}

// lineView is one line with its amount for each year and the identities
// that read it, each with its result for each year.
type lineView struct {
	key     statements.Key
	Anchor  string // the row's id, where "back" returns
	Label   string
	Amounts []amountCell
	Checks  []lineCheck
}

// amountCell is an amount and where it is printed: its line marked on its
// page when a fact records it, the statement's page otherwise.
type amountCell struct {
	Text, URL string
	Marked    bool // URL marks the printed line and the year's amount on it
	// Unmarkable: the lines the reader recorded are not found in the
	// page's text, so the link opens the page with nothing marked; the
	// cell says so before it is followed.
	Unmarkable bool
	// Corrected: the version shown reads this amount otherwise than the
	// chain.
	Corrected *correctedMark
}

type lineCheck struct {
	Label   string
	Results []checkRow
}

type checkRow struct {
	Anchor string
	checks.Check
	StatusLabel string
}

type ratioRow struct {
	Label, Formula string
	Values         []string
	Arithmetic     string // the formula with the latest year's values
}

type signalsView struct {
	Verified []signalRow
	Rejected []signalRow
	Retried  bool
	// VerifiedOmitted and RejectedOmitted were not stored (too many).
	VerifiedOmitted, RejectedOmitted int
}

type signalRow struct {
	Fact, Category, Severity, Summary, Quote, Reason, URL string
	Page                                                  int
	// OCR: the quote was verified on an OCR's reading of its page.
	OCR *facts.OCR
}

type memoView struct {
	Status, Reason string
	Rewrites       int
	Paragraphs     []paragraphView
	Defects        []memo.Defect
}

type paragraphView struct {
	Kind, Text string
	Pieces     []textPiece // Text, each number linked to the cited fact that states it
	Sources    []sourceLink
	Claims     []claimView
}

// textPiece is a piece of a memo's sentence: a number with the fact it
// comes from, or the words between.
type textPiece struct {
	Text, URL, Fact string
}

// sourceLink is a fact a sentence cites, with what it stands on: its
// fields and their printed lines, or its quote on its page.
type sourceLink struct {
	ID, URL string
	Fact    *factView
	Quote   *signals.Signal
}

type claimView struct {
	memo.ClaimVerdict
	VerdictLabel, StatusLabel string
	FactURL                   string // the fact the claim was judged on
}

// run reads a report's document, or answers why it cannot.
func (v *viewer) run(w http.ResponseWriter, r *http.Request, id string) (schema.Report, bool) {
	var run schema.Report
	if err := v.read.Document(r.Context(), schema.Reports, id, &run); err != nil {
		v.readFailed(w, r, "Le rapport "+id, err)
		return run, false
	}
	return run, true
}

func (v *viewer) report(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.PathValue("id")
	run, ok := v.run(w, r, id)
	if !ok {
		return
	}
	p := reportPage{Title: run.Company, ID: id, Run: run, Status: orSelf(runStatuses, run.Status), Cost: cost(run), MemoStatus: memoOf(run), Review: v.reviewOf(r, id)}
	if p.Title == "" {
		p.Title = run.Source.Object
	}
	for _, st := range schema.Stages {
		if s, ok := run.Steps[st]; ok {
			p.Steps = append(p.Steps, stepRow{Name: string(st), State: orSelf(stepStates, s.State), Step: s})
		}
	}
	var (
		ex    schema.ExtractionRecord
		sig   schema.SignalsRecord
		res   memo.Result
		hand  schema.HandoffRecord
		found = map[string]bool{}
	)
	for coll, out := range map[string]any{schema.Extractions: &ex, schema.Signals: &sig, schema.Memos: &res, schema.Handoffs: &hand} {
		err := v.read.Document(ctx, coll, id, out)
		if err != nil && !errors.Is(err, ErrNotFound) {
			v.readFailed(w, r, "Le document "+coll+"/"+id, err)
			return
		}
		found[coll] = err == nil
	}
	in := decisionInputs{ID: id, Run: run}
	p.Failed = run.Status == schema.Failed
	// Under a corrected version, the page is that version's: its reading,
	// checks, ratios, facts, memo and hand-off; the chain's memo is folded.
	var last *schema.Revision
	if p.Review.Version > 0 && found[schema.Extractions] {
		rev, ok, err := v.corrections.Revision(ctx, id, p.Review.Version)
		if err != nil || !ok {
			v.log.ErrorContext(ctx, "version du mémo non lue", "rapport", id, "version", p.Review.Version, "trouvee", ok, "erreur", err)
			v.fail(w, r, http.StatusInternalServerError, "La version "+fmt.Sprint(p.Review.Version)+" du mémo n'a pas pu être lue ; réessayez dans un instant.", nil)
			return
		}
		last = &rev
	}
	shown, shownMemo, memoSig := ex, res, sig
	if last != nil {
		shown, shownMemo, memoSig = last.Extraction, last.Memo, revisedSignals(sig, ex, last)
		p.MemoVersion = &memoVersion{Number: last.Version, By: last.By, At: last.At, URL: correctionsURL(id) + versionAnchor(last.Version)}
		p.FactsVersion = last.Version
		p.Company = companyMark(ex, last, p.Review.applied)
		if p.Company != nil {
			p.Title = shown.Borrower()
		}
	}
	if found[schema.Extractions] {
		texts := v.pageTexts(r, shown)
		in.Extraction, in.Covenant = &shown, leverageCovenant(texts, statements.YearsDesc(shown.Years))
		var ceiling *float64
		if in.Covenant != nil {
			ceiling = &in.Covenant.Limit.Value
		}
		p.Extraction = extractionOf(id, shown, texts)
		p.Extraction.Panels = ratioPanels(p.Extraction.Years, shown.Ratios, ratios.DefaultThresholds, ceiling)
		if last != nil {
			markCorrected(p.Extraction, ex, *last, p.Review.applied)
		}
	}
	if found[schema.Signals] {
		p.Signals, in.Signals = signalsOf(id, sig), &sig
	}
	if found[schema.Memos] || last != nil {
		p.Memo, in.Memo = memoOfResult(id, shownMemo, memoSig, p.Extraction), &shownMemo
	}
	if last != nil && found[schema.Memos] {
		p.ChainMemo = memoOfResult(id, res, sig, nil)
	}
	// The chain published its memo and a correction made the version
	// abstain: the hand-off is that version's.
	var byVersion bool
	if !found[schema.Handoffs] {
		var err error
		if hand, byVersion, err = v.versionHandoff(ctx, id, last); err != nil {
			v.readFailed(w, r, "Le relais de la version "+fmt.Sprint(last.Version)+" du mémo", err)
			return
		}
	}
	if found[schema.Handoffs] || byVersion {
		var exr *schema.ExtractionRecord
		if found[schema.Extractions] {
			exr = &ex
		}
		src := causeSources{chain: exr, defects: res.Defects, last: last, shown: p.Extraction, byVersion: byVersion}
		p.Handoff, in.Handoff = v.handoffOf(r, id, hand, run, src), &hand
		if p.Handoff.PerCause {
			in.Causes = &p.Handoff.Tally
		}
	}
	p.Decision = newDecision(in)
	v.render(w, r, http.StatusOK, "report.html", p)
}

// handoffOf shows the hand-off with its history, its worklist as the
// latest version has it, and the resolve form while it is open and the
// caller is known.
func (v *viewer) handoffOf(r *http.Request, id string, h schema.HandoffRecord, run schema.Report, src causeSources) *handoffView {
	hv := &handoffView{HandoffRecord: h, Opened: store.Opened(run), ShortReason: shortReason(h.Reason)}
	hv.Causes, hv.Lifted = src.worklist(id, h)
	if src.byVersion {
		hv.Opened, hv.OpenedBy = src.last.At, src.last.Version
	}
	if src.last != nil {
		hv.LiftedBy = src.last.Version
		if lh := src.last.Memo.Handoff; lh != nil {
			hv.ShortReason = shortReason(lh.Reason)
		} else if n := len(hv.Causes); n > 0 {
			hv.ShortReason = fmt.Sprintf("la version %d du mémo est %s ; %d cause%s reste%s à décider ci-dessous.",
				src.last.Version, orSelf(memoStatuses, src.last.Memo.Status), n, plural(n), pluralVerb(n))
		} else {
			hv.ShortReason = fmt.Sprintf("la version %d du mémo est %s : aucune cause ne reste.", src.last.Version, orSelf(memoStatuses, src.last.Memo.Status))
		}
	}
	who := identity(r)
	options := decisions
	if v.corrections != nil && len(hv.Causes)+len(hv.Lifted) > 0 {
		ds, err := v.causeDecisions(r.Context(), id)
		if err != nil {
			v.log.WarnContext(r.Context(), "décisions sur les causes non lues", "rapport", id, "erreur", err)
			hv.DecisionsUnavailable = true
			return hv
		}
		hv.PerCause = true
		hv.Tally = v.decideCards(id, who, h.Resolution == nil, hv.Causes, ds)
		v.decideCards(id, "", false, hv.Lifted, ds) // a decision taken before the correction stays shown
		if hv.Tally.Rejected > 0 {
			options = options[1:] // validé is refused over a rejected cause
		}
	}
	if h.Resolution != nil {
		hv.Decision, _ = decisionLabel(h.Resolution.Decision)
		return hv
	}
	if who == "" {
		hv.NoIdentity = true
		return hv
	}
	if hv.Tally.Open() == 0 {
		hv.Form = &resolveForm{Action: reportURL(id) + "/relais", Token: v.forms.mint(purposeResolve, who, id), Who: who, Decisions: options, MaxComment: MaxComment}
	}
	return hv
}

// pageTexts reads the page texts of an extraction; nil when they cannot be
// read (the report then shows no covenant ceiling, and its line links are
// not checked beforehand).
func (v *viewer) pageTexts(r *http.Request, ex schema.ExtractionRecord) []string {
	if ex.PageTexts == "" {
		return nil
	}
	texts, err := v.read.PageTexts(r.Context(), ex.PageTexts)
	if err != nil {
		v.log.WarnContext(r.Context(), "textes des pages non lus", "erreur", err)
		return nil
	}
	return texts
}

// factView is a fact with its state as a reviewer reads it, and each field
// it stands on with links to its printed lines.
type factView struct {
	facts.Fact
	StateLabel string
	Lines      []fieldView
	PageURL    string // the page a fact read from a sentence stands on
}

type fieldView struct {
	Field string // "2025 Stocks et en-cours"
	Note  string // "non imprimé", "nul : non imprimé, total vérifié"
	Links []lineLink
}

type lineLink struct {
	Label string
	Page  int
	URL   string
	// Unmarkable: the line is not found on its page (see markedPage).
	Unmarkable bool
}

// factViews links each field of each fact to its printed lines, highlighted
// on their page.
func factViews(id string, fs []facts.Fact, texts []string, split pageSplits) []factView {
	out := make([]factView, len(fs))
	for i, f := range fs {
		v := factView{Fact: f, StateLabel: orSelf(factStates, f.State)}
		if f.Page > 0 && len(f.Fields) == 0 {
			v.PageURL = pageURL(id, f.Page, "", "")
		}
		for _, fl := range f.Fields {
			fv := fieldView{Field: fmt.Sprintf("%d %s", fl.Year, lineLabels[statements.Key{Statement: fl.Statement, Name: fl.Key}])}
			switch {
			case fl.ZeroByTotal:
				fv.Note = "non imprimé, nul d'après le total vérifié"
			case len(fl.Lines) == 0:
				fv.Note = "non imprimé"
			}
			for _, l := range fl.Lines {
				page, ok := markedPage(texts, []facts.PrintedLine{l}, split)
				at := l
				at.Page = page
				fv.Links = append(fv.Links, lineLink{Label: l.Label, Page: page, URL: linesURL(id, []facts.PrintedLine{at}), Unmarkable: !ok})
			}
			v.Lines = append(v.Lines, fv)
		}
		out[i] = v
	}
	return out
}

func extractionOf(id string, ex schema.ExtractionRecord, texts []string) *extractionView {
	e := &extractionView{PrintedUnit: ex.PrintedUnit, Divergences: ex.Divergences, Years: statements.YearsDesc(ex.Years)}
	for i, c := range ex.Checks {
		row := checkRow{Anchor: "controle-" + formatInt(i+1), Check: c, StatusLabel: orSelf(checkStatuses, c.Status)}
		e.Checks = append(e.Checks, row)
		if c.Status == checks.Failed {
			e.Failed++
		}
	}
	// byLine lists, for each line, the identities reading it in the order of
	// the checks, each with its results.
	byLine := map[statements.Key][]lineCheck{}
	for _, row := range e.Checks {
		for _, k := range involvedKeys()[row.Label] {
			lcs := byLine[k]
			i := slices.IndexFunc(lcs, func(lc lineCheck) bool { return lc.Label == row.Label })
			if i < 0 {
				lcs, i = append(lcs, lineCheck{Label: row.Label}), len(lcs)
			}
			lcs[i].Results = append(lcs[i].Results, row)
			byLine[k] = lcs
		}
	}
	pages := statementPages(ex)
	printedLines := linesOf(ex.Facts)
	split := pageSplits{}
	for _, st := range statements.All {
		sv := statementView{Title: statementTitles[st], Page: pages[st]}
		for _, name := range statements.Keys(st) {
			k := statements.Key{Statement: st, Name: name}
			line := lineView{key: k, Anchor: rowAnchor(k), Label: lineLabels[k], Checks: byLine[k]}
			printed := false
			for _, y := range e.Years {
				cell := amountCell{Text: "non imprimé"}
				if v, ok := ex.Years[y].Get(k); ok {
					cell.Text, printed = frnum.Format(v), true
					switch pls := printedLines[statements.FieldRef{Year: y, Key: k}]; {
					case len(pls) > 0:
						page, ok := markedPage(texts, pls, split)
						cell.URL, cell.Marked, cell.Unmarkable = cellURL(id, k, y, pls, page, line.Anchor), ok, !ok
					case pages[st] > 0:
						cell.URL = pageURL(id, pages[st], "", "")
					}
				}
				line.Amounts = append(line.Amounts, cell)
			}
			if !printed && statements.Optional(k) {
				continue // an optional line the report does not have
			}
			sv.Lines = append(sv.Lines, line)
		}
		for _, row := range e.Checks {
			if _, identity := involvedKeys()[row.Label]; !identity && strings.Contains(row.Label, "("+string(st)+", ") {
				sv.Others = append(sv.Others, row)
			}
		}
		e.Statements = append(e.Statements, sv)
	}
	for _, d := range ratios.Definitions {
		row := ratioRow{Label: d.Label, Formula: d.Formula}
		for _, y := range e.Years {
			v := d.Get(ex.Ratios[y])
			text := ratios.FormatValue(v, d.Unit)
			if v.OK() && notSignificant(v, d.Unit) {
				text = "n.s. (" + text + ")"
			}
			row.Values = append(row.Values, text)
		}
		if len(e.Years) > 0 {
			row.Arithmetic = arithmetic(d, ex, e.Years[0])
		}
		e.Ratios = append(e.Ratios, row)
	}
	e.Facts = factViews(id, ex.Facts, texts, split)
	e.Matrix = newCheckMatrix(e.Checks, e.Years)
	return e
}

// linesOf maps each field a fact stands on to the lines it was read from:
// the facts record the printed lines of every field they use.
func linesOf(fs []facts.Fact) map[statements.FieldRef][]facts.PrintedLine {
	out := map[statements.FieldRef][]facts.PrintedLine{}
	for _, f := range fs {
		for _, fl := range f.Fields {
			ref := statements.FieldRef{Year: fl.Year, Key: statements.Key{Statement: fl.Statement, Name: fl.Key}}
			if _, done := out[ref]; !done && len(fl.Lines) > 0 {
				out[ref] = fl.Lines
			}
		}
	}
	return out
}

// quoteFacts maps each Q- fact of sig to the verified signal that carries
// its id.
func quoteFacts(sig schema.SignalsRecord) map[string]signals.Signal {
	listed := map[string]bool{}
	for _, f := range sig.Facts {
		listed[f.ID] = true
	}
	out := map[string]signals.Signal{}
	for _, s := range sig.Verified {
		if listed[s.Fact] {
			out[s.Fact] = s
		}
	}
	return out
}

func signalsOf(id string, sig schema.SignalsRecord) *signalsView {
	s := &signalsView{Retried: sig.Retried, VerifiedOmitted: sig.VerifiedOmitted, RejectedOmitted: sig.RejectedOmitted}
	quoted := quoteFacts(sig)
	read := map[string]*facts.OCR{}
	for _, f := range sig.Facts {
		read[f.ID] = f.OCR
	}
	for _, sg := range sig.Verified {
		row := signalRow{Category: sg.Category.Label(), Severity: orSelf(severities, sg.Severity), Summary: sg.Summary, Quote: sg.Quote, Page: sg.Page}
		if _, ok := quoted[sg.Fact]; ok {
			row.Fact = sg.Fact
			row.URL = pageURL(id, sg.Page, "fait", row.Fact)
			row.OCR = read[sg.Fact]
		}
		s.Verified = append(s.Verified, row)
	}
	for _, rj := range sig.Rejected {
		s.Rejected = append(s.Rejected, signalRow{Category: rj.Category.Label(), Severity: orSelf(severities, rj.Severity), Summary: rj.Summary,
			Quote: rj.Quote, Page: rj.Page, Reason: rj.Reason, URL: pageURL(id, rj.Page, "citation", rj.Quote)})
	}
	return s
}

// memoOfResult links each sentence to its sources and each source to the
// ink: a Q- fact to its quote marked on its page, an R-, A- or C- fact to
// its entry among the facts and, through its fields, to their printed
// lines marked on their pages; an unknown id to nothing.
func memoOfResult(id string, res memo.Result, sig schema.SignalsRecord, ex *extractionView) *memoView {
	m := &memoView{Status: orSelf(memoStatuses, res.Status), Reason: res.Reason, Rewrites: res.Rewrites, Defects: res.Defects}
	quoted := quoteFacts(sig)
	listed := map[string]*factView{}
	if ex != nil {
		for i := range ex.Facts {
			listed[ex.Facts[i].ID] = &ex.Facts[i]
		}
	}
	source := func(src string) sourceLink {
		link := sourceLink{ID: src}
		if s, ok := quoted[src]; ok {
			link.URL, link.Quote = pageURL(id, s.Page, "fait", src), &s
		} else if f, ok := listed[src]; ok {
			link.URL, link.Fact = "#fait-"+src, f
		}
		return link
	}
	for i, p := range res.Paragraphs {
		pv := paragraphView{Kind: p.Kind.Label(), Text: p.Text}
		for _, src := range p.Sources {
			pv.Sources = append(pv.Sources, source(src))
		}
		pv.Pieces = linkNumbers(p.Text, pv.Sources)
		for _, cv := range res.Verdicts {
			if cv.Paragraph == i+1 {
				pv.Claims = append(pv.Claims, claimView{ClaimVerdict: cv, VerdictLabel: orSelf(verdicts, cv.Verdict),
					StatusLabel: orSelf(memoStatuses, cv.Status), FactURL: source(cv.Fact).URL})
			}
		}
		m.Paragraphs = append(m.Paragraphs, pv)
	}
	return m
}

// linkNumbers cuts a memo's sentence around its numbers, each linked to
// the first cited fact whose text prints the same number in the same unit;
// a number no cited fact states stays plain (the verifier would have
// stopped the claim).
func linkNumbers(text string, sources []sourceLink) []textPiece {
	type stated struct {
		n   frnum.Number
		src sourceLink
	}
	var known []stated
	for _, s := range sources {
		factText := ""
		switch {
		case s.Fact != nil:
			factText = s.Fact.Text
		case s.Quote != nil:
			factText = s.Quote.Quote + " " + s.Quote.Summary
		}
		for _, n := range frnum.Parse(factText) {
			known = append(known, stated{n, s})
		}
	}
	var out []textPiece
	at := 0
	for _, n := range frnum.Parse(text) {
		if n.IsYear() {
			continue
		}
		i := slices.IndexFunc(known, func(k stated) bool { return k.n.Unit == n.Unit && k.n.Value == n.Value && k.src.URL != "" })
		if i < 0 {
			continue
		}
		if n.Start > at {
			out = append(out, textPiece{Text: text[at:n.Start]})
		}
		out = append(out, textPiece{Text: text[n.Start:n.End], URL: known[i].src.URL, Fact: known[i].src.ID})
		at = n.End
	}
	if at < len(text) {
		out = append(out, textPiece{Text: text[at:]})
	}
	return out
}
