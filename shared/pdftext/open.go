package pdftext

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"

	"github.com/ledongthuc/pdf"
)

// headerFix presents a "%PDF-1.7" header to the library, which refuses any
// other version (a PDF 2.0 file is otherwise readable by it).
type headerFix struct{ r io.ReaderAt }

var header17 = []byte("%PDF-1.7\n")

func (h headerFix) ReadAt(p []byte, off int64) (int, error) {
	n, err := h.r.ReadAt(p, off)
	if off >= 0 && off < int64(len(header17)) {
		copy(p[:n], header17[off:])
	}
	return n, err
}

// isPDF accepts what poppler accepts: a "%PDF-" marker in the first kilobyte.
func isPDF(data []byte) bool {
	return bytes.Contains(data[:min(len(data), 1024)], []byte("%PDF-"))
}

// open returns a library reader on data, repairing what is cheap to repair:
// a foreign header version, bytes after the last %%EOF, a broken xref. The
// header is only rewritten when it sits at offset 0, as xref offsets count
// from the file start. A structure refused by checkStructure is not
// repaired: it was crafted, and a repair would hand the library the rest.
func open(ctx context.Context, data []byte) (*pdf.Reader, error) {
	if !isPDF(data) {
		return nil, ErrNotPDF
	}
	var firstErr error
	xrefRead := false
	for c := range repairs(data, &xrefRead) {
		r, err := newReader(ctx, c)
		if err == nil && r.Trailer().Key("Root").Key("Pages").Kind() != pdf.Dict {
			// An xref that misses the catalog or its page tree (pdfunite
			// writes a /Size below its last objects): poppler rebuilds it.
			err, xrefRead = errNoPageTree, true
		}
		if err == nil {
			return r, nil
		}
		var refused *refusal
		if errors.Is(err, ErrPasswordRequired) || errors.Is(err, ErrEncryptionUnsupported) ||
			errors.Is(err, ErrFileChanged) || errors.As(err, &refused) || ctx.Err() != nil {
			return nil, err
		}
		if firstErr == nil {
			firstErr = err
		}
	}
	if errors.Is(firstErr, ErrDamaged) {
		return nil, firstErr
	}
	return nil, fmt.Errorf("%w : %v", ErrDamaged, firstErr)
}

// candidate is a version of the file to open: data, followed by the xref
// a repair wrote (none when xref is nil), whose entries it gives.
type candidate struct {
	data, xref []byte
	entries    []xrefEntry
}

// repairs lists the versions of data to try, lazily cheapest first. Once
// an xref was read (*xrefRead), the bytes after %%EOF were not in its way:
// the same xref would be read without them.
func repairs(data []byte, xrefRead *bool) func(yield func(candidate) bool) {
	return func(yield func(candidate) bool) {
		if !yield(candidate{data: data}) {
			return
		}
		trimmed := trimAfterEOF(data)
		if len(trimmed) != len(data) && !*xrefRead && !yield(candidate{data: trimmed}) {
			return
		}
		if rebuilt, ok := rebuildXref(trimmed); ok {
			yield(rebuilt)
		}
	}
}

// newReader opens c with the library once the structure checks have passed
// it, recovering its panics and sorting encryption failures into typed
// errors. A rebuilt xref, written from the objects' headers, is a single
// classic table bounded by the file's size: of checkStructure's checks,
// only the objects' sizes remain to be done.
func newReader(ctx context.Context, c candidate) (r *pdf.Reader, err error) {
	data, tail := c.data, c.xref
	if tail == nil {
		tail, err = checkStructure(data)
	} else {
		w := xrefWalk{data: data, entries: c.entries}
		err = w.objectSizes()
	}
	if err != nil {
		return nil, err
	}
	defer func() {
		if x := recover(); x != nil {
			r, err = nil, recovered(x)
		}
	}()
	f := flattened{data, tail}
	var ra io.ReaderAt = f
	if bytes.HasPrefix(data, []byte("%PDF-")) && !bytes.HasPrefix(data, header17[:8]) {
		ra = headerFix{f}
	}
	r, err = pdf.NewReader(ctxReaderAt{ctx, ra}, f.size())
	var abort readAbort
	switch {
	case err == nil:
		return r, checkEncryption(r)
	case errors.As(err, &abort): // the library returns the panic's error
		return nil, abort.err
	case faultOf(err) != nil:
		return nil, faultOf(err)
	case errors.Is(err, pdf.ErrInvalidPassword):
		return nil, ErrPasswordRequired
	case strings.Contains(err.Error(), "encryption"): // a scheme the library refuses
		return nil, classifyUnsupported(ctx, slices.Concat(data, c.xref))
	}
	return nil, err
}

// ctxReaderAt makes the library's reads stop with the context: its object
// lookups and filters run without one, and a slow one (a decompression
// bomb, objects searched through a long chain of object streams) would
// otherwise outlive the deadline.
type ctxReaderAt struct {
	ctx context.Context
	r   io.ReaderAt
}

func (c ctxReaderAt) ReadAt(p []byte, off int64) (int, error) {
	if err := c.ctx.Err(); err != nil {
		panic(readAbort{err})
	}
	return c.r.ReadAt(p, off)
}

// readAbort carries the context's error through the library, which has no
// other way out: a panic, told apart from its own by the recover sites.
type readAbort struct{ err error }

func (a readAbort) Error() string { return a.err.Error() }
func (a readAbort) Unwrap() error { return a.err }

// recovered is the error of a recovered panic: the context's when the reads
// were stopped, ErrFileChanged on a fault in a mapped file, else ErrDamaged
// (the library panics on malformed input).
func recovered(x any) error {
	if a, ok := x.(readAbort); ok {
		return a.err
	}
	if err := faultOf(x); err != nil {
		return err
	}
	return fmt.Errorf("%w : %v", ErrDamaged, x)
}

// faultOf is ErrFileChanged when x is a memory fault made a panic
// (readMapped): a runtime error that tells its address. Go code without
// unsafe faults there only on a mapping (a nil pointer gives a plain
// runtime error), and outside readMapped a fault aborts the process.
func faultOf(x any) error {
	if f, ok := x.(interface {
		runtime.Error
		Addr() uintptr
	}); ok {
		return fmt.Errorf("%w (faute à l'adresse %#x de sa projection)", ErrFileChanged, f.Addr())
	}
	return nil
}

// checkEncryption refuses the schemes the library opens but decrypts wrongly:
// it derives every object key as if the file key had 16 bytes, so RC4 with a
// shorter key (V 1, or V 2 with /Length < 128) fails on every stream.
func checkEncryption(r *pdf.Reader) error {
	enc := r.Trailer().Key("Encrypt")
	if enc.IsNull() {
		return nil
	}
	v, length := enc.Key("V").Int64(), enc.Key("Length").Int64()
	if length == 0 {
		length = 40
	}
	if v == 1 || (v == 2 && length < 128) {
		return fmt.Errorf("%w (RC4 %d bits)", ErrEncryptionUnsupported, length)
	}
	return nil
}

// trimAfterEOF cuts what follows the last %%EOF marker.
func trimAfterEOF(data []byte) []byte {
	i := bytes.LastIndex(data, []byte("%%EOF"))
	if i < 0 {
		return data
	}
	return data[:i+len("%%EOF")]
}
