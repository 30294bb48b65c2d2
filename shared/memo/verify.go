package memo

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/model"
)

// Input is what the memo is written from: the facts only.
type Input struct {
	Company string       // as the facts name it
	Facts   []facts.Fact // R-, A- and Q- facts
	Years   []int        // the report's years, allowed in any sentence
	// Issues stop publication whatever the claims, each said to the person
	// the memo is handed to: a borrower not identified, passages of the
	// document addressed to the model.
	Issues []string
}

// Writer writes a memo from the facts; rw, when set, asks for a rewrite.
type Writer interface {
	Write(ctx context.Context, in Input, rw *Rewrite) (Memo, model.Usage, error)
}

// Judge rates one claim against its cited facts.
type Judge interface {
	Name() string
	Judge(ctx context.Context, req JudgeRequest) (Judgement, model.Usage, error)
}

var (
	_ Writer = OfflineWriter{}
	_ Writer = (*ModelWriter)(nil)
	_ Judge  = OfflineJudge{}
	_ Judge  = (*ModelJudge)(nil)
)

// Result is the memo with its verification.
type Result struct {
	Status     Status         `json:"statut"`
	Reason     string         `json:"motif"`
	Paragraphs []Paragraph    `json:"paragraphes"`
	Defects    []Defect       `json:"defauts"`
	Verdicts   []ClaimVerdict `json:"verdicts"`
	Handoff    *Handoff       `json:"relais"` // nil when published
	Rewrites   int            `json:"reecritures"`
	// Opinion and Liquidity are the memo's proposal and its twelve-month
	// sources and uses; nil when the facts cannot carry them.
	Opinion   *Opinion   `json:"avis,omitempty"`
	Liquidity *Liquidity `json:"liquidite_12_mois,omitempty"`
	// Usage holds every model attempt, failed ones included, for the cost
	// ledger; each attempt names its role.
	Usage model.Usage `json:"-"`
}

// Handoff is the record given to a person when the memo is not published.
type Handoff struct {
	Report string         `json:"rapport"`
	Status Status         `json:"statut"`
	Reason string         `json:"motif"`
	Claims []HandoffClaim `json:"affirmations"`
	// Unverified lists each cited fact that was not verified, once: why,
	// and the printed lines and pages to look at.
	Unverified []string `json:"faits_non_verifies,omitempty"`
}

// HandoffClaim is one claim that stopped, with the facts found for it.
type HandoffClaim struct {
	Paragraph int          `json:"paragraphe"`
	Claim     string       `json:"affirmation"`
	Facts     []facts.Fact `json:"faits"`
	Step      Step         `json:"controle"`
	Reason    string       `json:"motif"`
}

// Verifier checks a memo, written by anyone, and decides its status.
type Verifier struct {
	judge Judge
}

// NewVerifier returns a verifier asking judge about each claim.
func NewVerifier(judge Judge) (*Verifier, error) {
	if judge == nil {
		return nil, fmt.Errorf("memo: verifier without a judge")
	}
	return &Verifier{judge: judge}, nil
}

// Verify runs the deterministic checks, judges every claim (even when the
// checks failed, so that the person receiving the hand-off sees each
// verdict) and applies the verdict rules.
func (v *Verifier) Verify(ctx context.Context, in Input, m Memo) (Result, error) {
	r := newReader(in.Facts)
	defects := append(check(m, r, in.Years), Coherence(m, in.Facts)...)
	res := Result{Paragraphs: m.Paragraphs, Defects: defects}
	byID := r.byID
	var assessments []Assessment
	var computed []string
	for _, f := range in.Facts {
		if strings.HasPrefix(f.ID, "R-") || strings.HasPrefix(f.ID, "A-") {
			computed = append(computed, f.ID)
		}
	}
	reference, _ := r.cited(computed)
	defectsOf := map[int][]Defect{}
	for _, d := range defects {
		defectsOf[d.Paragraph] = append(defectsOf[d.Paragraph], d)
	}
	// The claims of a paragraph share its sources: what stands on them is
	// worked out once a paragraph, so that the cost grows with the claims
	// and the facts, not with their product.
	paragraphs := map[int]*paragraphFacts{}
	for _, c := range Claims(m) {
		p := paragraphs[c.Paragraph]
		if p == nil {
			p = readParagraph(r, c.Sources, reference)
			paragraphs[c.Paragraph] = p
		}
		j, usage, err := v.judge.Judge(ctx, JudgeRequest{Claim: c, Cited: p.list, Years: in.Years, set: p.set})
		res.Usage.Merge(usage)
		if err != nil {
			return res, fmt.Errorf("verify memo: %w", err)
		}
		judged := slices.IndexFunc(p.set.facts, func(f cited) bool { return f.id == j.Fact })
		a := Assessment{Claim: c, Judge: v.judge.Name(), Judgement: j, JudgedFactCited: judged >= 0, Conflicts: p.conflicts, Unverified: p.unverified}
		if judged >= 0 {
			a.FactGap = claimGap(c.Text, p.set.facts, judged, in.Years)
		}
		for _, d := range defectsOf[c.Paragraph] {
			if d.Claim == "" || d.Claim == c.Text {
				a.Defects = append(a.Defects, d)
			}
		}
		assessments = append(assessments, a)
	}
	var memoDefects []Defect
	for _, d := range defects {
		if d.Step == StepMemo || d.Step == StepCoherence {
			memoDefects = append(memoDefects, d)
		}
	}
	for _, issue := range in.Issues {
		memoDefects = append(memoDefects, Defect{Step: StepMemo, Message: issue})
	}
	memoDefects = append(memoDefects, untreatedCritical(in.Facts, m)...)
	memoDefects = append(memoDefects, opinionDefects(m, in.Facts, in.Years)...)
	res.Opinion, res.Liquidity = opinionOf(in.Facts, in.Years), liquidityOf(in.Facts)
	d := Decide(assessments, memoDefects)
	res.Status, res.Reason, res.Verdicts = d.Status, d.Reason, d.Verdicts
	if d.Status != Published {
		res.Handoff = handoff(in, d, byID)
	}
	return res, nil
}

