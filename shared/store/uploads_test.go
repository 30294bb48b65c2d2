package store_test

import (
	"errors"
	"testing"

	"cloud.google.com/go/storage"

	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/store"
	"analyste.dev/analyste/shared/store/storetest"
)

// ReadUpload reads the generation the event names and no other, and never
// more than the limit and one byte.
func TestReadUpload(t *testing.T) {
	t.Parallel()
	src := schema.Source{Bucket: "depots", Object: "rapports/ferlac.pdf", Generation: 7}
	data := []byte("%PDF-1.7 ten bytes and more")
	u, err := storetest.ServeUpload(t.Context(), src, data)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(u.Close)
	tests := []struct {
		name       string
		generation int64
		limit      int64
		want       error // nil: data is read
	}{
		{"the generation, within the limit", 7, int64(len(data)), nil},
		{"over the limit", 7, int64(len(data)) - 1, pdftext.ErrTooLarge},
		{"another generation", 8, int64(len(data)), store.ErrNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := src
			s.Generation = tt.generation
			got, err := store.ReadUpload(t.Context(), u.Client, s, tt.limit)
			switch {
			case tt.want == nil && (err != nil || string(got) != string(data)):
				t.Errorf("ReadUpload = %q, %v; want the object", got, err)
			case tt.want != nil && !errors.Is(err, tt.want):
				t.Errorf("ReadUpload error %v, want %v", err, tt.want)
			case errors.Is(tt.want, store.ErrNotFound) && !errors.Is(err, storage.ErrObjectNotExist):
				t.Errorf("ReadUpload error %v should keep storage.ErrObjectNotExist for its callers", err)
			}
		})
	}
}
