package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"analyste.dev/analyste/shared/dev/fixtures"
)

// BenchmarkPagesProcess runs `analyste pages` as a person does, in a process
// of its own, on the 100-page Walmart report and, where pdfunite is on PATH,
// on the real filings joined three times over (552 pages). It reports the
// process's peak memory (peak-MiB), its ratio to issue #25's bound, 2 ×
// `pdftotext -layout`'s peak + 64 MiB (peak/bound), and its CPU time over
// pdftotext's (cpu/poppler), start-ups included. The process is this test
// binary running the command (TestChildPages): the CLI's packages, the
// testing package's and the tests' few more.
func BenchmarkPagesProcess(b *testing.B) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		b.Skip("pdftotext absent : pas de borne")
	}
	if _, err := os.Stat("/usr/bin/time"); err != nil {
		b.Skip("/usr/bin/time absent : pas de pic de pdftotext")
	}
	files := []struct{ name, path string }{{"walmart_100_pages", fixtures.Real(b, "en_walmart_fy2023_annual-report.pdf")}}
	if joined, ok := fixtures.JoinedFilings(b, 3); ok {
		files = append(files, struct{ name, path string }{"liasses_reelles_x3", joined})
	}
	for _, f := range files {
		b.Run(f.name, func(b *testing.B) {
			var ours, poppler run
			for b.Loop() {
				ours.add(pagesChild(b, f.path))
				poppler.add(popplerRun(b, f.path))
			}
			b.ReportMetric(float64(ours.peakKiB)/1024, "peak-MiB")
			b.ReportMetric(float64(ours.peakKiB)/float64(2*poppler.peakKiB+64<<10), "peak/bound")
			b.ReportMetric(ours.cpu.Seconds()/poppler.cpu.Seconds(), "cpu/poppler")
		})
	}
}

// run is what one or more runs of a process cost: the largest peak and
// the CPU time summed.
type run struct {
	peakKiB int64
	cpu     time.Duration
}

func (r *run) add(o run) {
	r.peakKiB = max(r.peakKiB, o.peakKiB)
	r.cpu += o.cpu
}

// pagesChildEnv tells TestChildPages the file to print.
const pagesChildEnv = "ANALYSTE_PAGES_CHILD"

// pagesChild runs `analyste pages path` in a child process. Its peak is the
// child's own VmHWM: the rusage of a child started by this process would
// count this process's memory too, as Linux keeps the high-water mark of
// the memory an exec replaces (Go starts children sharing its memory).
func pagesChild(b *testing.B, path string) run {
	child := exec.Command(os.Args[0], "-test.run=^TestChildPages$")
	child.Env = append(os.Environ(), pagesChildEnv+"="+path)
	var stderr strings.Builder
	child.Stderr = &stderr // stdout, the pages, goes to /dev/null
	if err := child.Run(); err != nil {
		b.Fatalf("analyste pages %s : %v\n%s", path, err, stderr.String())
	}
	_, after, _ := strings.Cut(stderr.String(), childPeakPrefix)
	kib, err := strconv.ParseInt(strings.Fields(after + " ")[0], 10, 64)
	if err != nil {
		b.Fatalf("pas de pic mémoire dans la sortie du fils :\n%s", stderr.String())
	}
	return run{kib, child.ProcessState.UserTime() + child.ProcessState.SystemTime()}
}

// popplerRun runs pdftotext -layout on path under GNU time, which forks it
// from its own small memory and prints its peak (%M, KiB).
func popplerRun(b *testing.B, path string) run {
	cmd := exec.Command("/usr/bin/time", "-f", "%M", "pdftotext", "-layout", path, os.DevNull)
	out, err := cmd.CombinedOutput()
	if err != nil {
		b.Fatalf("pdftotext : %v\n%s", err, out)
	}
	lines := strings.Fields(string(out))
	kib, err := strconv.ParseInt(lines[len(lines)-1], 10, 64)
	if err != nil {
		b.Fatalf("pas de pic mémoire de pdftotext :\n%s", out)
	}
	return run{kib, cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()}
}

const childPeakPrefix = "pic KiB : "

// TestChildPages is BenchmarkPagesProcess's child: it prints the pages of
// the file on stdout, as the command does, then its own peak memory on
// stderr.
func TestChildPages(t *testing.T) {
	path := os.Getenv(pagesChildEnv)
	if path == "" {
		t.Skip("lancé par BenchmarkPagesProcess dans un processus fils")
	}
	if code := dispatch(context.Background(), []string{"pages", path}, os.Stdout, os.Stderr); code != 0 {
		t.Fatalf("analyste pages : code %d", code)
	}
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			fmt.Fprintf(os.Stderr, "%s%s\n", childPeakPrefix, strings.TrimSuffix(strings.TrimSpace(v), " kB"))
			return
		}
	}
	t.Fatal("pas de VmHWM dans /proc/self/status")
}
