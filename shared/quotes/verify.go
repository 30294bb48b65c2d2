package quotes

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"analyste.dev/analyste/shared/pdftext"
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
//
// The pages are searched through their bare text first (see find), which
// a quote that matches holds: a page without it is passed over at the
// speed of a substring search.
func (d *Document) Verify(page int, quote string) Result {
	q := strings.Trim(Normalise(quote), edge)
	long := longEnough(q)
	var found []int
	if long {
		qb := bare(q)
		for i, p := range d.pages {
			if _, ok := p.find(q, qb); ok {
				found = append(found, i+1)
			}
		}
	}
	switch {
	case page < 1 || page > len(d.pages):
		return Result{Reason: d.outOfRange() + elsewhere(found), Pages: found}
	case withheld(q):
		return Result{Reason: Withheld, Pages: found}
	case !long:
		return Result{Reason: fmt.Sprintf("citation trop courte (moins de %d caractères)", MinLength)}
	case slices.Contains(found, page):
		return Result{OK: true, Pages: found}
	default:
		return Result{Reason: fmt.Sprintf("citation introuvable à la page %d", page) + elsewhere(found), Pages: found}
	}
}

// Holds reports whether Verify accepts quote on page, searching that page
// only: what a caller needs that quotes a page's own sentences, thousands
// of them in a long report, where Verify searches every page for each.
func (d *Document) Holds(page int, quote string) bool {
	q := strings.Trim(Normalise(quote), edge)
	if page < 1 || page > len(d.pages) || !longEnough(q) || withheld(q) {
		return false
	}
	_, ok := d.pages[page-1].find(q, bare(q))
	return ok
}

func (d *Document) outOfRange() string {
	if len(d.pages) == 0 {
		return "page hors du document (aucune page)"
	}
	return fmt.Sprintf("page hors du document (1–%d)", len(d.pages))
}

// Withheld is why a quote is refused that holds a character the text
// layer withholds (U+FFFD): a digit of a font whose ToUnicode lies, or a
// figure the printed page shows otherwise (ocr.Reader.CrossCheck).
const Withheld = "citation non vérifiable : elle passe par des chiffres que la page imprime autrement que son texte ne le dit (police trompeuse ou contrôle par OCR), à vérifier par une personne"

// withheld tells whether a normalised quote holds a withheld character.
func withheld(q string) bool { return strings.ContainsRune(q, '\ufffd') }

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

// Locate finds quote in page as Verify does, and returns the bytes
// page[start:end] it was copied from, so that it can be shown in place; ok is
// false exactly when Verify refuses the quote on that page. The span takes in
// the quote's edge punctuation where the page has it too, so that a quote
// ending with a period shows the page's period.
//
// Of the quote's edge punctuation, the most the page has around one
// occurrence of the stripped quote is shown, leading punctuation first
// when two choices show as much, then the first such occurrence; a span
// never starts or ends on a space. The stripped quote is searched as
// Verify searches it, and each occurrence's edges are compared once: a
// quote wrapped in kilobytes of punctuation costs what its words cost,
// where trying every way of dropping punctuation cost its square.
func Locate(page, quote string) (start, end int, ok bool) {
	q := Normalise(quote)
	core := strings.Trim(q, edge)
	if !longEnough(core) {
		return 0, 0, false
	}
	n := normalise(page)
	lead := q[:len(q)-len(strings.TrimLeft(q, edge))]
	trail := q[len(strings.TrimRight(q, edge)):]
	var best span
	bestLead, bestTrail := -1, -1
	for s := 0; s < len(n.text); s++ {
		sp, first, next, found := n.matchAt(s, core)
		if !found {
			continue
		}
		// Edge punctuation holds no letter, digit or dash: the page's must
		// match it byte for byte, without optional spaces or hyphens.
		l := 0
		for l < len(lead) && first-l > 0 && n.text[first-l-1] == lead[len(lead)-1-l] {
			l++
		}
		r := 0
		for r < len(trail) && next+r < len(n.text) && n.text[next+r] == trail[r] {
			r++
		}
		for l > 0 && lead[len(lead)-l] == ' ' {
			l--
		}
		for r > 0 && trail[r-1] == ' ' {
			r--
		}
		if l+r > bestLead+bestTrail || l+r == bestLead+bestTrail && l > bestLead {
			best, bestLead, bestTrail = sp, l, r
			if l > 0 {
				best.start = n.at[first-l].start
			}
			if r > 0 {
				best.end = n.at[next+r-1].end
			}
		}
		if bestLead == len(lead) && bestTrail == len(trail) {
			break // Normalise leaves no space at either end of q
		}
	}
	return best.start, best.end, bestLead >= 0
}

// Rects gives where quote is printed on page: the glyph boxes of the span
// Locate accepts in the page's text, one rectangle per line, so that what
// is marked on the printed page is what verification accepted. ok is false
// exactly when Locate refuses the quote; the rectangles are empty when the
// page holds no glyph boxes (pdftext.ReadPage keeps them).
func Rects(page pdftext.Page, quote string) (rects []pdftext.Rect, ok bool) {
	start, end, ok := Locate(page.Text(), quote)
	if !ok {
		return nil, false
	}
	return page.Rects(start, end), true
}

// longEnough reports whether a normalised, stripped quote is long enough
// to prove anything.
func longEnough(q string) bool { return utf8.RuneCountInString(q) >= MinLength }

// find returns where q first occurs in the page, in the original text,
// letting q leave out an optional space and keep a removed line-end hyphen.
// qb is bare(q): a page whose bare text lacks it cannot hold q.
func (n normalised) find(q, qb string) (span, bool) {
	if !strings.Contains(n.bare, qb) {
		return span{}, false
	}
	for s := range len(n.text) {
		if sp, _, _, ok := n.matchAt(s, q); ok {
			return sp, true
		}
	}
	return span{}, false
}

// matchAt is find with q starting at text[i]. It also returns the indexes
// in text of q's first character (of the letter after it, for a removed
// hyphen) and of the character after q's last.
func (n normalised) matchAt(i int, q string) (sp span, first, next int, ok bool) {
	p := n.text
	for j := 0; j < len(q); {
		var src span
		at := i
		switch {
		case i < len(p) && p[i] == q[j]:
			src = n.at[i]
			i++
		case n.optSpace[i]:
			i++
			continue
		default:
			hyphen, ok := n.optHyphen[i]
			if !ok || q[j] != '-' {
				return span{}, 0, 0, false
			}
			src = hyphen
		}
		if j == 0 {
			sp.start, first = src.start, at
		}
		sp.end = src.end
		j++
	}
	return sp, first, i, true
}
