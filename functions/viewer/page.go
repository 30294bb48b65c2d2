package viewer

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/quotes"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/signals"
	"analyste.dev/analyste/shared/statements"
)

// pageView is the data of page.html: the printed page when the PDF can be
// shown, and the whole text of the page, cut around what is marked.
type pageView struct {
	Title, ID, Company string
	N, Count           int
	Prev, Next         string
	Segments           []segment // the page's text, cut around the marks
	Quote              string    // the quote asked for, as given
	Lines              []string  // the printed lines asked for (?ligne=), by label
	Missing            []string  // those the page does not print
	Found              bool
	Fact               string
	Signal             *signals.Signal
	Severity           string
	SignalURL          string // the quote's own page when it is not this one
	Printed            *printedView
	PrintedNote        string // why the printed page is not shown, or shown without its marks
	// OCR says the page was read by OCR, by which engine and how surely
	// ("tesseract, confiance 91 % en moyenne"); empty for a text layer.
	OCR string
	// Read is the amount of the field asked for (?champ=&annee=) as the
	// reader read it, "valeur lue : 392,9 k€ (2025)"; CellMissing says its
	// cell was not found on the line, which is then marked whole.
	Read        string
	CellMissing bool
	Back        string          // the report, at the row the reviewer came from
	Figures     []statementView // the statements' lines this page prints, beside it
	Years       []int
}

// printedView is what the page's script needs to draw the printed page and
// mark on it what the text view marks.
type printedView struct {
	PDF    string // the viewer's URL of the uploaded PDF
	N      int
	Rects  string // JSON [[x0, y0, x1, y1], …], PDF user space
	Marked int    // how many rectangles
}

// MaxCitation bounds ?citation=, and the ?ligne= together, in characters:
// ten times the longest sentence a report prints, and what a highlight can
// find in linear time without tying up the instance.
const MaxCitation = 2000

// MaxLines bounds the ?ligne= of a request: a field adds up a few printed
// lines, never more than a statement prints.
const MaxLines = 60

// anchorPattern is the form of a report's row id, the only "depuis" a back
// link returns to.
var anchorPattern = regexp.MustCompile(`^[a-z0-9-]{1,80}$`)

func (v *viewer) page(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.PathValue("id")
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil || n < 1 {
		v.fail(w, r, http.StatusNotFound, "Le numéro de page doit être un entier à partir de 1.", nil)
		return
	}
	q := r.URL.Query()
	quote, lines := q.Get("citation"), q["ligne"]
	if len(lines) > MaxLines {
		v.fail(w, r, http.StatusBadRequest, fmt.Sprintf("Au plus %d lignes à surligner à la fois.", MaxLines), nil)
		return
	}
	if utf8.RuneCountInString(quote) > MaxCitation || utf8.RuneCountInString(strings.Join(lines, "")) > MaxCitation {
		v.fail(w, r, http.StatusBadRequest, fmt.Sprintf("La citation à surligner dépasse %d caractères : "+
			"une citation vérifiée est une phrase du rapport. Raccourcissez-la.", MaxCitation), nil)
		return
	}
	var ex schema.ExtractionRecord
	if err := v.read.Document(ctx, schema.Extractions, id, &ex); err != nil {
		v.readFailed(w, r, "L'extraction du rapport "+id, err)
		return
	}
	if ex.PageTexts == "" {
		v.fail(w, r, http.StatusNotFound, "Les textes des pages de ce rapport n'ont pas été conservés.", nil)
		return
	}
	texts, err := v.read.PageTexts(ctx, ex.PageTexts)
	if err != nil {
		v.readFailed(w, r, "Le texte des pages du rapport "+id, err)
		return
	}
	if n > len(texts) {
		v.fail(w, r, http.StatusNotFound, "Ce rapport a "+strconv.Itoa(len(texts))+" pages.", nil)
		return
	}
	text := texts[n-1]
	p := pageView{Title: "Page " + strconv.Itoa(n) + " — " + ex.Company, ID: id, Company: ex.Company, N: n, Count: len(texts),
		Quote: quote, Lines: lines}
	p.Back = reportURL(id)
	if from := q.Get("depuis"); anchorPattern.MatchString(from) {
		p.Back += "#" + from
	}
	if n > 1 {
		p.Prev = pageURL(id, n-1, "", "")
	}
	if n < len(texts) {
		p.Next = pageURL(id, n+1, "", "")
	}
	if fact := q.Get("fait"); fact != "" {
		var sig schema.SignalsRecord
		if err := v.read.Document(ctx, schema.Signals, id, &sig); err != nil {
			v.readFailed(w, r, "Les signaux du rapport "+id, err)
			return
		}
		s, ok := quoteFacts(sig)[fact]
		if !ok {
			v.fail(w, r, http.StatusNotFound, "Le fait "+fact+" n'est pas un signal vérifié de ce rapport.", nil)
			return
		}
		p.Fact, p.Signal, p.Quote, p.Lines, p.Severity = fact, &s, s.Quote, nil, orSelf(severities, s.Severity)
		if s.Page != n {
			p.SignalURL = pageURL(id, s.Page, "fait", fact)
		}
	}
	marks, missing := mark(text, p.Quote, p.Lines)
	if k, ok := statements.ParseKey(q.Get("champ")); ok && len(marks) > 0 && p.Fact == "" {
		year, _ := strconv.Atoi(q.Get("annee"))
		if v, ok := ex.Years[year].Get(k); ok {
			p.Read = fmt.Sprintf("valeur lue : %s k€ (%d, %s)", frnum.Format(v), year, lineLabels[k])
			if cell, ok := yearCell(text, marks, ex, k, year); ok {
				marks = []span{cell}
			} else {
				p.CellMissing = true
			}
		}
	}
	p.Found, p.Missing, p.Segments = len(marks) > 0, missing, cut(text, marks)
	e := extractionOf(id, ex, texts)
	p.Years = e.Years
	for _, sv := range e.Statements {
		if fs := sv.printedOn(n); len(fs.Lines) > 0 {
			p.Figures = append(p.Figures, fs)
		}
	}
	scan := ocrPage(ex, n)
	if scan != nil {
		p.OCR = ocrConfidence(scan.Engine, scan.Confidence) + " en moyenne"
	}
	p.Printed, p.PrintedNote = v.printed(r, id, ex, n, text, p.Quote, marks)
	// A hostile text layer may reorder what is displayed (bidi overrides).
	for i := range p.Segments {
		p.Segments[i].Text = quotes.Sanitize(p.Segments[i].Text)
	}
	for _, s := range []*string{&p.Quote, &p.Company, &p.Title} {
		*s = quotes.Sanitize(*s)
	}
	for _, l := range [][]string{p.Lines, p.Missing} {
		for i := range l {
			l[i] = quotes.Sanitize(l[i])
		}
	}
	v.render(w, r, http.StatusOK, "page.html", p)
}

