package main

import (
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"analyste.dev/analyste/shared/dev/fixtures/pdfs"
)

// columnGap is how the text layer separates columns.
var columnGap = regexp.MustCompile(` {2,}`)

// Each printed table row of the test reports comes out of the pipeline's
// text layer as one line: its label, then its amounts as printed, in column
// order (a note reference may stand between them).
func TestStatementRowsAreOneLine(t *testing.T) {
	t.Parallel()
	for _, slug := range []string{"ferlac", "helvane", "solvea"} {
		t.Run(slug, func(t *testing.T) {
			t.Parallel()
			dir := testdataDir(t, slug)
			c, err := loadCompany(dir)
			if err != nil {
				t.Fatal(err)
			}
			cells, err := layout(c)
			if err != nil {
				t.Fatal(err)
			}
			doc := pdfs.Read(t, filepath.Join(dir, "rapport.pdf"))
			rows := 0
			for pi, p := range c.source.Pages {
				lines := strings.Split(doc.Pages[pi].Text(), "\n")
				for _, b := range p.Block {
					if b.Table == nil {
						continue
					}
					for li, l := range b.Table.Lines {
						if len(cells[b.Table][li]) == 0 {
							continue
						}
						rows++
						if !slices.ContainsFunc(lines, func(line string) bool { return isRow(line, l.Label, cells[b.Table][li]) }) {
							t.Errorf("page %d : aucune ligne « %s » suivie de %q", pi+1, l.Label, cells[b.Table][li])
						}
					}
				}
			}
			if rows < 40 {
				t.Errorf("%d rows checked: the tables were not found", rows)
			}
		})
	}
}

// isRow tells whether line is label then exactly the amounts, column gaps
// between them.
func isRow(line, label string, amounts []string) bool {
	rest, ok := strings.CutPrefix(strings.TrimSpace(line), label)
	if !ok {
		return false
	}
	cols := columnGap.Split(strings.TrimSpace(rest), -1)
	return len(cols) >= len(amounts) && slices.Equal(cols[len(cols)-len(amounts):], amounts) && len(cols)-len(amounts) <= 1
}
