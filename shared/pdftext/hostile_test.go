//go:build linux

package pdftext

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"analyste.dev/analyste/shared/dev/fixtures"
)

// Every file of testdata/bad is read in a child process (this test binary
// run again) under the limits of a function: RLIMIT_DATA of 512 MiB (Go's
// runtime reserves more address space than that, so RLIMIT_AS would stop
// it at start; RLIMIT_DATA counts the heap it maps) and a deadline. The
// work is bounded by Limits, not by the clock: the deadline only catches a
// hang, far above what a spent budget takes on a loaded machine (how long
// that is, BenchmarkBudgetSpent measures, against a function's 30 s).
// An abort (fatal out of memory, stack overflow) or a hang only kills the
// child, and the parent reports it.
const (
	childFileEnv  = "PDFTEXT_CHILD_FILE"  // the file, relative to testdata/bad
	childAllocEnv = "PDFTEXT_CHILD_ALLOC" // a control: allocate past the limit
	childMemory   = 512 << 20
	childDeadline = 2 * time.Minute
	childKill     = 3 * time.Minute // the parent's, for a child that ignores its deadline
	childParallel = 2
	resultPrefix  = "RESULTAT-FILS "
)

// hostileCorpus is the "must" column of testdata/bad/README.md for hostile/.
var hostileCorpus = map[string]outcome{
	"xref_prev_loop.pdf":       {err: ErrDamaged},
	"objstm_extends_loop.pdf":  {err: ErrDamaged},
	"xref_one_far.pdf":         {err: ErrDamaged},
	"xrefstream_huge_size.pdf": {err: ErrDamaged},
	"root_is_pages.pdf":        {err: ErrDamaged},
	"self_ref.pdf":             {err: ErrDamaged},
	"bomb_flate_4g.pdf":        {err: ErrTooLarge},
	"bomb_operands.pdf":        {err: ErrTooComplex},
	"bomb_array_operands.pdf":  {err: ErrTooComplex},
	"bomb_glyphs.pdf":          {err: ErrTooComplex},
	"w_array_bomb.pdf":         {err: ErrNoText}, // its ToUnicode is empty
	"cmap_ranges_cpu.pdf":      {err: ErrTooComplex},
	"form_dag.pdf":             {texts: []string{"Hello"}}, // the leaf lies past maxFormDepth
	"form_dag_d10_f2.pdf":      {err: ErrTooComplex},
	"pages_2000_heavy_ops.pdf": {err: ErrTooComplex},
	"pages_2000_glyphs.pdf":    {err: ErrTooComplex},
	"ferlac_text_bomb.pdf":     {err: ErrTooComplex},
	"pages_5000.pdf":           {err: ErrTooLarge},
	"pages_5000_count1.pdf":    {err: ErrTooLarge},
	"huge_line.pdf":            {texts: []string{"Le litige tres long tres long"}},
	"ferlac_huge_line.pdf":     ferlac("Le litige tres long tres long"),
	"ferlac_signals_5.pdf":     ferlac(),
	"ferlac_signals_10.pdf":    ferlac(),
	"ferlac_signals_20.pdf":    ferlac(),
	"ferlac_many_signals.pdf":  ferlac(),
	"ferlac_slow.pdf":          ferlac(), // 95 M operators
	"ferlac_plus_page.pdf":     ferlac(),
	"evil_quotes.pdf":          ferlac(),
	"evil_company.pdf":         ferlac(),
	"company_number.pdf":       ferlac(),
	// Written by hostilegen_test.go (issue #25).
	"keywords_content.pdf":        {texts: []string{"Hello"}, pageErr: ErrTooComplex}, // page 1 refused, page 2 read
	"keywords_cmap.pdf":           {texts: []string{"Hello"}},                         // the map cut short, the encoding reads
	"slanted_glyphs.pdf":          {},                                                 // the glyphs the slant takes off the page are not printed: the few left read
	"contents_repeated.pdf":       {err: ErrTooComplex},
	"do_repeated.pdf":             {texts: []string{"Hello"}},
	"w_repeated.pdf":              {texts: []string{"HH"}},
	"kids_repeated.pdf":           {err: ErrPageTreeLoop},
	"unused_array.pdf":            {err: ErrTooLarge}, // an object of 7.8 MB
	"objstm_encrypted_bomb.pdf":   {err: ErrTooLarge},
	"objstm_encrypted_aes.pdf":    {texts: []string{"Hello"}},
	"objstm_encrypted_widths.pdf": {texts: []string{"HH"}},
}

