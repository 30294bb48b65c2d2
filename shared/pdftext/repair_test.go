package pdftext

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// A file whose xref misses its catalog (pdfunite writes a /Size below its
// last objects) is read through a rebuilt xref, which keeps the trailer's
// /ID whole: its strings are binary and may hold a ']', which must not end
// the array.
func TestRebuiltXrefKeepsBinaryID(t *testing.T) {
	t.Parallel()
	objs := genPages("5 0 R")
	objs = append(objs, genObj{body: "", stream: []byte(hello)})
	file := genPDF(objs)
	// The table keeps object 0 only: the catalog is lost.
	id := "(\x8a]*\tJ\x00)"
	broken := strings.Replace(string(file), "/Size 6 /Root", "/Size 1 /ID ["+id+" "+id+"] /Root", 1)
	if broken == string(file) {
		t.Fatal("trailer introuvable")
	}
	doc, err := Read(context.Background(), bytes.NewReader([]byte(broken)), int64(len(broken)), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if got := doc.Pages[0].Text(); got != "Hello" {
		t.Errorf("texte %q, attendu %q", got, "Hello")
	}
}
