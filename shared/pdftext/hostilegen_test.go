package pdftext

import (
	"bytes"
	"compress/zlib"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"analyste.dev/analyste/shared/dev/fixtures"
)

var updateHostile = flag.Bool("update-hostile", false, "rewrite the generated files of testdata/bad/hostile")

// genObj is one indirect object of a generated PDF: its body, and the data
// of its stream when it is one (FlateDecode). packed puts it in the file's
// object stream.
type genObj struct {
	body   string
	stream []byte
	packed bool
}

// genPDF writes objs as objects 1…n, object 1 the catalog: with a classic
// xref table, or with an object stream (FlateDecode) and an xref stream
// when some are packed. The output depends on objs only.
func genPDF(objs []genObj) []byte { return genEncryptedPDF(objs, nil) }

// genEncryption encrypts a generated file for the empty user password: its
// streams are encrypted (strings are left alone: only packed objects may
// hold any), and the xref stream names the encryption dictionary, object
// dict, and the file's identifier.
type genEncryption struct {
	crypt *fileCrypt
	dict  int
	id    []byte
}

// newGenEncryption returns the encryption of a file whose encryption
// dictionary is object dict, and that dictionary's body: RC4 (V 2, R 3) or
// AES-128 (V 4, R 4), 128-bit keys, an owner entry of fixed bytes.
func newGenEncryption(dict int, useAES bool) (*genEncryption, string) {
	id := []byte("analyste-test-id")
	o := bytes.Repeat([]byte{0x5a}, 32)
	p := int32(-4) // every permission
	r := int64(3)
	if useAES {
		r = 4
	}
	key := fileKey(o, uint32(p), id, 128, r)
	u := append(userCheck(key, id, r), make([]byte, 16)...)
	body := fmt.Sprintf("<</Filter /Standard /V 2 /R 3 /Length 128 /O <%x> /U <%x> /P %d>>", o, u, p)
	if useAES {
		body = fmt.Sprintf("<</Filter /Standard /V 4 /R 4 /Length 128 /CF <</StdCF <</CFM /AESV2 /AuthEvent /DocOpen /Length 16>>>> /StmF /StdCF /StrF /StdCF /O <%x> /U <%x> /P %d>>", o, u, p)
	}
	return &genEncryption{crypt: &fileCrypt{key: key, useAES: useAES}, dict: dict, id: id}, body
}

// genEncryptedPDF is genPDF, encrypted by enc when not nil (with packed
// objects: an xref stream carries the encryption).
func genEncryptedPDF(objs []genObj, enc *genEncryption) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
	n := len(objs)
	offsets := make([]int, n+3)
	var packed []int
	for i, o := range objs {
		id := i + 1
		if o.packed {
			packed = append(packed, id)
			continue
		}
		offsets[id] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n", id)
		if o.stream != nil {
			z := deflate(o.stream)
			if enc != nil {
				z = enc.crypt.encrypt(int64(id), z)
			}
			fmt.Fprintf(&b, "<<%s /Length %d /Filter /FlateDecode>>\nstream\n", o.body, len(z))
			b.Write(z)
			b.WriteString("\nendstream")
		} else {
			b.WriteString(o.body)
		}
		b.WriteString("\nendobj\n")
	}
	if len(packed) == 0 {
		xref := b.Len()
		fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", n+1)
		for id := 1; id <= n; id++ {
			fmt.Fprintf(&b, "%010d 00000 n \n", offsets[id])
		}
		fmt.Fprintf(&b, "trailer\n<</Size %d /Root 1 0 R>>\nstartxref\n%d\n%%%%EOF\n", n+1, xref)
		return b.Bytes()
	}
	stm, xrefID := n+1, n+2
	var head, body bytes.Buffer
	for _, id := range packed {
		fmt.Fprintf(&head, "%d %d ", id, body.Len())
		body.WriteString(objs[id-1].body)
		body.WriteByte('\n')
	}
	z := deflate(append(head.Bytes(), body.Bytes()...))
	if enc != nil {
		z = enc.crypt.encrypt(int64(stm), z)
	}
	offsets[stm] = b.Len()
	fmt.Fprintf(&b, "%d 0 obj\n<</Type /ObjStm /N %d /First %d /Length %d /Filter /FlateDecode>>\nstream\n", stm, len(packed), head.Len(), len(z))
	b.Write(z)
	b.WriteString("\nendstream\nendobj\n")
	offsets[xrefID] = b.Len()
	var rows bytes.Buffer
	index := map[int]int{}
	for i, id := range packed {
		index[id] = i
	}
	for id := 0; id <= xrefID; id++ {
		switch i, ok := index[id]; {
		case id == 0:
			rows.Write([]byte{0, 0, 0, 0, 0, 0xff, 0xff})
		case ok:
			rows.Write([]byte{2, 0, 0, byte(stm >> 8), byte(stm), byte(i >> 8), byte(i)})
		default:
			o := offsets[id]
			rows.Write([]byte{1, byte(o >> 24), byte(o >> 16), byte(o >> 8), byte(o), 0, 0})
		}
	}
	trailer := ""
	if enc != nil {
		trailer = fmt.Sprintf(" /Encrypt %d 0 R /ID [<%x> <%x>]", enc.dict, enc.id, enc.id)
	}
	fmt.Fprintf(&b, "%d 0 obj\n<</Type /XRef /Size %d /W [1 4 2] /Root 1 0 R%s /Length %d>>\nstream\n", xrefID, xrefID+1, trailer, rows.Len())
	b.Write(rows.Bytes())
	fmt.Fprintf(&b, "\nendstream\nendobj\nstartxref\n%d\n%%%%EOF\n", offsets[xrefID])
	return b.Bytes()
}

