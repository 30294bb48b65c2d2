package locate

import (
	"strings"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// foldReplacer spells out ligatures and unifies typographic punctuation so
// that a title or a label matches whatever font and keyboard printed it.
var foldReplacer = strings.NewReplacer(
	"œ", "oe", "æ", "ae",
	"’", "'", "‘", "'", "ʼ", "'", "`", "'",
	"–", "-", "—", "-", "‑", "-", "−", "-",
	"\u00a0", " ", "\u202f", " ", "\u2009", " ", "\u00ad", "",
)

// stripMarks removes accents whatever the letter (é → e, ñ → n) and spells
// out compatibility forms, such as the ligatures a layout engine prints
// (ﬁ → fi). A chain keeps state, so each call builds its own.
func stripMarks() transform.Transformer {
	return transform.Chain(norm.NFKD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
}

// Fold gives the form in which titles and labels are compared: lower case,
// without accents, apostrophes and dashes unified, every run of characters
// other than letters and digits turned into one space.
func Fold(s string) string {
	s = foldReplacer.Replace(strings.ToLower(s))
	if unaccented, _, err := transform.String(stripMarks(), s); err == nil {
		s = unaccented
	}
	var b strings.Builder
	space := false
	for _, r := range s {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(r)
			continue
		}
		space = true
	}
	return b.String()
}
