package frnum

import (
	"math"
	"regexp"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestFormat(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		got  string
		want string
	}{
		{"whole thousands", Format(157275), "157 275"},
		{"negative", Format(-14930), "-14 930"},
		{"one decimal", Format(481.3), "481,3"},
		{"rounds to one decimal", Format(481.34), "481,3"},
		{"whole after rounding", Format(2.96), "3"},
		{"millions", Format(1234567.5), "1 234 567,5"},
		{"zero", Format(0), "0"},
		{"negative zero after rounding", Format(-0.04), "0"},
		{"small negative", Format(-0.5), "-0,5"},
		{"hundreds", Format(999), "999"},
		{"not finite", Format(math.NaN()), "non significatif"},
		{"ratio", FormatRatio(5.4545), "5,5x"},
		{"whole ratio keeps decimal", FormatRatio(3), "3,0x"},
		{"negative ratio", FormatRatio(-1.25), "-1,3x"},
		{"percent", FormatPercent(-0.5), "-0,5 %"},
		{"percent whole", FormatPercent(12), "12,0 %"},
		{"days", FormatDays(62), "62 jours"},
		{"days decimal", FormatDays(45.46), "45,5 jours"},
		{"kEUR", FormatKEUR(11175), "11 175 k€"},
		{"kEUR negative", FormatKEUR(-47225), "-47 225 k€"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if tt.got != tt.want {
				t.Errorf("got %q, want %q", tt.got, tt.want)
			}
		})
	}
}

// simple keeps the fields a reader of Parse cares about.
type simple struct {
	Value float64
	Unit  Unit
	Text  string
}

func simplify(ns []Number) []simple {
	var out []simple
	for _, n := range ns {
		out = append(out, simple{n.Value, n.Unit, n.Text})
	}
	return out
}

func TestParse(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		text string
		want []simple
	}{
		{"ratio fact with years", "Levier 2025 : 5,5x (2024 : 3,6x) ; formule : dette nette / EBITDA",
			[]simple{{2025, None, "2025"}, {5.5, Times, "5,5x"}, {2024, None, "2024"}, {3.6, Times, "3,6x"}}},
		{"year then grouped amount", "en 2025 157 275 k€",
			[]simple{{2025, None, "2025"}, {157275, KEUR, "157 275 k€"}}},
		{"grouped amount before unit", "un total de 1 234 567 k€.",
			[]simple{{1234567, KEUR, "1 234 567 k€"}}},
		{"no-break space and narrow no-break space", "157\u00a0275\u202fk€ et 12\u202f345\u00a0€",
			[]simple{{157275, KEUR, "157\u00a0275\u202fk€"}, {12345, EUR, "12\u202f345\u00a0€"}}},
		{"M€ with decimal", "un chiffre d'affaires de 481,3 M€, en hausse",
			[]simple{{481.3, MEUR, "481,3 M€"}}},
		{"millions d'euros", "85,0 millions d’euros", []simple{{85, MEUR, "85,0 millions d’euros"}}},
		{"milliards", "1,2 Md€", []simple{{1.2, BEUR, "1,2 Md€"}}},
		{"keur variants", "12 KEUR, 13 k€ et 14 milliers d'euros",
			[]simple{{12, KEUR, "12 KEUR"}, {13, KEUR, "13 k€"}, {14, KEUR, "14 milliers d'euros"}}},
		{"minus sign", "free cash-flow de -47 225 k€", []simple{{-47225, KEUR, "-47 225 k€"}}},
		{"unicode minus", "−3,2 %", []simple{{-3.2, Percent, "−3,2 %"}}},
		{"plus sign", "+4,1 %", []simple{{4.1, Percent, "+4,1 %"}}},
		{"parentheses negative", "Investissements (14 930)", []simple{{-14930, None, "(14 930)"}}},
		{"parentheses with unit inside", "(14 930 k€)", []simple{{-14930, KEUR, "(14 930 k€)"}}},
		{"parentheses with unit after", "(14 930) k€", []simple{{-14930, KEUR, "(14 930) k€"}}},
		{"year range is not a sign", "2024-2025", []simple{{2024, None, "2024"}, {2025, None, "2025"}}},
		{"hyphen in word is not a sign", "cash-flow 12", []simple{{12, None, "12"}}},
		{"digits inside words ignored", "T4 CO2 A320 3", []simple{{3, None, "3"}}},
		{"days", "DSO de 62 jours, 15 j", []simple{{62, Days, "62 jours"}, {15, Days, "15 j"}}},
		{"unit must end a word", "15 juin 2025", []simple{{15, None, "15"}, {2025, None, "2025"}}},
		{"points", "marge en baisse de 2,1 points", []simple{{2.1, Points, "2,1 points"}}},
		{"times variants", "3 fois, 4,0 x", []simple{{3, Times, "3 fois"}, {4, Times, "4,0 x"}}},
		{"dot thousands", "1.234.567 €", []simple{{1234567, EUR, "1.234.567 €"}}},
		{"dot decimal", "3.6x", []simple{{3.6, Times, "3.6x"}}},
		{"sentence dot", "en 2025.", []simple{{2025, None, "2025"}}},
		{"comma then space is punctuation", "2024, 12", []simple{{2024, None, "2024"}, {12, None, "12"}}},
		{"two-digit group is a new number", "12 34", []simple{{12, None, "12"}, {34, None, "34"}}},
		{"four-digit group is a new number", "12 3456", []simple{{12, None, "12"}, {3456, None, "3456"}}},
		{"tab does not group", "157\t275", []simple{{157, None, "157"}, {275, None, "275"}}},
		{"year in parentheses is positive", "(2024 : 3,6x)", []simple{{2024, None, "2024"}, {3.6, Times, "3,6x"}}},
		{"euro words", "12 euros, 3 €", []simple{{12, EUR, "12 euros"}, {3, EUR, "3 €"}}},
		{"europe is not a unit", "3 europe", []simple{{3, None, "3"}}},
		{"empty", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if diff := cmp.Diff(tt.want, simplify(Parse(tt.text))); diff != "" {
				t.Errorf("Parse(%q) mismatch (-want +got):\n%s", tt.text, diff)
			}
		})
	}
}

