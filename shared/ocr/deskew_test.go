package ocr

import (
	"image"
	"math"
	"testing"
)

// rowsAt draws rows of word-like blocks on a 1200×300 page (a page's
// width at 150 dpi), each row turned by deg around the centre.
func rowsAt(deg float64) *image.Gray {
	g := sheet(1200, 300)
	s := math.Tan(deg * math.Pi / 180)
	for y0 := 40; y0 < 260; y0 += 30 {
		for x := 30; x < 1170; x++ {
			if x%40 > 30 { // the gap between two words
				continue
			}
			y := float64(y0) + s*float64(x-600)
			for dy := 0; dy < 8; dy++ {
				g.Pix[g.PixOffset(x, int(math.Round(y))+dy)] = 40
			}
		}
	}
	return g
}

// The skew of rows of ink is found within a step, and the page turned by
// it reads level.
func TestInkSkew(t *testing.T) {
	for _, deg := range []float64{0, 0.7, -1.2, 2.5} {
		got := inkSkew(rowsAt(deg)) * 180 / math.Pi
		if math.Abs(got-deg) > skewStep {
			t.Errorf("%g° : lu %.3f°", deg, got)
		}
		if level := inkSkew(rotate(rowsAt(deg), got*math.Pi/180)) * 180 / math.Pi; math.Abs(level) > 3*skewStep { // the turn blurs the rows by a pixel
			t.Errorf("%g° redressé : reste %.3f°", deg, level)
		}
	}
}

// A word read on the turned image is laid back where the page printed
// it: its centre turned back, its size kept.
func TestTurnBack(t *testing.T) {
	a := 1.0 * math.Pi / 180
	for _, tc := range []struct {
		name   string
		region Region
		at     [2]float64 // the centre read on the turned image, pixels of the page
	}{
		{"whole page", Whole, [2]float64{350, 80}},
		{"top band", Region{0, 0, 1, 0.3}, [2]float64{350, 40}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			const pw, ph = 400.0, 300.0
			cx, cy := (tc.region.X0+tc.region.X1)*pw/2, (tc.region.Y0+tc.region.Y1)*ph/2
			w := []Word{{X0: (tc.at[0] - 10) / pw, X1: (tc.at[0] + 10) / pw, Y0: (tc.at[1] - 4) / ph, Y1: (tc.at[1] + 4) / ph}}
			turnBack(w, a, tc.region, pw, ph)
			dx, dy := tc.at[0]-cx, tc.at[1]-cy
			wantX, wantY := cx+math.Cos(a)*dx-math.Sin(a)*dy, cy+math.Sin(a)*dx+math.Cos(a)*dy
			gotX, gotY := (w[0].X0+w[0].X1)/2*pw, (w[0].Y0+w[0].Y1)/2*ph
			if math.Abs(gotX-wantX) > 1e-6 || math.Abs(gotY-wantY) > 1e-6 {
				t.Errorf("centre (%.2f, %.2f), attendu (%.2f, %.2f)", gotX, gotY, wantX, wantY)
			}
			if math.Abs((w[0].X1-w[0].X0)*pw-20) > 1e-9 || math.Abs((w[0].Y1-w[0].Y0)*ph-8) > 1e-9 {
				t.Errorf("taille changée : %+v", w[0])
			}
		})
	}
}
