// Package quotes verifies that a quote is copied word for word from the text
// of a page. Quote and page go through the one normaliser, Normalise, and the
// quote must then be a substring of its page.
package quotes

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// fold maps the characters a reader cannot tell apart to one form.
var fold = map[rune]rune{
	'’': '\'', '‘': '\'', '′': '\'',
	'“': '"', '”': '"', '«': '"', '»': '"',
	'‐': '-', '‑': '-', '‒': '-', '–': '-', '—': '-', '−': '-',
}

// blank is whitespace, and | that draws a table's rules.
func blank(r rune) bool { return unicode.IsSpace(r) || r == '|' }

// latin is a letter of the Latin script, the only one whose line-end
// hyphenation is rejoined (other scripts could compose across the join).
func latin(r rune) bool { return unicode.Is(unicode.Latin, r) }

// invisible deletes the characters that print nothing.
func invisible(r rune) rune {
	if r == '\u00ad' || r == '\u200b' || r == '\ufeff' {
		return -1
	}
	return r
}

// French typography puts a space after « and before » : ; ! ?, which
// quotes written the English way leave out; Normalise drops that space.
func spaceBefore(r rune) bool { return strings.ContainsRune("»:;!?", r) }

// Normalise gives the form in which quotes and pages are compared: NFKC
// (ﬁ → fi, NBSP → space, … → ...), typographic quotes, apostrophes and dashes
// folded to ASCII, soft hyphens and zero-width characters deleted, | read as
// a space, words hyphenated at a line end rejoined, whitespace collapsed, no
// space after « nor before » : ; ! ? (French typography), lower case.
//
// A hyphen is taken for a line-end hyphenation when it follows a Latin letter
// and whitespace then a Latin letter follow it: "dévelop-\npement" → "développement".
// The text layer cannot tell it from a compound word's hyphen at a line end
// ("peut-\nêtre" → "peutêtre"): Verify lets a quote keep that hyphen. A
// hyphen inside a word ("peut-être") or before a number ("de -\n2,8") is
// kept. The rule does not require a line break, so a quote that copies the
// break as a space ("dévelop- pement") normalises like its page.
func Normalise(s string) string {
	return normalise(s).text
}

// normalised is a normalised page with the places where the text layer may
// differ from what a reader sees, so that Verify can absorb them.
type normalised struct {
	text string
	// optSpace[i]: text[i] is a space that came from a line break inside a
	// word (between two letters) or between a dash and a digit; a quote may
	// omit it.
	optSpace map[int]bool
	// optHyphen[i]: a line-end hyphen was removed just before text[i]; a
	// quote may keep it ("peut-\nêtre" quoted "peut-être").
	optHyphen map[int]bool
}

func normalise(s string) normalised {
	// Deleting before NFKC lets a letter and its combining mark meet; NFKC
	// again after lower-casing composes what lower case can newly compose
	// ("Y\u030a" → "ẙ").
	s = norm.NFKC.String(strings.Map(invisible, s))
	rs := []rune(norm.NFKC.String(strings.ToLower(s)))

	var b strings.Builder
	n := normalised{optSpace: map[int]bool{}, optHyphen: map[int]bool{}}
	last := rune(-1) // last rune written, folded; -1 at the start
	// space: a space is due before the next rune written; opt: it may be
	// left out of a quote; opening: the last rune was «.
	space, opt, opening := false, false, false
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		if f, ok := fold[r]; ok {
			r = f
		}
		if blank(r) {
			j, lineBreak := i, false
			for ; j < len(rs) && blank(rs[j]); j++ {
				lineBreak = lineBreak || rs[j] == '\n' || rs[j] == '\r'
			}
			if last != -1 && !opening && j < len(rs) {
				next := rs[j]
				space = true
				opt = lineBreak && (unicode.IsLetter(last) && unicode.IsLetter(next) || last == '-' && unicode.IsDigit(next))
			}
			i = j - 1
			continue
		}
		if r == '-' && !space && latin(last) {
			j := i + 1
			for j < len(rs) && blank(rs[j]) {
				j++
			}
			if j > i+1 && j < len(rs) && latin(rs[j]) {
				n.optHyphen[b.Len()] = true
				i = j - 1
				continue
			}
		}
		if space && !spaceBefore(rs[i]) {
			if opt {
				n.optSpace[b.Len()] = true
			}
			b.WriteByte(' ')
		}
		space, opening = false, rs[i] == '«'
		b.WriteRune(r)
		last = r
	}
	n.text = b.String()
	return n
}