func deflate(data []byte) []byte {
	var z bytes.Buffer
	w, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
	w.Write(data)
	w.Close()
	return z.Bytes()
}

// genPages returns the catalog, the page tree and a Helvetica font as
// objects 1, 2 and 3, with pages 4… drawing the given content objects.
func genPages(contents ...string) []genObj {
	kids := make([]string, len(contents))
	objs := []genObj{{body: "<</Type /Catalog /Pages 2 0 R>>"}, {}, {body: "<</Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding>>"}}
	for i, c := range contents {
		kids[i] = fmt.Sprintf("%d 0 R", 4+i)
		objs = append(objs, genObj{body: fmt.Sprintf("<</Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources <</Font <</F1 3 0 R>> /XObject <</X1 %d 0 R>>>> /Contents %s>>", 4+len(contents), c)})
	}
	objs[1].body = fmt.Sprintf("<</Type /Pages /Kids [%s] /Count %d>>", strings.Join(kids, " "), len(contents))
	return objs
}

// hello is a content stream showing "Hello" in F1.
const hello = "BT /F1 12 Tf 72 700 Td (Hello) Tj ET\n"

// hostileGenerated are the hostile files this file writes, from the
// descriptions of issue #25: each spends one resource the reader did not
// count, or counted at the wrong size, or resolved again at every use.
var hostileGenerated = map[string]func() []byte{
	// 6 M true/false/null before one operator: operands the content lexer
	// kept without counting them. Page 2 reads.
	"keywords_content.pdf": func() []byte {
		objs := genPages("7 0 R", "8 0 R")
		return genPDF(append(objs,
			genObj{body: "/Subtype /Form /BBox [0 0 1 1]", stream: []byte("q Q")},
			genObj{body: "", stream: []byte(hello + strings.Repeat("true false null ", 2_000_000) + "Tj\n")},
			genObj{body: "", stream: []byte(hello)}))
	},
	// The same in a ToUnicode CMap: the map stops there and the font falls
	// back to its encoding.
	"keywords_cmap.pdf": func() []byte {
		objs := genPages("6 0 R")
		objs[2].body = "<</Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding /ToUnicode 7 0 R>>"
		cmap := "/CIDInit /ProcSet findresource begin 12 dict begin begincmap 1 begincodespacerange <00> <FF> endcodespacerange\n" +
			strings.Repeat("true false null ", 2_000_000) + "endbfchar endcmap end end\n"
		return genPDF(append(objs,
			genObj{body: "/Subtype /Form /BBox [0 0 1 1]", stream: []byte("q Q")},
			genObj{body: "", stream: []byte(hello)},
			genObj{body: "", stream: []byte(cmap)}))
	},
	// 18 pages drawing one Tj of a million glyphs on a slanted baseline
	// with a large Tc: each glyph is a line of its own, whose Line and Span
	// weigh some 90 bytes when the text budget counted 2.
	"slanted_glyphs.pdf": func() []byte {
		pages := make([]string, 18)
		for i := range pages {
			pages[i] = "23 0 R"
		}
		objs := genPages(pages...)
		return genPDF(append(objs,
			genObj{body: "/Subtype /Form /BBox [0 0 1 1]", stream: []byte("q Q")},
			genObj{body: "", stream: []byte("BT /F1 1 Tf 50 Tc 0.8 0.6 -0.6 0.8 0 0 Tm (" + strings.Repeat("a", 1_000_000) + ") Tj ET\n")}))
	},
	// A page whose /Contents (packed in an object stream) names one tiny
	// stream 600 000 times.
	"contents_repeated.pdf": func() []byte {
		objs := genPages("6 0 R")
		return genPDF(append(objs,
			genObj{body: "/Subtype /Form /BBox [0 0 1 1]", stream: []byte("q Q")},
			genObj{body: "[" + strings.Repeat("7 0 R ", 600_000) + "]", packed: true},
			genObj{body: "", stream: []byte(hello)}))
	},
	// A page drawing one empty form XObject a million times, its /XObject
	// dictionary packed behind 3 MB of other objects: each Do resolved it
	// again, inflating the object stream up to it.
	"do_repeated.pdf": func() []byte {
		objs := genPages("6 0 R")
		objs[3].body = "<</Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources <</Font <</F1 3 0 R>> /XObject 8 0 R>> /Contents 6 0 R>>"
		return genPDF(append(objs,
			genObj{body: "/Subtype /Form /BBox [0 0 1 1]", stream: []byte{}},
			genObj{body: "", stream: []byte(hello + strings.Repeat("/X1 Do ", 1_000_000))},
			genObj{body: "(" + strings.Repeat("a", 3_000_000) + ")", packed: true},
			genObj{body: "<</X1 5 0 R>>", packed: true}))
	},
	// A composite font whose /W names one packed empty array 400 000
	// times over: each entry was resolved again, its object stream inflated
	// again.
	"w_repeated.pdf": func() []byte {
		objs := genPages("6 0 R")
		objs[2].body = "<</Type /Font /Subtype /Type0 /BaseFont /F /Encoding /Identity-H /DescendantFonts [7 0 R] /ToUnicode 9 0 R>>"
		cmap := "begincmap 1 begincodespacerange <0000> <FFFF> endcodespacerange 1 beginbfchar <0048> <0048> endbfchar endcmap\n"
		return genPDF(append(objs,
			genObj{body: "/Subtype /Form /BBox [0 0 1 1]", stream: []byte("q Q")},
			genObj{body: "", stream: []byte("BT /F1 12 Tf 72 700 Td <00480048> Tj ET\n")},
			genObj{body: "<</Type /Font /Subtype /CIDFontType2 /BaseFont /F /CIDSystemInfo <</Registry (Adobe) /Ordering (Identity) /Supplement 0>> /W 8 0 R>>", packed: true},
			genObj{body: "[" + strings.Repeat("1 10 0 R ", 400_000) + "]", packed: true},
			genObj{body: "", stream: []byte(cmap)},
			genObj{body: "[]", packed: true}))
	},
	// A page tree whose root names one page 600 000 times.
	"kids_repeated.pdf": func() []byte {
		objs := genPages("6 0 R")
		objs[1].body = "<</Type /Pages /Kids 7 0 R /Count 1>>"
		return genPDF(append(objs,
			genObj{body: "/Subtype /Form /BBox [0 0 1 1]", stream: []byte("q Q")},
			genObj{body: "", stream: []byte(hello)},
			genObj{body: "[" + strings.Repeat("4 0 R ", 600_000) + "]", packed: true}))
	},
	// An encrypted file (RC4) whose object stream inflates to 9 MiB of one
	// string: never measured, the library inflated it again at each lookup.
	"objstm_encrypted_bomb.pdf": func() []byte {
		return encryptedPacked(false, genObj{body: "(" + strings.Repeat("a", 9<<20) + ")", packed: true})
	},
	// An encrypted file (RC4) whose /W names 2 000 packed empty arrays
	// lying behind a 3 MiB string in their object stream: each lookup
	// inflated the stream again up to its array.
	"objstm_encrypted_widths.pdf": func() []byte {
		const n = 2000
		objs := widthsObjects(n, genObj{body: "(" + strings.Repeat("p", 3<<20) + ")", packed: true})
		enc, dict := newGenEncryption(11+n, false)
		return genEncryptedPDF(append(objs, genObj{body: dict}), enc)
	},
	// The bomb's file, AES-128, without the bomb: its objects are written
	// out, their strings encrypted again, and the page reads.
	"objstm_encrypted_aes.pdf": func() []byte { return encryptedPacked(true) },
	// An array of 3.9 M numbers that nothing draws, in the packed catalog:
	// the library builds an interface value per element.
	"unused_array.pdf": func() []byte {
		objs := genPages("6 0 R")
		objs[0] = genObj{body: "<</Type /Catalog /Pages 2 0 R /Unused [" + strings.Repeat("0 ", 3_900_000) + "]>>", packed: true}
		return genPDF(append(objs,
			genObj{body: "/Subtype /Form /BBox [0 0 1 1]", stream: []byte("q Q")},
			genObj{body: "", stream: []byte(hello)}))
	},
}

