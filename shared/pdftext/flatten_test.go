package pdftext

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// flatten writes every packed object out once: the library then finds no
// object in an object stream, and reads the same text. Without it, the
// 30 000 lookups of packedWidths inflate their stream 30 000 times, well
// past the deadline.
func TestFlattenObjectStreams(t *testing.T) {
	t.Parallel()
	file := packedWidths(30_000)
	tail, err := checkStructure(file)
	if err != nil {
		t.Fatal(err)
	}
	start, ok := startXref(append(file, tail...))
	if !ok {
		t.Fatal("pas de startxref après les objets écrits")
	}
	_, d, dataAt, err := streamAt(append(file, tail...), start)
	if err != nil || d["Type"].name != "XRef" {
		t.Fatalf("pas de flux de références à %d : %v", start, err)
	}
	rows := tail[dataAt-int64(len(file)):][:d["Length"].num]
	for i := 0; i+7 <= len(rows); i += 7 {
		if rows[i] == 2 {
			t.Fatalf("l'objet %d reste dans un flux d'objets", i/7)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	doc, err := Read(ctx, bytes.NewReader(file), int64(len(file)), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if got := doc.Pages[0].Text(); got != "HH" {
		t.Errorf("texte %q, attendu %q", got, "HH")
	}
}

// An object of more than maxObjectBytes outside stream data is refused
// before the library parses it, in the file as in an object stream.
func TestObjectSizeBound(t *testing.T) {
	t.Parallel()
	huge := "[" + strings.Repeat("0 ", maxObjectBytes/2+1) + "]"
	for _, packed := range []bool{false, true} {
		objs := genPages("6 0 R")
		objs[0] = genObj{body: "<</Type /Catalog /Pages 2 0 R /Unused " + huge + ">>", packed: packed}
		objs = append(objs, genObj{body: "/Subtype /Form /BBox [0 0 1 1]", stream: []byte("q Q")}, genObj{body: "", stream: []byte(hello)})
		file := genPDF(objs)
		if _, err := checkStructure(file); !errors.Is(err, ErrTooLarge) {
			t.Errorf("rangé %v : erreur %v, attendu %v", packed, err, ErrTooLarge)
		}
		objs[0].body = "<</Type /Catalog /Pages 2 0 R>>"
		file = genPDF(objs)
		if _, err := checkStructure(file); err != nil {
			t.Errorf("rangé %v, sans le tableau : %v", packed, err)
		}
	}
}
