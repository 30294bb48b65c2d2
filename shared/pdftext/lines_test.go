package pdftext

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// word places text at x, one glyph per rune, 5 points per glyph.
func word(text string, x, y float64, rot uint8) []placed {
	var out []placed
	for _, r := range text {
		out = append(out, placed{x0: x, x1: x + 5, y: y, size: 10, rot: rot, text: string(r)})
		x += 5
	}
	return out
}

func join(parts ...[]placed) []placed {
	var out []placed
	for _, p := range parts {
		out = append(out, p...)
	}
	for i := range out {
		out[i].seq = i
	}
	return out
}

func TestBuildLines(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		glyphs []placed
		want   []string
	}{
		{"adjacent glyphs form a word", join(word("abc", 0, 100, 0)), []string{"abc"}},
		{"word gap gives one space", join(word("ab", 0, 100, 0), word("cd", 12, 100, 0)), []string{"ab cd"}},
		{"kerning gap stays inside the word", join(word("ab", 0, 100, 0), word("cd", 10.5, 100, 0)), []string{"abcd"}},
		{"a tenth of an em between digits groups thousands", join(word("748", 0, 100, 0), word("131", 16, 100, 0)), []string{"748 131"}},
		{"the same gap between letters stays inside the word", join(word("ab", 0, 100, 0), word("cd", 11, 100, 0)), []string{"abcd"}},
		{"column gap gives two spaces or more", join(word("ab", 0, 100, 0), word("12", 30, 100, 0)), []string{"ab    12"}},
		{"drawn out of order, read left to right", join(word("12", 30, 100, 0), word("ab", 0, 100, 0)), []string{"ab    12"}},
		{"lines top to bottom", join(word("bas", 0, 80, 0), word("haut", 0, 100, 0)), []string{"haut", "bas"}},
		{"superscript joins its line", join(word("note", 0, 100, 0), word("1", 20, 103, 0)), []string{"note1"}},
		{"fake bold drawn twice is read once", join(word("ab", 0, 100, 0), word("ab", 0.3, 100, 0)), []string{"ab"}},
		{
			"vertical margin label after the rows",
			join(word("ligne 1", 50, 100, 0), word("MARGE", 100, -10, 1), word("ligne 2", 50, 80, 0)),
			[]string{"ligne 1", "ligne 2", "MARGE"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var got []string
			lines, _, _ := buildLines(tt.glyphs, nil, maxPageText)
			for _, l := range lines {
				got = append(got, l.Text())
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-attendu +obtenu) :\n%s", diff)
			}
		})
	}
}
