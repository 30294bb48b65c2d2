package statementreader

import (
	"math"
	"slices"
	"strings"

	"analyste.dev/analyste/shared/locate"
	"analyste.dev/analyste/shared/statements"
)

// match tells whether a folded label fits a pattern: the first group opens
// the label, each further group (after " * ") starts a later word.
func match(label, pattern string) bool {
	groups := strings.Split(pattern, " * ")
	if label != groups[0] && !strings.HasPrefix(label, groups[0]+" ") {
		return false
	}
	rest := " " + label[len(groups[0]):]
	for _, g := range groups[1:] {
		i := strings.Index(rest, " "+g)
		if i < 0 {
			return false
		}
		rest = rest[i+1+len(g):]
	}
	return true
}

// foldLabel folds a label and drops a leading line number ("1 - Résultat").
func foldLabel(label string) string {
	f := locate.Fold(label)
	for {
		tok, rest, ok := strings.Cut(f, " ")
		if !ok || !isDigits(tok) {
			return f
		}
		f = rest
	}
}

func lookup(table []rule, st statements.Statement, sd side, label string) (rule, bool) {
	for _, r := range table {
		if r.statement == st && (r.side == anySide || r.side == sd) && match(label, r.pattern) {
			return r, true
		}
	}
	return rule{}, false
}

// completion reads a label cut before its end, whose end the document lost
// ("BÉNÉFICE OU" at the foot of the last page of a statement), as the one
// caption it can begin: every rule it opens gives the same key and kind.
func completion(st statements.Statement, sd side, folded string) (rule, bool) {
	var found []rule
	for _, r := range wording {
		if r.statement == st && (r.side == anySide || r.side == sd) && !strings.Contains(r.pattern, " * ") && strings.HasPrefix(r.pattern, folded+" ") {
			found = append(found, r)
		}
	}
	if len(found) == 0 || slices.ContainsFunc(found, func(r rule) bool { return r.key != found[0].key || r.kind != found[0].kind }) {
		return rule{}, false
	}
	return found[0], true
}

// rejoined reads a label whose word a narrow cell cut without a hyphen
// and the lines joined with a space ("d investissemen t"): the first
// wording the label matches with one space taken out.
func rejoined(st statements.Statement, sd side, folded string) (rule, bool) {
	for i := range len(folded) {
		if folded[i] != ' ' {
			continue
		}
		if r, ok := lookup(wording, st, sd, folded[:i]+folded[i+1:]); ok {
			return r, true
		}
	}
	return rule{}, false
}

// tagged is a row with its first reading.
type tagged struct {
	folded string
	key    string // dictionary key, "" for outside the dictionary
	kind   kind
	blank  bool // no amount in the kept columns
	deduct bool // a charge counted negative in its key
	rule   string
	named  string // for a total, the key its name alone reads as ("Total stocks")
}

// reading is what the lines read so far tell about the next ones: the side
// of the balance sheet, and whether the operating result is passed (an
// operating wording below it is financial or exceptional). It carries over
// from one page of a statement to the next.
type reading struct {
	side           side
	afterOperating bool
}

// operatingKeys are the lines of the operating result, but the revenue,
// which opens a statement, not a financial or exceptional section.
var operatingKeys = map[string]bool{
	"autres_produits_exploitation": true, "achats_consommes": true, "charges_externes": true, "charges_personnel": true,
	"impots_taxes": true, "dotations_amortissements": true, "autres_charges_exploitation": true,
	"charges_fonctionnelles": true,
}

