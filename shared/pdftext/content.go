package pdftext

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// The content-stream lexer is our own rather than pdf.Interpret: Interpret
// recurses without bound on nested arrays (deep_nesting.pdf holds 3 MB of
// "["), reads inline-image bytes as operators, panics on malformed
// operands, and allocates a library Value per operand.

type operandKind uint8

const (
	kindOther operandKind = iota // booleans, null, dictionaries: never text
	kindNumber
	kindString
	kindName
	kindArray
)

type operand struct {
	kind operandKind
	num  float64
	str  string // string bytes or name
	arr  []operand
}

// lexer reads the operators of a content stream with their operands.
type lexer struct {
	data  []byte
	pos   int
	args  []operand
	count int // operands since the last operator, array elements included
	// arena holds the elements of the operands' arrays (not of arrays
	// nested in them) until the next operator: a TJ array per operator
	// then allocates nothing once the arena has grown.
	arena []operand
	// buf holds a string operand while it is read: each then costs one
	// allocation, its own.
	buf []byte
}

var (
	// errNesting reports arrays or dictionaries nested deeper than maxNesting.
	errNesting = fmt.Errorf("%w : tableaux imbriqués au-delà de %d niveaux", ErrDamaged, maxNesting)
	// Operands and strings are bounded by what an operator can take
	// (maxOperands, maxStringBytes): a 65 KB stream inflating to 63 MiB of
	// them held gigabytes.
	errOperands = fmt.Errorf("%w : plus de %d opérandes pour un opérateur", ErrTooComplex, maxOperands)
	errString   = fmt.Errorf("%w : chaîne de plus de %d octets", ErrTooComplex, maxStringBytes)
)

// next returns the next operator and its operands (valid until the next
// call); op is "" at the end of the data.
func (l *lexer) next() (op string, args []operand, err error) {
	l.args, l.count, l.arena = l.args[:0], 0, l.arena[:0]
	for {
		l.skipSpace()
		if l.pos >= len(l.data) {
			return "", l.args, nil
		}
		c := l.data[l.pos]
		if isRegular(c) && !isNumberStart(c) {
			word := l.keyword()
			switch word {
			case "true", "false", "null":
				if l.count++; l.count > maxOperands {
					return "", nil, errOperands
				}
				l.args = append(l.args, operand{kind: kindOther})
				continue
			case "BI":
				l.skipInlineImage()
				l.args, l.count = l.args[:0], 0
				continue
			}
			return word, l.args, nil
		}
		if isNumberStart(c) && l.count < maxOperands { // most operands: no copy through value
			l.count++
			l.args = append(l.args, operand{kind: kindNumber, num: l.number()})
			continue
		}
		v, ok, err := l.value(0)
		if err != nil {
			return "", nil, err
		}
		if ok {
			l.args = append(l.args, v)
		}
	}
}

// value reads one operand; ok is false for a stray delimiter.
func (l *lexer) value(depth int) (v operand, ok bool, err error) {
	if depth > maxNesting {
		return operand{}, false, errNesting
	}
	if l.count++; l.count > maxOperands {
		return operand{}, false, errOperands
	}
	c := l.data[l.pos]
	switch {
	case c == '(':
		s, err := l.literal()
		return operand{kind: kindString, str: s}, err == nil, err
	case c == '<' && l.peek(1) == '<':
		l.pos += 2
		if err := l.skipDict(depth + 1); err != nil {
			return operand{}, false, err
		}
		return operand{kind: kindOther}, true, nil
	case c == '<':
		s, err := l.hex()
		return operand{kind: kindString, str: s}, err == nil, err
	case c == '[':
		l.pos++
		arr, err := l.array(depth + 1)
		return operand{kind: kindArray, arr: arr}, true, err
	case c == '/':
		l.pos++
		return operand{kind: kindName, str: decodeName(l.word())}, true, nil
	case isNumberStart(c):
		return operand{kind: kindNumber, num: l.number()}, true, nil
	case isRegular(c): // a keyword inside an array or dictionary
		l.word()
		return operand{kind: kindOther}, true, nil
	}
	l.pos++ // ) ] > { }
	return operand{}, false, nil
}

