package pdftext

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/ledongthuc/pdf"
)

// headerFix presents a "%PDF-1.7" header to the library, which refuses any
// other version (a PDF 2.0 file is otherwise readable by it).
type headerFix struct{ data []byte }

var header17 = []byte("%PDF-1.7\n")

func (h headerFix) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 {
		return 0, errors.New("offset négatif")
	}
	if off >= int64(len(h.data)) {
		return 0, io.EOF
	}
	n := copy(p, h.data[off:])
	if off < int64(len(header17)) {
		copy(p, header17[off:])
	}
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

// isPDF accepts what poppler accepts: a "%PDF-" marker in the first kilobyte.
func isPDF(data []byte) bool {
	return bytes.Contains(data[:min(len(data), 1024)], []byte("%PDF-"))
}

// open returns a library reader on data, repairing what is cheap to repair:
// a foreign header version, bytes after the last %%EOF, a broken xref. The
// header is only rewritten when it sits at offset 0, as xref offsets count
// from the file start.
func open(data []byte) (*pdf.Reader, error) {
	if !isPDF(data) {
		return nil, ErrNotPDF
	}
	var firstErr error
	for candidate := range repairs(data) {
		r, err := newReader(candidate)
		if err == nil {
			return r, nil
		}
		if errors.Is(err, ErrPasswordRequired) || errors.Is(err, ErrEncryptionUnsupported) {
			return nil, err
		}
		if firstErr == nil {
			firstErr = err
		}
	}
	return nil, fmt.Errorf("%w : %v", ErrDamaged, firstErr)
}

// repairs lists the versions of data to try, lazily cheapest first.
func repairs(data []byte) func(yield func([]byte) bool) {
	return func(yield func([]byte) bool) {
		if !yield(data) {
			return
		}
		trimmed := trimAfterEOF(data)
		if len(trimmed) != len(data) && !yield(trimmed) {
			return
		}
		if rebuilt, ok := rebuildXref(trimmed); ok {
			yield(rebuilt)
		}
	}
}

// newReader opens data with the library, recovering its panics and sorting
// encryption failures into typed errors.
func newReader(data []byte) (r *pdf.Reader, err error) {
	defer func() {
		if x := recover(); x != nil {
			r, err = nil, fmt.Errorf("%w : %v", ErrDamaged, x)
		}
	}()
	var ra io.ReaderAt = bytes.NewReader(data)
	if bytes.HasPrefix(data, []byte("%PDF-")) && !bytes.HasPrefix(data, header17[:8]) {
		ra = headerFix{data}
	}
	r, err = pdf.NewReader(ra, int64(len(data)))
	switch {
	case err == nil:
		return r, checkEncryption(r)
	case errors.Is(err, pdf.ErrInvalidPassword):
		return nil, ErrPasswordRequired
	case strings.Contains(err.Error(), "encryption"): // a scheme the library refuses
		return nil, classifyUnsupported(data)
	}
	return nil, err
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
