package viewer

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"analyste.dev/analyste/shared/checks"
	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/statements"
)

// The hand-off is shown as a worklist: one card per root cause (a failed
// check, a field not printed, a number the facts do not hold…), each with
// the lines to look at and the claims it stops, so that a document whose
// six failed checks stop a hundred claims reads as six cards, not as the
// same reason a hundred times.

// Bounds of what the worklist shows.
const (
	MaxReason     = 3000 // characters of the hand-off's reason shown
	maxCardClaims = 8    // claims listed per card; the others are counted
	maxClaimText  = 240  // characters of a claim's text
)

// causeCard is one root cause.
type causeCard struct {
	Anchor, Title        string
	ID                   string // causeID of its key: what a decision on it names
	Decision             *causeDecisionView
	Form                 *causeForm // offered while it is undecided
	Expected, Read, Gap  string     // for a failed check
	Lines                []causeLine
	Claims               []blockedClaim
	MoreClaims           int
	Facts                []string // the facts it leaves unverified
	Action               string
	claimSeen, factsSeen map[string]bool // what add has listed

	// New: a cause of the latest version the chain's hand-off did not
	// have, decided apart from the chain's.
	New *newCause
	// Earlier: a decision on the same check under other amounts, taken
	// before a correction changed them; not carried to this cause.
	Earlier *causeDecisionView
	check   string // a failed check's year and label
}

// newCause is a cause a correction's version brought: a check it fails
// (Was: the chain's card of the same check, failing with other amounts),
// or a reason its facts give.
type newCause struct {
	Version int
	Was     *causeCard
}

// causeLine is a line a cause asks to look at: printed (a link that marks
// it) or not read at all.
type causeLine struct {
	Field string // "2025 Total actif"
	Link  *amountCell
	Note  string // "non lu : aucune ligne imprimée relevée"
}

type blockedClaim struct {
	Paragraph int
	Claim     string
}

// worklist groups the hand-off's claims by root cause, failed checks first,
// in the order of the checks.
func worklist(id string, h schema.HandoffRecord, ex *schema.ExtractionRecord, e *extractionView, defects []memo.Defect) []*causeCard {
	var cards []*causeCard
	byKey := map[string]*causeCard{}
	card := func(key string, make func() *causeCard) *causeCard {
		if c, ok := byKey[key]; ok {
			return c
		}
		c := make()
		c.Anchor, c.ID = fmt.Sprintf("cause-%d", len(cards)+1), causeID(key)
		c.claimSeen, c.factsSeen = map[string]bool{}, map[string]bool{}
		byKey[key] = c
		cards = append(cards, c)
		return c
	}
	failedBy := map[string]checks.Check{} // by the reason facts give
	if ex != nil {
		for _, c := range ex.Checks {
			if c.Status != checks.Failed {
				continue
			}
			failedBy["contrôle en échec : "+c.Message] = c
			card("controle:"+c.Message, func() *causeCard { return checkCard(id, c, *ex, e) })
		}
	}
	for _, cl := range h.Claims {
		claim := blockedClaim{Paragraph: cl.Paragraph, Claim: clip(cl.Claim, maxClaimText)}
		attached := false
		for _, f := range cl.Facts {
			if f.Verified() {
				continue
			}
			reasons := f.Reasons
			if len(reasons) == 0 {
				reasons = []string{"aucune preuve enregistrée pour ce fait"}
			}
			for _, reason := range reasons {
				var c *causeCard
				if chk, ok := failedBy[reason]; ok {
					c = byKey["controle:"+chk.Message]
				} else {
					c = card("motif:"+reason, func() *causeCard { return reasonCard(reason, f) })
				}
				c.add(claim, f.ID)
				attached = true
			}
		}
		if !attached {
			step := string(cl.Step)
			c := card("etape:"+step, func() *causeCard { return stepCard(cl.Step) })
			c.add(claim, "")
			if r := clip(cl.Reason, maxClaimText); r != "" && len(c.Claims) <= maxCardClaims {
				c.Claims[len(c.Claims)-1].Claim += " — " + r
			}
		}
	}
	// The memo's own defects (it contradicts itself, leaves a critical
	// signal out): with the claims stopped at the same step.
	for _, d := range defects {
		c := card("etape:"+string(d.Step), func() *causeCard { return stepCard(d.Step) })
		c.add(blockedClaim{Paragraph: d.Paragraph, Claim: clip(d.Message, maxClaimText)}, "")
	}
	return cards
}

