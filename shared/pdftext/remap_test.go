package pdftext

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"
	"testing"
)

// ttfWith builds a TrueType program holding only the given tables, as an
// embedded subset may.
func ttfWith(tables map[string][]byte) []byte {
	var tags []string
	for _, t := range []string{"CFF ", "cmap", "post"} {
		if _, ok := tables[t]; ok {
			tags = append(tags, t)
		}
	}
	var b bytes.Buffer
	head := make([]byte, 12)
	binary.BigEndian.PutUint32(head, 0x00010000)
	binary.BigEndian.PutUint16(head[4:], uint16(len(tags)))
	b.Write(head)
	off := 12 + 16*len(tags)
	for _, t := range tags {
		rec := make([]byte, 16)
		copy(rec, t)
		binary.BigEndian.PutUint32(rec[8:], uint32(off))
		binary.BigEndian.PutUint32(rec[12:], uint32(len(tables[t])))
		b.Write(rec)
		off += len(tables[t])
	}
	for _, t := range tags {
		b.Write(tables[t])
	}
	return b.Bytes()
}

// cmapDigits is a cmap table (3,1) of format 4 mapping '0'…'9' to glyphs
// 19…28 (the Macintosh order) and letters A…Z to 36…61.
func cmapDigits() []byte {
	type seg struct{ start, end, delta uint16 }
	back := uint16(0x10000 - 29) // glyph = character - 29, modulo 65 536
	segs := []seg{{'0', '9', back}, {'A', 'Z', back}, {0xFFFF, 0xFFFF, 1}}
	n := len(segs)
	sub := make([]byte, 16+8*n)
	binary.BigEndian.PutUint16(sub, 4)
	binary.BigEndian.PutUint16(sub[2:], uint16(len(sub)))
	binary.BigEndian.PutUint16(sub[6:], uint16(2*n))
	for i, s := range segs {
		binary.BigEndian.PutUint16(sub[14+2*i:], s.end)
		binary.BigEndian.PutUint16(sub[16+2*n+2*i:], s.start)
		binary.BigEndian.PutUint16(sub[16+4*n+2*i:], s.delta)
	}
	head := []byte{0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 12}
	return append(head, sub...)
}

// postDigits is a post table of format 2 naming glyph 19 "five.tf" (a
// tabular five, a name of its own) and glyph 20 the standard "nine".
func postDigits() []byte {
	n := 21
	b := make([]byte, 34+2*n)
	binary.BigEndian.PutUint32(b, 0x00020000)
	binary.BigEndian.PutUint16(b[32:], uint16(n))
	binary.BigEndian.PutUint16(b[34+2*19:], 258)
	binary.BigEndian.PutUint16(b[34+2*20:], 28)
	return append(b, append([]byte{7}, "five.tf"...)...)
}

// compositeFile is a page showing codes through a Type0 font (Identity-H,
// CIDFontType2 whose program is ttf) with a ToUnicode of bfchar entries.
func compositeFile(ttf []byte, bfchars, codes string) []byte {
	return compositeFileOf("CIDFontType2", "FontFile2", "", ttf, bfchars, codes)
}

