package checks

import (
	"fmt"
	"strings"
	"sync"

	"analyste.dev/analyste/shared/statements"
)

// term is one amount of an identity: a key, its sign, and whether it is read
// in the previous year.
type term struct {
	key  statements.Key
	sign float64
	prev bool
}

// identity is one accounting identity: lhs = sum of rhs.
type identity struct {
	label     string
	lhs       term
	rhs       []term
	factor    float64 // multiplies the tolerance
	needsPrev bool
	// chained: the check reads the flows of N against those of N-1, which
	// only holds when the periods follow each other (not a half-year
	// beside the previous half-year).
	chained bool
	// dated: the check reads flows against the balance sheet of one
	// year, which only holds when both close on the same date.
	dated bool
	// total: lhs is a printed total of the rhs lines, so a line the
	// statement does not print adds nothing to it and counts as 0; the check
	// then proves it nil.
	total bool
}

func k(s statements.Statement, name string) statements.Key {
	return statements.Key{Statement: s, Name: name}
}

func plus(s statements.Statement, names ...string) []term {
	out := make([]term, len(names))
	for i, n := range names {
		out[i] = term{key: k(s, n), sign: 1}
	}
	return out
}

func minus(s statements.Statement, names ...string) []term {
	out := plus(s, names...)
	for i := range out {
		out[i].sign = -1
	}
	return out
}

func prev(ts []term) []term {
	for i := range ts {
		ts[i].prev = true
	}
	return ts
}

