package pipeline

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/quotes"
	"analyste.dev/analyste/shared/riskrules"
)

// TextIssues says what of the document's text layer its pages do not print
// and that would change a figure or a risk if it were read (an amount, a
// year aside, or a sentence the risk reader takes for a risk), and the
// digits read through a font whose ToUnicode map contradicts its encoding:
// each sends the memo to a person, with where to look.
func TextIssues(doc *pdftext.Document) []string {
	var out, where []string
	for _, p := range doc.Pages {
		for _, h := range p.Hidden {
			if len(where) < 3 && (holdsAmount(h.Text) || len(riskrules.Offline([]string{h.Text + "."})) > 0) {
				where = append(where, fmt.Sprintf("p. %d, %s : « %s »", p.Number, h.Reason, excerpt(h.Text)))
			}
		}
	}
	if len(where) > 0 {
		out = append(out, fmt.Sprintf("texte invisible : %d caractères que les pages n'impriment pas, dont un montant ou un risque (%s) : écartés de la lecture, à vérifier par une personne",
			doc.InvisibleChars(), strings.Join(where, " ; ")))
	}
	if n := doc.RemappedDigits(); n > 0 {
		var pages []string
		for _, p := range doc.Pages {
			if p.Remapped > 0 {
				pages = append(pages, strconv.Itoa(p.Number))
			}
		}
		out = append(out, fmt.Sprintf("%d chiffres lus dans une police dont la table ToUnicode contredit l'encodage (p. %s) : le chiffre imprimé n'est pas celui du texte, les montants écrits avec elle ne sont pas vérifiés",
			n, strings.Join(pages, ", ")))
	}
	return out
}

// holdsAmount tells whether hidden text holds what could be read as an
// amount: a number of two digits or more that is not a year, or one of up
// to three digits followed by a group of three (thousands).
func holdsAmount(s string) bool {
	fields := strings.FieldsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || r == '\u202f' || r == '(' || r == ')' })
	for i, f := range fields {
		digits := strings.Trim(f, ".,;:-–+")
		if digits == "" || strings.ContainsFunc(digits, func(r rune) bool { return !unicode.IsDigit(r) && r != ',' && r != '.' }) {
			continue
		}
		if y, err := strconv.Atoi(digits); err != nil || y >= 10 && (y < 1900 || y > 2100) {
			return true
		}
		if len(digits) <= 3 && i+1 < len(fields) && len(fields[i+1]) == 3 && strings.Trim(fields[i+1], "0123456789") == "" {
			return true
		}
	}
	return false
}

// excerpt is the start of hidden text, safe to show.
func excerpt(s string) string {
	s = quotes.Sanitize(s)
	if r := []rune(s); len(r) > 80 {
		return string(r[:80]) + "…"
	}
	return s
}
