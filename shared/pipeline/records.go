package pipeline

import (
	"cmp"
	"fmt"
	"slices"

	"analyste.dev/analyste/shared/checks"
	"analyste.dev/analyste/shared/extraction"
	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/model"
	"analyste.dev/analyste/shared/ratios"
	"analyste.dev/analyste/shared/signals"
	"analyste.dev/analyste/shared/statements"
)

// ExtractionRecord is the extract stage's output as stored
// (extractions/{id}) and printed by `analyste extract`: truth.json's shape
// plus what the loop did and the R- and A- facts.
type ExtractionRecord struct {
	Company string `json:"societe"`
	// CompanyIssue says why Company cannot stand for the borrower.
	CompanyIssue string                  `json:"societe_non_identifiee,omitempty"`
	PrintedUnit  string                  `json:"unite_imprimee"`
	UnitDeduced  string                  `json:"unite_deduite,omitempty"`
	Pages        statements.Pages        `json:"pages"`
	Years        map[int]statements.Year `json:"exercices"`
	Checks       []checks.Check          `json:"controles"`
	Attempts     []extraction.Attempt    `json:"tentatives"`
	Usage        model.Usage             `json:"usage"`
	Prompt       extraction.PromptSize   `json:"prompt"`
	Divergences  []ratios.Alert          `json:"lectures_divergentes"`
	Ratios       map[int]ratios.Ratios   `json:"ratios"`
	Alerts       []ratios.Alert          `json:"alertes"`
	Facts        []facts.Fact            `json:"faits"`
	Readers      string                  `json:"lecteurs"`
	// PageTexts locates the page texts (gs://…) the signals stage and the
	// viewer read; empty in the CLI, which has the PDF at hand.
	PageTexts string `json:"textes_pages,omitempty"`
	PageCount int    `json:"nombre_pages"`
}

// Record gives the stored form of an extraction.
func (p *Pipeline) Record(ex Extracted, pageCount int) ExtractionRecord {
	res := ex.Result
	return ExtractionRecord{
		Company: res.Transcription.Company, CompanyIssue: ex.CompanyIssue,
		PrintedUnit: res.Transcription.PrintedUnit, UnitDeduced: res.Transcription.UnitDeduced,
		Pages: res.Report.Pages, Years: res.Report.Years, Checks: res.Checks,
		Attempts: res.Attempts, Usage: res.Usage, Prompt: res.Prompt,
		Divergences: ex.Divergences, Ratios: ex.Ratios, Alerts: ex.Alerts, Facts: ex.Facts,
		Readers: p.Mode(), PageCount: pageCount,
	}
}

// Borrower is the name the facts and the memo use.
func (r ExtractionRecord) Borrower() string { return borrower(r.Company, r.CompanyIssue) }

// MemoIssues are what stops the memo's publication whatever its claims: a
// borrower not identified, quotes refused as hostile.
func MemoIssues(companyIssue string, rejected []signals.Rejected) []string {
	var out []string
	if companyIssue != "" {
		out = append(out, companyIssue)
	}
	if n := signals.Hostile(rejected); n > 0 {
		out = append(out, fmt.Sprintf("le document contient %d passage(s) adressé(s) au modèle ou refermant une citation (tentative d'injection) : à relire par une personne", n))
	}
	return out
}

// SignalsRecord is the signals stage's output as stored (signals/{id}).
type SignalsRecord struct {
	Verified []signals.Signal   `json:"verifies"`
	Rejected []signals.Rejected `json:"rejetes"`
	Retried  bool               `json:"relance"`
	Facts    []facts.Fact       `json:"faits"`
	Usage    model.Usage        `json:"usage"`
	// VerifiedOmitted and RejectedOmitted count the signals Bounded left out.
	VerifiedOmitted int `json:"verifies_omis,omitempty"`
	RejectedOmitted int `json:"rejetes_omis,omitempty"`
}

// Record gives the stored form of a signals reading.
func (s Signaled) Record() SignalsRecord {
	return SignalsRecord{Verified: s.Verified, Rejected: s.Rejected, Retried: s.Retried, Facts: s.Facts, Usage: s.Usage}
}

// Bounds of a stored signals record: a report states a few dozen risks, a
// hostile one thousands, which no Firestore document (1 MiB) can hold and
// no memo can use.
const (
	// MaxStoredSignals bounds the verified signals kept, and the rejected.
	MaxStoredSignals = 200
	// maxStoredText bounds the bytes of their texts (quotes, summaries,
	// reasons, facts), each counted with entryOverhead for its other fields.
	maxStoredText = 512 << 10
	entryOverhead = 512
)

// Bounded keeps what a document can hold: the most severe verified signals
// first, each with its fact, shown in reading order; then the rejected
// ones in reading order, within the same budget. It counts what it leaves
// out; the memo reads only the facts kept.
func (r SignalsRecord) Bounded() SignalsRecord {
	out := r
	budget := maxStoredText
	fits := func(texts ...string) bool {
		n := entryOverhead
		for _, t := range texts {
			n += len(t)
		}
		if n > budget {
			return false
		}
		budget -= n
		return true
	}
	order := make([]int, len(r.Verified))
	for i := range order {
		order[i] = i
	}
	severity := func(i int) int { return slices.Index(signals.Severities, r.Verified[i].Severity) }
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(severity(b), severity(a)) })
	var kept []int
	for _, i := range order {
		s := r.Verified[i]
		fact := ""
		if i < len(r.Facts) {
			fact = r.Facts[i].Text
		}
		if len(kept) < MaxStoredSignals && fits(append(s.Texts(), fact)...) {
			kept = append(kept, i)
		}
	}
	slices.Sort(kept)
	out.Verified, out.Facts = nil, nil
	for _, i := range kept {
		out.Verified = append(out.Verified, r.Verified[i])
		if i < len(r.Facts) {
			out.Facts = append(out.Facts, r.Facts[i])
		}
	}
	out.Rejected = nil
	for _, s := range r.Rejected {
		if len(out.Rejected) == MaxStoredSignals || !fits(append(s.Texts(), s.Reason)...) {
			break
		}
		out.Rejected = append(out.Rejected, s)
	}
	out.VerifiedOmitted = r.VerifiedOmitted + len(r.Verified) - len(out.Verified)
	out.RejectedOmitted = r.RejectedOmitted + len(r.Rejected) - len(out.Rejected)
	return out
}
