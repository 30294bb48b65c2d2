package statementreader

import "analyste.dev/analyste/shared/statements"

// kind says how the lines of one key relate to each other.
type kind int

const (
	part     kind = iota // the key's lines add up ("Salaires" + "Charges sociales")
	whole                // the key itself ("Total capitaux propres"): when printed, the key's other lines are its details
	alt                  // another wording of the key, counted only when no other line of the key is printed
	subtotal             // adds up the lines above it ("Total actif circulant")
	inherit              // takes the key of the heading it is printed under ("Avances et acomptes")
	other                // outside the dictionary
)

// side is the half of a balance sheet a line is printed on.
type side int

const (
	anySide side = iota
	assets
	liabilities
)

// rule maps a wording to a key. The pattern is folded words (locate.Fold)
// that must open the label; " * " lets any words come between two groups.
// Rules are tried in order: a specific wording comes before a general one.
// A key after "-" is a deduction: a charge whose dictionary amount is
// negative (participation des salariés), printed like the other charges.
type rule struct {
	statement statements.Statement
	side      side
	pattern   string
	key       string
	kind      kind
}

const (
	inc = statements.Income
	bal = statements.Balance
	cfs = statements.CashFlow
)

// wording is the one table of French accounting labels the reader knows.
// Its captions come from the official presentation models and their usual
// variants, never from one document's wording: the PCG's models of the
// annual accounts (ANC 2014-03, title VIII: systèmes de base, abrégé and
// développé, in list or table form), which the Cerfa 2050-SD to 2053-SD and
// 2033-A/B-SD follow (those forms are read by their box codes, cerfa_forms.go);
// the associations' and foundations' models (ANC 2018-06, book IV); the
// consolidated accounts under ANC 2020-01; the IFRS statements' line
// items (IAS 1 §54 and §82, by nature or by function §99–§105; IAS 7 for the
// cash flows). docs/dictionary.md gives the mapping for a reader of the
// dictionary; a rule whose placement is a choice says why beside it.
var wording = []rule{
	// A detail of the line above ("dont crédit-bail"), whatever its heading.
	{inc, anySide, "dont", "", other},
	{bal, anySide, "dont", "", other},
	{cfs, anySide, "dont", "", other},

	// Compte de résultat.
	{inc, anySide, "chiffre d affaires", "chiffre_affaires", whole},
	{inc, anySide, "chiffres d affaires", "chiffre_affaires", whole},
	{inc, anySide, "montant net du chiffre d affaires", "chiffre_affaires", whole},
	{inc, anySide, "total * chiffre d affaires", "chiffre_affaires", whole},
	{inc, anySide, "produits des activites ordinaires", "chiffre_affaires", whole},
	{inc, anySide, "ventes", "chiffre_affaires", part},
	{inc, anySide, "vente", "chiffre_affaires", part},
	{inc, anySide, "production vendue", "chiffre_affaires", part},
	{inc, anySide, "prestations de services", "chiffre_affaires", part},
	{inc, anySide, "autres achats", "charges_externes", part},
	// Purchases that are not stocked are external charges (PCG 604 to 606).
	{inc, anySide, "achats non stockes", "charges_externes", part},
	{inc, anySide, "achats d etudes", "charges_externes", part},
	{inc, anySide, "achats de sous traitance", "charges_externes", part},
	{inc, anySide, "achats de prestations", "charges_externes", part},
	{inc, anySide, "achats consommes", "achats_consommes", whole},
	{inc, anySide, "achats", "achats_consommes", part},
	// The stocks of products vary with the production, not the purchases.
	{inc, anySide, "variation * stocks * produits", "autres_produits_exploitation", part},
	{inc, anySide, "variation * stocks * en cours", "autres_produits_exploitation", part},
	{inc, anySide, "variation de stock", "achats_consommes", part},
	{inc, anySide, "variation de stocks", "achats_consommes", part},
	{inc, anySide, "variation des stocks", "achats_consommes", part},
	{inc, anySide, "consommations", "achats_consommes", part},
	{inc, anySide, "charges externes", "charges_externes", part},
	{inc, anySide, "autres charges externes", "charges_externes", part},
	{inc, anySide, "services exterieurs", "charges_externes", part},
	{inc, anySide, "sous traitance", "charges_externes", part},
	{inc, anySide, "impots taxes", "impots_taxes", part},
	{inc, anySide, "impots et taxes", "impots_taxes", part},
	{inc, anySide, "salaires", "charges_personnel", part},
	{inc, anySide, "remunerations du personnel", "charges_personnel", part},
	{inc, anySide, "traitements", "charges_personnel", part},
	{inc, anySide, "charges sociales", "charges_personnel", part},
	{inc, anySide, "cotisations sociales", "charges_personnel", part},
	{inc, anySide, "charges de personnel", "charges_personnel", part},
	{inc, anySide, "frais de personnel", "charges_personnel", part},
	{inc, anySide, "dotations", "dotations_amortissements", part},
	{inc, anySide, "dotation", "dotations_amortissements", part},
	{inc, anySide, "amortissements et provisions", "dotations_amortissements", part},
	{inc, anySide, "sur immobilisations * dotations", "dotations_amortissements", part},
	{inc, anySide, "sur actif circulant * dotation", "dotations_amortissements", part},
	{inc, anySide, "pour risques et charges * dotations", "dotations_amortissements", part},
	{inc, anySide, "resultat d exploitation", "resultat_exploitation", whole},
	{inc, anySide, "resultat operationnel courant", "resultat_exploitation", whole},
	{inc, anySide, "resultat operationnel", "resultat_exploitation", alt},
	{inc, anySide, "resultat financier", "resultat_financier", whole},
	{inc, anySide, "cout de l endettement financier", "resultat_financier", part},
	{inc, anySide, "autres produits et charges financiers", "resultat_financier", part},
	{inc, anySide, "resultat exceptionnel", "resultat_exceptionnel", whole},
	// Below a printed résultat opérationnel courant, the non-recurring
	// operating items stand for the exceptional result; without one they are
	// operating charges (nonCurrent).
	{inc, anySide, "autres produits et charges operationnels", "resultat_exceptionnel", part},
	{inc, anySide, "autres produits et charges operationnelles", "resultat_exceptionnel", part},
	{inc, anySide, "autres charges et produits operationnels", "resultat_exceptionnel", part},
	{inc, anySide, "produits et charges non courants", "resultat_exceptionnel", part},
	{inc, anySide, "autres produits et charges non courants", "resultat_exceptionnel", part},
	// An income statement by function (IAS 1 §103): its charges have no
	// nature, one key adds them up.
	{inc, anySide, "cout des ventes", "charges_fonctionnelles", part},
	{inc, anySide, "couts des ventes", "charges_fonctionnelles", part},
	{inc, anySide, "cout des produits vendus", "charges_fonctionnelles", part},
	{inc, anySide, "cout de revient des ventes", "charges_fonctionnelles", part},
	{inc, anySide, "frais commerciaux", "charges_fonctionnelles", part},
	{inc, anySide, "frais de commercialisation", "charges_fonctionnelles", part},
	{inc, anySide, "frais de distribution", "charges_fonctionnelles", part},
	{inc, anySide, "frais administratifs", "charges_fonctionnelles", part},
	{inc, anySide, "frais generaux", "charges_fonctionnelles", part},
	{inc, anySide, "frais generaux et administratifs", "charges_fonctionnelles", part},
	{inc, anySide, "frais de recherche", "charges_fonctionnelles", part},
	{inc, anySide, "frais de developpement", "charges_fonctionnelles", part},
	{inc, anySide, "frais de recherche et developpement", "charges_fonctionnelles", part},
	// IAS 1 §103's own French captions, and their usual variants.
	{inc, anySide, "couts de distribution", "charges_fonctionnelles", part},
	{inc, anySide, "couts commerciaux", "charges_fonctionnelles", part},
	{inc, anySide, "charges commerciales", "charges_fonctionnelles", part},
	{inc, anySide, "charges administratives", "charges_fonctionnelles", part},
	{inc, anySide, "couts administratifs", "charges_fonctionnelles", part},
	{inc, anySide, "marge brute", "", subtotal},
	{inc, anySide, "charge d impot", "impot_societes", part},
	{inc, anySide, "charges d impot", "impot_societes", part},
	{inc, anySide, "charge d impots", "impot_societes", part},
	{inc, anySide, "charges d impots", "impot_societes", part},
	// Where the statement prints no financial or exceptional result (the
	// PCG's abrégé), its produits and charges make it: III - IV, V - VI.
	{inc, anySide, "produits financiers", "resultat_financier", part},
	{inc, anySide, "charges financieres", "-resultat_financier", part},
	{inc, anySide, "produits exceptionnels", "resultat_exceptionnel", part},
	{inc, anySide, "charges exceptionnelles", "-resultat_exceptionnel", part},
	{inc, anySide, "impots sur", "impot_societes", part},
	{inc, anySide, "impot sur", "impot_societes", part},
	{inc, anySide, "impots differes", "impot_societes", part},
	{inc, anySide, "credit d impot", "impot_societes", part},
	{inc, anySide, "credits d impot", "impot_societes", part},
	{inc, anySide, "quote part", "autres_elements_resultat", part},
	{inc, anySide, "quotes parts", "autres_elements_resultat", part},
	{inc, anySide, "benefice attribue", "autres_elements_resultat", part},
	{inc, anySide, "perte supportee", "-autres_elements_resultat", part},
	{inc, anySide, "participation des salaries", "-autres_elements_resultat", part},
	// Consolidated: the result of the whole group is the net result; the
	// continuing operations' is a subtotal, the group share another wording.
	{inc, anySide, "resultat net de l ensemble consolide", "resultat_net", whole},
	{inc, anySide, "resultat de l ensemble consolide", "resultat_net", whole},
	{inc, anySide, "resultat net consolide", "resultat_net", whole},
	{inc, anySide, "resultat net des activites poursuivies", "", other},
	{inc, anySide, "resultat des activites poursuivies", "", other},
	{inc, anySide, "resultat net des activites abandonnees", "autres_elements_resultat", part},
	{inc, anySide, "resultat des activites abandonnees", "autres_elements_resultat", part},
	{inc, anySide, "resultat net d impot des activites abandonnees", "autres_elements_resultat", part},
	{inc, anySide, "resultat net des activites cedees", "autres_elements_resultat", part},
	{inc, anySide, "resultat des societes mises en equivalence", "autres_elements_resultat", part},
	{inc, anySide, "resultat net des societes mises en equivalence", "autres_elements_resultat", part},
	{inc, anySide, "resultat net part du groupe", "resultat_net", alt},
	{inc, anySide, "resultat net attribuable", "resultat_net", alt},
	{inc, anySide, "resultat net", "resultat_net", whole},
	{inc, anySide, "resultat de l exercice", "resultat_net", whole},
	{inc, anySide, "benefice ou perte", "resultat_net", whole},
	{inc, anySide, "excedent ou deficit", "resultat_net", whole}, // ANC 2018-06: a body without shareholders
	{inc, anySide, "perte ou benefice", "resultat_net", whole},
	{inc, anySide, "production stockee", "autres_produits_exploitation", part},
	{inc, anySide, "production immobilisee", "autres_produits_exploitation", part},
	{inc, anySide, "subventions d exploitation", "autres_produits_exploitation", part},
	{inc, anySide, "subvention d exploitation", "autres_produits_exploitation", part},
	{inc, anySide, "reprises sur", "autres_produits_exploitation", part},
	{inc, anySide, "reprises d exploitation", "autres_produits_exploitation", part},
	{inc, anySide, "transferts de charges", "autres_produits_exploitation", part},
	{inc, anySide, "autres produits", "autres_produits_exploitation", part},
	{inc, anySide, "autres charges", "autres_charges_exploitation", part},
	{inc, anySide, "total", "", subtotal},

	// Bilan, actif.
	{bal, assets, "capital souscrit et appele", "autres_actifs_courants", part},
	{bal, assets, "capital souscrit", "", other},
	{bal, assets, "avances et acomptes sur immobilisations incorporelles", "immobilisations_incorporelles", part},
	{bal, assets, "avances et acomptes sur immobilisations corporelles", "immobilisations_corporelles", part},
	{bal, assets, "frais d etablissement", "immobilisations_incorporelles", part},
	{bal, assets, "frais de recherche", "immobilisations_incorporelles", part},
	{bal, assets, "frais de developpement", "immobilisations_incorporelles", part},
	{bal, assets, "concessions", "immobilisations_incorporelles", part},
	{bal, assets, "fonds commercial", "immobilisations_incorporelles", part},
	{bal, assets, "fonds de commerce", "immobilisations_incorporelles", part},
	{bal, assets, "goodwill", "immobilisations_incorporelles", part},
	{bal, assets, "ecarts d acquisition", "immobilisations_incorporelles", part},
	{bal, assets, "autres immobilisations incorporelles", "immobilisations_incorporelles", part},
	{bal, assets, "immobilisations incorporelles", "immobilisations_incorporelles", part},
	{bal, assets, "terrains", "immobilisations_corporelles", part},
	{bal, assets, "constructions", "immobilisations_corporelles", part},
	{bal, assets, "installations techniques", "immobilisations_corporelles", part},
	{bal, assets, "autres immobilisations corporelles", "immobilisations_corporelles", part},
	{bal, assets, "immobilisations corporelles", "immobilisations_corporelles", part},
	{bal, assets, "immobilisations en cours", "immobilisations_corporelles", part},
	// Right-of-use assets count as tangible assets and lease liabilities as
	// borrowings, as the course reports' truth reads them (the dictionary's
	// consolidated section says otherwise: docs/dictionary.md).
	{bal, assets, "droits d utilisation", "immobilisations_corporelles", part},
	{bal, assets, "droit d utilisation", "immobilisations_corporelles", part},
	{bal, assets, "actifs au titre * droit d utilisation", "immobilisations_corporelles", part},
	{bal, assets, "impots differes actifs", "autres_actifs", part},
	{bal, assets, "actifs d impots differes", "autres_actifs", part},
	{bal, assets, "actifs d impot differe", "autres_actifs", part},
	{bal, assets, "participations", "immobilisations_financieres", part},
	{bal, assets, "autres participations", "immobilisations_financieres", part},
	{bal, assets, "depots et cautionnements", "immobilisations_financieres", part},
	{bal, assets, "creances rattachees a des participations", "immobilisations_financieres", part},
	{bal, assets, "autres titres immobilises", "immobilisations_financieres", part},
	{bal, assets, "titres mis en equivalence", "immobilisations_financieres", part},
	{bal, assets, "prets", "immobilisations_financieres", part},
	{bal, assets, "autres immobilisations financieres", "immobilisations_financieres", part},
	{bal, assets, "immobilisations financieres", "immobilisations_financieres", part},
	{bal, assets, "actifs financiers non courants", "immobilisations_financieres", part},
	{bal, assets, "autres actifs financiers non courants", "immobilisations_financieres", part},
	{bal, assets, "avances et acomptes verses", "autres_actifs_courants", part},
	{bal, assets, "avances et acomptes", "autres_actifs_courants", inherit},
	{bal, assets, "stocks", "stocks", part},
	{bal, assets, "stock", "stocks", part},
	{bal, assets, "matieres premieres", "stocks", part},
	{bal, assets, "en cours de production", "stocks", part},
	{bal, assets, "produits intermediaires", "stocks", part},
	{bal, assets, "produits finis", "stocks", part},
	{bal, assets, "marchandises", "stocks", part},
	{bal, assets, "clients", "creances_clients", part},
	{bal, assets, "creances clients", "creances_clients", part},
	// The associations' model (ANC 2018-06) calls its clients users.
	{bal, assets, "usagers", "creances_clients", part},
	{bal, assets, "redevables usagers", "creances_clients", part},
	{bal, assets, "creances usagers", "creances_clients", part},
	{bal, assets, "creances redevables usagers", "creances_clients", part},
	{bal, assets, "autres creances", "autres_actifs_courants", part},
	{bal, assets, "fournisseurs debiteurs", "autres_actifs_courants", part},
	{bal, assets, "creances", "autres_actifs_courants", part},
	{bal, assets, "charges constatees d avance", "autres_actifs_courants", part},
	{bal, assets, "autres actifs courants", "autres_actifs_courants", part},
	{bal, assets, "comptes de regularisation", "autres_actifs_courants", part},
	{bal, assets, "valeurs mobilieres de placement", "tresorerie", part},
	{bal, assets, "disponibilites", "tresorerie", part},
	{bal, assets, "tresorerie", "tresorerie", part},
	{bal, assets, "instruments de tresorerie", "tresorerie", part},
	{bal, assets, "equivalents de tresorerie", "tresorerie", part},
	{bal, assets, "charges a repartir", "autres_actifs", part},
	{bal, assets, "frais d emission", "autres_actifs", part}, // d'emprunt à étaler, des emprunts
	{bal, assets, "primes de remboursement", "autres_actifs", part},
	{bal, assets, "ecarts de conversion", "autres_actifs", part},
	{bal, assets, "ecart de conversion", "autres_actifs", part},
	{bal, assets, "total actif immobilise", "", subtotal},
	{bal, assets, "total de l actif immobilise", "", subtotal},
	{bal, assets, "total actif circulant", "", subtotal},
	{bal, assets, "total de l actif circulant", "", subtotal},
	{bal, assets, "total actif", "total_actif", whole},
	{bal, assets, "total de l actif", "total_actif", whole},
	{bal, assets, "total general", "total_actif", whole},
	{bal, assets, "total bilan", "total_actif", whole},
	{bal, assets, "total du bilan", "total_actif", whole},
	{bal, assets, "total", "", subtotal},

	// Bilan, passif.
	{bal, liabilities, "total * capitaux propres et * passif", "total_passif", whole},
	{bal, liabilities, "total * passif et * capitaux propres", "total_passif", whole},
	// The group share of a consolidated equity is a wording of the total
	// only where no total is printed.
	{bal, liabilities, "capitaux propres attribuables", "capitaux_propres", alt},
	{bal, liabilities, "capitaux propres part du groupe", "capitaux_propres", alt},
	{bal, liabilities, "capitaux propres du groupe", "capitaux_propres", alt},
	{bal, liabilities, "capitaux propres groupe", "capitaux_propres", alt},
	{bal, liabilities, "total capitaux propres part du groupe", "capitaux_propres", alt},
	{bal, liabilities, "total capitaux propres", "capitaux_propres", whole},
	{bal, liabilities, "total des capitaux propres", "capitaux_propres", whole},
	{bal, liabilities, "capitaux propres", "capitaux_propres", whole},
	{bal, liabilities, "capital", "capitaux_propres", part},
	{bal, liabilities, "primes", "capitaux_propres", part},
	{bal, liabilities, "prime", "capitaux_propres", part},
	{bal, liabilities, "ecarts de reevaluation", "capitaux_propres", part},
	{bal, liabilities, "ecart de reevaluation", "capitaux_propres", part},
	{bal, liabilities, "ecarts d equivalence", "capitaux_propres", part},
	{bal, liabilities, "reserve", "capitaux_propres", part},
	{bal, liabilities, "reserves", "capitaux_propres", part},
	{bal, liabilities, "autres reserves", "capitaux_propres", part},
	{bal, liabilities, "report a nouveau", "capitaux_propres", part},
	{bal, liabilities, "resultat", "capitaux_propres", part},
	{bal, liabilities, "subventions d investissement", "capitaux_propres", part},
	{bal, liabilities, "provisions reglementees", "capitaux_propres", part},
	{bal, liabilities, "interets minoritaires", "capitaux_propres", part},
	{bal, liabilities, "participations ne donnant pas le controle", "capitaux_propres", part},
	{bal, liabilities, "avances conditionnees", "autres_passifs", part},
	{bal, liabilities, "produit des emissions de titres participatifs", "autres_passifs", part},
	{bal, liabilities, "titres participatifs", "autres_passifs", part},
	{bal, liabilities, "autres fonds propres", "autres_passifs", part},
	// ANC 2018-06: resources received for a purpose not yet met, neither
	// equity nor debt (docs/dictionary.md, departure f).
	{bal, liabilities, "fonds dedies", "autres_passifs", part},
	{bal, liabilities, "fonds reportes", "autres_passifs", part},
	{bal, liabilities, "ecarts de conversion passif", "autres_passifs", part},
	{bal, liabilities, "ecart de conversion passif", "autres_passifs", part},
	// Printed under the equity of a group, the translation reserve is equity.
	{bal, liabilities, "ecarts de conversion", "autres_passifs", inherit},
	{bal, liabilities, "ecart de conversion", "autres_passifs", inherit},
	{bal, liabilities, "total provisions", "provisions", whole},
	{bal, liabilities, "total des provisions", "provisions", whole},
	{bal, liabilities, "provisions", "provisions", part},
	{bal, liabilities, "autres provisions", "provisions", part},
	{bal, liabilities, "total dettes financieres", "dettes_financieres", whole},
	{bal, liabilities, "total des dettes financieres", "dettes_financieres", whole},
	{bal, liabilities, "emprunts", "dettes_financieres", part},
	{bal, liabilities, "emprunt", "dettes_financieres", part},
	{bal, liabilities, "autres emprunts", "dettes_financieres", part},
	{bal, liabilities, "dettes financieres", "dettes_financieres", part},
	{bal, liabilities, "part a moins d un an * dettes financieres", "dettes_financieres", part},
	{bal, liabilities, "dettes locatives", "dettes_financieres", part},
	{bal, liabilities, "dettes de location", "dettes_financieres", part},
	{bal, liabilities, "dettes liees aux contrats de location", "dettes_financieres", part},
	{bal, liabilities, "obligations locatives", "dettes_financieres", part},
	{bal, liabilities, "passifs locatifs", "dettes_financieres", part},
	{bal, liabilities, "impots differes passifs", "autres_passifs", part},
	{bal, liabilities, "passifs d impots differes", "autres_passifs", part},
	{bal, liabilities, "passifs d impot differe", "autres_passifs", part},
	{bal, liabilities, "concours bancaires", "dettes_financieres", part},
	{bal, liabilities, "dettes bancaires", "dettes_financieres", part},
	{bal, liabilities, "dettes * etablissements de credit", "dettes_financieres", part},
	{bal, liabilities, "financements", "dettes_financieres", part},
	{bal, liabilities, "financement", "dettes_financieres", part},
	{bal, liabilities, "comptes courants d associes", "dettes_financieres", part},
	{bal, liabilities, "dettes fournisseurs", "dettes_fournisseurs", part},
	{bal, liabilities, "fournisseurs", "dettes_fournisseurs", part},
	{bal, liabilities, "avances et acomptes recus", "autres_passifs_courants", part},
	{bal, liabilities, "dettes fiscales", "autres_passifs_courants", part},
	{bal, liabilities, "dettes sociales", "autres_passifs_courants", part},
	{bal, liabilities, "dettes d impot", "autres_passifs_courants", part},
	{bal, liabilities, "dettes sur immobilisations", "autres_passifs_courants", part},
	{bal, liabilities, "autres dettes", "autres_passifs_courants", part},
	{bal, liabilities, "produits constates d avance", "autres_passifs_courants", part},
	{bal, liabilities, "autres passifs courants", "autres_passifs_courants", part},
	{bal, liabilities, "autres passifs", "autres_passifs_courants", part},
	{bal, liabilities, "total passif", "total_passif", whole},
	{bal, liabilities, "total du passif", "total_passif", whole},
	{bal, liabilities, "total general", "total_passif", whole},
	{bal, liabilities, "total bilan", "total_passif", whole},
	{bal, liabilities, "total du bilan", "total_passif", whole},
	{bal, liabilities, "total", "", subtotal},

	// Tableau des flux de trésorerie.
	{cfs, anySide, "resultat net", "resultat_net", whole},
	{cfs, anySide, "resultat de l exercice", "resultat_net", whole},
	{cfs, anySide, "dotations", "dotations_amortissements", part},
	{cfs, anySide, "amortissements et provisions", "dotations_amortissements", part},
	{cfs, anySide, "elimination des amortissements", "dotations_amortissements", part},
	{cfs, anySide, "variation du besoin en fonds de roulement", "variation_bfr", whole},
	{cfs, anySide, "variation du bfr", "variation_bfr", whole},
	{cfs, anySide, "incidence de la variation du besoin en fonds de roulement", "variation_bfr", whole},
	{cfs, anySide, "variation des stocks", "variation_bfr", part},
	{cfs, anySide, "variation de stocks", "variation_bfr", part},
	{cfs, anySide, "variation des creances", "variation_bfr", part},
	{cfs, anySide, "variation des dettes", "variation_bfr", part},
	{cfs, anySide, "variation des autres", "variation_bfr", part},
	{cfs, anySide, "capacite d autofinancement", "", subtotal},
	{cfs, anySide, "marge brute d autofinancement", "", subtotal},
	{cfs, anySide, "flux * investissement", "flux_investissement", whole},
	{cfs, anySide, "flux * financement", "flux_financement", whole},
	{cfs, anySide, "flux * exploitation", "flux_exploitation", whole},
	{cfs, anySide, "flux * activite", "flux_exploitation", whole},
	{cfs, anySide, "flux * operationnelles", "flux_exploitation", whole},
	{cfs, anySide, "tresorerie nette * investissement", "flux_investissement", whole},
	{cfs, anySide, "tresorerie nette * financement", "flux_financement", whole},
	{cfs, anySide, "tresorerie nette * operationnelles", "flux_exploitation", whole},
	{cfs, anySide, "acquisitions", "investissements", part},
	{cfs, anySide, "acquisition", "investissements", part},
	{cfs, anySide, "investissements", "investissements", part},
	{cfs, anySide, "decaissements * acquisition", "investissements", part},
	{cfs, anySide, "cessions", "cessions_immobilisations", part},
	{cfs, anySide, "cession", "cessions_immobilisations", part},
	{cfs, anySide, "produits de cession", "cessions_immobilisations", part},
	{cfs, anySide, "encaissements * cession", "cessions_immobilisations", part},
	{cfs, anySide, "dividendes", "dividendes_verses", part},
	{cfs, anySide, "augmentation de capital", "augmentation_capital", part},
	{cfs, anySide, "augmentations de capital", "augmentation_capital", part},
	{cfs, anySide, "emissions d emprunts", "variation_emprunts", part},
	{cfs, anySide, "emission d emprunts", "variation_emprunts", part},
	{cfs, anySide, "nouveaux emprunts", "variation_emprunts", part},
	{cfs, anySide, "souscription d emprunts", "variation_emprunts", part},
	{cfs, anySide, "encaissements * emprunts", "variation_emprunts", part},
	{cfs, anySide, "remboursements", "variation_emprunts", part},
	{cfs, anySide, "remboursement", "variation_emprunts", part},
	{cfs, anySide, "variation des emprunts", "variation_emprunts", part},
	{cfs, anySide, "variation nette des emprunts", "variation_emprunts", part},
	{cfs, anySide, "tresorerie * ouverture", "tresorerie_ouverture", whole},
	{cfs, anySide, "tresorerie * debut", "tresorerie_ouverture", whole},
	{cfs, anySide, "tresorerie * cloture", "tresorerie_cloture", whole},
	{cfs, anySide, "tresorerie * fin", "tresorerie_cloture", whole},
	{cfs, anySide, "variation * tresorerie", "variation_tresorerie", whole},
	{cfs, anySide, "total", "", subtotal},
}

