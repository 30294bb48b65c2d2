package pdftext

import (
	"encoding/binary"
	"strings"
)

// digitGlyphs reads, from an embedded TrueType program (FontFile2), the
// glyph of each ASCII digit as the font itself states it: by its cmap
// (character → glyph: the (3,1), (0,x), (3,10) and, with macRoman, (1,0)
// subtables, formats 0, 4, 6 and 12) and by its post table's glyph names
// ("five"). The map is glyph → digit; empty when the program says nothing
// of digits (many subsets keep neither table). Every offset is checked: a
// damaged program gives what it states before the damage.
func digitGlyphs(ttf []byte, macRoman bool) map[uint16]byte {
	out := map[uint16]byte{}
	tables := ttTables(ttf)
	if cmap, ok := tables["cmap"]; ok {
		if sub, ok := ttCmapSubtable(cmap, macRoman); ok {
			for d := byte('0'); d <= '9'; d++ {
				if g, ok := ttLookup(sub, uint32(d)); ok && g != 0 {
					out[g] = d
				}
			}
		}
	}
	if post, ok := tables["post"]; ok {
		for g, d := range ttPostDigits(post) {
			out[g] = d
		}
	}
	return out
}

// ttTables gives the tables of a TrueType program by tag.
func ttTables(b []byte) map[string][]byte {
	out := map[string][]byte{}
	if len(b) < 12 {
		return out
	}
	n := int(binary.BigEndian.Uint16(b[4:]))
	for i := range min(n, 256) {
		rec := 12 + 16*i
		if rec+16 > len(b) {
			break
		}
		off, length := int(binary.BigEndian.Uint32(b[rec+8:])), int(binary.BigEndian.Uint32(b[rec+12:]))
		if off < 0 || length < 0 || off > len(b) || length > len(b)-off {
			continue
		}
		out[string(b[rec:rec+4])] = b[off : off+length]
	}
	return out
}

// ttCmapSubtable picks the cmap subtable digits are looked up in: Unicode
// first, then, with macRoman, Mac Roman (whose digits are ASCII's).
func ttCmapSubtable(cmap []byte, macRoman bool) ([]byte, bool) {
	subs := ttSubtables(cmap)
	for _, k := range [][2]uint16{{3, 1}, {3, 10}, {0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 6}} {
		if sub, ok := subs[k]; ok {
			return sub, true
		}
	}
	sub, ok := subs[[2]uint16{1, 0}]
	return sub, ok && macRoman
}

// ttSubtables are a cmap's subtables by platform and encoding.
func ttSubtables(cmap []byte) map[[2]uint16][]byte {
	out := map[[2]uint16][]byte{}
	if len(cmap) < 4 {
		return out
	}
	n := int(binary.BigEndian.Uint16(cmap[2:]))
	for i := range min(n, 64) {
		rec := 4 + 8*i
		if rec+8 > len(cmap) {
			break
		}
		k := [2]uint16{binary.BigEndian.Uint16(cmap[rec:]), binary.BigEndian.Uint16(cmap[rec+2:])}
		off := int(binary.BigEndian.Uint32(cmap[rec+4:]))
		if _, seen := out[k]; seen || off < 0 || off+2 > len(cmap) {
			continue
		}
		out[k] = cmap[off:]
	}
	return out
}

// ttCodeGlyph is the glyph a code of a simple TrueType font without
// /Encoding draws (ISO 32000-1, 9.6.6.4): by the (3,0) subtable at the
// code, or at 0xF000, 0xF100 or 0xF200 plus it, else by the (1,0) one.
func ttCodeGlyph(subs map[[2]uint16][]byte, code byte) (uint16, bool) {
	if sub, ok := subs[[2]uint16{3, 0}]; ok {
		for _, base := range []uint32{0, 0xF000, 0xF100, 0xF200} {
			if g, ok := ttLookup(sub, base+uint32(code)); ok && g != 0 {
				return g, true
			}
		}
	}
	if sub, ok := subs[[2]uint16{1, 0}]; ok {
		if g, ok := ttLookup(sub, uint32(code)); ok && g != 0 {
			return g, true
		}
	}
	return 0, false
}

