// Package statementreader reads the financial statements of a report from its text
// layer alone, without a model: it finds the statement pages, the columns
// and their years, and gives each printed line its dictionary key. It
// transcribes as printed (but a deduction such as the participation des
// salariés, given negative as the dictionary wants) and never aggregates:
// statements.Normalise does. It adds up lines only to tell a statement
// printed again (a detail page) from the pages that continue it.
package statementreader

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/locate"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/statements"
)

// ErrNoStatement is returned when no statement table could be read.
var ErrNoStatement = errors.New("aucun état financier lisible dans le texte du document")

// Reader is the offline reader behind the extraction's reader interface.
type Reader struct{}

// Transcribe reads doc; it is deterministic and does no I/O.
func (Reader) Transcribe(ctx context.Context, doc *pdftext.Document) (statements.Transcription, error) {
	if err := ctx.Err(); err != nil {
		return statements.Transcription{}, fmt.Errorf("lecture hors ligne : %w", err)
	}
	return Read(doc)
}

// Read transcribes the statements of doc: the forms of a liasse fiscale by
// their fixed rows, the other statements one table per header found on each
// statement page, in statement then page order. A document whose tables
// print no unit is read all the same, with the unit deduced and why.
func Read(doc *pdftext.Document) (statements.Transcription, error) {
	found := locate.Find(doc)
	cerfa := readCerfa(doc)
	for _, st := range statements.All {
		if cerfa.covers(st) {
			delete(found, st) // read from the liasse's forms instead
		}
	}
	return transcribe(doc, found, cerfa)
}

// Presentation reads, in a filing that holds both the liasse's forms and
// statements laid out by the accountant (a plaquette), the statements the
// forms also print from the accountant's pages alone: a second reading of
// the figures Read gives from the forms, which must agree with it. ok is
// false when the document holds no such pair.
func Presentation(doc *pdftext.Document) (statements.Transcription, bool) {
	cerfa := readCerfa(doc)
	if len(cerfa.tables) == 0 {
		return statements.Transcription{}, false
	}
	formPages := map[int]bool{}
	for _, fp := range findForms(doc) {
		formPages[fp.page] = true
	}
	own := locate.Result{}
	for st, ps := range locate.Find(doc) {
		if !cerfa.covers(st) {
			continue
		}
		if mine := slices.DeleteFunc(slices.Clone(ps), func(p int) bool { return formPages[p] }); len(mine) > 0 {
			own[st] = mine
		}
	}
	if len(own) == 0 {
		return statements.Transcription{}, false
	}
	t, err := transcribe(doc, own, cerfaRead{company: cerfa.company})
	return t, err == nil
}

// transcribe reads the statements found on their pages beside what the
// forms gave.
func transcribe(doc *pdftext.Document, found locate.Result, cerfa cerfaRead) (statements.Transcription, error) {
	t := statements.Transcription{Company: cmp.Or(cerfa.company, company(doc)), Tables: cerfa.tables}
	units := cerfa.units
	for _, tab := range statementTables(doc, found, boilerplate(doc)) {
		t.Tables = append(t.Tables, tab.table)
		units = append(units, tab.unit)
	}
	if len(t.Tables) == 0 {
		return t, ErrNoStatement
	}
	unit := printedUnit(units)
	if unit == frnum.None {
		unit, t.UnitDeduced = unitNotInTables(doc, t.Tables, cerfa.form)
	}
	t.PrintedUnit = string(unit)
	for i, u := range units {
		if u != frnum.None && u != unit {
			t.Tables[i].Unit = string(u)
		}
	}
	return t, nil
}

// latestYear is the latest year printed in the headers of a page: the N of
// its "Exercice N" / "Exercice N-1" columns.
func latestYear(segs []segment) int {
	year := 0
	for _, s := range segs {
		for _, h := range s.headers {
			year = max(year, h.year)
		}
	}
	return year
}

// endAtTotalLiabilities drops what follows the total of the liabilities:
// footnotes, whose line codes would read as amounts.
func endAtTotalLiabilities(lines []statements.Line) []statements.Line {
	if i := slices.IndexFunc(lines, func(l statements.Line) bool { return l.Category == "total_passif" }); i >= 0 {
		return lines[:i+1]
	}
	return lines
}

