package engines

import (
	"math"
	"math/rand/v2"
)

// amounts are the leaf amounts of one year, in grains of the printed unit
// (1 € for €, 1 k€ for k€, 0.1 M€ for M€), so that every printed subtotal is
// the exact sum of its printed lines.
type amounts map[string]int64

// sum adds the leaves named by terms; a term starting with "-" subtracts.
func (a amounts) sum(terms []string) int64 {
	var s int64
	for _, t := range terms {
		if t[0] == '-' {
			s -= a[t[1:]]
		} else {
			s += a[t]
		}
	}
	return s
}

// economy is a company over three consecutive years: the first one only
// gives the opening balances of the second, the two last ones are printed.
// Every accounting identity of the dictionary holds on it by construction.
type economy struct {
	years [3]amounts
	// depreciation of the asset leaves at the last year-end, for the gross
	// and depreciation columns.
	depreciation amounts
}

// drawer wraps the seeded source with the draws the generator needs.
type drawer struct {
	r *rand.Rand
	// grain is how many grains make one k€.
	grain float64
	// revenue of the current year, in k€: the scale of every amount.
	revenue float64
	// goodsShare and servicesShare split the revenue; negative until drawn.
	goodsShare, servicesShare float64
}

func (d *drawer) chance(p float64) bool { return d.r.Float64() < p }

func (d *drawer) between(lo, hi float64) float64 { return lo + d.r.Float64()*(hi-lo) }

// share draws an amount of lo..hi of the revenue, at least one grain.
func (d *drawer) share(lo, hi float64) int64 {
	return max(1, int64(math.Round(d.revenue*d.between(lo, hi)*d.grain)))
}

// maybe draws a share with probability p, else 0 (the line is not printed).
func (d *drawer) maybe(p, lo, hi float64) int64 {
	if !d.chance(p) {
		return 0
	}
	return d.share(lo, hi)
}

// scale moves an existing amount by a factor of lo..hi; 0 stays 0.
func (d *drawer) scale(v int64, lo, hi float64) int64 {
	if v == 0 {
		return 0
	}
	return max(1, int64(math.Round(float64(v)*d.between(lo, hi))))
}

// Leaves of each block: their sums are the dictionary's keys (keyTerms).
var (
	intangibleLeaves = []string{"frais_etablissement", "frais_developpement", "concessions", "fonds_commercial", "autres_incorporelles", "avances_incorporelles"}
	tangibleLeaves   = []string{"terrains", "constructions", "installations", "autres_corporelles", "corporelles_en_cours", "avances_corporelles"}
	financialLeaves  = []string{"participations", "creances_participations", "autres_titres", "prets", "autres_financieres"}
	stockLeaves      = []string{"stock_matieres", "stock_en_cours", "stock_produits", "stock_marchandises"}
	otherCurrent     = []string{"avances_versees", "autres_creances", "charges_constatees"}
	cashLeaves       = []string{"vmp", "disponibilites"}
	regularisation   = []string{"frais_emission", "primes_remboursement", "ecarts_conversion_actif"}
	equityLeaves     = []string{"capital", "primes", "ecarts_reevaluation", "reserve_legale", "reserves_statutaires", "reserves_reglementees", "autres_reserves", "report_a_nouveau", "resultat", "subventions_investissement", "provisions_reglementees", "interets_minoritaires"}
	otherFunds       = []string{"avances_conditionnees", "ecarts_conversion_passif"}
	provisionLeaves  = []string{"provisions_risques", "provisions_charges"}
	debtLeaves       = []string{"emprunts_convertibles", "autres_emprunts_obligataires", "emprunts_credit", "concours_bancaires", "emprunts_divers"}
	otherLiabilities = []string{"avances_recues", "dettes_fiscales_sociales", "dettes_immobilisations", "autres_dettes", "produits_constates"}
	revenueLeaves    = []string{"ventes_marchandises", "production_biens", "production_services"}
	otherIncome      = []string{"production_stockee", "production_immobilisee", "subventions_exploitation", "reprises_exploitation", "autres_produits"}
	purchaseLeaves   = []string{"achats_marchandises", "variation_marchandises", "achats_matieres", "variation_matieres"}
	depreciationCR   = []string{"dotations_amortissements", "dotations_provisions_immobilisations", "dotations_provisions_actif_circulant", "dotations_provisions_risques"}
	financialIncome  = []string{"produits_participations", "produits_valeurs_mobilieres", "interets_recus", "reprises_financieres", "gains_change", "produits_cessions_vmp"}
	financialCharges = []string{"dotations_financieres", "interets_payes", "pertes_change", "charges_cessions_vmp"}
	exceptionalIn    = []string{"exceptionnels_gestion", "exceptionnels_capital", "reprises_exceptionnelles"}
	exceptionalOut   = []string{"charges_exceptionnelles_gestion", "charges_exceptionnelles_capital", "dotations_exceptionnelles"}
	// The système développé details the external charges and the taxes
	// (developpe.go); in the other models these leaves stay 0.
	externalLeaves = []string{"autres_achats_charges_externes", "sous_traitance", "achats_non_stockes", "personnel_exterieur", "credit_bail"}
	taxLeaves      = []string{"impots_taxes", "taxes_remunerations"}
)

