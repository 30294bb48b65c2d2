package pdftext

import (
	"io"
	"slices"
	"unicode/utf16"

	"github.com/ledongthuc/pdf"
)

// cmap is a parsed CMap stream: a ToUnicode map (bfchar, bfrange) or the
// Encoding of a composite font (cidchar, cidrange). The library's own parser
// adds a bfrange offset to the last byte only, so a single wide range such as
// <0000> <FFFF> <0000> (go-pdf/fpdf) decodes ’ as U+0019.
type cmap struct {
	spaces    []codespace
	chars     map[codeKey]string
	ranges    []bfRange
	cids      map[codeKey]uint32
	cidRanges []cidRange
}

type codespace struct{ lo, hi []byte }

// codeKey tells <41> from <0041>.
type codeKey struct {
	code uint32
	n    int
}

type bfRange struct {
	lo, hi uint32
	n      int
	base   []uint16 // UTF-16 of lo; the last unit is offset for the others
	list   []string // or one string per code
}

type cidRange struct {
	lo, hi uint32
	n      int
	cid    uint32
}

// readCMap parses the CMap stream v, whose bytes are bounded by
// maxStreamBytes; it returns nil when v is not a stream.
func readCMap(v pdf.Value) *cmap {
	if v.Kind() != pdf.Stream {
		return nil
	}
	data, err := io.ReadAll(io.LimitReader(v.Reader(), maxStreamBytes))
	if err != nil && len(data) == 0 {
		return nil
	}
	return parseCMap(data)
}

func parseCMap(data []byte) *cmap {
	m := &cmap{chars: map[codeKey]string{}, cids: map[codeKey]uint32{}}
	lx := lexer{data: data}
	for {
		op, args, err := lx.next()
		if err != nil || op == "" {
			break
		}
		switch op {
		case "endcodespacerange":
			for i := 0; i+1 < len(args); i += 2 {
				lo, hi := args[i].str, args[i+1].str
				if len(lo) > 0 && len(lo) <= 4 && len(lo) == len(hi) {
					m.spaces = append(m.spaces, codespace{[]byte(lo), []byte(hi)})
				}
			}
		case "endbfchar":
			for i := 0; i+1 < len(args); i += 2 {
				if src := args[i].str; len(src) > 0 && len(src) <= 4 {
					m.chars[codeKey{codeOf(src), len(src)}] = utf16BE(args[i+1].str)
				}
			}
		case "endbfrange":
			for i := 0; i+2 < len(args); i += 3 {
				m.addRange(args[i].str, args[i+1].str, args[i+2])
			}
		case "endcidchar":
			for i := 0; i+1 < len(args); i += 2 {
				if src := args[i].str; len(src) > 0 && len(src) <= 4 {
					m.cids[codeKey{codeOf(src), len(src)}] = uint32(args[i+1].num)
				}
			}
		case "endcidrange":
			for i := 0; i+2 < len(args); i += 3 {
				lo, hi := args[i].str, args[i+1].str
				if len(lo) > 0 && len(lo) <= 4 && len(lo) == len(hi) && codeOf(lo) <= codeOf(hi) {
					m.cidRanges = append(m.cidRanges, cidRange{codeOf(lo), codeOf(hi), len(lo), uint32(args[i+2].num)})
				}
			}
		}
	}
	// The codespace decides byte widths; shorter first, as the spec matches.
	slices.SortStableFunc(m.spaces, func(a, b codespace) int { return len(a.lo) - len(b.lo) })
	return m
}

func (m *cmap) addRange(lo, hi string, dst operand) {
	if len(lo) == 0 || len(lo) > 4 || len(lo) != len(hi) || codeOf(lo) > codeOf(hi) {
		return
	}
	r := bfRange{lo: codeOf(lo), hi: codeOf(hi), n: len(lo)}
	switch dst.kind {
	case kindString:
		r.base = utf16Units(dst.str)
		if len(r.base) == 0 {
			return
		}
	case kindArray:
		for _, d := range dst.arr {
			r.list = append(r.list, utf16BE(d.str))
		}
	default:
		return
	}
	m.ranges = append(m.ranges, r)
}

// split returns the first code of s and its byte length, by codespace;
// without a matching codespace it takes fallback bytes.
func (m *cmap) split(s string, fallback int) (uint32, int) {
	for _, sp := range m.spaces {
		n := len(sp.lo)
		if n > len(s) {
			break
		}
		if inSpace(s[:n], sp) {
			return codeOf(s[:n]), n
		}
	}
	if len(m.spaces) > 0 {
		fallback = len(m.spaces[0].lo)
	}
	n := min(max(fallback, 1), len(s))
	return codeOf(s[:n]), n
}

func inSpace(s string, sp codespace) bool {
	for i := range len(s) {
		if s[i] < sp.lo[i] || s[i] > sp.hi[i] {
			return false
		}
	}
	return true
}

// text returns the Unicode text of a code.
func (m *cmap) text(code uint32, n int) (string, bool) {
	if s, ok := m.chars[codeKey{code, n}]; ok {
		return s, true
	}
	for _, r := range m.ranges {
		if r.n != n || code < r.lo || code > r.hi {
			continue
		}
		off := code - r.lo
		if r.list != nil {
			if int(off) < len(r.list) {
				return r.list[off], true
			}
			return "", false
		}
		units := slices.Clone(r.base)
		units[len(units)-1] += uint16(off)
		return string(utf16.Decode(units)), true
	}
	return "", false
}

// cid returns the CID of a code of a composite font (identity when unmapped).
func (m *cmap) cid(code uint32, n int) uint32 {
	if c, ok := m.cids[codeKey{code, n}]; ok {
		return c
	}
	for _, r := range m.cidRanges {
		if r.n == n && code >= r.lo && code <= r.hi {
			return r.cid + code - r.lo
		}
	}
	return code
}

func codeOf(s string) uint32 {
	var c uint32
	for i := range len(s) {
		c = c<<8 | uint32(s[i])
	}
	return c
}

// utf16Units reads big-endian UTF-16; a lone trailing byte is its own unit.
func utf16Units(s string) []uint16 {
	u := make([]uint16, 0, (len(s)+1)/2)
	for i := 0; i+1 < len(s); i += 2 {
		u = append(u, uint16(s[i])<<8|uint16(s[i+1]))
	}
	if len(s)%2 == 1 {
		u = append(u, uint16(s[len(s)-1]))
	}
	return u
}

func utf16BE(s string) string { return string(utf16.Decode(utf16Units(s))) }