// compositeFileOf is compositeFile with a descendant of the given subtype
// whose program prog is embedded under key, of the stream subtype sub
// (FontFile3's) when not empty.
func compositeFileOf(subtype, key, sub string, prog []byte, bfchars, codes string) []byte {
	if sub != "" {
		sub = " /Subtype /" + sub
	}
	cmap := "/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n1 begincodespacerange <0000> <FFFF> endcodespacerange\n" +
		fmt.Sprintf("%d beginbfchar\n%s\nendbfchar\nendcmap CMapName currentdict /CMap defineresource pop end end", strings.Count(bfchars, "\n")+1, bfchars)
	content := shown + "BT /F3 12 Tf 10 100 Td <" + codes + "> Tj ET"
	return xrefStreamFile([]testObject{
		{id: 1, body: "<< /Type /Catalog /Pages 2 0 R >>"},
		{id: 2, body: "<< /Type /Pages /Kids [3 0 R] /Count 1 >>"},
		{id: 3, body: "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /Font << /F1 5 0 R /F3 6 0 R >> >> /Contents 4 0 R >>"},
		{id: 4, body: fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content)},
		{id: 5, body: "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"},
		{id: 6, body: "<< /Type /Font /Subtype /Type0 /BaseFont /X /Encoding /Identity-H /DescendantFonts [7 0 R] /ToUnicode 8 0 R >>"},
		{id: 7, body: "<< /Type /Font /Subtype /" + subtype + " /BaseFont /X /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >>" +
			" /FontDescriptor << /Type /FontDescriptor /FontName /X /Flags 4 /" + key + " 9 0 R >> /DW 500 /CIDToGIDMap /Identity >>"},
		{id: 8, body: fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(cmap), cmap)},
		{id: 9, body: fmt.Sprintf("<< /Length %d%s >>\nstream\n%s\nendstream", len(prog), sub, prog)},
	}, "")
}

// TestRemappedCompositeDigits: a composite font whose ToUnicode says "9"
// for the glyph its TrueType program gives "5" reads no digit, whether the
// program says so by its cmap or by its post names; a map that agrees, or
// that names a glyph the program does not, changes nothing.
func TestRemappedCompositeDigits(t *testing.T) {
	const five, zero, letterK = "0018", "0013", "002E" // glyphs 24, 19, 46 by the cmap's order
	tests := []struct {
		name, bfchars, codes string
		ttf                  []byte
		want                 string
		remapped             int
	}{
		{"honest", "<0018> <0035>\n<0013> <0030>\n<002E> <006B>", five + zero + zero + zero + letterK,
			ttfWith(map[string][]byte{"cmap": cmapDigits()}), "5000k", 0},
		{"five read as nine", "<0018> <0039>\n<0013> <0030>\n<002E> <006B>", five + zero + zero + zero + letterK,
			ttfWith(map[string][]byte{"cmap": cmapDigits()}), "\ufffd\ufffd\ufffd\ufffdk", 4},
		{"a digit's glyph read as a letter", "<0018> <0041>\n<0013> <0030>", zero + five,
			ttfWith(map[string][]byte{"cmap": cmapDigits()}), "\ufffd\ufffd", 2},
		{"post names, tabular five read as nine", "<0013> <0039>\n<0014> <0039>", "00130014",
			ttfWith(map[string][]byte{"post": postDigits()}), "\ufffd\ufffd", 2},
		{"post names, honest", "<0013> <0035>\n<0014> <0039>", "00130014",
			ttfWith(map[string][]byte{"post": postDigits()}), "59", 0},
		{"a program that names no digit", "<0018> <0039>", five,
			ttfWith(map[string][]byte{}), "9", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := readFixture(t, compositeFile(tt.ttf, tt.bfchars, tt.codes))
			if text := p.Text(); !strings.Contains(text, tt.want) || p.Remapped != tt.remapped {
				t.Errorf("texte %q, %d chiffres remappés ; veut %q, %d", text, p.Remapped, tt.want, tt.remapped)
			}
		})
	}
}

