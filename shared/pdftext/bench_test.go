package pdftext

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"analyste.dev/analyste/shared/dev/fixtures"
)

// BenchmarkPages reads the largest generated test report under testdata/,
// the 100-page Walmart annual report and, where pdfunite is on PATH, the
// real filings joined three times over (550 pages), and reports pages/s.
// Where pdftotext is on PATH it also reports our speed over `pdftotext
// -layout` on the same file (process start included, which dominates on a
// small file), our CPU time over its (cpu/poppler: what a shared machine
// does not blur) and the word agreement with its text: |our words ∩ its
// words| / |its words|, over multisets of whitespace-separated words, and
// the peak memory of a process that reads the file once (this test binary,
// as TestChildPeak) over the bound 2 × pdftotext's + 64 MiB.
func BenchmarkPages(b *testing.B) {
	files := []struct{ name, path string }{
		{"rapport_de_test", largestTestReport(b)},
		{"walmart_100_pages", fixtures.Real(b, "en_walmart_fy2023_annual-report.pdf")},
	}
	if joined, ok := fixtures.JoinedFilings(b, 3); ok {
		files = append(files, struct{ name, path string }{"liasses_reelles_x3", joined})
	}
	for _, f := range files {
		b.Run(f.name, func(b *testing.B) { benchmarkFile(b, f.path) })
	}
}

// cpuTime is the CPU time this process (self) or its waited-for children
// have used.
func cpuTime(who int) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(who, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
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
	start, cpu := time.Now(), cpuTime(syscall.RUSAGE_SELF)
	for range b.N {
		doc, err = Read(ctx, bytes.NewReader(data), int64(len(data)), Limits{})
		if err != nil {
			b.Fatal(err)
		}
	}
	elapsed, ourCPU := time.Since(start), cpuTime(syscall.RUSAGE_SELF)-cpu
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
	start, cpu = time.Now(), cpuTime(syscall.RUSAGE_CHILDREN)
	for range runs {
		text, err = exec.Command("pdftotext", "-layout", path, "-").Output()
		if err != nil {
			b.Fatalf("pdftotext : %v", err)
		}
	}
	poppler := pages * runs / time.Since(start).Seconds()
	popplerCPU := cpuTime(syscall.RUSAGE_CHILDREN) - cpu
	b.ReportMetric(ours/poppler, "speed/poppler")
	b.ReportMetric(float64(ourCPU)/float64(b.N)/(float64(popplerCPU)/runs), "cpu/poppler")
	b.ReportMetric(100*wordAgreement(strings.Join(doc.Texts(), "\n"), string(text)), "%words")

	ourPeak, popplerPeak := childPeak(b, "ours", path), childPeak(b, "poppler", path)
	b.ReportMetric(float64(ourPeak)/(1<<20), "peak-MiB")
	b.ReportMetric(float64(ourPeak)/float64(2*popplerPeak+64<<20), "peak/bound")
}

// childPeakEnv tells TestChildPeak what to read: "ours:FILE" or "poppler:FILE".
const childPeakEnv = "PDFTEXT_PEAK"

// childPeak is the peak resident memory, in bytes, of a process that reads
// path once: this test binary as TestChildPeak, or pdftotext started by it.
// A child started by this process would count this process's memory in its
// peak: Linux keeps the high-water mark of the memory an exec replaces.
func childPeak(b *testing.B, who, path string) int64 {
	child := exec.Command(os.Args[0], "-test.run=^TestChildPeak$", "-test.v")
	child.Env = append(os.Environ(), childPeakEnv+"="+who+":"+path)
	out, err := child.CombinedOutput()
	if err != nil {
		b.Fatalf("lecture dans un processus fils : %v\n%s", err, out)
	}
	_, after, ok := strings.Cut(string(out), peakPrefix)
	kib, err := strconv.ParseInt(strings.Fields(after + " ")[0], 10, 64)
	if !ok || err != nil {
		b.Fatalf("pas de pic mémoire dans la sortie du fils :\n%s", out)
	}
	return kib << 10
}

const peakPrefix = "pic KiB : "

// TestChildPeak is BenchmarkPages's child (see childPeak): it reads the
// file, or has pdftotext read it, and prints the peak memory of that.
func TestChildPeak(t *testing.T) {
	who, path, ok := strings.Cut(os.Getenv(childPeakEnv), ":")
	if !ok {
		t.Skip("lancé par BenchmarkPages dans un processus fils")
	}
	if who == "poppler" {
		cmd := exec.Command("pdftotext", "-layout", path, os.DevNull)
		if err := cmd.Run(); err != nil {
			t.Fatal(err)
		}
		// This process's own peak, below pdftotext's, bounds the error.
		fmt.Printf("%s%d\n", peakPrefix, cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss)
		return
	}
	if _, err := ReadFile(context.Background(), path, Limits{}); err != nil {
		t.Fatal(err)
	}
	fmt.Printf("%s%d\n", peakPrefix, peakRSS(t))
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
