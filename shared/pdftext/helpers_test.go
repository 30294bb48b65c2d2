package pdftext

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"testing"
)

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
