package pdftext

import (
	"context"
	"fmt"
	"testing"
)

// Fonts that writers give each page over one descendant font with the same
// maps are decoded once: one parsed map per content, one font per
// descendant and maps. A font whose map differs keeps its own text.
func TestCompositeFontsShared(t *testing.T) {
	t.Parallel()
	toUnicode := func(text string) string {
		return fmt.Sprintf("1 begincodespacerange <0000> <FFFF> endcodespacerange\n1 beginbfchar <0001> <%04X> endbfchar", text[0])
	}
	// Objects: 1 catalog, 2 pages, 3 unused Helvetica, 4–6 pages, 7 the
	// descendant, 8–10 the pages' fonts, 11–13 their maps, 14 the content.
	objs := genPages("14 0 R", "14 0 R", "14 0 R")
	for i := range 3 {
		objs[3+i].body = fmt.Sprintf("<</Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources <</Font <</F1 %d 0 R>>>> /Contents 14 0 R>>", 8+i)
	}
	objs = append(objs, genObj{body: "<</Type /Font /Subtype /CIDFontType2 /BaseFont /X /CIDSystemInfo <</Registry (Adobe) /Ordering (Identity) /Supplement 0>> /W [1 [500]]>>"})
	for i := range 3 {
		objs = append(objs, genObj{body: fmt.Sprintf("<</Type /Font /Subtype /Type0 /BaseFont /X /Encoding /Identity-H /DescendantFonts [7 0 R] /ToUnicode %d 0 R>>", 11+i)})
	}
	for _, text := range []string{"A", "A", "B"} {
		objs = append(objs, genObj{stream: []byte(toUnicode(text))})
	}
	objs = append(objs, genObj{stream: []byte("BT /F1 12 Tf 72 700 Td <0001> Tj ET")})
	file := genPDF(objs)

	lim := Limits{}.withDefaults()
	doc := newShared(newBudget(context.Background(), lim), file)
	var texts []string
	err := withPages(context.Background(), file, lim, func(leaves []leaf) error {
		for i, l := range leaves {
			p := readPage(l, i+1, doc, lim, false)
			if p.Err != nil {
				return p.Err
			}
			texts = append(texts, p.Text())
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(texts) != "[A A B]" {
		t.Errorf("textes %q, attendu [A A B]", texts)
	}
	if len(doc.fonts) != 3 || len(doc.cmaps) != 2 || len(doc.composites) != 2 {
		t.Errorf("%d objets police, %d tables, %d polices décodées ; attendu 3, 2, 2", len(doc.fonts), len(doc.cmaps), len(doc.composites))
	}
}
