package locate

import "strings"

// foldReplacer lowers French accents and typographic punctuation so that a
// title or a label matches whatever font and keyboard printed it.
var foldReplacer = strings.NewReplacer(
	"à", "a", "â", "a", "ä", "a", "é", "e", "è", "e", "ê", "e", "ë", "e",
	"î", "i", "ï", "i", "ô", "o", "ö", "o", "ù", "u", "û", "u", "ü", "u",
	"ç", "c", "œ", "oe", "æ", "ae", "ÿ", "y",
	"’", "'", "‘", "'", "ʼ", "'", "`", "'",
	"–", "-", "—", "-", "‑", "-", "−", "-",
	"\u00a0", " ", "\u202f", " ", "\u2009", " ", "\u00ad", "",
)

// Fold gives the form in which titles and labels are compared: lower case,
// without accents, apostrophes and dashes unified, every run of characters
// other than letters and digits turned into one space.
func Fold(s string) string {
	s = foldReplacer.Replace(strings.ToLower(s))
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
