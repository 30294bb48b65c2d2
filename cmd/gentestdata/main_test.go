package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"analyste.dev/analyste/shared/checks"
	"analyste.dev/analyste/shared/statements"
)

func rootDir(t *testing.T) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	root, err := moduleRoot(wd)
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// testdataDir is testdata/<slug>, or testdata/families/<slug> for a family.
func testdataDir(t *testing.T, slug string) string {
	t.Helper()
	return filepath.Join(rootDir(t), "testdata", slug)
}

// companies lists the folders the generator builds: the course reports and
// the presentation families.
func companies(t *testing.T) []string {
	t.Helper()
	dirs, err := companyDirs(rootDir(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(dirs) < 9 {
		t.Fatalf("%d rapports à générer, il en faut au moins 9 (3 du cours, 6 familles)", len(dirs))
	}
	return dirs
}

// The committed PDFs must be what the generator writes today, byte for byte.
func TestCommittedReportsAreCurrent(t *testing.T) {
	t.Parallel()
	for _, dir := range companies(t) {
		slug := filepath.Base(dir)
		t.Run(slug, func(t *testing.T) {
			t.Parallel()
			out := filepath.Join(t.TempDir(), "rapport.pdf")
			if err := generate(dir, out); err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(filepath.Join(dir, "rapport.pdf"))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s/rapport.pdf n’est pas à jour (%d octets générés, %d commités) : lancer make testdata", slug, len(got), len(want))
			}
		})
	}
}

// findLine returns the first line with that label in the company's tables.
func findLine(t *testing.T, c *company, label string) *Line {
	t.Helper()
	for _, p := range c.source.Pages {
		for _, b := range p.Block {
			if b.Table == nil {
				continue
			}
			for i := range b.Table.Lines {
				if b.Table.Lines[i].Label == label {
					return &b.Table.Lines[i]
				}
			}
		}
	}
	t.Fatalf("ligne « %s » introuvable", label)
	return nil
}

// Every truth, the families' first, must hold the accounting identities:
// the readers are measured against it.
func TestTruthsHoldIdentities(t *testing.T) {
	t.Parallel()
	families := 0
	for _, dir := range companies(t) {
		c, err := loadCompany(dir)
		if err != nil {
			t.Fatal(err)
		}
		if filepath.Base(filepath.Dir(dir)) == familiesDir {
			families++
		}
		r, err := statements.FromTruth(c.truth)
		if err != nil {
			t.Fatal(err)
		}
		passed := 0
		for _, ch := range checks.Identities(r) {
			switch ch.Status {
			case checks.Failed:
				t.Errorf("%s : %s", c.slug, ch.Message)
			case checks.Passed:
				passed++
			}
		}
		// Identities 1 to 5 hold every year a report prints a compte de
		// résultat and a bilan.
		if passed < 5*len(c.truth.Years) {
			t.Errorf("%s : %d contrôles vérifiés seulement", c.slug, passed)
		}
	}
	if families < 6 {
		t.Errorf("%d familles de présentation, il en faut 6", families)
	}
}

// editYear changes one year of a company's truth.
func editYear(c *company, year int, edit func(*statements.Year)) {
	y := c.truth.Years[year]
	edit(&y)
	c.truth.Years[year] = y
}

func TestBuildRejectsInconsistentSources(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		slug    string
		mutate  func(t *testing.T, c *company)
		wantErr string
	}{
		{
			name: "split lines do not add up to the key",
			slug: "ferlac",
			mutate: func(t *testing.T, c *company) {
				findLine(t, c, "Emprunts et dettes financières divers").Amounts["2025"] += 1
			},
			wantErr: "les lignes de dettes_financieres totalisent",
		},
		{
			name: "keyed total differs from its lines",
			slug: "ferlac",
			mutate: func(t *testing.T, c *company) {
				findLine(t, c, "Total actif").Sum = []string{"immo"}
			},
			wantErr: "la vérité total_actif vaut",
		},
		{
			name: "amount not printable in M€ with one decimal",
			slug: "helvane",
			mutate: func(t *testing.T, c *company) {
				editYear(c, 2025, func(y *statements.Year) {
					y.Income.Revenue = statements.Amount(*y.Income.Revenue + 50)
					y.Income.Purchases = statements.Amount(*y.Income.Purchases + 50)
				})
			},
			wantErr: "ne s’imprime pas exactement",
		},
		{
			name: "signal clue not on its page",
			slug: "ferlac",
			mutate: func(t *testing.T, c *company) {
				c.truth.ExpectedSignals[0].Page++
			},
			wantErr: "signal covenant",
		},
		{
			name: "statement on another page than the truth says",
			slug: "solvea",
			mutate: func(t *testing.T, c *company) {
				c.truth.Pages.Balance++
			},
			wantErr: "bilan imprimé à partir de la page 9, la vérité dit page 10",
		},
		{
			name: "truth breaks an identity",
			slug: "families/ribaud",
			mutate: func(t *testing.T, c *company) {
				editYear(c, 2025, func(y *statements.Year) { y.Balance.Equity = statements.Amount(*y.Balance.Equity + 100) })
			},
			wantErr: "vérité incohérente : 2025 - total passif = somme des postes",
		},
		{
			name: "statement over two pages whose pages are not joined",
			slug: "families/marechal",
			mutate: func(t *testing.T, c *company) {
				c.source.Pages[6].Block[0].Table.Continued = false
			},
			wantErr: "les lignes de autres_elements_resultat totalisent",
		},
		{
			name: "headers too close to stay apart in the text",
			slug: "families/boissier",
			mutate: func(t *testing.T, c *company) {
				c.source.Pages[2].Block[1].Side[0].Columns[0].Header = "31/12/2024"
			},
			wantErr: "en-tête « 31/12/2024 » trop large",
		},
		{
			name: "unknown way of printing negatives",
			slug: "families/lumen",
			mutate: func(t *testing.T, c *company) {
				c.source.Style.Negatives = "rouge"
			},
			wantErr: "négatifs \"rouge\" inconnus",
		},
		{
			name: "content overflows its page",
			slug: "helvane",
			mutate: func(t *testing.T, c *company) {
				p := &c.source.Pages[6]
				p.Block = append(p.Block, p.Block...)
			},
			wantErr: "le contenu déborde",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c, err := loadCompany(testdataDir(t, tt.slug))
			if err != nil {
				t.Fatal(err)
			}
			tt.mutate(t, &c)
			_, err = build(c)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("build() = %v, veut une erreur contenant %q", err, tt.wantErr)
			}
		})
	}
}