// classify gives each row of a table its category, with its covered keys
// for a subtotal. The context decides what a wording means: the statement,
// the side of the balance sheet (set by the table's title, switched by a
// "Passif" heading or after the total of the assets), the heading a line
// is printed under, and, in the compte de résultat, whether the operating
// result is passed. A deduction is made negative when the table prints its
// charges positive.
func classify(st statements.Statement, rd *reading, rows []row, amts [][]*float64) []statements.Line {
	tags := make([]tagged, len(rows))
	section := ""
	otherFunds := slices.ContainsFunc(rows, func(r row) bool { return match(foldLabel(r.label), "autres fonds propres") })
	for i, r := range rows {
		t := tagged{folded: foldLabel(r.label), kind: other, blank: !slices.ContainsFunc(amts[i], func(a *float64) bool { return a != nil })}
		sd := rd.side
		if t.blank {
			if st == statements.Balance && (hasWord(t.folded, "passif", "passifs") || match(t.folded, "capitaux propres")) {
				rd.side, sd = liabilities, liabilities
			}
			// "Charges financières", "Produits exceptionnels": the operating
			// section is over even where no operating result is printed.
			if st == statements.Income && hasWord(t.folded, "financiers", "financieres", "exceptionnels", "exceptionnelles") {
				rd.afterOperating = true
			}
			// A heading sets the section; an empty line of a known item
			// keeps it, but in the income statement one naming an
			// operating item heads its detail ("Services extérieurs :"
			// over "Personnel extérieur", "Autres", as the système
			// développé prints it); any other text ends it.
			if h, ok := lookup(headings, st, sd, t.folded); ok {
				section = h.key
			} else if w, known := lookup(wording, st, sd, t.folded); !known {
				section = ""
			} else if st == statements.Income && w.kind == part && operatingKeys[w.key] {
				section = w.key
			}
		}
		rl, ok := lookup(wording, st, sd, t.folded)
		if !ok && openEnd(r.label) {
			rl, ok = completion(st, sd, t.folded)
		}
		if !ok {
			rl, ok = rejoined(st, sd, t.folded)
		}
		switch {
		case ok && rl.kind == inherit && section != "":
			t.key, t.kind = section, part
		case ok && rl.kind == inherit:
			t.key, t.kind = rl.key, part
		case ok:
			t.key, t.kind, t.rule = rl.key, rl.kind, rl.pattern
			if rl.kind == subtotal {
				t.named = totalNames(st, sd, t.folded, otherFunds)
			}
		case section != "" && !t.blank:
			t.key, t.kind = section, part
		}
		t.key, t.deduct = strings.CutPrefix(t.key, "-")
		if st == statements.Income && operatingKeys[t.key] && rd.afterOperating {
			t.key, t.kind = "", other
		}
		switch t.key {
		case "chiffre_affaires":
			rd.afterOperating = false
		case "resultat_exploitation":
			rd.afterOperating = true
		case "total_actif":
			rd.side = liabilities
		}
		if !t.blank && (t.kind == subtotal || t.kind == whole) {
			section = ""
		}
		tags[i] = t
	}
	byPrintedTotals(st, tags, amts)
	if st == statements.Income {
		nonCurrentInOperating(tags)
	}
	resolveWholes(tags)
	out := make([]statements.Line, len(rows))
	for i, r := range rows {
		out[i] = statements.Line{Label: r.label, Amounts: amts[i], Category: statements.Other}
		if tags[i].key != "" {
			out[i].Category = tags[i].key
		}
		if tags[i].kind == subtotal {
			out[i].Category, out[i].Covers = covers(tags, i)
			if alone(tags, i) {
				out[i].Category = tags[i].named
			}
		}
	}
	sign := statements.ChargeSign(statements.Table{Statement: st, Lines: out})
	for i, t := range tags {
		if t.deduct && t.key != "" && sign > 0 {
			out[i].Amounts = negated(out[i].Amounts)
		}
	}
	return out
}

// nonCurrentInOperating puts the non-recurring operating items into the
// operating charges of a table that prints no résultat opérationnel
// courant: its résultat opérationnel, then the operating result, is struck
// after them (ANC 2020-01, IAS 1 §85).
func nonCurrentInOperating(tags []tagged) {
	if slices.ContainsFunc(tags, func(t tagged) bool {
		return t.rule == "resultat operationnel courant" || t.rule == "resultat exceptionnel"
	}) {
		return
	}
	for i, t := range tags {
		if nonCurrentItems[t.rule] {
			tags[i].key = "autres_charges_exploitation"
		}
	}
}

// nonCurrentItems are the wordings of the non-recurring operating items.
var nonCurrentItems = map[string]bool{
	"autres produits et charges operationnels": true, "autres produits et charges operationnelles": true,
	"autres charges et produits operationnels": true, "produits et charges non courants": true,
	"autres produits et charges non courants": true,
}

func negated(amts []*float64) []*float64 {
	out := make([]*float64, len(amts))
	for i, a := range amts {
		if a != nil {
			out[i] = new(-*a)
		}
	}
	return out
}

func hasWord(folded string, words ...string) bool {
	return slices.ContainsFunc(strings.Fields(folded), func(w string) bool { return slices.Contains(words, w) })
}

