// Package signals is the function that a write of extractions/{id}
// triggers (google.cloud.firestore.document.v1.written): it reads the page
// texts, finds the risk signals, keeps those whose quote is verified on its
// page, and writes signals/{id} (within a document's bounds), which
// triggers the memo function.
package signals

import (
	"context"

	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/platform"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/statements"
)

// New makes the handler from the instance's dependencies.
var New = platform.DocumentHandler("signals", schema.Signaling, run)

func run(ctx context.Context, d *platform.Deps, id string) (schema.Outcome, error) {
	var o schema.Outcome
	var rec schema.ExtractionRecord
	if err := d.Store.Get(ctx, schema.Extractions, id, &rec); err != nil {
		return o, err
	}
	var texts []string
	err := d.ReadStorage(ctx, "des textes des pages", func(ctx context.Context) (err error) {
		texts, err = d.Pages.Load(ctx, rec.PageTexts)
		return err
	})
	if err != nil {
		return o, err
	}
	sig, err := d.Pipeline.Signals(ctx, rec.Borrower(), statements.YearsDesc(rec.Years), texts)
	o.Usage = &sig.Usage
	if err != nil {
		return o, err
	}
	facts.MarkQuotes(sig.Facts, rec.OCR)
	stored := sig.Record().Bounded()
	o.Status, o.Signals = schema.Running(schema.Memo), &stored
	return o, nil
}
