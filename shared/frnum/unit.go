package frnum

import (
	"fmt"
	"strings"
)

// Unit is the unit a number is printed in.
type Unit string

// The units the parser recognises; money units convert to k€.
const (
	None    Unit = ""
	EUR     Unit = "€"
	KEUR    Unit = "k€"
	MEUR    Unit = "M€"
	BEUR    Unit = "Md€"
	Percent Unit = "%"
	Points  Unit = "pts"
	Times   Unit = "x"
	Days    Unit = "jours"
	Months  Unit = "mois"
)

// ToKEUR is the factor that converts an amount in u to k€; ok is false when
// u is not a money unit.
func (u Unit) ToKEUR() (factor float64, ok bool) {
	switch u {
	case EUR:
		return 0.001, true
	case KEUR:
		return 1, true
	case MEUR:
		return 1000, true
	case BEUR:
		return 1_000_000, true
	}
	return 0, false
}

// ParseMoneyUnit reads the money unit of a table as printed in its header or
// written by a reader ("k€", "KEUR", "en milliers d'euros", "M€"…). The whole
// string must be a money unit, possibly introduced by "en".
func ParseMoneyUnit(s string) (Unit, error) {
	t := strings.TrimSpace(s)
	t = strings.TrimSuffix(strings.TrimPrefix(t, "("), ")")
	t = strings.TrimSpace(t)
	if rest, ok := strings.CutPrefix(strings.ToLower(t), "en "); ok {
		t = t[len(t)-len(rest):]
	}
	if t == "" {
		return None, fmt.Errorf("unité vide")
	}
	u, n := matchUnit(t)
	if _, money := u.ToKEUR(); n != len(t) || !money {
		return None, fmt.Errorf("unité inconnue %q", s)
	}
	return u, nil
}

// unitForms lists the printed forms of each unit, longest first so that
// "millions d'euros" wins over "m€"-style prefixes. A space in a form matches
// any run of spaces (including U+00A0, U+202F); an apostrophe matches ' or ’.
var unitForms = []struct {
	form string
	unit Unit
}{
	{"milliards d'euros", BEUR}, {"milliard d'euros", BEUR}, {"milliards €", BEUR},
	{"mds €", BEUR}, {"mds€", BEUR}, {"md €", BEUR}, {"md€", BEUR}, {"mdeur", BEUR}, {"md eur", BEUR},
	{"millions d'euros", MEUR}, {"million d'euros", MEUR}, {"millions €", MEUR}, {"million €", MEUR},
	{"millions eur", MEUR}, {"m €", MEUR}, {"m€", MEUR}, {"meur", MEUR}, {"m eur", MEUR},
	{"milliers d'euros", KEUR}, {"milliers €", KEUR}, {"k euros", KEUR}, {"k €", KEUR}, {"k€", KEUR},
	{"keur", KEUR}, {"k eur", KEUR},
	{"euros", EUR}, {"euro", EUR}, {"eur", EUR}, {"€", EUR},
	{"%", Percent},
	{"points de pourcentage", Points}, {"points", Points}, {"point", Points}, {"pts", Points}, {"pt", Points},
	{"fois", Times}, {"x", Times}, {"×", Times},
	{"jours", Days}, {"jour", Days}, {"j", Days},
	{"mois", Months},
}

// matchUnit matches a unit at the start of s and returns it with the number
// of bytes it spans; a unit ending in a letter must end a word.
func matchUnit(s string) (Unit, int) {
	for _, f := range unitForms {
		n, ok := matchForm(s, f.form)
		if !ok {
			continue
		}
		if r, _ := firstRune(s[n:]); isWordRune(r) && isWordRune(lastRune(f.form)) {
			continue
		}
		return f.unit, n
	}
	return None, 0
}

// matchForm reports whether s starts with form (case-insensitively, with the
// space and apostrophe equivalences) and how many bytes of s it spans.
func matchForm(s, form string) (int, bool) {
	i := 0
	for _, want := range form {
		r, size := firstRune(s[i:])
		if size == 0 {
			return 0, false
		}
		switch {
		case want == ' ':
			if !isSpace(r) {
				return 0, false
			}
			for size > 0 && isSpace(r) {
				i += size
				r, size = firstRune(s[i:])
			}
			continue
		case want == '\'':
			if r != '\'' && r != '’' {
				return 0, false
			}
		case strings.ToLower(string(r)) != string(want):
			return 0, false
		}
		i += size
	}
	return i, true
}
