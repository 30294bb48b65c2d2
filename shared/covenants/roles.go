package covenants

import (
	"fmt"
	"math"
	"regexp"
	"strings"

	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/locate"
	"analyste.dev/analyste/shared/statements"
)

// Role is what an amount is in its sentence: a sentence that gives a total
// liquidity as cash plus an undrawn line, a bond's face value per unit or
// an equity-raising target holds amounts that are not the item its words
// name. A figure is typed only when its role fits its item.
type Role string

// The roles of an amount.
const (
	RoleTotal     Role = "total"
	RoleComponent Role = "composante"
	RoleCeiling   Role = "plafond"
	RoleFloor     Role = "plancher"
	RoleLevel     Role = "niveau"
	RolePerUnit   Role = "valeur nominale unitaire"
	RoleTarget    Role = "objectif"
	RoleRate      Role = "taux"
)

// The words before (or just after) an amount that give its role, folded.
var (
	perUnitWords   = regexp.MustCompile(`\b(valeur nominale|nominal unitaire|par obligation|par action|par titre|par part|unitaire|chacune|chacun|l unite)\b`)
	targetWords    = regexp.MustCompile(`\b(objectif|vise|viser|visant|cible|ambition|envisage|prevoit de lever|lever|levee|augmentation de capital|a terme)\b`)
	rateWords      = regexp.MustCompile(`\btaux\b`)
	totalWords     = regexp.MustCompile(`\b(total|totale|totaux|globale?|au global|l ensemble|cumul|liquidites? (disponibles? )?(de|s eleve|s elevent|atteint|atteignent)|liquidites? totale)\b`)
	componentWords = regexp.MustCompile(`\b(dont|incluant|y compris|composee?s? de|comprenant|soit)\b`)
	// taxWords: a tax form's rates and bases are not a lender's covenant.
	taxWords = regexp.MustCompile(`\b(impot|impots|taux d imposition|taux normal|taux reduit|tva|credit d impot|cotisation|plus values?|benefice imposable|liasse|cerfa|is au taux)\b`)
)

// roleOf reads the role of the amount n in text from the words of its
// label: those after the amount before it (at most six) and the few after
// it. def is the role when no word says another.
func roleOf(text string, n frnum.Number, def Role) Role {
	before, after := labelOf(text, n)
	both := before + " " + after
	switch {
	case perUnitWords.MatchString(both):
		return RolePerUnit
	case targetWords.MatchString(before):
		return RoleTarget
	case n.Unit == frnum.Percent || rateWords.MatchString(before):
		return RoleRate
	case componentWords.MatchString(before):
		return RoleComponent
	case totalWords.MatchString(before):
		return RoleTotal
	}
	return def
}

// labelOf is the folded words before n since the number before it (six at
// most) and the six after it up to the next number.
func labelOf(text string, n frnum.Number) (before, after string) {
	start, end := around(text, n)
	b := strings.Fields(locate.Fold(text[start:n.Start]))
	a := strings.Fields(locate.Fold(text[n.End:end]))
	return strings.Join(b[max(0, len(b)-6):], " "), strings.Join(a[:min(len(a), 6)], " ")
}

// around is where the label of n may start (the end of the number before
// it) and end (the start of the number after it).
func around(text string, n frnum.Number) (start, end int) {
	end = len(text)
	for _, o := range frnum.Parse(text) {
		if o.End <= n.Start {
			start = o.End
		}
		if o.Start >= n.End && end == len(text) {
			end = o.Start
		}
	}
	return start, end
}

// words are the exact words an amount comes from: its label and itself.
func words(text string, n frnum.Number) string {
	start, _ := around(text, n)
	label := strings.Fields(text[start:n.Start])
	return strings.TrimSpace(strings.Join(label[max(0, len(label)-6):], " ") + " " + strings.TrimSpace(n.Text))
}

var (
	// partlyDrawn: a line drawn in part, whose size is not what is undrawn.
	partlyDrawn = regexp.MustCompile(`\b(tirees? a hauteur|utilisees? a hauteur|mobilisees? a hauteur|tirages? de|dont [^.]* tirees?)\b`)
	lineSize    = regexp.MustCompile(`\b(ligne|lignes|credit|rcf|facilite)\b`)
	undrawnHere = regexp.MustCompile(`^(non (tiree|tirees|tire|tires|utilisee|utilisees|mobilisee|mobilisees)|disponibles?)\b`)
)

// undrawnRole is the role of an undrawn line's amount: a line's size
// ("une ligne de crédit de 60,0 M€, non tirée") is its ceiling, undrawn as
// a whole; in a line drawn in part only an amount said undrawn ("40 000 k€
// non tirés") is, and the others are components that do not fit.
func undrawnRole(text string, n frnum.Number, role Role) Role {
	before, after := labelOf(text, n)
	folded := locate.Fold(text)
	switch {
	case role == RoleComponent && undrawnWords.MatchString(after): // "dont 25 000 k€ de lignes non tirées"
		return RoleLevel
	case role != RoleLevel:
		return role
	case undrawnHere.MatchString(after), undrawnWords.MatchString(before):
		return RoleLevel
	case partlyDrawn.MatchString(folded):
		return RoleComponent
	case lineSize.MatchString(before):
		return RoleCeiling
	}
	return role
}

