package statementreader_test

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"analyste.dev/analyste/shared/checks"
	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/dev/fixtures/pdfs"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/statementreader"
	"analyste.dev/analyste/shared/statements"
)

// tolerance is the rounding allowed on a field in k€.
const tolerance = 0.05

func read(t *testing.T, path string) statements.Transcription {
	t.Helper()
	tr, err := statementreader.Read(pdfs.Read(t, path))
	if err != nil {
		t.Fatalf("statementreader.Read(%s) : %v", path, err)
	}
	return tr
}

// TestReadTestReports reads the course reports and the generated
// presentation families (liasse, plaquette, € with cents, M€ with N-1 first,
// side-by-side tables, the held-out one) against their truth: company,
// unit, pages, every field exact and none invented, no check failing and
// every check that holds on the truth holding on what was read.
func TestReadTestReports(t *testing.T) {
	t.Parallel()
	for _, rep := range append(fixtures.Reports(t), fixtures.Families(t)...) {
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
			want := fixtures.TruthReport(t, rep.Truth)
			exact := 0
			for _, year := range statements.YearsOfAll(want, r) {
				for _, k := range statements.AllKeys() {
					got, gotOK := r.Years[year].Get(k)
					w, wOK := want.Years[year].Get(k)
					if gotOK != wOK || math.Abs(got-w) > tolerance {
						t.Errorf("%d %s = %v (lu %v), attendu %v (imprimé %v)", year, k, got, gotOK, w, wOK)
						continue
					}
					if wOK {
						exact++
					}
				}
			}
			t.Logf("%d champs exacts", exact)
			for _, c := range checks.Lost(checks.Identities(want), checks.Identities(r)) {
				t.Errorf("contrôle %s : vrai sur la vérité, pas sur la lecture", c)
			}
			for _, c := range append(checks.Identities(r), checks.Subtotals(r)...) {
				if c.Status == checks.Failed {
					t.Errorf("contrôle %d %s : %s", c.Year, c.Label, c.Message)
				}
			}
		})
	}
}

// TestReadRealFilings reads the real French filings the reader was tuned on
// against their truth.json: every field exact, none invented, the checks
// that hold on the truth holding on what was read, the unit printed or
// deduced with its reason. Hyvia is left out: it measures the reader on a
// filing nobody tuned it for.
func TestReadRealFilings(t *testing.T) {
	t.Parallel()
	const cerfaEuros = "formulaire Cerfa 2050 : montants en euros"
	tests := []struct {
		name    string
		file    string
		company string
		deduced string
	}{
		// Comptes annuels "(en euros)": margin captions between the rows.
		{name: "splitera", file: "fr_splitera_2022_comptes-annuels.pdf", company: "SPLITERA"},
		// 2033-A/B: 3-digit line codes beside the amounts; "en Euros" printed.
		{name: "belleville", file: "fr_belleville-technologies_2023_liasse-2033.pdf", company: "BELLEVILLE TECHNOLOGIES"},
		// 2050-2053: no unit printed, closing date in comb boxes.
		{name: "chateaux", file: "fr_compagnie-des-chateaux_2019_liasse-2050.pdf", company: "La Compagnie des Châteaux", deduced: cerfaEuros},
		{name: "boulanger", file: "fr_compagnie-miniere-de-boulanger_2019_liasse-2050.pdf", company: "COMPAGNIE MINIERE DE BOULANGER", deduced: cerfaEuros},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			path := fixtures.Real(t, tt.file)
			truth := fixtures.ReadTruth(t, filepath.Join(filepath.Dir(path), "truth.json"))
			tr := read(t, path)
			if tr.Company != tt.company || tr.PrintedUnit != truth.PrintedUnit || tr.UnitDeduced != tt.deduced {
				t.Errorf("société, unité, unité déduite = %q, %q, %q ; attendu %q, %q, %q",
					tr.Company, tr.PrintedUnit, tr.UnitDeduced, tt.company, truth.PrintedUnit, tt.deduced)
			}
			r, err := statements.Normalise(tr)
			if err != nil {
				t.Fatalf("Normalise : %v", err)
			}
			if diff := cmp.Diff(truth.Pages, r.Pages); diff != "" {
				t.Errorf("pages (-vérité +lu) :\n%s", diff)
			}
			years := map[int]bool{}
			for y := range truth.Years {
				years[y] = true
			}
			for y := range r.Years {
				years[y] = true
			}
			for year := range years {
				for _, k := range statements.AllKeys() {
					got, gotOK := r.Years[year].Get(k)
					want, wantOK := truth.Years[year].Get(k)
					if gotOK != wantOK || math.Abs(got-want) > tolerance {
						t.Errorf("%d %s = %v (lu %v), attendu %v (imprimé %v)", year, k, got, gotOK, want, wantOK)
					}
				}
			}
			readOK := map[string]bool{}
			for _, c := range checks.Identities(r) {
				readOK[fmt.Sprint(c.Year, c.Label)] = c.OK
			}
			for _, c := range checks.Identities(fixtures.TruthReport(t, truth)) {
				if c.OK && !readOK[fmt.Sprint(c.Year, c.Label)] {
					t.Errorf("contrôle %d %s : vrai sur la vérité, faux sur la lecture", c.Year, c.Label)
				}
			}
		})
	}
}

func TestTranscribeCancelled(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := (statementreader.Reader{}).Transcribe(ctx, &pdftext.Document{}); err == nil {
		t.Error("Transcribe sur un contexte annulé : pas d'erreur")
	}
}

func TestReadNoStatement(t *testing.T) {
	t.Parallel()
	doc := &pdftext.Document{Pages: []pdftext.Page{{Number: 1, Lines: []pdftext.Line{{Spans: []pdftext.Span{{Text: "Rapport de gestion"}}}}}}}
	if _, err := statementreader.Read(doc); err == nil {
		t.Error("document sans état : pas d'erreur")
	}
}
