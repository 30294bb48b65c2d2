package pdftext

import (
	"bytes"
	"context"
	"errors"
	"math"
	"os"
	"testing"
)

// A scan (testdata/scans, made by cmd/genscans) has no text layer: Read
// refuses it, ReadScanned gives its pages, empty, with their boxes.
func TestReadScanned(t *testing.T) {
	data, err := os.ReadFile("../../testdata/scans/garnier-300/rapport.pdf")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := Read(ctx, bytes.NewReader(data), int64(len(data)), Limits{}); !errors.Is(err, ErrNoText) {
		t.Fatalf("Read : %v, attendu ErrNoText", err)
	}
	doc, err := ReadScanned(ctx, bytes.NewReader(data), int64(len(data)), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Pages) != 2 {
		t.Fatalf("%d pages, 2 attendues", len(doc.Pages))
	}
	for i, p := range doc.Pages {
		if p.Number != i+1 || !p.NeedsOCR() || math.Abs(p.CropBox.X1-595.4) > 1 || math.Abs(p.CropBox.Y1-842) > 1 {
			t.Errorf("page %+v", p)
		}
	}
	if _, err := ReadScanned(ctx, bytes.NewReader([]byte("pas un PDF")), 10, Limits{}); !errors.Is(err, ErrNotPDF) && !errors.Is(err, ErrDamaged) {
		t.Errorf("un fichier qui n'est pas un PDF : %v", err)
	}
}

func TestConfidence(t *testing.T) {
	p := Page{Glyphs: []Glyph{{Start: 0, End: 3}, {Start: 4, End: 7}}, OCR: &Recognition{Confidence: []float64{0.9, 0.6}}}
	for _, tt := range []struct {
		start, end int
		want       float64
		ok         bool
	}{{0, 3, 0.9, true}, {0, 7, 0.6, true}, {3, 4, 0, false}} {
		if got, ok := p.Confidence(tt.start, tt.end); got != tt.want && tt.ok || ok != tt.ok {
			t.Errorf("Confidence(%d, %d) = %v, %v", tt.start, tt.end, got, ok)
		}
	}
	if _, ok := (Page{Glyphs: p.Glyphs}).Confidence(0, 7); ok {
		t.Error("une page de la couche texte n'a pas de confiance d'OCR")
	}
}
