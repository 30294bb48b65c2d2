package facts

import (
	"fmt"
	"math"
	"regexp"
	"strings"

	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/locate"
	"analyste.dev/analyste/shared/quotes"
	"analyste.dev/analyste/shared/ratios"
	"analyste.dev/analyste/shared/sentences"
	"analyste.dev/analyste/shared/statements"
)

// NotInDocument is what a lender's fact says of an item the document does
// not print: a point to check, never a value.
const NotInDocument = "non disponible dans le document"

// The C- figure types of the lender's restatements.
const (
	FigureShareholders   = "actionnariat"
	FigureAdjustedEBITDA = "ebitda_ajuste"
	FigureNetDebtScope   = "perimetre_dette_nette"
	FigureCommittedCapex = "investissement_engage"
)

// pageSentence is a sentence of a page, verified word for word on it.
type pageSentence struct {
	text, folded string
	page         int
}

// verifiedSentences are the sentences of the pages' paragraphs (titles cut
// off) that verification accepts on their page.
func verifiedSentences(pages []string) []pageSentence {
	doc := quotes.NewDocument(pages)
	var out []pageSentence
	for p, text := range pages {
		for _, para := range paragraphs(text) {
			for _, s := range sentences.Split(para) {
				if doc.Holds(p+1, s) {
					out = append(out, pageSentence{text: s, folded: locate.Fold(s), page: p + 1})
				}
			}
		}
	}
	return out
}

// LenderFacts read what a lender restates before reading the ratios, each
// from sentences verified on their page and checked against the statements
// where they can be: the shareholders (C-<slug>-actionnariat), the adjusted
// EBITDA and its add-backs (C-<slug>-ebitda-ajuste), net debt without the
// shareholder loans and with or without the leases
// (C-<slug>-dette-nette-perimetre) and the committed capex
// (C-<slug>-investissements-engages). An item the document does not print
// is a fact saying so (NotInDocument), never a value.
func LenderFacts(company string, years []int, rs map[int]ratios.Ratios, ev Evidence, pages []string) []Fact {
	if len(years) == 0 {
		return nil
	}
	slug, y := Slug(company), years[0]
	ss := verifiedSentences(pages)
	return []Fact{
		shareholdersFact(company, slug, ss, pages),
		adjustedEBITDAFact(company, slug, y, rs, ev, ss),
		netDebtScopeFact(company, slug, y, rs, ev, ss, pages),
		committedCapexFact(company, slug, ss, pages),
	}
}

// held is "détenu(es) à 62 % par": a share of the capital and its holder.
var held = regexp.MustCompile(`(?i)(?:^|[\s\x{00A0}])à[\s\x{00A0}]+(\d{1,3}(?:,\d+)?)[\s\x{00A0}\x{202F}]?%[\s\x{00A0}]+par[\s\x{00A0}]+`)

// capitalWords: the sentence is about who holds the capital.
var capitalWords = regexp.MustCompile(`\b(capital|actions|parts sociales|droits de vote)\b.*\bdetenu(e|s|es)? a\b`)

// maxHolderWords bounds a holder's name: longer, the sentence goes on.
const maxHolderWords = 8

// shareholdersFact reads the first sentence saying who holds the capital
// and in what shares ("détenu à 31 % par la famille Arnoux, à 18 % par…"),
// or the Cerfa 2059-F's holders; the shares may not exceed 100 %.
func shareholdersFact(company, slug string, ss []pageSentence, pages []string) Fact {
	id := "C-" + slug + "-actionnariat"
	for _, s := range ss {
		if !capitalWords.MatchString(s.folded) {
			continue
		}
		holders, ok := holdersOf(s.text)
		if !ok {
			continue
		}
		return shareholdersText(company, id, holders, s.page, s.text)
	}
	if holders, page, words, ok := cerfaHolders(pages); ok {
		return shareholdersText(company, id, holders, page, words)
	}
	return Fact{ID: id, State: Verified, Text: company + " - Actionnariat : " + NotInDocument}
}

type holder struct {
	name  string
	share frnum.Number
}