func join(parts ...[]term) []term {
	var out []term
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

var (
	inc = statements.Income
	bal = statements.Balance
	cf  = statements.CashFlow
)

// perYear are identities 1 to 13 of the data dictionary, in its order.
var perYear = []identity{
	{total: true, label: "résultat d'exploitation = chiffre d'affaires - charges", lhs: term{k(inc, "resultat_exploitation"), 1, false},
		rhs: join(plus(inc, "chiffre_affaires", "autres_produits_exploitation"), minus(inc, "achats_consommes", "charges_externes", "charges_personnel", "impots_taxes", "dotations_amortissements", "autres_charges_exploitation", "charges_fonctionnelles"))},
	{total: true, label: "résultat net = exploitation + financier + exceptionnel - impôt", lhs: term{k(inc, "resultat_net"), 1, false},
		rhs: join(plus(inc, "resultat_exploitation", "resultat_financier", "resultat_exceptionnel", "autres_elements_resultat"), minus(inc, "impot_societes"))},
	{total: true, label: "total actif = somme des postes", lhs: term{k(bal, "total_actif"), 1, false},
		rhs: plus(bal, "immobilisations_incorporelles", "immobilisations_corporelles", "immobilisations_financieres", "stocks", "creances_clients", "autres_actifs_courants", "tresorerie", "autres_actifs")},
	{total: true, label: "total passif = somme des postes", lhs: term{k(bal, "total_passif"), 1, false},
		rhs: plus(bal, "capitaux_propres", "provisions", "dettes_financieres", "dettes_fournisseurs", "autres_passifs_courants", "autres_passifs")},
	{label: "total actif = total passif", lhs: term{k(bal, "total_actif"), 1, false}, rhs: plus(bal, "total_passif")},
	{label: "résultat net du tableau de flux = compte de résultat", lhs: term{k(cf, "resultat_net"), 1, false}, rhs: plus(inc, "resultat_net")},
	{label: "dotations du tableau de flux = compte de résultat", lhs: term{k(cf, "dotations_amortissements"), 1, false}, rhs: plus(inc, "dotations_amortissements")},
	{total: true, label: "flux d'exploitation = résultat net + dotations + variation du BFR", lhs: term{k(cf, "flux_exploitation"), 1, false},
		rhs: plus(cf, "resultat_net", "dotations_amortissements", "variation_bfr")},
	{total: true, label: "flux d'investissement = investissements + cessions", lhs: term{k(cf, "flux_investissement"), 1, false},
		rhs: plus(cf, "investissements", "cessions_immobilisations")},
	{total: true, label: "flux de financement = dividendes + augmentation de capital + variation des emprunts", lhs: term{k(cf, "flux_financement"), 1, false},
		rhs: plus(cf, "dividendes_verses", "augmentation_capital", "variation_emprunts")},
	{total: true, label: "variation de trésorerie = somme des trois flux", lhs: term{k(cf, "variation_tresorerie"), 1, false},
		rhs: plus(cf, "flux_exploitation", "flux_investissement", "flux_financement")},
	{label: "trésorerie de clôture = ouverture + variation", lhs: term{k(cf, "tresorerie_cloture"), 1, false},
		rhs: plus(cf, "tresorerie_ouverture", "variation_tresorerie")},
	{label: "trésorerie de clôture = trésorerie du bilan", lhs: term{k(cf, "tresorerie_cloture"), 1, false}, rhs: plus(bal, "tresorerie"), dated: true},
}

// betweenYears are identities 14 to 16, checked on year N against N-1.
var betweenYears = []identity{
	{label: "trésorerie d'ouverture = clôture de l'exercice précédent", lhs: term{k(cf, "tresorerie_ouverture"), 1, false},
		rhs: prev(plus(cf, "tresorerie_cloture")), needsPrev: true, chained: true},
	{label: "capitaux propres = précédents + résultat net + dividendes + augmentation de capital", lhs: term{k(bal, "capitaux_propres"), 1, false},
		rhs: join(prev(plus(bal, "capitaux_propres")), plus(inc, "resultat_net"), plus(cf, "dividendes_verses", "augmentation_capital")), needsPrev: true},
	{label: "variation du BFR = -(BFR - BFR précédent)", lhs: term{k(cf, "variation_bfr"), 1, false},
		rhs: join(minus(bal, statements.WorkingCapitalAssets...), plus(bal, statements.WorkingCapitalLiabilities...),
			prev(plus(bal, statements.WorkingCapitalAssets...)), prev(minus(bal, statements.WorkingCapitalLiabilities...))),
		factor: 5, needsPrev: true},
}

// Identities runs the 16 identities: 13 per year, and 3 between each year and
// the one before it (29 checks for a two-year report). With a single year the
// 3 between-years checks are reported as non vérifiable.
func Identities(r statements.Report) []Check {
	years := r.YearsDesc()
	var out []Check
	for i, y := range years {
		for _, id := range perYear {
			if d := r.Dated(y); id.dated && d != "" {
				out = append(out, unverifiable(y, id.label, "dates différentes : "+d))
				continue
			}
			out = append(out, evaluate(r, id, y, 0))
		}
		switch {
		case i+1 < len(years):
			for _, id := range betweenYears {
				if id.chained && !r.Follows(y, years[i+1]) {
					out = append(out, unverifiable(y, id.label, fmt.Sprintf("périodes non contiguës : %s après %s", r.Periods[y].Describe(), r.Periods[years[i+1]].Describe())))
					continue
				}
				out = append(out, evaluate(r, id, y, years[i+1]))
			}
		case i == 0:
			for _, id := range betweenYears {
				out = append(out, unverifiable(y, id.label, "un seul exercice"))
			}
		}
	}
	return out
}

func evaluate(r statements.Report, id identity, year, prevYear int) Check {
	yearOf := func(t term) int {
		if t.prev {
			return prevYear
		}
		return year
	}
	var missing, zero []string
	var expected float64
	printed := 0 // rhs terms printed
	for i, t := range append([]term{id.lhs}, id.rhs...) {
		v, ok := r.Years[yearOf(t)].Get(t.key)
		switch {
		case ok && i > 0:
			expected += t.sign * v
			printed++
		case ok, statements.Optional(t.key):
		case id.total && i > 0:
			zero = append(zero, t.key.String())
		default:
			name := t.key.String()
			if t.prev {
				name += fmt.Sprintf(" %d", prevYear)
			}
			missing = append(missing, name)
		}
	}
	if len(missing) == 0 && printed == 0 {
		missing = zero // nothing printed to add up
	}
	if len(missing) > 0 {
		return unverifiable(year, id.label, missingList(missing))
	}
	factor := id.factor
	if factor == 0 {
		factor = 1
	}
	tol := factor * TermTolerance(r.PrintedUnit) * float64(1+printed)
	read, _ := r.Years[year].Get(id.lhs.key)
	c := compare(year, id.label, expected, read, tol)
	if len(zero) > 0 {
		c.ZeroTerms = zero
		c.Message += " ; non imprimés, comptés pour 0 : " + strings.Join(zero, ", ")
	}
	return c
}

// identityByLabel finds the identity of a check by its label.
var identityByLabel = func() map[string]identity {
	out := map[string]identity{}
	for _, id := range append(append([]identity(nil), perYear...), betweenYears...) {
		out[id.label] = id
	}
	return out
}()

// Reads lists the fields an identity check reads: its terms in the check's
// year and, for the three between-years identities, in prev (the year before
// it in the report). Other checks read the fields they name, if any.
func Reads(c Check, prev int) []statements.FieldRef {
	id, ok := identityByLabel[c.Label]
	if !ok {
		return c.Fields
	}
	var out []statements.FieldRef
	for _, t := range append([]term{id.lhs}, id.rhs...) {
		y := c.Year
		if t.prev {
			y = prev
		}
		out = append(out, statements.FieldRef{Year: y, Key: t.key})
	}
	return out
}

// IdentityKeys maps the label of each of the 16 identities to the keys it
// reads, in dictionary order. The map is built once; do not modify it.
var IdentityKeys = sync.OnceValue(func() map[string][]statements.Key {
	out := map[string][]statements.Key{}
	for label, id := range identityByLabel {
		reads := map[statements.Key]bool{}
		for _, t := range append([]term{id.lhs}, id.rhs...) {
			reads[t.key] = true
		}
		for _, k := range statements.AllKeys() {
			if reads[k] {
				out[label] = append(out[label], k)
			}
		}
	}
	return out
})

// IsScale tells the scale check, whose failure moves every field.
func IsScale(c Check) bool { return c.Label == scaleLabel }

// ZeroByTotal lists, per year, the absent keys that a passed identity
// proved nil: the printed total equals the sum of the printed lines.
func ZeroByTotal(cs []Check) map[int]map[statements.Key]bool {
	out := map[int]map[statements.Key]bool{}
	for _, c := range cs {
		if c.Status != Passed {
			continue
		}
		for _, name := range c.ZeroTerms {
			k, ok := statements.ParseKey(name)
			if !ok {
				continue
			}
			if out[c.Year] == nil {
				out[c.Year] = map[statements.Key]bool{}
			}
			out[c.Year][k] = true
		}
	}
	return out
}
