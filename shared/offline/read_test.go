package offline_test

import (
	"context"
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"

	"analyste.dev/analyste/shared/checks"
	"analyste.dev/analyste/shared/fixtures"
	"analyste.dev/analyste/shared/fixtures/pdfs"
	"analyste.dev/analyste/shared/offline"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/statements"
)

// tolerance is the rounding allowed on a field in k€.
const tolerance = 0.05

func read(t *testing.T, path string) statements.Transcription {
	t.Helper()
	tr, err := offline.Read(pdfs.Read(t, path))
	if err != nil {
		t.Fatalf("offline.Read(%s) : %v", path, err)
	}
	return tr
}

func TestReadTestReports(t *testing.T) {
	t.Parallel()
	for _, rep := range fixtures.Reports(t) {
		t.Run(rep.Slug, func(t *testing.T) {
			t.Parallel()
			tr := read(t, rep.PDF)
			if tr.Company != rep.Truth.Company || tr.PrintedUnit != rep.Truth.PrintedUnit {
				t.Errorf("société, unité = %q, %q ; attendu %q, %q", tr.Company, tr.PrintedUnit, rep.Truth.Company, rep.Truth.PrintedUnit)
			}
			r, err := statements.Normalise(tr)
			if err != nil {
				t.Fatalf("Normalise : %v", err)
			}
			if diff := cmp.Diff(rep.Truth.Pages, r.Pages); diff != "" {
				t.Errorf("pages (-vérité +lu) :\n%s", diff)
			}
			exact := 0
			for year, want := range rep.Truth.Years {
				for _, k := range statements.AllKeys() {
					got, gotOK := r.Years[year].Get(k)
					w, wOK := want.Get(k)
					if gotOK != wOK || math.Abs(got-w) > tolerance {
						t.Errorf("%d %s = %v, attendu %v", year, k, got, w)
						continue
					}
					exact++
				}
			}
			t.Logf("%d/%d champs exacts", exact, len(rep.Truth.Years)*len(statements.AllKeys()))
			for _, c := range checks.Identities(r) {
				if !c.OK {
					t.Errorf("contrôle %d %s : %s", c.Year, c.Label, c.Message)
				}
			}
			for _, c := range checks.Subtotals(r) {
				if !c.OK {
					t.Errorf("sous-total %d %s : %s", c.Year, c.Label, c.Message)
				}
			}
		})
	}
}

// printed is an amount as printed (in the table's unit) of the first line of
// a key in a statement, for one year.
type printed struct {
	key  statements.Key
	year int
	want float64
}

func TestReadRealFilings(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		file    string
		company string
		unit    string
		want    []printed
	}{
		{
			name: "splitera", file: "fr_splitera_2022_comptes-annuels.pdf", company: "SPLITERA", unit: "€",
			want: []printed{
				{statements.Key{Statement: statements.Balance, Name: "total_actif"}, 2022, 307055},
				{statements.Key{Statement: statements.Balance, Name: "total_passif"}, 2022, 307055},
				{statements.Key{Statement: statements.Balance, Name: "capitaux_propres"}, 2022, -32966},
				{statements.Key{Statement: statements.Income, Name: "resultat_exploitation"}, 2022, -86645},
				{statements.Key{Statement: statements.Income, Name: "resultat_net"}, 2022, -93056},
			},
		},
		{
			// Cerfa line codes ("096", "110") sit beside the amounts.
			name: "belleville", file: "fr_belleville-technologies_2023_liasse-2033.pdf", company: "BELLEVILLE TECHNOLOGIES", unit: "€",
			want: []printed{
				{statements.Key{Statement: statements.Balance, Name: "total_actif"}, 2023, 14224},
				{statements.Key{Statement: statements.Balance, Name: "total_actif"}, 2022, 1000},
				{statements.Key{Statement: statements.Balance, Name: "total_passif"}, 2023, 14224},
				{statements.Key{Statement: statements.Balance, Name: "tresorerie"}, 2023, 3382},
				{statements.Key{Statement: statements.Income, Name: "chiffre_affaires"}, 2023, 46082},
				{statements.Key{Statement: statements.Income, Name: "resultat_net"}, 2023, -17560},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tr := read(t, fixtures.Real(t, tt.file))
			if tr.Company != tt.company || tr.PrintedUnit != tt.unit {
				t.Errorf("société, unité = %q, %q ; attendu %q, %q", tr.Company, tr.PrintedUnit, tt.company, tt.unit)
			}
			if _, err := statements.Normalise(tr); err != nil {
				t.Errorf("Normalise : %v", err)
			}
			for _, p := range tt.want {
				got, ok := firstAmount(tr, p.key, p.year)
				if !ok || got != p.want {
					t.Errorf("%d %s = %v (trouvé %v), attendu %v", p.year, p.key, got, ok, p.want)
				}
			}
		})
	}
}

func firstAmount(tr statements.Transcription, k statements.Key, year int) (float64, bool) {
	for _, tab := range tr.Tables {
		if tab.Statement != k.Statement {
			continue
		}
		for _, l := range tab.Lines {
			for col, a := range l.Amounts {
				if l.Category == k.Name && tab.Years[col] == year && a != nil {
					return *a, true
				}
			}
		}
	}
	return 0, false
}

func TestTranscribeCancelled(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := (offline.Reader{}).Transcribe(ctx, &pdftext.Document{}); err == nil {
		t.Error("Transcribe sur un contexte annulé : pas d'erreur")
	}
}

func TestReadNoStatement(t *testing.T) {
	t.Parallel()
	doc := &pdftext.Document{Pages: []pdftext.Page{{Number: 1, Lines: []pdftext.Line{{Spans: []pdftext.Span{{Text: "Rapport de gestion"}}}}}}}
	if _, err := offline.Read(doc); err == nil {
		t.Error("document sans état : pas d'erreur")
	}
}
