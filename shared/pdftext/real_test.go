package pdftext

import (
	"context"
	"strings"
	"testing"

	"analyste.dev/analyste/shared/dev/fixtures"
)

// The real reports read without error, and their statements carry the check
// values of testdata/real/README.md on the right physical pages.
func TestRealCorpus(t *testing.T) {
	t.Parallel()
	tests := []struct {
		file  string
		pages int
		want  map[int][]string // physical page → text it holds
	}{
		{"en_walmart_fy2023_annual-report.pdf", 100, map[int][]string{
			56: {"Consolidated Statements of Income", "Consolidated net income", "11,292"},
			58: {"Consolidated Balance Sheets", "Total assets", "243,197"},
			60: {"Consolidated Statements of Cash Flows", "Net cash provided by operating activities", "28,841"},
		}},
		{"fr_splitera_2022_comptes-annuels.pdf", 8, map[int][]string{
			4: {"Bilan actif", "307 055"},
			5: {"Bilan passif", "TOTAL PASSIF", "307 055", "-93 056"},
		}},
		{"fr_belleville-technologies_2023_liasse-2033.pdf", 16, map[int][]string{
			4: {"BILAN SIMPLIFIÉ", "Total général (I + II + III)", "14 224", "1 000"},
			5: {"46 082", "63 642", "(17 560)"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			t.Parallel()
			path := fixtures.Real(t, tt.file)
			doc, err := ReadFile(context.Background(), path, Limits{})
			if err != nil {
				t.Fatalf("ReadFile : %v", err)
			}
			if len(doc.Pages) != tt.pages {
				t.Fatalf("%d pages, attendu %d", len(doc.Pages), tt.pages)
			}
			for _, p := range doc.Pages {
				if p.Err != nil {
					t.Errorf("page %d : %v", p.Number, p.Err)
				}
			}
			for num, texts := range tt.want {
				page := doc.Pages[num-1].Text()
				for _, s := range texts {
					if !strings.Contains(page, s) {
						t.Errorf("page %d : %q absent", num, s)
					}
				}
			}
		})
	}
}

// A statement row is one line: label then amounts, columns split on 2+ spaces.
func TestRealStatementRows(t *testing.T) {
	t.Parallel()
	path := fixtures.Real(t, "en_walmart_fy2023_annual-report.pdf")
	doc, err := ReadFile(context.Background(), path, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{
		"Total revenues":          {"611,289", "572,754", "559,151"},
		"Consolidated net income": {"11,292", "13,940", "13,706"},
		"Interest income":         {"(254)", "(158)", "(121)"},
	}
	for _, l := range strings.Split(doc.Pages[55].Text(), "\n") {
		cols := columnSep.Split(l, -1)
		if amounts, ok := want[cols[0]]; ok {
			if got := strings.Join(cols[1:], "|"); got != strings.Join(amounts, "|") {
				t.Errorf("%q : colonnes %q, attendu %q", cols[0], cols[1:], amounts)
			}
			delete(want, cols[0])
		}
	}
	for label := range want {
		t.Errorf("ligne %q absente de la page 56", label)
	}
}
