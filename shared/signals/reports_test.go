package signals

import (
	"testing"

	"analyste.dev/analyste/shared/fixtures"
	"analyste.dev/analyste/shared/fixtures/pdfs"
	"analyste.dev/analyste/shared/statements"
)

type report struct {
	company  string
	pages    []string
	expected []statements.ExpectedSignal
}

// loadReport reads testdata/<name>/rapport.pdf with the pipeline's own text
// extraction, and its truth.json.
func loadReport(t *testing.T, name string) report {
	t.Helper()
	r := fixtures.ReportOf(t, name)
	return report{company: r.Truth.Company, pages: pdfs.Read(t, r.PDF).Texts(), expected: r.Truth.ExpectedSignals}
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
		hits, extra := Match(got, r.expected)
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
