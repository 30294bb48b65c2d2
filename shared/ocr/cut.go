package ocr

import (
	"bufio"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
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

// writeCuts writes each region of page beside base (base-1.pgm, …) and
// the list of their paths (base.txt), which tesseract reads as the pages
// of one document; it returns the list's path and the cuts written so far.
func writeCuts(page *image.Gray, regions []Region, base string) (string, []cut, error) {
	b := page.Bounds()
	w, h := float64(b.Dx()), float64(b.Dy())
	base = strings.TrimSuffix(base, filepath.Ext(base))
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
		path := fmt.Sprintf("%s-%d.pgm", base, i+1)
		c := cut{path: path, region: Region{float64(x0) / w, float64(y0) / h, float64(x1) / w, float64(y1) / h}}
		cuts = append(cuts, c)
		if err := writePGM(path, sub.(*image.Gray)); err != nil {
			return list, cuts, err
		}
		paths.WriteString(path + "\n")
	}
	return list, cuts, os.WriteFile(list, []byte(paths.String()), 0o600)
}

// decodePGM reads a binary PGM (P5) of 8-bit grey, as pdftoppm writes.
func decodePGM(path string) (*image.Gray, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := bufio.NewReader(f)
	var magic string
	var w, h, maxval int
	if _, err := fmt.Fscan(r, &magic, &w, &h, &maxval); err != nil {
		return nil, fmt.Errorf("en-tête PGM : %w", err)
	}
	if magic != "P5" || maxval != 255 || w <= 0 || h <= 0 {
		return nil, fmt.Errorf("PGM %s %dx%d de valeur maximale %d : non lu", magic, w, h, maxval)
	}
	if _, err := r.ReadByte(); err != nil { // the whitespace before the pixels
		return nil, fmt.Errorf("en-tête PGM : %w", err)
	}
	img := image.NewGray(image.Rect(0, 0, w, h))
	if _, err := io.ReadFull(r, img.Pix); err != nil {
		return nil, fmt.Errorf("pixels PGM : %w", err)
	}
	return img, nil
}

// writePGM writes img as a binary PGM (P5).
func writePGM(path string, img *image.Gray) error {
	b := img.Bounds()
	data := []byte(fmt.Sprintf("P5\n%d %d\n255\n", b.Dx(), b.Dy()))
	for y := 0; y < b.Dy(); y++ {
		data = append(data, pixelRow(img, y)...)
	}
	return os.WriteFile(path, data, 0o600)
}
