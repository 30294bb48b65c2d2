package pipeline_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/ocr"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/pipeline"
)

// The project's own text PDFs print what their text layer says: checked
// against Tesseract's reading of their print, not one figure is withheld
// (each would be a false alarm sent to a person).
func TestTextPDFsPrintedAsRead(t *testing.T) {
	if testing.Short() {
		t.Skip("Tesseract sur chaque PDF texte : hors de -short")
	}
	engine, err := ocr.NewTesseract()
	if err != nil {
		t.Skip(err)
	}
	var paths []string
	for _, pattern := range [][]string{{"*", "rapport.pdf"}, {"families", "*", "rapport.pdf"}, {"real", "*", "*.pdf"}, {"engines", "*", "*.pdf"}} {
		found, err := filepath.Glob(fixtures.Testdata(t, pattern...))
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, found...)
	}
	p := pipeline.New(nil, pipeline.Options{Limits: pdftext.DefaultLimits(), CrossCheck: true,
		OCR: &ocr.Reader{Engine: engine, Budget: ocr.DefaultBudget()}})
	total := 0
	for _, path := range paths {
		start := time.Now()
		doc, err := p.ReadFile(context.Background(), path)
		if err != nil {
			t.Errorf("%s : %v", path, err)
			continue
		}
		withheld, told, unchecked := 0, []string{}, []int{}
		for _, pg := range doc.Pages {
			for _, h := range pg.Hidden {
				if h.Reason == pdftext.HiddenMisprinted {
					withheld += strings.Count(h.Text, "(la page imprime")
					told = append(told, fmt.Sprintf("p. %d : %s", pg.Number, h.Text))
				}
			}
			if pg.Unchecked {
				unchecked = append(unchecked, pg.Number)
			}
		}
		total += withheld
		rel, _ := filepath.Rel(fixtures.Testdata(t), path)
		t.Logf("%s : %.1f s, %d chiffre(s) retenu(s), pages non contrôlées %v %q", rel, time.Since(start).Seconds(), withheld, unchecked, told)
	}
	if total > 0 {
		t.Errorf("%d chiffres retenus sur des PDF honnêtes", total)
	}
}