// encryptedPacked is a one-page encrypted file whose catalog (with a /Lang
// string), page tree, font and page lie in an object stream, with more.
func encryptedPacked(useAES bool, more ...genObj) []byte {
	objs := genPages("6 0 R")
	objs[0].body = "<</Type /Catalog /Pages 2 0 R /Lang (fr-FR)>>"
	for i := range 4 {
		objs[i].packed = true
	}
	enc, dict := newGenEncryption(7, useAES)
	objs = append(objs,
		genObj{body: "/Subtype /Form /BBox [0 0 1 1]", stream: []byte("q Q")},
		genObj{body: "", stream: []byte(hello)},
		genObj{body: dict})
	return genEncryptedPDF(append(objs, more...), enc)
}

// TestHostileGenerated checks that the generated files of testdata/bad/hostile
// are what hostileGenerated writes (-update-hostile rewrites them).
func TestHostileGenerated(t *testing.T) {
	dir := fixtures.Testdata(t, "bad", "hostile")
	for name, gen := range hostileGenerated {
		want := gen()
		path := filepath.Join(dir, name)
		if *updateHostile {
			if err := os.WriteFile(path, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s : diffère du générateur (go test -run TestHostileGenerated -update-hostile) %v", name, err)
		}
	}
}

// packedWidths is a composite font whose /W names n distinct packed empty
// arrays, padded to the size a file of that many objects must have
// (maxObjects): each lookup of an array inflated their object stream again
// up to it, which flatten does once.
func packedWidths(n int) []byte {
	return genPDF(widthsObjects(n, genObj{body: "(" + strings.Repeat("p", 16*n) + ")"}))
}

// widthsObjects are the objects of packedWidths, with pad as object 10,
// before the n arrays.
func widthsObjects(n int, pad genObj) []genObj {
	objs := genPages("6 0 R")
	objs[2].body = "<</Type /Font /Subtype /Type0 /BaseFont /F /Encoding /Identity-H /DescendantFonts [7 0 R] /ToUnicode 9 0 R>>"
	cmap := "begincmap 1 begincodespacerange <0000> <FFFF> endcodespacerange 1 beginbfchar <0048> <0048> endbfchar endcmap\n"
	var w strings.Builder
	for i := range n {
		fmt.Fprintf(&w, "1 %d 0 R ", 11+i)
	}
	objs = append(objs,
		genObj{body: "/Subtype /Form /BBox [0 0 1 1]", stream: []byte("q Q")},
		genObj{body: "", stream: []byte("BT /F1 12 Tf 72 700 Td <00480048> Tj ET\n")},
		genObj{body: "<</Type /Font /Subtype /CIDFontType2 /BaseFont /F /CIDSystemInfo <</Registry (Adobe) /Ordering (Identity) /Supplement 0>> /W 8 0 R>>", packed: true},
		genObj{body: "[" + w.String() + "]", packed: true},
		genObj{body: "", stream: []byte(cmap)},
		pad)
	for range n {
		objs = append(objs, genObj{body: "[]", packed: true})
	}
	return objs
}
