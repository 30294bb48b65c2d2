package quotes

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MinLength is the shortest quote accepted, in characters after
// normalisation and edge stripping: shorter, a quote proves nothing.
const MinLength = 12

// edge is stripped from both ends of the normalised quote, never from the
// page: a model wraps a quote in quotation marks or closes it with a period
// where the page goes on with a colon, and neither changes what is quoted.
// Guillemets are already folded to '"' by Normalise.
const edge = " .;:,\"'"

// Result is the outcome of one verification.
type Result struct {
	OK bool
	// Reason says in French why the quote was refused; empty when OK.
	Reason string
	// Pages lists the pages (from 1) whose text contains the quote, in order,
	// so that a refusal can point to the right page.
	Pages []int
}

// Document holds the normalised pages of one document, so that many quotes
// can be verified without normalising the pages again.
type Document struct {
	pages []normalised
}

// NewDocument normalises the page texts, page 1 first.
func NewDocument(pages []string) *Document {
	d := &Document{pages: make([]normalised, len(pages))}
	for i, p := range pages {
		d.pages[i] = normalise(p)
	}
	return d
}

// Verify checks one quote against one page of pages; see Document.Verify.
func Verify(pages []string, page int, quote string) Result {
	return NewDocument(pages).Verify(page, quote)
}

// Verify checks that quote, once normalised and stripped of edge
// punctuation, is at least MinLength characters long, that page is a page of
// the document, and that the quote is a substring of that page's normalised
// text. Beyond Normalise, it absorbs only what the text layer breaks and a
// reader never sees: a line break inside a word may be left out of the quote
// ("dé\nveloppement" quoted "développement"), a line break between a dash and
// a number too ("–\n2,8" quoted "–2,8"), and the hyphen of a line-end
// hyphenation may be kept ("peut-\nêtre" quoted "peut-être"). A changed word,
// number or punctuation mark inside the quote, an ellipsis or "[...]" in
// place of omitted text, and text running onto the next page all fail.
func (d *Document) Verify(page int, quote string) Result {
	q := strings.Trim(Normalise(quote), edge)
	long := utf8.RuneCountInString(q) >= MinLength
	var found []int
	if long {
		for i, p := range d.pages {
			if p.contains(q) {
				found = append(found, i+1)
			}
		}
	}
	switch {
	case page < 1 || page > len(d.pages):
		return Result{Reason: d.outOfRange() + elsewhere(found), Pages: found}
	case !long:
		return Result{Reason: fmt.Sprintf("citation trop courte (moins de %d caractères)", MinLength)}
	case slices.Contains(found, page):
		return Result{OK: true, Pages: found}
	default:
		return Result{Reason: fmt.Sprintf("citation introuvable à la page %d", page) + elsewhere(found), Pages: found}
	}
}

func (d *Document) outOfRange() string {
	if len(d.pages) == 0 {
		return "page hors du document (aucune page)"
	}
	return fmt.Sprintf("page hors du document (1–%d)", len(d.pages))
}

// elsewhere completes a refusal with the pages where the quote is.
func elsewhere(pages []int) string {
	switch len(pages) {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf(" mais présente à la page %d", pages[0])
	}
	s := make([]string, len(pages))
	for i, p := range pages {
		s[i] = strconv.Itoa(p)
	}
	return " mais présente aux pages " + strings.Join(s[:len(s)-1], ", ") + " et " + s[len(s)-1]
}

// contains reports whether q occurs in the page, letting q leave out an
// optional space and keep a removed line-end hyphen.
func (n normalised) contains(q string) bool {
	for s := range len(n.text) {
		if n.matchAt(s, q) {
			return true
		}
	}
	return false
}

func (n normalised) matchAt(i int, q string) bool {
	p := n.text
	for j := 0; j < len(q); {
		switch {
		case i < len(p) && p[i] == q[j]:
			i++
			j++
		case n.optSpace[i]:
			i++
		case n.optHyphen[i] && q[j] == '-':
			j++
		default:
			return false
		}
	}
	return true
}
