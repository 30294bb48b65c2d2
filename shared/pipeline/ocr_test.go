package pipeline

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"analyste.dev/analyste/shared/ocr"
	"analyste.dev/analyste/shared/ocr/ocrtest"
	"analyste.dev/analyste/shared/pdftext"
)

// textOCR reads a scan's pages as the text layer of the report it was made
// from prints them, word by word with their boxes, misreading the words
// of misread in the modes listed: an OCR whose errors are known.
type textOCR struct {
	source  []pdftext.Page
	misread map[ocr.Mode]map[string]string
	blank   map[ocr.Mode]int // a page read as blank in that mode
	// unsure: the words misread are read with a low confidence, as
	// Tesseract's misreads are.
	unsure  bool
	reads   []ocr.Request
	regions int // cells read again
}

// ReadRegions reads each region as the words of the page whose centre
// lies in it, in req's mode.
func (e *textOCR) ReadRegions(ctx context.Context, src *ocr.Source, req ocr.Request, regions []ocr.Region) ([][]ocr.Word, error) {
	e.regions += len(regions)
	whole := req
	whole.Region = ocr.Whole
	words, err := e.words(whole)
	if err != nil {
		return nil, err
	}
	out := make([][]ocr.Word, len(regions))
	for i, r := range regions {
		for _, w := range words {
			if cx, cy := (w.X0+w.X1)/2, (w.Y0+w.Y1)/2; cx >= r.X0 && cx <= r.X1 && cy >= r.Y0 && cy <= r.Y1 {
				out[i] = append(out[i], w)
			}
		}
	}
	return out, nil
}

func (e *textOCR) Name() string { return "texte" }

func (e *textOCR) Read(_ context.Context, _ *ocr.Source, req ocr.Request) ([]ocr.Word, error) {
	e.reads = append(e.reads, req)
	return e.words(req)
}

// words are the words of req's page as e reads them in req's mode.
func (e *textOCR) words(req ocr.Request) ([]ocr.Word, error) {
	if e.blank[req.Mode] == req.Page {
		return nil, nil
	}
	p := e.source[req.Page-1]
	text := p.Text()
	w, h := p.CropBox.X1-p.CropBox.X0, p.CropBox.Y1-p.CropBox.Y0
	var out []ocr.Word
	line := 0
	for start := 0; start < len(text); {
		end := start
		for end < len(text) && text[end] != ' ' && text[end] != '\n' {
			end++
		}
		if end > start {
			rects := p.Rects(start, end)
			if len(rects) == 1 {
				r := rects[0]
				word, conf := text[start:end], 0.9
				if m, ok := e.misread[req.Mode][word]; ok {
					word = m
					if e.unsure {
						conf = 0.4
					}
				}
				out = append(out, ocr.Word{Text: word, Conf: conf, Line: line,
					X0: (r.X0 - p.CropBox.X0) / w, X1: (r.X1 - p.CropBox.X0) / w, Y0: (p.CropBox.Y1 - r.Y1) / h, Y1: (p.CropBox.Y1 - r.Y0) / h})
			}
		}
		if end < len(text) && text[end] == '\n' {
			line++
		}
		start = end + 1
	}
	return out, nil
}

// garnierScan reads the scan of garnier's bilan through e.
func garnierScan(t *testing.T, misread map[ocr.Mode]map[string]string, blank map[ocr.Mode]int, unsure bool) (*pdftext.Document, *textOCR) {
	t.Helper()
	ctx := context.Background()
	data, err := os.ReadFile("../../testdata/engines/garnier/rapport.pdf")
	if err != nil {
		t.Fatal(err)
	}
	var source []pdftext.Page
	for n := 1; n <= 2; n++ {
		page, err := pdftext.ReadPage(ctx, bytes.NewReader(data), int64(len(data)), pdftext.Limits{}, n)
		if err != nil {
			t.Fatal(err)
		}
		source = append(source, *page)
	}
	e := &textOCR{source: source, misread: misread, blank: blank, unsure: unsure}
	p := New(nil, Options{Limits: pdftext.DefaultLimits(), OCR: &ocr.Reader{Engine: e, Budget: ocr.Budget{MaxPages: 10, Page: time.Minute, Document: time.Minute}}})
	doc, err := p.ReadFile(ctx, "../../testdata/scans/garnier-300/rapport.pdf")
	if err != nil {
		t.Fatal(err)
	}
	return doc, e
}

func TestScanReadByOCR(t *testing.T) {
	doc, _ := garnierScan(t, nil, nil, false)
	if len(doc.Pages) != 2 || doc.Pages[0].OCR == nil || !strings.Contains(doc.Pages[0].Text(), "TOTAL GÉNÉRAL") {
		t.Fatalf("scan lu : %+v", doc.Pages)
	}
	ex, err := New(nil, Options{}).Extract(context.Background(), doc)
	if err != nil {
		t.Fatal(err)
	}
	if len(ex.OCR) != 2 {
		t.Errorf("pages OCR %+v", ex.OCR)
	}
	marked := 0
	for _, f := range ex.Facts {
		if f.OCR != nil && f.OCR.Mention == "lu par OCR" {
			marked++
		}
		for _, fl := range f.Fields {
			for _, l := range fl.Lines {
				if l.OCR == nil {
					t.Errorf("%s : ligne %q de la page %d sans mention d'OCR", f.ID, l.Label, l.Page)
				}
			}
		}
	}
	if marked == 0 {
		t.Error("aucun fait marqué « lu par OCR »")
	}
}

