// Package sentences cuts French prose into sentences, one way for the risk
// reader, the covenant reader and the memo's claims, so that a sentence
// quoted from a report is the same sentence everywhere.
package sentences

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"analyste.dev/analyste/shared/locate"
)

// abbreviations end with a period that does not end a sentence ("p. 12",
// "cf. note 4", "M. Durand"); a single letter ("S.A.") is one too.
var abbreviations = map[string]bool{
	"p": true, "pp": true, "cf": true, "env": true, "art": true, "ex": true, "no": true, "me": true,
	"mme": true, "mlle": true, "mm": true, "dr": true, "st": true, "vs": true, "chap": true, "fig": true, "vol": true,
}

// Split cuts text after ".", "!", "?" or "…" followed by spaces and a
// capital, a digit, an opening quote or a bracket, outside « » quotations
// and unless the period ends an abbreviation. A decimal point ("3.6x") is
// followed by a digit, not a space, so numbers and their units ("3,4x.",
// "M€.") keep their final period in their sentence. A « that no » closes
// further on opens no quotation: a stray mark must not glue a page into
// one sentence.
func Split(text string) []string {
	var out []string
	lastClose := strings.LastIndex(text, "»")
	start, quotes := 0, 0
	for i, r := range text {
		switch r {
		case '«':
			if i < lastClose {
				quotes++
			}
		case '»':
			quotes = max(quotes-1, 0)
		case '.', '!', '?', '…':
			end := i + utf8.RuneLen(r)
			if quotes == 0 && startsSentence(text[end:]) && !(r == '.' && abbreviation(text[start:i])) {
				out = appendSentence(out, text[start:end])
				start = end
			}
		}
	}
	return appendSentence(out, text[start:])
}

func appendSentence(out []string, s string) []string {
	if s = strings.TrimSpace(s); s != "" {
		out = append(out, s)
	}
	return out
}

// startsSentence reports whether rest, the text after a final mark, is
// spaces then the start of a sentence.
func startsSentence(rest string) bool {
	trimmed := strings.TrimLeftFunc(rest, unicode.IsSpace)
	if len(trimmed) == len(rest) || trimmed == "" {
		return false
	}
	r, _ := utf8.DecodeRuneInString(trimmed)
	return unicode.IsUpper(r) || unicode.IsDigit(r) || r == '«' || r == '"' || r == '['
}

// abbreviation reports whether the sentence so far ends with an
// abbreviation, the period excluded. Letters right after a digit are a unit
// ("5,5x"), not an abbreviation.
func abbreviation(before string) bool {
	prefix := strings.TrimRightFunc(before, unicode.IsLetter)
	word := before[len(prefix):]
	if word == "" {
		return false
	}
	if r, _ := utf8.DecodeLastRuneInString(prefix); unicode.IsDigit(r) {
		return false
	}
	return utf8.RuneCountInString(word) == 1 || abbreviations[locate.Fold(word)]
}
