package pdftext

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestCMapDecode(t *testing.T) {
	t.Parallel()
	const fpdfWide = `/CIDInit /ProcSet findresource begin 12 dict begin begincmap
1 begincodespacerange <0000> <FFFF> endcodespacerange
1 beginbfrange <0000> <FFFF> <0000> endbfrange endcmap`
	const overlapping = `1 begincodespacerange <00> <FF> endcodespacerange
3 beginbfrange <08> <0B> <0069> <00> <0F> <0061> <0A> <10> <0020> endbfrange
1 beginbfchar <14> <007A> endbfchar`
	const mixed = `2 begincodespacerange <00> <7F> <8000> <FFFF> endcodespacerange
2 beginbfchar <41> <0042> <8001> <D835DC9C> endbfchar
1 beginbfrange <8010> <8012> [<0066> <00660069> <FB02>] endbfrange
1 beginbfrange <20> <21> <201C> endbfrange`
	tests := []struct {
		name  string
		cmap  string
		codes string
		want  []string
	}{
		{"wide range, right quote", fpdfWide, "\x20\x19", []string{"’"}},
		{"wide range, dash euro oe", fpdfWide, "\x20\x13\x20\xac\x01\x53", []string{"–", "€", "œ"}},
		{"one-byte bfchar beside two-byte codes", mixed, "A\x80\x01", []string{"B", "𝒜"}},
		{"bfrange to an array, ligature", mixed, "\x80\x11\x80\x12", []string{"fi", "ﬂ"}},
		{"bfrange offset", mixed, "\x21", []string{"”"}},
		{"unmapped code gives no text", mixed, "\x80\x05", []string{""}},
		{"overlapping ranges: the first in the file wins", overlapping, "\x05\x0a\x0c\x10\x14", []string{"f", "k", "m", "&", "z"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			m, err := parseCMap([]byte(tt.cmap), newBudget(context.Background(), Limits{}))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for s := tt.codes; len(s) > 0; {
				code, n := m.split(s, 1)
				text, _ := m.text(code, n)
				got = append(got, text)
				s = s[n:]
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-attendu +obtenu) :\n%s", diff)
			}
		})
	}
}

func TestCMapCID(t *testing.T) {
	t.Parallel()
	m, err := parseCMap([]byte(`1 begincodespacerange <0000> <FFFF> endcodespacerange
1 begincidrange <0100> <01FF> 5 endcidrange 1 begincidchar <0300> 42 endcidchar`), newBudget(context.Background(), Limits{}))
	if err != nil {
		t.Fatal(err)
	}
	got := []uint32{m.cid(0x0105, 2), m.cid(0x0300, 2), m.cid(0x0400, 2)}
	if diff := cmp.Diff([]uint32{10, 42, 0x0400}, got); diff != "" {
		t.Errorf("(-attendu +obtenu) :\n%s", diff)
	}
}

// disjoint must answer as a scan of the spans in order would, for spans
// nested, overlapping, equal or apart, of one or two bytes.
func TestDisjoint(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 200 {
		spans := make([]span, rng.IntN(12))
		for i := range spans {
			lo := rng.Uint32N(60)
			spans[i] = span{lo: lo, hi: lo + rng.Uint32N(20), n: 1 + rng.IntN(2), idx: i}
		}
		pieces := disjoint(spans)
		for n := 1; n <= 2; n++ {
			for code := range uint32(90) {
				want, wantOK := -1, false
				for _, s := range spans {
					if s.n == n && s.lo <= code && code <= s.hi {
						want, wantOK = s.idx, true
						break
					}
				}
				got, ok := find(pieces, code, n)
				if ok != wantOK || ok && got != want {
					t.Fatalf("tour %d, code %d sur %d octets : %d %v, attendu %d %v\nplages %+v\nmorceaux %+v", round, code, n, got, ok, want, wantOK, spans, pieces)
				}
			}
		}
	}
}
