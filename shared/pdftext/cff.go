package pdftext

import (
	"encoding/binary"
	"strings"
)

// cffProgram is what a CFF program (FontFile3 /CIDFontType0C, or the CFF
// table of an OpenType program) says of its digits: digits maps glyph →
// digit by the glyphs' names (a name-keyed program's charset: "five",
// "five.tf"); a CID-keyed program names no glyph, its charset maps each
// glyph to a CID (cidGlyph, inverted: CID → glyph).
type cffProgram struct {
	digits   map[uint16]byte
	cidKeyed bool
	cidGlyph map[uint16]uint16
}

// The CFF standard strings of the digits' names, zero…nine (the CFF
// specification, appendix A); custom names start at cffStdStrings.
const (
	cffSIDZero    = 17
	cffSIDNine    = 26
	cffStdStrings = 391
	// maxCFFGlyphs bounds the charset read.
	maxCFFGlyphs = 1 << 16
)

// readCFF reads a CFF program's header, its first Top DICT, its strings
// and its charset. Every offset is checked; a damaged program gives
// nothing (ok false).
func readCFF(b []byte) (cffProgram, bool) {
	if len(b) < 4 || b[0] != 1 {
		return cffProgram{}, false
	}
	at := int(b[2])
	_, at, ok := cffIndex(b, at) // names
	if !ok {
		return cffProgram{}, false
	}
	dicts, at, ok := cffIndex(b, at)
	if !ok || len(dicts) == 0 {
		return cffProgram{}, false
	}
	strs, _, ok := cffIndex(b, at)
	if !ok {
		return cffProgram{}, false
	}
	top := cffDict(dicts[0])
	p := cffProgram{cidKeyed: top[cffOpROS] != nil}
	cs, ok := top[cffOpCharStrings]
	if !ok || len(cs) != 1 {
		return cffProgram{}, false
	}
	glyphs, _, ok := cffIndex(b, cs[0])
	if !ok || len(glyphs) == 0 {
		return cffProgram{}, false
	}
	charset := 0 // ISOAdobe: glyph i is SID i
	if c := top[cffOpCharset]; len(c) == 1 {
		charset = c[0]
	}
	ids, ok := cffCharset(b, charset, min(len(glyphs), maxCFFGlyphs))
	if !ok {
		return cffProgram{}, false
	}
	if p.cidKeyed {
		p.cidGlyph = make(map[uint16]uint16, len(ids))
		for g, cid := range ids {
			p.cidGlyph[cid] = uint16(g)
		}
		return p, true
	}
	p.digits = map[uint16]byte{}
	for g, sid := range ids {
		switch {
		case sid >= cffSIDZero && sid <= cffSIDNine:
			p.digits[uint16(g)] = byte('0' + sid - cffSIDZero)
		case int(sid) >= cffStdStrings && int(sid)-cffStdStrings < len(strs):
			base, _, _ := strings.Cut(string(strs[int(sid)-cffStdStrings]), ".")
			if d, ok := digitNames[base]; ok {
				p.digits[uint16(g)] = d
			}
		}
	}
	return p, true
}

// cffIndex reads the INDEX at b[at:]: its items and the offset after it.
func cffIndex(b []byte, at int) ([][]byte, int, bool) {
	if at < 0 || at+2 > len(b) {
		return nil, 0, false
	}
	count := int(binary.BigEndian.Uint16(b[at:]))
	if count == 0 {
		return nil, at + 2, true
	}
	if at+3 > len(b) {
		return nil, 0, false
	}
	size := int(b[at+2])
	offs := at + 3
	base := offs + (count+1)*size - 1
	if size < 1 || size > 4 || base+1 > len(b) {
		return nil, 0, false
	}
	off := func(i int) int {
		v := 0
		for _, c := range b[offs+i*size : offs+(i+1)*size] {
			v = v<<8 | int(c)
		}
		return base + v
	}
	items := make([][]byte, count)
	for i := range count {
		lo, hi := off(i), off(i+1)
		if lo < base+1 || hi < lo || hi > len(b) {
			return nil, 0, false
		}
		items[i] = b[lo:hi]
	}
	return items, off(count), true
}

// The Top DICT operators read: charset, CharStrings and ROS (escaped, the
// mark of a CID-keyed program).
const (
	cffOpCharset     = 15
	cffOpCharStrings = 17
	cffOpROS         = 12<<8 | 30
)

// cffDict reads a DICT's integer operands by operator; real operands are
// skipped (none of the operators read takes one).
func cffDict(d []byte) map[int][]int {
	out := map[int][]int{}
	var operands []int
	for i := 0; i < len(d); {
		b0 := int(d[i])
		switch {
		case b0 <= 21:
			op := b0
			i++
			if b0 == 12 {
				if i >= len(d) {
					return out
				}
				op, i = 12<<8|int(d[i]), i+1
			}
			out[op], operands = operands, nil
		case b0 == 28 && i+3 <= len(d):
			operands, i = append(operands, int(int16(binary.BigEndian.Uint16(d[i+1:])))), i+3
		case b0 == 29 && i+5 <= len(d):
			operands, i = append(operands, int(int32(binary.BigEndian.Uint32(d[i+1:])))), i+5
		case b0 == 30:
			for i++; i < len(d) && d[i]&0x0f != 0x0f && d[i]&0xf0 != 0xf0; i++ {
			}
			operands, i = append(operands, 0), i+1
		case b0 >= 32 && b0 <= 246:
			operands, i = append(operands, b0-139), i+1
		case b0 >= 247 && b0 <= 250 && i+2 <= len(d):
			operands, i = append(operands, (b0-247)*256+int(d[i+1])+108), i+2
		case b0 >= 251 && b0 <= 254 && i+2 <= len(d):
			operands, i = append(operands, -(b0-251)*256-int(d[i+1])-108), i+2
		default:
			return out
		}
	}
	return out
}

// cffCharset reads the charset at offset at for n glyphs: each glyph's SID
// (a name-keyed program) or CID (a CID-keyed one), glyph 0 being .notdef.
// Offsets 0 to 2 are the predefined charsets; only ISOAdobe (glyph i, SID
// i) names digits.
func cffCharset(b []byte, at, n int) ([]uint16, bool) {
	ids := make([]uint16, 1, n)
	switch at {
	case 0:
		for g := 1; g < n; g++ {
			ids = append(ids, uint16(g))
		}
		return ids, true
	case 1, 2:
		return nil, false
	}
	if at < 0 || at >= len(b) {
		return nil, false
	}
	format, i := b[at], at+1
	for len(ids) < n {
		switch format {
		case 0:
			if i+2 > len(b) {
				return nil, false
			}
			ids, i = append(ids, binary.BigEndian.Uint16(b[i:])), i+2
		case 1, 2:
			w := int(format) // the width of nLeft
			if i+2+w > len(b) {
				return nil, false
			}
			first, left := int(binary.BigEndian.Uint16(b[i:])), int(b[i+2])
			if w == 2 {
				left = int(binary.BigEndian.Uint16(b[i+2:]))
			}
			for k := 0; k <= left && len(ids) < n; k++ {
				ids = append(ids, uint16(first+k))
			}
			i += 2 + w
		default:
			return nil, false
		}
	}
	return ids, true
}