// neg gives the terms that subtract leaves.
func neg(leaves []string) []string {
	out := make([]string, len(leaves))
	for i, l := range leaves {
		out[i] = "-" + l
	}
	return out
}

func cat[T any](parts ...[]T) []T {
	var out []T
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

var (
	operatingIncome  = cat(revenueLeaves, otherIncome)
	operatingCharges = cat(purchaseLeaves, externalLeaves, taxLeaves, []string{"salaires", "charges_sociales"}, depreciationCR, []string{"autres_charges"})
	operatingResult  = cat(operatingIncome, neg(operatingCharges))
	financialResult  = cat(financialIncome, neg(financialCharges))
	exceptionalRes   = cat(exceptionalIn, neg(exceptionalOut))
	netResult        = cat(operatingResult, financialResult, exceptionalRes, []string{"-participation", "-impot_benefices"})
	assetLeaves      = cat(intangibleLeaves, tangibleLeaves, financialLeaves, stockLeaves, []string{"clients"}, otherCurrent, cashLeaves, regularisation)
	liabilityLeaves  = cat(equityLeaves, otherFunds, provisionLeaves, debtLeaves, []string{"fournisseurs"}, otherLiabilities)
	bfrTerms         = cat(stockLeaves, []string{"clients"}, otherCurrent, []string{"-fournisseurs"}, neg(otherLiabilities))
	cashFlowLeaves   = []string{"flux_resultat", "flux_dotations", "flux_bfr", "acquisitions", "cessions", "dividendes", "augmentation_capital", "emissions_emprunts", "remboursements_emprunts"}
)

// keyTerms defines every dictionary key on the leaves, whatever the
// presentation: a presentation's rows are checked against it.
var keyTerms = map[string][]string{
	"compte_resultat.chiffre_affaires":             revenueLeaves,
	"compte_resultat.autres_produits_exploitation": otherIncome,
	"compte_resultat.achats_consommes":             purchaseLeaves,
	"compte_resultat.charges_externes":             externalLeaves,
	"compte_resultat.impots_taxes":                 taxLeaves,
	"compte_resultat.charges_personnel":            {"salaires", "charges_sociales"},
	"compte_resultat.dotations_amortissements":     depreciationCR,
	"compte_resultat.autres_charges_exploitation":  {"autres_charges"},
	"compte_resultat.resultat_exploitation":        operatingResult,
	"compte_resultat.resultat_financier":           financialResult,
	"compte_resultat.resultat_exceptionnel":        exceptionalRes,
	"compte_resultat.autres_elements_resultat":     {"-participation"},
	"compte_resultat.impot_societes":               {"impot_benefices"},
	"compte_resultat.resultat_net":                 netResult,

	"bilan.immobilisations_incorporelles": intangibleLeaves,
	"bilan.immobilisations_corporelles":   tangibleLeaves,
	"bilan.immobilisations_financieres":   financialLeaves,
	"bilan.stocks":                        stockLeaves,
	"bilan.creances_clients":              {"clients"},
	"bilan.autres_actifs_courants":        otherCurrent,
	"bilan.tresorerie":                    cashLeaves,
	"bilan.autres_actifs":                 regularisation,
	"bilan.total_actif":                   assetLeaves,
	"bilan.capitaux_propres":              equityLeaves,
	"bilan.autres_passifs":                otherFunds,
	"bilan.provisions":                    provisionLeaves,
	"bilan.dettes_financieres":            debtLeaves,
	"bilan.dettes_fournisseurs":           {"fournisseurs"},
	"bilan.autres_passifs_courants":       otherLiabilities,
	"bilan.total_passif":                  liabilityLeaves,

	"flux_tresorerie.resultat_net":             {"flux_resultat"},
	"flux_tresorerie.dotations_amortissements": {"flux_dotations"},
	"flux_tresorerie.variation_bfr":            {"flux_bfr"},
	"flux_tresorerie.flux_exploitation":        {"flux_resultat", "flux_dotations", "flux_bfr"},
	"flux_tresorerie.investissements":          {"acquisitions"},
	"flux_tresorerie.cessions_immobilisations": {"cessions"},
	"flux_tresorerie.flux_investissement":      {"acquisitions", "cessions"},
	"flux_tresorerie.dividendes_verses":        {"dividendes"},
	"flux_tresorerie.augmentation_capital":     {"augmentation_capital"},
	"flux_tresorerie.variation_emprunts":       {"emissions_emprunts", "remboursements_emprunts"},
	"flux_tresorerie.flux_financement":         {"dividendes", "augmentation_capital", "emissions_emprunts", "remboursements_emprunts"},
	"flux_tresorerie.variation_tresorerie":     cat(cashFlowLeaves),
	"flux_tresorerie.tresorerie_ouverture":     {"tresorerie_ouverture"},
	"flux_tresorerie.tresorerie_cloture":       cat([]string{"tresorerie_ouverture"}, cashFlowLeaves),
}

// consolidatedTerms are the keys a consolidated statement by nature
// defines otherwise: the participation of the employees is a staff cost,
// and the résultat opérationnel courant is the operating result, the other
// operating income and charges below it (the non-recurring items) standing
// for the résultat exceptionnel, as the course reports' truth reads a
// consolidated statement (docs/dictionary.md).
var consolidatedTerms = map[string][]string{
	"compte_resultat.charges_personnel":     {"salaires", "charges_sociales", "participation"},
	"compte_resultat.resultat_exploitation": cat(operatingResult, []string{"-participation"}),
	// By function (incomeByFunction): every operating charge but the other
	// operating charges, the participation included.
	"compte_resultat.charges_fonctionnelles": cat(costOfSales, commercialCost, adminCost),
}

// terms defines key on the leaves for a presentation model.
func terms(model, key string) []string {
	if t, ok := consolidatedTerms[key]; ok && model == modelIFRS {
		return t
	}
	return keyTerms[key]
}

// newEconomy draws a company of revenue about revenueK k€; a group
// (consolidated) has minority interests and no comptes de régularisation.
func newEconomy(r *rand.Rand, grain, revenueK float64, group bool) economy {
	d := &drawer{r: r, grain: grain, revenue: revenueK, goodsShare: -1}
	var e economy
	e.years[0] = d.openingBalance()
	if group {
		for _, l := range cat(regularisation, otherFunds) {
			e.years[0][l] = 0
		}
		e.years[0]["interets_minoritaires"] = d.share(0.005, 0.04)
	}
	d.income(e.years[0], nil)
	e.years[0]["resultat"] = e.years[0].sum(netResult)
	d.balanceOpening(e.years[0])
	for t := 1; t < 3; t++ {
		d.revenue *= d.between(0.85, 1.2)
		e.years[t] = d.nextYear(e.years[t-1])
		if group { // the minorities' share of the result, printed under it
			e.years[t]["resultat_minoritaires"] = int64(float64(e.years[t]["resultat"]) * d.between(0.03, 0.15))
		}
	}
	e.depreciation = d.depreciation(e.years[2])
	return e
}

// openingBalance draws the first balance sheet but its cash.
func (d *drawer) openingBalance() amounts {
	a := amounts{
		"frais_etablissement":     d.maybe(0.2, 0.002, 0.01),
		"frais_developpement":     d.maybe(0.2, 0.005, 0.03),
		"concessions":             d.maybe(0.6, 0.005, 0.03),
		"fonds_commercial":        d.maybe(0.4, 0.01, 0.08),
		"autres_incorporelles":    d.maybe(0.3, 0.002, 0.02),
		"avances_incorporelles":   d.maybe(0.1, 0.001, 0.005),
		"terrains":                d.maybe(0.4, 0.01, 0.05),
		"constructions":           d.maybe(0.5, 0.03, 0.15),
		"installations":           d.share(0.05, 0.25),
		"autres_corporelles":      d.maybe(0.9, 0.01, 0.06),
		"corporelles_en_cours":    d.maybe(0.3, 0.002, 0.02),
		"avances_corporelles":     d.maybe(0.15, 0.001, 0.005),
		"participations":          d.maybe(0.4, 0.01, 0.1),
		"creances_participations": d.maybe(0.2, 0.005, 0.03),
		"autres_titres":           d.maybe(0.2, 0.002, 0.01),
		"prets":                   d.maybe(0.3, 0.001, 0.01),
		"autres_financieres":      d.maybe(0.8, 0.001, 0.01),
		"stock_matieres":          d.maybe(0.6, 0.02, 0.08),
		"stock_en_cours":          d.maybe(0.3, 0.005, 0.03),
		"stock_produits":          d.maybe(0.4, 0.01, 0.05),
		"stock_marchandises":      d.maybe(0.5, 0.01, 0.06),
		"avances_versees":         d.maybe(0.3, 0.001, 0.01),
		"clients":                 d.share(0.1, 0.25),
		"autres_creances":         d.maybe(0.9, 0.01, 0.06),
		"charges_constatees":      d.maybe(0.8, 0.002, 0.01),
		"vmp":                     d.maybe(0.3, 0.01, 0.05),
		"frais_emission":          d.maybe(0.1, 0.0005, 0.003),
		"primes_remboursement":    d.maybe(0.05, 0.0005, 0.002),
		"ecarts_conversion_actif": d.maybe(0.15, 0.0005, 0.003),

		"capital":                      d.share(0.02, 0.15),
		"primes":                       d.maybe(0.3, 0.01, 0.1),
		"ecarts_reevaluation":          d.maybe(0.1, 0.005, 0.03),
		"reserves_statutaires":         d.maybe(0.2, 0.005, 0.03),
		"reserves_reglementees":        d.maybe(0.2, 0.001, 0.01),
		"autres_reserves":              d.maybe(0.7, 0.02, 0.2),
		"subventions_investissement":   d.maybe(0.2, 0.002, 0.02),
		"provisions_reglementees":      d.maybe(0.2, 0.002, 0.02),
		"avances_conditionnees":        d.maybe(0.1, 0.002, 0.02),
		"ecarts_conversion_passif":     d.maybe(0.1, 0.0005, 0.003),
		"provisions_risques":           d.maybe(0.6, 0.002, 0.03),
		"provisions_charges":           d.maybe(0.3, 0.002, 0.02),
		"emprunts_convertibles":        d.maybe(0.05, 0.02, 0.1),
		"autres_emprunts_obligataires": d.maybe(0.08, 0.02, 0.1),
		"emprunts_credit":              d.maybe(0.85, 0.05, 0.3),
		"concours_bancaires":           d.maybe(0.3, 0.002, 0.03),
		"emprunts_divers":              d.maybe(0.5, 0.005, 0.05),
		"avances_recues":               d.maybe(0.2, 0.002, 0.02),
		"fournisseurs":                 d.share(0.06, 0.18),
		"dettes_fiscales_sociales":     d.share(0.05, 0.15),
		"dettes_immobilisations":       d.maybe(0.2, 0.002, 0.02),
		"autres_dettes":                d.maybe(0.6, 0.002, 0.03),
		"produits_constates":           d.maybe(0.3, 0.002, 0.02),
	}
	if a["capital"] > 0 && d.chance(0.7) {
		a["reserve_legale"] = max(1, a["capital"]/10)
	}
	if d.chance(0.6) {
		a["report_a_nouveau"] = d.share(0.001, 0.03) * (1 - 2*int64(d.r.IntN(3)/2))
	}
	return a
}

// balanceOpening makes the first balance sheet balance with its cash, and
// borrows when the cash would fall under a floor.
func (d *drawer) balanceOpening(a amounts) {
	floor := d.share(0.005, 0.02)
	cash := a.sum(liabilityLeaves) - a.sum(assetLeaves) // the assets without their cash at hand yet
	if cash < floor {
		a["emprunts_credit"] += floor - cash
		cash = floor
	}
	a["disponibilites"] = cash
}

// income draws the income statement of a year into a; prev (nil for the
// first year) gives the stock variations.
func (d *drawer) income(a, prev amounts) {
	if d.goodsShare < 0 { // the business mix is the company's, from its first year
		d.goodsShare, d.servicesShare = 0, 0
		if a["stock_marchandises"] > 0 || d.chance(0.3) {
			d.goodsShare = d.between(0.2, 1)
		}
		if d.chance(0.5) {
			d.servicesShare = d.between(0, 1)
		}
	}
	rev := d.share(1, 1)
	if d.goodsShare > 0 {
		a["ventes_marchandises"] = max(1, int64(float64(rev)*d.goodsShare*d.between(0.9, 1)))
	}
	production := rev - a["ventes_marchandises"]
	if production > 0 {
		services := int64(float64(production) * d.servicesShare)
		a["production_services"] = services
		a["production_biens"] = production - services
	}
	variation := func(leaves ...string) int64 {
		if prev == nil {
			return 0
		}
		var s int64
		for _, l := range leaves {
			s += a[l] - prev[l]
		}
		return s
	}
	if prev == nil {
		a["production_stockee"] = d.maybe(0.3, -0.01, 0.01)
	} else {
		a["production_stockee"] = variation("stock_en_cours", "stock_produits")
	}
	a["production_immobilisee"] = d.maybe(0.2, 0.001, 0.01)
	a["subventions_exploitation"] = d.maybe(0.2, 0.001, 0.005)
	a["reprises_exploitation"] = d.maybe(0.7, 0.002, 0.01)
	a["autres_produits"] = d.maybe(0.5, 0.0005, 0.003)
	if a["ventes_marchandises"] > 0 {
		a["achats_marchandises"] = max(1, int64(float64(a["ventes_marchandises"])*d.between(0.55, 0.75)))
		a["variation_marchandises"] = -variation("stock_marchandises")
	}
	if production > 0 && (a["stock_matieres"] > 0 || d.chance(0.5)) {
		a["achats_matieres"] = max(1, int64(float64(production)*d.between(0.15, 0.35)))
		a["variation_matieres"] = -variation("stock_matieres")
	}
	a["autres_achats_charges_externes"] = d.share(0.1, 0.22)
	a["impots_taxes"] = d.share(0.01, 0.03)
	a["salaires"] = d.share(0.14, 0.26)
	a["charges_sociales"] = max(1, int64(float64(a["salaires"])*d.between(0.35, 0.45)))
	a["dotations_amortissements"] = d.share(0.02, 0.05)
	a["dotations_provisions_immobilisations"] = d.maybe(0.1, 0.0005, 0.003)
	a["dotations_provisions_actif_circulant"] = d.maybe(0.4, 0.0005, 0.004)
	a["dotations_provisions_risques"] = d.maybe(0.3, 0.0005, 0.004)
	a["autres_charges"] = d.maybe(0.7, 0.0005, 0.004)
	a["produits_participations"] = d.maybe(0.3, 0.0005, 0.005)
	a["produits_valeurs_mobilieres"] = d.maybe(0.2, 0.0002, 0.002)
	a["interets_recus"] = d.maybe(0.5, 0.0002, 0.002)
	a["reprises_financieres"] = d.maybe(0.1, 0.0002, 0.002)
	a["gains_change"] = d.maybe(0.15, 0.0002, 0.002)
	a["produits_cessions_vmp"] = d.maybe(0.05, 0.0002, 0.001)
	a["dotations_financieres"] = d.maybe(0.1, 0.0002, 0.002)
	a["interets_payes"] = d.maybe(0.9, 0.002, 0.012)
	a["pertes_change"] = d.maybe(0.15, 0.0002, 0.002)
	a["charges_cessions_vmp"] = d.maybe(0.05, 0.0002, 0.001)
	a["exceptionnels_gestion"] = d.maybe(0.4, 0.0002, 0.003)
	a["exceptionnels_capital"] = d.maybe(0.3, 0.0005, 0.005)
	a["reprises_exceptionnelles"] = d.maybe(0.2, 0.0002, 0.003)
	a["charges_exceptionnelles_gestion"] = d.maybe(0.4, 0.0002, 0.003)
	a["charges_exceptionnelles_capital"] = d.maybe(0.3, 0.0005, 0.004)
	a["dotations_exceptionnelles"] = d.maybe(0.2, 0.0002, 0.003)
	before := a.sum(cat(operatingResult, financialResult, exceptionalRes))
	if before > 0 && d.chance(0.3) {
		a["participation"] = max(1, int64(float64(before)*d.between(0.03, 0.08)))
	}
	taxable := before - a["participation"]
	switch {
	case taxable > 0:
		a["impot_benefices"] = int64(float64(taxable) * d.between(0.2, 0.27))
	case d.chance(0.3):
		a["impot_benefices"] = -d.share(0.0005, 0.002) // a tax credit
	}
}

// nextYear rolls the company one year on from prev: income, balance sheet
// and the cash flows that link them.
func (d *drawer) nextYear(prev amounts) amounts {
	a := amounts{}
	for _, l := range cat(intangibleLeaves, financialLeaves) {
		a[l] = d.scale(prev[l], 0.8, 1.1)
	}
	for _, l := range stockLeaves {
		a[l] = d.scale(prev[l], 0.85, 1.2)
	}
	a["clients"] = d.share(0.1, 0.25)
	for _, l := range cat(otherCurrent, regularisation, otherFunds, provisionLeaves, otherLiabilities) {
		a[l] = d.scale(prev[l], 0.8, 1.2)
	}
	a["fournisseurs"] = d.share(0.06, 0.18)
	for _, l := range equityLeaves {
		a[l] = prev[l]
	}
	d.income(a, prev)
	a["resultat"] = a.sum(netResult)

	// Appropriation of last year's result; dividends only out of a profit.
	if last := prev["resultat"]; last > 0 {
		if d.chance(0.6) {
			a["dividendes"] = -int64(float64(last) * d.between(0.2, 0.8))
		}
		a["autres_reserves"] += last + a["dividendes"]
	} else {
		a["report_a_nouveau"] += last
	}
	if d.chance(0.15) {
		a["augmentation_capital"] = d.share(0.005, 0.05)
		a["capital"] += a["augmentation_capital"]
	}

	for _, l := range debtLeaves {
		a[l] = d.scale(prev[l], 0.75, 1.25)
	}
	a["flux_resultat"] = a["resultat"]
	a["flux_dotations"] = a.sum(depreciationCR)
	a["flux_bfr"] = -(a.sum(bfrTerms) - prev.sum(bfrTerms))

	// Fixed assets: the balance sheet closes on the tangible ones, which
	// move by capex - disposals - depreciation and the other variations.
	delta := func(leaves []string) int64 { return a.sum(leaves) - prev.sum(leaves) }
	others := delta(regularisation) - delta(otherFunds) - delta(provisionLeaves) + delta(intangibleLeaves) + delta(financialLeaves)
	if d.chance(0.3) {
		a["cessions"] = d.share(0.001, 0.01)
	}
	target := d.scale(prev.sum(tangibleLeaves), 0.9, 1.15)
	capex := max(target-prev.sum(tangibleLeaves)+a["cessions"]+a["flux_dotations"]+others, d.share(0.005, 0.02))
	a["acquisitions"] = -capex
	tangible := prev.sum(tangibleLeaves) + capex - a["cessions"] - a["flux_dotations"] - others
	spread(a, prev, tangibleLeaves, tangible)

	repaid := -int64(float64(prev["emprunts_credit"]+prev["emprunts_convertibles"]+prev["autres_emprunts_obligataires"]) * d.between(0.08, 0.2))
	a["remboursements_emprunts"] = repaid
	a["emissions_emprunts"] = delta(debtLeaves) - repaid
	if a["emissions_emprunts"] < 0 {
		a["remboursements_emprunts"], a["emissions_emprunts"] = delta(debtLeaves), 0
	}
	a["tresorerie_ouverture"] = prev.sum(cashLeaves)
	cash := a.sum(keyTerms["flux_tresorerie.tresorerie_cloture"])
	floor := d.share(0.005, 0.02)
	if cash < floor {
		a["emprunts_credit"] += floor - cash
		a["emissions_emprunts"] += floor - cash
		cash = floor
	}
	a["vmp"] = min(d.scale(prev["vmp"], 0.7, 1.3), cash/2)
	a["disponibilites"] = cash - a["vmp"]
	return a
}

// spread sets the leaves to add up to total, keeping their previous
// proportions; the largest takes the rounding.
func spread(a, prev amounts, leaves []string, total int64) {
	before := prev.sum(leaves)
	largest := leaves[0]
	for _, l := range leaves {
		if prev[l] > prev[largest] {
			largest = l
		}
	}
	rest := total
	for _, l := range leaves {
		if l == largest || before == 0 {
			continue
		}
		a[l] = int64(math.Round(float64(prev[l]) * float64(total) / float64(before)))
		rest -= a[l]
	}
	a[largest] = rest
}

// depreciation draws the accumulated depreciation of the asset leaves.
func (d *drawer) depreciation(a amounts) amounts {
	out := amounts{}
	for _, l := range cat(intangibleLeaves, tangibleLeaves) {
		if a[l] > 0 && l != "fonds_commercial" && l != "terrains" && l != "corporelles_en_cours" && l != "avances_corporelles" && l != "avances_incorporelles" {
			out[l] = int64(float64(a[l]) * d.between(0.2, 2))
		}
	}
	for _, l := range cat(financialLeaves, stockLeaves, []string{"clients", "autres_creances"}) {
		if a[l] > 0 && d.chance(0.3) {
			out[l] = int64(float64(a[l]) * d.between(0.01, 0.1))
		}
	}
	return out
}
