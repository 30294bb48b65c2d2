package facts

import (
	"errors"
	"fmt"
	"strings"
	"unicode"

	"analyste.dev/analyste/shared/locate"
)

// Unidentified stands for the borrower's name when the one read cannot be
// trusted; its facts are named R-societe-…, never after a stray word.
const Unidentified = "Société non identifiée"

// maxCompanyRunes bounds a legal name: longer, it is a sentence.
const maxCompanyRunes = 120

// notNames are words that open a sentence, not a legal name: pronouns,
// determiners, and the generic nouns a report uses for its subject.
var notNames = foldedSet(
	"celui-ci", "celle-ci", "ceux-ci", "il", "elle", "ils", "elles", "nous", "notre", "nos", "vous", "on",
	"ce", "cet", "cette", "ces", "cela", "ceci", "son", "sa", "ses", "leur", "leurs",
	"la société", "le groupe", "l'entreprise", "société", "entreprise", "groupe",
	"désignation", "dénomination", "néant",
)

func foldedSet(words ...string) map[string]bool {
	out := make(map[string]bool, len(words))
	for _, w := range words {
		out[locate.Fold(w)] = true
	}
	return out
}

// CheckCompany tells whether name can stand for the borrower: a legal name
// (letters, no sentence punctuation, no figure with a unit, not a pronoun or
// a generic noun, short) that the document itself prints. The error says
// why not, in French.
func CheckCompany(name string, pages []string) error {
	trimmed := strings.TrimSpace(name)
	folded := locate.Fold(trimmed)
	first, _, _ := strings.Cut(folded, " ")
	switch {
	case trimmed == "":
		return errors.New("aucune dénomination lue")
	case len([]rune(trimmed)) > maxCompanyRunes:
		return fmt.Errorf("« %s… » est trop long pour une dénomination", string([]rune(trimmed)[:40]))
	case strings.ContainsAny(trimmed, ":;?!«»<>{}[]|\\"):
		return fmt.Errorf("« %s » contient une ponctuation de phrase", trimmed)
	case !strings.ContainsFunc(trimmed, unicode.IsLetter):
		return fmt.Errorf("« %s » ne contient aucune lettre", trimmed)
	case strings.ContainsFunc(trimmed, func(r rune) bool { return unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) }):
		return fmt.Errorf("« %s » contient des caractères de contrôle", strings.ToValidUTF8(trimmed, ""))
	case notNames[folded] || notNames[first] && len(strings.Fields(folded)) <= 2:
		return fmt.Errorf("« %s » est un mot de phrase, pas une dénomination", trimmed)
	case hasFigure(trimmed):
		return fmt.Errorf("« %s » contient un montant ou un ratio", trimmed)
	}
	for _, p := range pages {
		if strings.Contains(locate.Fold(p), folded) {
			return nil
		}
	}
	return fmt.Errorf("« %s » n'est imprimé sur aucune page du document", trimmed)
}

// hasFigure finds a number written with a decimal comma or followed by a
// unit: "0,9x", "12 %", "5 000 k€".
func hasFigure(s string) bool {
	rs := []rune(s)
	for i, r := range rs {
		if !unicode.IsDigit(r) || i+1 >= len(rs) {
			continue
		}
		next := rs[i+1]
		if next == ',' && i+2 < len(rs) && unicode.IsDigit(rs[i+2]) || next == '%' || next == '€' || next == 'x' && (i+2 == len(rs) || !unicode.IsLetter(rs[i+2])) {
			return true
		}
	}
	return false
}
