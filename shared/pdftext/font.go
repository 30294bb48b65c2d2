package pdftext

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/ledongthuc/pdf"
	"golang.org/x/text/encoding/charmap"
)

// font decodes the codes of a shown string into text and glyph widths.
type font struct {
	composite bool
	codes     *cmap // composite: code lengths and code → CID
	toUnicode *cmap
	simple    [256]glyph // simple fonts: every code precomputed
	widths    []float64  // composite: the widths of /W
	widthOf   []span     // CIDs → widths, by disjoint
	defWidth  float64
	cache     glyphCache       // composite fonts: the codes decoded so far
	digits    *compositeDigits // composite fonts whose ToUnicode lies about digits (remap.go)
}

// errWidths: a /W array past maxWidthEntries fails its font.
var errWidths = fmt.Errorf("%w : tableau /W de plus de %d entrées", ErrTooComplex, maxWidthEntries)

// glyph is one decoded code: text, advance in text-space units for a
// font size of 1, and whether word spacing applies (single-byte code 32).
type glyph struct {
	text  string
	width float64
	space bool
	// remapped: a digit of a font whose ToUnicode contradicts its encoding
	// about digits (remap.go).
	remapped bool
}

// each calls fn for every code of s, until fn returns false.
func (f *font) each(s string, fn func(g glyph) bool) {
	if !f.composite {
		for i := range len(s) {
			if !fn(f.simple[s[i]]) {
				return
			}
		}
		return
	}
	for len(s) > 0 {
		code, n := f.codes.split(s, 2)
		s = s[n:]
		g, ok := f.cache.get(code, n)
		if !ok {
			g = f.compositeGlyph(code, n)
			f.cache.put(code, n, g)
		}
		if !fn(g) {
			return
		}
	}
}

// glyphCache holds the decoded glyphs of a composite font's codes of up to
// two bytes, in blocks of 256 codes allocated as codes appear: a font's
// codes cluster (a subset numbers its glyphs from 1), and a lookup by
// index costs a tenth of a map's. Longer codes are decoded each time.
type glyphCache struct {
	blocks [1 << 8]*[1 << 8]cachedGlyph // by the code's high byte; n == 2
	short  *[1 << 8]cachedGlyph         // one-byte codes
}

type cachedGlyph struct {
	glyph
	set bool
}

func (c *glyphCache) block(code uint32, n int, alloc bool) *[1 << 8]cachedGlyph {
	var b **[1 << 8]cachedGlyph
	switch {
	case n == 1 && code < 1<<8:
		b = &c.short
	case n == 2 && code < 1<<16:
		b = &c.blocks[code>>8]
	default:
		return nil
	}
	if *b == nil && alloc {
		*b = new([1 << 8]cachedGlyph)
	}
	return *b
}

func (c *glyphCache) get(code uint32, n int) (glyph, bool) {
	if b := c.block(code, n, false); b != nil && b[code&0xff].set {
		return b[code&0xff].glyph, true
	}
	return glyph{}, false
}

func (c *glyphCache) put(code uint32, n int, g glyph) {
	if b := c.block(code, n, true); b != nil {
		b[code&0xff] = cachedGlyph{g, true}
	}
}

func (f *font) compositeGlyph(code uint32, n int) glyph {
	g := glyph{width: f.defWidth, space: n == 1 && code == 32}
	if i, ok := find(f.widthOf, f.codes.cid(code, n), 0); ok {
		g.width = f.widths[i]
	}
	if f.toUnicode != nil {
		g.text, _ = f.toUnicode.text(code, n)
	}
	g.remapped = f.remappedCID(code, n, g.text)
	return g
}

// loadFont reads a font dictionary. Missing pieces degrade to empty text
// (never to raw code bytes, which would be spurious characters); maps and
// width arrays past their bounds fail the font.
func loadFont(v pdf.Value, doc *shared) (*font, error) {
	toUnicode, err := doc.cmapOf(v.Key("ToUnicode"))
	if err != nil {
		return nil, fmt.Errorf("/ToUnicode : %w", err)
	}
	if v.Key("Subtype").Name() == "Type0" {
		return loadComposite(v, toUnicode, doc)
	}
	f := &font{toUnicode: toUnicode}
	f.loadSimple(v)
	f.markRemappedTrueType(v, doc)
	return f, nil
}

