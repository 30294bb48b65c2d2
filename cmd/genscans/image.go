package main

import (
	"bytes"
	"image"
	"image/jpeg"
	"math"
	"math/rand/v2"
)

// rotate turns img by deg degrees about its centre (bilinear), the corners
// it uncovers left white as paper.
func rotate(img *image.Gray, deg float64) *image.Gray {
	b := img.Bounds()
	out := image.NewGray(b)
	sin, cos := math.Sincos(deg * math.Pi / 180)
	cx, cy := float64(b.Dx())/2, float64(b.Dy())/2
	at := func(x, y int) float64 {
		if x < 0 || y < 0 || x >= b.Dx() || y >= b.Dy() {
			return 255
		}
		return float64(img.Pix[y*img.Stride+x])
	}
	for y := range b.Dy() {
		for x := range b.Dx() {
			// the source point that lands on (x, y)
			dx, dy := float64(x)-cx, float64(y)-cy
			sx, sy := cos*dx-sin*dy+cx, sin*dx+cos*dy+cy
			x0, y0 := int(math.Floor(sx)), int(math.Floor(sy))
			fx, fy := sx-float64(x0), sy-float64(y0)
			v := at(x0, y0)*(1-fx)*(1-fy) + at(x0+1, y0)*fx*(1-fy) + at(x0, y0+1)*(1-fx)*fy + at(x0+1, y0+1)*fx*fy
			out.Pix[y*out.Stride+x] = uint8(math.Round(v))
		}
	}
	return out
}

// degrade greys the paper, lightens the ink a little and adds grain and
// specks, as a copier leaves a page; noise scales the grain and specks.
func degrade(img *image.Gray, seed int64, noise float64) *image.Gray {
	rng := rand.New(rand.NewPCG(uint64(seed), 31))
	out := image.NewGray(img.Bounds())
	for i, v := range img.Pix {
		f := 28 + float64(v)*(232-28)/255 + rng.NormFloat64()*4*noise
		if rng.Float64() < 0.0004*noise { // a speck of dust
			f = 40 + rng.Float64()*60
		}
		out.Pix[i] = uint8(max(0, min(255, math.Round(f))))
	}
	return out
}

// encodeJPEG encodes a page image as a scanner would store it.
func encodeJPEG(img *image.Gray) ([]byte, error) {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 50}); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
