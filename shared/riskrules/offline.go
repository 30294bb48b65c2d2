// Package riskrules is the risk reader without a model: rules over the
// taxonomy's vocabulary (each category's terms and gauge) and a word model
// trained by make words (words.txt). It is the signals stage's reader in
// the offline mode; in production it also tells whether text a page does
// not print reads as a risk (pipeline.TextIssues), and the critical-risk
// net borrows its tests of general and standard wording.
package riskrules

import (
	"slices"
	"strings"
	"unicode/utf8"

	"analyste.dev/analyste/shared/quotes"
	"analyste.dev/analyste/shared/sentences"
	"analyste.dev/analyste/shared/signals"
)

// maxQuote is the length, in characters, above which a sentence is read
// clause by clause (see clauses); adjacent risk sentences are quoted
// together while they fit in it.
const maxQuote = 400

// Offline is the risk reader without a model. Page by page it leaves out the
// tables and the table of contents, cuts the prose into whole sentences and
// classifies each one (see classify): a risk of a category of the taxonomy,
// a mitigant of the risk told just before it, or neither. Adjacent risk
// sentences of one category are quoted together while they fit in
// maxQuote; a clause of a risk sentence that only mitigates it is kept as a
// mitigant too. Each risk is graded by its exposure (see gauge), measured
// against the closing date and the equity, EBITDA and cash the report
// states in its prose. The mentions of one risk on several pages become one
// signal (see merge), graded by its gravest mention, whose quote is the
// main one. Every quote is the page text modulo whitespace, and is verified
// with quotes before it is returned.
func Offline(pages []string) []signals.Signal {
	ref := findReference(pages)
	var found []finding
	for i, text := range pages {
		found = append(found, readPage(text, i+1, ref)...)
	}
	return verifiedOnly(quotes.NewDocument(pages), merge(found, pages))
}

// finding is one risk told on a page: a sentence, or several adjacent ones.
type finding struct {
	category  signals.Category
	quote     signals.QuoteRef
	grade     grade
	mitigants []signals.QuoteRef
	last      int // index on the page of its last sentence
}

func readPage(text string, page int, ref reference) []finding {
	var kept []finding
	index := 0
	for _, block := range proseSentences(text) {
		index++ // sentences of two blocks are never adjacent
		blockStart := index
		for _, unit := range block {
			index++
			s := newSentence(unit)
			k, category := classify(s, ref)
			n := len(kept)
			switch {
			case k == mitigant && n > 0 && kept[n-1].last > blockStart && index-kept[n-1].last <= 2:
				kept[n-1].mitigants = append(kept[n-1].mitigants, signals.QuoteRef{Quote: unit, Page: page})
			case k != risk:
			case n > 0 && kept[n-1].last == index-1 && kept[n-1].category == category && !opensTopic(s.norm) &&
				utf8.RuneCountInString(kept[n-1].quote.Quote+" "+unit) <= maxQuote:
				prev := &kept[n-1]
				prev.quote.Quote += " " + unit
				prev.last = index
				prev.mitigants = append(prev.mitigants, clauseMitigants(unit, page)...)
			default:
				kept = append(kept, finding{category: category, quote: signals.QuoteRef{Quote: unit, Page: page}, last: index,
					mitigants: clauseMitigants(unit, page)})
			}
		}
	}
	for i := range kept {
		kept[i].grade = vocabularyOf(kept[i].category).grade(newSentence(kept[i].quote.Quote), ref)
	}
	return kept
}

// opensTopic tells whether a sentence begins by announcing another risk
// than the one before it ("Par ailleurs, …").
func opensTopic(norm string) bool {
	return slices.ContainsFunc([]string{"par ailleurs", "en outre", "d'autre part"}, func(t string) bool { return strings.HasPrefix(norm, t) })
}

// clauseMitigants are the clauses of a risk sentence that mitigate it:
// "… en l'absence de couverture ; la Société couvre 50 % de son exposition".
func clauseMitigants(text string, page int) []signals.QuoteRef {
	clauses := strings.Split(text, ";")
	if len(clauses) < 2 {
		return nil
	}
	var out []signals.QuoteRef
	for _, c := range clauses {
		if c = strings.TrimSpace(c); utf8.RuneCountInString(c) >= quotes.MinLength && mitigates(quotes.Normalise(c), nil) {
			out = append(out, signals.QuoteRef{Quote: c, Page: page})
		}
	}
	return out
}

