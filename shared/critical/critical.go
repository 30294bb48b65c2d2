// Package critical is the net under the risk reader for the risks a lender
// cannot miss: going concern, a prevention or insolvency procedure, a
// covenant breached or waived, debt called, a qualified, adverse or
// disclaimed audit opinion, equity below half the share capital, a payment
// default. It is deterministic and reads every page of the report beside
// the model; each rule names the event in the words auditors, courts and
// lenders use for it, and a sentence counts only when, clause by clause,
// the event is affirmed (not denied, not lifted, not a hypothesis or a
// contract's list of what would happen).
package critical

import (
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"analyste.dev/analyste/shared/locate"
	"analyste.dev/analyste/shared/quotes"
	"analyste.dev/analyste/shared/riskrules"
	"analyste.dev/analyste/shared/sentences"
	"analyste.dev/analyste/shared/signals"
)

// Kind is one critical event.
type Kind string

// The critical events.
const (
	GoingConcern   Kind = "continuite"
	Procedure      Kind = "procedure"
	CovenantBreach Kind = "bris_covenant"
	Acceleration   Kind = "exigibilite"
	AuditOpinion   Kind = "opinion_modifiee"
	HalfCapital    Kind = "moitie_capital"
	PaymentDefault Kind = "defaut_paiement"
)

// Finding is one sentence of a page that affirms a critical event.
type Finding struct {
	Kind     Kind
	Category signals.Category
	Quote    signals.QuoteRef
}

// Read finds the critical events of pages (page 1 first), in reading
// order; every quote is verified word for word on its page.
func Read(pages []string) []Finding {
	doc := quotes.NewDocument(pages)
	past := riskrules.Past(pages)
	var out []Finding
	for i, text := range pages {
		for _, u := range units(text) {
			k, category, ok := classify(u.text, u.hypothetical)
			if !ok || past(u.text) {
				continue
			}
			q := quoteOf(u.text)
			if utf8.RuneCountInString(q) < quotes.MinLength || !doc.Verify(i+1, q).OK {
				continue
			}
			out = append(out, Finding{Kind: k, Category: category, Quote: signals.QuoteRef{Quote: q, Page: i + 1}})
		}
	}
	return out
}

// Signals are the findings as signals, one per event and category: its
// first sentence as main quote, the others after it; always of high
// severity.
func Signals(found []Finding) []signals.Signal {
	out, _ := group(found)
	return out
}

// group gives Signals' signals and the event of each.
func group(found []Finding) ([]signals.Signal, []Kind) {
	var out []signals.Signal
	var events []Kind
	type key struct {
		kind     Kind
		category signals.Category
	}
	at := map[key]int{}
	for _, f := range found {
		k := key{f.Kind, f.Category}
		if i, ok := at[k]; ok {
			if len(out[i].Others) < maxOthers {
				out[i].Others = append(out[i].Others, f.Quote)
			}
			continue
		}
		at[k] = len(out)
		r := ruleOf(f.Kind)
		out = append(out, signals.Signal{Category: f.Category, Severity: signals.High, SeverityReason: r.reason,
			Summary: r.summary, Quote: f.Quote.Quote, Page: f.Quote.Page})
		events = append(events, f.Kind)
	}
	return out, events
}

// maxOthers bounds the other quotes of one critical signal.
const maxOthers = 5

// Net completes the signals a reader returned (verified on pages) with the
// critical events it left out. It returns every signal, the indexes of the
// critical ones (those of the reader that tell a critical event, and those
// added) and how many were added. A reader's signal tells the event when
// it is of the event's category and quotes, on one of the event's pages, a
// sentence of it or one beside it.
func Net(pages []string, read []signals.Signal) (all []signals.Signal, critical []int, added int) {
	all = slices.Clone(read)
	net, events := group(Read(pages))
	for k, s := range net {
		j := slices.IndexFunc(read, func(r signals.Signal) bool { return tells(r, s, ruleOf(events[k]).categories()) })
		if j < 0 {
			// Checked like every signal before it is added.
			verified, _ := signals.Check(pages, []signals.Signal{s})
			if len(verified) == 0 {
				continue
			}
			j = len(all)
			all = append(all, verified[0])
			added++
		}
		if !slices.Contains(critical, j) {
			critical = append(critical, j)
		}
	}
	slices.Sort(critical)
	return all, critical, added
}

