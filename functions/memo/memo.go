// Package memo is the function that a write of signals/{id} triggers: it
// writes the credit memo from the run's facts only, verifies it, and ends
// the run: termine when published, bloque or abstention otherwise, with a
// hand-off (handoffs/{id}) for a person.
package memo

import (
	"context"

	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/platform"
	"analyste.dev/analyste/shared/schema"
)

// New makes the handler from the instance's dependencies.
var New = platform.DocumentHandler("memo", schema.Memo, run)

// finalStatus maps the memo's status to the report's.
var finalStatus = map[memo.Status]schema.Status{
	memo.Published: schema.Done,
	memo.Blocked:   schema.Blocked,
	memo.Abstained: schema.Abstention,
}

func run(ctx context.Context, d *platform.Deps, id string) (schema.Outcome, error) {
	var o schema.Outcome
	var ex schema.ExtractionRecord
	if err := d.Store.Get(ctx, schema.Extractions, id, &ex); err != nil {
		return o, err
	}
	var sig schema.SignalsRecord
	if err := d.Store.Get(ctx, schema.Signals, id, &sig); err != nil {
		return o, err
	}
	res, err := d.Pipeline.Memo(ctx, pipeline.MemoInput(ex, sig))
	o.Usage = &res.Usage
	if err != nil {
		return o, err
	}
	o.Status, o.Memo = finalStatus[res.Status], &res
	if res.Handoff != nil {
		o.Handoff = &schema.HandoffRecord{Handoff: *res.Handoff}
	}
	return o, nil
}