// printed prepares the printed page: the marks are the glyph boxes of the
// spans of text the text view marks, those quotes.Rects gives for a quote.
// The boxes are computed again from the PDF, page n only, and used only if
// that page's text is the stored text the quote was verified against, byte
// for byte; otherwise the printed page shows without marks, and says why.
// A page read by OCR has no text in the PDF: its marks are the boxes of
// the OCR's words, kept by the extraction (ocrRects).
func (v *viewer) printed(r *http.Request, id string, ex schema.ExtractionRecord, n int, text, quote string, marks []span) (*printedView, string) {
	ctx := r.Context()
	var run schema.Report
	if err := v.read.Document(ctx, schema.Reports, id, &run); err != nil || run.Source.Object == "" {
		if err != nil && !errors.Is(err, ErrNotFound) {
			v.log.WarnContext(ctx, "page imprimée non affichée", "rapport", id, "erreur", err)
		}
		return nil, "Le PDF déposé n'est pas connu : seul le texte de la page est affiché."
	}
	pv := &printedView{PDF: pdfURL(id), N: n, Rects: "[]"}
	if len(marks) == 0 {
		return pv, ""
	}
	if ocrPage(ex, n) != nil {
		rects, note := v.ocrRects(r, id, ex, n, text, marks)
		pv.Rects, pv.Marked = rectsJSON(rects), len(rects)
		return pv, note
	}
	data, err := v.read.PDF(ctx, run.Source)
	if err != nil {
		v.log.WarnContext(ctx, "PDF illisible", "rapport", id, "erreur", err)
		return nil, "Le PDF déposé n'a pas pu être lu : seul le texte de la page est affiché."
	}
	page, err := pdftext.ReadPage(ctx, bytes.NewReader(data), int64(len(data)), pdftext.DefaultLimits(), n)
	if err != nil || page.Text() != text {
		v.log.WarnContext(ctx, "couche texte relue différente", "rapport", id, "page", n, "erreur", err)
		return pv, "La couche texte relue aujourd'hui diffère de celle qui a été vérifiée : le passage est marqué dans le texte ci-dessous, pas sur la page imprimée."
	}
	var rects []pdftext.Rect
	if quote != "" {
		rects, _ = quotes.Rects(*page, quote)
	} else {
		for _, m := range marks {
			rects = append(rects, page.Rects(m.start, m.end)...)
		}
	}
	pv.Rects, pv.Marked = rectsJSON(rects), len(rects)
	return pv, ""
}

// ocrPage is page n as the extraction lists it among those read by OCR;
// nil for a page with its text layer.
func ocrPage(ex schema.ExtractionRecord, n int) *facts.OCRPage {
	for i := range ex.OCR {
		if ex.OCR[i].Page == n {
			return &ex.OCR[i]
		}
	}
	return nil
}