// cffWith builds a CFF program of len(ids)+1 glyphs (.notdef first) whose
// charset, of format 0, gives each later glyph its id: a SID (a
// name-keyed program, custom names in strs from SID 391) or, with ROS, a
// CID.
func cffWith(cidKeyed bool, ids []uint16, strs []string) []byte {
	index := func(items [][]byte) []byte {
		if len(items) == 0 {
			return []byte{0, 0}
		}
		b := []byte{0, byte(len(items)), 1, 1}
		off := 1
		for _, it := range items {
			off += len(it)
			b = append(b, byte(off))
		}
		for _, it := range items {
			b = append(b, it...)
		}
		return b
	}
	int32Op := func(v int) []byte { return binary.BigEndian.AppendUint32([]byte{29}, uint32(v)) }
	var ros []byte
	if cidKeyed {
		strs = append(strs, "Adobe", "Identity")
		ros = append(append(append(int32Op(391+len(strs)-2), int32Op(391+len(strs)-1)...), 139), 12, 30)
	}
	var strItems, glyphs [][]byte
	for _, s := range strs {
		strItems = append(strItems, []byte(s))
	}
	for range len(ids) + 1 {
		glyphs = append(glyphs, []byte{14}) // endchar
	}
	head := append([]byte{1, 0, 4, 1}, index([][]byte{[]byte("X")})...)
	dictLen := len(ros) + 12
	charStrings := len(head) + len(index([][]byte{make([]byte, dictLen)})) + len(index(strItems)) + 2
	charset := charStrings + len(index(glyphs))
	dict := append(append(append(append(ros, int32Op(charset)...), 15), int32Op(charStrings)...), 17)
	b := append(append(append(append(head, index([][]byte{dict})...), index(strItems)...), 0, 0), index(glyphs)...)
	b = append(b, 0)
	for _, id := range ids {
		b = binary.BigEndian.AppendUint16(b, id)
	}
	return b
}

// TestRemappedCFFDigits: a composite font with a CFF program (CIDFontType0)
// whose ToUnicode says "9" for the glyph the program names "five" reads no
// digit; a CID-keyed program names no glyph and decides nothing, unless an
// OpenType wrapper's cmap names them.
func TestRemappedCFFDigits(t *testing.T) {
	// name-keyed: glyph 1 "five" (SID 22), 2 "zero" (17), 3 "five.tf"
	// (custom), 4 "k" (76); the CID is the glyph
	named := cffWith(false, []uint16{22, 17, 391, 76}, []string{"five.tf"})
	// CID-keyed: glyph g is CID 100+g; with cmapDigits, glyph 24 ('5') is
	// CID 124 (007C), glyph 19 ('0') CID 119 (0077)
	cids := make([]uint16, 28)
	for g := range cids {
		cids[g] = uint16(101 + g)
	}
	cidKeyed := cffWith(true, cids, nil)
	openType := ttfWith(map[string][]byte{"CFF ": cidKeyed, "cmap": cmapDigits()})
	tests := []struct {
		name, key, sub, bfchars, codes string
		prog                           []byte
		want                           string
		remapped                       int
	}{
		{"honest", "FontFile3", "CIDFontType0C", "<0001> <0035>\n<0002> <0030>\n<0004> <006B>", "0001000200020002" + "0004", named, "5000k", 0},
		{"five read as nine", "FontFile3", "CIDFontType0C", "<0001> <0039>\n<0002> <0030>\n<0004> <006B>", "0001000200020002" + "0004", named, "\ufffd\ufffd\ufffd\ufffdk", 4},
		{"a tabular five read as nine", "FontFile3", "CIDFontType0C", "<0003> <0039>\n<0002> <0030>", "00030002", named, "\ufffd\ufffd", 2},
		{"CID-keyed: nothing names the glyphs", "FontFile3", "CIDFontType0C", "<007C> <0039>", "007C", cidKeyed, "9", 0},
		{"CID-keyed in OpenType: the cmap names them", "FontFile3", "OpenType", "<007C> <0039>\n<0077> <0030>", "007C0077", openType, "\ufffd\ufffd", 2},
		{"CID-keyed in OpenType, honest", "FontFile3", "OpenType", "<007C> <0035>\n<0077> <0030>", "007C0077", openType, "50", 0},
	}
	t.Run("a program cut anywhere", func(t *testing.T) {
		for _, prog := range [][]byte{named, cidKeyed} {
			for n := range len(prog) {
				readCFF(prog[:n]) // must not panic
			}
		}
	})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := readFixture(t, compositeFileOf("CIDFontType0", tt.key, tt.sub, tt.prog, tt.bfchars, tt.codes))
			if text := p.Text(); !strings.Contains(text, tt.want) || p.Remapped != tt.remapped {
				t.Errorf("texte %q, %d chiffres remappés ; veut %q, %d", text, p.Remapped, tt.want, tt.remapped)
			}
		})
	}
}

