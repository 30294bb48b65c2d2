package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"analyste.dev/analyste/shared/dev/fixtures"
)

func TestRunVerifierCitation(t *testing.T) {
	t.Parallel()
	var ferlac string
	for _, r := range fixtures.Reports(t) {
		if r.Slug == "ferlac" {
			ferlac = r.PDF
		}
	}
	const covenant = "L’emprunt syndiqué de 85 000 k€ est assorti d’un covenant"
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout string
	}{
		{"verified", []string{ferlac, "12", covenant}, 0, "vérifiée\n"},
		{"straight apostrophes and a final period", []string{ferlac, "12", "L'emprunt syndiqué de 85 000 k€ est assorti d'un covenant."}, 0, "vérifiée\n"},
		{"changed number", []string{ferlac, "12", strings.Replace(covenant, "85 000", "58 000", 1)}, 1, "introuvable"},
		{"wrong page", []string{ferlac, "11", covenant}, 1, "page 12"},
		{"page out of range", []string{ferlac, "99", covenant}, 1, "page hors du document"},
		{"too short", []string{ferlac, "12", "covenant"}, 1, "trop courte"},
		{"page not a number", []string{ferlac, "douze", covenant}, 2, ""},
		{"missing quote", []string{ferlac, "12"}, 2, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var stdout, stderr bytes.Buffer
			if code := runVerifyQuote(context.Background(), tt.args, &stdout, &stderr); code != tt.code {
				t.Fatalf("code %d, want %d (stdout %q, stderr %q)", code, tt.code, stdout.String(), stderr.String())
			}
			if !strings.Contains(stdout.String(), tt.stdout) {
				t.Errorf("stdout %q lacks %q", stdout.String(), tt.stdout)
			}
		})
	}
}
