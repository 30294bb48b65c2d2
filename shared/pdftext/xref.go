package pdftext

import (
	"bytes"
	"compress/zlib"
	"encoding/ascii85"
	"errors"
	"fmt"
	"io"
	"slices"
)

// The library's NewReader follows /Prev without a visited set, allocates
// its xref table up to the highest object number a section claims (32
// bytes each) before reading any entry, and its object lookup follows
// /Extends without a visited set and recurses through object streams: a
// file of a few hundred bytes loops forever or dies of a fatal out of
// memory, which recover() cannot catch. checkStructure walks the same
// structures first, as the library will (read.go, readXref and resolve),
// and refuses those files.

// refusal is a structure the library must not see. Unlike the library's
// own failures, it is returned at once: no repair is tried.
type refusal struct {
	kind error // a sentinel
	msg  string
}

func (r *refusal) Error() string { return fmt.Sprintf("%v : %s", r.kind, r.msg) }
func (r *refusal) Unwrap() error { return r.kind }

func refuse(kind error, format string, args ...any) error {
	return &refusal{kind, fmt.Sprintf(format, args...)}
}

// xrefEntry is an entry of an xref stream: type 1, an object at offset a in
// the file; type 2, an object in object stream a.
type xrefEntry struct {
	typ int8 // 0 unset, 1 in the file, 2 in an object stream, -1 free
	gen uint16
	a   int64
}

// xrefWalk holds what the checks need across the sections.
type xrefWalk struct {
	data    []byte
	maxObj  int                     // object numbers allowed by the file's size
	claimed int                     // entries read across all sections
	decoded int64                   // bytes of object streams decoded by the checks
	entries []xrefEntry             // xref streams only: the entries the library keeps (the newest section's)
	streams map[int64]decodedObjStm // the object streams decoded, for flatten
	zr      io.ReadCloser           // the decompressor of its streams (resetZlib)
}

// checkStructure returns a *refusal when the library would loop or exhaust
// memory on data, another error when it would fail on it anyway. Else it
// returns what flatten appends to data, nil when nothing.
func checkStructure(data []byte) ([]byte, error) {
	start, ok := startXref(data)
	if !ok {
		return nil, nil // the library refuses the file by itself
	}
	w := xrefWalk{data: data, maxObj: maxObjects(len(data)), streams: map[int64]decodedObjStm{}}
	stream, trailer, err := w.sections(start)
	if err == nil {
		err = w.objectSizes()
	}
	if err != nil || !stream {
		return nil, err // a classic table puts no object in an object stream
	}
	var crypt *fileCrypt
	var rawID []byte
	if trailer["Encrypt"].kind != objNull {
		if td, ok := dictAt(data, start); ok { // the newest trailer, the library's
			rawID = td.raw["ID"]
			crypt = w.encryption(trailer, rawID)
		}
	}
	if err := w.objectStreams(trailer, crypt); err != nil {
		return nil, err
	}
	return w.flatten(trailer, crypt, rawID)
}

// startXref finds the offset after "startxref" as the library does: on a
// line of its own in the last 100 bytes, which end with %%EOF.
func startXref(data []byte) (int64, bool) {
	const endChunk = 100
	if len(data) < endChunk {
		return 0, false
	}
	tail := bytes.TrimRight(data[len(data)-endChunk:], "\r\n\t ")
	if !bytes.HasSuffix(tail, []byte("%%EOF")) {
		return 0, false
	}
	var i int
	for end := len(tail); ; end = i {
		i = bytes.LastIndex(tail[:end], []byte("startxref"))
		if i <= 0 || i+len("startxref") >= len(tail) {
			return 0, false
		}
		after := tail[i+len("startxref")]
		if (tail[i-1] == '\n' || tail[i-1] == '\r') && (after == '\n' || after == '\r') {
			break
		}
	}
	l := objLexer{data: data, pos: len(data) - endChunk + i + len("startxref")}
	t, err := l.token()
	return t.num, err == nil && t.kind == objInt
}