// resolveWholes keeps one reading per key: when the key's own line is
// printed ("Total capitaux propres", "Chiffre d'affaires net"), the other
// lines of the key are its details and become outside the dictionary;
// otherwise its parts add up and an alternative wording is dropped.
// Aggregation stays Normalise's: this only decides which lines count.
func resolveWholes(tags []tagged) {
	firstWhole := map[string]int{}
	hasPart := map[string]bool{}
	for i, t := range tags {
		if t.blank || t.key == "" {
			continue
		}
		if _, seen := firstWhole[t.key]; !seen && t.kind == whole {
			firstWhole[t.key] = i
		}
		hasPart[t.key] = hasPart[t.key] || t.kind == part
	}
	for i, t := range tags {
		if t.key == "" {
			continue
		}
		w, printed := firstWhole[t.key]
		if printed && i != w || !printed && t.kind == alt && hasPart[t.key] {
			tags[i].key, tags[i].kind = "", other
		}
	}
}

// covers gives the category of the subtotal at i: the lines it adds up are
// those since the heading it names ("Dettes" for "Total dettes"), else since
// the previous total. It is a sous-total of their keys when all of them
// have a key and no line of those keys is printed elsewhere in the table
// (Normalise checks it against every line of its keys); otherwise autre, as
// is a total of totals ("Total des produits (I + III + V)").
func covers(tags []tagged, i int) (string, []string) {
	if sumOfTotals(tags[i].folded) {
		return statements.Other, nil
	}
	start := sectionStart(tags, i)
	var keys []string
	for _, t := range tags[start:i] {
		if t.blank {
			continue
		}
		if t.key == "" {
			return statements.Other, nil
		}
		if !slices.Contains(keys, t.key) {
			keys = append(keys, t.key)
		}
	}
	for j, t := range tags {
		if (j < start || j > i) && !t.blank && slices.Contains(keys, t.key) {
			return statements.Other, nil
		}
	}
	if len(keys) == 0 {
		return statements.Other, nil
	}
	return statements.Subtotal, keys
}

// totalNames is the key a total's name alone reads as ("Total stocks"), ""
// when none does. On the liabilities, "Total II" is the provisions': the
// PCG's model of the balance sheet (ANC 2014-03, art. 821-1) numbers the
// equity I, the provisions II and the debts III, while the Cerfa 2051 and
// the pages that follow it give II to the autres fonds propres, which they
// then print.
func totalNames(st statements.Statement, sd side, folded string, otherFunds bool) string {
	if nr, ok := lookup(wording, st, sd, subtotalName(folded)); ok && (nr.kind == part || nr.kind == whole) && !strings.HasPrefix(nr.key, "-") {
		return nr.key
	}
	if st == statements.Balance && sd == liabilities && !otherFunds && slices.Equal(strings.Fields(folded), []string{"total", "ii"}) {
		return "provisions"
	}
	return ""
}

// alone tells a total printed without the lines it adds up ("Total stocks"
// with no stock line above it), whose name reads as a key no other line of
// the table holds: the total is then that key's amount.
func alone(tags []tagged, i int) bool {
	named := tags[i].named
	if named == "" || tags[i].blank {
		return false
	}
	for j := sectionStart(tags, i); j < i; j++ {
		if !tags[j].blank {
			return false
		}
	}
	return !slices.ContainsFunc(tags, func(t tagged) bool { return !t.blank && t.key == named })
}

// residualKeys gives, for the keys of one block of a statement, the key
// that holds the block's other lines: the dictionary's "autres" of that block.
var residualKeys = []struct {
	statement statements.Statement
	block     []string
	residual  string
}{
	{statements.Balance, []string{"capitaux_propres"}, "capitaux_propres"},
	{statements.Balance, []string{"stocks", "creances_clients", "autres_actifs_courants", "tresorerie"}, "autres_actifs_courants"},
	{statements.Balance, []string{"dettes_financieres", "dettes_fournisseurs", "autres_passifs_courants"}, "autres_passifs_courants"},
	{statements.Income, []string{"chiffre_affaires", "autres_produits_exploitation"}, "autres_produits_exploitation"},
	{statements.Income, []string{"achats_consommes", "charges_externes", "charges_personnel", "impots_taxes", "dotations_amortissements", "autres_charges_exploitation"}, "autres_charges_exploitation"},
}

