package ocr

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// tsvFields are the columns of Tesseract's TSV output, level to text.
const tsvFields = 12

// parseTSV reads Tesseract's TSV output: its level-1 row gives the image's
// size, each level-5 row a word, in pixels. Boxes are made fractions of
// the page: the image is region of a page of pageW × pageH pixels.
func parseTSV(r io.Reader, region Region, pageW, pageH float64) ([]Word, error) {
	words, err := parseTSVImages(r, []Region{region}, pageW, pageH)
	if err != nil {
		return nil, err
	}
	return words[0], nil
}

// parseTSVImages reads the TSV of Tesseract run on a list of images, the
// i-th (its page_num i+1) being regions[i] of the page: the words of each.
func parseTSVImages(r io.Reader, regions []Region, pageW, pageH float64) ([][]Word, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	var (
		words = make([][]Word, len(regions))
		lines = map[[4]int]int{}
	)
	header := true
	for sc.Scan() {
		if header {
			header = false
			if !strings.HasPrefix(sc.Text(), "level") {
				return nil, fmt.Errorf("sortie TSV de tesseract sans en-tête")
			}
			continue
		}
		f := strings.SplitN(sc.Text(), "\t", tsvFields)
		if len(f) < tsvFields || f[0] != "5" {
			continue
		}
		var n [10]float64
		for i := range n {
			v, err := strconv.ParseFloat(f[i+1], 64)
			if err != nil {
				return nil, fmt.Errorf("sortie TSV de tesseract illisible : %q", sc.Text())
			}
			n[i] = v
		}
		text := strings.TrimSpace(f[11])
		if text == "" || n[9] < 0 {
			continue
		}
		img := int(n[0]) - 1
		if img < 0 || img >= len(regions) {
			return nil, fmt.Errorf("sortie TSV de tesseract : image %d sur %d", img+1, len(regions))
		}
		key := [4]int{img, int(n[1]), int(n[2]), int(n[3])} // image, block, paragraph, line
		id, ok := lines[key]
		if !ok {
			id = len(lines)
			lines[key] = id
		}
		left, top, width, height := n[5], n[6], n[7], n[8]
		ox, oy := regions[img].X0*pageW, regions[img].Y0*pageH
		words[img] = append(words[img], Word{Text: text, Conf: n[9] / 100, Line: id,
			X0: (ox + left) / pageW, Y0: (oy + top) / pageH, X1: (ox + left + width) / pageW, Y1: (oy + top + height) / pageH})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("sortie de tesseract : %w", err)
	}
	if header {
		return nil, fmt.Errorf("sortie TSV de tesseract vide")
	}
	return words, nil
}