func TestStyleFormat(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		style    Style
		values   []float64
		decimals int
		want     []string
	}{
		{
			name:   "k€ with parentheses and no-break space",
			style:  Style{ThousandsSeparator: "\u00a0", Negatives: "parentheses", Zero: "–"},
			values: []float64{157275, -9702, -812, 0, 1234567},
			want:   []string{"157\u00a0275", "(9\u00a0702)", "(812)", "–", "1\u00a0234\u00a0567"},
		},
		{
			name:   "k€ with minus sign",
			style:  Style{ThousandsSeparator: " ", Negatives: "moins"},
			values: []float64{-9702, 0, 999},
			want:   []string{"-9 702", "0", "999"},
		},
		{
			name:     "€ with cents and a unit after the amount, typographic minus",
			style:    Style{ThousandsSeparator: "\u202f", Negatives: negativeMinusSign, Suffix: "\u00a0€"},
			values:   []float64{1234.56, -4812.9, 0},
			decimals: 2,
			want:     []string{"1\u202f234,56\u00a0€", "\u22124\u202f812,90\u00a0€", "0,00\u00a0€"},
		},
		{
			name:   "no thousands separator, minus after the amount",
			style:  Style{Negatives: negativeTrailing, Zero: zeroBlank},
			values: []float64{1234567, -46, 0},
			want:   []string{"1234567", "46-", "0"},
		},
		{
			name:     "M€ with one decimal",
			style:    Style{ThousandsSeparator: " ", Negatives: "parentheses"},
			values:   []float64{412.6, -0.8, 1234.5, 0},
			decimals: 1,
			want:     []string{"412,6", "(0,8)", "1 234,5", "0,0"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var got []string
			for _, v := range tt.values {
				got = append(got, tt.style.format(v, tt.decimals))
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("format (-want +got):\n%s", diff)
			}
		})
	}
}
