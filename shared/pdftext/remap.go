package pdftext

import "github.com/ledongthuc/pdf"

// markRemapped marks the digits of a simple font whose ToUnicode map says
// another text than its encoding's glyph names for a digit (glyph "five"
// mapped to "9", or "nine" to "5"): what the page prints is the glyph, what
// the text layer says is the map, and the two disagree. Only codes whose
// name the font states (/Encoding, or its /Differences) are compared; a
// font without /Encoding has a built-in one we do not read.
func (f *font) markRemapped(v pdf.Value, names [256]string) {
	if f.toUnicode == nil {
		return
	}
	enc := v.Key("Encoding")
	var stated [256]bool
	switch {
	case enc.Kind() == pdf.Name || enc.Key("BaseEncoding").Kind() == pdf.Name:
		for c := range stated {
			stated[c] = true
		}
	case enc.Kind() != pdf.Dict:
		return
	}
	diffs, code := enc.Key("Differences"), 0
	for i := range diffs.Len() {
		switch d := diffs.Index(i); d.Kind() {
		case pdf.Integer:
			code = int(d.Int64())
		case pdf.Name:
			if code >= 0 && code < 256 {
				stated[code] = true
			}
			code++
		}
	}
	lying := false
	for c := range 256 {
		mapped, ok := f.toUnicode.text(uint32(c), 1)
		if ok && stated[c] && names[c] != "" && mapped != names[c] && (isDigit(names[c]) || isDigit(mapped)) {
			lying = true
			break
		}
	}
	if !lying {
		return
	}
	for c := range 256 {
		if g := &f.simple[c]; isDigit(g.text) || isDigit(names[c]) {
			g.remapped = true
		}
	}
}

// markRemappedTrueType marks the digits of a simple TrueType font without
// /Encoding (its codes select glyphs through its program's cmap, see
// ttCodeGlyph) whose ToUnicode map says another text than the program's
// own name for the glyph a code draws: its (3,1) cmap's digit or its post
// name. The (1,0) subtable selects glyphs but names none: a symbolic
// subset's codes are not Mac Roman characters.
func (f *font) markRemappedTrueType(v pdf.Value, doc *shared) {
	if f.toUnicode == nil || v.Key("Subtype").Name() != "TrueType" || v.Key("Encoding").Kind() != pdf.Null {
		return
	}
	prog := v.Key("FontDescriptor").Key("FontFile2")
	if prog.Kind() != pdf.Stream {
		return
	}
	ttf, err := doc.readStream(prog, maxFontProgram)
	if err != nil || len(ttf) > maxFontProgram {
		return
	}
	digits := digitGlyphs(ttf, false)
	if len(digits) == 0 {
		return
	}
	subs := ttSubtables(ttTables(ttf)["cmap"])
	var drawn [256]byte // the digit each code draws, 0 when none
	lying := false
	for c := range 256 {
		if g, ok := ttCodeGlyph(subs, byte(c)); ok {
			drawn[c] = digits[g]
		}
		if mapped, ok := f.toUnicode.text(uint32(c), 1); ok && drawn[c] != 0 && mapped != string(drawn[c]) {
			lying = true
		}
	}
	if !lying {
		return
	}
	for c := range 256 {
		if g := &f.simple[c]; isDigit(g.text) || drawn[c] != 0 {
			g.remapped = true
		}
	}
}

// isDigit tells whether s is one ASCII digit.
func isDigit(s string) bool { return len(s) == 1 && s[0] >= '0' && s[0] <= '9' }

// maxFontProgram bounds the embedded program read to tell a composite
// font's digit glyphs; maxRemapCodes the ToUnicode codes compared.
const (
	maxFontProgram = 16 << 20
	maxRemapCodes  = 1 << 16
)

// compositeDigits is what a composite font whose ToUnicode lies about
// digits needs to mark its glyphs: the CID → glyph map and the digits'
// glyphs as its program states them.
type compositeDigits struct {
	cidToGID []byte            // a CIDFontType2's CIDToGIDMap; nil: identity
	cidGlyph map[uint16]uint16 // a CID-keyed CFF program's charset, inverted
	glyphs   map[uint16]byte
}

// gid is the glyph of a CID.
func (c *compositeDigits) gid(cid uint32) uint16 {
	switch {
	case c.cidGlyph != nil:
		return c.cidGlyph[uint16(cid)] // a CID the charset lacks draws .notdef
	case c.cidToGID == nil:
		return uint16(cid)
	}
	if i := 2 * int(cid); i+2 <= len(c.cidToGID) {
		return uint16(c.cidToGID[i])<<8 | uint16(c.cidToGID[i+1])
	}
	return 0
}