// sections walks the chain of cross-reference sections from off. It
// reports whether they are xref streams and returns the newest trailer.
func (w *xrefWalk) sections(off int64) (stream bool, trailer map[string]object, err error) {
	seen := map[int64]bool{}
	for first := true; ; first = false {
		if off < 0 || off >= int64(len(w.data)) {
			return stream, trailer, fmt.Errorf("%w : références à l'offset %d hors du fichier", ErrDamaged, off)
		}
		if seen[off] {
			return stream, trailer, refuse(ErrDamaged, "boucle dans la chaîne des tables de références (/Prev %d)", off)
		}
		seen[off] = true
		l := objLexer{data: w.data, pos: int(off)}
		t, err := l.token()
		if err != nil {
			return stream, trailer, fmt.Errorf("%w : table de références illisible", ErrDamaged)
		}
		isTable := t.kind == objKeyword && t.name == "xref"
		if first {
			stream = !isTable
		}
		var dict map[string]object
		switch {
		case isTable && !stream:
			dict, err = w.table(&l)
		case !isTable && stream:
			dict, err = w.stream(off, trailer)
		default:
			err = fmt.Errorf("%w : tables de références de deux sortes", ErrDamaged)
		}
		if err != nil {
			return stream, trailer, err
		}
		if first {
			trailer = dict
		}
		prev, ok := dict["Prev"]
		if !ok {
			return stream, trailer, nil
		}
		if prev.kind != objInt {
			return stream, trailer, fmt.Errorf("%w : /Prev n'est pas un entier", ErrDamaged)
		}
		off = prev.num
	}
}

// claim checks a subsection of count entries from object number start
// before the library allocates room for it.
func (w *xrefWalk) claim(start, count int64) error {
	if start < 0 || count < 0 {
		return fmt.Errorf("%w : sous-section de références %d %d", ErrDamaged, start, count)
	}
	if start+count > int64(w.maxObj) {
		return refuse(ErrDamaged, "références jusqu'à l'objet %d, un fichier de %d octets en contient au plus %d", start+count, len(w.data), w.maxObj)
	}
	if w.claimed += int(count); w.claimed > w.maxObj {
		return refuse(ErrDamaged, "plus de %d références pour un fichier de %d octets", w.maxObj, len(w.data))
	}
	return nil
}

// table reads a classic section after its "xref" keyword and returns its
// trailer.
func (w *xrefWalk) table(l *objLexer) (map[string]object, error) {
	bad := fmt.Errorf("%w : table de références illisible", ErrDamaged)
	for {
		t, err := l.token()
		if err != nil {
			return nil, bad
		}
		if t.kind == objKeyword && t.name == "trailer" {
			break
		}
		n, err := l.token()
		if err != nil || t.kind != objInt || n.kind != objInt {
			return nil, bad
		}
		if err := w.claim(t.num, n.num); err != nil {
			return nil, err
		}
		for x := t.num; x < t.num+n.num; x++ {
			off, err1 := l.token()
			gen, err2 := l.token()
			kind, err3 := l.token()
			if errors.Join(err1, err2, err3) != nil {
				return nil, bad
			}
			if kind.kind == objKeyword && kind.name == "n" && off.kind == objInt && gen.kind == objInt {
				w.setPlain(x, off.num)
			}
		}
	}
	trailer, err := l.object(0)
	if err != nil || trailer.kind != objDict {
		return nil, fmt.Errorf("%w : pas de trailer après la table de références", ErrDamaged)
	}
	return trailer.dict, nil
}

