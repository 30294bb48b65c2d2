package main

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/statements"
)

func TestRunExtract(t *testing.T) {
	t.Parallel()
	reports := fixtures.Reports(t)
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"no file", []string{"--model", "offline"}, 2, "usage : analyste extract"},
		{"unknown reader", []string{"--model", "gpt", reports[0].PDF}, 2, "valeurs possibles vertex ou offline"},
		{"vertex without a project", []string{"--model", "vertex", reports[0].PDF}, 2, "GOOGLE_CLOUD_PROJECT"},
		{"not a PDF", []string{"--model", "offline", fixtures.Testdata(t, "bad", "png_renamed.pdf")}, 1, "n'est pas un PDF"},
		{"no statements", []string{"--model", "offline", fixtures.Real(t, "en_walmart_fy2023_annual-report.pdf")}, 1, "Aucune page d'états financiers"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var stdout, stderr bytes.Buffer
			if code := runExtract(context.Background(), tt.args, &stdout, &stderr); code != tt.code {
				t.Fatalf("code %d, want %d (stderr %q)", code, tt.code, stderr.String())
			}
			if !strings.Contains(stderr.String(), tt.stderr) || stdout.Len() > 0 {
				t.Errorf("stderr %q lacks %q, or stdout not empty", stderr.String(), tt.stderr)
			}
		})
	}
	for _, r := range reports {
		t.Run(r.Slug, func(t *testing.T) {
			t.Parallel()
			stdout := extractOffline(t, r.PDF)
			var got struct {
				statements.Truth
				Checks []struct {
					Status string `json:"statut"`
				} `json:"controles"`
				Attempts []json.RawMessage `json:"tentatives"`
				Prompt   struct {
					Sent  int `json:"caracteres_envoyes"`
					Total int `json:"caracteres_rapport"`
				} `json:"prompt"`
			}
			if err := json.Unmarshal(stdout, &got); err != nil {
				t.Fatal(err)
			}
			want := r.Truth
			want.ExpectedSignals, want.Family = nil, "" // the truth's, not the reading's
			if diff := cmp.Diff(want, got.Truth, cmpopts.EquateApprox(0, 0.05)); diff != "" {
				t.Errorf("%s (-truth +read):\n%s", filepath.Base(r.PDF), diff)
			}
			for _, c := range got.Checks {
				if c.Status != "ok" {
					t.Errorf("check %q", c.Status)
				}
			}
			if len(got.Checks) < 29 || len(got.Attempts) != 1 || got.Prompt.Sent == 0 || got.Prompt.Sent >= got.Prompt.Total {
				t.Errorf("%d checks, %d attempts, prompt %+v", len(got.Checks), len(got.Attempts), got.Prompt)
			}
		})
	}
}

// On real filings (liasses, a plaquette), extract prints the fields the
// forms print and nothing else: the others are missing from the JSON, and
// no check fails.
func TestRunExtractRealFilings(t *testing.T) {
	t.Parallel()
	for _, r := range fixtures.RealFilings(t) {
		t.Run(r.Slug, func(t *testing.T) {
			t.Parallel()
			stdout := extractOffline(t, r.PDF)
			var got struct {
				Years  map[int]map[string]map[string]float64 `json:"exercices"`
				Checks []struct {
					Status  string `json:"statut"`
					Message string `json:"message"`
				} `json:"controles"`
				Deduced string `json:"unite_deduite"`
			}
			if err := json.Unmarshal(stdout, &got); err != nil {
				t.Fatal(err)
			}
			for y, year := range r.Truth.Years {
				for _, k := range statements.AllKeys() {
					want, printed := year.Get(k)
					v, read := got.Years[y][string(k.Statement)][k.Name]
					if printed != read || math.Abs(v-want) > 0.05 {
						t.Errorf("%d %s : read %v (%v), truth %v (%v)", y, k, v, read, want, printed)
					}
				}
			}
			if len(got.Years) != len(r.Truth.Years) {
				t.Errorf("%d years read, truth %d", len(got.Years), len(r.Truth.Years))
			}
			for y, year := range got.Years {
				if _, ok := year["flux_tresorerie"]; ok {
					t.Errorf("%d : a cash-flow table that the filing does not print", y)
				}
			}
			for _, c := range got.Checks {
				if c.Status == "echec" {
					t.Errorf("check failed: %s", c.Message)
				}
			}
			if strings.Contains(r.Truth.Family, "2050") && !strings.Contains(got.Deduced, "Cerfa") {
				t.Errorf("unit deduced %q, want the Cerfa form's reason", got.Deduced)
			}
		})
	}
}

// extractOffline runs `analyste extract --model=offline pdf` and gives its
// standard output, failing the test on a non-zero exit.
func extractOffline(t *testing.T, pdf string) []byte {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := runExtract(context.Background(), []string{"--model=offline", pdf}, &stdout, &stderr); code != 0 {
		t.Fatalf("code %d: %s", code, stderr.String())
	}
	return stdout.Bytes()
}
