package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"analyste.dev/analyste/shared/dev/fixtures"
)

func TestRunPages(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	notPDF := filepath.Join(dir, "note.pdf")
	if err := os.WriteFile(notPDF, []byte("ceci n'est pas un PDF"), 0o600); err != nil {
		t.Fatal(err)
	}
	bad := fixtures.Testdata(t, "bad")
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout []string // substrings, in order
		stderr string
	}{
		{"no argument", nil, 2, nil, "usage : analyste pages"},
		{"two arguments", []string{"a.pdf", "b.pdf"}, 2, nil, "usage : analyste pages"},
		{"missing file", []string{filepath.Join(dir, "absent.pdf")}, 1, nil, "absent.pdf"},
		{"not a PDF", []string{notPDF}, 1, nil, "n'est pas un PDF"},
		{"password", []string{filepath.Join(bad, "enc_aes128_userpw.pdf")}, 1, nil, "mot de passe"},
		{"readable", []string{filepath.Join(bad, "merged_fpdf_lo.pdf")}, 0,
			[]string{"=== page 1 / 6 ===\n", "Chiffre d’affaires", "=== page 6 / 6 ===\n"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var stdout, stderr bytes.Buffer
			code := runPages(context.Background(), tt.args, &stdout, &stderr)
			if code != tt.code {
				t.Errorf("code %d, attendu %d (stderr %q)", code, tt.code, stderr.String())
			}
			out := stdout.String()
			for _, s := range tt.stdout {
				i := strings.Index(out, s)
				if i < 0 {
					t.Fatalf("%q absent de la sortie :\n%s", s, stdout.String())
				}
				out = out[i+len(s):]
			}
			if tt.stderr == "" && stderr.Len() > 0 || !strings.Contains(stderr.String(), tt.stderr) {
				t.Errorf("stderr %q ne contient pas %q", stderr.String(), tt.stderr)
			}
		})
	}
}