// compositeKey is what decodes a composite font: its descendant (widths),
// its encoding (a predefined CMap's name or a parsed map) and its
// ToUnicode map. Writers give each page a font object of its own over one
// descendant and the same maps: those fonts are one.
type compositeKey struct {
	desc             ref
	encoding         string
	codes, toUnicode *cmap
}

func loadComposite(v pdf.Value, toUnicode *cmap, doc *shared) (*font, error) {
	enc := v.Key("Encoding")
	codes, err := doc.cmapOf(enc)
	if err != nil {
		return nil, fmt.Errorf("/Encoding : %w", err)
	}
	descs := v.Key("DescendantFonts")
	id, shared := refAt(descs, 0)
	key := compositeKey{id, enc.Name(), codes, toUnicode}
	if f, ok := doc.composites[key]; ok && shared {
		return f, nil
	}
	f := &font{toUnicode: toUnicode, composite: true, codes: codes}
	if err := f.loadWidths(descs.Index(0), doc); err != nil {
		return nil, err
	}
	f.markRemappedComposite(descs.Index(0), doc)
	if shared && len(doc.composites) < maxCachedObjects {
		doc.composites[key] = f
	}
	return f, nil
}

// loadWidths reads the widths of the descendant font desc.
func (f *font) loadWidths(desc pdf.Value, doc *shared) error {
	if f.codes == nil {
		f.codes = &cmap{} // Identity-H and the predefined CMaps: two bytes
		if f.toUnicode != nil {
			f.codes.spaces = f.toUnicode.spaces
		}
	}
	f.defWidth = 1.0
	if dw := desc.Key("DW"); !dw.IsNull() {
		f.defWidth = dw.Float64() / 1000
	}
	// /W holds ranges of CIDs, kept as such: expanding them let 3000 ranges
	// of 65 536 CIDs take 6 GB. A later entry overrides an earlier one.
	var spans []span
	add := func(lo, hi int64, width float64) error {
		if len(spans) >= maxWidthEntries {
			return errWidths
		}
		if 0 <= lo && lo <= hi && hi <= math.MaxUint32 {
			spans = append(spans, span{lo: uint32(lo), hi: uint32(hi), idx: len(f.widths)})
			f.widths = append(f.widths, width)
		}
		return doc.budget.tick(1)
	}
	// Each entry counts as work, an array naming no CID included, and an
	// object named by many entries is resolved once.
	w := desc.Key("W")
	for i := 0; i < w.Len(); {
		if err := doc.budget.tick(1); err != nil {
			return err
		}
		first := doc.index(w, i)
		next := doc.index(w, i+1)
		if next.Kind() == pdf.Array { // c [w1 w2 ...]
			c := first.Int64()
			for j := range next.Len() {
				if err := add(c+int64(j), c+int64(j), next.Index(j).Float64()/1000); err != nil {
					return err
				}
			}
			i += 2
			continue
		}
		if err := add(first.Int64(), next.Int64(), doc.index(w, i+2).Float64()/1000); err != nil { // c1 c2 w
			return err
		}
		i += 3
	}
	slices.Reverse(spans)
	f.widthOf = disjoint(spans)
	return nil
}

func (f *font) loadSimple(v pdf.Value) {
	scale := 0.001
	if v.Key("Subtype").Name() == "Type3" {
		if m := v.Key("FontMatrix"); m.Len() == 6 {
			scale = m.Index(0).Float64()
		}
	}
	widths := v.Key("Widths")
	first := int(v.Key("FirstChar").Int64())
	missing := v.Key("FontDescriptor").Key("MissingWidth").Float64()
	std := standardWidths(v.Key("BaseFont").Name())
	names := baseEncoding(v)
	for c := range 256 {
		g := &f.simple[c]
		switch {
		case widths.Kind() == pdf.Array && c >= first && c-first < widths.Len():
			g.width = widths.Index(c-first).Float64() * scale
		case widths.Kind() == pdf.Array:
			g.width = missing * scale
		default:
			g.width = std(c) * scale
		}
		g.space = c == 32
		g.text = names[c]
		if f.toUnicode != nil {
			if s, ok := f.toUnicode.text(uint32(c), 1); ok {
				g.text = s
			}
		}
	}
	f.markRemapped(v, names)
}

