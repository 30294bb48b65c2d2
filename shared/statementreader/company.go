package statementreader

import (
	"strings"
	"unicode"

	"analyste.dev/analyste/shared/pdftext"
)

// legalForms are the French company forms a name ends with.
var legalForms = map[string]bool{
	"SA": true, "SAS": true, "SASU": true, "SARL": true, "EURL": true, "SCA": true,
	"SNC": true, "SCS": true, "SE": true, "SCOP": true,
}

// maxNameWords bounds the words before a legal form that make a name.
const maxNameWords = 6

// minHeaderPages is how many pages must open with the same text for it to
// be taken as the company's name.
const minHeaderPages = 2

// company reads the company's name: the most frequent "<name> <legal form>"
// of the document (cover, running footer, auditor's report), else the text
// that opens most pages, the running header of small companies' filings.
func company(doc *pdftext.Document) string {
	named := map[string]int{}
	headers := map[string]int{}
	for _, p := range doc.Pages {
		for i, l := range p.Lines {
			for _, s := range l.Spans {
				if name, ok := withLegalForm(s.Text); ok {
					named[name]++
				}
			}
			if i == 0 && len(l.Spans) > 0 && strings.ContainsFunc(l.Spans[0].Text, unicode.IsLetter) {
				headers[strings.TrimSpace(l.Spans[0].Text)]++
			}
		}
	}
	if name := mostFrequent(named); name != "" {
		return name
	}
	if name := mostFrequent(headers); headers[name] >= minHeaderPages {
		return name
	}
	return ""
}

// withLegalForm cuts a text after its first legal form: "Maison Ferlac SAS
// au capital de…" gives "Maison Ferlac SAS". A label ("Statut juridique :
// SAS") is not a name.
func withLegalForm(text string) (string, bool) {
	words := strings.Fields(text)
	for i, w := range words {
		if !legalForms[strings.Trim(w, ",.;")] || i == 0 || i > maxNameWords {
			continue
		}
		for _, before := range words[:i] {
			if strings.HasSuffix(before, ":") || !strings.ContainsFunc(before, unicode.IsLetter) {
				return "", false
			}
		}
		return strings.Join(append(words[:i:i], strings.Trim(w, ",.;")), " "), true
	}
	return "", false
}

// mostFrequent returns the key counted most, the longest then the first in
// byte order on a tie so that the result does not depend on map order.
func mostFrequent(counts map[string]int) string {
	best := ""
	for k, n := range counts {
		switch {
		case best == "", n > counts[best]:
			best = k
		case n == counts[best] && (len(k) > len(best) || len(k) == len(best) && k < best):
			best = k
		}
	}
	return best
}
