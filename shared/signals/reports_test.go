package signals

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/dev/fixtures/pdfs"
	"analyste.dev/analyste/shared/dev/labelled"
	"analyste.dev/analyste/shared/quotes"
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

// labelledSet holds what TestOfflineReports reads of the labelled sets:
// their reader (shared/dev/evaluation/risks) imports this package, which
// its tests therefore cannot import.
type labelledSet struct {
	Sentences []struct {
		Source   string `json:"source"`
		Sentence string `json:"phrase"`
		Risk     bool   `json:"risque"`
	} `json:"phrases"`
}

// projectCorpus is the labelled sets the reader is tuned on, as the
// manifest lists them.
func projectCorpus(t *testing.T) labelledSet {
	t.Helper()
	paths, err := labelled.Paths(filepath.Join(fixtures.Root(t), labelled.Dir), labelled.Tuning)
	if err != nil {
		t.Fatal(err)
	}
	var c labelledSet
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var set labelledSet
		if err := json.Unmarshal(data, &set); err != nil {
			t.Fatal(path, err)
		}
		c.Sentences = append(c.Sentences, set.Sentences...)
	}
	return c
}

// On the course reports the offline reader finds every expected signal,
// quotes no sentence the labelled set calls no risk (policy, audit
// boilerplate, good news, a mitigant alone), tells each risk once, and
// grades the main ones by their exposure.
func TestOfflineReports(t *testing.T) {
	t.Parallel()
	corpus := projectCorpus(t)
	tests := []struct {
		name     string
		severity map[Category]Severity
	}{
		{"ferlac", map[Category]Severity{Covenant: High, CustomerConcentration: High, Liquidity: High, Litigation: Medium, AuditorQualification: High}},
		{"helvane", map[Category]Severity{SupplierDependence: High, KeyPeople: Medium, CurrencyRates: Low}},
		{"solvea", map[Category]Severity{Refinancing: High, GoingConcern: High, Liquidity: High}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := loadReport(t, tt.name)
			got := Offline(r.pages)
			if verified, rejected := Check(r.pages, got); len(rejected) > 0 || len(verified) != len(got) {
				t.Errorf("Offline returned quotes that do not verify: %+v", rejected)
			}
			if hits, _ := Match(got, r.expected); len(hits) != len(r.expected) {
				t.Errorf("%d/%d expected signals found: %v", len(hits), len(r.expected), hits)
			}
			var notRisks []string
			for _, l := range corpus.Sentences {
				if l.Source == tt.name && !l.Risk {
					notRisks = append(notRisks, quotes.Normalise(l.Sentence))
				}
			}
			seen := map[string]bool{}
			categories := map[Category]int{}
			for _, s := range got {
				categories[s.Category]++
				for _, q := range s.allQuotes() {
					norm := quotes.Normalise(q.Quote)
					if q.role != "atténuation" && slices.ContainsFunc(notRisks, func(n string) bool { return strings.Contains(norm, n) }) {
						t.Errorf("%s quotes a sentence that is no risk: %q", s.Category, q.Quote)
					}
					if seen[norm] {
						t.Errorf("%q quoted twice", q.Quote)
					}
					seen[norm] = true
				}
			}
			for c, n := range categories {
				if n > 1 && definitionOf(c).single {
					t.Errorf("%d signals of %s, a risk a report has once", n, c)
				}
			}
			for c, want := range tt.severity {
				i := slices.IndexFunc(got, func(s Signal) bool { return s.Category == c })
				if i < 0 || got[i].Severity != want {
					t.Errorf("%s: no signal graded %s in %+v", c, want, got)
				}
			}
		})
	}
}
