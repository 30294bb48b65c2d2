package pdftext

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"analyste.dev/analyste/shared/dev/fixtures"
)

var updateGolden = flag.Bool("update-golden", false, "rewrite testdata/golden.json from the current reader")

// goldenPath holds, per real filing and test report, the SHA-256 of each
// page's text and error: the reader's output, recorded before the reader was
// made faster, that every change must keep byte for byte.
const goldenPath = "testdata/golden.json"

// TestGoldenText reads every real filing (testdata/real/*/*.pdf) and every
// test report (testdata/*/rapport.pdf, testdata/families/*/rapport.pdf) and
// compares each page with its recorded digest.
func TestGoldenText(t *testing.T) {
	var files []string
	for _, g := range []string{"real/*/*.pdf", "*/rapport.pdf", "families/*/rapport.pdf"} {
		m, err := filepath.Glob(fixtures.Testdata(t, g))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Fatal("aucun document sous testdata/")
	}
	got := map[string][]string{}
	for _, path := range files {
		rel, _ := filepath.Rel(fixtures.Testdata(t), path)
		doc, err := ReadFile(context.Background(), path, Limits{})
		if err != nil {
			t.Fatalf("%s : %v", rel, err)
		}
		for _, p := range doc.Pages {
			text := p.Text()
			if p.Err != nil {
				text += "\x00" + p.Err.Error()
			}
			sum := sha256.Sum256([]byte(text))
			got[rel] = append(got[rel], hex.EncodeToString(sum[:]))
		}
	}
	if *updateGolden {
		out, _ := json.MarshalIndent(got, "", " ")
		if err := os.WriteFile(goldenPath, append(out, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	raw, err := os.ReadFile(goldenPath)
	if err != nil {
		t.Fatalf("%v (go test -run TestGoldenText -update-golden l'écrit)", err)
	}
	var want map[string][]string
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	for rel, pages := range want {
		if _, ok := got[rel]; !ok {
			t.Errorf("%s : absent de testdata/", rel)
		}
		for i, sum := range pages {
			if i >= len(got[rel]) || got[rel][i] != sum {
				t.Errorf("%s page %d : texte changé", rel, i+1)
			}
		}
		if len(got[rel]) != len(pages) {
			t.Errorf("%s : %d pages, %d enregistrées", rel, len(got[rel]), len(pages))
		}
	}
	for rel := range got {
		if _, ok := want[rel]; !ok {
			t.Errorf("%s : pas d'empreinte enregistrée (-update-golden)", rel)
		}
	}
}