func (l *lexer) array(depth int) ([]operand, error) {
	var arr []operand
	top, start := depth == 1, len(l.arena)
	done := func() []operand {
		if top {
			return l.arena[start:len(l.arena):len(l.arena)]
		}
		return arr
	}
	for {
		l.skipSpace()
		if l.pos >= len(l.data) {
			return done(), nil
		}
		if l.data[l.pos] == ']' {
			l.pos++
			return done(), nil
		}
		v, ok, err := l.value(depth)
		if err != nil {
			return nil, err
		}
		switch {
		case ok && top:
			l.arena = append(l.arena, v)
		case ok:
			arr = append(arr, v)
		}
	}
}

func (l *lexer) skipDict(depth int) error {
	for {
		l.skipSpace()
		if l.pos >= len(l.data) {
			return nil
		}
		if l.data[l.pos] == '>' && l.peek(1) == '>' {
			l.pos += 2
			return nil
		}
		if _, _, err := l.value(depth); err != nil {
			return err
		}
	}
}

func (l *lexer) peek(k int) byte {
	if l.pos+k < len(l.data) {
		return l.data[l.pos+k]
	}
	return 0
}

func (l *lexer) skipSpace() {
	for l.pos < len(l.data) {
		c := l.data[l.pos]
		switch {
		case isSpace(c):
			l.pos++
		case c == '%':
			for l.pos < len(l.data) && l.data[l.pos] != '\n' && l.data[l.pos] != '\r' {
				l.pos++
			}
		default:
			return
		}
	}
}

func (l *lexer) word() string {
	return string(l.wordBytes())
}

func (l *lexer) wordBytes() []byte {
	start := l.pos
	for l.pos < len(l.data) && isRegular(l.data[l.pos]) {
		l.pos++
	}
	return l.data[start:l.pos]
}

// keyword reads an operator or keyword. Those of content streams are
// interned: millions of operators need no allocation each, and are found by
// their bytes rather than hashed.
func (l *lexer) keyword() string {
	w := l.wordBytes()
	switch {
	case len(w) == 1 && keywords.one[w[0]] != "":
		return keywords.one[w[0]]
	case len(w) == 2:
		for _, k := range keywords.two[w[0]] {
			if k[1] == w[1] {
				return k
			}
		}
	case len(w) <= 5:
		for _, k := range keywords.long[w[0]] {
			if string(w) == k {
				return k
			}
		}
	}
	return string(w)
}

// keywordTable holds the operators and keywords of content streams, by
// length and first byte.
type keywordTable struct {
	one       [256]string
	two, long [256][]string
}

var keywords = func() *keywordTable {
	by := &keywordTable{}
	for _, k := range strings.Fields(`true false null q Q cm w J j M d ri i gs m l c v y h re
		S s f F f* B B* b b* n W W* BT ET Tc Tw Tz TL Tf Tr Ts Td TD Tm T* Tj TJ ' " d0 d1
		CS cs SC SCN sc scn G g RG rg K k sh BI ID EI Do MP DP BMC BDC EMC BX EX`) {
		switch len(k) {
		case 1:
			by.one[k[0]] = k
		case 2:
			by.two[k[0]] = append(by.two[k[0]], k)
		default:
			by.long[k[0]] = append(by.long[k[0]], k)
		}
	}
	return by
}()

// number reads a number. Plain decimals of up to 15 digits, nearly all of
// a content stream, are parsed in place, exactly as strconv would round
// them (both factors are exact, the division rounds once); the rest goes
// to strconv.
func (l *lexer) number() float64 {
	i, neg := l.pos, false
	if c := l.data[i]; c == '-' || c == '+' {
		neg, i = c == '-', i+1
	}
	v, scale, digits := 0.0, 1.0, 0
	for ; i < len(l.data) && l.data[i] >= '0' && l.data[i] <= '9'; i++ {
		v, digits = v*10+float64(l.data[i]-'0'), digits+1
	}
	if i < len(l.data) && l.data[i] == '.' {
		for i++; i < len(l.data) && l.data[i] >= '0' && l.data[i] <= '9'; i++ {
			v, scale, digits = v*10+float64(l.data[i]-'0'), scale*10, digits+1
		}
	}
	if digits == 0 || digits > 15 || i < len(l.data) && isRegular(l.data[i]) {
		n, _ := strconv.ParseFloat(l.word(), 64)
		return n
	}
	l.pos = i
	if neg {
		return -v / scale
	}
	return v / scale
}

