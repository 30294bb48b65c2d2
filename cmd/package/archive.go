package main

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// modTime is every entry's timestamp: a fixed one keeps the archive's bytes,
// hence its MD5, a function of the sources alone.
var modTime = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// moduleRoot is the directory of the go.mod that governs dir.
func moduleRoot(dir string) (string, error) {
	cmd := exec.Command("go", "env", "GOMOD")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		return "", errors.New("not inside a Go module")
	}
	return filepath.Dir(gomod), nil
}

// listed is what `go list -json` says of a package.
type listed struct {
	Dir        string
	EmbedFiles []string
	Module     *struct{ Main bool }
}

// sourceFiles lists, relative to root and slash-separated, go.mod, go.sum
// and the files of the module's packages the root package depends on: every
// non-test .go file of each package's directory, whatever its build
// constraints (the archive is built on Linux, maybe packed elsewhere), and
// the files it embeds. Other packages (commands, the local chain, test
// helpers), test files and testdata/ stay out.
func sourceFiles(root string) ([]string, error) {
	cmd := exec.Command("go", "list", "-deps", "-json=Dir,EmbedFiles,Module", ".")
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list -deps: %w: %s", err, stderr.String())
	}
	files := []string{"go.mod", "go.sum"}
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p listed
		if err := dec.Decode(&p); err != nil {
			return nil, fmt.Errorf("go list -deps: %w", err)
		}
		if p.Module == nil || !p.Module.Main {
			continue
		}
		rel, err := filepath.Rel(root, p.Dir)
		if err != nil {
			return nil, err
		}
		entries, err := os.ReadDir(p.Dir)
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			if name := e.Name(); e.Type().IsRegular() && strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") {
				files = append(files, filepath.ToSlash(filepath.Join(rel, name)))
			}
		}
		for _, f := range p.EmbedFiles {
			files = append(files, filepath.ToSlash(filepath.Join(rel, f)))
		}
	}
	slices.Sort(files)
	return slices.Compact(files), nil
}

// writeZip writes files, read under root, in the given order.
func writeZip(w io.Writer, root string, files []string) error {
	zw := zip.NewWriter(w)
	for _, name := range files {
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(name)))
		if err != nil {
			return err
		}
		h := &zip.FileHeader{Name: name, Method: zip.Deflate, Modified: modTime}
		h.SetMode(0o644)
		fw, err := zw.CreateHeader(h)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if _, err := fw.Write(data); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	return zw.Close()
}

// writeFile writes the archive to path through a temporary file, so that a
// failed run never leaves a truncated archive for Terraform to upload.
func writeFile(path, root string, files []string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".function-source-*.zip")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := writeZip(tmp, root, files); err != nil {
		tmp.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
