package pdftext

import (
	"cmp"
	"container/heap"
	"fmt"
	"slices"
	"sort"
	"unicode/utf16"

	"github.com/ledongthuc/pdf"
)

// cmap is a parsed CMap stream: a ToUnicode map (bfchar, bfrange) or the
// Encoding of a composite font (cidchar, cidrange). The library's own parser
// adds a bfrange offset to the last byte only, so a single wide range such as
// <0000> <FFFF> <0000> (go-pdf/fpdf) decodes ’ as U+0019.
type cmap struct {
	spaces     []codespace
	chars      map[codeKey]string
	ranges     []bfRange
	rangeIndex []span // ranges cut into disjoint pieces
	cids       map[codeKey]uint32
	cidRanges  []cidRange
	cidIndex   []span
	entries    int // mappings read, bounded by maxCMapEntries
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

// CMaps past these bounds (maxCMapEntries) fail their font.
var (
	errCMapEntries    = fmt.Errorf("%w : CMap de plus de %d correspondances", ErrTooComplex, maxCMapEntries)
	errCMapCodespaces = fmt.Errorf("%w : CMap de plus de %d plages de codes", ErrTooComplex, maxCodespaces)
)

// cmapOf parses the CMap stream v, whose decoded bytes are bounded by
// maxStreamBytes and charged to the budget, their decoding stopped where
// they would pass what is left of it. A map is parsed once per content:
// writers give each page's copy of a font its own ToUnicode stream, the
// same few maps over and over, most often compressed alike, and then not
// even inflated again (charged all the same).
func (s *shared) cmapOf(v pdf.Value) (*cmap, error) {
	if v.Kind() != pdf.Stream {
		return nil, nil
	}
	if err := checkDecoding(v); err != nil {
		return nil, err
	}
	b := s.budget
	packed, flate, _ := s.inflate.encoded(v)
	if p, ok := s.packedCMaps[string(packed)]; ok && flate {
		if err := b.addContent(p.size); err != nil {
			return nil, err
		}
		return p.m, nil
	}
	data, err := s.inflate.decode(v, min(maxStreamBytes, b.contentLeft()+1))
	if err != nil && len(data) == 0 {
		return nil, nil // a broken map: the font decodes to no text
	}
	if err := b.addContent(len(data)); err != nil {
		return nil, err
	}
	m, ok := s.cmaps[string(data)]
	if !ok {
		if m, err = parseCMap(data, b); err != nil {
			return nil, err
		}
		if s.cmapBytes+len(data) <= maxCachedCMapBytes {
			s.cmaps[string(data)] = m
			s.cmapBytes += len(data)
		}
	}
	if flate && s.cmapBytes+len(packed) <= maxCachedCMapBytes {
		s.packedCMaps[string(packed)] = packedCMap{m, len(data)}
		s.cmapBytes += len(packed)
	}
	return m, nil
}

// packedCMap is a parsed CMap and the size of its decoded bytes.
type packedCMap struct {
	m    *cmap
	size int
}

func parseCMap(data []byte, b *budget) (*cmap, error) {
	m := &cmap{chars: map[codeKey]string{}, cids: map[codeKey]uint32{}}
	lx := lexer{data: data}
	for {
		op, args, err := lx.next()
		if err != nil || op == "" {
			break // a map cut short keeps what it mapped
		}
		if err := b.tick(1 + len(args)); err != nil {
			return nil, err
		}
		switch op {
		case "endcodespacerange":
			for i := 0; i+1 < len(args); i += 2 {
				lo, hi := args[i].str, args[i+1].str
				if len(lo) > 0 && len(lo) <= 4 && len(lo) == len(hi) {
					m.spaces = append(m.spaces, codespace{[]byte(lo), []byte(hi)})
				}
			}
			if len(m.spaces) > maxCodespaces {
				return nil, errCMapCodespaces
			}
		case "endbfchar":
			for i := 0; i+1 < len(args); i += 2 {
				if src, dst := args[i].str, args[i+1].str; len(src) > 0 && len(src) <= 4 && len(dst) <= maxCodeText {
					m.chars[codeKey{codeOf(src), len(src)}] = utf16BE(dst)
				}
			}
			m.entries += len(args) / 2
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
			m.entries += len(args) / 2
		case "endcidrange":
			for i := 0; i+2 < len(args); i += 3 {
				lo, hi := args[i].str, args[i+1].str
				if len(lo) > 0 && len(lo) <= 4 && len(lo) == len(hi) && codeOf(lo) <= codeOf(hi) {
					m.cidRanges = append(m.cidRanges, cidRange{codeOf(lo), codeOf(hi), len(lo), uint32(args[i+2].num)})
				}
			}
			m.entries += len(args) / 3
		}
		if m.entries > maxCMapEntries {
			return nil, errCMapEntries
		}
	}
	// The codespace decides byte widths; shorter first, as the spec matches.
	slices.SortStableFunc(m.spaces, func(a, b codespace) int { return len(a.lo) - len(b.lo) })
	m.rangeIndex = indexRanges(m.ranges, func(r bfRange) span { return span{lo: r.lo, hi: r.hi, n: r.n} })
	m.cidIndex = indexRanges(m.cidRanges, func(r cidRange) span { return span{lo: r.lo, hi: r.hi, n: r.n} })
	return m, nil
}

// addRange adds a bfrange; its destination counts as one mapping, or one
// per element of an array.
func (m *cmap) addRange(lo, hi string, dst operand) {
	m.entries++
	if len(lo) == 0 || len(lo) > 4 || len(lo) != len(hi) || codeOf(lo) > codeOf(hi) {
		return
	}
	r := bfRange{lo: codeOf(lo), hi: codeOf(hi), n: len(lo)}
	switch dst.kind {
	case kindString:
		if len(dst.str) > maxCodeText {
			return
		}
		r.base = utf16Units(dst.str)
		if len(r.base) == 0 {
			return
		}
	case kindArray:
		m.entries += len(dst.arr)
		for _, d := range dst.arr {
			if len(d.str) > maxCodeText {
				r.list = append(r.list, "")
				continue
			}
			r.list = append(r.list, utf16BE(d.str))
		}
	default:
		return
	}
	m.ranges = append(m.ranges, r)
}

// span maps codes lo..hi of n bytes to entry idx of a table.
type span struct {
	lo, hi uint32
	n      int
	idx    int
}

// indexRanges indexes ranges for lookup by binary search, the first in
// file order winning where ranges overlap, as a linear scan would decide.
func indexRanges[R any](ranges []R, spanOf func(R) span) []span {
	spans := make([]span, len(ranges))
	for i, r := range ranges {
		spans[i] = spanOf(r)
		spans[i].idx = i
	}
	return disjoint(spans)
}

// disjoint cuts spans into disjoint pieces sorted by (n, lo), each taken by
// the first of the spans that cover it, so that a code is found by binary
// search: scanning 1.5 M bfranges for each of 65 535 codes took minutes.
// It sweeps the bounds of the spans with a heap of those covering.
func disjoint(spans []span) []span {
	order := make([]int, len(spans))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int {
		return cmp.Or(cmp.Compare(spans[a].n, spans[b].n), cmp.Compare(spans[a].lo, spans[b].lo))
	})
	var out []span
	for g := 0; g < len(order); {
		n, end := spans[order[g]].n, g
		var bounds []uint64
		for ; end < len(order) && spans[order[end]].n == n; end++ {
			s := spans[order[end]]
			bounds = append(bounds, uint64(s.lo), uint64(s.hi)+1)
		}
		slices.Sort(bounds)
		bounds = slices.Compact(bounds)
		covering := &firstSpans{}
		next := g
		for k := 0; k+1 < len(bounds); k++ {
			at := bounds[k]
			for ; next < end && uint64(spans[order[next]].lo) <= at; next++ {
				heap.Push(covering, order[next])
			}
			for covering.Len() > 0 && uint64(spans[(*covering)[0]].hi) < at {
				heap.Pop(covering)
			}
			if covering.Len() == 0 {
				continue
			}
			idx := spans[(*covering)[0]].idx
			if last := len(out) - 1; last >= 0 && out[last].n == n && out[last].idx == idx && uint64(out[last].hi)+1 == at {
				out[last].hi = uint32(bounds[k+1] - 1)
				continue
			}
			out = append(out, span{lo: uint32(at), hi: uint32(bounds[k+1] - 1), n: n, idx: idx})
		}
		g = end
	}
	return out
}

// firstSpans is a min-heap of span positions: the first given wins.
type firstSpans []int

func (h firstSpans) Len() int           { return len(h) }
func (h firstSpans) Less(i, j int) bool { return h[i] < h[j] }
func (h firstSpans) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *firstSpans) Push(x any)        { *h = append(*h, x.(int)) }
func (h *firstSpans) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// find returns the entry of the piece holding code, among pieces made by
// disjoint.
func find(pieces []span, code uint32, n int) (int, bool) {
	i := sort.Search(len(pieces), func(i int) bool {
		p := pieces[i]
		return p.n > n || p.n == n && p.lo > code
	}) - 1
	if i < 0 || pieces[i].n != n || pieces[i].hi < code {
		return 0, false
	}
	return pieces[i].idx, true
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
	i, ok := find(m.rangeIndex, code, n)
	if !ok {
		return "", false
	}
	r := m.ranges[i]
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

// cid returns the CID of a code of a composite font (identity when unmapped).
func (m *cmap) cid(code uint32, n int) uint32 {
	if c, ok := m.cids[codeKey{code, n}]; ok {
		return c
	}
	if i, ok := find(m.cidIndex, code, n); ok {
		r := m.cidRanges[i]
		return r.cid + code - r.lo
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
