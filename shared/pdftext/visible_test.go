package pdftext

import (
	"fmt"
	"strings"
	"testing"
)

// visibleFile is a one-page document, 200 × 200 pt, whose page draws
// content with fonts F1 (Helvetica, WinAnsi), F2 (the same with a ToUnicode
// map whose code 0x35, glyph "five", says toUnicode), image Im1 and the
// graphics states: Clear (ca 0), Half (ca 0.5), NoStroke (CA 0), Masked (a
// luminosity soft mask whose group paints nothing), MaskShows (one whose
// group paints the page white) and Unmasked (/SMask /None).
func visibleFile(content, pageExtra, toUnicode string) []byte {
	cmap := "/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n1 begincodespacerange <00> <FF> endcodespacerange\n" +
		"1 beginbfchar\n<35> <" + toUnicode + ">\nendbfchar\nendcmap CMapName currentdict /CMap defineresource pop end end"
	return xrefStreamFile([]testObject{
		{id: 1, body: "<< /Type /Catalog /Pages 2 0 R >>"},
		{id: 2, body: "<< /Type /Pages /Kids [3 0 R] /Count 1 >>"},
		{id: 3, body: "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] " + pageExtra +
			" /Resources << /Font << /F1 5 0 R /F2 6 0 R >> /XObject << /Im1 8 0 R /Fm1 11 0 R /Fm2 13 0 R >>" +
			" /ExtGState << /Clear << /ca 0 >> /Half << /ca 0.5 >> /NoStroke << /CA 0 >> /Masked << /SMask << /S /Luminosity /G 9 0 R >> >>" +
			" /ClearRef 12 0 R /None << /ca 0 /CA 0 >>" +
			" /MaskShows << /SMask << /S /Luminosity /G 10 0 R >> >> /Unmasked << /SMask /None >> >> >> /Contents 4 0 R >>"},
		{id: 4, body: fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content)},
		{id: 5, body: "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"},
		{id: 6, body: "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding /ToUnicode 7 0 R >>"},
		{id: 7, body: fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(cmap), cmap)},
		{id: 8, body: "<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length 1 >>\nstream\n\x00\nendstream"},
		{id: 9, body: "<< /Type /XObject /Subtype /Form /BBox [0 0 200 200] /Group << /S /Transparency /CS /DeviceGray >> /Length 3 >>\nstream\n0 g\nendstream"},
		{id: 10, body: "<< /Type /XObject /Subtype /Form /BBox [0 0 200 200] /Group << /S /Transparency /CS /DeviceGray >> /Length 20 >>\nstream\n1 g 0 0 200 200 re f\nendstream"},
		// a form drawing the sentence, and an opacity of 0 given by reference
		{id: 11, body: fmt.Sprintf("<< /Type /XObject /Subtype /Form /BBox [0 0 200 200] /Resources << /Font << /F1 5 0 R >> >> /Length %d >>\nstream\n%s\nendstream", len(formText), formText)},
		{id: 12, body: "<< /Type /ExtGState /ca 0 >>"},
		{id: 13, body: fmt.Sprintf("<< /Type /XObject /Subtype /Form /BBox [0 0 200 200] /Resources << /Font << /F1 5 0 R >> /ExtGState << /Gone << /ca 0 >> >> >> /Length %d >>\nstream\n/Gone gs %s\nendstream", len(formText)+9, formText)},
	}, "")
}

// formText is the form XObject Fm1's content.
const formText = "BT /F1 12 Tf 10 100 Td (redressement judiciaire 5 000) Tj ET"

// A page always prints a visible line too, so that it has text.
const shown = "BT /F1 10 Tf 10 180 Td (Bilan) Tj ET "