// holdersOf cuts "à 62 % par la famille Ferlac et à 38 % par le fonds
// Rhône Capital Partenaires." into its holders.
func holdersOf(text string) ([]holder, bool) {
	locs := held.FindAllStringSubmatchIndex(text, -1)
	if len(locs) == 0 {
		return nil, false
	}
	var out []holder
	for i, loc := range locs {
		end := len(text)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		name := strings.TrimSpace(text[loc[1]:end])
		name = strings.TrimSpace(strings.TrimSuffix(strings.TrimSuffix(strings.TrimRight(name, " .;"), " et"), ","))
		name = strings.TrimSuffix(name, " et")
		n := frnum.Parse(text[loc[2]:loc[3]] + " %")
		if name == "" || len(strings.Fields(name)) > maxHolderWords || len(n) != 1 {
			return nil, false
		}
		out = append(out, holder{name: dropArticle(name), share: n[0]})
	}
	return out, true
}

func dropArticle(s string) string {
	for _, a := range []string{"la ", "le ", "les ", "l’", "l'"} {
		if strings.HasPrefix(s, a) {
			return s[len(a):]
		}
	}
	return s
}

// shareholdersText states the holders, whose shares must not add up to
// more than the capital.
func shareholdersText(company, id string, hs []holder, page int, words string) Fact {
	var parts []string
	var sum float64
	for _, h := range hs {
		parts = append(parts, h.name+" "+strings.TrimSpace(h.share.Text))
		sum += h.share.Value
	}
	text := fmt.Sprintf("%s - Actionnariat : %s", company, strings.Join(parts, ", "))
	if sum < 99.5 {
		text += ", le reste du capital non détaillé dans le document"
	}
	f := Fact{ID: id, State: Verified, Page: page, Text: text + fmt.Sprintf(" (p. %d)", page),
		Figure: &Figure{Type: FigureShareholders, Words: words, Role: "composante", Unit: "%"}}
	if sum > 100.5 {
		f.State, f.Reasons = Unverified, []string{fmt.Sprintf("les parts du capital lues dépassent 100 %% (%s)", frnum.FormatPercent(sum))}
	}
	return f
}

var (
	// cerfaCapitalTitle heads the Cerfa 2059-F (composition du capital social).
	cerfaCapitalTitle = regexp.MustCompile(`composition du capital social`)
	cerfaName         = regexp.MustCompile(`D[ée]nomination\s+(\S.*?)\s*$`)
	cerfaShare        = regexp.MustCompile(`% de détention\s+(\d{1,3}(?:[,.]\d+)?)\b`)
	cerfaForm         = regexp.MustCompile(`Forme juridique\s+(\p{L}\S*)\s+D[ée]nomination`)
)

// cerfaHolders reads the legal persons holding 10 % or more of the capital
// on the Cerfa 2059-F: each "Dénomination" with its "% de détention" on
// the next line, both verified on the page.
func cerfaHolders(pages []string) ([]holder, int, string, bool) {
	doc := quotes.NewDocument(pages)
	for p, text := range pages {
		if !cerfaCapitalTitle.MatchString(locate.Fold(text)) {
			continue
		}
		lines := strings.Split(text, "\n")
		var hs []holder
		var words []string
		for i := 0; i+1 < len(lines); i++ {
			m := cerfaName.FindStringSubmatch(lines[i])
			if m == nil || strings.Contains(m[1], "DE L’ENTREPRISE") || strings.Contains(m[1], "DE L'ENTREPRISE") {
				continue
			}
			s := cerfaShare.FindStringSubmatch(lines[i+1])
			if s == nil {
				continue
			}
			name := strings.Join(strings.Fields(m[1]), " ")
			if f := cerfaForm.FindStringSubmatch(lines[i]); f != nil {
				name = f[1] + " " + name
			}
			n := frnum.Parse(strings.Replace(s[1], ".", ",", 1) + " %") // software may print a decimal point
			if len(n) != 1 || !doc.Holds(p+1, "Dénomination "+m[1]) && !doc.Holds(p+1, "DÉNOMINATION "+m[1]) || !doc.Holds(p+1, "% de détention "+s[1]) {
				continue
			}
			hs = append(hs, holder{name: name, share: n[0]})
			words = append(words, strings.TrimSpace(lines[i]), strings.TrimSpace(lines[i+1]))
		}
		if len(hs) > 0 {
			return hs, p + 1, strings.Join(words, " "), true
		}
	}
	return nil, 0, "", false
}

