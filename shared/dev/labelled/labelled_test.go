package labelled

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The manifest names every set of the folder once, each a file there that
// a README of the folder describes, and every role has a set.
func TestManifest(t *testing.T) {
	t.Parallel()
	dir := filepath.Join("..", "..", "..", Dir)
	entries, err := Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	var readmes strings.Builder
	for _, name := range []string{"README.md", "README-reelles.md"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		readmes.Write(b)
	}
	listed, roles := map[string]bool{}, map[string]int{}
	for _, e := range entries {
		if listed[e.File] {
			t.Errorf("%s listed twice", e.File)
		}
		listed[e.File] = true
		roles[e.Role]++
		if _, err := os.Stat(filepath.Join(dir, e.File)); err != nil {
			t.Errorf("%s: %v", e.File, err)
		}
		if !strings.Contains(readmes.String(), strings.TrimSuffix(e.File, ".json")) {
			t.Errorf("%s: no README of the folder describes it", e.File)
		}
	}
	sets, err := filepath.Glob(filepath.Join(dir, "phrases*.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range sets {
		if !listed[filepath.Base(p)] {
			t.Errorf("%s: a set the manifest does not list", filepath.Base(p))
		}
	}
	for _, r := range Roles {
		if roles[r] == 0 {
			t.Errorf("no %s set", r)
		}
	}
}

func TestReadRefuses(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, manifest string }{
		{"unknown role", "gated phrases.json\n"},
		{"no file", "tuning\n"},
		{"two files", "tuning a.json b.json\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, Manifest), []byte("# ok\n"+tt.manifest), 0o644); err != nil {
				t.Fatal(err)
			}
			if _, err := Read(dir); err == nil || !strings.Contains(err.Error(), "line 2") {
				t.Errorf("Read = %v, want an error naming line 2", err)
			}
		})
	}
	if _, err := Paths(t.TempDir(), "gated"); err == nil {
		t.Error("Paths accepted an unknown role")
	}
}
