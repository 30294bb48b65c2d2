package viewer

import (
	"analyste.dev/analyste/shared/checks"
	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/signals"
	"analyste.dev/analyste/shared/statements"
)

// statementTitles name the three statements as a report prints them.
var statementTitles = map[statements.Statement]string{
	statements.Income:   "Compte de résultat",
	statements.Balance:  "Bilan",
	statements.CashFlow: "Tableau des flux de trésorerie",
}

// lineLabels are the typical French labels of the data dictionary
// (docs/dictionary.md), one per key.
var lineLabels = map[statements.Key]string{
	{Statement: statements.Income, Name: "chiffre_affaires"}:             "Chiffre d'affaires net",
	{Statement: statements.Income, Name: "achats_consommes"}:             "Achats consommés",
	{Statement: statements.Income, Name: "charges_externes"}:             "Autres achats et charges externes",
	{Statement: statements.Income, Name: "charges_personnel"}:            "Charges de personnel",
	{Statement: statements.Income, Name: "impots_taxes"}:                 "Impôts, taxes et versements assimilés",
	{Statement: statements.Income, Name: "dotations_amortissements"}:     "Dotations aux amortissements et provisions",
	{Statement: statements.Income, Name: "autres_produits_exploitation"}: "Autres produits d'exploitation",
	{Statement: statements.Income, Name: "autres_charges_exploitation"}:  "Autres charges d'exploitation",
	{Statement: statements.Income, Name: "charges_fonctionnelles"}:       "Charges par fonction",
	{Statement: statements.Income, Name: "resultat_exploitation"}:        "Résultat d'exploitation",
	{Statement: statements.Income, Name: "resultat_financier"}:           "Résultat financier",
	{Statement: statements.Income, Name: "resultat_exceptionnel"}:        "Résultat exceptionnel",
	{Statement: statements.Income, Name: "autres_elements_resultat"}:     "Participation des salariés, quote-part sur opérations en commun",
	{Statement: statements.Income, Name: "impot_societes"}:               "Impôt sur les bénéfices",
	{Statement: statements.Income, Name: "resultat_net"}:                 "Résultat net",

	{Statement: statements.Balance, Name: "immobilisations_incorporelles"}: "Immobilisations incorporelles",
	{Statement: statements.Balance, Name: "immobilisations_corporelles"}:   "Immobilisations corporelles",
	{Statement: statements.Balance, Name: "immobilisations_financieres"}:   "Immobilisations financières",
	{Statement: statements.Balance, Name: "stocks"}:                        "Stocks et en-cours",
	{Statement: statements.Balance, Name: "creances_clients"}:              "Créances clients",
	{Statement: statements.Balance, Name: "autres_actifs_courants"}:        "Autres créances et actifs courants",
	{Statement: statements.Balance, Name: "tresorerie"}:                    "Trésorerie",
	{Statement: statements.Balance, Name: "autres_actifs"}:                 "Comptes de régularisation actif",
	{Statement: statements.Balance, Name: "total_actif"}:                   "Total actif",
	{Statement: statements.Balance, Name: "capitaux_propres"}:              "Capitaux propres",
	{Statement: statements.Balance, Name: "provisions"}:                    "Provisions pour risques et charges",
	{Statement: statements.Balance, Name: "dettes_financieres"}:            "Emprunts et dettes financières",
	{Statement: statements.Balance, Name: "dettes_fournisseurs"}:           "Dettes fournisseurs",
	{Statement: statements.Balance, Name: "autres_passifs_courants"}:       "Dettes fiscales et sociales, autres dettes",
	{Statement: statements.Balance, Name: "autres_passifs"}:                "Autres fonds propres, écarts de conversion passif",
	{Statement: statements.Balance, Name: "total_passif"}:                  "Total passif",

	{Statement: statements.CashFlow, Name: "resultat_net"}:             "Résultat net",
	{Statement: statements.CashFlow, Name: "dotations_amortissements"}: "Dotations aux amortissements et provisions",
	{Statement: statements.CashFlow, Name: "variation_bfr"}:            "Variation du besoin en fonds de roulement",
	{Statement: statements.CashFlow, Name: "flux_exploitation"}:        "Flux net de trésorerie lié à l'activité",
	{Statement: statements.CashFlow, Name: "investissements"}:          "Acquisitions d'immobilisations",
	{Statement: statements.CashFlow, Name: "cessions_immobilisations"}: "Cessions d'immobilisations",
	{Statement: statements.CashFlow, Name: "flux_investissement"}:      "Flux net lié aux opérations d'investissement",
	{Statement: statements.CashFlow, Name: "dividendes_verses"}:        "Dividendes versés",
	{Statement: statements.CashFlow, Name: "augmentation_capital"}:     "Augmentation de capital",
	{Statement: statements.CashFlow, Name: "variation_emprunts"}:       "Émissions moins remboursements d'emprunts",
	{Statement: statements.CashFlow, Name: "flux_financement"}:         "Flux net lié aux opérations de financement",
	{Statement: statements.CashFlow, Name: "variation_tresorerie"}:     "Variation de trésorerie",
	{Statement: statements.CashFlow, Name: "tresorerie_ouverture"}:     "Trésorerie d'ouverture",
	{Statement: statements.CashFlow, Name: "tresorerie_cloture"}:       "Trésorerie de clôture",
}

// runStatuses are a report's statuses as a reviewer reads them.
var runStatuses = map[schema.Status]string{
	schema.Running(schema.Extraction): "extraction en cours",
	schema.Running(schema.Signaling):  "lecture des signaux en cours",
	schema.Running(schema.Memo):       "rédaction du mémo en cours",
	schema.Done:                       "terminé",
	schema.Abstention:                 "abstention",
	schema.Blocked:                    "bloqué",
	schema.Failed:                     "échec",
}

// stepStates are a stage's states as a reviewer reads them.
var stepStates = map[schema.StepState]string{
	schema.StepRunning: "en cours",
	schema.StepDone:    "terminée",
	schema.StepFailed:  "échec",
	schema.StepRetry:   "à reprendre",
}

// factStates are a fact's states as a reviewer reads them.
var factStates = map[facts.State]string{facts.Verified: "vérifié", facts.Unverified: "non vérifié", facts.Unavailable: "non disponible"}

// checkStatuses are a check's statuses as a reviewer reads them.
var checkStatuses = map[checks.Status]string{
	checks.Passed:       "conforme",
	checks.Failed:       "en échec",
	checks.Unverifiable: "non vérifiable",
}

// memoStatuses are a memo's or a claim's statuses as a reviewer reads them.
var memoStatuses = map[memo.Status]string{
	memo.Published: "publié",
	memo.Blocked:   "bloqué",
	memo.Abstained: "abstention",
}

// severities are a signal's severities as a reviewer reads them.
var severities = map[signals.Severity]string{signals.Low: "faible", signals.Medium: "moyenne", signals.High: "élevée"}

// verdicts are the judge's verdicts as a reviewer reads them.
var verdicts = map[memo.Verdict]string{
	memo.Supported:    "soutenu",
	memo.Contradicted: "contredit",
	memo.Neutral:      "neutre",
}

// orSelf gives the label of v in m, or v itself when m has none.
func orSelf[K ~string](m map[K]string, v K) string {
	if l, ok := m[v]; ok {
		return l
	}
	return string(v)
}
