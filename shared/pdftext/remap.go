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
