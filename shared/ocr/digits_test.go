package ocr

import "testing"

func TestFixDigits(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"1O2", "102"},
		{"12O", "120"},
		{"(4l7)", "(417)"},
		{"3I,50", "31,50"},
		{"2o24", "2024"},
		{"1|5", "115"},
		// words, not amounts
		{"Iol", "Iol"},
		{"O1", "O1"}, // one digit: a code, not an amount
		{"Total", "Total"},
		{"l2A3", "l2A3"},
		{"12-O", "12-O"}, // the lookalike stands next to no digit
		{"2050", "2050"},
		{"‘131", "131"},
		{"«1", "«1"}, // one digit
		{"l'an", "l'an"},
		{"2 884»", "2 884"},
		{"000!", "000"}, // a rule touching the cell
		{"5000!", "5000"},
		{"Attention!", "Attention!"},
	} {
		if got := fixDigits(tt.in); got != tt.want {
			t.Errorf("fixDigits(%q) = %q, attendu %q", tt.in, got, tt.want)
		}
	}
}
