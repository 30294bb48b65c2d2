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
	cidToGID []byte // nil: identity
	glyphs   map[uint16]byte
}

// gid is the glyph of a CID.
func (c *compositeDigits) gid(cid uint32) uint16 {
	if c.cidToGID == nil {
		return uint16(cid)
	}
	if i := 2 * int(cid); i+2 <= len(c.cidToGID) {
		return uint16(c.cidToGID[i])<<8 | uint16(c.cidToGID[i+1])
	}
	return 0
}

// markRemappedComposite compares, for a composite font with a TrueType
// program (CIDFontType2, FontFile2), each code its ToUnicode maps with the
// glyph the code draws: a code drawing the glyph the program's cmap or
// post table gives digit 5 while the map says "9" (or anything else)
// makes the font lie, and then no digit is read through it (remapped, as
// for simple fonts).
func (f *font) markRemappedComposite(desc pdf.Value, doc *shared) {
	if f.toUnicode == nil || desc.Key("Subtype").Name() != "CIDFontType2" {
		return
	}
	prog := desc.Key("FontDescriptor").Key("FontFile2")
	if prog.Kind() != pdf.Stream {
		return
	}
	ttf, err := doc.readStream(prog, maxFontProgram)
	if err != nil || len(ttf) > maxFontProgram {
		return
	}
	c := &compositeDigits{glyphs: digitGlyphs(ttf)}
	if len(c.glyphs) == 0 {
		return
	}
	if m := desc.Key("CIDToGIDMap"); m.Kind() == pdf.Stream {
		if c.cidToGID, err = doc.readStream(m, 2<<16); err != nil {
			return
		}
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
