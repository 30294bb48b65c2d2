package ocrtest

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"

	"golang.org/x/text/encoding/charmap"

	"analyste.dev/analyste/shared/pdftext"
)

// amountChars are what an amount span prints: it is drawn in the
// figures' font, right-aligned where the source ends it.
const amountChars = "0123456789 ,.-()\u00a0\u202f"

// figureWidths are Helvetica's advances (thousandths of an em) of what an
// amount prints, in the ASCII codes both fonts give them.
var figureWidths = map[byte]float64{' ': 278, ',': 278, '.': 278, '-': 333, '(': 333, ')': 333,
	'0': 556, '1': 556, '2': 556, '3': 556, '4': 556, '5': 556, '6': 556, '7': 556, '8': 556, '9': 556}

// LyingToUnicode draws the text PDF source again in Helvetica, line by
// line and span by span where source prints them, with one lie: the
// amounts of pages (from 1) are drawn in a copy of the font whose
// ToUnicode map swaps 3 and 8, so that their print shows source's figures
// and their text layer others. The font names no glyph (no /Encoding, its
// built-in one stands), so pdftext cannot tell: only the print can. The
// other pages, and every word, print what they say.
func LyingToUnicode(ctx context.Context, source []byte, pages ...int) ([]byte, error) {
	doc, err := pdftext.Read(ctx, bytes.NewReader(source), int64(len(source)), pdftext.DefaultLimits())
	if err != nil {
		return nil, fmt.Errorf("ocrtest: %w", err)
	}
	var contents []string
	var boxes []pdftext.Rect
	for _, p := range doc.Pages {
		contents = append(contents, content(p, slices.Contains(pages, p.Number)))
		boxes = append(boxes, p.MediaBox)
	}
	return writePDF(contents, boxes), nil
}

// content is the content stream of page p: its words in /F1 (WinAnsi),
// its amounts in /F2 when lying, else in /F1 too.
func content(p pdftext.Page, lying bool) string {
	var b strings.Builder
	b.WriteString("BT\n")
	for _, l := range p.Lines {
		for _, s := range l.Spans {
			if strings.Trim(s.Text, amountChars) != "" || !strings.ContainsAny(s.Text, "0123456789") {
				fmt.Fprintf(&b, "/F1 %.2f Tf 1 0 0 1 %.2f %.2f Tm <%x> Tj\n", s.Size, s.X0, l.Y, winAnsi(s.Text))
				continue
			}
			code := figureCodes(s.Text)
			width := 0.0
			for _, c := range code {
				width += figureWidths[c] * s.Size / 1000
			}
			font := "/F1"
			if lying {
				font = "/F2"
			}
			fmt.Fprintf(&b, "%s %.2f Tf 1 0 0 1 %.2f %.2f Tm <%x> Tj\n", font, s.Size, s.X1-width, l.Y, code)
		}
	}
	b.WriteString("ET")
	return b.String()
}

// winAnsi encodes s in WinAnsi, a character it lacks as "?".
func winAnsi(s string) []byte {
	var out []byte
	for _, r := range s {
		c, ok := charmap.Windows1252.EncodeRune(r)
		if !ok {
			c = '?'
		}
		out = append(out, c)
	}
	return out
}

// figureCodes are the ASCII codes of an amount, its no-break spaces
// plain ones.
func figureCodes(s string) []byte {
	return []byte(strings.NewReplacer("\u00a0", " ", "\u202f", " ").Replace(s))
}

// lyingCMap is F2's ToUnicode map: every code of an amount to its ASCII
// character, but 3 to 8 and 8 to 3.
func lyingCMap() string {
	var b strings.Builder
	b.WriteString("/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n" +
		"/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n" +
		"/CMapName /Lying-UCS def /CMapType 2 def\n1 begincodespacerange <00> <FF> endcodespacerange\n")
	fmt.Fprintf(&b, "%d beginbfchar\n", len(figureWidths))
	for _, c := range []byte(" ,.-()0123456789") {
		to := c
		switch c {
		case '3':
			to = '8'
		case '8':
			to = '3'
		}
		fmt.Fprintf(&b, "<%02X> <%04X>\n", c, to)
	}
	b.WriteString("endbfchar\nendcmap\nCMapName currentdict /CMap defineresource pop\nend\nend")
	return b.String()
}

// writePDF writes a PDF of one page per content stream, of the boxes'
// sizes, with Helvetica as /F1 (WinAnsi) and the lying copy as /F2.
func writePDF(contents []string, boxes []pdftext.Rect) []byte {
	var b bytes.Buffer
	var offsets []int
	obj := func(n int, body string, stream string) {
		for len(offsets) < n {
			offsets = append(offsets, 0)
		}
		offsets[n-1] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s", n, body)
		if stream != "" {
			fmt.Fprintf(&b, "\nstream\n%s\nendstream", stream)
		}
		b.WriteString("\nendobj\n")
	}
	b.WriteString("%PDF-1.4\n")
	const catalog, tree, f1, f2, cmap, first = 1, 2, 3, 4, 5, 6
	var kids []string
	for i := range contents {
		kids = append(kids, fmt.Sprintf("%d 0 R", first+2*i))
	}
	obj(catalog, fmt.Sprintf("<< /Type /Catalog /Pages %d 0 R >>", tree), "")
	obj(tree, fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), len(contents)), "")
	obj(f1, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>", "")
	obj(f2, fmt.Sprintf("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /ToUnicode %d 0 R >>", cmap), "")
	m := lyingCMap()
	obj(cmap, fmt.Sprintf("<< /Length %d >>", len(m)), m)
	for i, c := range contents {
		r := boxes[i]
		obj(first+2*i, fmt.Sprintf("<< /Type /Page /Parent %d 0 R /MediaBox [%g %g %g %g] /Resources << /Font << /F1 %d 0 R /F2 %d 0 R >> >> /Contents %d 0 R >>",
			tree, r.X0, r.Y0, r.X1, r.Y1, f1, f2, first+2*i+1), "")
		obj(first+2*i+1, fmt.Sprintf("<< /Length %d >>", len(c)), c)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(offsets)+1)
	for _, o := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(offsets)+1, catalog, xref)
	return b.Bytes()
}
