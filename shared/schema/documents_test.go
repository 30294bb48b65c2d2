package schema_test

import (
	"context"
	"reflect"
	"testing"
	"time"

	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/dev/fixtures/pdfs"
	"analyste.dev/analyste/shared/model"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/ratios"
	"analyste.dev/analyste/shared/schema"
)

// outcome runs the three stages offline on a PDF, as the functions do, and
// gathers their documents as they are stored.
func outcome(t *testing.T, path string) schema.Outcome {
	t.Helper()
	ctx := context.Background()
	doc := pdfs.Read(t, path)
	p := pipeline.New(nil, pipeline.Options{Limits: pdftext.DefaultLimits()})
	ex, err := p.Extract(ctx, doc)
	if err != nil {
		t.Fatal(err)
	}
	rec := p.Record(ex, len(doc.Pages))
	sig, err := p.Signals(ctx, rec.Borrower(), ex.Result.Report.YearsDesc(), doc.Texts())
	if err != nil {
		t.Fatal(err)
	}
	stored := sig.Record().Bounded()
	res, err := p.Memo(ctx, pipeline.MemoInput(rec, stored))
	if err != nil {
		t.Fatal(err)
	}
	// What is kept in memory only (json:"-"): the fields behind an alert,
	// the memo's model calls (stored on the report).
	for _, as := range [][]ratios.Alert{rec.Alerts, rec.Divergences} {
		for i := range as {
			as[i].Reads = nil
		}
	}
	res.Usage = model.Usage{}
	o := schema.Outcome{Extraction: &rec, Signals: &stored, Memo: &res}
	if res.Handoff != nil {
		o.Handoff = &schema.HandoffRecord{Handoff: *res.Handoff, Resolution: &schema.Resolution{Decision: schema.Rejected,
			Comment: "relu", By: "ana@example.com", At: time.Date(2026, 3, 30, 9, 15, 0, 0, time.UTC)}}
	}
	return o
}

// Each stage document is stored as its JSON form, numbers as doubles, and
// reads back as it was written.
func TestDocumentsRoundTrip(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, path string
		handoff    bool
	}{
		{"a published memo", fixtures.ReportOf(t, "ferlac").PDF, false},
		{"a memo handed to a person", fixtures.Testdata(t, "bad", "hostile", "evil_company.pdf"), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			o := outcome(t, tt.path)
			docs, err := o.Documents()
			if err != nil {
				t.Fatal(err)
			}
			written := map[string]any{schema.Extractions: o.Extraction, schema.Signals: o.Signals, schema.Memos: o.Memo}
			if tt.handoff {
				written[schema.Handoffs] = o.Handoff
			}
			if len(docs) != len(written) {
				t.Fatalf("%d documents, want %d", len(docs), len(written))
			}
			for _, d := range docs {
				want := written[d.Collection]
				if want == nil {
					t.Errorf("unexpected document in %s", d.Collection)
					continue
				}
				if n := integers(d.Data); n != "" {
					t.Errorf("%s holds the integer %s: stage documents store numbers as doubles", d.Collection, n)
				}
				got := reflect.New(reflect.TypeOf(want).Elem())
				if err := schema.Decode(d.Data, got.Interface()); err != nil {
					t.Fatalf("%s: %v", d.Collection, err)
				}
				if !reflect.DeepEqual(got.Interface(), want) {
					t.Errorf("%s read back differs from what was written", d.Collection)
				}
			}
		})
	}
}

// integers names the first integer in stored data, "" when there is none.
func integers(v any) string {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if n := integers(e); n != "" {
				return k + "." + n
			}
		}
	case []any:
		for _, e := range x {
			if n := integers(e); n != "" {
				return n
			}
		}
	case int, int64:
		return "(entier)"
	}
	return ""
}
