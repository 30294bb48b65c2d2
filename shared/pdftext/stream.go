package pdftext

import (
	"bytes"
	"compress/zlib"
	"io"
	"reflect"

	"github.com/ledongthuc/pdf"
)

// The library's Value.Reader makes a new decompressor (its window and
// tables) for every stream it decodes, and io.ReadAll grows what it reads
// by doubling: a report's hundreds of ToUnicode maps and content streams
// then cost more in allocation than in inflating. inflater decodes the
// usual stream, FlateDecode without predictor in a file without
// encryption, from the file's bytes with one decompressor reset for each,
// into one buffer reused from stream to stream. Any other stream, and one
// whose zlib header is broken, goes through the library, which decodes it
// (or panics on it) as before.
type inflater struct {
	// file is the file's bytes, where the library's stream offsets point
	// (a repaired xref adds objects after them, never stream data); nil
	// sends every stream through the library.
	file []byte
	zr   io.ReadCloser // nil until the first stream
	src  bytes.Reader
	buf  []byte // the last stream decoded
}

// maxKeptBuffer bounds the decoding buffer kept between streams: a
// content stream of a dense page or a form takes a few hundred kilobytes.
const maxKeptBuffer = 4 << 20

// encoded returns the bytes of the stream v as the file holds them, and
// whether they are FlateDecode without predictor (else none, no filter);
// ok is false when the library must decode v.
func (d *inflater) encoded(v pdf.Value) (raw []byte, flate, ok bool) {
	if d.file == nil || v.Kind() != pdf.Stream {
		return nil, false, false
	}
	filter, params := v.Key("Filter"), v.Key("DecodeParms")
	if filter.Kind() == pdf.Array && filter.Len() == 1 {
		filter, params = filter.Index(0), params.Index(0)
	}
	switch {
	case filter.Kind() == pdf.Null:
	case filter.Kind() == pdf.Name && filter.Name() == "FlateDecode" && params.Key("Predictor").Kind() == pdf.Null:
		flate = true
	default:
		return nil, false, false
	}
	at, encrypted, known := streamOffset(v)
	length := v.Key("Length").Int64()
	// The library reads a header rewritten by headerFix, and past the end
	// of file the objects a repair appended: not stream data.
	if !known || encrypted || length <= 0 || at < int64(len(header17)) || at > int64(len(d.file))-length {
		return nil, false, false
	}
	return d.file[at : at+length], flate, true
}

// decode returns the decoded bytes of the stream v, at most n of them (as
// io.ReadAll of io.LimitReader(v.Reader(), n) would), valid until the next
// call, and the error that ended the decoding early, if any.
func (d *inflater) decode(v pdf.Value, n int64) ([]byte, error) {
	raw, flate, ok := d.encoded(v)
	d.src.Reset(raw)
	var r io.Reader = &d.src
	hint := len(raw)
	if ok && flate {
		if err := resetZlib(&d.zr, &d.src); err != nil {
			ok = false // the library fails on it as it always did
		} else {
			r, hint = d.zr, 4*len(raw)
		}
	}
	if !ok {
		rc := v.Reader()
		defer rc.Close()
		r, hint = rc, 0
	}
	return d.fill(r, n, hint)
}

// resetZlib points the zlib reader *zr at src, making it on first use: one
// decompressor serves the streams of a document, each read to its end (or
// left) before the next.
func resetZlib(zr *io.ReadCloser, src io.Reader) error {
	if *zr == nil {
		r, err := zlib.NewReader(src)
		if err != nil {
			return err
		}
		*zr = r
		return nil
	}
	return (*zr).(zlib.Resetter).Reset(src, nil)
}

// fill reads r into d.buf, at most n bytes; hint guesses how many.
func (d *inflater) fill(r io.Reader, n int64, hint int) ([]byte, error) {
	if cap(d.buf) > maxKeptBuffer {
		d.buf = nil
	}
	if want := int(min(n, int64(hint)+512)); cap(d.buf) < want {
		d.buf = make([]byte, 0, want)
	}
	var err error
	d.buf, err = readUpTo(d.buf[:0], r, n)
	return d.buf, err
}

// readUpTo appends to buf what r gives until its end, n bytes at most in
// all: io.ReadAll of io.LimitReader(r, n), into buf's room first.
func readUpTo(buf []byte, r io.Reader, n int64) ([]byte, error) {
	for int64(len(buf)) < n {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		k, err := r.Read(buf[len(buf):int(min(int64(cap(buf)), n))])
		buf = buf[:len(buf)+k]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
	return buf, nil
}

// streamOffset reads where the data of the stream v starts in the file,
// and whether the library decrypts it, from the library's unexported
// fields; known is false when its layout changed (TestStreamOffset).
func streamOffset(v pdf.Value) (at int64, encrypted, known bool) {
	rv := reflect.ValueOf(v)
	data, r := rv.FieldByName("data"), rv.FieldByName("r")
	if !data.IsValid() || data.IsNil() || !r.IsValid() || r.Kind() != reflect.Pointer || r.IsNil() {
		return 0, false, false
	}
	s := data.Elem()
	if s.Kind() != reflect.Struct {
		return 0, false, false
	}
	off, key := s.FieldByName("offset"), r.Elem().FieldByName("key")
	if !off.IsValid() || off.Kind() != reflect.Int64 || !key.IsValid() || key.Kind() != reflect.Slice {
		return 0, false, false
	}
	return off.Int(), key.Len() > 0, true
}
