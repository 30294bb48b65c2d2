package main

import (
	"bytes"
	"context"
	"errors"
	"image"
	"math"
	"testing"

	"analyste.dev/analyste/shared/pdftext"
)

// The PDF genscans writes is a scan: its pages have no text, and their
// size is the image's at its resolution.
func TestImagePDF(t *testing.T) {
	img := image.NewGray(image.Rect(0, 0, 200, 300))
	for i := range img.Pix {
		img.Pix[i] = uint8(i)
	}
	jpg, err := encodeJPEG(degrade(rotate(img, 0.5), 1, 1))
	if err != nil {
		t.Fatal(err)
	}
	data := imagePDF([]pageImage{{jpeg: jpg, w: 200, h: 300, dpi: 200}, {jpeg: jpg, w: 200, h: 300, dpi: 100}})
	ctx := context.Background()
	if _, err := pdftext.Read(ctx, bytes.NewReader(data), int64(len(data)), pdftext.Limits{}); !errors.Is(err, pdftext.ErrNoText) {
		t.Fatalf("Read : %v, attendu ErrNoText", err)
	}
	doc, err := pdftext.ReadScanned(ctx, bytes.NewReader(data), int64(len(data)), pdftext.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	want := []pdftext.Rect{{X1: 72, Y1: 108}, {X1: 144, Y1: 216}}
	for i, p := range doc.Pages {
		if math.Abs(p.MediaBox.X1-want[i].X1) > 0.01 || math.Abs(p.MediaBox.Y1-want[i].Y1) > 0.01 {
			t.Errorf("page %d : %+v, attendu %+v", i+1, p.MediaBox, want[i])
		}
	}
}

func TestRotateAndDegrade(t *testing.T) {
	img := image.NewGray(image.Rect(0, 0, 50, 40))
	for i := range img.Pix {
		img.Pix[i] = uint8(i * 7)
	}
	if !bytes.Equal(rotate(img, 0).Pix, img.Pix) {
		t.Error("un angle nul change l'image")
	}
	turned := rotate(img, 10)
	if turned.Pix[0] != 255 || bytes.Equal(turned.Pix, img.Pix) {
		t.Error("tourné, un coin découvert reste blanc comme le papier")
	}
	a, b := degrade(img, 7, 1), degrade(img, 7, 1)
	if !bytes.Equal(a.Pix, b.Pix) || bytes.Equal(a.Pix, degrade(img, 8, 1).Pix) {
		t.Error("le bruit dépend de sa graine, et d'elle seule")
	}
	for _, v := range a.Pix {
		if v > 250 {
			t.Fatal("le papier d'une copie n'est jamais tout à fait blanc")
		}
	}
}
