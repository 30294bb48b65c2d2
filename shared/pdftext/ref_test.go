package pdftext

import (
	"bytes"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ledongthuc/pdf"
)

// refOfKey and refAt read the library's unexported fields: this test fails
// if its layout changes.
func TestRefOf(t *testing.T) {
	t.Parallel()
	data := fixture(t, false, "")
	r, err := pdf.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	trailer := r.Trailer()
	root, rootOK := refOfKey(trailer, "Root")
	pages := trailer.Key("Root").Key("Pages")
	kid, kidOK := refAt(pages.Key("Kids"), 0)
	_, sizeOK := refOfKey(trailer, "Size") // a direct integer
	_, missingOK := refOfKey(trailer, "Absent")
	got := []bool{rootOK, kidOK, sizeOK, missingOK, root != kid, root.id > 0}
	if diff := cmp.Diff([]bool{true, true, false, false, true, true}, got); diff != "" {
		t.Errorf("(-attendu +obtenu) :\n%s", diff)
	}
}
