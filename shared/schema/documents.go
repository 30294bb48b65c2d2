package schema

import (
	"cmp"
	"fmt"
	"slices"
	"time"

	"cloud.google.com/go/firestore"

	"analyste.dev/analyste/shared/checks"
	"analyste.dev/analyste/shared/extraction"
	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/memo"
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
	// Identity is the borrower's legal identity (name, SIREN, RCS, where
	// printed); Company is its name, or the name read when none stands.
	Identity facts.Identity `json:"identite"`
	// CompanyIssue says why Company cannot stand for the borrower.
	CompanyIssue string `json:"societe_non_identifiee,omitempty"`
	// Invisible counts the glyphs of the text layer the pages do not print
	// (kept out of the page texts); TextIssues say which of them would
	// change a figure or a risk, and which digits a lying font gave.
	Invisible   int                     `json:"texte_invisible"`
	TextIssues  []string                `json:"texte_non_imprime,omitempty"`
	PrintedUnit string                  `json:"unite_imprimee"`
	UnitDeduced string                  `json:"unite_deduite,omitempty"`
	Pages       statements.Pages        `json:"pages"`
	Years       map[int]statements.Year `json:"exercices"`
	Checks      []checks.Check          `json:"controles"`
	Attempts    []extraction.Attempt    `json:"tentatives"`
	Usage       model.Usage             `json:"usage"`
	Prompt      extraction.PromptSize   `json:"prompt"`
	Divergences []ratios.Alert          `json:"lectures_divergentes"`
	Ratios      map[int]ratios.Ratios   `json:"ratios"`
	Alerts      []ratios.Alert          `json:"alertes"`
	Facts       []facts.Fact            `json:"faits"`
	Readers     string                  `json:"lecteurs"`
	// PageTexts locates the page texts (gs://…) the signals stage and the
	// viewer read; empty in the CLI, which has the PDF at hand.
	PageTexts string `json:"textes_pages,omitempty"`
	// OCRBoxes locates the OCR's layout of the pages read by OCR (gs://…,
	// store.OCRBoxes), for the viewer to mark them on the page image;
	// empty when no page was.
	OCRBoxes  string `json:"boites_ocr,omitempty"`
	PageCount int    `json:"nombre_pages"`
	// Reading is what a reviewer's correction recomputes from; nil in
	// records written before corrections existed.
	Reading *Reading `json:"lecture_source,omitempty"`
	// OCR lists the pages read by OCR, whose figures and quotes say so;
	// Unchecked the pages (from 1) whose text layer the OCR was to check
	// against the printed page and did not, its budget spent.
	OCR       []facts.OCRPage `json:"pages_ocr,omitempty"`
	Unchecked []int           `json:"couche_texte_non_controlee,omitempty"`
}

// Borrower is the name the facts and the memo use.
func (r ExtractionRecord) Borrower() string {
	if r.CompanyIssue != "" {
		return facts.Unidentified
	}
	return r.Company
}

// counters are what the report counts of this extraction.
func (r ExtractionRecord) counters() ExtractionCounters {
	res := extraction.Result{Checks: r.Checks, Attempts: r.Attempts}
	return ExtractionCounters{FieldsRead: statements.Report{Years: r.Years}.FieldsFound(), FailedChecks: len(res.Failed()), Rereads: res.Rereads(),
		Invisible: r.Invisible, ReaderDivergences: len(r.Divergences)}
}

// SignalsRecord is the signals stage's output as stored (signals/{id}).
type SignalsRecord struct {
	Verified []signals.Signal   `json:"verifies"`
	Rejected []signals.Rejected `json:"rejetes"`
	Retried  bool               `json:"relance"`
	Facts    []facts.Fact       `json:"faits"`
	Usage    model.Usage        `json:"usage"`
	// CriticalAdded counts the critical signals the net added to the
	// reader's: a model that drifts shows here.
	CriticalAdded int `json:"signaux_critiques_ajoutes"`
	// VerifiedOmitted and RejectedOmitted count the signals Bounded left out.
	VerifiedOmitted int `json:"verifies_omis,omitempty"`
	RejectedOmitted int `json:"rejetes_omis,omitempty"`
}

// counters are what the report counts of this reading: every signal,
// those left out included.
func (r SignalsRecord) counters() SignalsCounters {
	return SignalsCounters{SignalsVerified: len(r.Verified) + r.VerifiedOmitted, SignalsRejected: len(r.Rejected) + r.RejectedOmitted,
		SignalsOmitted: r.VerifiedOmitted + r.RejectedOmitted, QuotesRetried: r.Retried, CriticalAdded: r.CriticalAdded}
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
// first, each with its fact (the one Signal.Fact names), shown in reading
// order; then the rejected ones in reading order, within the same budget.
// It counts what it leaves out; the memo reads only the facts kept.
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
	factOf := map[string]facts.Fact{}
	for _, f := range r.Facts {
		factOf[f.ID] = f
	}
	var kept []int
	for _, i := range order {
		s := r.Verified[i]
		if len(kept) < MaxStoredSignals && fits(append(s.Texts(), factOf[s.Fact].Text)...) {
			kept = append(kept, i)
		}
	}
	slices.Sort(kept)
	out.Verified, out.Facts = nil, nil
	for _, i := range kept {
		s := r.Verified[i]
		out.Verified = append(out.Verified, s)
		if f, ok := factOf[s.Fact]; ok {
			out.Facts = append(out.Facts, f)
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

// memoCounters are what the report counts of a memo (memos/{id}, stored
// as the memo package gives it).
func memoCounters(m memo.Result) MemoCounters {
	return MemoCounters{MemoRewrites: m.Rewrites, MemoRefusedAfterRewrite: m.Rewrites > 0 && m.Status != memo.Published}
}

// HandoffRecord is handoffs/{id}: the memo's hand-off and, once a reviewer
// has decided, the resolution.
type HandoffRecord struct {
	memo.Handoff
	Resolution *Resolution `json:"resolution,omitempty"`
}

// pathResolution is the path of HandoffRecord's resolution, which
// TestHandoffPaths checks.
const pathResolution = "resolution"

// Resolution is a reviewer's decision on a hand-off. By is the caller's
// identity as the platform authenticated it, never what a form says.
type Resolution struct {
	Decision Decision  `json:"decision"`
	Comment  string    `json:"commentaire"`
	By       string    `json:"par"`
	At       time.Time `json:"le"`
}

// Decision is what a reviewer decides: one of the three below.
type Decision string

// The decisions.
const (
	Validated Decision = "valide"
	Corrected Decision = "corrige"
	Rejected  Decision = "rejete"
)

// Update is the update recording the resolution in handoffs/{id}, its
// date a timestamp.
func (r Resolution) Update() (firestore.Update, error) {
	f, err := fields(r)
	if err != nil {
		return firestore.Update{}, fmt.Errorf("%s : %w", pathResolution, err)
	}
	return firestore.Update{Path: pathResolution, Value: f}, nil
}
