package viewer

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/ocr"
	"analyste.dev/analyste/shared/ocr/ocrtest"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/signals"
	"analyste.dev/analyste/shared/statements"
	"analyste.dev/analyste/shared/store"
)

// scanReader serves one run's page texts, OCR layouts and PDF beside its
// documents.
type scanReader struct {
	memReader
	texts []string
	boxes []store.OCRBoxes
	pdf   []byte
}

func (s scanReader) PageTexts(context.Context, string) ([]string, error) { return s.texts, nil }
func (s scanReader) OCRBoxes(context.Context, string) ([]store.OCRBoxes, error) {
	return s.boxes, nil
}
func (s scanReader) PDF(context.Context, schema.Source) ([]byte, error) { return s.pdf, nil }

// Ferlac's mixed scan, its statement pages scanned, read by the pipeline
// with a stand-in OCR reading them as Ferlac's text PDF prints them: the
// OCR page says so, a printed line and a sentence quoted there are drawn
// from the kept OCR boxes, on the printed line's words, without saying the
// text layer differs; a text page of the same document is drawn from its
// text layer as before; a run whose boxes were not kept marks the text
// only, and says why.
func TestPageReadByOCR(t *testing.T) {
	t.Parallel()
	source, err := os.ReadFile("../../testdata/ferlac/rapport.pdf")
	if err != nil {
		t.Fatal(err)
	}
	scan, err := os.ReadFile("../../testdata/scans/ferlac-mixte-200/rapport.pdf")
	if err != nil {
		t.Fatal(err)
	}
	p := pipeline.New(nil, pipeline.Options{Limits: pdftext.DefaultLimits(),
		OCR: &ocr.Reader{Engine: ocrtest.Printed{Source: source}, Budget: ocr.DefaultBudget()}})
	doc, err := p.Read(t.Context(), strings.NewReader(string(scan)), int64(len(scan)))
	if err != nil {
		t.Fatal(err)
	}
	ex, err := p.Extract(t.Context(), doc)
	if err != nil {
		t.Fatal(err)
	}
	rec := p.Record(ex, len(doc.Pages))
	rec.PageTexts, rec.OCRBoxes = "gs://artefacts/pages/r1.json", "gs://artefacts/pages/r1.ocr.json"
	texts := doc.Texts()
	const scanned, plain = 7, 2 // Ferlac's income statement, scanned; a page of text
	if doc.Pages[scanned-1].OCR == nil || doc.Pages[plain-1].OCR != nil {
		t.Fatalf("page %d must be read by OCR, page %d keep its text layer", scanned, plain)
	}
	// A risk quoted from the scanned page, verified and marked as the
	// signals function does.
	var sig schema.SignalsRecord
	sig.Verified, sig.Rejected = signals.Check(texts, []signals.Signal{{Category: "litiges", Severity: "moyenne", Summary: "Un risque cité sur la page numérisée.",
		Quote: wordsLine(t, texts[scanned-1]), Page: scanned}})
	if len(sig.Verified) != 1 {
		t.Fatalf("the quote of the scanned page is refused: %+v", sig.Rejected)
	}
	sig.Facts = signals.Facts(rec.Company, statements.YearsDesc(rec.Years), sig.Verified)
	facts.MarkQuotes(sig.Facts, rec.OCR)
	serveRun := func(t *testing.T, rec schema.ExtractionRecord) http.Handler {
		reader := scanReader{memReader: memReader{docs: map[string][]byte{}}, texts: texts, boxes: store.BoxesOf(doc), pdf: scan}
		reader.put(t, schema.Reports, "r1", schema.Report{Status: schema.Done, Company: rec.Company,
			Source: schema.Source{Bucket: "depots", Object: "ferlac.pdf", Generation: 1}})
		reader.put(t, schema.Extractions, "r1", rec)
		reader.put(t, schema.Signals, "r1", sig)
		hd, err := New(Deps{Reader: reader, Resolver: &memReview{reader: reader.memReader}, Log: slog.New(slog.DiscardHandler), FormKey: formKey})
		if err != nil {
			t.Fatal(err)
		}
		return hd
	}
	noBoxes := rec
	noBoxes.OCRBoxes = ""
	tests := []struct {
		name       string
		rec        schema.ExtractionRecord
		path       string
		ocr        bool   // the page says it was read by OCR
		rects      int    // rectangles drawn on the printed page
		note       string // what the printed page's note says, "" for none
		printedOCR bool   // the rectangles lie on the OCR's words of the mark
	}{
		{"a printed line on a scanned page", rec, pageURL("r1", scanned, "ligne", "Chiffre d’affaires net"), true, 1, "", true},
		{"a quote on a scanned page", rec, pageURL("r1", scanned, "citation", wordsLine(t, texts[scanned-1])), true, 1, "", true},
		{"a Q- fact quoting a scanned page", rec, pageURL("r1", scanned, "fait", sig.Facts[0].ID), true, 1, "", true},
		{"a page of text", rec, pageURL("r1", plain, "citation", wordsLine(t, texts[plain-1])), false, -1, "", false},
		{"a scanned page whose boxes were not kept", noBoxes, pageURL("r1", scanned, "ligne", "Chiffre d’affaires net"), true, 0, "n'ont pas été conservées", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			code, page := serve(t, serveRun(t, tt.rec), "GET", strings.TrimSuffix(tt.path, "#citation"), "ana@example.com", nil, "")
			if code != 200 {
				t.Fatalf("status %d", code)
			}
			view, err := html.Parse(strings.NewReader(page))
			if err != nil {
				t.Fatal(err)
			}
			marked := all(view, tag("mark"))
			if len(marked) != 1 {
				t.Fatalf("%d marks in the page's text, want one", len(marked))
			}
			if got := len(all(view, func(n *html.Node) bool { return attr(n, "id") == "page-ocr" })) == 1; got != tt.ocr {
				t.Errorf("« page lue par OCR » shown %v, want %v", got, tt.ocr)
			}
			if strings.Contains(page, "diffère") {
				t.Error("the page says the text layer differs")
			}
			notes := ""
			for _, n := range all(view, func(n *html.Node) bool { return attr(n, "class") == "note" }) {
				notes += text(n)
			}
			if tt.note == "" && notes != "" || !strings.Contains(notes, tt.note) {
				t.Errorf("notes %q, want %q", notes, tt.note)
			}
			rects := drawnRects(t, view)
			want := tt.rects
			if want < 0 {
				want = strings.Count(text(marked[0]), "\n") + 1
			}
			if len(rects) != want {
				t.Fatalf("%d rectangles, want %d", len(rects), want)
			}
			if tt.printedOCR {
				// The rectangle holds the boxes of the OCR's words of the
				// mark, and no word of another line.
				page := texts[scanned-1]
				q, _ := url.Parse(tt.path)
				quote := q.Query().Get("citation")
				if q.Query().Has("fait") {
					quote = sig.Verified[0].Quote
				}
				spans, _ := mark(page, quote, q.Query()["ligne"])
				start, end := spans[0].start, spans[0].end
				r := rects[0]
				for _, g := range doc.Pages[scanned-1].Glyphs {
					cx, cy := (g.Box.X0+g.Box.X1)/2, (g.Box.Y0+g.Box.Y1)/2
					inside := cx >= r[0] && cx <= r[2] && cy >= r[1] && cy <= r[3]
					if on := g.Start >= start && g.End <= end; on != inside {
						t.Errorf("word %q (on the mark %v) inside the rectangle %v: %v", texts[scanned-1][g.Start:g.End], on, r, inside)
					}
				}
			}
		})
	}
	// The report says which facts were read by OCR, and which quote was
	// verified on the OCR's text.
	code, report := serve(t, serveRun(t, rec), "GET", reportURL("r1"), "ana@example.com", nil, "")
	if code != 200 {
		t.Fatalf("report: %d", code)
	}
	view, err := html.Parse(strings.NewReader(report))
	if err != nil {
		t.Fatal(err)
	}
	mention := facts.ReadByOCR + " (ocrtest, confiance 90 %)"
	var onFacts, onSignal int
	for _, n := range all(view, func(n *html.Node) bool { return attr(n, "class") == "lu-ocr" }) {
		switch text(n) {
		case mention:
			onFacts++
		case "citation vérifiée sur le texte " + mention:
			onSignal++
		default:
			t.Errorf("OCR mention %q", text(n))
		}
	}
	if onFacts == 0 || onSignal != 1 {
		t.Errorf("« %s » on %d facts and %d signals, want the statements' facts and the one signal", mention, onFacts, onSignal)
	}
}

// wordsLine is the first line of text of three words or more and no
// figure: a quote of the page.
func wordsLine(t *testing.T, text string) string {
	t.Helper()
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); len(strings.Fields(l)) >= 3 && len(l) >= 20 && !strings.ContainsAny(l, "0123456789") {
			return l
		}
	}
	t.Fatalf("no line of words in %q", text)
	return ""
}

// drawnRects are the rectangles a page view gives its script.
func drawnRects(t *testing.T, page *html.Node) [][4]float64 {
	t.Helper()
	figs := all(page, func(n *html.Node) bool { return attr(n, "id") == "page-imprimee" })
	if len(figs) != 1 {
		t.Fatalf("%d printed pages", len(figs))
	}
	var rects [][4]float64
	if err := json.Unmarshal([]byte(attr(figs[0], "data-rectangles")), &rects); err != nil {
		t.Fatal(err)
	}
	return rects
}