// ocrRects are the boxes of the OCR's words under the marks of page n, read
// by OCR, from the layout the extraction kept: used only if its words are
// the stored text's; otherwise none, and the note says why.
func (v *viewer) ocrRects(r *http.Request, id string, ex schema.ExtractionRecord, n int, text string, marks []span) ([]pdftext.Rect, string) {
	const textOnly = " : le passage est marqué dans le texte ci-dessous, pas sur l'image de la page."
	if ex.OCRBoxes == "" {
		return nil, "Les boîtes des mots lus par OCR n'ont pas été conservées pour ce rapport" + textOnly
	}
	ctx := r.Context()
	boxes, err := v.read.OCRBoxes(ctx, ex.OCRBoxes)
	if err != nil {
		v.log.WarnContext(ctx, "boîtes OCR illisibles", "rapport", id, "erreur", err)
		return nil, "Les boîtes des mots lus par OCR n'ont pas pu être lues" + textOnly
	}
	for _, b := range boxes {
		if b.Page != n {
			continue
		}
		page, ok := b.Layout(text)
		if !ok {
			break
		}
		var rects []pdftext.Rect
		for _, m := range marks {
			rects = append(rects, page.Rects(m.start, m.end)...)
		}
		return rects, ""
	}
	v.log.WarnContext(ctx, "boîtes OCR sans la page", "rapport", id, "page", n)
	return nil, "Les boîtes des mots lus par OCR ne sont pas celles du texte de cette page" + textOnly
}

// rectsJSON writes rectangles as [[x0, y0, x1, y1], …], to the hundredth
// of a point.
func rectsJSON(rects []pdftext.Rect) string {
	out := make([][4]float64, len(rects))
	round := func(x float64) float64 { return math.Round(x*100) / 100 }
	for i, r := range rects {
		out[i] = [4]float64{round(r.X0), round(r.Y0), round(r.X1), round(r.Y1)}
	}
	b, _ := json.Marshal(out) // numbers only: cannot fail
	return string(b)
}

// pdf serves the uploaded PDF of a report that exists, read by the
// viewer's own identity: the upload bucket is never public.
func (v *viewer) pdf(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	run, ok := v.run(w, r, id)
	if !ok {
		return
	}
	if run.Source.Object == "" {
		v.fail(w, r, http.StatusNotFound, "Ce rapport ne dit pas quel PDF a été déposé.", nil)
		return
	}
	data, err := v.read.PDF(r.Context(), run.Source)
	if err != nil {
		v.readFailed(w, r, "Le PDF déposé du rapport "+id, err)
		return
	}
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Disposition", "inline")
	w.Header().Set("Content-Length", strconv.Itoa(len(data)))
	_, _ = w.Write(data)
}

// printedOn is the statement's lines with an amount whose link opens page
// n, or all of them when the statement is printed on n: the figures shown
// beside the page.
func (sv statementView) printedOn(n int) statementView {
	out := statementView{Title: sv.Title, Page: sv.Page}
	for _, l := range sv.Lines {
		on := sv.Page == n
		for _, a := range l.Amounts {
			on = on || strings.Contains(a.URL, "/pages/"+strconv.Itoa(n)+"?")
		}
		if on {
			out.Lines = append(out.Lines, l)
		}
	}
	return out
}

// yearCell finds, on the marked lines, the amount of field k for year:
// the printed number equal to the amount read, in the printed unit. The
// French models print N before N-1, and on the tax forms the net after the
// gross: N is the last match that is not N-1's column, N-1 the last match.
func yearCell(text string, marks []span, ex schema.ExtractionRecord, k statements.Key, year int) (span, bool) {
	unit, err := frnum.ParseMoneyUnit(ex.PrintedUnit)
	if err != nil {
		unit = frnum.KEUR
	}
	factor, _ := unit.ToKEUR()
	want, _ := ex.Years[year].Get(k)
	years := statements.YearsDesc(ex.Years)
	other, hasOther := 0.0, false
	if len(years) > 1 && years[0] == year {
		other, hasOther = ex.Years[years[1]].Get(k)
	}
	// Stored amounts are rounded to one decimal of k€ (frnum.Round1): a
	// number printed in euros is that amount once rounded the same way.
	same := func(n frnum.Number, v float64) bool {
		return math.Abs(frnum.Round1(math.Abs(n.Value*factor))-math.Abs(v)) < 1e-6
	}
	for _, m := range marks {
		nums := frnum.Parse(text[m.start:m.end])
		found := -1
		for i, n := range nums {
			if !same(n, want) {
				continue
			}
			last := i == len(nums)-1
			if last && hasOther && found >= 0 && same(n, other) {
				continue // the N-1 column
			}
			found = i
		}
		if found >= 0 {
			n := nums[found]
			return span{m.start + n.Start, m.start + n.End}, true
		}
	}
	return span{}, false
}
