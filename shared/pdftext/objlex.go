package pdftext

import (
	"errors"
	"strconv"
)

// The checks of xref.go read the file's objects before the library does,
// so this lexer follows the library's (lex.go, readToken and readObject):
// same token classes, same failures. It reads nothing the checks do not
// need: strings are skipped, numbers kept as int64.

type objKind uint8

const (
	objNull objKind = iota
	objInt
	objName
	objRef
	objDict
	objArray
	objOther // real, string, boolean
	objKeyword
)

type object struct {
	kind objKind
	num  int64  // integer, or object number of a reference
	gen  int64  // generation of a reference
	name string // name or keyword
	dict map[string]object
	arr  []object
}

// errSyntax is a token or an object the library would fail on too.
var errSyntax = errors.New("syntaxe invalide")

type objLexer struct {
	data []byte
	pos  int
}

func (l *objLexer) byteAt(i int) (byte, bool) {
	if i < len(l.data) {
		return l.data[i], true
	}
	return 0, false
}

// token reads one token; a dictionary or array delimiter is a keyword.
func (l *objLexer) token() (object, error) {
	for {
		c, ok := l.byteAt(l.pos)
		if !ok {
			return object{}, errSyntax // the library panics at the end of its reader
		}
		switch {
		case isSpace(c):
			l.pos++
			continue
		case c == '%':
			for l.pos < len(l.data) && l.data[l.pos] != '\r' && l.data[l.pos] != '\n' {
				l.pos++
			}
			continue
		}
		break
	}
	c := l.data[l.pos]
	l.pos++
	switch c {
	case '<':
		if next, _ := l.byteAt(l.pos); next == '<' {
			l.pos++
			return object{kind: objKeyword, name: "<<"}, nil
		}
		return l.hexString()
	case '>':
		if next, _ := l.byteAt(l.pos); next == '>' {
			l.pos++
			return object{kind: objKeyword, name: ">>"}, nil
		}
		return object{}, errSyntax
	case '(':
		return l.literalString()
	case '[', ']', '{', '}':
		return object{kind: objKeyword, name: string(c)}, nil
	case '/':
		return object{kind: objName, name: decodeName(l.regular())}, nil
	case ')':
		return object{}, errSyntax
	}
	l.pos--
	word := l.regular()
	switch {
	case word == "true" || word == "false":
		return object{kind: objOther}, nil
	case isInteger(word):
		n, err := strconv.ParseInt(word, 10, 64)
		if err != nil {
			return object{}, errSyntax
		}
		return object{kind: objInt, num: n}, nil
	case isReal(word):
		return object{kind: objOther}, nil
	}
	return object{kind: objKeyword, name: word}, nil
}

func (l *objLexer) regular() string {
	start := l.pos
	for l.pos < len(l.data) && isRegular(l.data[l.pos]) {
		l.pos++
	}
	return string(l.data[start:l.pos])
}

func (l *objLexer) hexString() (object, error) {
	for l.pos < len(l.data) {
		c := l.data[l.pos]
		l.pos++
		switch _, hex := hexDigit(c); {
		case c == '>':
			return object{kind: objOther}, nil
		case !hex && !isSpace(c):
			return object{}, errSyntax
		}
	}
	return object{}, errSyntax
}

func (l *objLexer) literalString() (object, error) {
	depth := 1
	for l.pos < len(l.data) {
		c := l.data[l.pos]
		l.pos++
		switch c {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return object{kind: objOther}, nil
			}
		case '\\':
			l.pos++
		}
	}
	return object{}, errSyntax
}

// object reads one object; "N G R" is a reference and "N G obj" starts a
// definition, read by definition.
func (l *objLexer) object(depth int) (object, error) {
	if depth > maxNesting {
		return object{}, errSyntax
	}
	t, err := l.token()
	if err != nil || t.kind != objKeyword && t.kind != objInt {
		return t, err
	}
	if t.kind == objKeyword {
		switch t.name {
		case "null", ">>", "]":
			return object{}, nil
		case "<<":
			return l.dict(depth)
		case "[":
			return l.array(depth)
		}
		return object{}, errSyntax
	}
	save := l.pos
	if gen, err := l.token(); err == nil && gen.kind == objInt {
		if kw, err := l.token(); err == nil && kw.kind == objKeyword && kw.name == "R" {
			return object{kind: objRef, num: t.num, gen: gen.num}, nil
		}
	}
	l.pos = save
	return t, nil
}

func (l *objLexer) dict(depth int) (object, error) {
	d := object{kind: objDict, dict: map[string]object{}}
	for {
		k, err := l.token()
		if err != nil {
			return object{}, err
		}
		if k.kind == objKeyword && k.name == ">>" {
			return d, nil
		}
		if k.kind != objName {
			return object{}, errSyntax
		}
		v, err := l.object(depth + 1)
		if err != nil {
			return object{}, err
		}
		d.dict[k.name] = v
	}
}

func (l *objLexer) array(depth int) (object, error) {
	a := object{kind: objArray}
	for {
		save := l.pos
		t, err := l.token()
		if err != nil {
			return object{}, err
		}
		if t.kind == objKeyword && t.name == "]" {
			return a, nil
		}
		l.pos = save
		v, err := l.object(depth + 1)
		if err != nil {
			return object{}, err
		}
		a.arr = append(a.arr, v)
	}
}

// streamAt reads the definition "id gen obj << … >> stream" at off and
// returns its number, dictionary and the offset of its data.
func streamAt(data []byte, off int64) (id int64, d map[string]object, start int64, err error) {
	if off < 0 || off >= int64(len(data)) {
		return 0, nil, 0, errSyntax
	}
	l := objLexer{data: data, pos: int(off)}
	num, err1 := l.token()
	gen, err2 := l.token()
	kw, err3 := l.token()
	if err := errors.Join(err1, err2, err3); err != nil {
		return 0, nil, 0, err
	}
	if num.kind != objInt || gen.kind != objInt || kw.kind != objKeyword || kw.name != "obj" {
		return 0, nil, 0, errSyntax
	}
	obj, err := l.object(0)
	if err != nil || obj.kind != objDict {
		return 0, nil, 0, errSyntax
	}
	save := l.pos
	if t, err := l.token(); err != nil || t.kind != objKeyword || t.name != "stream" {
		l.pos = save
		return num.num, obj.dict, -1, nil // a dictionary without data
	}
	switch c, _ := l.byteAt(l.pos); c {
	case '\r':
		l.pos++
		if c, _ := l.byteAt(l.pos); c == '\n' {
			l.pos++
		}
	case '\n':
		l.pos++
	default:
		return 0, nil, 0, errSyntax
	}
	return num.num, obj.dict, int64(l.pos), nil
}

func isInteger(s string) bool {
	if len(s) > 0 && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	if s == "" {
		return false
	}
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func isReal(s string) bool {
	if len(s) > 0 && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	dots := 0
	for i := range len(s) {
		switch {
		case s[i] == '.':
			dots++
		case s[i] < '0' || s[i] > '9':
			return false
		}
	}
	return s != "" && dots == 1
}
