package ocr

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// lookalikes are the letters an OCR reads for a digit of an amount: a
// capital O or a lower-case o for 0, l, I and | for 1.
var lookalikes = map[rune]rune{'O': '0', 'o': '0', 'l': '1', 'I': '1', '|': '1'}

// amountPunct is what an amount prints besides its digits: separators,
// signs, parentheses and a unit after it.
const amountPunct = ".,-−–()%€\u00a0\u202f"

// minusLookalikes are what the OCR reads a minus sign as when it is
// longer or thicker than its hyphen: an em dash, an equals sign.
const minusLookalikes = "—=~"

// marks are what a speck or a table's rule beside an amount is read as:
// quotes, and an exclamation mark for a rule touching its last digit.
const marks = "‘’'`\"«»“”!"

// fixDigits gives a word that prints an amount its digits where the OCR
// read a lookalike letter ("1O2" → "102", "l 234" → "1 234"), without
// the mark a speck or a rule beside it is read as ("‘131" → "131",
// "734 000!" → "734 000"): a word with
// at least two digits, nothing but digits, lookalikes and an amount's
// punctuation, whose lookalikes all stand next to a digit. Any other word
// is left as read.
func fixDigits(word string) string {
	// A minus sign read as a longer dash or as an equals sign, set against
	// the amount's first digit: « —413 », « =396 ».
	if r, size := utf8.DecodeRuneInString(word); strings.ContainsRune(minusLookalikes, r) && len(word) > size &&
		unicode.IsDigit(rune(word[size])) && strings.Trim(word[size:], "0123456789 .,") == "" {
		word = "-" + word[size:]
	}
	if t := strings.Trim(word, marks); t != word && strings.Trim(t, "0123456789 .,") == "" && len(digitsOf(t)) >= 2 {
		word = t // a speck or a rule read as a mark beside an amount
	}
	rs := []rune(word)
	digits, looks := 0, 0
	for _, r := range rs {
		switch {
		case unicode.IsDigit(r):
			digits++
		case lookalikes[r] != 0:
			looks++
		case strings.ContainsRune(amountPunct, r):
		default:
			return word
		}
	}
	if looks == 0 || digits < 2 {
		return word
	}
	for i, r := range rs {
		d := lookalikes[r]
		if d == 0 {
			continue
		}
		next := i > 0 && unicode.IsDigit(rs[i-1]) || i+1 < len(rs) && unicode.IsDigit(rs[i+1])
		if !next {
			return word
		}
		rs[i] = d
	}
	return string(rs)
}

// digitsOf keeps the digits of s.
func digitsOf(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, s)
}

// A page that groups its amounts' thousands with a dot (« 9.353 », a k€
// table) has some of them read with a comma or a colon (« 12,596 »,
// « 2:377 »): the same separator, where no amount of the page has a
// decimal comma. (A page grouping with spaces or commas is left as read.)
var (
	dotGrouped   = regexp.MustCompile(`^[(-]?\d{1,3}(\.\d{3})+\)?$`)
	otherGrouped = regexp.MustCompile(`^([(-]?\d{1,3})[,:;](\d{3})\)?$`)
	decimalComma = regexp.MustCompile(`\d,\d{1,2}\)?$`)
)

// dotGroups are the least amounts grouped with a dot that make it the
// page's separator.
const dotGroups = 5

// sameGroups writes with a dot the thousands of the amounts of texts
// (a page's words) read with another separator, when the page groups with
// a dot: at least dotGroups amounts do, none has a decimal comma.
func sameGroups(texts []string) {
	dots := 0
	for _, t := range texts {
		if decimalComma.MatchString(t) {
			return
		}
		if dotGrouped.MatchString(t) {
			dots++
		}
	}
	if dots < dotGroups {
		return
	}
	for i, t := range texts {
		if m := otherGrouped.FindStringSubmatch(t); m != nil {
			texts[i] = t[:len(m[1])] + "." + t[len(m[1])+1:]
		}
	}
}
