package pdftext

import (
	"bytes"
	"fmt"
	"strconv"
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
	data []byte
	pos  int
	args []operand
}

// errNesting reports arrays or dictionaries nested deeper than maxNesting.
var errNesting = fmt.Errorf("%w : tableaux imbriqués au-delà de %d niveaux", ErrDamaged, maxNesting)

// next returns the next operator and its operands (valid until the next
// call); op is "" at the end of the data.
func (l *lexer) next() (op string, args []operand, err error) {
	l.args = l.args[:0]
	for {
		l.skipSpace()
		if l.pos >= len(l.data) {
			return "", l.args, nil
		}
		c := l.data[l.pos]
		if isRegular(c) && !isNumberStart(c) {
			word := l.word()
			switch word {
			case "true", "false", "null":
				l.args = append(l.args, operand{kind: kindOther})
				continue
			case "BI":
				l.skipInlineImage()
				l.args = l.args[:0]
				continue
			}
			return word, l.args, nil
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
	c := l.data[l.pos]
	switch {
	case c == '(':
		return operand{kind: kindString, str: l.literal()}, true, nil
	case c == '<' && l.peek(1) == '<':
		l.pos += 2
		if err := l.skipDict(depth + 1); err != nil {
			return operand{}, false, err
		}
		return operand{kind: kindOther}, true, nil
	case c == '<':
		return operand{kind: kindString, str: l.hex()}, true, nil
	case c == '[':
		l.pos++
		arr, err := l.array(depth + 1)
		return operand{kind: kindArray, arr: arr}, true, err
	case c == '/':
		l.pos++
		return operand{kind: kindName, str: decodeName(l.word())}, true, nil
	case isNumberStart(c):
		n, _ := strconv.ParseFloat(l.word(), 64)
		return operand{kind: kindNumber, num: n}, true, nil
	case isRegular(c): // a keyword inside an array or dictionary
		l.word()
		return operand{kind: kindOther}, true, nil
	}
	l.pos++ // ) ] > { }
	return operand{}, false, nil
}

func (l *lexer) array(depth int) ([]operand, error) {
	var arr []operand
	for {
		l.skipSpace()
		if l.pos >= len(l.data) {
			return arr, nil
		}
		if l.data[l.pos] == ']' {
			l.pos++
			return arr, nil
		}
		v, ok, err := l.value(depth)
		if err != nil {
			return nil, err
		}
		if ok {
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
	start := l.pos
	for l.pos < len(l.data) && isRegular(l.data[l.pos]) {
		l.pos++
	}
	return string(l.data[start:l.pos])
}

// literal reads a (string) with its escapes and balanced parentheses.
func (l *lexer) literal() string {
	l.pos++
	var b []byte
	depth := 1
	for l.pos < len(l.data) {
		c := l.data[l.pos]
		l.pos++
		switch c {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return string(b)
			}
		case '\\':
			if l.pos >= len(l.data) {
				return string(b)
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
	return string(b)
}

// hex reads a <hex string>; an odd last digit counts as followed by 0.
func (l *lexer) hex() string {
	l.pos++
	var b []byte
	hi, half := byte(0), false
	for l.pos < len(l.data) {
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
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

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
