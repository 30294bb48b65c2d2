// Package facts turns ratios and alerts into facts: sentences with a stable
// identifier that the memo cites. Every number in them is written by frnum,
// so frnum.Parse reads them back.
package facts

import (
	"fmt"
	"strings"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"

	"analyste.dev/analyste/shared/ratios"
)

// Fact is one citable statement.
type Fact struct {
	ID   string `json:"id"`
	Text string `json:"texte"`
}

// String gives the course's shape: "[R-ferlac-levier] Maison Ferlac SAS - …".
func (f Fact) String() string { return "[" + f.ID + "] " + f.Text }

// ignoredWords are legal forms and generic words that do not identify a
// company, plus French articles and prepositions.
var ignoredWords = map[string]bool{
	"sa": true, "sas": true, "sasu": true, "sarl": true, "eurl": true, "sca": true, "sci": true, "snc": true,
	"se": true, "scop": true, "scs": true, "gie": true, "selarl": true, "ltd": true, "inc": true, "gmbh": true,
	"maison": true, "groupe": true, "group": true, "societe": true, "compagnie": true, "cie": true,
	"etablissements": true, "ets": true, "holding": true, "entreprise": true, "entreprises": true,
	"et": true, "de": true, "du": true, "des": true, "la": true, "le": true, "les": true, "l": true, "d": true,
}

// Slug names a company in fact identifiers: accents folded, lower case, the
// first word that is not a legal form, a generic word (Maison, Groupe,
// Société…) or an article. "Maison Ferlac SAS" → "ferlac", "Solvéa Énergies
// SA" → "solvea". A name made only of such words keeps its first word;
// an empty name gives "societe".
func Slug(company string) string {
	folded, _, err := transform.String(transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC), company)
	if err != nil {
		folded = company
	}
	words := strings.FieldsFunc(strings.ToLower(folded), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	})
	for _, w := range words {
		if !ignoredWords[w] {
			return w
		}
	}
	if len(words) > 0 {
		return words[0]
	}
	return "societe"
}

// RatioFacts gives one fact per ratio: the latest year, the year before in
// parentheses unless it is non disponible (croissance_ca of the earliest
// year), and the formula. years lists the years
// latest first.
func RatioFacts(company string, years []int, rs map[int]ratios.Ratios) []Fact {
	if len(years) == 0 {
		return nil
	}
	slug := Slug(company)
	n := years[0]
	var out []Fact
	for _, d := range ratios.Definitions {
		text := fmt.Sprintf("%s - %s %d : %s", company, d.Label, n, ratios.FormatValue(d.Get(rs[n]), d.Unit))
		if len(years) > 1 {
			if prev := d.Get(rs[years[1]]); prev.Available() {
				text += fmt.Sprintf(" (%d : %s)", years[1], ratios.FormatValue(prev, d.Unit))
			}
		}
		text += " ; formule : " + d.Formula
		out = append(out, Fact{ID: "R-" + slug + "-" + strings.ReplaceAll(d.Key, "_", "-"), Text: text})
	}
	return out
}

// AlertFacts numbers the alerts in order: A-<slug>-1, A-<slug>-2…
func AlertFacts(company string, alerts []ratios.Alert) []Fact {
	slug := Slug(company)
	out := make([]Fact, 0, len(alerts))
	for i, a := range alerts {
		out = append(out, Fact{ID: fmt.Sprintf("A-%s-%d", slug, i+1), Text: company + " - " + a.Text})
	}
	return out
}
