package pdftext

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"testing"

	"analyste.dev/analyste/shared/dev/fixtures"
	"github.com/ledongthuc/pdf"
)

// decoded is what decoding a stream gives: its bytes, its error, or the
// panic that stopped it.
type decoded struct {
	data   string
	err    string
	panics string
}

func decodeWith(fn func() ([]byte, error)) (d decoded) {
	defer func() {
		if x := recover(); x != nil {
			d.panics = fmt.Sprint(x)
		}
	}()
	data, err := fn()
	d.data = string(data)
	if err != nil {
		d.err = err.Error()
	}
	return d
}

// pageStreams returns the content streams of the pages of file and the
// ToUnicode maps of their fonts.
func pageStreams(t *testing.T, file []byte) []pdf.Value {
	t.Helper()
	var out []pdf.Value
	err := withPages(context.Background(), file, DefaultLimits(), func(leaves []leaf) error {
		for _, l := range leaves {
			c := l.page.V.Key("Contents")
			out = append(out, c)
			for i := range c.Len() {
				out = append(out, c.Index(i))
			}
			fonts := l.resources.Key("Font")
			for _, name := range fonts.Keys() {
				out = append(out, fonts.Key(name).Key("ToUnicode"))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestInflaterMatchesLibrary decodes every content stream and ToUnicode map
// of real filings and of generated files (unfiltered, a one-filter array,
// a broken zlib header, a predictor, encryption, one larger than the kept
// buffer) both ways, whole and cut short, and wants the library's bytes,
// errors and panics; fast counts the streams inflated from the file's
// bytes.
func TestInflaterMatchesLibrary(t *testing.T) {
	content := []byte("BT /F1 12 Tf 72 700 Td (Chiffre d'affaires) Tj ET")
	z := deflate(content)
	stream := func(dict string, data []byte) genObj {
		return genObj{body: fmt.Sprintf("<<%s /Length %d>>\nstream\n%s\nendstream", dict, len(data), data)}
	}
	gen := func(enc *genEncryption, encBody string, extra ...genObj) []byte {
		objs := genPages("10 0 R", "11 0 R", "12 0 R", "13 0 R", "14 0 R", "15 0 R")
		objs = append(objs, genObj{stream: content}, genObj{stream: bytes.Repeat([]byte("q 1 0 0 1 0 0 cm Q\n"), maxKeptBuffer/8)},
			stream("", content),
			stream("/Filter [/FlateDecode]", z),
			stream("/Filter /FlateDecode", []byte("pas du zlib")),
			stream("/Filter /FlateDecode /DecodeParms <</Predictor 12 /Columns 4>>", deflate([]byte("\x02abcd\x02efgh"))))
		if enc != nil {
			objs = append(objs, genObj{body: encBody})
		}
		return genEncryptedPDF(objs, enc)
	}
	enc, encBody := newGenEncryption(16, false)
	cases := []struct {
		name string
		file []byte
		fast int // streams at least, inflated from the file's bytes
	}{
		{"généré", gen(nil, ""), 4},
		{"chiffré", gen(enc, encBody), 0},
	}
	for _, name := range []string{"en_walmart_fy2023_annual-report.pdf", "fr_hyvia_2022_liasse-2065-2050.pdf"} {
		file, err := os.ReadFile(fixtures.Real(t, name))
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, struct {
			name string
			file []byte
			fast int
		}{name, file, 100})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := inflater{file: c.file}
			fast := 0
			for _, v := range pageStreams(t, c.file) {
				if v.Kind() != pdf.Stream {
					continue
				}
				if _, _, ok := d.encoded(v); ok {
					fast++
				}
				for _, n := range []int64{1 << 30, 7, maxKeptBuffer + 3} {
					want := decodeWith(func() ([]byte, error) {
						return io.ReadAll(io.LimitReader(v.Reader(), n))
					})
					got := decodeWith(func() ([]byte, error) { return d.decode(v, n) })
					if got != want {
						t.Errorf("flux de %d octets au plus : %+v, la bibliothèque %+v", n, got, want)
					}
				}
			}
			if fast < c.fast {
				t.Errorf("%d flux lus depuis le fichier, attendu au moins %d", fast, c.fast)
			}
		})
	}
}

// TestStreamOffset fails when the library's unexported layout, from which
// streamOffset reads a stream's place, changes.
func TestStreamOffset(t *testing.T) {
	file := genPDF(append(genPages("5 0 R"), genObj{stream: []byte("BT ET")}))
	streams := pageStreams(t, file)
	at, encrypted, known := streamOffset(streams[0])
	want := int64(bytes.Index(file, []byte("stream\n")) + len("stream\n"))
	if !known || encrypted || at != want {
		t.Fatalf("streamOffset = %d, %v, %v ; attendu %d, false, true", at, encrypted, known, want)
	}
}