// byPrintedTotals lets a printed total place the lines whose wording the
// table does not know: when a total's block holds lines of one block of
// the dictionary and the block's printed amounts add up to the total only
// with the unknown lines, in every column, those lines are the block's
// others ("Autres" under the debts of the PCG's abridged model). A line
// the total does not need (a "dont" detail) stays out.
func byPrintedTotals(st statements.Statement, tags []tagged, amts [][]*float64) {
	for i, t := range tags {
		if t.kind != subtotal || t.blank || sumOfTotals(t.folded) {
			continue
		}
		start := sectionStart(tags, i)
		unknown, keys, ok := blockLines(tags[start:i])
		residual := residualOf(st, keys)
		if !ok || len(unknown) == 0 || residual == "" {
			continue
		}
		for k := range unknown {
			unknown[k] += start
		}
		if addsUp(amts, start, i, tags, unknown) || !addsUp(amts, start, i, tags, nil) {
			continue
		}
		for _, j := range unknown {
			tags[j].key, tags[j].kind = residual, part
		}
	}
}

// blockLines splits the lines a total adds up into those whose wording is
// unknown (by index) and the keys of the others; ok is false when a line
// is a detail or outside the dictionary by rule.
func blockLines(tags []tagged) (unknown []int, keys []string, ok bool) {
	for j, u := range tags {
		switch {
		case u.blank:
		case u.key == "" && u.rule == "":
			unknown = append(unknown, j)
		case u.key == "":
			return nil, nil, false
		default:
			keys = append(keys, u.key)
		}
	}
	return unknown, keys, true
}

// residualOf is the "autres" key of the dictionary block all keys belong
// to, "" when they belong to none or to no block.
func residualOf(st statements.Statement, keys []string) string {
	if len(keys) == 0 {
		return ""
	}
	for _, b := range residualKeys {
		if b.statement == st && !slices.ContainsFunc(keys, func(k string) bool { return !slices.Contains(b.block, k) }) {
			return b.residual
		}
	}
	return ""
}

// addsUp tells whether the lines start..end-1 that print amounts, but
// those left out, make the total at end in each column it prints, to the
// rounding of the amounts summed: half their printed step each.
func addsUp(amts [][]*float64, start, end int, tags []tagged, left []int) bool {
	printed := false
	for c, total := range amts[end] {
		if total == nil {
			continue
		}
		sum, step, n := 0.0, printedStep(*total), 0
		for j := start; j < end; j++ {
			if a := amts[j][c]; a != nil && !tags[j].blank && !slices.Contains(left, j) {
				sum += *a
				step = min(step, printedStep(*a))
				n++
			}
		}
		if math.Abs(sum-*total) > step*float64(n+1)/2 {
			return false
		}
		printed = true
	}
	return printed
}

// printedStep is the last printed digit's unit: 1 for an amount printed
// whole, 0.1 or 0.01 for one printed with decimals.
func printedStep(v float64) float64 {
	step := 1.0
	for k := 0; k < 3 && math.Abs(v/step-math.Round(v/step)) > 1e-6; k++ {
		step /= 10
	}
	return step
}

// sectionStart is the first line the total at i adds up: after the heading
// it names, else after the previous total ("Total actif immobilisé", "Total
// capitaux propres"); a key's own line ("Résultat net") is a term, not a
// total.
func sectionStart(tags []tagged, i int) int {
	if name := subtotalName(tags[i].folded); name != "" {
		for j := i - 1; j >= 0; j-- {
			if tags[j].blank && subtotalName("total "+tags[j].folded) == name {
				return j + 1
			}
		}
	}
	for j := i - 1; j >= 0; j-- {
		t := tags[j]
		if !t.blank && (t.kind == subtotal || t.kind == whole && strings.HasPrefix(t.folded, "total")) {
			return j + 1
		}
	}
	return 0
}

// sumOfTotals tells a label ending with several roman numerals, the totals
// it adds: "total des produits i iii v vii", "total general i a vi".
func sumOfTotals(folded string) bool {
	romans := 0
	words := strings.Fields(folded)
	for k := len(words) - 1; k >= 0 && (isRoman(words[k]) || words[k] == "a"); k-- {
		if isRoman(words[k]) {
			romans++
		}
	}
	return romans >= 2
}

func isRoman(w string) bool { return w != "" && strings.Trim(w, "ivx") == "" }

// subtotalName is what a total adds up: "Total des charges d'exploitation
// (II)" names "charges d exploitation".
func subtotalName(folded string) string {
	words := strings.Fields(folded)
	if len(words) == 0 || words[0] != "total" {
		return ""
	}
	words = words[1:]
	for len(words) > 0 && slices.Contains([]string{"des", "de", "du", "la", "l", "general"}, words[0]) {
		words = words[1:]
	}
	for len(words) > 0 && (isDigits(words[len(words)-1]) || isRoman(words[len(words)-1])) {
		words = words[:len(words)-1]
	}
	return strings.Join(words, " ")
}
