// Package signals is the function that a write of extractions/{id}
// triggers (google.cloud.firestore.document.v1.written): it reads the page
// texts, finds the risk signals, keeps those whose quote is verified on its
// page, and writes signals/{id} (within a document's bounds), which
// triggers the memo function.
package signals

import (
	"context"
	"maps"

	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/platform"
	"analyste.dev/analyste/shared/statements"
	"analyste.dev/analyste/shared/store"
)

// New makes the handler from the instance's dependencies.
var New = platform.DocumentHandler("signals", store.Signaling, run)

func run(ctx context.Context, d *platform.Deps, id string) (store.Outcome, error) {
	var o store.Outcome
	var rec pipeline.ExtractionRecord
	if err := d.Store.Get(ctx, store.Extractions, id, &rec); err != nil {
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
	platform.UsageFields(store.Signaling, sig.Usage, &o)
	if err != nil {
		return o, err
	}
	stored := sig.Record().Bounded()
	o.Documents = map[string]any{store.Signals: stored}
	maps.Copy(o.Report, map[string]any{
		"statut":                      string(store.Memo),
		"compteurs.signaux_verifies":  len(sig.Verified),
		"compteurs.signaux_rejetes":   len(sig.Rejected),
		"compteurs.signaux_omis":      stored.VerifiedOmitted + stored.RejectedOmitted,
		"compteurs.relance_citations": sig.Retried,
	})
	return o, nil
}
