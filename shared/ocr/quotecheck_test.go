package ocr

import (
	"context"
	"strings"
	"testing"

	"analyste.dev/analyste/shared/pdftext"
)

// sentencePage prints a sentence ending on an amount, the amount where
// statementPage prints its own (amountBox).
const sentencePage = "BT /F1 20 Tf 72 700 Td (La dette atteint) Tj 250 0 Td (12 345) Tj ( k) Tj ET"

const sentence = "La dette atteint 12 345 k"

// The figures of a quoted sentence are compared with the OCR of the part of
// its page that prints them: one the page prints otherwise is withheld and
// told; one printed as the text says, a quote the page does not hold, a
// quote without a figure and a page read by OCR cost no mismatch, the last
// three no reading at all.
func TestCrossCheckQuotesFake(t *testing.T) {
	data := textPDF(sentencePage, nil, 0, 0, [4]float64{})
	cases := []struct {
		name     string
		quote    string
		words    []Word
		scanned  bool
		mismatch bool
		reads    int // readings of the page, the amount's three more looks included
	}{
		{name: "printed as the text says", quote: sentence, words: at("12 345"), reads: 1},
		{name: "printed otherwise", quote: sentence, words: at("98 765"), mismatch: true, reads: 4},
		{name: "a quote the page does not hold", quote: "La dette atteint 99 999 k", words: at("98 765")},
		{name: "a quote without a figure", quote: "La dette atteint", words: at("98 765")},
		{name: "a page read by OCR", quote: sentence, words: at("98 765"), scanned: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := readDoc(t, data)
			if c.scanned {
				doc.Pages[0].OCR = &pdftext.Recognition{Engine: "fake"}
			}
			engine := &printedWords{words: c.words}
			r := Reader{Engine: engine, Budget: DefaultBudget()}
			ms, err := r.CrossCheck(context.Background(), data, doc, nil, []Quoted{{Page: 1, Text: c.quote}, {Page: 2, Text: sentence}}, pdftext.DefaultLimits())
			if err != nil {
				t.Fatal(err)
			}
			if len(engine.calls) != c.reads {
				t.Errorf("%d readings, want %d", len(engine.calls), c.reads)
			}
			if len(engine.calls) > 0 {
				// The first reading is of the amount's part of the page,
				// not of the whole page.
				g := engine.calls[0].Region
				if g == Whole || g.X0 > amountBox[0] || g.X1 < amountBox[2] || g.Y0 > amountBox[1] || g.Y1 < amountBox[3] || g.X0 < 0.3 {
					t.Errorf("read region %+v, want the amount's box %v widened", g, amountBox)
				}
			}
			text := doc.Pages[0].Text()
			if !c.mismatch {
				if len(ms) != 0 || !strings.Contains(text, "12 345") {
					t.Errorf("mismatches %+v, text %q: want none", ms, text)
				}
				return
			}
			if len(ms) != 1 || ms[0].Text != "12 345" || ms[0].Printed != "98765" {
				t.Fatalf("mismatches %+v, want 12 345 printed 98765", ms)
			}
			if strings.Contains(text, "12 345") {
				t.Errorf("text %q: the amount must be withheld", text)
			}
			if h := doc.Pages[0].Hidden; len(h) != 1 || h[0].Reason != pdftext.HiddenMisprinted {
				t.Errorf("hidden %+v", h)
			}
		})
	}
}

// With Tesseract: the sentence's text layer saying 12 345 under an image
// printing 98 765 there is flagged; the same page without the image is not.
func TestCrossCheckQuotesTesseract(t *testing.T) {
	if testing.Short() {
		t.Skip("Tesseract : hors de -short")
	}
	engine, err := NewTesseract()
	if err != nil {
		t.Skip(err)
	}
	r := Reader{Engine: engine, Budget: DefaultBudget()}
	for _, c := range []struct {
		name string
		data []byte
		want int
	}{
		{"text as printed", textPDF(sentencePage, nil, 0, 0, [4]float64{}), 0},
		{"text under an image of other figures", underOtherFigures(t, sentencePage), 1},
	} {
		doc := readDoc(t, c.data)
		ms, err := r.CrossCheck(context.Background(), c.data, doc, nil, []Quoted{{Page: 1, Text: sentence}}, pdftext.DefaultLimits())
		if err != nil {
			t.Fatal(err)
		}
		if len(ms) != c.want || c.want == 1 && (ms[0].Text != "12 345" || ms[0].Printed != "98765") {
			t.Errorf("%s : désaccords %+v, attendu %d", c.name, ms, c.want)
		}
	}
}