// untreatedCritical are the critical signals (facts the critical-risk net
// marks) that no paragraph cites: a memo that leaves one out abstains.
func untreatedCritical(fs []facts.Fact, m Memo) []Defect {
	cited := map[string]bool{}
	for _, p := range m.Paragraphs {
		for _, id := range p.Sources {
			cited[id] = true
		}
	}
	var out []Defect
	for _, f := range fs {
		if f.Critical && !cited[f.ID] {
			out = append(out, Defect{Step: StepMemo, Message: fmt.Sprintf("signal critique non traité : %s (%s)", f.ID,
				strings.ReplaceAll(f.Category, "_", " "))})
		}
	}
	return out
}

// paragraphFacts is what a paragraph's sources give its claims.
type paragraphFacts struct {
	list       []facts.Fact // the known sources, in order
	set        *factSet
	conflicts  []Conflict
	unverified []facts.Fact
}

func readParagraph(r *reader, sources []string, reference []cited) *paragraphFacts {
	known, _ := r.cited(sources)
	p := &paragraphFacts{set: newFactSet(known), conflicts: conflictsWith(known, reference)}
	for _, f := range known {
		fact := r.byID[f.id]
		p.list = append(p.list, fact)
		if !fact.Verified() {
			p.unverified = append(p.unverified, fact)
		}
	}
	return p
}

func handoff(in Input, d Decision, byID map[string]facts.Fact) *Handoff {
	h := &Handoff{Report: in.Company, Status: d.Status, Reason: d.Reason}
	seen := map[string]bool{}
	for _, v := range d.Verdicts {
		if v.Status == Published {
			continue
		}
		var found []facts.Fact
		for _, id := range v.Sources {
			f, ok := byID[id]
			if !ok {
				continue
			}
			if len(found) < listed { // a claim's first facts, not a thousand
				found = append(found, f)
			}
			if !f.Verified() && !seen[f.ID] {
				seen[f.ID] = true
				h.Unverified = append(h.Unverified, unverifiedReason(f))
			}
		}
		h.Claims = append(h.Claims, HandoffClaim{Paragraph: v.Paragraph, Claim: v.Claim, Facts: found, Step: v.Step, Reason: v.Reason})
	}
	return h
}

// Composer writes the memo and verifies it, with one rewrite.
type Composer struct {
	writer   Writer
	verifier *Verifier
}

// NewComposer returns a composer.
func NewComposer(w Writer, v *Verifier) (*Composer, error) {
	if w == nil || v == nil {
		return nil, fmt.Errorf("memo: composer needs a writer and a verifier")
	}
	return &Composer{writer: w, verifier: v}, nil
}

// Compose writes the memo, rewrites it once when the deterministic checks
// find defects, and verifies the last version. Usage covers every call.
func (c *Composer) Compose(ctx context.Context, in Input) (Result, error) {
	var usage model.Usage
	m, u, err := c.writer.Write(ctx, in, nil)
	usage.Merge(u)
	if err != nil {
		return Result{Usage: usage}, fmt.Errorf("compose memo: %w", err)
	}
	rewrites := 0
	if defects := append(Check(m, in.Facts, in.Years), opinionMissing(m, in.Facts)...); len(defects) > 0 {
		rewrites++
		m, u, err = c.writer.Write(ctx, in, &Rewrite{Previous: m, Defects: defects})
		usage.Merge(u)
		if err != nil {
			return Result{Usage: usage, Rewrites: rewrites}, fmt.Errorf("compose memo: rewrite: %w", err)
		}
	}
	res, err := c.verifier.Verify(ctx, in, m)
	res.Rewrites = rewrites
	usage.Merge(res.Usage)
	res.Usage = usage
	if err != nil {
		return res, fmt.Errorf("compose memo: %w", err)
	}
	return res, nil
}

// FactYears gives the report's years for a memo checked without its
// report: those the facts are dated by and those the computed facts (R-,
// A-) print, a figure per fiscal year; only when they give none, every
// year the facts print. A year a quote names (a maturity, a plan) is not
// a fiscal year: a sentence may say it only citing that quote.
func FactYears(fs []facts.Fact) []int {
	var years []int
	add := func(y int) {
		if !slices.Contains(years, y) {
			years = append(years, y)
		}
	}
	printed := func(f facts.Fact) {
		for _, n := range numbersOf(f.Text) {
			if n.IsYear() {
				add(int(n.Value))
			}
		}
	}
	for _, f := range fs {
		for _, y := range f.Years {
			add(y)
		}
		if strings.HasPrefix(f.ID, "R-") || strings.HasPrefix(f.ID, "A-") {
			printed(f)
		}
	}
	if len(years) == 0 {
		for _, f := range fs {
			printed(f)
		}
	}
	slices.Sort(years)
	return years
}