// tells tells whether r, of one of categories, states the event of the
// net's signal s.
func tells(r, s signals.Signal, categories []signals.Category) bool {
	if !slices.Contains(categories, r.Category) {
		return false
	}
	pages := map[int]bool{s.Page: true}
	for _, o := range s.Others {
		pages[o.Page] = true
	}
	if pages[r.Page] {
		return true
	}
	return slices.ContainsFunc(r.Others, func(q signals.QuoteRef) bool { return pages[q.Page] })
}

// maxSentence is the longest sentence quoted whole; a longer one is quoted
// by the run of clauses between semicolons that tells the event.
const maxSentence = 600

func quoteOf(s string) string {
	if utf8.RuneCountInString(s) <= maxSentence {
		return s
	}
	for _, c := range strings.Split(s, ";") {
		if _, _, ok := classify(c, false); ok {
			return strings.TrimSpace(c)
		}
	}
	return s
}

// unit is a sentence of a page, with whether it is an item of a list
// introduced as hypotheses ("Constituent des cas de défaut : …").
type unit struct {
	text         string
	hypothetical bool
}

// units are the sentences of a page: its lines joined into paragraphs (a
// blank line, a bullet or a line with a column gap ends one), each cut
// into sentences. No sentence is left out for its length, and a table's
// row is read as a line of its own.
func units(page string) []unit {
	var out []unit
	var para []string
	listOfHypotheses, inList := false, false
	flush := func(bullet bool) {
		if len(para) == 0 {
			return
		}
		text := strings.Join(para, " ")
		para = nil
		if !bullet {
			inList = false
		}
		for _, s := range sentences.Split(text) {
			out = append(out, unit{text: s, hypothetical: inList && listOfHypotheses})
			if strings.HasSuffix(strings.TrimSpace(s), ":") {
				inList, listOfHypotheses = true, introducesHypotheses(s)
			}
		}
	}
	bulletPara := false
	for _, l := range strings.Split(page, "\n") {
		body, bullet := trimBullet(strings.TrimSpace(l))
		switch {
		case body == "":
			flush(bulletPara)
		case strings.Contains(body, "  "):
			flush(bulletPara)
			para = []string{body}
			flush(false)
		case bullet:
			flush(bulletPara)
			para, bulletPara = []string{body}, true
		default:
			if len(para) == 0 {
				bulletPara = false
			}
			para = append(para, body)
		}
	}
	flush(bulletPara)
	return out
}

func trimBullet(line string) (string, bool) {
	for _, m := range []string{"•", "▪", "◦", "–", "-", "*"} {
		if rest, ok := strings.CutPrefix(line, m); ok && strings.HasPrefix(rest, " ") {
			return strings.TrimSpace(rest), true
		}
	}
	if m := itemNumber.FindString(line); m != "" {
		return strings.TrimSpace(line[len(m):]), true
	}
	return line, false
}

// itemNumber is an enumeration's mark: "(i) ", "a) ", "1° ".
var itemNumber = regexp.MustCompile(`^(\([ivx]+\)|[a-z]\)|\d+°|\(\d+\)) `)

// introducesHypotheses tells whether a sentence ending with ":" opens a
// list of what would happen or what a contract provides.
func introducesHypotheses(s string) bool {
	f := " " + locate.Fold(s) + " "
	return hypothetical.MatchString(f) || listIntro.MatchString(f)
}

var listIntro = regexp.MustCompile(` (cas de defaut|cas d exigibilite|evenements? de defaut|constitue|constituent|notamment|suivants|suivantes|prevoit|prevoient|comporte|comportent|stipule|definis?|designe) `)
