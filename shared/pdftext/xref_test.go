package pdftext

import (
	"bytes"
	"compress/zlib"
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// testObject is an object of a file built by xrefStreamFile: written in the
// file when it has a body, else put in object stream in.
type testObject struct {
	id   int
	body string
	in   int
}

// xrefStreamFile builds a PDF whose cross-reference section is an xref
// stream (with extra in its dictionary, "{self}" standing for its offset)
// and whose objects may lie in object streams, as modern producers write.
func xrefStreamFile(objs []testObject, extra string) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.7\n")
	type entry struct{ typ, a int }
	entries := map[int]entry{}
	size := 0
	for _, o := range objs {
		size = max(size, o.id+1)
		if o.body == "" {
			entries[o.id] = entry{2, o.in}
			continue
		}
		entries[o.id] = entry{1, b.Len()}
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", o.id, o.body)
	}
	at := b.Len()
	entries[size] = entry{1, at}
	var data []byte
	for id := 0; id <= size; id++ {
		e := entries[id] // type 0 when absent: free
		data = append(data, byte(e.typ), byte(e.a>>24), byte(e.a>>16), byte(e.a>>8), byte(e.a), 0)
	}
	extra = strings.ReplaceAll(extra, "{self}", strconv.Itoa(at))
	fmt.Fprintf(&b, "%d 0 obj\n<< /Type /XRef /Size %d /W [1 4 1] /Root 1 0 R /Length %d %s >>\nstream\n", size, size+1, len(data), extra)
	b.Write(data)
	fmt.Fprintf(&b, "\nendstream\nendobj\nstartxref\n%d\n%%%%EOF\n", at)
	return b.Bytes()
}

// objStm is an object stream holding object 3, the page, with dict added
// to its dictionary; data replaces its content when not empty.
func objStm(dict, data string) string {
	if data == "" {
		data = "3 0 << /Type /Page /Parent 2 0 R /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>"
	}
	return fmt.Sprintf("<< /Type /ObjStm /N 1 /First 4 %s /Length %d >>\nstream\n%s\nendstream", dict, len(data), data)
}

// withObjStm is a one-page document whose page (3) lies in object stream 8,
// described by stm, beside more objects.
func withObjStm(stm testObject, more ...testObject) []testObject {
	const content = "BT /F1 12 Tf 10 10 Td (Bonjour) Tj ET"
	return append([]testObject{
		{id: 1, body: "<< /Type /Catalog /Pages 2 0 R >>"},
		{id: 2, body: "<< /Type /Pages /Kids [3 0 R] /Count 1 >>"},
		{id: 3, in: 8},
		{id: 4, body: fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content)},
		{id: 5, body: "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"},
		stm,
	}, more...)
}

func TestCheckStructure(t *testing.T) {
	t.Parallel()
	var zeros bytes.Buffer
	zw := zlib.NewWriter(&zeros)
	zw.Write(make([]byte, maxObjStmBytes+1))
	zw.Close()
	tests := []struct {
		name  string
		file  []byte
		want  error // the kind of the refusal, nil for a file the library may open
		texts []string
	}{
		{"page in an object stream", xrefStreamFile(withObjStm(testObject{id: 8, body: objStm("", "")}), ""), nil, []string{"Bonjour"}},
		{"object stream inside itself", xrefStreamFile(withObjStm(testObject{id: 8, in: 8}), ""), ErrDamaged, nil},
		{"/Extends loop", xrefStreamFile(withObjStm(
			testObject{id: 8, body: objStm("/Extends 7 0 R", "")},
			testObject{id: 7, body: objStm("/Extends 8 0 R", "9 0 null")}), ""), ErrDamaged, nil},
		{"/Extends to an object in a stream", xrefStreamFile(withObjStm(
			testObject{id: 8, body: objStm("/Extends 9 0 R", "")}, testObject{id: 9, in: 8}), ""), ErrDamaged, nil},
		{"a billion objects in a stream", xrefStreamFile(withObjStm(testObject{id: 8, body: objStm("/N 1000000000", "")}), ""), ErrDamaged, nil},
		{"predictor rows of 100 MB", xrefStreamFile(withObjStm(testObject{id: 8, body: objStm(
			"/Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 100000000 >>", "")}), ""), ErrDamaged, nil},
		{"nine filters", xrefStreamFile(withObjStm(testObject{id: 8, body: objStm(
			"/Filter ["+strings.Repeat("/ASCII85Decode ", 9)+"]", "")}), ""), ErrDamaged, nil},
		{"object stream decoding past its bound", xrefStreamFile(withObjStm(testObject{id: 8, body: fmt.Sprintf(
			"<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length %d >>\nstream\n%s\nendstream", zeros.Len(), zeros.Bytes())}), ""), ErrTooLarge, nil},
		{"object stream of indirect /Length decoding past its bound", xrefStreamFile(withObjStm(testObject{id: 8, body: fmt.Sprintf(
			"<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length 6 0 R >>\nstream\n%s\nendstream", zeros.Bytes())},
			testObject{id: 6, body: strconv.Itoa(zeros.Len())}), ""), ErrTooLarge, nil},
		{"xref stream /Prev to itself", xrefStreamFile(withObjStm(testObject{id: 8, body: objStm("", "")}), "/Prev {self}"), ErrDamaged, nil},
		{"xref stream subsection at object 2e9", xrefStreamFile(withObjStm(testObject{id: 8, body: objStm("", "")}), "/Index [0 10 2000000000 1]"), ErrDamaged, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := checkStructure(tt.file)
			var refused *refusal
			switch {
			case tt.want == nil && err != nil:
				t.Fatalf("refusé : %v", err)
			case tt.want != nil && (!errors.As(err, &refused) || !errors.Is(err, tt.want)):
				t.Fatalf("erreur %v, attendu un refus %v", err, tt.want)
			}
			doc, err := Read(context.Background(), bytes.NewReader(tt.file), int64(len(tt.file)), Limits{})
			checkResult(t, doc, err, outcome{err: tt.want, texts: tt.texts})
		})
	}
}
