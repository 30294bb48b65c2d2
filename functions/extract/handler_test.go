package extract

import (
	"log/slog"
	"os"
	"strings"
	"testing"
	"time"

	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/platform"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/store/storetest"
)

// The handler on the store's and Cloud Storage's stand-ins, without a
// model (the offline reader): a report extracted once however often its
// event comes, objects that are no report ignored, a file that is no PDF
// or is gone by the read ended with a reason a person can act on.
func TestHandlerOnFakes(t *testing.T) {
	t.Parallel()
	pdf, err := os.ReadFile(fixtures.ReportOf(t, "ferlac").PDF)
	if err != nil {
		t.Fatal(err)
	}
	const gen = 7
	tests := []struct {
		name       string
		object     string // the event's
		generation int64  // the event's; the bucket holds gen of rapports/ferlac.pdf
		deliveries int
		status     schema.Status // "" when no report may be written
		reason     string        // in the report's failure
		reads      int
	}{
		{"one delivery", "rapports/ferlac.pdf", gen, 1, schema.Running(schema.Signaling), "", 1},
		{"three deliveries, one extraction", "rapports/ferlac.pdf", gen, 3, schema.Running(schema.Signaling), "", 1},
		{"outside the prefix", "autres/ferlac.pdf", gen, 1, "", "", 0},
		{"not a PDF", "rapports/ferlac.txt", gen, 1, schema.Failed, "PDF", 0},
		{"replaced before the read", "rapports/ferlac.pdf", gen + 1, 1, schema.Failed, "supprimé ou remplacé", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			u, err := storetest.ServeUpload(t.Context(), schema.Source{Bucket: "depots", Object: "rapports/ferlac.pdf", Generation: gen}, pdf)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(u.Close)
			runs, pages := storetest.New(time.Minute), &storetest.Pages{}
			h, err := New(Config{Prefix: "rapports/", MaxBytes: 10 << 20}, &platform.Deps{Log: slog.New(slog.DiscardHandler), Storage: u.Client,
				Store: runs, Pages: pages, Pipeline: pipeline.New(nil, pipeline.Options{Limits: pdftext.DefaultLimits()})})
			if err != nil {
				t.Fatal(err)
			}
			ev := storageEvent(t, tt.object, tt.generation, len(pdf))
			for range tt.deliveries {
				if err := h.Handle(t.Context(), ev); err != nil {
					t.Errorf("Handle: %v", err)
				}
			}
			id := schema.RunID(schema.Source{Bucket: "depots", Object: tt.object, Generation: tt.generation})
			var r schema.Report
			err = runs.Get(t.Context(), schema.Reports, id, &r)
			if tt.status == "" {
				if err == nil {
					t.Errorf("a report was written for %s", tt.object)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if r.Status != tt.status {
				t.Errorf("status %q, want %q (failure %+v)", r.Status, tt.status, r.Failure)
			}
			if tt.reason != "" && (r.Failure == nil || !strings.Contains(r.Failure.Reason, tt.reason)) {
				t.Errorf("failure %+v, want a reason saying %q", r.Failure, tt.reason)
			}
			if got := u.Reads(); got != tt.reads {
				t.Errorf("%d reads of the upload, want %d", got, tt.reads)
			}
			if tt.status == schema.Running(schema.Signaling) {
				var ex schema.ExtractionRecord
				if err := runs.Get(t.Context(), schema.Extractions, id, &ex); err != nil {
					t.Fatal(err)
				}
				if n := runs.Writes(schema.Extractions, id); n != 1 {
					t.Errorf("extractions/%s written %d times, want once", id, n)
				}
				if texts, err := pages.Load(t.Context(), ex.PageTexts); err != nil || len(texts) == 0 {
					t.Errorf("page texts at %q: %d pages, %v", ex.PageTexts, len(texts), err)
				}
			}
		})
	}
}