// fits tells whether an amount of that role may stand as the figure of a
// liquidity item of that kind.
func fits(kind Kind, role Role) bool {
	switch role {
	case RolePerUnit, RoleTarget, RoleRate:
		return false
	case RoleTotal:
		return kind != Undrawn // a total holds more than the undrawn lines
	case RoleComponent:
		return kind != Undrawn // the drawn part of a line, or the cash of a total
	}
	return true
}

// addTotal reads a total liquidity a sentence states: "une liquidité totale
// de 45 000 k€", "les liquidités s'élèvent à 45 M€".
func (r *Reading) addTotal(q Quote, folded string) {
	if !strings.Contains(folded, "liquidite") {
		return
	}
	for _, n := range frnum.Parse(q.Text) {
		if _, money := n.Unit.ToKEUR(); !money || n.Value <= 0 || roleOf(q.Text, n, RoleLevel) != RoleTotal {
			continue
		}
		before, _ := labelOf(q.Text, n)
		if strings.Contains(before, "liquidite") {
			r.Totals = append(r.Totals, Item{Kind: Total, Amount: n, Months: -1, Quote: q, Role: RoleTotal, Words: words(q.Text, n)})
			return
		}
	}
}

// tolerance is the rounding a cross-check allows between a printed figure
// and the statements: 2 %.
const tolerance = 0.02

var (
	financialDebt = statements.Key{Statement: statements.Balance, Name: "dettes_financieres"}
	cashKey       = statements.Key{Statement: statements.Balance, Name: "tresorerie"}
)

func covenantFigure(c Covenant) *facts.Figure {
	role := RoleCeiling
	if !c.Ceiling {
		role = RoleFloor
	}
	q := c.Quotes[0].Text
	return &facts.Figure{Type: "covenant", Words: words(q, c.Limit), Role: string(role), Unit: string(c.Limit.Unit)}
}

func itemFigure(it Item) *facts.Figure {
	return &facts.Figure{Type: string(it.Kind), Words: it.Words, Role: string(it.Role), Unit: string(it.Amount.Unit)}
}

// crossCheckItem sets a liquidity item against the statements where they
// meet: a debt falling due within a year cannot exceed the financial debts
// of the balance sheet.
func crossCheckItem(f *facts.Fact, it Item, st Statements) {
	v, _ := it.Amount.KEUR()
	if it.Kind != Maturity && it.Kind != Deferral {
		return
	}
	if debt, ok := st.Report.Value(st.Year, financialDebt); ok && v > debt*(1+tolerance) {
		f.State, f.Reasons = facts.Unverified, append(f.Reasons, fmt.Sprintf("%s dépasse les dettes financières du bilan (%s en %d)",
			strings.TrimSpace(it.Amount.Text), frnum.FormatKEUR(debt), st.Year))
	}
}

// quotedFacts are the sentences whose amount's role did not fit (a quote,
// no typed figure) and the total liquidity stated, checked against the
// cash of the balance sheet and the undrawn lines read.
func quotedFacts(company, slug string, r Reading, st Statements) []facts.Fact {
	var out []facts.Fact
	for i, q := range r.Quoted {
		out = append(out, facts.Fact{ID: fmt.Sprintf("C-%s-citation-%d", slug, i+1), State: facts.Verified, Page: q.Quote.Page,
			Text: fmt.Sprintf("%s - Liquidité (montant de rôle « %s », non retenu comme %s) : « %s » (p. %d)",
				company, q.Role, kindLabel(q.Kind), q.Quote.Text, q.Quote.Page)})
	}
	cash, cashOK := st.Report.Value(st.Year, cashKey)
	var undrawn float64
	seen := false
	for _, it := range r.Items {
		if it.Kind == Undrawn {
			v, _ := it.Amount.KEUR()
			undrawn, seen = undrawn+v, true
		}
	}
	for i, t := range r.Totals {
		total, _ := t.Amount.KEUR()
		f := facts.Fact{ID: fmt.Sprintf("C-%s-liquidite-totale-%d", slug, i+1), State: facts.Verified, Page: t.Quote.Page,
			Text:   fmt.Sprintf("%s - Liquidité totale publiée : %s (p. %d)", company, strings.TrimSpace(t.Amount.Text), t.Quote.Page),
			Figure: itemFigure(t)}
		switch {
		case !cashOK:
		case seen && math.Abs(total-(cash+undrawn)) > tolerance*total:
			f.State, f.Reasons = facts.Unverified, []string{fmt.Sprintf("la liquidité totale publiée (%s) n'est pas la trésorerie du bilan (%s en %d) plus les lignes non tirées lues (%s)",
				frnum.FormatKEUR(total), frnum.FormatKEUR(cash), st.Year, frnum.FormatKEUR(undrawn))}
		case total < cash*(1-tolerance):
			f.State, f.Reasons = facts.Unverified, []string{fmt.Sprintf("la liquidité totale publiée (%s) est inférieure à la trésorerie du bilan (%s en %d)",
				frnum.FormatKEUR(total), frnum.FormatKEUR(cash), st.Year)}
		}
		out = append(out, f)
	}
	return out
}

func kindLabel(k Kind) string {
	switch k {
	case Undrawn:
		return "lignes de crédit non tirées"
	case Deferral:
		return "report d'échéance"
	}
	return "échéance"
}
