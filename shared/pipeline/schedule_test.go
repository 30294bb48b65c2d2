package pipeline_test

import (
	"slices"
	"strings"
	"testing"

	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/dev/fixtures/pdfs"
	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/pdftext"
)

// A debt said due within a year that the annexe's maturity schedule
// denies keeps the memo from being published: Ferlac's report lists 9 640 k€
// of its borrowings due within a year; a note added here (an IFRS maturity
// analysis written for this test, its buckets headed "< 1 an", "1 à 5 ans",
// "> 5 ans", totalling the balance sheet's 99 960 k€ of financial debt)
// gives another part within a year, or a loan due within the year exceeds
// it. The same note agreeing with the list changes nothing.
func TestMaturityScheduleContradiction(t *testing.T) {
	t.Parallel()
	base := pdfs.Read(t, fixtures.ReportOf(t, "ferlac").PDF)
	note := func(within, later string, extra ...string) *pdftext.Document {
		lines := append([]string{
			"Note 18 – Échéancier des dettes financières (en milliers d'euros)",
			"Total        < 1 an        1 à 5 ans        > 5 ans",
			"Emprunts bancaires            99 960        " + within + "        " + later + "        22 000",
			"Total dettes financières      99 960        " + within + "        " + later + "        22 000",
		}, extra...)
		page := pdftext.Page{Number: len(base.Pages) + 1}
		for i, l := range lines {
			page.Lines = append(page.Lines, pdftext.Line{Y: 700 - 14*float64(i), Spans: []pdftext.Span{{X0: 50, X1: 50 + 5*float64(len(l)), Size: 10, Text: l}}})
		}
		return &pdftext.Document{Pages: append(slices.Clone(base.Pages), page)}
	}
	tests := []struct {
		name string
		doc  *pdftext.Document
		want string // in the abstention's reason; "" when published
	}{
		{"the note agrees with the list", note("9 640", "68 320"), ""},
		{"the note gives another part within a year", note("6 200", "71 760"), "C-ferlac-liquidite-2 non vérifié"},
		{"a loan due within the year beyond the note's part", note("9 640", "68 320", "Le crédit syndiqué de 18 000 k€ arrive à échéance le 30 juin 2026."), "non vérifié"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res := chainOf(t, tt.doc)
			if tt.want == "" {
				if res.Status != memo.Published {
					t.Errorf("statut %s (%s), veut publie", res.Status, res.Reason)
				}
				return
			}
			if res.Status == memo.Published || !strings.Contains(res.Reason, tt.want) {
				t.Errorf("statut %s (%s), veut abstention ou blocage avec « %s »", res.Status, res.Reason, tt.want)
			}
		})
	}
}
