package ocr

import (
	"image"
	"path/filepath"
	"testing"
)

// sheet is a grey page of w×h at 100 dpi (a rule at least 50 pixels long
// across, 30 down, at most 2 thick) with the given ink drawn.
func sheet(w, h int, ink ...image.Rectangle) *image.Gray {
	g := image.NewGray(image.Rect(0, 0, w, h))
	for i := range g.Pix {
		g.Pix[i] = 230
	}
	for _, r := range ink {
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				g.Pix[g.PixOffset(x, y)] = 40
			}
		}
	}
	return g
}

// A table's rules are whitened, skewed by a pixel a step included; a
// letter's strokes, a dash, a bar too thick and a letter standing on a
// rule keep their ink.
func TestEraseRules(t *testing.T) {
	stem := image.Rect(40, 20, 43, 60) // a letter's stem, 40 pixels tall
	for _, tc := range []struct {
		name  string
		ink   []image.Rectangle
		gone  []image.Point // ink whitened
		kept  []image.Point // ink left
		width int
	}{
		{name: "horizontal rule", ink: []image.Rectangle{image.Rect(10, 30, 90, 31)},
			gone: []image.Point{{10, 30}, {50, 30}, {89, 30}}},
		{name: "skewed rule", ink: []image.Rectangle{image.Rect(10, 30, 50, 32), image.Rect(50, 31, 90, 33)},
			gone: []image.Point{{10, 30}, {49, 31}, {50, 32}, {89, 32}}},
		{name: "vertical rule", ink: []image.Rectangle{image.Rect(60, 5, 62, 75)},
			gone: []image.Point{{60, 5}, {61, 40}, {60, 74}}},
		{name: "dash", ink: []image.Rectangle{image.Rect(10, 30, 40, 31)},
			kept: []image.Point{{10, 30}, {39, 30}}},
		{name: "letter stem", ink: []image.Rectangle{stem},
			kept: []image.Point{{40, 20}, {42, 59}}},
		{name: "thick bar", ink: []image.Rectangle{image.Rect(10, 30, 90, 36)},
			kept: []image.Point{{10, 30}, {50, 33}}},
		{name: "letter on a rule", ink: []image.Rectangle{image.Rect(0, 60, 100, 61), stem},
			gone: []image.Point{{10, 60}, {80, 60}}, kept: []image.Point{{41, 30}, {41, 55}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := sheet(100, 80, tc.ink...)
			eraseRules(g, 100)
			for _, p := range tc.gone {
				if v := g.GrayAt(p.X, p.Y).Y; v != 255 {
					t.Errorf("%v : %d, blanchi attendu", p, v)
				}
			}
			for _, p := range tc.kept {
				if v := g.GrayAt(p.X, p.Y).Y; v != 40 {
					t.Errorf("%v : %d, encre attendue", p, v)
				}
			}
		})
	}
}

// A PGM written is read back as it was, a cut of a page included.
func TestPGMRoundTrip(t *testing.T) {
	page := sheet(30, 20, image.Rect(5, 5, 9, 12))
	cut := page.SubImage(image.Rect(3, 4, 20, 15)).(*image.Gray)
	path := filepath.Join(t.TempDir(), "cut.pgm")
	if err := writePGM(path, cut); err != nil {
		t.Fatal(err)
	}
	back, err := decodePGM(path)
	if err != nil {
		t.Fatal(err)
	}
	if back.Bounds().Dx() != 17 || back.Bounds().Dy() != 11 {
		t.Fatalf("dimensions %v", back.Bounds())
	}
	for y := 0; y < 11; y++ {
		for x := 0; x < 17; x++ {
			if back.GrayAt(x, y) != cut.GrayAt(x+3, y+4) {
				t.Fatalf("(%d, %d) : %v, attendu %v", x, y, back.GrayAt(x, y), cut.GrayAt(x+3, y+4))
			}
		}
	}
}
