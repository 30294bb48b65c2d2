package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// A usage error exits with 2 and prints the usage, before any emulator starts.
func TestUsage(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"sans fichier", nil},
		{"option inconnue", []string{"--inconnue", "a.pdf"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := runLocal(context.Background(), tc.args, &stdout, &stderr); code != 2 {
				t.Fatalf("code %d, attendu 2 ; stderr :\n%s", code, stderr.String())
			}
			if !strings.Contains(stderr.String(), "usage : analyste-local") {
				t.Errorf("pas d'usage sur stderr :\n%s", stderr.String())
			}
		})
	}
}
