package facts

import (
	"testing"

	"analyste.dev/analyste/shared/pdftext"
)

// ocrDoc is a document whose page 2 was read by OCR: two rows, the
// second read less surely.
func ocrDoc() *pdftext.Document {
	line := func(y float64, label, amount string) pdftext.Line {
		return pdftext.Line{Y: y, Spans: []pdftext.Span{{X0: 50, X1: 150, Size: 10, Text: label}, {X0: 400, X1: 450, Size: 10, Text: amount}}}
	}
	scanned := pdftext.Page{Number: 2, Lines: []pdftext.Line{line(700, "Chiffre d'affaires", "157 275"), line(686, "Résultat net", "8 912")}}
	text := scanned.Text()
	// one glyph a word, as the OCR lays them out
	var start int
	for i := 0; i <= len(text); i++ {
		if i == len(text) || text[i] == ' ' || text[i] == '\n' {
			if i > start {
				scanned.Glyphs = append(scanned.Glyphs, pdftext.Glyph{Start: start, End: i})
			}
			start = i + 1
		}
	}
	conf := make([]float64, len(scanned.Glyphs))
	for i := range conf {
		conf[i] = 0.95
	}
	conf[len(conf)-1] = 0.61 // "912"
	scanned.OCR = &pdftext.Recognition{Engine: "tesseract", Confidence: conf}
	return &pdftext.Document{Pages: []pdftext.Page{{Number: 1, Lines: []pdftext.Line{line(700, "Rapport", "")}}, scanned}}
}

func TestMarkFigures(t *testing.T) {
	doc := ocrDoc()
	fs := []Fact{
		{ID: "R-x-marge", Fields: []Field{{Lines: []PrintedLine{{Label: "Chiffre d'affaires", Page: 2}}}, {Lines: []PrintedLine{{Label: "Résultat net", Page: 2}}}}},
		{ID: "R-x-ca", Fields: []Field{{Lines: []PrintedLine{{Label: "Chiffre d’affaires", Page: 2}}}}},
		{ID: "R-x-texte", Fields: []Field{{Lines: []PrintedLine{{Label: "Rapport", Page: 1}}}}},
	}
	MarkFigures(fs, doc)
	if m := fs[0].OCR; m == nil || m.Mention != ReadByOCR || m.Confidence != 0.61 || m.Engine != "tesseract" {
		t.Errorf("marge : %+v, attendu lu par OCR à 0,61 (sa ligne la moins sûre)", m)
	}
	if m := fs[0].Fields[0].Lines[0].OCR; m == nil || m.Confidence != 0.95 {
		t.Errorf("ligne du chiffre d'affaires : %+v", m)
	}
	if m := fs[1].OCR; m == nil || m.Confidence != 0.95 {
		t.Errorf("chiffre d'affaires (apostrophe typographique) : %+v", m)
	}
	if fs[2].OCR != nil || fs[2].Fields[0].Lines[0].OCR != nil {
		t.Errorf("une ligne de la couche texte marquée : %+v", fs[2].OCR)
	}
}

func TestMarkQuotes(t *testing.T) {
	pages := OCRPages(ocrDoc())
	if len(pages) != 1 || pages[0].Page != 2 || pages[0].Confidence <= 0.61 || pages[0].Confidence >= 0.95 {
		t.Fatalf("pages lues par OCR %+v", pages)
	}
	fs := []Fact{{ID: "Q-x-1", Page: 2}, {ID: "Q-x-2", Page: 1}, {ID: "C-x-covenant-1", Page: 2}}
	MarkQuotes(fs, pages)
	if fs[0].OCR == nil || fs[0].OCR.Mention != ReadByOCR || fs[1].OCR != nil || fs[2].OCR == nil {
		t.Errorf("marques %+v %+v %+v", fs[0].OCR, fs[1].OCR, fs[2].OCR)
	}
}
