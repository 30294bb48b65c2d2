package signals

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/quotes"
)

// maxQuote is the longest quote Offline returns, in characters: a longer
// sentence is cut at its semicolons, and a clause still longer is left out.
const maxQuote = 400

// Offline is the risk reader without a model. Page by page it leaves out the
// tables and the table of contents, cuts the prose into whole sentences and
// keeps those whose wording carries a risk (see lexicon): a category's terms
// weigh 2 when they name the risk and 1 when they point to it, and the
// heaviest category wins (on a tie, the earlier in lexicon); risk framing (a
// conditional verb, "risque", "en cas de"…) and a number with a unit each add
// 1. A sentence is kept when its category has a term that names the risk and
// the whole weighs at least 3. Adjacent kept sentences of one category are
// quoted together while they fit in maxQuote. Every quote is the page text
// modulo whitespace, and is verified with quotes before it is returned.
//
// Severity rules: elevee for going concern, for wording that threatens
// repayment (remboursement anticipé, ne couvre pas, pas sécurisé…) and for a
// customer or supplier share of 30 % or more; moyenne for a risk that is
// quantified or stated in the conditional; faible otherwise.
func Offline(pages []string) []Signal {
	doc := quotes.NewDocument(pages)
	var out []Signal
	for i, text := range pages {
		for _, c := range readPage(text) {
			s := c.signal(i + 1)
			if doc.Verify(s.Page, s.Quote).OK {
				out = append(out, s)
			}
		}
	}
	return out
}

// candidate is a kept sentence, or several adjacent ones.
type candidate struct {
	text     string
	category Category
	last     int // index on the page of its last sentence
}

func readPage(text string) []candidate {
	var kept []candidate
	index := 0
	for _, block := range proseBlocks(strings.Split(text, "\n")) {
		index++ // sentences of two blocks are never adjacent
		for _, unit := range quotable(strings.Join(block, " ")) {
			index++
			c, ok := keep(unit)
			if !ok {
				continue
			}
			c.last = index
			if n := len(kept); n > 0 {
				prev := &kept[n-1]
				joined := prev.text + " " + c.text
				if prev.last == index-1 && prev.category == c.category && utf8.RuneCountInString(joined) <= maxQuote {
					prev.text, prev.last = joined, index
					continue
				}
			}
			kept = append(kept, c)
		}
	}
	return kept
}

// keep scores a sentence and says whether it carries a risk.
func keep(sentence string) (candidate, bool) {
	norm := quotes.Normalise(sentence)
	best, weight, named := Category(""), 0, false
	for _, w := range lexicon {
		strong := len(matches(norm, w.strong)) - len(matches(norm, w.negate))
		if s := 2*strong + len(matches(norm, w.weak)); s > weight {
			best, weight, named = w.category, s, strong > 0
		}
	}
	total := weight
	if conditional(norm) || len(matches(norm, framing)) > 0 {
		total++
	}
	if len(units(sentence)) > 0 {
		total++
	}
	return candidate{text: sentence, category: best}, named && total >= 3
}

// units are the numbers of text printed with a unit (money, %, x, days).
func units(text string) []frnum.Number {
	var out []frnum.Number
	for _, n := range frnum.Parse(text) {
		if n.Unit != frnum.None {
			out = append(out, n)
		}
	}
	return out
}

func (c candidate) signal(page int) Signal {
	norm := quotes.Normalise(c.text)
	var terms []string
	for _, w := range lexicon {
		if w.category == c.category {
			terms = append(matches(norm, w.strong), matches(norm, w.weak)...)
		}
	}
	nums := units(c.text)
	summary := c.category.Label() + " - termes relevés : " + strings.Join(terms, ", ")
	if len(nums) > 0 {
		texts := make([]string, len(nums))
		for i, n := range nums {
			texts[i] = strings.Join(strings.Fields(n.Text), " ")
		}
		summary += " ; chiffres cités : " + strings.Join(texts, ", ")
	}
	return Signal{Category: c.category, Severity: severity(c.category, norm, nums), Summary: summary, Quote: c.text, Page: page}
}

func severity(c Category, norm string, nums []frnum.Number) Severity {
	if c == GoingConcern || len(matches(norm, serious)) > 0 {
		return High
	}
	if c == CustomerConcentration || c == SupplierDependence {
		for _, n := range nums {
			if n.Unit == frnum.Percent && n.Value >= 30 {
				return High
			}
		}
	}
	if len(nums) > 0 || conditional(norm) {
		return Medium
	}
	return Low
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
// maxQuote into clauses at its semicolons.
func quotable(paragraph string) []string {
	var out []string
	for _, s := range sentences(paragraph) {
		if utf8.RuneCountInString(s) <= maxQuote {
			out = append(out, s)
			continue
		}
		for _, c := range strings.SplitAfter(s, "; ") {
			if c = strings.TrimSpace(c); utf8.RuneCountInString(c) <= maxQuote {
				out = append(out, c)
			}
		}
	}
	return out
}

// abbreviations end with a period inside a sentence.
var abbreviations = map[string]bool{"m": true, "mm": true, "mme": true, "dr": true, "me": true, "st": true,
	"cf": true, "art": true, "env": true, "p": true, "vol": true, "no": true}

// sentences cuts text after . ! ? or … followed by a space and a capital, a
// digit or an opening quote, unless the period ends an abbreviation.
func sentences(text string) []string {
	var out []string
	start := 0
	for i, r := range text {
		if !strings.ContainsRune(".!?…", r) {
			continue
		}
		end := i + utf8.RuneLen(r)
		rest := text[end:]
		if !strings.HasPrefix(rest, " ") {
			continue
		}
		next, _ := utf8.DecodeRuneInString(rest[1:])
		if !unicode.IsUpper(next) && !unicode.IsDigit(next) && next != '«' && next != '"' {
			continue
		}
		if r == '.' && abbreviation(text[start:i]) {
			continue
		}
		out = append(out, strings.TrimSpace(text[start:end]))
		start = end
	}
	if s := strings.TrimSpace(text[start:]); s != "" {
		out = append(out, s)
	}
	return out
}

// abbreviation reports whether the word that ends text is an abbreviation
// or an initial.
func abbreviation(text string) bool {
	word := text[len(strings.TrimRightFunc(text, unicode.IsLetter)):]
	if r, n := utf8.DecodeRuneInString(word); n == len(word) && unicode.IsUpper(r) {
		return true
	}
	return abbreviations[strings.ToLower(word)]
}
