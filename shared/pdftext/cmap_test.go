package pdftext

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestCMapDecode(t *testing.T) {
	t.Parallel()
	const fpdfWide = `/CIDInit /ProcSet findresource begin 12 dict begin begincmap
1 begincodespacerange <0000> <FFFF> endcodespacerange
1 beginbfrange <0000> <FFFF> <0000> endbfrange endcmap`
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
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			m := parseCMap([]byte(tt.cmap))
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
	m := parseCMap([]byte(`1 begincodespacerange <0000> <FFFF> endcodespacerange
1 begincidrange <0100> <01FF> 5 endcidrange 1 begincidchar <0300> 42 endcidchar`))
	got := []uint32{m.cid(0x0105, 2), m.cid(0x0300, 2), m.cid(0x0400, 2)}
	if diff := cmp.Diff([]uint32{10, 42, 0x0400}, got); diff != "" {
		t.Errorf("(-attendu +obtenu) :\n%s", diff)
	}
}
