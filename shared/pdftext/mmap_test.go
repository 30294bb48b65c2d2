//go:build linux

package pdftext

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"analyste.dev/analyste/shared/dev/fixtures"
)

// TestMappedSameDocument reads each real filing and each damaged file of
// testdata/bad (its top folder: the repairs) mapped (ReadFile, ReadPage on
// the file) and from memory: the outcomes must be the same. They are
// compared after the mapping is undone, so a string or slice of the result
// left pointing into it would fault here and fail the test.
func TestMappedSameDocument(t *testing.T) {
	var files []string
	for _, g := range [][]string{{"real", "*", "*.pdf"}, {"bad", "*.pdf"}} {
		m, err := filepath.Glob(fixtures.Testdata(t, g...))
		if err != nil || len(m) == 0 {
			t.Fatalf("aucun fichier %v (%v)", g, err)
		}
		files = append(files, m...)
	}
	sameErr := cmp.Comparer(func(a, b error) bool { return fmt.Sprint(a) == fmt.Sprint(b) })
	ctx := context.Background()
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			if len(data) > 0 {
				m, ok := mapFile(f, int64(len(data)))
				if !ok {
					t.Fatal("le fichier n'est pas projeté : le test ne lit que la copie")
				}
				m.unmap()
			}
			type outcome struct {
				Doc *Document
				Err error
			}
			var mapped, copied outcome
			mapped.Doc, mapped.Err = ReadFile(ctx, path, Limits{})
			copied.Doc, copied.Err = Read(ctx, bytes.NewReader(data), int64(len(data)), Limits{})
			if d := cmp.Diff(copied, mapped, sameErr); d != "" {
				t.Fatalf("projeté ≠ en mémoire (-mémoire +projeté) :\n%s", d)
			}
			if copied.Doc == nil {
				return
			}
			last := len(copied.Doc.Pages)
			var onFile, inMemory outcome
			onFile.Doc, onFile.Err = readPageDoc(ReadPage(ctx, f, int64(len(data)), Limits{}, last))
			inMemory.Doc, inMemory.Err = readPageDoc(ReadPage(ctx, bytes.NewReader(data), int64(len(data)), Limits{}, last))
			if d := cmp.Diff(inMemory, onFile, sameErr); d != "" {
				t.Errorf("page %d projetée ≠ en mémoire :\n%s", last, d)
			}
		})
	}
}

// readPageDoc is ReadPage's page as a document of one, for comparing.
func readPageDoc(p *Page, err error) (*Document, error) {
	if p == nil {
		return nil, err
	}
	return &Document{Pages: []Page{*p}}, err
}

// truncatingCtx cuts its file to nothing at its n-th Err call, as another
// program would: the reading asks before each page and at each of the
// library's reads, so n places the cut anywhere in the reading.
type truncatingCtx struct {
	context.Context
	f        *os.File
	n, calls int
	err      error // the cut's
}

func (c *truncatingCtx) Err() error {
	if c.calls++; c.calls == c.n {
		c.err = os.Truncate(c.f.Name(), 0)
	}
	return c.Context.Err()
}

// TestMappedFileTruncated cuts the file short while it is read through its
// mapping, early (the structure's checks), midway and late (the pages): the
// fault that follows must end the reading with ErrFileChanged, explained,
// not abort the process.
func TestMappedFileTruncated(t *testing.T) {
	src := fixtures.Real(t, "en_walmart_fy2023_annual-report.pdf")
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	open := func(t *testing.T) *os.File {
		path := filepath.Join(t.TempDir(), "rapport.pdf")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		return f
	}
	count := &truncatingCtx{Context: context.Background(), f: open(t)}
	if _, err := Read(count, count.f, int64(len(data)), Limits{}); err != nil {
		t.Fatal(err)
	}
	for _, at := range []struct {
		name string
		n    int
	}{{"au début", 2}, {"au milieu", count.calls / 2}, {"à la fin", count.calls * 9 / 10}} {
		t.Run(at.name, func(t *testing.T) {
			ctx := &truncatingCtx{Context: context.Background(), f: open(t), n: at.n}
			doc, err := Read(ctx, ctx.f, int64(len(data)), Limits{})
			if ctx.calls < at.n || ctx.err != nil {
				t.Fatalf("%d appels, la coupe au %d-ième n'a pas eu lieu (%v)", ctx.calls, at.n, ctx.err)
			}
			t.Logf("%d appels sur %d : %v", at.n, count.calls, err)
			if !errors.Is(err, ErrFileChanged) || doc != nil || Reason(err) == "" {
				t.Fatalf("doc %v, erreur %v : attendu ErrFileChanged, expliquée", doc != nil, err)
			}
		})
	}
}

// TestMapFileFallback: what cannot be mapped is read into memory.
func TestMapFileFallback(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "vide.pdf")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	short := filepath.Join(dir, "court.pdf")
	if err := os.WriteFile(short, []byte("%PDF-1.4\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	openFile := func(path string) *os.File {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		return f
	}
	for _, tt := range []struct {
		name string
		f    *os.File
		size int64
	}{
		{"fichier vide", openFile(empty), 0},
		{"plus court que la taille dite", openFile(short), 100},
		{"tube", r, 100},
		{"périphérique", openFile(os.DevNull), 100},
		{"dossier", openFile(dir), 100},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if m, ok := mapFile(tt.f, tt.size); ok {
				m.unmap()
				t.Fatal("projeté")
			}
		})
	}
	if _, err := ReadFile(context.Background(), empty, Limits{}); !errors.Is(err, ErrNotPDF) {
		t.Errorf("fichier vide : %v, attendu ErrNotPDF", err)
	}
	if _, err := Read(context.Background(), openFile(short), 100, Limits{}); err == nil {
		t.Error("fichier plus court que sa taille : lu sans erreur")
	}
}
