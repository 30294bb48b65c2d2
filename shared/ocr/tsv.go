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
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	var (
		words []Word
		lines = map[[3]int]int{}
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
		key := [3]int{int(n[1]), int(n[2]), int(n[3])} // block, paragraph, line
		id, ok := lines[key]
		if !ok {
			id = len(lines)
			lines[key] = id
		}
		left, top, width, height := n[5], n[6], n[7], n[8]
		ox, oy := region.X0*pageW, region.Y0*pageH
		words = append(words, Word{Text: text, Conf: n[9] / 100, Line: id,
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
