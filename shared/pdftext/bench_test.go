package pdftext

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"analyste.dev/analyste/shared/dev/fixtures"
)

// BenchmarkPages reads the largest generated test report under testdata/ and
// the 100-page Walmart annual report, and reports pages/s. Where pdftotext is
// on PATH it also reports our speed over `pdftotext -layout` on the same file
// (process start included, which dominates on a small file) and the word
// agreement with its text: |our words ∩ its words| / |its words|, over
// multisets of whitespace-separated words.
func BenchmarkPages(b *testing.B) {
	files := []struct{ name, path string }{
		{"rapport_de_test", largestTestReport(b)},
		{"walmart_100_pages", fixtures.Real(b, "en_walmart_fy2023_annual-report.pdf")},
	}
	for _, f := range files {
		b.Run(f.name, func(b *testing.B) { benchmarkFile(b, f.path) })
	}
}

// BenchmarkBudgetSpent reads hostile files that spend a whole document
// budget of DefaultLimits (operators, character codes, content bytes): the
// time per read is what a function spends on such a file before refusing
// it, which limits.go promises to keep within a third of its 30 s.
func BenchmarkBudgetSpent(b *testing.B) {
	for _, name := range []string{"pages_2000_heavy_ops.pdf", "pages_2000_glyphs.pdf", "form_dag_d10_f2.pdf"} {
		b.Run(name, func(b *testing.B) {
			data, err := os.ReadFile(filepath.Join(fixtures.Testdata(b, "bad", "hostile"), name))
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				_, err := Read(context.Background(), bytes.NewReader(data), int64(len(data)), Limits{})
				if !errors.Is(err, ErrTooComplex) {
					b.Fatalf("erreur %v, attendu %v", err, ErrTooComplex)
				}
			}
		})
	}
}

func benchmarkFile(b *testing.B, path string) {
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("fichier : %s", path)
	ctx := context.Background()
	var doc *Document
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	start := time.Now()
	for range b.N {
		doc, err = Read(ctx, bytes.NewReader(data), int64(len(data)), Limits{})
		if err != nil {
			b.Fatal(err)
		}
	}
	elapsed := time.Since(start)
	b.StopTimer()
	pages := float64(len(doc.Pages))
	ours := pages * float64(b.N) / elapsed.Seconds()
	b.ReportMetric(ours, "pages/s")

	if _, err := exec.LookPath("pdftotext"); err != nil {
		b.Log("pdftotext absent : ni ratio ni accord")
		return
	}
	const runs = 5
	var text []byte
	start = time.Now()
	for range runs {
		text, err = exec.Command("pdftotext", "-layout", path, "-").Output()
		if err != nil {
			b.Fatalf("pdftotext : %v", err)
		}
	}
	poppler := pages * runs / time.Since(start).Seconds()
	b.ReportMetric(ours/poppler, "speed/poppler")
	b.ReportMetric(100*wordAgreement(strings.Join(doc.Texts(), "\n"), string(text)), "%words")
}

// wordAgreement is |ours ∩ ref| / |ref| over multisets of words.
func wordAgreement(ours, ref string) float64 {
	count := map[string]int{}
	for _, w := range strings.Fields(ours) {
		count[w]++
	}
	refWords := strings.Fields(ref)
	if len(refWords) == 0 {
		return 1
	}
	common := 0
	for _, w := range refWords {
		if count[w] > 0 {
			count[w]--
			common++
		}
	}
	return float64(common) / float64(len(refWords))
}

// largestTestReport is the largest test report, testdata/*/rapport.pdf:
// the damaged and hostile files of testdata/bad are no reports.
func largestTestReport(b *testing.B) string {
	best, size := "", int64(0)
	for _, r := range fixtures.Reports(b) {
		if info, err := os.Stat(r.PDF); err == nil && info.Size() > size {
			best, size = r.PDF, info.Size()
		}
	}
	if best == "" {
		b.Fatal("aucun rapport de test sous testdata/")
	}
	return best
}