var (
	adjustedName = regexp.MustCompile(`(?i)\b(EBITDA (ajusté|retraité|normatif)|EBE retraité)`)
	addBackVerb  = regexp.MustCompile(`(?i)\b(réintègre|réintègrent|retraite|retraitent|ajoute|ajoutent|neutralise|neutralisent|exclut|excluent)\b`)
)

// adjustedEBITDAFact reads the adjusted EBITDA the report prints and the
// add-backs its sentence lists ("l'EBITDA ajusté de 25 100 k€ réintègre les
// redevances de crédit-bail (3 100 k€), …"), with their share; the accounts'
// EBITDA plus the add-backs must give the adjusted EBITDA. Without one it
// says so and gives the formula of the EBITDA computed from the statements.
func adjustedEBITDAFact(company, slug string, y int, rs map[int]ratios.Ratios, ev Evidence, ss []pageSentence) Fact {
	id := "C-" + slug + "-ebitda-ajuste"
	d, _ := ratios.DefinitionOf("ebitda")
	for _, s := range ss {
		loc := adjustedName.FindStringIndex(s.text)
		if loc == nil {
			continue
		}
		adjusted, ok := firstMoney(s.text[loc[1]:])
		if !ok {
			continue
		}
		adjusted.Start, adjusted.End = adjusted.Start+loc[1], adjusted.End+loc[1]
		adj, _ := adjusted.KEUR()
		adj = math.Abs(adj)
		text := fmt.Sprintf("%s - EBITDA ajusté publié : %s (p. %d)", company, strings.TrimSpace(adjusted.Text), s.page)
		f := Fact{ID: id, State: Verified, Page: s.page,
			Figure: &Figure{Type: FigureAdjustedEBITDA, Words: s.text, Role: "total", Unit: string(adjusted.Unit)}}
		backs, labels := addBacks(s.text[adjusted.End:])
		if len(backs) == 0 {
			f.Text = text + " ; retraitements : " + NotInDocument
			return f
		}
		var sum float64
		for _, b := range backs {
			sum += b
		}
		text += " ; retraitements : " + strings.Join(labels, ", ")
		text += fmt.Sprintf(" ; part des retraitements : %s", frnum.FormatPercent(sum/adj*100))
		if e := rs[y].EBITDA; e.OK() {
			f.State, f.Fields, f.Reasons = ev.Assess(d.Reads(y, 0))
			if gap := adj - (e.Number + sum); math.Abs(gap) > adj*reconcileTolerance {
				f.State = Unverified
				f.Reasons = append(f.Reasons, fmt.Sprintf("l'EBITDA des comptes (%s en %d) et les retraitements publiés (%s) ne redonnent pas l'EBITDA ajusté publié (%s)",
					frnum.FormatKEUR(e.Number), y, frnum.FormatKEUR(sum), frnum.FormatKEUR(adj)))
			} else {
				text += " ; rapprochés de l'EBITDA des comptes"
			}
		}
		f.Text = text
		return f
	}
	return Fact{ID: id, State: Verified, Text: fmt.Sprintf("%s - EBITDA ajusté : %s ; EBITDA retenu : celui des comptes, calculé par le code (%s)", company, NotInDocument, d.Formula)}
}

// reconcileTolerance: printed amounts are rounded; beyond 1 % a figure
// is not the sum the report says it is.
const reconcileTolerance = 0.01

// addBacks are the amounts after the add-back verb of the rest of a
// sentence, each with its label: "les redevances de crédit-bail (3 100 k€)".
func addBacks(rest string) ([]float64, []string) {
	loc := addBackVerb.FindStringIndex(rest)
	if loc == nil {
		return nil, nil
	}
	rest = rest[loc[1]:]
	var amounts []float64
	var labels []string
	from := 0
	for _, n := range frnum.Parse(rest) {
		v, money := n.KEUR()
		if !money || v == 0 {
			continue
		}
		label := strings.Trim(rest[from:n.Start], " ,;:()")
		label = strings.TrimSpace(strings.TrimPrefix(label, "et "))
		label = strings.TrimSuffix(strings.TrimSuffix(label, " pour"), " de")
		from = n.End
		if label == "" {
			continue
		}
		amounts = append(amounts, math.Abs(v))
		labels = append(labels, dropArticle(label)+" "+printedAmount(n))
	}
	return amounts, labels
}

