package pdftext

import (
	"bytes"
	"fmt"
	"io"
	"slices"
)

// The library finds an object packed in an object stream by inflating the
// stream from its start and parsing its header, at every lookup: a report
// whose hundreds of objects sit in a few streams inflates each a hundred
// times over, and a file of many lookups into a large stream hangs.
// flatten writes the packed objects out once, as plain objects after the
// file with an xref stream naming every object, so that each stream is
// inflated once, by the checks, and the library reads the objects where
// they now lie.

// maxFlattened bounds the bytes of the objects written out: object streams
// of a report hold a few megabytes.
const maxFlattened = 64 << 20

// decodedObjStm is a decoded object stream: its objects' byte ranges, by number.
type decodedObjStm struct {
	objects map[int64][2]int // start and end in data
	data    []byte
	extends int64 // -1 for none
}

// parseObjStm reads the header of a decoded object stream of n objects
// whose first starts at first; each object runs to the next one's start.
func parseObjStm(data []byte, n, first, extends int64) decodedObjStm {
	s := decodedObjStm{objects: map[int64][2]int{}, data: data, extends: extends}
	l := objLexer{data: data}
	type entry struct{ id, off int64 }
	var entries []entry
	for range n {
		id, err1 := l.token()
		off, err2 := l.token()
		if err1 != nil || err2 != nil || id.kind != objInt || off.kind != objInt {
			break
		}
		entries = append(entries, entry{id.num, first + off.num})
	}
	starts := make([]int64, 0, len(entries)+1)
	for _, e := range entries {
		starts = append(starts, e.off)
	}
	starts = append(starts, int64(len(data)))
	slices.Sort(starts)
	for _, e := range entries {
		if e.off < first || e.off >= int64(len(data)) {
			continue // the library fails on this lookup
		}
		if _, dup := s.objects[e.id]; dup {
			continue // the library takes the first
		}
		i, _ := slices.BinarySearch(starts, e.off)
		for i < len(starts) && starts[i] == e.off {
			i++
		}
		s.objects[e.id] = [2]int{int(e.off), int(starts[min(i, len(starts)-1)])}
	}
	return s
}

// flattened is data followed by the objects of its object streams and an
// xref stream for them all: an io.ReaderAt of both, without a copy of data.
type flattened struct {
	data, tail []byte
}

func (f flattened) size() int64 { return int64(len(f.data) + len(f.tail)) }

func (f flattened) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 {
		return 0, fmt.Errorf("offset négatif")
	}
	n := 0
	if off < int64(len(f.data)) {
		n = copy(p, f.data[off:])
	}
	if n < len(p) && off+int64(n) >= int64(len(f.data)) {
		if t := off + int64(n) - int64(len(f.data)); t < int64(len(f.tail)) {
			n += copy(p[n:], f.tail[t:])
		}
	}
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

// flatten returns the tail to append to w.data so that no object is read
// from an object stream (see above), or nil when no entry points into one.
// It keeps the library's reading: the newest entry of each object, found in
// its stream or along the stream's /Extends chain. The objects of an
// encrypted file (crypt) have their strings encrypted for their place, and
// the xref stream carries its /Encrypt and /ID (rawID).
func (w *xrefWalk) flatten(trailer map[string]object, crypt *fileCrypt, rawID []byte) ([]byte, error) {
	if len(w.streams) == 0 {
		return nil, nil
	}
	var tail bytes.Buffer
	tail.Grow(int(min(w.decoded, maxFlattened)) + 32*len(w.entries)) // the objects, their headers and rows
	base := int64(len(w.data))
	if w.data[len(w.data)-1] != '\n' && w.data[len(w.data)-1] != '\r' {
		tail.WriteByte('\n')
	}
	rows := make([]byte, 0, 7*(len(w.entries)+1))
	row := func(typ byte, off int64, gen uint16) {
		rows = append(rows, typ, byte(off>>24), byte(off>>16), byte(off>>8), byte(off), byte(gen>>8), byte(gen))
	}
	for x, e := range w.entries {
		switch {
		case e.typ == 1:
			row(1, e.a, e.gen)
		case e.typ == 2:
			body, ok := w.packed(int64(x), e.a)
			if !ok {
				row(0, 0, 0)
				continue
			}
			if len(body) > maxObjectBytes {
				return nil, refuse(ErrTooLarge, "objet %d de plus de %d octets dans un flux d'objets", x, maxObjectBytes)
			}
			if tail.Len()+len(body) > maxFlattened {
				return nil, refuse(ErrTooComplex, "objets de plus de %d octets dans les flux d'objets", maxFlattened)
			}
			row(1, base+int64(tail.Len()), 0)
			fmt.Fprintf(&tail, "%d 0 obj\n", x)
			if crypt == nil {
				tail.Write(body)
			} else if err := crypt.reencrypt(&tail, int64(x), body); err != nil {
				return nil, err
			}
			tail.WriteString("\nendobj\n")
		default:
			row(0, 0, 0)
		}
	}
	id := len(w.entries) // the xref stream's own number
	at := base + int64(tail.Len())
	row(1, at, 0)
	fmt.Fprintf(&tail, "%d 0 obj\n<</Type /XRef /Size %d /W [1 4 2]", id, id+1)
	for _, k := range []string{"Root", "Info", "Encrypt"} {
		if r := trailer[k]; r.kind == objRef {
			fmt.Fprintf(&tail, " /%s %d %d R", k, r.num, r.gen)
		}
	}
	if crypt != nil {
		fmt.Fprintf(&tail, " /ID %s", rawID)
	}
	fmt.Fprintf(&tail, " /Length %d>>\nstream\n", len(rows))
	tail.Write(rows)
	fmt.Fprintf(&tail, "\nendstream\nendobj\nstartxref\n%d\n%%%%EOF\n", at)
	return tail.Bytes(), nil
}

// packed returns the bytes of object x in object stream id or along its
// /Extends chain (checked free of loops).
func (w *xrefWalk) packed(x, id int64) ([]byte, bool) {
	for range len(w.streams) {
		s, ok := w.streams[id]
		if !ok {
			return nil, false
		}
		if r, ok := s.objects[x]; ok {
			return s.data[r[0]:r[1]], true
		}
		id = s.extends
	}
	return nil, false
}
