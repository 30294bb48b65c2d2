package facts

import (
	"strings"

	"analyste.dev/analyste/shared/locate"
	"analyste.dev/analyste/shared/pdftext"
)

// ReadByOCR is the mention every figure and quote read on a page image
// carries: the text it stands on is an OCR's reading, not the PDF's.
const ReadByOCR = "lu par OCR"

// OCR says that what a fact or a printed line stands on was read by OCR,
// and how sure the OCR was of its words (the lowest, from 0 to 1).
type OCR struct {
	Mention    string  `json:"mention"`
	Engine     string  `json:"moteur"`
	Confidence float64 `json:"confiance"`
}

// OCRPage is a page read by OCR, with the OCR's confidence over its
// words (the mean), what the stages after extraction know of it.
type OCRPage struct {
	Page       int     `json:"page"`
	Engine     string  `json:"moteur"`
	Confidence float64 `json:"confiance"`
}

// OCRPages lists the pages of doc read by OCR.
func OCRPages(doc *pdftext.Document) []OCRPage {
	var out []OCRPage
	for _, p := range doc.Pages {
		if p.OCR == nil {
			continue
		}
		sum := 0.0
		for _, c := range p.OCR.Confidence {
			sum += c
		}
		mean := 0.0
		if n := len(p.OCR.Confidence); n > 0 {
			mean = sum / float64(n)
		}
		out = append(out, OCRPage{Page: p.Number, Engine: p.OCR.Engine, Confidence: mean})
	}
	return out
}

// MarkFigures marks every printed line of fs that lies on a page of doc
// read by OCR, with the lowest confidence of the words of its row, and
// each fact standing on one with the lowest of its lines.
func MarkFigures(fs []Fact, doc *pdftext.Document) {
	for i := range fs {
		for j := range fs[i].Fields {
			lines := fs[i].Fields[j].Lines
			for k := range lines {
				if m := lineOCR(doc, lines[k]); m != nil {
					lines[k].OCR = m
					fs[i].OCR = lower(fs[i].OCR, m)
				}
			}
		}
	}
}

// MarkQuotes marks the facts of fs quoting a page read by OCR (Q- and C-
// facts name their quote's page): the quote was verified on the OCR's
// text, whose confidence on that page the mark gives.
func MarkQuotes(fs []Fact, pages []OCRPage) {
	for i := range fs {
		for _, p := range pages {
			if fs[i].Page == p.Page {
				fs[i].OCR = &OCR{Mention: ReadByOCR, Engine: p.Engine, Confidence: p.Confidence}
			}
		}
	}
}

// lineOCR is the OCR mark of a printed line: the lowest confidence of the
// words of the page's row that holds its label, or of the page's words
// when no row does; nil when the page has its text layer.
func lineOCR(doc *pdftext.Document, l PrintedLine) *OCR {
	if l.Page < 1 || l.Page > len(doc.Pages) || doc.Pages[l.Page-1].OCR == nil {
		return nil
	}
	p := doc.Pages[l.Page-1]
	text := p.Text()
	start, end := 0, len(text)
	if label := locate.Fold(l.Label); label != "" {
		at := 0
		for _, row := range strings.Split(text, "\n") {
			if strings.Contains(locate.Fold(row), label) {
				start, end = at, at+len(row)
				break
			}
			at += len(row) + 1
		}
	}
	c, ok := p.Confidence(start, end)
	if !ok {
		return nil
	}
	return &OCR{Mention: ReadByOCR, Engine: p.OCR.Engine, Confidence: c}
}

// lower is the less sure of two marks.
func lower(a, b *OCR) *OCR {
	if a == nil || b.Confidence < a.Confidence {
		return b
	}
	return a
}
