// Package quotes verifies that a quote is copied word for word from the text
// of a page. Quote and page go through the one normaliser, Normalise, and the
// quote must then be a substring of its page. Locate finds where, in the
// page's own text, a quote Verify accepts was copied from.
package quotes

import (
	"strings"
	"unicode"
	"unicode/utf8"

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

// invisible is a character that prints nothing: soft hyphen, zero-width
// characters and the bidirectional controls, which only reorder what is
// displayed ("€k 000 09" shown as "90 000 k€").
func invisible(r rune) bool {
	return r == '\u00ad' || r == '\u200b' || r == '\ufeff' || bidiControl(r)
}

// bidiControl is a bidirectional embedding, override, isolate or mark.
func bidiControl(r rune) bool {
	return r >= '\u202a' && r <= '\u202e' || r >= '\u2066' && r <= '\u2069' || r == '\u200e' || r == '\u200f' || r == '\u061c'
}

// Sanitize removes what could make a text display otherwise than it is
// stored: bidirectional controls and control characters (escape sequences
// included), line breaks and tabs aside.
func Sanitize(s string) string {
	return strings.Map(func(r rune) rune {
		if bidiControl(r) || unicode.IsControl(r) && r != '\n' && r != '\t' {
			return -1
		}
		return r
	}, strings.ToValidUTF8(s, "\ufffd"))
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

// span is a range of bytes of an original text, end excluded.
type span struct{ start, end int }

// normalised is a normalised page with the places where the text layer may
// differ from what a reader sees, so that Verify can absorb them, and where
// each byte comes from, so that Locate can point to it.
type normalised struct {
	text string
	// at[i]: the bytes of the original text that text[i] comes from.
	at []span
	// optSpace[i]: text[i] is a space that came from a line break inside a
	// word (between two letters) or between a dash and a digit; a quote may
	// omit it.
	optSpace map[int]bool
	// optHyphen[i]: a line-end hyphen, at that place in the original text,
	// was removed just before text[i]; a quote may keep it ("peut-\nêtre"
	// quoted "peut-être").
	optHyphen map[int]span
	// bare is text without its spaces and hyphens: a quote that matches
	// holds, without its own, a substring of it (see find).
	bare string
}

func normalise(s string) normalised {
	rs, from := folded(s)
	var b strings.Builder
	n := normalised{optSpace: map[int]bool{}, optHyphen: map[int]span{}}
	write := func(r rune, src span) {
		b.WriteRune(r)
		for len(n.at) < b.Len() {
			n.at = append(n.at, src)
		}
	}
	last := rune(-1) // last rune written, folded; -1 at the start
	// space: a space is due before the next rune written, in place of the
	// blanks at blanks; opt: it may be left out of a quote; opening: the last
	// rune was «.
	space, opt, opening := false, false, false
	var blanks span
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
				space, blanks = true, span{from[i].start, from[j-1].end}
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
				n.optHyphen[b.Len()] = from[i]
				i = j - 1
				continue
			}
		}
		if space && !spaceBefore(rs[i]) {
			if opt {
				n.optSpace[b.Len()] = true
			}
			write(' ', blanks)
		}
		space, opening = false, rs[i] == '«'
		write(r, from[i])
		last = r
	}
	n.text = b.String()
	n.bare = bare(n.text)
	return n
}

// bare removes the spaces and hyphens of a normalised text: those a match
// may skip (optional spaces of the page, a kept line-end hyphen of the
// quote) and those it pairs, so that every match shows as a substring.
func bare(s string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' {
			return -1
		}
		return r
	}, s)
}

// foldChars is what Normalise does to characters once the invisible ones
// are deleted: NFKC (ﬁ → fi), lower case, and NFKC again to compose what
// lower case can newly compose ("Y\u030a" → "ẙ").
func foldChars(s string) string {
	return norm.NFKC.String(strings.ToLower(norm.NFKC.String(s)))
}

// folded returns foldChars of s without its invisible characters (deleted
// first, so that a letter and its combining mark meet), as runes, each with
// the bytes of s it comes from. To know where each rune comes from, the text
// is folded in pieces that start at each ASCII character, since no ASCII
// character composes with what precedes it, and each piece is cut further at its
// normalisation boundaries when that folds it the same.
func folded(s string) ([]rune, []span) {
	kept, from := make([]rune, 0, len(s)), make([]span, 0, len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if !invisible(r) {
			kept = append(kept, r)
			from = append(from, span{i, i + size})
		}
		i += size
	}
	rs, at := make([]rune, 0, len(kept)), make([]span, 0, len(kept))
	for a := 0; a < len(kept); {
		b := a + 1
		for b < len(kept) && kept[b] >= utf8.RuneSelf {
			b++
		}
		if b == a+1 && kept[a] < utf8.RuneSelf {
			// Most of a page: an ASCII character folds to its lower case.
			rs, at = append(rs, unicode.ToLower(kept[a])), append(at, from[a])
		} else {
			rs, at = foldPiece(rs, at, kept[a:b], from[a:b])
		}
		a = b
	}
	return rs, at
}

// foldPiece appends to rs the folded runes of piece, and to at where each
// comes from: the segment of piece it comes from, or the whole piece when
// folding segment by segment would change the text.
func foldPiece(rs []rune, at []span, piece []rune, from []span) ([]rune, []span) {
	s := string(piece)
	var parts []string
	var src []span
	for i, r := 0, 0; i < len(s); {
		n := norm.NFKC.NextBoundaryInString(s[i:], true)
		k := utf8.RuneCountInString(s[i : i+n])
		parts = append(parts, foldChars(s[i:i+n]))
		src = append(src, span{from[r].start, from[r+k-1].end})
		i, r = i+n, r+k
	}
	if len(parts) > 1 {
		if whole := foldChars(s); strings.Join(parts, "") != whole {
			parts, src = []string{whole}, []span{{from[0].start, from[len(from)-1].end}}
		}
	}
	for i, p := range parts {
		for _, r := range p {
			rs = append(rs, r)
			at = append(at, src[i])
		}
	}
	return rs, at
}
