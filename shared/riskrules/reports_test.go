package riskrules

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"analyste.dev/analyste/shared/dev/evaluation/risks"
	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/dev/fixtures/pdfs"
	"analyste.dev/analyste/shared/dev/labelled"
	"analyste.dev/analyste/shared/quotes"
	"analyste.dev/analyste/shared/signals"
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

// On the course reports the offline reader finds every expected signal,
// quotes no sentence the labelled set calls no risk (policy, audit
// boilerplate, good news, a mitigant alone), tells each risk once, and
// grades the main ones by their exposure.
func TestOfflineReports(t *testing.T) {
	t.Parallel()
	corpus, err := risks.ReadRole(filepath.Join(fixtures.Root(t), labelled.Dir), labelled.Tuning)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		severity map[signals.Category]signals.Severity
	}{
		{"ferlac", map[signals.Category]signals.Severity{signals.Covenant: signals.High, signals.CustomerConcentration: signals.High, signals.Liquidity: signals.High, signals.Litigation: signals.Medium, signals.AuditorQualification: signals.High}},
		{"helvane", map[signals.Category]signals.Severity{signals.SupplierDependence: signals.High, signals.KeyPeople: signals.Medium, signals.CurrencyRates: signals.Low}},
		{"solvea", map[signals.Category]signals.Severity{signals.Refinancing: signals.High, signals.GoingConcern: signals.High, signals.Liquidity: signals.High}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := loadReport(t, tt.name)
			got := Offline(r.pages)
			if verified, rejected := signals.Check(r.pages, got); len(rejected) > 0 || len(verified) != len(got) {
				t.Errorf("Offline returned quotes that do not verify: %+v", rejected)
			}
			if hits, _ := signals.Match(got, r.expected); len(hits) != len(r.expected) {
				t.Errorf("%d/%d expected signals found: %v", len(hits), len(r.expected), hits)
			}
			var notRisks []string
			for _, l := range corpus.Sentences {
				if l.Source == tt.name && !l.Risk {
					notRisks = append(notRisks, quotes.Normalise(l.Sentence))
				}
			}
			seen := map[string]bool{}
			categories := map[signals.Category]int{}
			for _, s := range got {
				categories[s.Category]++
				proofs := len(s.Proofs())
				for i, q := range append(s.Proofs(), s.Mitigants...) {
					norm := quotes.Normalise(q.Quote)
					if i < proofs && slices.ContainsFunc(notRisks, func(n string) bool { return strings.Contains(norm, n) }) {
						t.Errorf("%s quotes a sentence that is no risk: %q", s.Category, q.Quote)
					}
					if seen[norm] {
						t.Errorf("%q quoted twice", q.Quote)
					}
					seen[norm] = true
				}
			}
			for c, n := range categories {
				if n > 1 && vocabularyOf(c).single {
					t.Errorf("%d signals of %s, a risk a report has once", n, c)
				}
			}
			for c, want := range tt.severity {
				i := slices.IndexFunc(got, func(s signals.Signal) bool { return s.Category == c })
				if i < 0 || got[i].Severity != want {
					t.Errorf("%s: no signal graded %s in %+v", c, want, got)
				}
			}
		})
	}
}