// stream reads the xref stream at off into w.entries and returns its
// dictionary; newest is the dictionary of the newest one, nil for it.
func (w *xrefWalk) stream(off int64, newest map[string]object) (map[string]object, error) {
	bad := func(what string) error { return fmt.Errorf("%w : flux de références : %s", ErrDamaged, what) }
	_, d, dataAt, err := streamAt(w.data, off)
	if err != nil || dataAt < 0 {
		return nil, bad("objet illisible")
	}
	if d["Type"].kind != objName || d["Type"].name != "XRef" {
		return nil, bad("pas de /Type /XRef")
	}
	size := d["Size"] // the newest stream's is allocated at once; an older one's counts as 0 unless direct
	switch {
	case newest == nil && size.kind != objInt:
		return nil, bad("pas de /Size")
	case newest == nil && (size.num < 0 || size.num > int64(w.maxObj)):
		return nil, refuse(ErrDamaged, "flux de références de /Size %d, un fichier de %d octets contient au plus %d objets", size.num, len(w.data), w.maxObj)
	case newest != nil && size.num > newest["Size"].num:
		return nil, bad("/Size plus grand que celui du flux le plus récent")
	}
	index := []object{{kind: objInt}, {kind: objInt, num: size.num}}
	if ix, ok := d["Index"]; ok && ix.kind == objArray {
		index = ix.arr
	}
	widths, total, ok := xrefWidths(d["W"])
	if !ok || len(index)%2 != 0 {
		return nil, bad("/W ou /Index invalide")
	}
	for i := 0; i < len(index); i += 2 {
		if index[i].kind != objInt || index[i+1].kind != objInt {
			return nil, bad("/Index invalide")
		}
		if err := w.claim(index[i].num, index[i+1].num); err != nil {
			return nil, err
		}
	}
	r, err := w.decodeStream(w.data, d, dataAt)
	if err != nil {
		var ref *refusal
		if errors.As(err, &ref) {
			return nil, err
		}
		return nil, bad(err.Error())
	}
	buf := make([]byte, total)
	for i := 0; i < len(index); i += 2 {
		start, n := index[i].num, index[i+1].num
		for x := start; x < start+n; x++ {
			if _, err := io.ReadFull(r, buf); err != nil {
				return nil, bad("données tronquées")
			}
			w.set(x, buf, widths)
		}
	}
	return d, nil
}

// setPlain records, from a classic table, object x at offset off in the
// file unless a newer section gave it.
func (w *xrefWalk) setPlain(x, off int64) {
	if x >= int64(len(w.entries)) {
		w.entries = append(w.entries, make([]xrefEntry, x+1-int64(len(w.entries)))...)
	}
	if w.entries[x].typ == 0 {
		w.entries[x] = xrefEntry{typ: 1, a: off}
	}
}

// objectSizes refuses a file holding an object of more than maxObjectBytes
// outside its stream data: the library parses an object into a value per
// token, some 25 bytes of memory per byte of file, at every lookup. The
// objects do not overlap in a genuine file, so measuring them all reads it
// about once; entries crafted to overlap are refused past twice its size.
func (w *xrefWalk) objectSizes() error {
	var offsets []int64
	for _, e := range w.entries {
		if e.typ == 1 {
			offsets = append(offsets, e.a)
		}
	}
	slices.Sort(offsets)
	scanned, limit := 0, 2*len(w.data)+maxObjectBytes
	for _, off := range slices.Compact(offsets) {
		n := objectBytes(w.data, off)
		if n > maxObjectBytes {
			return refuse(ErrTooLarge, "objet à l'offset %d de plus de %d octets", off, maxObjectBytes)
		}
		if scanned += n; scanned > limit {
			return refuse(ErrTooComplex, "objets qui se chevauchent (plus de %d octets lus pour un fichier de %d)", limit, len(w.data))
		}
	}
	return nil
}

// objectBytes is how far the object at off runs before its stream data, its
// endobj or the next object's header, up to just past maxObjectBytes.
func objectBytes(data []byte, off int64) int {
	if off < 0 || off >= int64(len(data)) {
		return 0
	}
	l := objLexer{data: data, pos: int(off)}
	for i := 0; l.pos-int(off) <= maxObjectBytes; i++ {
		t, err := l.token()
		if err != nil {
			break
		}
		if t.kind == objKeyword && (i > 2 && t.name == "obj" || t.name == "stream" || t.name == "endobj" || t.name == "xref" || t.name == "trailer") {
			break
		}
	}
	return l.pos - int(off)
}