// literal reads a (string) with its escapes and balanced parentheses.
func (l *lexer) literal() (string, error) {
	l.pos++
	b := l.buf[:0]
	depth := 1
	for l.pos < len(l.data) {
		if len(b) >= maxStringBytes {
			return "", errString
		}
		c := l.data[l.pos]
		l.pos++
		switch c {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return l.text(b), nil
			}
		case '\\':
			if l.pos >= len(l.data) {
				return l.text(b), nil
			}
			c = l.data[l.pos]
			l.pos++
			switch c {
			case 'n':
				c = '\n'
			case 'r':
				c = '\r'
			case 't':
				c = '\t'
			case 'b':
				c = '\b'
			case 'f':
				c = '\f'
			case '\r':
				if l.peek(0) == '\n' {
					l.pos++
				}
				continue
			case '\n':
				continue
			case '0', '1', '2', '3', '4', '5', '6', '7':
				n := int(c - '0')
				for k := 0; k < 2 && l.pos < len(l.data) && l.data[l.pos] >= '0' && l.data[l.pos] <= '7'; k++ {
					n = n*8 + int(l.data[l.pos]-'0')
					l.pos++
				}
				c = byte(n)
			}
		}
		b = append(b, c)
	}
	return l.text(b), nil
}

// hex reads a <hex string>; an odd last digit counts as followed by 0.
func (l *lexer) hex() (string, error) {
	l.pos++
	b := l.buf[:0]
	hi, half := byte(0), false
	for l.pos < len(l.data) {
		if len(b) >= maxStringBytes {
			return "", errString
		}
		c := l.data[l.pos]
		l.pos++
		if c == '>' {
			break
		}
		d, ok := hexDigit(c)
		if !ok {
			continue
		}
		if half {
			b = append(b, hi<<4|d)
		} else {
			hi = d
		}
		half = !half
	}
	if half {
		b = append(b, hi<<4)
	}
	return l.text(b), nil
}

// text returns the string read into b, kept as l.buf for the next.
func (l *lexer) text(b []byte) string {
	l.buf = b
	return string(b)
}

// skipInlineImage skips from BI to the EI that ends the image data, so its
// bytes are not read as operators.
func (l *lexer) skipInlineImage() {
	id := bytes.Index(l.data[l.pos:], []byte("ID"))
	if id < 0 {
		l.pos = len(l.data)
		return
	}
	l.pos += id + 3
	for {
		ei := bytes.Index(l.data[l.pos:], []byte("EI"))
		if ei < 0 {
			l.pos = len(l.data)
			return
		}
		at := l.pos + ei
		l.pos = at + 2
		if at > 0 && isSpace(l.data[at-1]) && (l.pos >= len(l.data) || !isRegular(l.data[l.pos])) {
			return
		}
	}
}

func decodeName(s string) string {
	if !bytes.ContainsRune([]byte(s), '#') {
		return s
	}
	var b []byte
	for i := 0; i < len(s); i++ {
		if s[i] == '#' && i+2 < len(s) {
			h, ok1 := hexDigit(s[i+1])
			d, ok2 := hexDigit(s[i+2])
			if ok1 && ok2 {
				b = append(b, h<<4|d)
				i += 2
				continue
			}
		}
		b = append(b, s[i])
	}
	return string(b)
}

func hexDigit(c byte) (byte, bool) {
	v := hexValues[c]
	return v, v < 16
}

// hexValues gives each byte its value as a hexadecimal digit, 0xff for
// those that are none: hex strings make most of a composite font's text.
var hexValues = func() (t [256]byte) {
	for c := range t {
		switch {
		case c >= '0' && c <= '9':
			t[c] = byte(c - '0')
		case c >= 'a' && c <= 'f':
			t[c] = byte(c - 'a' + 10)
		case c >= 'A' && c <= 'F':
			t[c] = byte(c - 'A' + 10)
		default:
			t[c] = 0xff
		}
	}
	return t
}()

func isSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == 0
}

func isRegular(c byte) bool {
	switch c {
	case '(', ')', '<', '>', '[', ']', '{', '}', '/', '%':
		return false
	}
	return !isSpace(c)
}

func isNumberStart(c byte) bool {
	return c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.'
}