// TestHiddenText draws one sentence in each way a text layer can hold
// what the page does not print, and the same sentence printed: the hidden
// ones are out of the page's text and counted, with their reason.
func TestHiddenText(t *testing.T) {
	const s = "(redressement judiciaire 5 000) Tj"
	tests := []struct {
		name, content, page string
		want                HiddenReason // "" when printed
	}{
		{"printed", "BT /F1 12 Tf 10 100 Td " + s + " ET", "", ""},
		{"render mode 3", "BT 3 Tr /F1 12 Tf 10 100 Td " + s + " ET", "", HiddenMode},
		{"render mode 7, nothing painted", "q BT 7 Tr /F1 12 Tf 10 100 Td " + s + " ET Q 0 0 200 200 re f", "", HiddenMode},
		{"render mode 7, filled through", "q BT 7 Tr /F1 12 Tf 10 100 Td " + s + " ET 0 0 200 200 re f Q", "", ""},
		{"render mode 7, image through", "q BT 7 Tr /F1 12 Tf 10 100 Td " + s + " ET 200 0 0 200 0 0 cm /Im1 Do Q", "", ""},
		{"white rg", "1 1 1 rg BT /F1 12 Tf 10 100 Td " + s + " ET", "", HiddenWhite},
		{"white g", "1 g BT /F1 12 Tf 10 100 Td " + s + " ET", "", HiddenWhite},
		{"white k", "0 0 0 0 k BT /F1 12 Tf 10 100 Td " + s + " ET", "", HiddenWhite},
		{"white scn", "/DeviceRGB cs 1 1 1 scn BT /F1 12 Tf 10 100 Td " + s + " ET", "", HiddenWhite},
		{"white stroke only", "1 1 1 RG 0 g BT 1 Tr /F1 12 Tf 10 100 Td " + s + " ET", "", HiddenWhite},
		{"white on a black band", "0 g 0 90 200 30 re f 1 g BT /F1 12 Tf 10 100 Td " + s + " ET", "", ""},
		{"white on a white band", "1 g 0 90 200 30 re f BT /F1 12 Tf 10 100 Td " + s + " ET", "", HiddenWhite},
		{"white on an image", "q 200 0 0 200 0 0 cm /Im1 Do Q 1 g BT /F1 12 Tf 10 100 Td " + s + " ET", "", ""},
		{"white beside a black band", "0 g 0 10 200 30 re f 1 g BT /F1 12 Tf 10 100 Td " + s + " ET", "", HiddenWhite},
		{"black then white again", "0.2 g BT /F1 12 Tf 10 100 Td " + s + " ET", "", ""},
		{"empty clipping path", "q 0 0 0 0 re W n BT /F1 12 Tf 10 100 Td " + s + " ET Q", "", HiddenClipped},
		{"clipped elsewhere", "q 0 0 50 50 re W n BT /F1 12 Tf 10 100 Td " + s + " ET Q", "", HiddenClipped},
		{"clip restored", "q 0 0 0 0 re W n Q BT /F1 12 Tf 10 100 Td " + s + " ET", "", ""},
		{"below the MediaBox", "BT /F1 12 Tf 10 -40 Td " + s + " ET", "", HiddenOutside},
		{"outside the CropBox", "BT /F1 12 Tf 10 100 Td " + s + " ET", "/CropBox [0 150 200 200]", HiddenOutside},
		{"0.05 pt", "BT /F1 0.05 Tf 10 100 Td " + s + " ET", "", HiddenTiny},
		{"scaled down by the CTM", "q 0.01 0 0 0.01 10 100 cm BT /F1 12 Tf " + s + " ET Q", "", HiddenTiny},
		{"squeezed by Tz", "BT 1 Tz /F1 12 Tf 10 100 Td " + s + " ET", "", HiddenTiny},
		{"mirrored by Tz", "BT -100 Tz /F1 12 Tf 190 100 Td " + s + " ET", "", HiddenMirror},
		{"mirrored by Tm", "BT /F1 12 Tf -1 0 0 1 190 100 Tm " + s + " ET", "", HiddenMirror},
		{"opacity 0", "/Clear gs BT /F1 12 Tf 10 100 Td " + s + " ET", "", HiddenClear},
		{"opacity 0, restored", "q /Clear gs Q BT /F1 12 Tf 10 100 Td " + s + " ET", "", ""},
		{"opacity 0.5", "/Half gs BT /F1 12 Tf 10 100 Td " + s + " ET", "", ""},
		{"opacity 0 then 0.5", "/Clear gs /Half gs BT /F1 12 Tf 10 100 Td " + s + " ET", "", ""},
		{"stroked with stroke opacity 0", "/NoStroke gs BT 1 Tr /F1 12 Tf 10 100 Td " + s + " ET", "", HiddenClear},
		{"filled with stroke opacity 0", "/NoStroke gs BT /F1 12 Tf 10 100 Td " + s + " ET", "", ""},
		{"a soft mask that lets nothing through", "/Masked gs BT /F1 12 Tf 10 100 Td " + s + " ET", "", HiddenClear},
		{"a soft mask that paints", "/MaskShows gs BT /F1 12 Tf 10 100 Td " + s + " ET", "", ""},
		{"a soft mask lifted", "/Masked gs /Unmasked gs BT /F1 12 Tf 10 100 Td " + s + " ET", "", ""},
		{"white on a band painted at opacity 0", "q /Clear gs 0 g 0 90 200 30 re f Q 1 g BT /F1 12 Tf 10 100 Td " + s + " ET", "", HiddenWhite},
		{"under a white fill painted after it", "BT /F1 12 Tf 10 100 Td " + s + " ET 1 g 0 90 200 30 re f", "", HiddenCovered},
		{"under a white fill, as a Cerfa box's background drawn before", "1 g 0 90 200 30 re f 0 g BT /F1 12 Tf 10 100 Td " + s + " ET", "", ""},
		{"turned a quarter, under a white fill painted after it", "BT /F1 12 Tf 0 1 -1 0 100 20 Tm " + s + " ET 1 g 80 10 30 185 re f", "", HiddenCovered},
		{"turned a quarter, beside a white fill painted after it", "BT /F1 12 Tf 0 1 -1 0 100 20 Tm " + s + " ET 1 g 120 10 30 185 re f", "", ""},
		{"under a sheer white fill", "BT /F1 12 Tf 10 100 Td " + s + " ET /Half gs 1 g 0 90 200 30 re f", "", ""},
		{"in a white ring painted after it", "BT /F1 12 Tf 10 100 Td " + s + " ET 1 g 0 90 m 200 90 l 200 120 l 0 120 l h 5 95 m 195 95 l 195 115 l 5 115 l h f*", "", ""},
		{"under a white fill clipped to a ring", "BT /F1 12 Tf 10 100 Td " + s + " ET q 0 90 m 200 90 l 200 120 l 0 120 l h 5 95 m 195 95 l 195 115 l 5 115 l h W* n 1 g 0 90 200 30 re f Q", "", ""},
		{"under a white fill clipped to a rectangle", "BT /F1 12 Tf 10 100 Td " + s + " ET q 0 80 200 50 re W n 1 g 0 90 200 30 re f Q", "", HiddenCovered},
		{"beside a white fill painted after it", "BT /F1 12 Tf 10 100 Td " + s + " ET 1 g 0 10 200 30 re f", "", ""},
		{"under a white fill clipped away from it", "BT /F1 12 Tf 10 100 Td " + s + " ET q 0 0 200 50 re W n 1 g 0 90 200 30 re f Q", "", ""},
		{"opacity 0 by reference", "/ClearRef gs BT /F1 12 Tf 10 100 Td " + s + " ET", "", HiddenClear},
		{"a form drawn at opacity 0", "q /Clear gs /Fm1 Do Q", "", HiddenClear},
		{"a form drawn at full opacity", "/Fm1 Do", "", ""},
		{"a form setting opacity 0 in its own resources", "/Fm2 Do", "", HiddenClear},
		{"filled and stroked, neither painting", "/None gs BT 2 Tr /F1 12 Tf 10 100 Td " + s + " ET", "", HiddenClear},
		{"filled and stroked, the stroke painting", "/Clear gs BT 2 Tr /F1 12 Tf 10 100 Td " + s + " ET", "", ""},
		{"clipped to, filled through at opacity 0", "/Clear gs BT 7 Tr /F1 12 Tf 10 100 Td " + s + " ET 0 0 200 200 re f", "", HiddenClear},
		{"turned upside down, not mirrored", "BT /F1 12 Tf -1 0 0 -1 190 100 Tm " + s + " ET", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := readFixture(t, visibleFile(shown+tt.content, tt.page, "0035"))
			text := p.Text()
			if !strings.Contains(text, "Bilan") {
				t.Fatalf("la ligne imprimée manque : %q", text)
			}
			if tt.want == "" {
				if !strings.Contains(text, "redressement judiciaire 5 000") || len(p.Hidden) != 0 {
					t.Errorf("texte %q, caché %+v : la phrase est imprimée", text, p.Hidden)
				}
				return
			}
			if strings.Contains(text, "redress") || strings.Contains(text, "000") {
				t.Errorf("texte invisible lu : %q", text)
			}
			if len(p.Hidden) != 1 || p.Hidden[0].Reason != tt.want || p.Hidden[0].Text != "redressement judiciaire 5 000" || p.Hidden[0].Chars != 26 {
				t.Errorf("caché = %+v, veut %q « redressement judiciaire 5 000 » (26)", p.Hidden, tt.want)
			}
		})
	}
}