// firstMoney is the first amount of money of a text.
func firstMoney(text string) (frnum.Number, bool) {
	for _, n := range frnum.Parse(text) {
		if _, ok := n.KEUR(); ok && n.Value != 0 {
			return n, true
		}
	}
	return frnum.Number{}, false
}

var (
	shareholderLoanWords = regexp.MustCompile(`\b(comptes? courants? d associes|avances? (en compte courant )?d associes|comptes? courants? des associes)\b`)
	exclusionWords       = regexp.MustCompile(`\b(hors|exclut|excluent|excluant|a l exclusion|non compris)\b`)
	leaseLiabilityWords  = regexp.MustCompile(`\b(dettes? locatives?|obligations? locatives?|passifs? locatifs?)\b`)
	leasingWords         = regexp.MustCompile(`\bcredit.bail\b.*\b(restant(es)? (a payer|dues?)|a payer)\b|\b(restant(es)? (a payer|dues?))\b.*\bcredit.bail\b`)
	netDebtWords         = regexp.MustCompile(`\bdette nette\b`)
	dontWord             = regexp.MustCompile(`(?i)\bdont\b`)
)

// netDebtScopeFact sets the net debt of the accounts (dettes financières −
// trésorerie, R-<slug>-dette-nette) without the shareholder loans a note
// names (comptes courants d'associés), and with or without the leases: IFRS
// 16 lease liabilities are in the balance sheet's financial debt (so
// shown without them), the crédit-bail payments still due under the French
// rules are off balance sheet (so shown with them). Each amount must fit in
// the financial debt; a net debt the report prints without the shareholder
// loans must be the one computed.
func netDebtScopeFact(company, slug string, y int, rs map[int]ratios.Ratios, ev Evidence, ss []pageSentence, pages []string) Fact {
	id := "C-" + slug + "-dette-nette-perimetre"
	nd := rs[y].NetDebt
	loans, loanPage, loanOK, loanReasons := shareholderLoans(ss)
	loanLabel := "dette nette hors comptes courants d'associés : %s (comptes courants de %s, p. %d)"
	if !loanOK {
		var c cerfaAssociates
		if c, loanOK = cerfaGroupLoans(pages, y, ev); loanOK {
			loans, loanPage, loanReasons, loanLabel = c.excluded(), c.page, c.reasons, c.label()
		}
	}
	lease, leasePage, onBalance, leaseOK := leases(ss)
	if !nd.OK() || !loanOK && !leaseOK {
		return Fact{ID: id, State: Verified, Text: company + " - Comptes courants d'associés et dettes locatives ou crédit-bail : " + NotInDocument}
	}
	d, _ := ratios.DefinitionOf("dette_nette")
	f := Fact{ID: id, Figure: &Figure{Type: FigureNetDebtScope, Role: "total", Unit: string(frnum.KEUR)}}
	f.State, f.Fields, f.Reasons = ev.Assess(d.Reads(y, 0))
	debt, _ := ev.report.Value(y, financialDebtKey)
	var parts []string
	if loanOK {
		v, _ := loans.KEUR()
		v = math.Abs(v)
		without := nd.Number - v
		f.Page = loanPage
		parts = append(parts, fmt.Sprintf(loanLabel, frnum.FormatKEUR(without), printedAmount(loans), loanPage))
		f.Reasons = append(f.Reasons, loanReasons...)
		if v > debt {
			f.Reasons = append(f.Reasons, fmt.Sprintf("les comptes courants d'associés lus (%s) dépassent les dettes financières du bilan (%s)", frnum.FormatKEUR(v), frnum.FormatKEUR(debt)))
		}
		if printed, ok := printedNetDebtWithoutLoans(ss, v); ok && math.Abs(printed-without) > math.Abs(without)*reconcileTolerance {
			f.Reasons = append(f.Reasons, fmt.Sprintf("la dette nette hors comptes courants d'associés publiée (%s) n'est pas celle des comptes moins les comptes courants (%s)", frnum.FormatKEUR(printed), frnum.FormatKEUR(without)))
		}
	}
	if leaseOK {
		v, _ := lease.KEUR()
		v = math.Abs(v)
		if f.Page == 0 {
			f.Page = leasePage
		}
		if onBalance {
			parts = append(parts, fmt.Sprintf("dette nette hors dettes locatives, incluses dans les dettes financières : %s (dettes locatives de %s, p. %d)", frnum.FormatKEUR(nd.Number-v), printedAmount(lease), leasePage))
			if v > debt {
				f.Reasons = append(f.Reasons, fmt.Sprintf("les dettes locatives lues (%s) dépassent les dettes financières du bilan (%s)", frnum.FormatKEUR(v), frnum.FormatKEUR(debt)))
			}
		} else {
			parts = append(parts, fmt.Sprintf("dette nette y compris le crédit-bail restant dû : %s (crédit-bail hors bilan de %s, p. %d)", frnum.FormatKEUR(nd.Number+v), printedAmount(lease), leasePage))
		}
	}
	if len(f.Reasons) > 0 {
		f.State = Unverified
	}
	text := strings.Join(parts, " ; ")
	f.Text = company + " - " + strings.ToUpper(text[:1]) + text[1:]
	if loanOK {
		f.Text += " ; " + onDemand
	} else {
		f.Text += " ; comptes courants d'associés : " + NotInDocument
	}
	if !leaseOK {
		f.Text += " ; dettes locatives ou crédit-bail : " + NotInDocument
	}
	return f
}

