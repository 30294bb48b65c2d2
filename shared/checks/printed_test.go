package checks

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"analyste.dev/analyste/shared/statements"
)

func TestPrinted(t *testing.T) {
	t.Parallel()
	pages := []string{
		"Rapport de gestion",
		"BILAN ACTIF\nDisponibilités      1 234,50     (980)\nTotal actif   12 000   11 000",
		"Suite\nAutres créances   450   -",
	}
	line := func(label, category string, amounts ...float64) statements.Line {
		l := statements.Line{Label: label, Category: category}
		for _, a := range amounts {
			l.Amounts = append(l.Amounts, statements.Amount(a))
		}
		return l
	}
	table := func(lines ...statements.Line) statements.Transcription {
		return statements.Transcription{Tables: []statements.Table{{Statement: statements.Balance, Page: 2, Years: []int{2025, 2024}, Lines: lines}}}
	}
	tests := []struct {
		name string
		tr   statements.Transcription
		want []string
	}{
		{"as printed, whatever the sign", table(line("Disponibilités", "tresorerie", 1234.5, -980)), nil},
		{"on the page that continues the table", table(line("Autres créances", "autres_actifs_courants", 450, 0)), nil},
		{
			"a sum the reader made",
			table(line("Total actif", "total_actif", 13234.5, 11000)),
			[]string{"2025 - bilan.total_actif : le montant 13 234,5 de la ligne « Total actif » (page 2) n'est imprimé sur aucune page du tableau"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var got []string
			for _, c := range Printed(tt.tr, pages) {
				got = append(got, c.Message)
				if want := (statements.FieldRef{Year: c.Year, Key: statements.Key{Statement: statements.Balance, Name: "total_actif"}}); !cmp.Equal(Reads(c, 0), []statements.FieldRef{want}) {
					t.Errorf("Reads = %v, want %v", Reads(c, 0), want)
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