func (c *causeCard) add(cl blockedClaim, fact string) {
	key := fmt.Sprintf("%d\x00%s", cl.Paragraph, cl.Claim)
	if !c.claimSeen[key] {
		c.claimSeen[key] = true
		if len(c.Claims) < maxCardClaims {
			c.Claims = append(c.Claims, cl)
		} else {
			c.MoreClaims++
		}
	}
	if fact != "" && !c.factsSeen[fact] {
		c.factsSeen[fact] = true
		c.Facts = append(c.Facts, fact)
	}
}

// checkCard is a failed check: what it expected, what was read, the gap,
// every line it adds up (marked on their page, or said not read).
func checkCard(id string, c checks.Check, ex schema.ExtractionRecord, e *extractionView) *causeCard {
	card := &causeCard{Title: fmt.Sprintf("Contrôle en échec (%d) : %s", c.Year, c.Label),
		Expected: frnum.Format(c.Expected), Read: frnum.Format(c.Read), Gap: signed(c.Read - c.Expected),
		Action: "Relire ces lignes sur la page imprimée : un montant mal lu se corrige ; si le document imprimé ne s'additionne pas, " +
			"le dire dans le commentaire avant de valider ou de rejeter.",
		check: fmt.Sprintf("%d\x00%s", c.Year, c.Label)}
	printed := linesOf(ex.Facts)
	pages := statementPages(ex)
	for _, k := range involvedKeys()[c.Label] {
		l := causeLine{Field: fmt.Sprintf("%d %s", c.Year, lineLabels[k])}
		_, read := ex.Years[c.Year].Get(k)
		pls := printed[statements.FieldRef{Year: c.Year, Key: k}]
		switch {
		case len(pls) > 0:
			cell := fieldCell(id, k, c.Year, pls, e)
			l.Link = &cell
		case !read && pages[k.Statement] > 0:
			l.Note = "non lu : aucune ligne imprimée relevée, à chercher sur la page de l'état"
			l.Link = &amountCell{Text: fmt.Sprintf("page %d", pages[k.Statement]), URL: pageURL(id, pages[k.Statement], "", "")}
		case !read:
			l.Note = "non lu"
		default:
			l.Note = "lu sans ligne imprimée relevée"
		}
		card.Lines = append(card.Lines, l)
	}
	if len(card.Lines) == 0 {
		card.Action = "Ce contrôle porte sur un sous-total imprimé : relire l'état à sa page et comparer le total aux lignes qui le composent."
	}
	return card
}

// fieldCell is the link of a field's amount of a year: the one the
// statements' table shows, so that both mark the same cell.
func fieldCell(id string, k statements.Key, year int, pls []facts.PrintedLine, e *extractionView) amountCell {
	if e != nil {
		for _, sv := range e.Statements {
			for _, lv := range sv.Lines {
				if lv.key != k {
					continue
				}
				for i, y := range e.Years {
					if y == year && i < len(lv.Amounts) {
						return lv.Amounts[i]
					}
				}
			}
		}
	}
	return amountCell{Text: pls[0].Label, URL: cellURL(id, k, year, pls, pls[0].Page, ""), Marked: true}
}

// reasonCard is a reason a fact is not verified other than a failed check.
func reasonCard(reason string, f facts.Fact) *causeCard {
	c := &causeCard{Title: clip(reason, maxClaimText)}
	switch {
	case strings.Contains(reason, "non imprimé"):
		c.Action = "Chercher le poste sur la page de l'état : s'il est imprimé, le lecteur l'a manqué ; sinon le mémo ne peut pas s'appuyer dessus."
	case strings.HasPrefix(reason, "aucun contrôle comptable"):
		c.Action = "Aucun total imprimé ne recoupe ce poste : le relire sur sa page avant de valider."
	default:
		c.Action = "Relire les lignes du fait sur leur page."
	}
	for _, where := range facts.Where(f.Fields) {
		c.Lines = append(c.Lines, causeLine{Field: where})
	}
	return c
}