func TestScanRereadWhenAnIdentityFails(t *testing.T) {
	// A misread Net total: the bilan no longer balances.
	wrong := map[string]string{"336": "386"}
	tests := []struct {
		name    string
		misread map[ocr.Mode]map[string]string
		blank   map[ocr.Mode]int
		unsure  bool
		dpi     int
		cells   bool // the misread cell read again on its box
	}{
		{"cured by the second reading", map[ocr.Mode]map[string]string{ocr.Column: wrong}, nil, false, ocr.RereadDPI, false},
		// Unsure of its misread, the engine reads that cell again, alone:
		// the page is not read again whole.
		{"cured by the cell's second reading", map[ocr.Mode]map[string]string{ocr.Column: wrong}, nil, true, ocr.DPI, true},
		{"misread again: the first kept", map[ocr.Mode]map[string]string{ocr.Column: wrong, ocr.RereadMode: wrong}, nil, false, ocr.DPI, false},
		// The second reading loses the passif: no identity fails, none
		// passes on the bilan either.
		{"fewer rows read: the first kept", map[ocr.Mode]map[string]string{ocr.Column: wrong}, map[ocr.Mode]int{ocr.RereadMode: 2}, false, ocr.DPI, false},
		{"nothing fails: read once", nil, nil, false, ocr.DPI, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, e := garnierScan(t, tt.misread, tt.blank, tt.unsure)
			if got := doc.Pages[0].OCR.DPI; got != tt.dpi {
				t.Errorf("page 1 lue à %d dpi, attendu %d (lectures %+v)", got, tt.dpi, e.reads)
			}
			if tt.cells {
				text := doc.Pages[0].Text()
				if e.regions == 0 || len(e.reads) != 2 || strings.Contains(text, "386") || !strings.Contains(text, "336") {
					t.Errorf("%d cellules relues, %d lectures de page : la cellule mal lue relue seule\n%s", e.regions, len(e.reads), text)
				}
			}
			if tt.misread == nil && len(e.reads) != 2 {
				t.Errorf("%d lectures, 2 attendues", len(e.reads))
			}
		})
	}
}

// A figure of a sentence the risk reader quotes, on a page with its text
// layer, that the printed page shows otherwise (the stand-in OCR reads
// Ferlac's « il réclame 2 400 k€ » as 7 400, on the figures' part of the
// page and on the amount's own box) is withheld from the page's text and
// told among the text the pages do not print: no quote holds it, and the
// report goes to a person. Without the misreading, nothing is withheld.
func TestQuotedFigureCrossChecked(t *testing.T) {
	ctx := context.Background()
	data, err := os.ReadFile("../../testdata/ferlac/rapport.pdf")
	if err != nil {
		t.Fatal(err)
	}
	const litigation = 6 // the page quoting the claim
	for _, misread := range []bool{false, true} {
		e := ocrtest.Printed{Source: data}
		if misread {
			e.Misread = map[int]map[string]string{litigation: {"2": "7"}}
		}
		p := New(nil, Options{Limits: pdftext.DefaultLimits(), CrossCheck: true,
			OCR: &ocr.Reader{Engine: e, Budget: ocr.Budget{MaxPages: 10, Page: time.Minute, Document: time.Minute}}})
		doc, err := p.ReadFile(ctx, "../../testdata/scans/ferlac-mixte-200/rapport.pdf")
		if err != nil {
			t.Fatal(err)
		}
		page := doc.Pages[litigation-1].Text()
		issues := strings.Join(TextIssues(doc), " ; ")
		if !misread {
			if !strings.Contains(page, "il réclame 2\u00a0400\u00a0k€") || strings.Contains(issues, "imprimé autrement") {
				t.Errorf("printed as its text says: page %d withholds the claim, or the issues %q tell it", litigation, issues)
			}
			continue
		}
		if strings.Contains(page, "2\u00a0400") {
			t.Errorf("page %d still prints the claim's 2 400 in its text", litigation)
		}
		if !strings.Contains(issues, "p. 6, imprimé autrement") || !strings.Contains(issues, "2\u00a0400 (la page imprime 7400)") {
			t.Errorf("text issues %q: want the claim's figure printed otherwise on p. 6", issues)
		}
		sig, err := p.Signals(ctx, "Maison Ferlac SAS", []int{2025, 2024}, doc.Texts())
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range sig.Verified {
			if strings.Contains(s.Quote, "il réclame") {
				t.Errorf("the claim's quote is verified: %q", s.Quote)
			}
		}
	}
}
