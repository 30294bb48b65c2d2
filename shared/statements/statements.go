// Package statements holds the three financial statements exactly as the
// data dictionary (shared/spec/statements.md) defines them: Go identifiers in
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

// IncomeStatement is the compte de résultat (11 fields). Charges are stored
// positive; results carry their sign.
type IncomeStatement struct {
	Revenue           float64 `json:"chiffre_affaires"`
	Purchases         float64 `json:"achats_consommes"`
	ExternalCharges   float64 `json:"charges_externes"`
	StaffCosts        float64 `json:"charges_personnel"`
	Taxes             float64 `json:"impots_taxes"`
	Depreciation      float64 `json:"dotations_amortissements"`
	OperatingResult   float64 `json:"resultat_exploitation"`
	FinancialResult   float64 `json:"resultat_financier"`
	ExceptionalResult float64 `json:"resultat_exceptionnel"`
	IncomeTax         float64 `json:"impot_societes"`
	NetResult         float64 `json:"resultat_net"`
}

// BalanceSheet is the bilan (14 fields).
type BalanceSheet struct {
	IntangibleAssets        float64 `json:"immobilisations_incorporelles"`
	TangibleAssets          float64 `json:"immobilisations_corporelles"`
	FinancialAssets         float64 `json:"immobilisations_financieres"`
	Inventories             float64 `json:"stocks"`
	TradeReceivables        float64 `json:"creances_clients"`
	OtherCurrentAssets      float64 `json:"autres_actifs_courants"`
	Cash                    float64 `json:"tresorerie"`
	TotalAssets             float64 `json:"total_actif"`
	Equity                  float64 `json:"capitaux_propres"`
	Provisions              float64 `json:"provisions"`
	FinancialDebt           float64 `json:"dettes_financieres"`
	TradePayables           float64 `json:"dettes_fournisseurs"`
	OtherCurrentLiabilities float64 `json:"autres_passifs_courants"`
	TotalLiabilities        float64 `json:"total_passif"`
}

// CashFlowStatement is the tableau des flux de trésorerie (14 fields); every
// line carries its sign, an outflow is negative.
type CashFlowStatement struct {
	NetResult            float64 `json:"resultat_net"`
	Depreciation         float64 `json:"dotations_amortissements"`
	WorkingCapitalChange float64 `json:"variation_bfr"`
	OperatingCashFlow    float64 `json:"flux_exploitation"`
	Capex                float64 `json:"investissements"`
	AssetDisposals       float64 `json:"cessions_immobilisations"`
	InvestingCashFlow    float64 `json:"flux_investissement"`
	DividendsPaid        float64 `json:"dividendes_verses"`
	CapitalIncrease      float64 `json:"augmentation_capital"`
	NetBorrowing         float64 `json:"variation_emprunts"`
	FinancingCashFlow    float64 `json:"flux_financement"`
	CashChange           float64 `json:"variation_tresorerie"`
	OpeningCash          float64 `json:"tresorerie_ouverture"`
	ClosingCash          float64 `json:"tresorerie_cloture"`
}

// Year is one financial year of the three statements (39 fields).
type Year struct {
	Income   IncomeStatement   `json:"compte_resultat"`
	Balance  BalanceSheet      `json:"bilan"`
	CashFlow CashFlowStatement `json:"flux_tresorerie"`
}

// Pages gives the physical, 1-based page of each statement.
type Pages struct {
	Income   int `json:"compte_resultat"`
	Balance  int `json:"bilan"`
	CashFlow int `json:"flux_tresorerie"`
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
	Company         string           `json:"societe"`
	PrintedUnit     string           `json:"unite_imprimee"`
	Pages           Pages            `json:"pages"`
	Years           map[int]Year     `json:"exercices"`
	ExpectedSignals []ExpectedSignal `json:"signaux_attendus"`
}