// set records entry x unless a newer section gave it, as the library does.
func (w *xrefWalk) set(x int64, buf []byte, widths [3]int) {
	if x >= int64(len(w.entries)) {
		w.entries = append(w.entries, make([]xrefEntry, x+1-int64(len(w.entries)))...)
	}
	if w.entries[x].typ != 0 {
		return
	}
	f1 := decodeInt(buf[:widths[0]])
	f2 := decodeInt(buf[widths[0] : widths[0]+widths[1]])
	f3 := decodeInt(buf[widths[0]+widths[1] : widths[0]+widths[1]+widths[2]])
	if widths[0] == 0 {
		f1 = 1
	}
	switch {
	case f1 == 0:
		w.entries[x] = xrefEntry{typ: -1}
	case f1 == 1 && (x != 0 || f3 != 0): // {0, 0} is the library's unset
		w.entries[x] = xrefEntry{typ: 1, gen: uint16(f3), a: f2}
	case f1 == 2:
		w.entries[x] = xrefEntry{typ: 2, a: f2}
	}
}

func decodeInt(b []byte) int64 {
	var x int64
	for _, c := range b {
		x = x<<8 | int64(c)
	}
	return x
}

// xrefWidths reads /W: at least three field widths of at most 8 bytes (the
// library allocates a buffer of their sum).
func xrefWidths(v object) (w [3]int, total int, ok bool) {
	if v.kind != objArray || len(v.arr) < 3 {
		return w, 0, false
	}
	for i, x := range v.arr {
		if x.kind != objInt || x.num < 0 || x.num > 8 {
			return w, 0, false
		}
		if i < 3 {
			w[i] = int(x.num)
		}
		total += int(x.num)
	}
	return w, total, true
}

// decodeStream returns the decoded data of the stream whose dictionary is d
// and data starts at dataAt, with the library's filters: FlateDecode (with
// no predictor or PNG Up) and ASCII85Decode. /Length must be direct, as it
// is for the library before its xref table is read.
func (w *xrefWalk) decodeStream(data []byte, d map[string]object, dataAt int64) (io.Reader, error) {
	if err := checkFilters(d); err != nil {
		return nil, err
	}
	length := d["Length"].num
	if d["Length"].kind != objInt || length <= 0 {
		return bytes.NewReader(nil), nil
	}
	// A bytes.Reader, which the decompressor reads without a buffer of its own.
	start := min(max(dataAt, 0), int64(len(data)))
	var r io.Reader = bytes.NewReader(data[start : start+min(length, int64(len(data))-start)])
	flated := false
	filters, params := []object{d["Filter"]}, []object{d["DecodeParms"]}
	if d["Filter"].kind == objArray {
		filters, params = d["Filter"].arr, d["DecodeParms"].arr
	}
	for i, f := range filters {
		var p object
		if i < len(params) {
			p = params[i]
		}
		switch {
		case f.kind == objNull:
		case f.kind == objName && f.name == "FlateDecode":
			// The walk's decompressor, but for a second one in a chain,
			// which reads from the first.
			var zr io.ReadCloser
			var err error
			if flated {
				zr, err = zlib.NewReader(r)
			} else {
				err = resetZlib(&w.zr, r)
				zr = w.zr
			}
			if err != nil {
				return nil, err
			}
			r, flated = zr, true
			pred, cols := p.dict["Predictor"], p.dict["Columns"].num
			switch {
			case pred.kind == objNull:
			case pred.kind == objInt && pred.num == 12 && cols >= 0:
				r = &pngUp{r: r, row: make([]byte, 1+cols), prev: make([]byte, 1+cols)}
			default:
				return nil, fmt.Errorf("prédicteur %d non pris en charge", pred.num)
			}
		case f.kind == objName && f.name == "ASCII85Decode":
			r = ascii85.NewDecoder(&ascii85Alphabet{r: r})
		default:
			return nil, fmt.Errorf("filtre %s non pris en charge", f.name)
		}
	}
	return r, nil
}

