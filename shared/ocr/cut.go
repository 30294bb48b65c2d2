package ocr

import (
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"math"
	"os"
	"strings"
)

// A cut is a region of a page image written to its own file for the OCR.
type cut struct {
	path   string
	region Region // what the file holds, as fractions of the page
}

// DecodeGray reads a PNG as a grey image.
func DecodeGray(path string) (*image.Gray, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return nil, err
	}
	if g, ok := img.(*image.Gray); ok {
		return g, nil
	}
	g := image.NewGray(img.Bounds())
	draw.Draw(g, g.Bounds(), img, img.Bounds().Min, draw.Src)
	return g, nil
}

// writeCuts writes each region of page beside base (base-1.png, …) and
// the list of their paths (base.txt), which tesseract reads as the pages
// of one document; it returns the list's path and the cuts written so far.
func writeCuts(page *image.Gray, regions []Region, base string) (string, []cut, error) {
	b := page.Bounds()
	w, h := float64(b.Dx()), float64(b.Dy())
	base = strings.TrimSuffix(base, ".png")
	list := base + ".txt"
	var (
		cuts  []cut
		paths strings.Builder
	)
	for i, r := range regions {
		x0, y0 := int(math.Floor(max(r.X0, 0)*w)), int(math.Floor(max(r.Y0, 0)*h))
		x1, y1 := int(math.Ceil(min(r.X1, 1)*w)), int(math.Ceil(min(r.Y1, 1)*h))
		if x1-x0 < 2 || y1-y0 < 2 {
			x0, y0, x1, y1 = 0, 0, 2, 2 // an empty cut keeps the list's numbering
		}
		sub := page.SubImage(image.Rect(b.Min.X+x0, b.Min.Y+y0, b.Min.X+x1, b.Min.Y+y1))
		path := fmt.Sprintf("%s-%d.png", base, i+1)
		c := cut{path: path, region: Region{float64(x0) / w, float64(y0) / h, float64(x1) / w, float64(y1) / h}}
		cuts = append(cuts, c)
		if err := writePNG(path, sub); err != nil {
			return list, cuts, err
		}
		paths.WriteString(path + "\n")
	}
	return list, cuts, os.WriteFile(list, []byte(paths.String()), 0o600)
}

// writePNG writes img to path.
func writePNG(path string, img image.Image) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