// ttLookup is the glyph of character c in a cmap subtable.
func ttLookup(t []byte, c uint32) (uint16, bool) {
	u16 := func(i int) (uint16, bool) {
		if i < 0 || i+2 > len(t) {
			return 0, false
		}
		return binary.BigEndian.Uint16(t[i:]), true
	}
	format, _ := u16(0)
	switch format {
	case 0:
		if c < 256 && 6+int(c) < len(t) {
			return uint16(t[6+c]), true
		}
	case 6:
		first, ok1 := u16(6)
		count, ok2 := u16(8)
		if ok1 && ok2 && c >= uint32(first) && c < uint32(first)+uint32(count) {
			return u16(10 + 2*int(c-uint32(first)))
		}
	case 4:
		segX2, ok := u16(6)
		if !ok {
			return 0, false
		}
		seg := int(segX2)
		for s := range seg / 2 {
			end, ok1 := u16(14 + 2*s)
			start, ok2 := u16(16 + seg + 2*s)
			if !ok1 || !ok2 || c > uint32(end) {
				continue
			}
			if c < uint32(start) {
				return 0, false
			}
			deltaAt := 16 + 2*seg + 2*s
			rangeAt := 16 + 3*seg + 2*s
			delta, ok3 := u16(deltaAt)
			rangeOff, ok4 := u16(rangeAt)
			if !ok3 || !ok4 {
				return 0, false
			}
			if rangeOff == 0 {
				return uint16(c) + delta, true
			}
			g, ok := u16(rangeAt + int(rangeOff) + 2*int(c-uint32(start)))
			if !ok || g == 0 {
				return 0, ok
			}
			return g + delta, true
		}
	case 12:
		if len(t) < 16 {
			return 0, false
		}
		n := int(binary.BigEndian.Uint32(t[12:]))
		for i := range min(n, (len(t)-16)/12) {
			g := t[16+12*i:]
			lo, hi, first := binary.BigEndian.Uint32(g), binary.BigEndian.Uint32(g[4:]), binary.BigEndian.Uint32(g[8:])
			if lo <= c && c <= hi {
				return uint16(first + c - lo), true
			}
		}
	}
	return 0, false
}

// ttPostDigits reads the digits' glyphs from a post table of format 2: a
// glyph whose name index is one of the standard Macintosh names zero…nine
// (19 to 28), or a name of its own spelling a digit.
func ttPostDigits(post []byte) map[uint16]byte {
	out := map[uint16]byte{}
	if len(post) < 34 || binary.BigEndian.Uint32(post) != 0x00020000 {
		return out
	}
	n := int(binary.BigEndian.Uint16(post[32:]))
	if 34+2*n > len(post) {
		return out
	}
	// The names past the standard 258, in order.
	var names []string
	for at := 34 + 2*n; at < len(post) && len(names) < 1<<15; {
		l := int(post[at])
		if at+1+l > len(post) {
			break
		}
		names = append(names, string(post[at+1:at+1+l]))
		at += 1 + l
	}
	for g := range n {
		idx := int(binary.BigEndian.Uint16(post[34+2*g:]))
		switch {
		case idx >= 19 && idx <= 28:
			out[uint16(g)] = byte('0' + idx - 19)
		case idx >= 258 && idx-258 < len(names):
			base, _, _ := strings.Cut(names[idx-258], ".") // "five.tf", a tabular five
			if d, ok := digitNames[base]; ok {
				out[uint16(g)] = d
			}
		}
	}
	return out
}

// digitNames are the glyph names of the digits.
var digitNames = map[string]byte{"zero": '0', "one": '1', "two": '2', "three": '3', "four": '4',
	"five": '5', "six": '6', "seven": '7', "eight": '8', "nine": '9'}
