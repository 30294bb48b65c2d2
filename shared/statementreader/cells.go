package statementreader

import (
	"slices"
	"strings"

	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/locate"
	"analyste.dev/analyste/shared/statements"
)

// amountCell reads a span printed as one amount: a number (parentheses or a
// leading minus for a negative), a number followed by a minus as accounting
// software prints negatives ("17 560-"), or a dash alone, which statements
// print for a nil amount ("néant"): it reads as zero, so that a printed line
// such as "Augmentation de capital  –  –" counts as found. ok is false for
// anything else.
func amountCell(text string) (value *float64, ok bool) {
	v, _, ok := moneyCell(text)
	return v, ok
}

// moneyCell is amountCell that also gives the money unit printed after the
// amount ("1 234,56 €"), None when there is none.
func moneyCell(text string) (*float64, frnum.Unit, bool) {
	s := strings.TrimSpace(text)
	switch s {
	case "-", "–", "—", "−", "‐":
		return new(0.0), frnum.None, true
	}
	sign := 1.0
	if rest, cut := strings.CutSuffix(s, "-"); cut && rest != "" {
		s, sign = strings.TrimSpace(rest), -1
	}
	nums := frnum.Parse(s)
	if len(nums) != 1 || nums[0].Start != 0 || nums[0].End != len(s) {
		return nil, frnum.None, false
	}
	if _, money := nums[0].Unit.ToKEUR(); nums[0].Unit != frnum.None && !money {
		return nil, frnum.None, false
	}
	v := sign * nums[0].Value
	return &v, nums[0].Unit, true
}

// header is what one header cell says about the column below it.
type header struct {
	x0, x1   float64
	year     int  // closing year printed, 0 if none
	relative *int // 0 for "N", -1 for "N-1"
	period   statements.Period
	net      bool
	gross    bool // Brut, or the amortisation column of a Brut / Amort. / Net layout
	notes    bool
	// opens is a heading's "Du" alone, the date under it opening the
	// column's period ("Du" / "01/01/2021" / "au" / "30/09/2021" in a
	// narrow cell).
	opens bool
	// comparison heads a column derived from the others: a variation or a
	// ratio ("Écart N / N-1", "% CA"), never a year's amounts.
	comparison bool
}

func (h header) marked() bool { return h.dated() || h.kind() }

// dated tells a header that gives its column's period.
func (h header) dated() bool { return h.year != 0 || h.relative != nil }

// kind tells a header that says what its column holds.
func (h header) kind() bool { return h.net || h.gross || h.notes || h.comparison }

// comparisonWords head a variation column.
var comparisonWords = map[string]bool{"variation": true, "variations": true, "var": true, "ecart": true, "ecarts": true, "evolution": true}

// headerWords are the words a column header is made of, besides dates and
// years. A span with any other word is a caption or prose, not a header.
var headerWords = map[string]bool{
	"exercice": true, "exercices": true, "n": true, "net": true, "nets": true, "montant": true, "montants": true,
	"brut": true, "bruts": true, "amort": true, "amortissement": true, "amortissements": true,
	"prov": true, "provisions": true, "dep": true, "depreciation": true, "depreciations": true, "et": true,
	"notes": true, "note": true, "renvoi": true, "renvois": true, "ref": true,
	"clos": true, "le": true, "au": true, "du": true, "periode": true, "mois": true, "jours": true, "annee": true,
	"janvier": true, "janv": true, "fevrier": true, "fevr": true, "fev": true, "mars": true, "avril": true, "avr": true,
	"mai": true, "juin": true, "juillet": true, "juil": true, "aout": true, "septembre": true, "sept": true,
	"octobre": true, "oct": true, "novembre": true, "nov": true, "decembre": true, "dec": true,
	// The length of a period: "Semestre clos le 30/06/2025", "1er semestre
	// 2025", "Situation de 10 mois".
	"semestre": true, "semestriel": true, "semestriels": true, "semestrielle": true, "trimestre": true, "s1": true, "h1": true,
	"premier": true, "1er": true, "second": true, "2e": true, "2eme": true, "close": true, "closes": true, "situation": true, "de": true,
	"trois": true, "six": true, "neuf": true, "dix": true, "onze": true, "douze": true,
}

// parseHeader reads a column header cell: "Exercice 2025", "31/12/2024",
// "31 déc. 2025", "Net", "Exercice N-1", a date in comb boxes
// ("3 1 1 2 2 0 2 3"), "05/05/2021 - 31/12/2022" (a period: its end), a
// variation or a ratio ("Écart N / N-1", "% CA").
func parseHeader(text string) (header, bool) {
	var h header
	tokens := strings.Fields(locate.Fold(text))
	if strings.Contains(text, "%") || slices.ContainsFunc(tokens, func(t string) bool { return comparisonWords[t] }) {
		return header{comparison: true}, true
	}
	if len(tokens) == 0 {
		return h, false
	}
	for i, tok := range tokens {
		switch {
		case tok == "n":
			rel := 0
			if i+1 < len(tokens) && tokens[i+1] == "1" {
				rel = -1
			}
			if h.relative != nil && *h.relative != rel {
				return h, false // "N / N-1" compares two columns
			}
			h.relative = &rel
		case tok == "net" || tok == "nets":
			h.net = true
		case tok == "brut" || tok == "bruts" || strings.HasPrefix(tok, "amort") || strings.HasPrefix(tok, "dep") || strings.HasPrefix(tok, "prov"):
			h.gross = true
		case strings.HasPrefix(tok, "note") || strings.HasPrefix(tok, "renvoi") || tok == "ref" || tok == "annexe" || tok == "annexes":
			h.notes = true
		case headerWords[tok]:
		case isDigits(tok) && len(tok) == 4 && !frnum.Parse(tok)[0].IsYear():
			return h, false // an amount printed without grouping ("2738"), not a year
		case isDigits(tok) && (len(tok) <= 2 || len(tok) == 4):
		default:
			return h, false
		}
	}
	for _, n := range frnum.Parse(combJoined(tokens, text)) {
		if n.IsYear() {
			h.year = max(h.year, int(n.Value))
		}
	}
	h.period = periodIn(text)
	h.opens = slices.Equal(tokens, []string{"du"})
	return h, true
}

// combJoined rebuilds a date printed one digit per box ("3 1 1 2 2 0 2 3")
// as its year; any other text is returned as is.
func combJoined(tokens []string, text string) string {
	if len(tokens) == 8 && !slices.ContainsFunc(tokens, func(t string) bool { return len(t) != 1 || !isDigits(t) }) {
		return strings.Join(tokens[4:], "")
	}
	return text
}

func isDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}
