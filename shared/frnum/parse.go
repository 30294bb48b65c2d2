package frnum

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Number is one number found in a text.
type Number struct {
	Value    float64 // signed, in Unit, as printed
	Decimals int     // digits printed after the decimal comma
	Unit     Unit
	Start    int    // byte offset of the first character (sign or parenthesis included)
	End      int    // byte offset just past the number, its unit and closing parenthesis
	Text     string // the text between Start and End
}

// KEUR converts a money number to k€; ok is false for any other unit.
func (n Number) KEUR() (v float64, ok bool) {
	f, ok := n.Unit.ToKEUR()
	return n.Value * f, ok
}

// IsYear reports whether the number is printed like a year: four bare digits
// between 1900 and 2100, no sign, no unit.
func (n Number) IsYear() bool {
	return n.Unit == None && len(n.Text) == 4 && n.Value >= 1900 && n.Value <= 2100
}

// Parse finds every number of a French text, in order.
//
// Rules, so that the parser and Format agree:
//   - a number starts at a digit that does not follow a letter or a digit
//     ("T4", "CO2", "A320" are not numbers);
//   - thousands groups: a first group of one to three digits may be followed
//     by groups of exactly three digits, each after one separator (space,
//     U+00A0, U+202F, U+2009 or a dot). Four digits never start a group, so a
//     year stays alone: "en 2025 157 275" is 2025 then 157 275, and
//     "2024 : 3,6x" is 2024 then 3,6x. Grouping is greedy, so prose is the
//     target: two table columns separated by one space would merge;
//   - the decimal mark is a comma followed by a digit; a dot followed by
//     anything but exactly three digits is read as a decimal point ("3.6x");
//   - a sign (-, U+2212, U+2013, +) counts when it touches the digits and
//     does not follow a letter or digit ("2024-2025" is two positive years);
//   - a number in parentheses, "(14 930)" or "(14 930 k€)", is negative;
//   - a unit may follow after spaces: see unitForms.
func Parse(text string) []Number {
	var out []Number
	i := 0
	for i < len(text) {
		r, size := firstRune(text[i:])
		if !isDigit(r) {
			i += size
			continue
		}
		if p, _ := utf8.DecodeLastRuneInString(text[:i]); i > 0 && isWordRune(p) {
			i = skipWord(text, i)
			continue
		}
		n, next := readNumber(text, i)
		out = append(out, n)
		i = next
	}
	return out
}

// readNumber reads the number whose first digit is at start.
func readNumber(text string, start int) (Number, int) {
	digits, i := scanDigits(text, start)
	var b strings.Builder
	b.WriteString(digits)
	if len(digits) <= 3 {
		for {
			j, ok := groupAt(text, i)
			if !ok {
				break
			}
			b.WriteString(text[j : j+3])
			i = j + 3
		}
	}
	decimals := 0
	if i+1 < len(text) && (text[i] == ',' || text[i] == '.') && isDigit(rune(text[i+1])) {
		frac, j := scanDigits(text, i+1)
		b.WriteByte('.')
		b.WriteString(frac)
		decimals = len(frac)
		i = j
	}
	value, _ := strconv.ParseFloat(b.String(), 64) // only digits and one dot

	n := Number{Value: value, Decimals: decimals, Start: start}
	if s, ok := signBefore(text, start); ok {
		n.Start = s
		if text[s] != '+' {
			n.Value = -n.Value
		}
	}
	if u, size := unitAfter(text, i); u != None {
		n.Unit = u
		i += size
	}
	// Parentheses: "(" right before and ")" right after, spaces allowed; the
	// unit may sit inside or after them: "(14 930 k€)", "(14 930) k€".
	if open, ok := openParenBefore(text, n.Start); ok {
		if close, ok := closeParenAfter(text, i); ok {
			n.Start = open
			n.Value = -abs(n.Value)
			i = close
			if n.Unit == None {
				if u, size := unitAfter(text, i); u != None {
					n.Unit = u
					i += size
				}
			}
		}
	}
	if n.Value == 0 {
		n.Value = 0 // no "-0"
	}
	n.End = i
	n.Text = text[n.Start:n.End]
	return n, i
}

// groupAt reports whether a separator at i is followed by exactly three
// digits and returns the offset of those digits.
func groupAt(text string, i int) (int, bool) {
	r, size := firstRune(text[i:])
	if size == 0 || r == '\t' || !(isSpace(r) || r == '.') {
		return 0, false
	}
	j := i + size
	if j+3 > len(text) || !isDigit(rune(text[j])) || !isDigit(rune(text[j+1])) || !isDigit(rune(text[j+2])) {
		return 0, false
	}
	if j+3 < len(text) && isDigit(rune(text[j+3])) {
		return 0, false
	}
	// "1.234,5" groups, but "1.2345" or "3.6" do not: handled by the caller
	// reading the dot as a decimal point.
	return j, true
}

func signBefore(text string, start int) (int, bool) {
	r, size := utf8.DecodeLastRuneInString(text[:start])
	if size == 0 || (r != '-' && r != '−' && r != '–' && r != '+') {
		return 0, false
	}
	s := start - size
	if p, _ := utf8.DecodeLastRuneInString(text[:s]); s > 0 && isWordRune(p) {
		return 0, false
	}
	return s, true
}

func unitAfter(text string, i int) (Unit, int) {
	j := i
	for {
		r, size := firstRune(text[j:])
		if size == 0 || !isSpace(r) {
			break
		}
		j += size
	}
	u, n := matchUnit(text[j:])
	if u == None {
		return None, 0
	}
	return u, j - i + n
}

func openParenBefore(text string, start int) (int, bool) {
	j := strings.TrimRightFunc(text[:start], isSpace)
	if strings.HasSuffix(j, "(") {
		return len(j) - 1, true
	}
	return 0, false
}

func closeParenAfter(text string, i int) (int, bool) {
	rest := strings.TrimLeftFunc(text[i:], isSpace)
	if strings.HasPrefix(rest, ")") {
		return len(text) - len(rest) + 1, true
	}
	return 0, false
}

func scanDigits(text string, i int) (string, int) {
	j := i
	for j < len(text) && isDigit(rune(text[j])) {
		j++
	}
	return text[i:j], j
}

func skipWord(text string, i int) int {
	for i < len(text) {
		r, size := firstRune(text[i:])
		if !isWordRune(r) {
			break
		}
		i += size
	}
	return i
}

func firstRune(s string) (rune, int) {
	if s == "" {
		return 0, 0
	}
	return utf8.DecodeRuneInString(s)
}

func lastRune(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}

func isDigit(r rune) bool { return r >= '0' && r <= '9' }

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

func isSpace(r rune) bool {
	return r == ' ' || r == '\u00a0' || r == '\u202f' || r == '\u2009' || r == '\t'
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}
