package pdftext

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
)

var (
	rootRef    = regexp.MustCompile(`/Root[ \t\r\n]*(\d+)[ \t\r\n]+(\d+)[ \t\r\n]+R`)
	encryptRef = regexp.MustCompile(`/Encrypt[ \t\r\n]*(\d+)[ \t\r\n]+(\d+)[ \t\r\n]+R`)
	idArray    = regexp.MustCompile(`/ID[ \t\r\n]*\[`)
	catalog    = regexp.MustCompile(`/Type[ \t\r\n]*/Catalog\b`)
)

// rebuildXref returns the version of data that a fresh xref table and
// trailer, built by scanning for "N G obj" headers as poppler does for a
// broken xref, follow: data itself, not a copy (a copy would double the
// file's bytes in memory while opening it), the table as what is appended,
// and its entries for the structure check. The
// catalog comes from the last trailer's /Root, else from the last object
// typed /Catalog. Objects inside object streams cannot be found this way.
// Every scan is linear and keeps one match at a time, and object numbers
// are bounded by maxObjects: the file may be hostile.
func rebuildXref(data []byte) (candidate, bool) {
	type entry struct {
		gen    int
		offset int // 0: no object
	}
	var objs []entry
	var lastCatalog []byte
	limit := maxObjects(len(data))
	// An object's body, where /Type /Catalog is looked for, ends at its
	// endobj, at the next header or 4 KB further: bodies do not overlap.
	body := func(from, to int) []byte {
		b := data[from:min(to, from+4096)]
		return b[:endOfObject(b)]
	}
	prevID, prevGen, prevEnd := 0, 0, -1
	for pos := 0; pos < len(data); {
		m := nextObjHeader(data, pos)
		if m == nil {
			break
		}
		if prevEnd >= 0 && catalog.Match(body(prevEnd, m[0])) {
			lastCatalog = []byte(fmt.Sprintf("%d %d R", prevID, prevGen))
		}
		pos, prevEnd = m[1], -1
		id, err1 := strconv.Atoi(string(data[m[2]:m[3]]))
		gen, err2 := strconv.Atoi(string(data[m[4]:m[5]]))
		if err1 != nil || err2 != nil || id <= 0 || id >= limit {
			continue
		}
		if id >= len(objs) {
			objs = append(objs, make([]entry, id+1-len(objs))...)
		}
		objs[id] = entry{gen, m[2]} // a later definition overrides, as in an update
		prevID, prevGen, prevEnd = id, gen, m[1]
	}
	if prevEnd >= 0 && catalog.Match(body(prevEnd, len(data))) {
		lastCatalog = []byte(fmt.Sprintf("%d %d R", prevID, prevGen))
	}
	if len(objs) == 0 {
		return candidate{}, false
	}
	root := lastRef(rootRef, data)
	if root == nil {
		root = lastCatalog
	}
	if root == nil {
		return candidate{}, false
	}
	var b bytes.Buffer
	b.Grow(20*len(objs) + 256)
	b.WriteString("\n")
	xrefAt := len(data) + b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f\r\n", len(objs))
	entries := make([]xrefEntry, len(objs))
	for i, e := range objs[1:] {
		if e.offset > 0 {
			fmt.Fprintf(&b, "%010d %05d n\r\n", e.offset, e.gen)
			entries[i+1] = xrefEntry{typ: 1, a: int64(e.offset)}
		} else {
			b.WriteString("0000000000 65535 f\r\n")
			entries[i+1] = xrefEntry{typ: -1}
		}
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root %s", len(objs), root)
	if enc := lastRef(encryptRef, data); enc != nil {
		fmt.Fprintf(&b, " /Encrypt %s", enc)
	}
	if id := lastID(data); id != nil {
		b.WriteString(" /ID ")
		b.Write(id)
	}
	fmt.Fprintf(&b, " >>\nstartxref\n%d\n%%%%EOF\n", xrefAt)
	return candidate{data: data, xref: b.Bytes(), entries: entries}, true
}

// nextObjHeader finds the first "N G obj" header at or after from, N of at
// most 10 digits and G of at most 5, after a line start, a space or the
// file's start, and returns the indexes of the match (from its separator),
// of N and of G, as regexp's FindSubmatchIndex would. It looks for "obj"
// and reads back from there: a pattern without a literal start costs a
// regexp a step per byte and state, over the whole file.
func nextObjHeader(data []byte, from int) []int {
	d := data[from:] // as a regexp on data[from:], whose start is a line start
	for pos := 0; pos < len(d); {
		i := bytes.Index(d[pos:], []byte("obj"))
		if i < 0 {
			return nil
		}
		at := pos + i
		pos = at + 1
		if end := at + 3; end < len(d) && isWordByte(d[end]) {
			continue
		}
		genEnd := skipBack(d, at, isBlank)
		genStart := skipBack(d, genEnd, isDecimal)
		idEnd := skipBack(d, genStart, isBlank)
		idStart := skipBack(d, idEnd, isDecimal)
		m := []int{idStart - 1, at + 3, idStart, idEnd, genStart, genEnd}
		switch {
		case genEnd == at || genStart == genEnd || genEnd-genStart > 5 || idEnd == genStart ||
			idStart == idEnd || idEnd-idStart > 10:
			continue
		case idStart == 0:
			m[0] = 0
		case d[idStart-1] != '\r' && d[idStart-1] != '\n' && d[idStart-1] != ' ':
			continue
		}
		for k := range m {
			m[k] += from
		}
		return m
	}
	return nil
}

// skipBack returns where the run of bytes satisfying in that ends at end starts.
func skipBack(data []byte, end int, in func(byte) bool) int {
	for end > 0 && in(data[end-1]) {
		end--
	}
	return end
}

func isBlank(c byte) bool   { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }
func isDecimal(c byte) bool { return '0' <= c && c <= '9' }
func isWordByte(c byte) bool {
	return isDecimal(c) || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_'
}

// lastID returns the last /ID array of data, lexed as the library will
// (its strings are binary and may hold a ']'), or nil when it does not lex
// within the few hundred bytes two file identifiers take.
func lastID(data []byte) []byte {
	m := lastMatch(idArray, data)
	if m == nil {
		return nil
	}
	start := m[1] - 1
	l := objLexer{data: data[start:min(len(data), start+400)]}
	if a, err := l.object(0); err != nil || a.kind != objArray {
		return nil
	}
	return l.data[:l.pos]
}

// lastRef returns "N G R" for the last reference matched by re in data.
func lastRef(re *regexp.Regexp, data []byte) []byte {
	m := lastMatch(re, data)
	if m == nil {
		return nil
	}
	return []byte(fmt.Sprintf("%s %s R", data[m[2]:m[3]], data[m[4]:m[5]]))
}

// lastMatch returns the submatch indexes of the last match of re in data,
// scanning once and keeping one match.
func lastMatch(re *regexp.Regexp, data []byte) []int {
	var last []int
	for pos := 0; pos < len(data); {
		m := re.FindSubmatchIndex(data[pos:])
		if m == nil {
			break
		}
		for i := range m {
			if m[i] >= 0 {
				m[i] += pos
			}
		}
		last, pos = m, max(m[1], pos+1)
	}
	return last
}

// endOfObject is the length of body up to its "endobj" (all of it if none).
func endOfObject(body []byte) int {
	if i := bytes.Index(body, []byte("endobj")); i >= 0 {
		return i
	}
	return len(body)
}
