package pdftext

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// Each budget, spent, ends the reading of the document with ErrTooComplex;
// the fixture reads whole within the default ones.
func TestDocumentBudget(t *testing.T) {
	t.Parallel()
	data := fixture(t, true, "")
	tests := []struct {
		name string
		lim  Limits
		want error
	}{
		{"default limits", Limits{}, nil},
		{"operators", Limits{MaxOps: 10}, ErrTooComplex},
		{"character codes", Limits{MaxGlyphs: 100}, ErrTooComplex},
		{"text", Limits{MaxText: 100}, ErrTooComplex},
		{"content streams", Limits{MaxContent: 100}, ErrTooComplex},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			doc, err := Read(context.Background(), bytes.NewReader(data), int64(len(data)), tt.lim)
			var spent *budgetError
			switch {
			case tt.want == nil && err != nil:
				t.Fatalf("erreur %v", err)
			case tt.want != nil && (doc != nil || !errors.Is(err, tt.want) || !errors.As(err, &spent)):
				t.Fatalf("document %v, erreur %v : attendu le budget du document épuisé", doc != nil, err)
			case tt.want != nil && Reason(err) == "":
				t.Errorf("%v : sans explication", err)
			}
		})
	}
}

// A CMap is parsed under the context: a canceled reading stops in it.
func TestCMapCanceled(t *testing.T) {
	t.Parallel()
	var cm strings.Builder
	cm.WriteString("5000 beginbfchar\n")
	for c := range 5000 {
		fmt.Fprintf(&cm, "<%04X> <%04X>\n", c, c)
	}
	cm.WriteString("endbfchar\n")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := parseCMap([]byte(cm.String()), newBudget(ctx, Limits{})); !errors.Is(err, context.Canceled) {
		t.Fatalf("erreur %v, attendu %v", err, context.Canceled)
	}
}

// The library's reads stop with the context too: a canceled reading gives
// the context's error, not ErrDamaged, even from inside the library.
func TestReadCanceled(t *testing.T) {
	t.Parallel()
	data := fixture(t, false, "")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := newReader(ctx, candidate{data: data}); !errors.Is(err, context.Canceled) {
		t.Fatalf("erreur %v, attendu %v", err, context.Canceled)
	}
}
