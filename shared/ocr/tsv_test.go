package ocr

import (
	"strings"
	"testing"
)

func TestParseTSV(t *testing.T) {
	tsv := "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n" +
		"1\t1\t0\t0\t0\t0\t0\t0\t1000\t2000\t-1\t\n" +
		"4\t1\t1\t1\t1\t0\t100\t200\t300\t40\t-1\t\n" +
		"5\t1\t1\t1\t1\t1\t100\t200\t100\t40\t95.5\tBILAN\n" +
		"5\t1\t1\t1\t1\t2\t250\t200\t150\t40\t80\tACTIF\n" +
		"5\t1\t1\t1\t2\t1\t100\t300\t50\t40\t90\t12\n" +
		"5\t1\t1\t1\t2\t2\t100\t300\t50\t40\t90\t \n"
	// The image is the lower half of a page of 1000 × 4000 pixels.
	words, err := parseTSV(strings.NewReader(tsv), Region{0, 0.5, 1, 1}, 1000, 4000)
	if err != nil {
		t.Fatal(err)
	}
	if len(words) != 3 {
		t.Fatalf("%d mots, 3 attendus : %+v", len(words), words)
	}
	w := words[0]
	if w.Text != "BILAN" || w.Conf != 0.955 || w.X0 != 0.1 || w.Y0 != 0.55 || w.X1 != 0.2 || w.Y1 != 0.56 {
		t.Errorf("premier mot %+v", w)
	}
	if words[0].Line != words[1].Line || words[1].Line == words[2].Line {
		t.Errorf("lignes %d %d %d : les deux premiers mots en partagent une", words[0].Line, words[1].Line, words[2].Line)
	}
}

func TestParseTSVRefusesGarbage(t *testing.T) {
	for _, in := range []string{"", "pas du TSV\n", "level\n5\t1\t1\t1\t1\t1\tx\t0\t1\t1\t90\tmot\n"} {
		if _, err := parseTSV(strings.NewReader(in), Whole, 100, 100); err == nil {
			t.Errorf("%q lu sans erreur", in)
		}
	}
}
