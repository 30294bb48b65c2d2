package viewer

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/statements"
)

// A field the report does not print reads "non imprimé", never 0; an
// optional line shows only where a year prints it.
func TestStatementLinesShowAbsentFields(t *testing.T) {
	t.Parallel()
	y2025 := statements.Year{
		Balance: statements.BalanceSheet{Cash: statements.Amount(12), Inventories: statements.Amount(0), OtherAssets: statements.Amount(3)},
	}
	y2024 := statements.Year{Balance: statements.BalanceSheet{Cash: statements.Amount(7)}}
	e := extractionOf("r1", schema.ExtractionRecord{Years: map[int]statements.Year{2025: y2025, 2024: y2024}}, nil)
	amounts := map[string][]string{}
	for _, sv := range e.Statements {
		for _, l := range sv.Lines {
			for _, a := range l.Amounts {
				amounts[l.Label] = append(amounts[l.Label], a.Text)
			}
		}
	}
	tests := []struct {
		label string
		want  []string
	}{
		{"Trésorerie", []string{"12", "7"}},
		{"Stocks et en-cours", []string{"0", "non imprimé"}},
		{"Dettes fournisseurs", []string{"non imprimé", "non imprimé"}},
		{"Comptes de régularisation actif", []string{"3", "non imprimé"}},
		{"Autres fonds propres, écarts de conversion passif", nil},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, amounts[tt.label]); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.label, diff)
		}
	}
	if !slices.Equal(e.Years, []int{2025, 2024}) {
		t.Errorf("years %v", e.Years)
	}
}
