package signals

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/quotes"
)

// expected is one signal a test report is known to carry: a verified quote
// on page must contain hint once normalised.
type expected struct {
	ID   string `json:"id"`
	Page int    `json:"page"`
	Hint string `json:"indice"`
}

type report struct {
	company  string
	pages    []string
	expected []expected
}

// moduleRoot walks up from the package directory to go.mod.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("go.mod not found above the package")
		}
		dir = parent
	}
}

// loadReport reads testdata/<name>/rapport.pdf at the module root with the
// pipeline's own text extraction, and its truth.json.
func loadReport(t *testing.T, name string) report {
	t.Helper()
	dir := filepath.Join(moduleRoot(t), "testdata", name)
	doc, err := pdftext.ReadFile(context.Background(), filepath.Join(dir, "rapport.pdf"), pdftext.DefaultLimits())
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "truth.json"))
	if err != nil {
		t.Fatal(err)
	}
	var truth struct {
		Company  string     `json:"societe"`
		Expected []expected `json:"signaux_attendus"`
	}
	if err := json.Unmarshal(b, &truth); err != nil {
		t.Fatal(err)
	}
	r := report{company: truth.Company, expected: truth.Expected}
	for _, p := range doc.Pages {
		r.pages = append(r.pages, p.Text())
	}
	return r
}

// found lists the expected signals that some signal of got proves, and
// counts the signals of got that prove none.
func found(got []Signal, want []expected) (hits []string, extra int) {
	used := make([]bool, len(got))
	for _, w := range want {
		hint := quotes.Normalise(w.Hint)
		for i, s := range got {
			if s.Page == w.Page && strings.Contains(quotes.Normalise(s.Quote), hint) {
				hits = append(hits, w.ID)
				used[i] = true
				break
			}
		}
	}
	for _, u := range used {
		if !u {
			extra++
		}
	}
	return hits, extra
}

func TestOfflineReports(t *testing.T) {
	t.Parallel()
	// Ferlac has its own target; every report counts in the 90 % over all.
	tests := []struct {
		name    string
		minHits int
	}{
		{"ferlac", 5},
		{"helvane", 0},
		{"solvea", 0},
	}
	total, hitsAll, returned := 0, 0, 0
	for _, tt := range tests {
		r := loadReport(t, tt.name)
		got := Offline(r.pages)
		verified, rejected := Check(r.pages, got)
		if len(rejected) > 0 || len(verified) != len(got) {
			t.Errorf("%s: Offline returned quotes that do not verify: %+v", tt.name, rejected)
		}
		hits, extra := found(got, r.expected)
		t.Logf("%s: %d/%d expected signals found (%v), %d signals returned, %d matching none", tt.name, len(hits), len(r.expected), hits, len(got), extra)
		if len(hits) < tt.minHits {
			t.Errorf("%s: %d expected signals found, want at least %d", tt.name, len(hits), tt.minHits)
		}
		total += len(r.expected)
		hitsAll += len(hits)
		returned += len(got)
	}
	t.Logf("all reports: recall %d/%d, %d signals returned", hitsAll, total, returned)
	if 10*hitsAll < 9*total {
		t.Errorf("recall %d/%d, want at least 90 %%", hitsAll, total)
	}
}
