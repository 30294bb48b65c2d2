package signals

import (
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/dev/fixtures/pdfs"
	"analyste.dev/analyste/shared/events/eventstest"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/platform"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/store/storetest"
)

// extracted seeds a run whose extraction of Ferlac's report is done, its
// page texts saved unless lost, and returns the run's id and dependencies.
func extracted(t *testing.T, object string, lost bool) (string, *platform.Deps, *storetest.Runs) {
	t.Helper()
	ctx := t.Context()
	doc := pdfs.Read(t, fixtures.ReportOf(t, "ferlac").PDF)
	p := pipeline.New(nil, pipeline.Options{Limits: pdftext.DefaultLimits()})
	ex, err := p.Extract(ctx, doc)
	if err != nil {
		t.Fatal(err)
	}
	rec := p.Record(ex, len(doc.Pages))
	src := schema.Source{Bucket: "depots", Object: object, Generation: 1}
	pages := &storetest.Pages{}
	if rec.PageTexts, err = pages.Save(ctx, schema.RunID(src), doc.Texts()); err != nil {
		t.Fatal(err)
	}
	if lost {
		rec.PageTexts = "gs://pages/perdu"
	}
	runs := storetest.New(time.Minute)
	id, err := runs.Seed(ctx, src, schema.Outcome{Status: schema.Running(schema.Signaling), Extraction: &rec})
	if err != nil {
		t.Fatal(err)
	}
	return id, &platform.Deps{Log: slog.New(slog.DiscardHandler), Store: runs, Pages: pages, Pipeline: p}, runs
}

func TestHandler(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		deliveries int
		lost       bool // the page texts are gone
		unknown    bool // the event names a run no report holds
		status     schema.Status
		reason     string // in the report's failure
		written    int    // signals/{id} writes
	}{
		{"one delivery", 1, false, false, schema.Running(schema.Memo), "", 1},
		{"three deliveries: one reading, one write", 3, false, false, schema.Running(schema.Memo), "", 1},
		{"page texts lost", 1, true, false, schema.Failed, "", 0},
		{"unknown run", 1, false, true, schema.Running(schema.Signaling), "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			id, deps, runs := extracted(t, strings.ReplaceAll(tt.name, " ", "_")+".pdf", tt.lost)
			h, err := New(deps)
			if err != nil {
				t.Fatal(err)
			}
			target := id
			if tt.unknown {
				target = "0123456789abcdef01234567"
			}
			for range tt.deliveries {
				if err := h(t.Context(), eventstest.Written(schema.Extractions, target)); err != nil {
					t.Fatalf("delivery: %v", err)
				}
			}
			var r schema.Report
			if err := runs.Get(context.Background(), schema.Reports, id, &r); err != nil {
				t.Fatal(err)
			}
			if r.Status != tt.status || runs.Writes(schema.Signals, id) != tt.written {
				t.Errorf("status %s, signals written %d times, failure %+v; want %s, %d", r.Status, runs.Writes(schema.Signals, id), r.Failure, tt.status, tt.written)
			}
			if tt.written == 0 {
				return
			}
			if s := r.Steps[schema.Signaling]; s.Takes != 1 || s.State != schema.StepDone {
				t.Errorf("signals step %+v, want taken once and done", s)
			}
			var sig schema.SignalsRecord
			if err := runs.Get(t.Context(), schema.Signals, id, &sig); err != nil {
				t.Fatal(err)
			}
			if len(sig.Verified) == 0 || len(sig.Facts) != len(sig.Verified) || r.Counters.SignalsVerified != len(sig.Verified) {
				t.Errorf("%d signals verified, %d facts, %d counted", len(sig.Verified), len(sig.Facts), r.Counters.SignalsVerified)
			}
		})
	}
}

// A deleted extraction triggers nothing.
func TestDeletedDocument(t *testing.T) {
	t.Parallel()
	id, deps, runs := extracted(t, "supprime.pdf", false)
	h, err := New(deps)
	if err != nil {
		t.Fatal(err)
	}
	ev := eventstest.Written(schema.Extractions, id)
	if err := ev.SetData("application/protobuf", eventstest.EncodeFirestore(nil, eventstest.Document(schema.Extractions, id))); err != nil {
		t.Fatal(err)
	}
	if err := h(t.Context(), ev); err != nil {
		t.Fatal(err)
	}
	if n := runs.Writes(schema.Signals, id); n != 0 {
		t.Errorf("signals written %d times for a deletion", n)
	}
}
