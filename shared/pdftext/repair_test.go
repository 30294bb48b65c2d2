package pdftext

import (
	"bytes"
	"context"
	"math/rand/v2"
	"regexp"
	"slices"
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

// nextObjHeader finds the headers the pattern below finds, at the same
// places, from every start: it is that pattern, read back from each "obj".
func TestNextObjHeader(t *testing.T) {
	t.Parallel()
	re := regexp.MustCompile(`(?m)(?:^|[\r\n ])(\d{1,10})[ \t\r\n]+(\d{1,5})[ \t\r\n]+obj\b`)
	alphabet := []byte("0123456789 \t\r\nobjx_")
	r := rand.New(rand.NewPCG(1, 2))
	for range 20_000 {
		data := make([]byte, r.IntN(40))
		for i := range data {
			data[i] = alphabet[r.IntN(len(alphabet))]
		}
		for from := 0; from <= len(data); from++ {
			want := re.FindSubmatchIndex(data[from:])
			for i := range want {
				want[i] += from
			}
			if got := nextObjHeader(data, from); !slices.Equal(got, want) {
				t.Fatalf("%q depuis %d : %v, attendu %v", data, from, got, want)
			}
		}
	}
}