// baseEncoding decodes the 256 codes of a simple font from /Encoding: a
// base encoding (WinAnsi stands in for Standard and for a font's built-in
// encoding) then /Differences.
func baseEncoding(v pdf.Value) [256]string {
	enc := v.Key("Encoding")
	base := enc.Name()
	if enc.Kind() == pdf.Dict {
		base = enc.Key("BaseEncoding").Name()
	}
	cm := charmap.Windows1252
	if base == "MacRomanEncoding" {
		cm = charmap.Macintosh
	}
	var out [256]string
	for c := range 256 {
		if r := cm.DecodeByte(byte(c)); r != utf8.RuneError && r >= 0x20 {
			out[c] = string(r)
		}
	}
	if base == "StandardEncoding" || base == "" {
		out['\''], out['`'] = "’", "‘"
	}
	diffs := enc.Key("Differences")
	if diffs.Kind() != pdf.Array {
		return out
	}
	lib := pdf.Font{V: v}
	libEnc := lib.Encoder() // knows the Adobe glyph list
	code := 0
	for i := range diffs.Len() {
		d := diffs.Index(i)
		switch d.Kind() {
		case pdf.Integer:
			code = int(d.Int64())
		case pdf.Name:
			if code >= 0 && code < 256 {
				out[code] = glyphName(d.Name(), libEnc.Decode(string([]byte{byte(code)})), byte(code))
			}
			code++
		}
	}
	return out
}

// glyphName maps a glyph name to text: uniXXXX[YYYY…] and uXXXX[XX] forms,
// else the library's decoding. For a name it does not know the library
// returns the code itself: kept for printable ASCII (a standard name at its
// standard place), dropped otherwise (unknown text, not a spurious byte).
// A name longer than maxCodeText is not a glyph's.
func glyphName(name, lib string, code byte) string {
	if len(name) > maxCodeText {
		return ""
	}
	if h, ok := strings.CutPrefix(name, "uni"); ok && len(h) >= 4 && len(h)%4 == 0 {
		var b strings.Builder
		for i := 0; i < len(h); i += 4 {
			r, err := strconv.ParseUint(h[i:i+4], 16, 32)
			if err != nil {
				b.Reset()
				break
			}
			b.WriteRune(rune(r))
		}
		if b.Len() > 0 {
			return b.String()
		}
	}
	if h, ok := strings.CutPrefix(name, "u"); ok && len(h) >= 4 && len(h) <= 6 {
		if r, err := strconv.ParseUint(h, 16, 32); err == nil && utf8.ValidRune(rune(r)) {
			return string(rune(r))
		}
	}
	if lib == string(rune(code)) && (code < 0x20 || code > 0x7e) {
		return ""
	}
	if lib == "\ufffd" {
		return ""
	}
	return lib
}

// standardWidths approximates the widths of a font without /Widths (the
// standard 14): Courier is monospaced, the others by family and weight.
func standardWidths(base string) func(c int) float64 {
	base = base[strings.IndexByte(base, '+')+1:] // subset prefix
	bold := strings.Contains(base, "Bold")
	var table *[256]uint16
	switch {
	case strings.HasPrefix(base, "Courier"):
		return func(int) float64 { return 600 }
	case strings.HasPrefix(base, "Times") && bold:
		table = &timesBoldWidths
	case strings.HasPrefix(base, "Times"):
		table = &timesWidths
	case bold:
		table = &helveticaBoldWidths
	default:
		table = &helveticaWidths
	}
	return func(c int) float64 { return float64(table[c]) }
}
