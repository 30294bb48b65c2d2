package viewer

import (
	"html/template"
	"math"
	"net/url"
	"strconv"
	"strings"
	"time"
	_ "time/tzdata" // Europe/Paris without the system's zone database

	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/statements"
)

// funcs are the templates' helpers.
var funcs = template.FuncMap{
	"amount":    frnum.Format,
	"date":      formatDate,
	"reportURL": reportURL,
	"ocr":       ocrMark,
}

// ocrMark is what a fact or a signal read on a page image says of it:
// "lu par OCR (Tesseract, confiance 87 %)".
func ocrMark(o *facts.OCR) string {
	return o.Mention + " (" + ocrConfidence(o.Engine, o.Confidence) + ")"
}

// ocrConfidence names an OCR and how sure it was: "Tesseract, confiance 87 %".
func ocrConfidence(engine string, conf float64) string {
	return engine + ", confiance " + strconv.Itoa(int(math.Round(conf*100))) + " %"
}

func formatInt[T ~int | ~int64](n T) string { return frnum.Format(float64(n)) }

func plural[T ~int | ~int64](n T) string {
	if n > 1 || n < -1 {
		return "s"
	}
	return ""
}

// paris is the analysts' time zone, embedded (time/tzdata) so that a
// container without a zone database still shows it.
var paris = func() *time.Location {
	l, err := time.LoadLocation("Europe/Paris")
	if err != nil {
		panic(err) // the embedded database has it
	}
	return l
}()

// formatDate writes a time the French way, in Paris time; the zero time is "—".
func formatDate(t time.Time) string {
	if t.IsZero() {
		return "—"
	}
	return t.In(paris).Format("02/01/2006 à 15:04:05") + " (heure de Paris)"
}

// reportURL is a report's page.
func reportURL(id string) string { return "/rapports/" + url.PathEscape(id) }

// linesURL is the page view of the first of lines with every line printed
// on that page marked: an amount the statements add up from several lines.
func linesURL(id string, lines []facts.PrintedLine) string {
	return reportURL(id) + "/pages/" + strconv.Itoa(lines[0].Page) + "?" + linesQuery(lines).Encode() + "#citation"
}

// linesQuery asks for the lines printed on the first line's page.
func linesQuery(lines []facts.PrintedLine) url.Values {
	q := url.Values{}
	for _, l := range lines {
		if l.Page == lines[0].Page {
			q.Add("ligne", l.Label)
		}
	}
	return q
}

// cellURL is the page view of field k's printed lines with its amount of
// year marked on them, that cell only, on page (see markedPage); from is
// the report's row a "back" link returns to.
func cellURL(id string, k statements.Key, year int, lines []facts.PrintedLine, page int, from string) string {
	q := linesQuery(lines)
	q.Set("champ", k.String())
	q.Set("annee", strconv.Itoa(year))
	if from != "" {
		q.Set("depuis", from)
	}
	return reportURL(id) + "/pages/" + strconv.Itoa(page) + "?" + q.Encode() + "#citation"
}

// rowAnchor is the id of a field's row in the report's statements.
func rowAnchor(k statements.Key) string {
	return "poste-" + strings.ReplaceAll(string(k.Statement)+"-"+k.Name, "_", "-")
}

// pdfURL is where the viewer serves a report's uploaded PDF.
func pdfURL(id string) string { return reportURL(id) + "/pdf" }

// pageURL is the page view of page n of report id with key=value
// marked (fait, citation or ligne), scrolled to the mark.
func pageURL(id string, n int, key, value string) string {
	u := reportURL(id) + "/pages/" + strconv.Itoa(n)
	if value != "" {
		u += "?" + url.Values{key: {value}}.Encode() + "#citation"
	}
	return u
}