// onDemand is what a lender reads in the shareholder loans for the
// liquidity: a current account is repaid when the shareholder asks, unless
// an agreement blocks or subordinates it.
const onDemand = "dettes envers les associés remboursables à leur demande, sauf convention de blocage ou de subordination"

var (
	// cerfaDebtsTitle: the Cerfa 2057's state of receivables and debts.
	cerfaDebtsTitle = regexp.MustCompile(`etat des echeances des creances et\b`)
	// cerfaGroupRow is its row VI, « Groupe et associés », and its gross
	// amount; cerfaOtherRow its row 8A, « Emprunts et dettes financières
	// divers », the rest of the balance sheet's line of that name.
	cerfaGroupRow = regexp.MustCompile(`^\s*(Groupe et associés(?: \(\d\))?)\s+VI\s+(\d{1,3}(?: \d{3})*)\b`)
	cerfaOtherRow = regexp.MustCompile(`^\s*Emprunts et dettes financières divers(?: \(\d\))*\s+8A\s+(\d{1,3}(?: \d{3})*)\b`)
	// cerfaPersonsRow is its renvoi (2), line VL: the « montant des divers
	// emprunts et dettes contractés auprès des associés personnes
	// physiques », the cell right of its code; a part of the rows marked
	// (2), 8A and VI.
	cerfaPersonsRow = regexp.MustCompile(`\bVL\s+(\d{1,3}(?: \d{3})*)\s*$`)
	// otherDebtLine is the balance sheet's (2051) line that holds both.
	otherDebtLine = regexp.MustCompile(`^emprunts et dettes financieres divers`)
)

// cerfaAssociates are the debts to the group and the shareholders the
// Cerfa 2057 prints, in euros (the form's unit): row VI and line VL, each
// zero when blank, with the reasons not to verify them.
type cerfaAssociates struct {
	group, persons frnum.Number
	page           int
	reasons        []string
}

// excluded is what net debt leaves out: VL may sit in row 8A or in VI,
// so the larger of the two is the least the shareholders are owed.
func (c cerfaAssociates) excluded() frnum.Number {
	if c.persons.Value > c.group.Value {
		return c.persons
	}
	return c.group
}

// label is the net debt without them, with the rows it comes from.
func (c cerfaAssociates) label() string {
	switch {
	case c.persons.Value == 0:
		return "dette nette hors dettes envers le groupe et les associés : %s (Cerfa 2057, « Groupe et associés » : %s, p. %d)"
	case c.group.Value == 0:
		return "dette nette hors emprunts et dettes auprès des associés personnes physiques : %s (Cerfa 2057, ligne VL : %s, p. %d)"
	}
	return "dette nette hors dettes envers le groupe et les associés : %s (Cerfa 2057, le plus grand de la ligne VL, dettes auprès des associés personnes physiques : " +
		printedAmount(c.persons) + ", et de « Groupe et associés » : " + printedAmount(c.group) + ", soit %s, p. %d)"
}