// pngUp undoes the PNG Up predictor, the only one the library reads.
type pngUp struct {
	r         io.Reader
	row, prev []byte
	pending   []byte
}

func (p *pngUp) Read(b []byte) (int, error) {
	if len(p.pending) == 0 {
		if _, err := io.ReadFull(p.r, p.row); err != nil {
			return 0, err
		}
		if p.row[0] != 2 {
			return 0, errors.New("ligne PNG autre que Up")
		}
		for i, c := range p.row {
			p.prev[i] += c
		}
		p.pending = p.prev[1:]
	}
	n := copy(b, p.pending)
	p.pending = p.pending[n:]
	return n, nil
}

// ascii85Alphabet keeps the ASCII85 characters and stops at '~', as the
// library's alphaReader does.
type ascii85Alphabet struct {
	r   io.Reader
	eod bool
}

func (a *ascii85Alphabet) Read(p []byte) (int, error) {
	if a.eod {
		return 0, io.EOF
	}
	n, err := a.r.Read(p)
	out := 0
	for _, c := range p[:n] {
		if c == '~' {
			a.eod = true
			return out, io.EOF
		}
		if c >= '!' && c <= 'u' || c == 'z' {
			p[out] = c
			out++
		}
	}
	return out, err
}

// objectStreams checks the object streams the library will search: not
// inside another object stream (its lookup would recurse forever), a
// bounded /N, a bounded decoded size, and a chain of /Extends without a
// loop. A chain known to be sound is not walked twice. Those of an
// encrypted file are decrypted with crypt first; not checked without it.
func (w *xrefWalk) objectStreams(trailer map[string]object, crypt *fileCrypt) error {
	sound := map[int64]bool{}
	encrypted := trailer["Encrypt"].kind != objNull
	for _, e := range w.entries {
		if e.typ != 2 || sound[e.a] {
			continue
		}
		onChain := map[int64]bool{}
		for id := e.a; !sound[id]; {
			if onChain[id] {
				return refuse(ErrDamaged, "boucle de flux d'objets (/Extends %d)", id)
			}
			onChain[id] = true
			next, err := w.objectStream(id, encrypted, crypt)
			if err != nil {
				return err
			}
			if next < 0 {
				break
			}
			id = next
		}
		for id := range onChain {
			sound[id] = true
		}
	}
	return nil
}

// objectStream checks object stream id and returns the object stream it
// extends, or -1.
func (w *xrefWalk) objectStream(id int64, encrypted bool, crypt *fileCrypt) (int64, error) {
	if id < 0 || id >= int64(len(w.entries)) {
		return -1, nil // the library's lookup finds nothing and fails
	}
	e := w.entries[id]
	if e.typ == 2 {
		return -1, refuse(ErrDamaged, "flux d'objets %d rangé dans un flux d'objets", id)
	}
	if e.typ != 1 || e.gen != 0 {
		return -1, nil
	}
	num, d, dataAt, err := streamAt(w.data, e.a)
	if err != nil || num != id || dataAt < 0 {
		return -1, nil // the library fails on this lookup, at once
	}
	if n := d["N"]; n.kind != objInt || n.num < 0 || n.num > maxObjStmObjects {
		return -1, refuse(ErrDamaged, "flux d'objets %d : /N hors limites (%d objets au plus)", id, maxObjStmObjects)
	}
	if err := checkFilters(d); err != nil {
		return -1, err
	}
	next := int64(-1)
	if ext, ok := d["Extends"]; ok && ext.kind == objRef && ext.gen == 0 {
		next = ext.num // else not a stream to the library: it stops there
	}
	if !encrypted || crypt != nil { // else the library fails on the file anyway
		decoded, err := w.checkDecodedSize(d, dataAt, id, crypt)
		if err != nil {
			return -1, err
		}
		if decoded != nil && d["First"].kind == objInt {
			w.streams[id] = parseObjStm(decoded, d["N"].num, d["First"].num, next)
		}
	}
	return next, nil
}

