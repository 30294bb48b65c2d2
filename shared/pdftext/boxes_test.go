package pdftext

import (
	"bytes"
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readPageFile reads page n of a file with its glyph boxes.
func readPageFile(t *testing.T, path string, n int) *Page {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	p, err := ReadPage(context.Background(), bytes.NewReader(data), int64(len(data)), Limits{}, n)
	if err != nil {
		t.Fatalf("ReadPage %s p. %d : %v", path, n, err)
	}
	return p
}

// The box of a known line of each generated report. The x extents are
// pdftotext -bbox's word boxes (Poppler) to the hundredth of a point; its
// y extents follow each font's ascent and descent, ours the em band of
// the font size, hence the tolerance across the baseline.
func TestGlyphBoxesOfKnownLines(t *testing.T) {
	t.Parallel()
	const height = 841.89 // A4, the y of pdftotext's top-left origin
	tests := []struct {
		report string
		page   int
		text   string
		// pdftotext -bbox: xMin of the first word, xMax of the last, yMin, yMax.
		xMin, xMax, yMin, yMax float64
	}{
		{"ferlac", 7, "Chiffre d’affaires net", 59.53, 140.557, 135.374, 145.76},
		{"helvane", 10, "Trésorerie et équivalents", 59.53, 159.52, 286.174, 296.56},
		{"solvea", 9, "Disponibilités et valeurs", 59.53, 155.875, 256.694, 267.08},
	}
	for _, tt := range tests {
		t.Run(tt.report, func(t *testing.T) {
			t.Parallel()
			p := readPageFile(t, filepath.Join("..", "..", "testdata", tt.report, "rapport.pdf"), tt.page)
			if want := (Rect{0, 0, 595.28, height}); p.MediaBox != want || p.CropBox != want {
				t.Errorf("MediaBox %v, CropBox %v, want A4 %v", p.MediaBox, p.CropBox, want)
			}
			i := strings.Index(p.Text(), tt.text)
			if i < 0 {
				t.Fatalf("%q absent de la page :\n%s", tt.text, p.Text())
			}
			got := p.Rects(i, i+len(tt.text))
			want := Rect{tt.xMin, height - tt.yMax, tt.xMax, height - tt.yMin}
			if len(got) != 1 {
				t.Fatalf("%d rectangles %v, want one line", len(got), got)
			}
			if r := got[0]; math.Abs(r.X0-want.X0) > 0.01 || math.Abs(r.X1-want.X1) > 0.01 ||
				math.Abs(r.Y0-want.Y0) > 1.5 || math.Abs(r.Y1-want.Y1) > 1.5 {
				t.Errorf("box %+v, pdftotext %+v", r, want)
			}
		})
	}
}

// A passage over a line break gives one rectangle per line, top first;
// glyph boxes of a line are merged, those outside the passage left out.
func TestRectsPerLine(t *testing.T) {
	t.Parallel()
	data := fixture(t, true, "")
	p, err := ReadPage(context.Background(), bytes.NewReader(data), int64(len(data)), Limits{}, 1)
	if err != nil {
		t.Fatal(err)
	}
	text := p.Text()
	word := func(w string) (int, int) {
		i := strings.Index(text, w)
		if i < 0 {
			t.Fatalf("%q absent :\n%s", w, text)
		}
		return i, i + len(w)
	}
	tests := []struct {
		name        string
		from, to    string // the passage runs from the start of from to the end of to
		lines       int
		sameLeftAs  string // the first rectangle starts where this word does
		sameRightAs string // the last rectangle ends where this word does
	}{
		{"one word", "malgré", "malgré", 1, "malgré", "malgré"},
		{"a table row, columns included", "Chiffre", "143\u202f210", 1, "Chiffre", "143\u202f210"},
		{"over a line break", "poursuivi", "Europe", 2, "poursuivi", "Europe"},
		{"over two line breaks", "poursuivi", "incertain", 3, "poursuivi", "incertain"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start, _ := word(tt.from)
			_, end := word(tt.to)
			got := p.Rects(start, end)
			if len(got) != tt.lines {
				t.Fatalf("%d rectangles %v, want %d", len(got), got, tt.lines)
			}
			for i := 1; i < len(got); i++ {
				if got[i].Y1 > got[i-1].Y0+0.01 {
					t.Errorf("rectangle %d %v not below %v", i, got[i], got[i-1])
				}
			}
			ls, le := word(tt.sameLeftAs)
			rs, re := word(tt.sameRightAs)
			if l := p.Rects(ls, le)[0]; got[0].X0 != l.X0 {
				t.Errorf("starts at x %v, %q at %v", got[0].X0, tt.sameLeftAs, l.X0)
			}
			if r := p.Rects(rs, re)[0]; got[len(got)-1].X1 != r.X1 {
				t.Errorf("ends at x %v, %q at %v", got[len(got)-1].X1, tt.sameRightAs, r.X1)
			}
		})
	}
}

// ReadPage gives each page the text Read gives it, and its glyphs cover
// the text in order: what lets a viewer trust boxes computed later for a
// text verified earlier. Read keeps no glyphs.
func TestReadPageTextIsRead(t *testing.T) {
	t.Parallel()
	paths, err := filepath.Glob(filepath.Join("..", "..", "testdata", "*", "rapport.pdf"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no test report: %v", err)
	}
	for _, path := range paths {
		t.Run(filepath.Base(filepath.Dir(path)), func(t *testing.T) {
			t.Parallel()
			doc, err := ReadFile(context.Background(), path, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range doc.Pages {
				if want.Glyphs != nil {
					t.Fatalf("page %d : Read keeps %d glyphs", want.Number, len(want.Glyphs))
				}
				got := readPageFile(t, path, want.Number)
				text := got.Text()
				if text != want.Text() {
					t.Fatalf("page %d : ReadPage's text differs from Read's", want.Number)
				}
				covered := 0
				for i, g := range got.Glyphs {
					if g.Start >= g.End || i > 0 && g.Start < got.Glyphs[i-1].End || g.End > len(text) {
						t.Fatalf("page %d : glyph %d at [%d, %d) out of order", want.Number, i, g.Start, g.End)
					}
					covered += g.End - g.Start
				}
				// Text adds the spaces between words and columns and the newlines.
				if blank := strings.Count(text, " ") + strings.Count(text, "\n"); covered != len(text)-blank {
					t.Errorf("page %d : glyphs cover %d bytes, the text prints %d", want.Number, covered, len(text)-blank)
				}
			}
		})
	}
}