// cerfaGroupLoans reads the debts to the group and the shareholders the
// Cerfa 2057 prints (row VI and line VL): the balance sheet (2051) carries
// them in its « Emprunts et dettes financières divers », which must be
// rows 8A and VI together, within a euro per row, and VL, a part of rows
// 8A and VI, may not exceed them; otherwise the amounts are not verified.
func cerfaGroupLoans(pages []string, y int, ev Evidence) (cerfaAssociates, bool) {
	doc := quotes.NewDocument(pages)
	for p, text := range pages {
		if !cerfaDebtsTitle.MatchString(locate.Fold(text)) {
			continue
		}
		c := cerfaAssociates{page: p + 1}
		other := 0.0
		for _, line := range strings.Split(text, "\n") {
			if m := cerfaGroupRow.FindStringSubmatch(line); m != nil && doc.Holds(p+1, m[1]+" VI "+m[2]) {
				if ns := frnum.Parse(m[2] + " €"); len(ns) == 1 {
					c.group = ns[0]
				}
			}
			if m := cerfaPersonsRow.FindStringSubmatch(line); m != nil && doc.Holds(p+1, strings.Join(strings.Fields(line), " ")) {
				if ns := frnum.Parse(m[1] + " €"); len(ns) == 1 {
					c.persons = ns[0]
				}
			}
			if m := cerfaOtherRow.FindStringSubmatch(line); m != nil {
				if ns := frnum.Parse(m[1] + " €"); len(ns) == 1 {
					other, _ = ns[0].KEUR()
				}
			}
		}
		if c.group.Value == 0 && c.persons.Value == 0 {
			continue
		}
		v, _ := c.group.KEUR()
		persons, _ := c.persons.KEUR()
		var line float64
		held := false
		for _, l := range ev.amounts[statements.FieldRef{Year: y, Key: financialDebtKey}] {
			if otherDebtLine.MatchString(locate.Fold(l.Label)) {
				line, held = l.amount, true
			}
		}
		const euro = 0.001 // k€
		switch {
		case !held:
			c.reasons = append(c.reasons, "aucune ligne « Emprunts et dettes financières divers » au bilan pour porter les dettes envers le groupe et les associés")
		case math.Abs(line-(other+v)) > 2*euro:
			c.reasons = append(c.reasons, fmt.Sprintf("les dettes envers le groupe et les associés (%s) et les autres emprunts et dettes financières divers (%s) ne font pas la ligne du bilan (%s)",
				frnum.FormatKEUR(v), frnum.FormatKEUR(other), frnum.FormatKEUR(line)))
		}
		if persons > other+v+2*euro {
			c.reasons = append(c.reasons, fmt.Sprintf("les dettes auprès des associés personnes physiques (ligne VL, %s) dépassent les lignes 8A et VI dont elles sont une part (%s)",
				frnum.FormatKEUR(persons), frnum.FormatKEUR(other+v)))
		}
		return c, true
	}
	return cerfaAssociates{}, false
}

// printedAmount is an amount as printed, without the parentheses around it.
func printedAmount(n frnum.Number) string { return strings.Trim(strings.TrimSpace(n.Text), "()") }

var financialDebtKey = statements.Key{Statement: statements.Balance, Name: "dettes_financieres"}

// shareholderLoans is the amount the notes give the shareholder loans at
// the closing, from the sentences naming them without excluding them; two
// sentences giving two amounts are a reason not to verify.
func shareholderLoans(ss []pageSentence) (frnum.Number, int, bool, []string) {
	var got frnum.Number
	page := 0
	var reasons []string
	for _, s := range ss {
		loc := shareholderLoanWords.FindStringIndex(s.folded)
		if loc == nil || exclusionWords.MatchString(s.folded) || netDebtWords.MatchString(s.folded) {
			continue
		}
		n, ok := onlyMoney(s.text)
		if !ok {
			continue
		}
		if page == 0 {
			got, page = n, s.page
			continue
		}
		a, _ := got.KEUR()
		b, _ := n.KEUR()
		if math.Abs(a-b) > 0.5 {
			reasons = append(reasons, fmt.Sprintf("deux montants de comptes courants d'associés (%s p. %d, %s p. %d)", strings.TrimSpace(got.Text), page, strings.TrimSpace(n.Text), s.page))
		}
	}
	return got, page, page != 0, reasons
}