// checkDecodedSize refuses an object stream that decodes to more than
// maxObjStmBytes, and object streams decoding to more than maxObjStmTotal
// or maxFlattened together, which would make the checks themselves long
// or the flattened file large. It returns the decoded bytes, nil when the
// library's decoding fails too.
func (w *xrefWalk) checkDecodedSize(d map[string]object, dataAt, id int64, crypt *fileCrypt) ([]byte, error) {
	if l := d["Length"]; l.kind == objRef {
		d["Length"] = w.integer(l)
	}
	data := w.data
	if crypt != nil && d["Length"].kind == objInt {
		end := min(int64(len(w.data)), dataAt+max(d["Length"].num, 0))
		data, dataAt = crypt.decrypt(id, w.data[dataAt:end]), 0
		d["Length"] = object{kind: objInt, num: int64(len(data))}
	}
	r, err := w.decodeStream(data, d, dataAt)
	var ref *refusal
	if errors.As(err, &ref) {
		return nil, err
	}
	if err != nil {
		return nil, nil
	}
	// Sized for objects compressing four times, to grow less often; a
	// claimed /Length is no reason to allocate much before reading.
	guess := 4*min(max(d["Length"].num, 0), 1<<18) + 512
	data, _ = readUpTo(make([]byte, 0, guess), r, maxObjStmBytes+1)
	if len(data) > maxObjStmBytes {
		return nil, refuse(ErrTooLarge, "flux d'objets %d de plus de %d octets décodés", id, maxObjStmBytes)
	}
	if limit := min(maxObjStmTotal(len(w.data)), maxFlattened); w.decoded+int64(len(data)) > limit {
		return nil, refuse(ErrTooComplex, "flux d'objets de plus de %d octets décodés en tout", limit)
	}
	w.decoded += int64(len(data))
	return data, nil
}

// integer resolves a reference to an integer written in the file, as an
// object stream's /Length may be; null when it cannot.
func (w *xrefWalk) integer(r object) object {
	if r.num < 0 || r.num >= int64(len(w.entries)) || w.entries[r.num].typ != 1 {
		return object{}
	}
	l := objLexer{data: w.data, pos: int(w.entries[r.num].a)}
	num, err1 := l.token()
	_, err2 := l.token()
	kw, err3 := l.token()
	v, err4 := l.token()
	if errors.Join(err1, err2, err3, err4) != nil || num.num != r.num || kw.name != "obj" || v.kind != objInt {
		return object{}
	}
	return v
}

// checkFilters refuses, in the dictionary of a stream the library will
// decode, what it would exhaust memory on before reading a byte: a long
// chain of filters (a decompressor each), a predictor row of more than
// maxColumns bytes, or parameters out of sight of this check (indirect).
func checkFilters(d map[string]object) error {
	f, p := d["Filter"], d["DecodeParms"]
	if len(f.arr) > maxFilters {
		return refuse(ErrDamaged, "%d filtres sur un flux (au plus %d)", len(f.arr), maxFilters)
	}
	params := []object{p}
	if p.kind == objArray {
		params = p.arr
	}
	for _, q := range params {
		switch {
		case q.kind == objRef:
			return refuse(ErrDamaged, "paramètres de décodage indirects")
		case q.dict["Columns"].kind == objRef:
			return refuse(ErrDamaged, "/Columns indirect")
		case q.dict["Columns"].num > maxColumns:
			return refuse(ErrDamaged, "prédicteur de %d colonnes (au plus %d)", q.dict["Columns"].num, maxColumns)
		}
	}
	return nil
}
