package pipeline_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/locate"
	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/ocr"
	"analyste.dev/analyste/shared/ocr/ocrtest"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/pipeline"
)

// The project's own text PDFs print what their text layer says: checked
// against Tesseract's reading of their print, not one figure is withheld
// (each would be a false alarm sent to a person). The test reads one PDF
// of each maker, those where the check's first contact raised false
// alarms (a family's narrow no-break space drawn as a box, a course
// report's dotted zeros, a real liasse's cells); ANALYSTE_CONTROLE_TOUT=oui
// reads every text PDF of testdata (some 5 to 8 minutes here).
func TestTextPDFsPrintedAsRead(t *testing.T) {
	if testing.Short() {
		t.Skip("Tesseract sur des PDF texte : hors de -short")
	}
	engine, err := ocr.NewTesseract()
	if err != nil {
		t.Skip(err)
	}
	patterns := [][]string{{"helvane", "rapport.pdf"}, {"families", "lumen", "rapport.pdf"}, {"real", "belleville", "*.pdf"}, {"engines", "orval", "*.pdf"}}
	if os.Getenv("ANALYSTE_CONTROLE_TOUT") == "oui" {
		patterns = [][]string{{"*", "rapport.pdf"}, {"families", "*", "rapport.pdf"}, {"real", "*", "*.pdf"}, {"engines", "*", "*.pdf"}}
	}
	var paths []string
	for _, pattern := range patterns {
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

// lyingVernet is Vernet's report drawn again by ocrtest.LyingToUnicode,
// the amounts of its statement pages lying when lying is set, and those
// pages.
func lyingVernet(t *testing.T, lying bool) ([]byte, []int) {
	t.Helper()
	ctx := context.Background()
	src, err := os.ReadFile(fixtures.Testdata(t, "families", "vernet", "rapport.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	honest, err := ocrtest.LyingToUnicode(ctx, src)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := pdftext.Read(ctx, bytes.NewReader(honest), int64(len(honest)), pdftext.DefaultLimits())
	if err != nil {
		t.Fatal(err)
	}
	pages := locate.Find(doc).Neighbours(0, len(doc.Pages))
	if len(pages) == 0 || !lying {
		return honest, pages
	}
	data, err := ocrtest.LyingToUnicode(ctx, src, pages...)
	if err != nil {
		t.Fatal(err)
	}
	return data, pages
}

// columnGap is the gap between a page text's columns, amountField an
// amount drawn alone in its column: two digits or more, as the
// cross-check compares them.
var (
	columnGap   = regexp.MustCompile(` {2,}|\n`)
	amountField = regexp.MustCompile(`^\(?\d[\d ,.]*\d\)?$`)
)

// A text PDF whose statement pages print their amounts in a font whose
// ToUnicode swaps 3 and 8 (which pdftext cannot see): read with Tesseract,
// every amount holding a 3 or an 8 there is withheld, told among the text
// the pages do not print, and the report goes to a person; drawn
// honestly, not one figure is withheld.
func TestLyingToUnicodeCrossChecked(t *testing.T) {
	if testing.Short() {
		t.Skip("Tesseract : hors de -short")
	}
	engine, err := ocr.NewTesseract()
	if err != nil {
		t.Skip(err)
	}
	// A loaded machine must not leave pages unchecked: the budget is
	// TestCrossCheckBudgetRecorded's to test.
	p := pipeline.New(nil, pipeline.Options{Limits: pdftext.DefaultLimits(), CrossCheck: true,
		CheckBudget: ocr.Budget{MaxPages: 12, Page: 5 * time.Minute, Document: 10 * time.Minute},
		OCR:         &ocr.Reader{Engine: engine, Budget: ocr.DefaultBudget()}})
	for _, lying := range []bool{false, true} {
		data, pages := lyingVernet(t, lying)
		doc, err := p.Read(context.Background(), bytes.NewReader(data), int64(len(data)))
		if err != nil {
			t.Fatal(err)
		}
		var withheld []string
		var unchecked []int
		for _, pg := range doc.Pages {
			for _, h := range pg.Hidden {
				withheld = append(withheld, fmt.Sprintf("p. %d : %s", pg.Number, h.Text))
			}
			if pg.Unchecked {
				unchecked = append(unchecked, pg.Number)
			}
			if !lying || !slices.Contains(pages, pg.Number) {
				continue
			}
			for _, f := range columnGap.Split(pg.Text(), -1) {
				if amountField.MatchString(f) && strings.ContainsAny(f, "38") {
					t.Errorf("menteur, p. %d : %q lu sans contrôle", pg.Number, f)
				}
			}
		}
		t.Logf("menteur %v : %d chiffres retenus, pages non contrôlées %v", lying, strings.Count(strings.Join(withheld, ""), "(la page imprime"), unchecked)
		issues := strings.Join(pipeline.TextIssues(doc), " ; ")
		res := chainOf(t, doc)
		switch {
		case !lying && len(withheld) > 0:
			t.Errorf("honnête : retenus %q", withheld)
		case lying && (!strings.Contains(issues, string(pdftext.HiddenMisprinted)) || res.Status == memo.Published || res.Handoff == nil):
			t.Errorf("menteur : texte non imprimé %q, statut %s (%s) : veut une personne", issues, res.Status, res.Reason)
		}
	}
}

// A cross-check whose budget reads one page reads the first statement page
// and leaves the others unchecked, and the pages of the quoted sentences
// after them: they are recorded, on the extraction as stored.
func TestCrossCheckBudgetRecorded(t *testing.T) {
	data, pages := lyingVernet(t, false)
	engine := ocrtest.Printed{Source: data}
	p := pipeline.New(nil, pipeline.Options{Limits: pdftext.DefaultLimits(), CrossCheck: true,
		CheckBudget: ocr.Budget{MaxPages: 1, Page: time.Minute, Document: time.Minute},
		OCR:         &ocr.Reader{Engine: engine, Budget: ocr.DefaultBudget()}})
	doc, err := p.Read(context.Background(), bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	ex, err := p.Extract(context.Background(), doc)
	if err != nil {
		t.Fatal(err)
	}
	rec := p.Record(ex, len(doc.Pages))
	if len(pages) < 2 || len(rec.Unchecked) <= len(pages)-1 || !slices.Equal(rec.Unchecked[:len(pages)-1], pages[1:]) {
		t.Errorf("pages non contrôlées %v, veut %v (les pages d'états après la première) puis celles des citations", rec.Unchecked, pages[1:])
	}
}
