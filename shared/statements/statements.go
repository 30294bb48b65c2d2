// Package statements holds the three financial statements exactly as the
// data dictionary (docs/dictionary.md) defines them: Go identifiers in
// English, JSON keys in French, amounts normalised to k€ with the dictionary's
// signs.
package statements

// Statement names one of the three tables; its value is the dictionary key.
type Statement string

// The three statements, in the order a report usually prints them.
const (
	Income   Statement = "compte_resultat"
	Balance  Statement = "bilan"
	CashFlow Statement = "flux_tresorerie"
)

// All lists the statements in printing order.
var All = []Statement{Income, Balance, CashFlow}

// IncomeStatement is the compte de résultat (11 fields and 4 optional ones).
// Charges are stored positive; results carry their sign. A nil field was not
// printed: absent, never zero.
type IncomeStatement struct {
	Revenue         *float64 `json:"chiffre_affaires,omitempty"`
	Purchases       *float64 `json:"achats_consommes,omitempty"`
	ExternalCharges *float64 `json:"charges_externes,omitempty"`
	StaffCosts      *float64 `json:"charges_personnel,omitempty"`
	Taxes           *float64 `json:"impots_taxes,omitempty"`
	Depreciation    *float64 `json:"dotations_amortissements,omitempty"`
	// Optional: other operating income and charges, outside the 11 fields.
	OtherOperatingIncome  *float64 `json:"autres_produits_exploitation,omitempty"`
	OtherOperatingCharges *float64 `json:"autres_charges_exploitation,omitempty"`
	// Optional: the charges of an income statement by function (coût des
	// ventes, frais commerciaux, administratifs, de recherche), which print
	// no charge by nature.
	FunctionalCharges *float64 `json:"charges_fonctionnelles,omitempty"`
	OperatingResult   *float64 `json:"resultat_exploitation,omitempty"`
	FinancialResult   *float64 `json:"resultat_financier,omitempty"`
	ExceptionalResult *float64 `json:"resultat_exceptionnel,omitempty"`
	// Optional: quote-part sur opérations en commun, participation des salariés (signed).
	OtherResultItems *float64 `json:"autres_elements_resultat,omitempty"`
	IncomeTax        *float64 `json:"impot_societes,omitempty"`
	NetResult        *float64 `json:"resultat_net,omitempty"`
}

// BalanceSheet is the bilan (14 fields and 2 optional ones); a nil field was
// not printed.
type BalanceSheet struct {
	IntangibleAssets   *float64 `json:"immobilisations_incorporelles,omitempty"`
	TangibleAssets     *float64 `json:"immobilisations_corporelles,omitempty"`
	FinancialAssets    *float64 `json:"immobilisations_financieres,omitempty"`
	Inventories        *float64 `json:"stocks,omitempty"`
	TradeReceivables   *float64 `json:"creances_clients,omitempty"`
	OtherCurrentAssets *float64 `json:"autres_actifs_courants,omitempty"`
	Cash               *float64 `json:"tresorerie,omitempty"`
	// Optional: comptes de régularisation (charges à répartir, primes de
	// remboursement, écarts de conversion actif).
	OtherAssets             *float64 `json:"autres_actifs,omitempty"`
	TotalAssets             *float64 `json:"total_actif,omitempty"`
	Equity                  *float64 `json:"capitaux_propres,omitempty"`
	Provisions              *float64 `json:"provisions,omitempty"`
	FinancialDebt           *float64 `json:"dettes_financieres,omitempty"`
	TradePayables           *float64 `json:"dettes_fournisseurs,omitempty"`
	OtherCurrentLiabilities *float64 `json:"autres_passifs_courants,omitempty"`
	// Optional: autres fonds propres, écarts de conversion passif.
	OtherLiabilities *float64 `json:"autres_passifs,omitempty"`
	TotalLiabilities *float64 `json:"total_passif,omitempty"`
}

// CashFlowStatement is the tableau des flux de trésorerie (14 fields); every
// line carries its sign, an outflow is negative; a nil field was not printed.
type CashFlowStatement struct {
	NetResult            *float64 `json:"resultat_net,omitempty"`
	Depreciation         *float64 `json:"dotations_amortissements,omitempty"`
	WorkingCapitalChange *float64 `json:"variation_bfr,omitempty"`
	OperatingCashFlow    *float64 `json:"flux_exploitation,omitempty"`
	Capex                *float64 `json:"investissements,omitempty"`
	AssetDisposals       *float64 `json:"cessions_immobilisations,omitempty"`
	InvestingCashFlow    *float64 `json:"flux_investissement,omitempty"`
	DividendsPaid        *float64 `json:"dividendes_verses,omitempty"`
	CapitalIncrease      *float64 `json:"augmentation_capital,omitempty"`
	NetBorrowing         *float64 `json:"variation_emprunts,omitempty"`
	FinancingCashFlow    *float64 `json:"flux_financement,omitempty"`
	CashChange           *float64 `json:"variation_tresorerie,omitempty"`
	OpeningCash          *float64 `json:"tresorerie_ouverture,omitempty"`
	ClosingCash          *float64 `json:"tresorerie_cloture,omitempty"`
}

// Year is one financial year of the three statements (39 fields and 6
// optional ones). Its JSON lists only the fields printed.
type Year struct {
	Income   IncomeStatement   `json:"compte_resultat,omitzero"`
	Balance  BalanceSheet      `json:"bilan,omitzero"`
	CashFlow CashFlowStatement `json:"flux_tresorerie,omitzero"`
}

// Pages gives the physical, 1-based page of each statement.
type Pages struct {
	Income   int `json:"compte_resultat,omitempty"`
	Balance  int `json:"bilan,omitempty"`
	CashFlow int `json:"flux_tresorerie,omitempty"`
}

// ExpectedSignal is a risk signal a reader should find: a verified quote on
// Page that contains Clue after quote normalisation.
type ExpectedSignal struct {
	ID   string `json:"id"`
	Page int    `json:"page"`
	Clue string `json:"indice"`
}

// Truth is the ground truth of a test report (testdata/<company>/truth.json).
// Amounts are normalised (k€, dictionary signs).
type Truth struct {
	Company string `json:"societe"`
	// Family names the presentation family the evaluation groups by
	// ("cours", "liasse 2050", "plaquette"…).
	Family      string       `json:"famille,omitempty"`
	PrintedUnit string       `json:"unite_imprimee"`
	Pages       Pages        `json:"pages"`
	Years       map[int]Year `json:"exercices"`
	// Periods and BalanceDates are what the document prints of its periods
	// (a first exercise of ten months, a half-year), when it prints them.
	Periods         map[int]Period   `json:"periodes,omitempty"`
	BalanceDates    map[int]string   `json:"dates_bilan,omitempty"`
	ExpectedSignals []ExpectedSignal `json:"signaux_attendus"`
}