// markRemappedComposite compares each code a composite font's ToUnicode
// maps with the glyph the code draws, as the embedded program names it: a
// code drawing the glyph the program gives digit 5 while the map says "9"
// (or anything else) makes the font lie, and then no digit is read
// through it (remapped, as for simple fonts). The evidence, by program:
//   - CIDFontType2 (FontFile2, or FontFile3 /OpenType): the CID's glyph by
//     the CIDToGIDMap, named by the program's cmap (the glyph of '5') or
//     its post table ("five", "five.tf");
//   - CIDFontType0 with a name-keyed CFF program (FontFile3 /CIDFontType0C,
//     or the CFF table of an OpenType one): the CID is the glyph, named by
//     the charset ("five", "five.tf"), an OpenType cmap besides;
//   - CIDFontType0 with a CID-keyed CFF program: the CID's glyph by the
//     charset, named only by an OpenType wrapper's cmap.
//
// It cannot decide, and reads the map as it is, for a bare CID-keyed CFF
// program (its glyphs have no names: what a CID means is its character
// collection's, which we do not hold), a font without an embedded program,
// a program naming no digit, or a glyph it does not name. Glyph widths are
// no evidence: a report's figures are tabular, all ten one width.
func (f *font) markRemappedComposite(desc pdf.Value, doc *shared) {
	if f.toUnicode == nil {
		return
	}
	c, ok := compositeProgram(desc, doc)
	if !ok || len(c.glyphs) == 0 {
		return
	}
	lying, seen := false, 0
	check := func(code uint32, n int, text string) bool {
		seen++
		// a glyph the program does not name (a tabular or old-style
		// figure outside its cmap) tells nothing
		if d, drawn := c.glyphs[c.gid(f.codes.cid(code, n))]; drawn && text != "" && text != string(d) {
			lying = true
		}
		return !lying && seen < maxRemapCodes
	}
	for k, text := range f.toUnicode.chars {
		if !check(k.code, k.n, text) {
			break
		}
	}
	for _, r := range f.toUnicode.ranges {
		for code := r.lo; !lying && seen < maxRemapCodes && code <= r.hi; code++ {
			text, _ := f.toUnicode.text(code, r.n)
			check(code, r.n, text)
		}
	}
	if lying {
		f.digits = c
	}
}

// remappedCID tells whether a code of a lying composite font draws a digit
// or is read as one.
func (f *font) remappedCID(code uint32, n int, text string) bool {
	if f.digits == nil {
		return false
	}
	_, drawn := f.digits.glyphs[f.digits.gid(f.codes.cid(code, n))]
	return drawn || isDigit(text)
}

// compositeProgram reads, from a descendant font's embedded program, the
// glyphs of its digits and how its CIDs select glyphs (see
// markRemappedComposite).
func compositeProgram(desc pdf.Value, doc *shared) (*compositeDigits, bool) {
	fd := desc.Key("FontDescriptor")
	prog, kind := fd.Key("FontFile2"), "TrueType"
	if prog.Kind() != pdf.Stream {
		prog = fd.Key("FontFile3")
		kind = prog.Key("Subtype").Name()
	}
	if prog.Kind() != pdf.Stream {
		return nil, false
	}
	data, err := doc.readStream(prog, maxFontProgram)
	if err != nil || len(data) > maxFontProgram {
		return nil, false
	}
	c := &compositeDigits{}
	switch subtype := desc.Key("Subtype").Name(); {
	case subtype == "CIDFontType2" && (kind == "TrueType" || kind == "OpenType"):
		c.glyphs = digitGlyphs(data, true)
		if m := desc.Key("CIDToGIDMap"); m.Kind() == pdf.Stream {
			if c.cidToGID, err = doc.readStream(m, 2<<16); err != nil {
				return nil, false
			}
		}
	case subtype == "CIDFontType0" && kind == "CIDFontType0C":
		p, ok := readCFF(data)
		if !ok || p.cidKeyed {
			return nil, false // glyphs without names
		}
		c.glyphs = p.digits
	case subtype == "CIDFontType0" && kind == "OpenType":
		p, ok := readCFF(ttTables(data)["CFF "])
		if !ok {
			return nil, false
		}
		c.glyphs, c.cidGlyph = digitGlyphs(data, true), p.cidGlyph
		for g, d := range p.digits {
			c.glyphs[g] = d
		}
	default:
		return nil, false
	}
	return c, true
}
