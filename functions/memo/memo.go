// Package memo is the function that a write of signals/{id} triggers: it
// writes the credit memo from the run's facts only, verifies it, and ends
// the run: termine when published, bloque or abstention otherwise, with a
// hand-off (handoffs/{id}) for a person.
package memo

import (
	"context"
	"maps"
	"slices"

	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/platform"
	"analyste.dev/analyste/shared/statements"
	"analyste.dev/analyste/shared/store"
)

// New makes the handler from the instance's dependencies.
var New = platform.DocumentHandler("memo", store.Memo, run)

// finalStatus maps the memo's status to the report's.
var finalStatus = map[memo.Status]string{
	memo.Published: store.Done,
	memo.Blocked:   store.Blocked,
	memo.Abstained: store.Abstention,
}

func run(ctx context.Context, d *platform.Deps, id string) (store.Outcome, error) {
	var o store.Outcome
	var ex pipeline.ExtractionRecord
	if err := d.Store.Get(ctx, store.Extractions, id, &ex); err != nil {
		return o, err
	}
	var sig pipeline.SignalsRecord
	if err := d.Store.Get(ctx, store.Signals, id, &sig); err != nil {
		return o, err
	}
	res, err := d.Pipeline.Memo(ctx, memo.Input{Company: ex.Borrower(), Issues: pipeline.MemoIssues(ex.CompanyIssue, sig.Rejected),
		Years: statements.YearsDesc(ex.Years), Facts: append(slices.Clone(ex.Facts), sig.Facts...)})
	platform.UsageFields(store.Memo, res.Usage, &o)
	if err != nil {
		return o, err
	}
	o.Documents = map[string]any{store.Memos: res}
	if res.Handoff != nil {
		o.Documents[store.Handoffs] = res.Handoff
	}
	maps.Copy(o.Report, map[string]any{
		"statut":                                 finalStatus[res.Status],
		"compteurs.reecritures_memo":             res.Rewrites,
		"compteurs.memo_refuse_apres_reecriture": res.Rewrites > 0 && res.Status != memo.Published,
	})
	return o, nil
}