// verifiedOnly keeps the quotes doc verifies: a signal whose main quote
// fails takes its first verified other quote as main, and one with none is
// dropped.
func verifiedOnly(doc *quotes.Document, in []signals.Signal) []signals.Signal {
	ok := func(q signals.QuoteRef) bool { return doc.Verify(q.Page, q.Quote).OK }
	var out []signals.Signal
	for _, s := range in {
		others := slices.DeleteFunc(s.Proofs(), func(q signals.QuoteRef) bool { return !ok(q) })
		if len(others) == 0 {
			continue
		}
		s.Quote, s.Page, s.Others = others[0].Quote, others[0].Page, slices.Clip(others[1:])
		if len(s.Others) == 0 {
			s.Others = nil
		}
		s.Mitigants = slices.DeleteFunc(s.Mitigants, func(q signals.QuoteRef) bool { return !ok(q) })
		out = append(out, s)
	}
	return out
}

// proseSentences are the quotable sentences of a page's prose, paragraph
// by paragraph.
func proseSentences(text string) [][]string {
	blocks := proseBlocks(strings.Split(text, "\n"))
	out := make([][]string, len(blocks))
	for i, b := range blocks {
		out[i] = quotable(strings.Join(b, " "))
	}
	return out
}

// proseBlocks groups the prose lines of a page into paragraphs and bullet
// items. A line with a column gap (two spaces or more inside it) is a table
// row, a table of contents entry or a running footer: it is left out, and a
// page made mostly of such lines is left out whole. A short line without
// final punctuation is a heading: it ends a paragraph and is not quoted.
func proseBlocks(lines []string) [][]string {
	nonEmpty, layout, width := 0, 0, 0
	for _, l := range lines {
		body, _ := trimBullet(strings.TrimSpace(l))
		switch {
		case body == "":
		case strings.Contains(body, "  "):
			nonEmpty++
			layout++
		default:
			nonEmpty++
			width = max(width, utf8.RuneCountInString(body))
		}
	}
	if 2*layout >= nonEmpty {
		return nil
	}
	var blocks [][]string
	var cur []string
	flush := func() {
		if len(cur) > 0 {
			blocks = append(blocks, cur)
		}
		cur = nil
	}
	for _, l := range lines {
		body, bullet := trimBullet(strings.TrimSpace(l))
		switch {
		case body == "" || strings.Contains(body, "  ") || heading(body, width):
			flush()
		case bullet:
			flush()
			cur = append(cur, body)
		default:
			cur = append(cur, body)
		}
	}
	flush()
	return blocks
}

// trimBullet removes a list marker and the spaces after it.
func trimBullet(line string) (string, bool) {
	for _, m := range []string{"•", "▪", "◦", "–", "-", "*"} {
		if rest, ok := strings.CutPrefix(line, m); ok && strings.HasPrefix(rest, " ") {
			return strings.TrimSpace(rest), true
		}
	}
	return line, false
}

func heading(line string, width int) bool {
	last, _ := utf8.DecodeLastRuneInString(line)
	return utf8.RuneCountInString(line) < width*6/10 && !strings.ContainsRune(".;:,!?…", last)
}

// quotable cuts a paragraph into sentences, and a sentence longer than
// maxQuote into its clauses; none is left out.
func quotable(paragraph string) []string {
	var out []string
	for _, s := range sentences.Split(paragraph) {
		out = append(out, clauses(s)...)
	}
	return out
}

// clauses cuts a sentence longer than maxQuote where its writer did: at
// its semicolons (an auditor's observation, a list of events of default
// read item by item), then a piece still longer at its commas, the
// clauses gathered while they fit in maxQuote. A clause with no cut in it
// is kept whole, however long.
func clauses(s string) []string {
	if utf8.RuneCountInString(s) <= maxQuote {
		return []string{s}
	}
	var out []string
	for _, piece := range strings.SplitAfter(s, "; ") {
		piece = strings.TrimSpace(piece)
		if utf8.RuneCountInString(piece) <= maxQuote {
			out = append(out, piece)
			continue
		}
		cur := ""
		for _, c := range strings.SplitAfter(piece, ", ") {
			if cur != "" && utf8.RuneCountInString(cur+c) > maxQuote {
				out = append(out, strings.TrimSpace(cur))
				cur = ""
			}
			cur += c
		}
		out = append(out, strings.TrimSpace(cur))
	}
	return slices.DeleteFunc(out, func(c string) bool { return c == "" })
}
