package main

import (
	"archive/zip"
	"bytes"
	"path"
	"slices"
	"strings"
	"testing"
)

// buildArchive packs the module as `make package` does, in memory.
func buildArchive(t *testing.T) (root string, files []string, data []byte) {
	t.Helper()
	root, err := moduleRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	if files, err = sourceFiles(root); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := writeZip(&buf, root, files); err != nil {
		t.Fatal(err)
	}
	return root, files, buf.Bytes()
}

func TestArchiveContents(t *testing.T) {
	t.Parallel()
	_, _, data := buildArchive(t)
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range zr.File {
		names = append(names, f.Name)
		if !f.Modified.Equal(modTime) {
			t.Errorf("%s: time %s, want the fixed %s", f.Name, f.Modified, modTime)
		}
	}
	if !slices.IsSorted(names) {
		t.Error("entries are not sorted")
	}
	for _, want := range []string{"go.mod", "go.sum", "analyste.go", "functions/extract/extract.go", "shared/store/store.go"} {
		if !slices.Contains(names, want) {
			t.Errorf("%s missing from the archive", want)
		}
	}
	// Packages the root package does not import: commands, the local chain
	// and its emulators, test fixtures.
	excludedDirs := []string{"cmd", "infra", "testdata", ".ci", "dist", "shared/dev", "shared/model/modeltest", "shared/model/vertextest", "shared/events/eventstest", "shared/store/storetest"}
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") || slices.Contains(strings.Split(path.Dir(n), "/"), "testdata") {
			t.Errorf("%s: tests and test data stay out of the archive", n)
		}
		for _, d := range excludedDirs {
			if strings.HasPrefix(n, d+"/") {
				t.Errorf("%s: %s/ is not needed by the functions", n, d)
			}
		}
	}
}

func TestArchiveIsDeterministic(t *testing.T) {
	t.Parallel()
	_, _, first := buildArchive(t)
	_, _, second := buildArchive(t)
	if !bytes.Equal(first, second) {
		t.Error("two builds of the same sources differ: Terraform would redeploy for nothing")
	}
}
