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
		// a minus read as a dash or an equals sign
		{"—413", "-413"},
		{"=396", "-396"},
		{"~1 250", "-1 250"},
		{"—", "—"},     // a nil amount
		{"=A1", "=A1"}, // not an amount
		{"—2,5x", "—2,5x"},
	} {
		if got := fixDigits(tt.in); got != tt.want {
			t.Errorf("fixDigits(%q) = %q, attendu %q", tt.in, got, tt.want)
		}
	}
}

// A page that groups its thousands with a dot has the amounts read with a
// comma or a colon written with a dot; a page with a decimal comma, or
// too few dotted amounts, is left as read.
func TestSameGroups(t *testing.T) {
	dotted := []string{"9.353", "227.811", "(18.057)", "3.101", "240.265"}
	for _, tc := range []struct {
		name     string
		page     []string
		in, want string
	}{
		{"comma", dotted, "12,596", "12.596"},
		{"colon", dotted, "2:377", "2.377"},
		{"negative", dotted, "(13,452)", "(13.452)"},
		{"two decimals", dotted, "12,59", "12,59"},
		{"a date", dotted, "30/09/2026", "30/09/2026"},
		{"a word", dotted, "Total", "Total"},
		{"decimal comma on the page", append([]string{"1,50"}, dotted...), "12,596", "12,596"},
		{"too few dotted", dotted[:4], "12,596", "12,596"},
		{"spaces", []string{"9 353", "227 811", "3 101", "240 265", "1 000"}, "12,596", "12,596"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			texts := append(append([]string{}, tc.page...), tc.in)
			sameGroups(texts)
			if got := texts[len(texts)-1]; got != tc.want {
				t.Errorf("%q → %q, attendu %q", tc.in, got, tc.want)
			}
		})
	}
}