// ferlac is the outcome of the Ferlac test report with pages added: its
// cover, then more.
func ferlac(more ...string) outcome {
	return outcome{texts: append([]string{"Maison Ferlac", "Rapport annuel 2025"}, more...)}
}

// childResult is what the child reports on its standard output.
type childResult struct {
	Kind  string // the sentinel the error wraps, or "texte"
	Error string
	Pages int
	Bytes int // of text
	// PeakKiB is the child's VmHWM. The parent's rusage Maxrss starts from
	// the parent's own RSS, which the child inherits until exec: it says
	// little of a small file read while other tests run.
	PeakKiB int
}

// badTables gives, per folder of testdata/bad, its files' outcomes.
var badTables = map[string]map[string]outcome{".": badCorpus, "hostile": hostileCorpus}

// wantOf returns the outcome the file rel of testdata/bad must have: from
// its folder's table, any typed one for a fuzz crasher.
func wantOf(rel string) (outcome, bool) {
	dir, name := filepath.Dir(rel), filepath.Base(rel)
	if dir == "fuzz-crashers" {
		return outcome{any: true}, true
	}
	want, ok := badTables[dir][name]
	return want, ok
}

func TestHostileFiles(t *testing.T) {
	if raceEnabled {
		t.Skip("le détecteur de courses ne tient pas dans la limite de mémoire des fils")
	}
	t.Parallel()
	files := badFiles(t, fixtures.Testdata(t, "bad"))
	sem := make(chan struct{}, childParallel)
	t.Run("contrôle : allouer 1 Gio tue le fils", func(t *testing.T) {
		t.Parallel()
		sem <- struct{}{}
		defer func() { <-sem }()
		out, state, _ := runChild(t, childAllocEnv+"=1")
		// The runtime says "out of memory" or "cannot allocate memory" as the
		// limit is met in the heap or in a new mapping: either is the abort.
		if state == nil || state.Success() || !bytes.Contains(out, []byte("fatal error")) && !bytes.Contains(out, []byte("out of memory")) {
			t.Errorf("la limite de mémoire n'arrête pas le fils (%v) :\n%.600s\n%s", state, out, tail(out))
		}
	})
	for _, rel := range files {
		t.Run(rel, func(t *testing.T) {
			t.Parallel()
			sem <- struct{}{}
			defer func() { <-sem }()
			start := time.Now()
			out, state, killed := runChild(t, childFileEnv+"="+rel)
			elapsed := time.Since(start)
			if killed {
				t.Fatalf("fils tué après %v :\n%s", childKill, tail(out))
			}
			res, ok := parseResult(out)
			if state == nil || !state.Success() || !ok || res.Kind == untyped {
				t.Fatalf("le fils a échoué (%v, %q) :\n%s", state, res.Kind, tail(out))
			}
			maxrss := state.SysUsage().(*syscall.Rusage).Maxrss >> 10 // KiB to MiB
			detail := res.Error
			if detail == "" {
				detail = fmt.Sprintf("%d pages, %d octets de texte", res.Pages, res.Bytes)
			}
			t.Logf("%-38s %-16s %6.2f s  pic %3d Mio (Maxrss %3d)  %s", rel, res.Kind, elapsed.Seconds(), res.PeakKiB>>10, maxrss, detail)
		})
	}
}

// badFiles lists the PDFs and fuzz crashers of testdata/bad, relative to
// it, checking that the tables and the folders agree.
func badFiles(t *testing.T, bad string) []string {
	t.Helper()
	var files []string
	seen := map[string]bool{}
	err := filepath.WalkDir(bad, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(bad, path)
		crasher := filepath.Dir(rel) == "fuzz-crashers" && filepath.Ext(rel) == ""
		if filepath.Ext(rel) != ".pdf" && !crasher {
			return nil
		}
		if _, ok := wantOf(rel); !ok {
			t.Errorf("%s : pas d'issue attendue dans la table", rel)
		}
		seen[rel] = true
		files = append(files, rel)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for dir, table := range badTables {
		for name := range table {
			if !seen[filepath.Join(dir, name)] {
				t.Errorf("%s : dans la table, absent du dossier", filepath.Join(dir, name))
			}
		}
	}
	return files
}

// runChild runs TestChildRead with env and returns its output, its state
// and whether the parent had to kill it.
func runChild(t *testing.T, env string) ([]byte, *os.ProcessState, bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), childKill)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestChildRead$", "-test.count=1")
	cmd.Env = append(os.Environ(), env, "GOMAXPROCS=1")
	out, _ := cmd.CombinedOutput()
	return out, cmd.ProcessState, ctx.Err() != nil
}

