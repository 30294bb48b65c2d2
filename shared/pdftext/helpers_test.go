package pdftext

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// sharedDir is the reference material beside the module root (../shared):
// CI clones the repository elsewhere.
func sharedDir(t testing.TB) string {
	t.Helper()
	return filepath.Join(moduleRoot(t), "..", "shared")
}

// moduleRoot is the nearest directory above holding go.mod.
func moduleRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("go.mod introuvable")
		}
		dir = parent
	}
}

// fuzzInput parses a "go test fuzz v1" file holding one []byte literal.
func fuzzInput(t testing.TB, path string) []byte {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	header, body, ok := bytes.Cut(raw, []byte("\n"))
	lit := strings.TrimSpace(string(body))
	if !ok || string(header) != "go test fuzz v1" || !strings.HasPrefix(lit, "[]byte(") || !strings.HasSuffix(lit, ")") {
		t.Fatalf("%s : pas un fichier « go test fuzz v1 » d'un []byte", path)
	}
	s, err := strconv.Unquote(lit[len("[]byte(") : len(lit)-1])
	if err != nil {
		t.Fatalf("%s : %v", path, err)
	}
	return []byte(s)
}
