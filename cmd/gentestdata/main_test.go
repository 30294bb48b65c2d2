package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"analyste.dev/analyste/shared/statements"
)

func testdataDir(t *testing.T, slug string) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	root, err := moduleRoot(wd)
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(root, "testdata", slug)
}

// The committed PDFs must be what the generator writes today, byte for byte.
func TestCommittedReportsAreCurrent(t *testing.T) {
	t.Parallel()
	for _, slug := range []string{"ferlac", "helvane", "solvea"} {
		t.Run(slug, func(t *testing.T) {
			t.Parallel()
			dir := testdataDir(t, slug)
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
				y := c.truth.Years[2025]
				y.Balance.TotalAssets = statements.Amount(*y.Balance.TotalAssets + 10)
				c.truth.Years[2025] = y
			},
			wantErr: "la vérité total_actif vaut",
		},
		{
			name: "amount not printable in M€ with one decimal",
			slug: "helvane",
			mutate: func(t *testing.T, c *company) {
				y := c.truth.Years[2025]
				y.Income.Revenue = statements.Amount(*y.Income.Revenue + 50)
				y.Income.Purchases = statements.Amount(*y.Income.Purchases + 50)
				c.truth.Years[2025] = y
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
			wantErr: "bilan imprimé page(s) [9]",
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