// TestPrintedOrder: glyphs shown right to left in the stream, each placed
// where it prints, read in the order they print.
func TestPrintedOrder(t *testing.T) {
	// Helvetica's B and A are 667 units wide: 8.004 pt at 12 pt.
	p := readFixture(t, visibleFile(shown+"BT /F1 12 Tf 48.008 100 Td (C) Tj -8.004 0 Td (B) Tj -8.004 0 Td (A) Tj ET", "", "0035"))
	if got := p.Lines[len(p.Lines)-1].Text(); got != "ABC" {
		t.Errorf("ligne %q, veut « ABC »", got)
	}
}

// TestRemappedDigits: a font whose ToUnicode says "9" for the glyph its
// encoding names "five" gives no digit through it, neither the printed
// one nor the claimed one; a map that agrees changes nothing.
func TestRemappedDigits(t *testing.T) {
	const content = shown + "BT /F2 12 Tf 10 100 Td (Dette 5 000 k) Tj ET"
	lying := readFixture(t, visibleFile(content, "", "0039"))
	if text := lying.Text(); strings.ContainsAny(text, "0123456789") || !strings.Contains(text, "Dette \ufffd \ufffd\ufffd\ufffd k") {
		t.Errorf("police menteuse : %q", text)
	}
	if lying.Remapped != 4 {
		t.Errorf("%d chiffres illisibles, veut 4", lying.Remapped)
	}
	honest := readFixture(t, visibleFile(content, "", "0035"))
	if text := honest.Text(); !strings.Contains(text, "Dette 5 000 k") || honest.Remapped != 0 {
		t.Errorf("police fidèle : %q, %d", text, honest.Remapped)
	}
	reverse := readFixture(t, visibleFile(shown+"BT /F2 12 Tf 10 100 Td (Total 9) Tj ET", "", "0039"))
	if text := reverse.Text(); strings.Contains(text, "9") || reverse.Remapped != 1 {
		t.Errorf("police menteuse, chiffre non remappé : %q, %d", text, reverse.Remapped)
	}
}