// tableSide reads the half of a balance sheet from the table's title; ok is
// false when the title names neither half, or both.
func tableSide(preamble []string) (sd side, ok bool) {
	f := locate.Fold(strings.Join(preamble, " "))
	passif, actif := hasWord(f, "passif", "passifs"), hasWord(f, "actif", "actifs")
	switch {
	case passif && !actif:
		return liabilities, true
	case actif && !passif:
		return assets, true
	}
	return anySide, false
}

// printedUnit is the unit most tables print, None if none does.
func printedUnit(units []frnum.Unit) frnum.Unit {
	count := map[frnum.Unit]int{}
	best := frnum.None
	for _, u := range units {
		if u == frnum.None {
			continue
		}
		count[u]++
		if count[u] > count[best] {
			best = u
		}
	}
	return best
}

// unitIn finds a money unit stated in lines: "(en milliers d'euros)",
// "en k€", "Dossier … en Euros.", or a unit alone in parentheses "(M€)",
// also across two lines ("Montants exprimés en" / "milliers d'euros", a
// cell wrapped).
func unitIn(lines []string) frnum.Unit {
	for i, l := range lines {
		texts := []string{l}
		if i+1 < len(lines) {
			texts = append(texts, l+" "+lines[i+1])
		}
		for _, t := range texts {
			for _, c := range unitCandidates(t) {
				if u, err := frnum.ParseMoneyUnit(c); err == nil {
					return u
				}
			}
		}
	}
	return frnum.None
}

// unitCandidates lists the texts of a line that may be a unit: what follows
// each "en" (one to three words, up to a punctuation mark), the content of
// each pair of parentheses, and the line itself when it is a unit phrase of
// its own ("milliers d'euros", the end of a cell wrapped around the column
// headings).
func unitCandidates(line string) []string {
	var out []string
	words := strings.Fields(line)
	if n := len(words); n > 0 && n <= 3 && strings.ContainsAny(locate.Fold(line), "e€") && !strings.ContainsAny(line, "0123456789") {
		out = append(out, strings.TrimSpace(line))
	}
	for i, w := range words {
		if !strings.EqualFold(strings.TrimLeft(w, "("), "en") {
			continue
		}
		var phrase []string
		for _, next := range words[i+1 : min(len(words), i+4)] {
			clean := strings.TrimRight(next, ").,;:")
			phrase = append(phrase, clean)
			out = append(out, strings.Join(phrase, " "))
			if clean != next {
				break
			}
		}
	}
	for rest := line; ; {
		open := strings.Index(rest, "(")
		if open < 0 {
			break
		}
		closing := strings.Index(rest[open:], ")")
		if closing < 0 {
			break
		}
		out = append(out, rest[open+1:open+closing])
		rest = rest[open+closing:]
	}
	return out
}

func lineTexts(p pdftext.Page) []string {
	out := make([]string, len(p.Lines))
	for i, l := range p.Lines {
		out[i] = l.Text()
	}
	return out
}

// edgeLines is how many lines at the top and at the bottom of a page may be
// a running header or footer.
const edgeLines = 3

// boilerplate lists the running headers and footers: lines at the edge of a
// page printed, digits aside, on at least half the pages (and three of them).
// Column headings repeated at the top of every statement page are the
// tables' own, not a running header.
func boilerplate(doc *pdftext.Document) map[string]bool {
	pages := map[string]int{}
	for _, p := range doc.Pages {
		seen := map[string]bool{}
		margin := labelMargin(p.Lines)
		for i, l := range p.Lines {
			if i >= edgeLines && i < len(p.Lines)-edgeLines {
				continue
			}
			if _, header := headerLine(l, margin); header {
				continue
			}
			k := boilerKey(l)
			if !seen[k] {
				seen[k] = true
				pages[k]++
			}
		}
	}
	out := map[string]bool{}
	for k, n := range pages {
		if n >= 3 && 2*n >= len(doc.Pages) && k != "" {
			out[k] = true
		}
	}
	return out
}

func boilerKey(l pdftext.Line) string {
	return strings.TrimSpace(strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return -1
		}
		return r
	}, locate.Fold(l.Text())))
}

// withoutLines drops the running headers and footers of a page, but never
// a line of column headings, whose dates struck out may read like one.
func withoutLines(p pdftext.Page, drop map[string]bool) pdftext.Page {
	out := p
	margin := labelMargin(p.Lines)
	out.Lines = slices.DeleteFunc(slices.Clone(p.Lines), func(l pdftext.Line) bool {
		_, header := headerLine(l, margin)
		return drop[boilerKey(l)] && !header
	})
	return out
}
