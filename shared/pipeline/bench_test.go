package pipeline_test

import (
	"bytes"
	"os"
	"slices"
	"testing"

	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/pipeline"
)

// BenchmarkChain runs the whole chain in process on each test report with
// the offline readers, as `analyste eval --model offline` does: page text,
// statements and checks, signals, memo with its verification.
func BenchmarkChain(b *testing.B) {
	for _, r := range fixtures.Reports(b) {
		b.Run(r.Slug, func(b *testing.B) {
			data, err := os.ReadFile(r.PDF)
			if err != nil {
				b.Fatal(err)
			}
			p := pipeline.New(nil, pipeline.Options{Limits: pdftext.DefaultLimits()})
			ctx := b.Context()
			pages := 0
			b.ReportAllocs()
			for b.Loop() {
				doc, err := p.Read(ctx, bytes.NewReader(data), int64(len(data)))
				if err != nil {
					b.Fatal(err)
				}
				ex, err := p.Extract(ctx, doc)
				if err != nil {
					b.Fatal(err)
				}
				rep := ex.Result.Report
				sig, err := p.Signals(ctx, rep.Company, rep.YearsDesc(), doc.Texts())
				if err != nil {
					b.Fatal(err)
				}
				if _, err := p.Memo(ctx, memo.Input{Company: rep.Company, Years: rep.YearsDesc(), Facts: append(slices.Clone(ex.Facts), sig.Facts...)}); err != nil {
					b.Fatal(err)
				}
				pages = len(doc.Pages)
			}
			perPage := b.Elapsed().Seconds() / float64(b.N*pages)
			b.ReportMetric(perPage*1000, "ms/page")
			b.ReportMetric(1/perPage, "pages/s")
		})
	}
}