// onlyMoney is the one amount of money of a sentence: with several, which
// one the words name is not told.
func onlyMoney(text string) (frnum.Number, bool) {
	var out []frnum.Number
	for _, n := range frnum.Parse(text) {
		if _, ok := n.KEUR(); ok && n.Value != 0 {
			out = append(out, n)
		}
	}
	if len(out) != 1 {
		return frnum.Number{}, false
	}
	return out[0], true
}

// printedNetDebtWithoutLoans is a net debt the report prints excluding
// the shareholder loans ("la dette nette contractuelle exclut les comptes
// courants d'associés, soit 85 310 k€"): its first amount after the
// exclusion that is not the loans'.
func printedNetDebtWithoutLoans(ss []pageSentence, loans float64) (float64, bool) {
	for _, s := range ss {
		if !netDebtWords.MatchString(s.folded) || !shareholderLoanWords.MatchString(s.folded) || !exclusionWords.MatchString(s.folded) {
			continue
		}
		i := strings.Index(s.folded, "dette nette")
		for _, n := range frnum.Parse(s.text) {
			v, ok := n.KEUR()
			if !ok || n.Start < i || math.Abs(math.Abs(v)-loans) < 0.5 {
				continue
			}
			return math.Abs(v), true
		}
	}
	return 0, false
}

// leases is the lease debt a note gives: IFRS 16 lease liabilities (on
// balance sheet) or the crédit-bail payments still due (off balance
// sheet); its total, never the part "dont … à moins d'un an".
func leases(ss []pageSentence) (frnum.Number, int, bool, bool) {
	for _, s := range ss {
		onBalance := leaseLiabilityWords.MatchString(s.folded)
		if !onBalance && !leasingWords.MatchString(s.folded) {
			continue
		}
		text := s.text
		if loc := dontWord.FindStringIndex(text); loc != nil {
			text = text[:loc[0]]
		}
		if n, ok := lastMoney(text); ok {
			return n, s.page, onBalance, true
		}
	}
	return frnum.Number{}, 0, false, false
}

// lastMoney is the last amount of money of a text: the one a verb of
// amount gives ("… s'élèvent à 8 900 k€").
func lastMoney(text string) (frnum.Number, bool) {
	var out frnum.Number
	ok := false
	for _, n := range frnum.Parse(text) {
		if _, money := n.KEUR(); money && n.Value > 0 {
			out, ok = n, true
		}
	}
	return out, ok
}

var (
	// capexWords name capex committed and not yet paid.
	capexWords = regexp.MustCompile(`(?i)\b(commandes? d['’]immobilisations|engagements? d['’]investissements?|investissements? engagés|commandes?( [\p{L}]+){0,6} restant(es)? à exécuter)`)
	// offBalanceTitle: the note of the commitments, where such orders are.
	offBalanceTitle = regexp.MustCompile(`\bengagements (hors bilan|donnes|financiers donnes)\b`)
	customerWords   = regexp.MustCompile(`\b(clients?|carnet de commandes|chiffre d affaires)\b`)
)

// committedCapexFact reads the capex committed and not yet paid (orders of
// fixed assets still to be carried out), from the note of the commitments:
// the first amount after the words that name it.
func committedCapexFact(company, slug string, ss []pageSentence, pages []string) Fact {
	id := "C-" + slug + "-investissements-engages"
	for _, s := range ss {
		loc := capexWords.FindStringIndex(s.text)
		if loc == nil || customerWords.MatchString(s.folded) || !offBalanceTitle.MatchString(locate.Fold(pages[s.page-1])) {
			continue
		}
		n, ok := firstMoney(s.text[loc[0]:])
		if !ok {
			continue
		}
		return Fact{ID: id, State: Verified, Page: s.page,
			Text:   fmt.Sprintf("%s - Investissements engagés restant à exécuter : %s (p. %d)", company, strings.TrimSpace(n.Text), s.page),
			Figure: &Figure{Type: FigureCommittedCapex, Words: s.text, Role: "total", Unit: string(n.Unit)}}
	}
	return Fact{ID: id, State: Verified, Text: company + " - Investissements engagés : " + NotInDocument}
}
