// Package offline reads the financial statements of a report from its text
// layer alone, without a model: it finds the statement pages, the columns
// and their years, and gives each printed line its dictionary key. It
// transcribes as printed and never adds anything up (statements.Normalise
// aggregates).
package offline

import (
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

// Read transcribes the statements of doc: one table per header found on
// each statement page, in statement then page order.
func Read(doc *pdftext.Document) (statements.Transcription, error) {
	boiler := boilerplate(doc)
	found := locate.Find(doc)
	t := statements.Transcription{Company: company(doc)}
	pages := map[int][]segment{}
	docYear := 0
	for _, st := range statements.All {
		for _, n := range found[st] {
			pages[n] = segments(withoutLines(doc.Pages[n-1], boiler))
			docYear = max(docYear, latestYear(pages[n]))
		}
	}
	var units []frnum.Unit
	for _, st := range statements.All {
		for _, n := range found[st] {
			refYear := latestYear(pages[n])
			if refYear == 0 {
				refYear = docYear
			}
			for _, tab := range pageTables(st, n, pages[n], refYear, doc.Pages[n-1]) {
				t.Tables = append(t.Tables, tab.table)
				units = append(units, tab.unit)
			}
		}
	}
	if len(t.Tables) == 0 {
		return t, ErrNoStatement
	}
	unit := documentUnit(doc, units)
	if unit == frnum.None {
		return t, fmt.Errorf("lecture hors ligne : unité des tableaux introuvable")
	}
	t.PrintedUnit = string(unit)
	for i, u := range units {
		if u != frnum.None && u != unit {
			t.Tables[i].Unit = string(u)
		}
	}
	return t, nil
}

type pageTable struct {
	table statements.Table
	unit  frnum.Unit // None when the table does not print its own
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

// pageTables reads the tables of one statement page. full is the page with
// its running header and footer, where the unit may be printed.
func pageTables(st statements.Statement, number int, segs []segment, refYear int, full pdftext.Page) []pageTable {
	var out []pageTable
	for _, s := range segs {
		cols := columns(s, refYear)
		if len(cols) == 0 {
			continue
		}
		tab := statements.Table{Statement: st, Page: number}
		for _, c := range cols {
			tab.Years = append(tab.Years, c.year)
		}
		amts := make([][]*float64, len(s.rows))
		for i, r := range s.rows {
			amts[i] = amounts(r, cols)
		}
		tab.Lines = endAtTotalLiabilities(classify(st, tableSide(s.preamble), s.rows, amts))
		unit := unitIn(s.preamble)
		if unit == frnum.None {
			unit = unitIn(lineTexts(full))
		}
		out = append(out, pageTable{table: tab, unit: unit})
	}
	return out
}

// endAtTotalLiabilities drops what follows the total of the liabilities:
// footnotes, whose line codes would read as amounts.
func endAtTotalLiabilities(lines []statements.Line) []statements.Line {
	if i := slices.IndexFunc(lines, func(l statements.Line) bool { return l.Category == "total_passif" }); i >= 0 {
		return lines[:i+1]
	}
	return lines
}

// tableSide reads the half of a balance sheet from the table's title.
func tableSide(preamble []string) side {
	f := locate.Fold(strings.Join(preamble, " "))
	if hasWord(f, "passif", "passifs") && !hasWord(f, "actif", "actifs") {
		return liabilities
	}
	return assets
}

// documentUnit is the unit most tables print, else the one a page states
// ("les montants sont exprimés en millions d'euros").
func documentUnit(doc *pdftext.Document, units []frnum.Unit) frnum.Unit {
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
	if best != frnum.None {
		return best
	}
	for _, p := range doc.Pages {
		if u := unitIn(lineTexts(p)); u != frnum.None {
			return u
		}
	}
	return frnum.None
}

// unitIn finds a money unit stated in lines: "(en milliers d'euros)",
// "en k€", "Dossier … en Euros.", or a unit alone in parentheses "(M€)".
func unitIn(lines []string) frnum.Unit {
	for _, l := range lines {
		for _, c := range unitCandidates(l) {
			if u, err := frnum.ParseMoneyUnit(c); err == nil {
				return u
			}
		}
	}
	return frnum.None
}

// unitCandidates lists the texts of a line that may be a unit: what follows
// each "en" (one to three words, up to a punctuation mark), and the content
// of each pair of parentheses.
func unitCandidates(line string) []string {
	var out []string
	words := strings.Fields(line)
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
func boilerplate(doc *pdftext.Document) map[string]bool {
	pages := map[string]int{}
	for _, p := range doc.Pages {
		seen := map[string]bool{}
		for i, l := range p.Lines {
			if i >= edgeLines && i < len(p.Lines)-edgeLines {
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

func withoutLines(p pdftext.Page, drop map[string]bool) pdftext.Page {
	out := p
	out.Lines = slices.DeleteFunc(slices.Clone(p.Lines), func(l pdftext.Line) bool { return drop[boilerKey(l)] })
	return out
}
