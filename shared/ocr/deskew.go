package ocr

import (
	"image"
	"math"
)

// A scan turned by a fraction of a degree lifts the far column of a wide
// table by half a row (0.7° over an A4 page's width is 2.5 mm), and
// Tesseract, reading one column of lines, then joins a label to the
// amounts of the row above or below. The page image is turned back
// before it is read, by the angle that makes its rows of ink sharpest,
// and the words' boxes are turned with the page again.
const (
	maxSkew  = 3.0  // degrees either way looked for
	skewStep = 0.05 // degrees between two angles tried
)

// inkSkew is the angle, in radians, of page's rows of ink: the slope of
// y against x (y downward) along which the ink's projection on y is
// sharpest; 0 when no angle is sharper than level.
func inkSkew(page *image.Gray) float64 {
	b := page.Bounds()
	w, h := b.Dx(), b.Dy()
	ink := inkMask(page)
	var xs, ys []int
	for i, on := range ink {
		if on {
			xs, ys = append(xs, i%w-w/2), append(ys, i/w)
		}
	}
	best, bestScore := 0.0, sharpness(xs, ys, 0, w, h)
	for deg := -maxSkew; deg <= maxSkew+1e-9; deg += skewStep {
		a := deg * math.Pi / 180
		if s := sharpness(xs, ys, math.Tan(a), w, h); s > bestScore {
			best, bestScore = a, s
		}
	}
	return best
}

// sharpness is the sum of squared steps of the ink's projection on y
// along slope s (x from the centre of an image w wide, h high): rows of
// ink lined up with s start and end sharply.
func sharpness(xs, ys []int, s float64, w, h int) float64 {
	off := int(math.Ceil(math.Abs(s)*float64(w)/2)) + 1
	bins := make([]int, h+2*off)
	for i := range xs {
		bins[off+int(math.Floor(float64(ys[i])-s*float64(xs[i])))]++
	}
	var sum float64
	for i := 1; i < len(bins); i++ {
		d := float64(bins[i] - bins[i-1])
		sum += d * d
	}
	return sum
}

// rotate returns page turned by -a around its centre (a row of slope
// tan a made level), sampled bilinearly; what falls outside is white.
func rotate(page *image.Gray, a float64) *image.Gray {
	b := page.Bounds()
	w, h := b.Dx(), b.Dy()
	out := image.NewGray(image.Rect(0, 0, w, h))
	cx, cy := float64(w)/2, float64(h)/2
	sin, cos := math.Sin(a), math.Cos(a)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			dx, dy := float64(x)+0.5-cx, float64(y)+0.5-cy
			sx, sy := cx+cos*dx-sin*dy-0.5, cy+sin*dx+cos*dy-0.5
			out.Pix[y*out.Stride+x] = bilinear(page, sx, sy)
		}
	}
	return out
}

// bilinear samples page at (x, y), in pixels from its top left; white
// off the page.
func bilinear(page *image.Gray, x, y float64) uint8 {
	b := page.Bounds()
	x0, y0 := int(math.Floor(x)), int(math.Floor(y))
	if x0 < 0 || y0 < 0 || x0+1 >= b.Dx() || y0+1 >= b.Dy() {
		return 255
	}
	fx, fy := x-float64(x0), y-float64(y0)
	at := func(x, y int) float64 { return float64(page.Pix[page.PixOffset(b.Min.X+x, b.Min.Y+y)]) }
	top := at(x0, y0)*(1-fx) + at(x0+1, y0)*fx
	bottom := at(x0, y0+1)*(1-fx) + at(x0+1, y0+1)*fx
	return uint8(math.Round(top*(1-fy) + bottom*fy))
}

// turnBack lays words read on an image rotated by -a (rotate) where they
// lie on the image before it: each box's centre is turned by a around the
// image's centre, its size kept. Boxes are fractions of a page of pageW ×
// pageH pixels, the image being region of it.
func turnBack(words []Word, a float64, region Region, pageW, pageH float64) {
	ox, oy := region.X0*pageW, region.Y0*pageH
	cx, cy := (region.X1-region.X0)*pageW/2, (region.Y1-region.Y0)*pageH/2
	sin, cos := math.Sin(a), math.Cos(a)
	for i, w := range words {
		dx, dy := (w.X0+w.X1)/2*pageW-ox-cx, (w.Y0+w.Y1)/2*pageH-oy-cy
		mx, my := (cos*dx-sin*dy-dx)/pageW, (sin*dx+cos*dy-dy)/pageH
		words[i].X0, words[i].X1 = w.X0+mx, w.X1+mx
		words[i].Y0, words[i].Y1 = w.Y0+my, w.Y1+my
	}
}
