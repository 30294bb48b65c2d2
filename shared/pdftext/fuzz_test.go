package pdftext

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"analyste.dev/analyste/shared/dev/fixtures"
)

// FuzzRead: any input gives pages or an error, never a panic or a hang.
// Run: go test -run '^$' -fuzz FuzzRead -fuzztime=20s -fuzzminimizetime=2s ./shared/pdftext
func FuzzRead(f *testing.F) {
	bad := fixtures.Testdata(f, "bad")
	crashers, _ := filepath.Glob(filepath.Join(bad, "fuzz-crashers", "[0-9a-f]*"))
	for _, p := range crashers {
		f.Add(fuzzInput(f, p))
	}
	for _, name := range []string{"bad_Tm_args.pdf", "unbalanced_Q_fpdf.pdf", "cycle_kids.pdf", "cycle_parent.pdf", "huge_count.pdf", "not_pdf.pdf"} {
		data, err := os.ReadFile(filepath.Join(bad, name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	// The hostile files up to MaxBytes below: a larger seed would be
	// refused at once, whatever the mutation.
	hostile, _ := filepath.Glob(filepath.Join(bad, "hostile", "*.pdf"))
	for _, p := range hostile {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		if len(data) <= 1<<20 {
			f.Add(data)
		}
	}
	f.Add(fixture(f, true, "ﬁ’"))
	lim := Limits{MaxBytes: 1 << 20, MaxPages: 50, MaxOpsPerPage: 100_000,
		MaxOps: 1_000_000, MaxGlyphs: 1_000_000, MaxText: 4 << 20, MaxContent: 8 << 20}
	f.Fuzz(func(t *testing.T, data []byte) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		doc, err := Read(ctx, bytes.NewReader(data), int64(len(data)), lim)
		if (doc == nil) == (err == nil) {
			t.Fatalf("doc %v, erreur %v : il faut l'un ou l'autre", doc != nil, err)
		}
		if doc != nil && len(doc.Pages) == 0 {
			t.Fatal("document sans page")
		}
	})
}
