package extract

import (
	"log/slog"
	"os"
	"strings"
	"testing"
	"time"

	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/ocr"
	"analyste.dev/analyste/shared/ocr/ocrtest"
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

// The OCR's word boxes are kept beside the page texts for the pages read
// by OCR, and only for them: Ferlac's mixed scan (its statement pages
// scanned, read here by a stand-in OCR that reads them as Ferlac's text
// PDF prints them) keeps those pages' boxes, each word's box on its page
// and its bytes those of the stored text; Ferlac's text PDF keeps none.
func TestOCRBoxesStored(t *testing.T) {
	t.Parallel()
	source, err := os.ReadFile(fixtures.ReportOf(t, "ferlac").PDF)
	if err != nil {
		t.Fatal(err)
	}
	scan, err := os.ReadFile("../../testdata/scans/ferlac-mixte-200/rapport.pdf")
	if err != nil {
		t.Fatal(err)
	}
	reader := &ocr.Reader{Engine: ocrtest.Printed{Source: source}, Budget: ocr.DefaultBudget()}
	for _, tt := range []struct {
		name    string
		pdf     []byte
		scanned bool
	}{
		{"text PDF", source, false},
		{"mixed scan", scan, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			src := schema.Source{Bucket: "depots", Object: "rapports/ferlac.pdf", Generation: 1}
			u, err := storetest.ServeUpload(t.Context(), src, tt.pdf)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(u.Close)
			runs, pages := storetest.New(time.Minute), &storetest.Pages{}
			h, err := New(Config{Prefix: "rapports/", MaxBytes: 10 << 20}, &platform.Deps{Log: slog.New(slog.DiscardHandler), Storage: u.Client,
				Store: runs, Pages: pages, Pipeline: pipeline.New(nil, pipeline.Options{Limits: pdftext.DefaultLimits(), OCR: reader})})
			if err != nil {
				t.Fatal(err)
			}
			if err := h.Handle(t.Context(), storageEvent(t, src.Object, src.Generation, len(tt.pdf))); err != nil {
				t.Fatal(err)
			}
			var ex schema.ExtractionRecord
			if err := runs.Get(t.Context(), schema.Extractions, schema.RunID(src), &ex); err != nil {
				t.Fatal(err)
			}
			if !tt.scanned {
				if ex.OCRBoxes != "" || len(ex.OCR) != 0 {
					t.Errorf("text PDF: OCR boxes at %q, OCR pages %+v, want none", ex.OCRBoxes, ex.OCR)
				}
				return
			}
			if len(ex.OCR) == 0 {
				t.Fatal("no page read by OCR in the mixed scan")
			}
			texts, err := pages.Load(t.Context(), ex.PageTexts)
			if err != nil {
				t.Fatal(err)
			}
			boxes, err := pages.LoadBoxes(t.Context(), ex.OCRBoxes)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("pages read by OCR: %+v", ex.OCR)
			if len(boxes) != len(ex.OCR) {
				t.Fatalf("%d pages of boxes, want one per OCR page (%d)", len(boxes), len(ex.OCR))
			}
			for i, b := range boxes {
				if b.Page != ex.OCR[i].Page || b.Engine != "ocrtest" || len(b.Words) < 20 {
					t.Errorf("boxes of page %d (engine %q, %d words), want page %d's", b.Page, b.Engine, len(b.Words), ex.OCR[i].Page)
					continue
				}
				text := texts[b.Page-1]
				p, ok := b.Layout(text)
				if !ok {
					t.Errorf("page %d: boxes outside its text", b.Page)
					continue
				}
				for _, g := range p.Glyphs {
					r, c := g.Box, p.CropBox
					if r.X0 < c.X0 || r.X1 > c.X1 || r.Y0 < c.Y0 || r.Y1 > c.Y1 || r.X0 >= r.X1 || strings.TrimSpace(text[g.Start:g.End]) == "" {
						t.Errorf("page %d: word %q boxed at %+v, off its page %+v", b.Page, text[g.Start:g.End], r, c)
						break
					}
				}
			}
		})
	}
}