// cmapSymbol is a cmap table with a (3,0) subtable of format 4, as a
// symbolic subset carries, mapping 0xF031…0xF032 (codes 0x31, 0x32) to
// glyphs 19 and 20.
func cmapSymbol() []byte {
	b := cmapDigits()
	var glyph19 uint16 = 19
	binary.BigEndian.PutUint16(b[6:], 0) // (3,1) becomes (3,0)
	sub := b[12:]
	n := int(binary.BigEndian.Uint16(sub[6:])) / 2
	binary.BigEndian.PutUint16(sub[14:], 0xF032)             // first segment's end
	binary.BigEndian.PutUint16(sub[16+2*n:], 0xF031)         // and start
	binary.BigEndian.PutUint16(sub[16+4*n:], glyph19-0xF031) // glyph = code - 0xF031 + 19
	return b
}

// simpleTrueTypeFile is a page showing codes through a simple TrueType
// font without /Encoding whose program is ttf, with a ToUnicode of bfchar
// entries.
func simpleTrueTypeFile(ttf []byte, bfchars, codes string) []byte {
	cmap := "/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n1 begincodespacerange <00> <FF> endcodespacerange\n" +
		fmt.Sprintf("%d beginbfchar\n%s\nendbfchar\nendcmap CMapName currentdict /CMap defineresource pop end end", strings.Count(bfchars, "\n")+1, bfchars)
	content := shown + "BT /F4 12 Tf 10 100 Td <" + codes + "> Tj ET"
	return xrefStreamFile([]testObject{
		{id: 1, body: "<< /Type /Catalog /Pages 2 0 R >>"},
		{id: 2, body: "<< /Type /Pages /Kids [3 0 R] /Count 1 >>"},
		{id: 3, body: "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /Font << /F1 5 0 R /F4 6 0 R >> >> /Contents 4 0 R >>"},
		{id: 4, body: fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content)},
		{id: 5, body: "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"},
		{id: 6, body: "<< /Type /Font /Subtype /TrueType /BaseFont /X /FontDescriptor << /Type /FontDescriptor /FontName /X /Flags 4 /FontFile2 9 0 R >> /ToUnicode 8 0 R >>"},
		{id: 8, body: fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(cmap), cmap)},
		{id: 9, body: fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(ttf), ttf)},
	}, "")
}

// TestRemappedTrueTypeDigits: a simple TrueType font without /Encoding
// draws, for code 0x31, the glyph its (3,0) cmap gives (19), which its
// post table names "five.tf": a ToUnicode saying "9" for it reads no
// digit; one saying "5" is honest; a program that names no glyph decides
// nothing.
func TestRemappedTrueTypeDigits(t *testing.T) {
	named := ttfWith(map[string][]byte{"cmap": cmapSymbol(), "post": postDigits()})
	tests := []struct {
		name, bfchars, codes string
		ttf                  []byte
		want                 string
		remapped             int
	}{
		{"honest", "<31> <0035>\n<32> <0039>", "3132", named, "59", 0},
		{"five read as nine", "<31> <0039>\n<32> <0039>", "3132", named, "\ufffd\ufffd", 2},
		{"nine read as five", "<31> <0035>\n<32> <0035>", "31", named, "\ufffd", 1},
		{"a program naming no glyph", "<31> <0039>", "31", ttfWith(map[string][]byte{"cmap": cmapSymbol()}), "9", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := readFixture(t, simpleTrueTypeFile(tt.ttf, tt.bfchars, tt.codes))
			if text := p.Text(); !strings.Contains(text, tt.want) || p.Remapped != tt.remapped {
				t.Errorf("texte %q, %d chiffres remappés ; veut %q, %d", text, p.Remapped, tt.want, tt.remapped)
			}
		})
	}
}
