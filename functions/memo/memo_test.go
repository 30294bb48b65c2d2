package memo

import (
	"log/slog"
	"testing"
	"time"

	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/dev/fixtures/pdfs"
	"analyste.dev/analyste/shared/events/eventstest"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/platform"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/statements"
	"analyste.dev/analyste/shared/store/storetest"
)

// The memo function ends the runs: termine with the memo for a report read
// in full, bloque with a hand-off for one whose memo contradicts itself,
// echec when the signals are gone; duplicate deliveries write once.
func TestHandler(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		report     string // under testdata
		deliveries int
		noSignals  bool
		status     schema.Status
		memos      int // memos/{id} writes
		handoffs   int
	}{
		{"published", "ferlac", 1, false, schema.Done, 1, 0},
		{"three deliveries: one memo", "ferlac", 3, false, schema.Done, 1, 0},
		{"blocked: a hand-off", "families/vernet", 1, false, schema.Blocked, 1, 1},
		{"signals missing", "ferlac", 1, true, schema.Failed, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ctx := t.Context()
			doc := pdfs.Read(t, fixtures.Testdata(t, tt.report, "rapport.pdf"))
			p := pipeline.New(nil, pipeline.Options{Limits: pdftext.DefaultLimits()})
			ex, err := p.Extract(ctx, doc)
			if err != nil {
				t.Fatal(err)
			}
			rec := p.Record(ex, len(doc.Pages))
			outcomes := []schema.Outcome{{Status: schema.Running(schema.Signaling), Extraction: &rec}}
			if !tt.noSignals {
				sig, err := p.Signals(ctx, rec.Borrower(), statements.YearsDesc(rec.Years), doc.Texts())
				if err != nil {
					t.Fatal(err)
				}
				stored := sig.Record().Bounded()
				outcomes = append(outcomes, schema.Outcome{Status: schema.Running(schema.Memo), Signals: &stored})
			}
			runs := storetest.New(time.Minute)
			src := schema.Source{Bucket: "depots", Object: tt.name + ".pdf", Generation: 1}
			id, err := runs.Seed(ctx, src, outcomes...)
			if err != nil {
				t.Fatal(err)
			}
			if tt.noSignals {
				// The signals stage taken but its document gone: the memo
				// cannot be written.
				c, err := runs.Claim(ctx, id, schema.Signaling, nil)
				if err != nil {
					t.Fatal(err)
				}
				if err := runs.Complete(ctx, c, schema.Outcome{Status: schema.Running(schema.Memo)}); err != nil {
					t.Fatal(err)
				}
			}
			h, err := New(&platform.Deps{Log: slog.New(slog.DiscardHandler), Store: runs, Pipeline: p})
			if err != nil {
				t.Fatal(err)
			}
			for range tt.deliveries {
				if err := h(ctx, eventstest.Written(schema.Signals, id)); err != nil {
					t.Fatalf("delivery: %v", err)
				}
			}
			var r schema.Report
			if err := runs.Get(ctx, schema.Reports, id, &r); err != nil {
				t.Fatal(err)
			}
			memos, handoffs := runs.Writes(schema.Memos, id), runs.Writes(schema.Handoffs, id)
			if r.Status != tt.status || memos != tt.memos || handoffs != tt.handoffs {
				t.Errorf("status %s, %d memo and %d hand-off writes, failure %+v; want %s, %d, %d",
					r.Status, memos, handoffs, r.Failure, tt.status, tt.memos, tt.handoffs)
			}
			if tt.status == schema.Failed && (r.Failure == nil || r.Failure.Stage != schema.Memo || r.Failure.Reason == "") {
				t.Errorf("failure %+v, want the memo stage's reason", r.Failure)
			}
			if s := r.Steps[schema.Memo]; s.Takes != 1 {
				t.Errorf("memo step %+v, want taken once", s)
			}
		})
	}
}