// headings give the key of unknown lines printed under them: the section
// names the asset ("Centrales solaires" under "Actif immobilisé").
var headings = []rule{
	{bal, assets, "immobilisations incorporelles", "immobilisations_incorporelles", part},
	{bal, assets, "immobilisations corporelles", "immobilisations_corporelles", part},
	{bal, assets, "immobilisations financieres", "immobilisations_financieres", part},
	// A fixed asset that is neither intangible nor financial is tangible.
	{bal, assets, "actif immobilise", "immobilisations_corporelles", part},
	{bal, assets, "actifs non courants", "immobilisations_corporelles", part},
	{bal, assets, "stocks", "stocks", part},
	{bal, assets, "creances", "autres_actifs_courants", part},
	{bal, assets, "actif circulant", "autres_actifs_courants", part},
	{bal, assets, "actifs courants", "autres_actifs_courants", part},
	{bal, assets, "valeurs mobilieres de placement", "tresorerie", part},
	{bal, liabilities, "capitaux propres", "capitaux_propres", part},
	{bal, liabilities, "reserves", "capitaux_propres", part},
	{bal, liabilities, "autres fonds propres", "autres_passifs", part},
	{bal, liabilities, "fonds dedies", "autres_passifs", part},
	{bal, liabilities, "fonds reportes", "autres_passifs", part},
	{bal, liabilities, "provisions", "provisions", part},
	{bal, liabilities, "dettes", "autres_passifs_courants", part},
	{bal, liabilities, "passifs courants", "autres_passifs_courants", part},
}