func parseResult(out []byte) (childResult, bool) {
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if line, ok := strings.CutPrefix(sc.Text(), resultPrefix); ok {
			var r childResult
			return r, json.Unmarshal([]byte(line), &r) == nil
		}
	}
	return childResult{}, false
}

func tail(out []byte) string {
	const keep = 3000
	if len(out) > keep {
		return "…" + string(out[len(out)-keep:])
	}
	return string(out)
}

// TestChildRead is the child's side of TestHostileFiles: it limits its own
// memory, reads one file and checks the outcome in the table.
func TestChildRead(t *testing.T) {
	rel, alloc := os.Getenv(childFileEnv), os.Getenv(childAllocEnv) != ""
	if rel == "" && !alloc {
		t.Skip("lancé par TestHostileFiles dans un processus fils")
	}
	lim := syscall.Rlimit{Cur: childMemory, Max: childMemory}
	if err := syscall.Setrlimit(syscall.RLIMIT_DATA, &lim); err != nil {
		t.Fatalf("setrlimit : %v", err)
	}
	debug.SetMemoryLimit(childMemory * 7 / 8) // the GC works harder before the hard limit
	if alloc {
		// One allocation: the heap's own mapping fails and the runtime says
		// so. Allocated by pieces, the limit may instead be met inside the
		// collector, which Go 1.26 reports as a SIGSEGV in its span queue.
		keep := bytes.Repeat([]byte{1}, 1<<30)
		t.Fatalf("%d Mio alloués sous une limite de %d Mio", len(keep)>>20, childMemory>>20)
	}
	path := filepath.Join(fixtures.Testdata(t, "bad"), rel)
	var data []byte
	if filepath.Dir(rel) == "fuzz-crashers" {
		data = fuzzInput(t, path)
	} else {
		var err error
		if data, err = os.ReadFile(path); err != nil {
			t.Fatal(err)
		}
	}
	want, ok := wantOf(rel)
	if !ok {
		t.Fatalf("%s : pas d'issue attendue dans la table", rel)
	}
	ctx, cancel := context.WithTimeout(context.Background(), childDeadline)
	defer cancel()
	doc, err := Read(ctx, bytes.NewReader(data), int64(len(data)), Limits{})
	res := childResult{Kind: kindOf(err)}
	if err != nil {
		res.Error = err.Error()
	} else {
		res.Pages = len(doc.Pages)
		for _, p := range doc.Pages {
			res.Bytes += len(p.Text())
		}
	}
	res.PeakKiB = peakRSS(t)
	line, _ := json.Marshal(res)
	fmt.Printf("%s%s\n", resultPrefix, line)
	if isContextError(err) {
		t.Fatalf("délai de %v dépassé : %v", childDeadline, err)
	}
	checkResult(t, doc, err, want)
}

// peakRSS reads the process's peak resident memory, in KiB.
func peakRSS(t *testing.T) int {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			kib, err := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
			if err != nil {
				t.Fatalf("VmHWM %q : %v", v, err)
			}
			return kib
		}
	}
	t.Fatal("pas de VmHWM dans /proc/self/status")
	return 0
}

const untyped = "non typée"

// kindOf names the sentinel err wraps, the most specific first.
func kindOf(err error) string {
	if err == nil {
		return "texte"
	}
	kinds := []struct {
		name string
		err  error
	}{
		{"ErrPageTreeLoop", ErrPageTreeLoop}, {"ErrTooManyOps", ErrTooManyOps},
		{"ErrNotPDF", ErrNotPDF}, {"ErrDamaged", ErrDamaged}, {"ErrPasswordRequired", ErrPasswordRequired},
		{"ErrEncryptionUnsupported", ErrEncryptionUnsupported}, {"ErrNoText", ErrNoText},
		{"ErrTooLarge", ErrTooLarge}, {"ErrTooComplex", ErrTooComplex},
		{"DeadlineExceeded", context.DeadlineExceeded}, {"Canceled", context.Canceled},
	}
	for _, k := range kinds {
		if errors.Is(err, k.err) {
			return k.name
		}
	}
	return untyped
}
