package ocr

import (
	"bytes"
	"context"
	"errors"
	"os"
	"regexp"
	"strings"
	"testing"

	"analyste.dev/analyste/shared/pdftext"
)

// tesseract is the engine `make deps` installs; a test that needs it fails
// in CI without it and skips elsewhere, saying so.
func tesseract(t *testing.T) *Tesseract {
	t.Helper()
	if testing.Short() {
		t.Skip("OCR par tesseract : pas en -short")
	}
	e, err := NewTesseract()
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%v", err)
		}
		t.Skipf("%v", err)
	}
	return e
}

// amounts are the thousands-grouped amounts of a page's text.
var amounts = regexp.MustCompile(`\d{1,3}(?: \d{3})+`)

// The statement page of a scan (testdata/scans/garnier-300, page 1) reads
// as its source's text layer does: the amounts it prints are found, in
// rows, and every word has a box on the page and a confidence.
func TestTesseractReadsAScannedStatement(t *testing.T) {
	e := tesseract(t)
	ctx := context.Background()
	src, err := pdftext.ReadFile(ctx, "../../testdata/engines/garnier/rapport.pdf", pdftext.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("../../testdata/scans/garnier-300/rapport.pdf")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := pdftext.ReadScanned(ctx, bytes.NewReader(data), int64(len(data)), pdftext.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	doc.Pages = doc.Pages[:1]
	if err := (Reader{Engine: e, Budget: DefaultBudget()}).Fill(ctx, data, doc); err != nil {
		t.Fatal(err)
	}
	page := doc.Pages[0]
	if page.Err != nil || page.OCR == nil || page.OCR.Engine != "tesseract" {
		t.Fatalf("page 1 : %v %+v", page.Err, page.OCR)
	}
	text := page.Text()
	want := amounts.FindAllString(src.Pages[0].Text(), -1)
	found := 0
	for _, a := range want {
		if strings.Contains(text, a) {
			found++
		}
	}
	if len(want) < 20 || found*100 < len(want)*90 {
		t.Errorf("%d montants de la couche texte d'origine sur %d lus par OCR :\n%s", found, len(want), text)
	}
	for i, g := range page.Glyphs {
		if c := page.OCR.Confidence[i]; c < 0 || c > 1 || g.Box.X0 < 0 || g.Box.X1 > page.CropBox.X1 || g.Box.Y0 < 0 || g.Box.Y1 > page.CropBox.Y1 {
			t.Fatalf("mot %q : boîte %+v, confiance %v", text[g.Start:g.End], g.Box, c)
		}
	}
	// Each amount read again on its own box, from one image of the page,
	// by one tesseract process, reads the same digits.
	var regions []Region
	var digits []string
	for _, loc := range amounts.FindAllStringIndex(text, 12) {
		rects := page.Rects(loc[0], loc[1])
		if len(rects) == 0 {
			continue
		}
		b := rects[0]
		for _, r := range rects[1:] {
			b = pdftext.Rect{X0: min(b.X0, r.X0), Y0: min(b.Y0, r.Y0), X1: max(b.X1, r.X1), Y1: max(b.Y1, r.Y1)}
		}
		regions = append(regions, regionOf(pdftext.Rect{X0: b.X0 - 4, Y0: b.Y0 - 3, X1: b.X1 + 4, Y1: b.Y1 + 3}, page.CropBox))
		digits = append(digits, digitsOf(text[loc[0]:loc[1]]))
	}
	pdf := NewSource(data)
	defer pdf.Close()
	read, err := e.ReadRegions(ctx, pdf, Request{Page: 1, DPI: RereadDPI, Mode: Line, Digits: true, Width: 595, Height: 842}, regions)
	if err != nil || len(read) != len(regions) {
		t.Fatalf("%d régions lues sur %d : %v", len(read), len(regions), err)
	}
	same := 0
	for i, ws := range read {
		var got strings.Builder
		for _, w := range ws {
			got.WriteString(digitsOf(w.Text))
			if w.X0 < regions[i].X0-0.001 || w.X1 > regions[i].X1+0.001 {
				t.Errorf("région %d : mot %q hors de sa région %+v", i, w.Text, regions[i])
			}
		}
		if got.String() == digits[i] {
			same++
		}
	}
	if len(regions) < 10 || same*10 < len(regions)*8 {
		t.Errorf("%d montants relus à l'identique sur %d", same, len(regions))
	}
}

// Over its bounds a reading fails with its reason, and the process is
// gone: too little memory for pdftoppm, or a deadline that has passed.
func TestTesseractBounds(t *testing.T) {
	e := tesseract(t)
	data, err := os.ReadFile("../../testdata/scans/garnier-300/rapport.pdf")
	if err != nil {
		t.Fatal(err)
	}
	src := NewSource(data)
	defer src.Close()
	req := Request{Page: 1, DPI: DPI, Mode: Column, Region: Whole, Width: 595, Height: 842}
	starved := *e
	starved.MaxMemory = 8 << 20
	if _, err := starved.Read(context.Background(), src, req); err == nil || !strings.Contains(err.Error(), "pdftoppm") {
		t.Errorf("8 Mio : %v, attendu l'échec du rendu", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := e.Read(ctx, src, req); !errors.Is(err, context.Canceled) {
		t.Errorf("contexte annulé : %v", err)
	}
}
