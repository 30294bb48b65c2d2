package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// A command's name reaches it; any other name, the former French ones
// included, is unknown.
func TestDispatch(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, reaches string }{
		{"verify-quote", "verify-quote"},
		{"verifier-citation", ""},
		{"verify-memo", "verify-memo"},
		{"verifier-memo", ""},
		{"verifier", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var stdout, stderr bytes.Buffer
			code := dispatch(context.Background(), []string{tt.name}, &stdout, &stderr)
			unknown := strings.Contains(stderr.String(), "commande inconnue")
			if code != 2 || unknown != (tt.reaches == "") || !strings.Contains(stderr.String(), tt.reaches) {
				t.Errorf("exit %d, stderr:\n%s\nwant the usage of %q", code, stderr.String(), tt.reaches)
			}
		})
	}
}
