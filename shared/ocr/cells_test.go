package ocr

import (
	"context"
	"strings"
	"testing"

	"analyste.dev/analyste/shared/pdftext"
)

// cellsFake reads each region as what the test says lies at its height:
// the words of a second reading, laid where the region is.
type cellsFake struct {
	fake
	at      map[float64][]Word // by the row's top, in points
	regions []Region
}

func (f *cellsFake) ReadRegions(_ context.Context, _ *Source, req Request, regions []Region) ([][]Word, error) {
	if req.DPI != RereadDPI || req.Mode != Line || !req.Digits {
		return nil, nil
	}
	f.regions = append(f.regions, regions...)
	out := make([][]Word, len(regions))
	for i, r := range regions {
		for top, ws := range f.at {
			if y := top / 842; y >= r.Y0 && y <= r.Y1 {
				for j, w := range ws {
					x := r.X0 + 0.005 + 0.015*float64(j) // 9 points a word
					w.X0, w.X1 = x, x+0.013
					w.Y0, w.Y1 = top/842, (top+8)/842
					out[i] = append(out[i], w)
				}
			}
		}
	}
	return out, nil
}

// A figure the engine was unsure of is read again on its own box, and the
// whole cell becomes that reading when it is sure of it and reads one
// amount; a sure figure, a label, and an unsure second reading are left.
func TestRereadCells(t *testing.T) {
	words := append(row(0, 100, 0, "Capital", 60.0, "50", 400.0, "008", 415.0, "40", 480.0, "000", 495.0),
		row(1, 120, 0, "Réserves", 60.0, "134870", 400.0, "12", 480.0, "000", 495.0)...)
	words = append(words, row(2, 140, 0, "Divers", 60.0, "3229", 400.0, "7", 480.0, "000", 495.0)...)
	words = append(words, row(3, 160, 0, "Autres", 60.0, "dettes", 95.0, "1", 400.0, "000", 415.0)...)
	for i := range words {
		switch words[i].Text {
		case "008":
			words[i].Conf = 0.53
		case "134870":
			words[i].Conf = 0.28
		case "3229":
			words[i].Conf = 0
		case "dettes":
			words[i].Conf = 0.2
		}
	}
	doc := scanned(1)
	p := &doc.Pages[0]
	var conf []float64
	p.Lines, p.Glyphs, conf = Layout(words, a4)
	p.OCR = &pdftext.Recognition{Engine: "fake", DPI: 200, Confidence: conf}
	before := p.Text()
	f := &cellsFake{at: map[float64][]Word{
		100: {{Text: "50", Conf: 0.9}, {Text: "000", Conf: 0.92}},
		120: {{Text: "(1", Conf: 0.9}, {Text: "348)", Conf: 0.88}},
		140: {{Text: "3 229", Conf: 0.4}}, // unsure again: kept as first read
	}}
	out := (Reader{Engine: f, Budget: DefaultBudget()}).RereadCells(context.Background(), nil, doc, []int{1})
	if len(f.regions) != 3 {
		t.Errorf("%d cellules relues, attendu les 3 montants incertains : %+v", len(f.regions), f.regions)
	}
	got := out.Pages[0].Text()
	for _, want := range []string{"50 000", "(1 348)", "3229", "40 000", "Autres dettes"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q absent de la relecture :\n%s", want, got)
		}
	}
	if strings.Contains(got, "008") || strings.Contains(got, "134870") {
		t.Errorf("la première lecture reste :\n%s", got)
	}
	if doc.Pages[0].Text() != before {
		t.Error("le document d'origine a changé")
	}
	if n := len(out.Pages[0].Glyphs); n != len(out.Pages[0].OCR.Confidence) {
		t.Errorf("%d mots pour %d confiances", n, len(out.Pages[0].OCR.Confidence))
	}
}

// An engine that cannot read regions leaves the reading as it is.
func TestRereadCellsWithoutRegions(t *testing.T) {
	doc := scanned(1)
	p := &doc.Pages[0]
	var conf []float64
	p.Lines, p.Glyphs, conf = Layout(row(0, 100, 0, "Capital", 60.0, "50", 400.0, "008", 415.0), a4)
	p.OCR = &pdftext.Recognition{Engine: "fake", Confidence: conf}
	p.OCR.Confidence[2] = 0.1
	out := (Reader{Engine: &fake{}, Budget: DefaultBudget()}).RereadCells(context.Background(), nil, doc, []int{1})
	if out.Pages[0].Text() != p.Text() {
		t.Errorf("relu sans moteur de régions : %q", out.Pages[0].Text())
	}
}
