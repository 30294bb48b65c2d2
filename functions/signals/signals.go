// Package signals is the function that a write of extractions/{id}
// triggers (google.cloud.firestore.document.v1.written): it reads the page
// texts, finds the risk signals, keeps those whose quote is verified on its
// page, and writes signals/{id}, which triggers the memo function.
package signals

import (
	"context"
	"errors"
	"maps"

	"github.com/cloudevents/sdk-go/v2/event"

	"analyste.dev/analyste/functions/platform"
	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/store"
)

// Handler handles extraction documents.
type Handler struct {
	deps *platform.Deps
}

// New returns the handler; deps come from platform.Connect.
func New(deps *platform.Deps) (platform.Handler, error) {
	if deps == nil {
		return nil, errors.New("signals: no dependencies")
	}
	return (&Handler{deps: deps}).Handle, nil
}

// Handle processes one Firestore event on extractions/{id}.
func (h *Handler) Handle(ctx context.Context, e event.Event) error {
	return h.deps.OnDocument(ctx, e, "signals", store.Signaling, h.run)
}

func (h *Handler) run(ctx context.Context, id string) (store.Outcome, error) {
	var o store.Outcome
	var rec pipeline.ExtractionRecord
	if err := h.deps.Store.Get(ctx, store.Extractions, id, &rec); err != nil {
		return o, err
	}
	texts, err := h.deps.Pages.Load(ctx, rec.PageTexts)
	if err != nil {
		return o, err
	}
	sig, err := h.deps.Pipeline.Signals(ctx, rec.Company, texts)
	platform.UsageFields(store.Signaling, sig.Usage, &o)
	if err != nil {
		return o, err
	}
	o.Documents = map[string]any{store.Signals: sig.Record()}
	maps.Copy(o.Report, map[string]any{
		"statut":                      string(store.Memo),
		"compteurs.signaux_verifies":  len(sig.Verified),
		"compteurs.signaux_rejetes":   len(sig.Rejected),
		"compteurs.relance_citations": sig.Retried,
	})
	return o, nil
}
