package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// outsidePointers are paths of the team's folders beside the repository
// (its original spec, notes and corpus), which a clone does not have and
// which read as if they were the repository's own shared/.
var outsidePointers = []string{"../shared", "shared/spec", "shared/notes", "shared/corpus"}

// thisFile names the pointers above and is the one file allowed to.
const thisFile = "cmd/package/docs_test.go"

// docFiles lists the repository's Go, Markdown and Makefile files, relative
// to root, outside hidden folders and dist/.
func docFiles(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			if rel != "." && (strings.HasPrefix(d.Name(), ".") || rel == "dist") {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, ".md") || d.Name() == "Makefile" {
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// Nothing in the repository points outside it: the dictionary and the
// design notes are in docs/.
func TestNoPointerOutsideRepository(t *testing.T) {
	t.Parallel()
	root, err := moduleRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, rel := range docFiles(t, root) {
		if rel == thisFile {
			continue
		}
		b, err := os.ReadFile(filepath.Join(root, rel))
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			for _, p := range outsidePointers {
				if strings.Contains(line, p) {
					t.Errorf("%s:%d points outside the repository (%q): point to docs/ instead", rel, i+1, p)
				}
			}
		}
	}
}

// mdLink is a Markdown link's target: [text](target).
var mdLink = regexp.MustCompile(`\]\(([^)#\s]+)(#[^)]*)?\)`)

// The README stays a first read, and every relative link of the
// repository's Markdown leads to a file of the repository.
func TestReadmeAndDocsLinks(t *testing.T) {
	t.Parallel()
	root, err := moduleRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(readme), "\n"); n > 200 {
		t.Errorf("README.md has %d lines, at most 200: move the detail to docs/", n)
	}
	for _, rel := range docFiles(t, root) {
		if !strings.HasSuffix(rel, ".md") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(root, rel))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range mdLink.FindAllStringSubmatch(string(b), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			if _, err := os.Stat(filepath.Join(root, filepath.Dir(rel), target)); err != nil {
				t.Errorf("%s links to %s, which does not exist", rel, target)
			}
		}
	}
}
