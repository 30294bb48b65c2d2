package pipeline_test

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"testing"

	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/locate"
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

// BenchmarkExtractPages runs the extract stage (offline reader, checks,
// ratios, covenants) on reports of 50 to 2 000 pages made from the Ferlac
// test report: its pages, then its pages without a statement again, page
// after page, up to the count. Its ms/page should stay flat: a stage that
// compares every sentence with every page grows with the count.
func BenchmarkExtractPages(b *testing.B) {
	base := fixtures.ReportOf(b, "ferlac")
	data, err := os.ReadFile(base.PDF)
	if err != nil {
		b.Fatal(err)
	}
	p := pipeline.New(nil, pipeline.Options{Limits: pdftext.DefaultLimits()})
	doc, err := p.Read(b.Context(), bytes.NewReader(data), int64(len(data)))
	if err != nil {
		b.Fatal(err)
	}
	statementPages := map[int]bool{}
	for _, pages := range locate.Find(doc) {
		for _, n := range pages {
			statementPages[n] = true
		}
	}
	var filler []pdftext.Page
	for _, pg := range doc.Pages {
		if !statementPages[pg.Number] {
			filler = append(filler, pg)
		}
	}
	for _, n := range []int{50, 100, 500, 2000} {
		long := &pdftext.Document{Pages: slices.Clone(doc.Pages)}
		for i := 0; len(long.Pages) < n; i++ {
			pg := filler[i%len(filler)]
			pg.Number = len(long.Pages) + 1
			long.Pages = append(long.Pages, pg)
		}
		b.Run(fmt.Sprintf("%d_pages", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := p.Extract(b.Context(), long); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(b.Elapsed().Seconds()*1000/float64(b.N*n), "ms/page")
		})
	}
}