func TestNumberKEURAndYear(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		text   string
		keur   float64
		money  bool
		isYear bool
	}{
		{"M€ to k€", "85,0 M€", 85000, true, false},
		{"€ to k€", "12 345 €", 12.345, true, false},
		{"Md€ to k€", "1,5 Md€", 1500000, true, false},
		{"k€", "-47 225 k€", -47225, true, false},
		{"year", "2025", 0, false, true},
		{"grouped is not a year", "2 025", 0, false, false},
		{"percent is not money", "12 %", 0, false, false},
		{"too late for a year", "2500", 0, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ns := Parse(tt.text)
			if len(ns) != 1 {
				t.Fatalf("Parse(%q) = %v, want one number", tt.text, ns)
			}
			v, ok := ns[0].KEUR()
			if ok != tt.money || (ok && math.Abs(v-tt.keur) > 1e-9) {
				t.Errorf("KEUR() = %v, %v; want %v, %v", v, ok, tt.keur, tt.money)
			}
			if got := ns[0].IsYear(); got != tt.isYear {
				t.Errorf("IsYear() = %v, want %v", got, tt.isYear)
			}
		})
	}
}

func TestParseMoneyUnit(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in      string
		want    Unit
		wantErr bool
	}{
		{"k€", KEUR, false},
		{"K€", KEUR, false},
		{"kEUR", KEUR, false},
		{"en milliers d'euros", KEUR, false},
		{"(en milliers d’euros)", KEUR, false},
		{"M€", MEUR, false},
		{"en millions d'euros", MEUR, false},
		{"€", EUR, false},
		{"euros", EUR, false},
		{"", None, true},
		{"k€ et plus", None, true},
		{"%", None, true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			t.Parallel()
			got, err := ParseMoneyUnit(tt.in)
			if (err != nil) != tt.wantErr {
				t.Fatalf("ParseMoneyUnit(%q) error = %v, wantErr %v", tt.in, err, tt.wantErr)
			}
			if got != tt.want {
				t.Errorf("ParseMoneyUnit(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestNumberOffsets(t *testing.T) {
	t.Parallel()
	text := "Résultat net de 11 175 k€ mais free cash-flow de (47 225) en 2025."
	got := Parse(text)
	want := []Number{
		{Value: 11175, Unit: KEUR, Start: 17, End: 28, Text: "11 175 k€"},
		{Value: -47225, Start: 52, End: 60, Text: "(47 225)"},
		{Value: 2025, Start: 64, End: 68, Text: "2025"},
	}
	if diff := cmp.Diff(want, got, cmpopts.IgnoreFields(Number{}, "Decimals")); diff != "" {
		t.Errorf("Parse mismatch (-want +got):\n%s", diff)
	}
	for _, n := range got {
		if text[n.Start:n.End] != n.Text {
			t.Errorf("offsets %d:%d give %q, want %q", n.Start, n.End, text[n.Start:n.End], n.Text)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"Levier 2025 : 5,5x (2024 : 3,6x)", "(14 930 k€)", "−3,2 %", "1.234.567,8 €", "9999999999999999999999 k€", "((1)", "- 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, n := range Parse(s) {
			if n.Start < 0 || n.End > len(s) || n.Start >= n.End || s[n.Start:n.End] != n.Text {
				t.Fatalf("bad offsets %+v in %q", n, s)
			}
		}
	})
}

func FuzzRoundTrip(f *testing.F) {
	for _, v := range []float64{0, 157275, -14930, 481.3, -0.5, 1e12, 2025} {
		f.Add(v)
	}
	f.Fuzz(func(t *testing.T, v float64) {
		if math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > 1e13 {
			t.Skip()
		}
		want := Round1(v)
		for _, c := range []struct {
			text string
			unit Unit
		}{
			{Format(v), None},
			{FormatKEUR(v), KEUR},
			{FormatRatio(v), Times},
			{FormatPercent(v), Percent},
			{FormatDays(v), Days},
		} {
			ns := Parse(c.text)
			if len(ns) != 1 || ns[0].Value != want || ns[0].Unit != c.unit || ns[0].Text != c.text {
				t.Fatalf("Parse(%q) = %+v, want one %v %q", c.text, ns, want, c.unit)
			}
		}
	})
}

func TestMonth(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		want int
		ok   bool
	}{
		{"janvier", 1, true},
		{"Février", 2, true},
		{"FEVRIER", 2, true},
		{"août", 8, true},
		{"Aout", 8, true},
		{"décembre", 12, true},
		{"decembre", 12, true},
		{"juin", 6, true},
		{"janv", 0, false},
		{"", 0, false},
	}
	for _, tt := range tests {
		if got, ok := Month(tt.name); got != tt.want || ok != tt.ok {
			t.Errorf("Month(%q) = %d, %v; want %d, %v", tt.name, got, ok, tt.want, tt.ok)
		}
	}
	if !regexp.MustCompile(`(?i)^(?:` + MonthPattern + `)$`).MatchString("Août") {
		t.Errorf("MonthPattern %q misses Août", MonthPattern)
	}
}

// TestRound1 rounds half a tenth away from zero, a sum of amounts converted
// from euros included, whose binary value falls just under the half.
func TestRound1(t *testing.T) {
	t.Parallel()
	sum := 0.0
	for _, eur := range []float64{66_605, 14_780, 63_217, -46_699, -74_853} {
		sum += eur * 0.001
	}
	tests := []struct {
		name string
		in   float64
		want float64
	}{
		{"a sum of euros in k€", sum, 23.1},
		{"a half", 23.05, 23.1},
		{"a negative half", -23.05, -23.1},
		{"under the half", 23.0499, 23},
		{"a cent under the half", 23.04999, 23},
		{"zero", -0.04, 0},
		{"large", 1_234_567.85, 1_234_567.9},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := Round1(tt.in); got != tt.want || math.Signbit(got) && got == 0 {
				t.Errorf("Round1(%v) = %v, want %v", tt.in, got, tt.want)
			}
		})
	}
}