// stepTitles name the memo's verification steps as a cause.
var stepTitles = map[memo.Step]string{
	memo.StepNumbers:   "Nombres absents des faits cités",
	memo.StepSources:   "Sources manquantes ou inconnues",
	memo.StepConflict:  "Faits contradictoires",
	memo.StepJudge:     "Affirmations que le juge ne trouve pas soutenues",
	memo.StepMemo:      "Défauts du mémo",
	memo.StepCoherence: "Le mémo se contredit",
	memo.StepEvidence:  "Faits cités non vérifiés",
}

var stepActions = map[memo.Step]string{
	memo.StepNumbers:   "Comparer chaque nombre de l'affirmation aux faits qu'elle cite : un nombre recalculé ou arrondi se corrige dans le mémo.",
	memo.StepSources:   "Rattacher l'affirmation à ses faits, ou la retirer du mémo.",
	memo.StepConflict:  "Les faits cités se contredisent : relire leurs pages et garder celui que le document imprime.",
	memo.StepJudge:     "Relire l'affirmation contre le fait désigné : la reformuler ou la retirer.",
	memo.StepCoherence: "Relire les paragraphes en cause : garder l'énoncé que les faits soutiennent, corriger l'autre.",
	memo.StepMemo:      "Le mémo doit traiter ce point : le compléter ou le rejeter.",
}

func stepCard(s memo.Step) *causeCard {
	return &causeCard{Title: orSelf(stepTitles, s), Action: cmp.Or(stepActions[s], "Relire les affirmations ci-dessous.")}
}

// statementPages are the pages of the three statements.
func statementPages(ex schema.ExtractionRecord) map[statements.Statement]int {
	return map[statements.Statement]int{statements.Income: ex.Pages.Income, statements.Balance: ex.Pages.Balance, statements.CashFlow: ex.Pages.CashFlow}
}

// signed writes a gap with its sign.
func signed(v float64) string {
	if v > 0 {
		return "+" + frnum.Format(v)
	}
	return frnum.Format(v)
}

// clip cuts s to n characters at most, saying so.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// shortReason is the hand-off's reason as shown: its parts (" ; ") each
// once, at most MaxReason characters, with the count of those left out.
func shortReason(reason string) string {
	head, rest, ok := strings.Cut(reason, " : ")
	if !ok {
		return clip(reason, MaxReason)
	}
	var parts []string
	for _, p := range strings.Split(rest, " ; ") {
		if !slices.Contains(parts, p) {
			parts = append(parts, p)
		}
	}
	out := head + " : "
	for i, p := range parts {
		left := len(parts) - i
		tail := fmt.Sprintf(" … et %d autre%s motif%s, regroupés par cause ci-dessous.", left, plural(left), plural(left))
		if utf8.RuneCountInString(out)+utf8.RuneCountInString(p)+utf8.RuneCountInString(tail)+3 > MaxReason {
			return out + tail
		}
		if i > 0 {
			out += " ; "
		}
		out += p
	}
	return out
}

// queueSummary is a hand-off in one line for the queue: how many claims
// stop, at which steps, and how many facts are not verified.
func queueSummary(h schema.HandoffRecord) string {
	steps := map[memo.Step]int{}
	var order []memo.Step
	for _, c := range h.Claims {
		if steps[c.Step] == 0 {
			order = append(order, c.Step)
		}
		steps[c.Step]++
	}
	if len(h.Claims) == 0 {
		return clip(shortReason(h.Reason), 160)
	}
	var parts []string
	for _, s := range order {
		parts = append(parts, fmt.Sprintf("%s : %d", strings.ToLower(orSelf(stepTitles, s)), steps[s]))
	}
	out := fmt.Sprintf("%d affirmation%s arrêtée%s (%s)", len(h.Claims), plural(len(h.Claims)), plural(len(h.Claims)), strings.Join(parts, ", "))
	if n := len(h.Unverified); n > 0 {
		out += fmt.Sprintf(" · %d fait%s non vérifié%s", n, plural(n), plural(n))
	}
	return clip(out, 200)
}
