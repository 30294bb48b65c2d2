package offline

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

// wording is the one table of French accounting labels (PCG and IFRS
// presentations, usual variants) the reader knows.
var wording = []rule{
	// Compte de résultat.
	{inc, anySide, "chiffre d affaires", "chiffre_affaires", whole},
	{inc, anySide, "montant net du chiffre d affaires", "chiffre_affaires", whole},
	{inc, anySide, "total * chiffre d affaires", "chiffre_affaires", whole},
	{inc, anySide, "produits des activites ordinaires", "chiffre_affaires", whole},
	{inc, anySide, "ventes", "chiffre_affaires", part},
	{inc, anySide, "vente", "chiffre_affaires", part},
	{inc, anySide, "production vendue", "chiffre_affaires", part},
	{inc, anySide, "prestations de services", "chiffre_affaires", part},
	{inc, anySide, "autres achats", "charges_externes", part},
	{inc, anySide, "achats consommes", "achats_consommes", whole},
	{inc, anySide, "achats", "achats_consommes", part},
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
	{inc, anySide, "autres produits et charges operationnels", "resultat_exceptionnel", part},
	{inc, anySide, "autres produits et charges operationnelles", "resultat_exceptionnel", part},
	{inc, anySide, "impots sur les benefices", "impot_societes", part},
	{inc, anySide, "impot sur les benefices", "impot_societes", part},
	{inc, anySide, "impot sur le resultat", "impot_societes", part},
	{inc, anySide, "impots sur le resultat", "impot_societes", part},
	{inc, anySide, "impot sur les societes", "impot_societes", part},
	{inc, anySide, "impots differes", "impot_societes", part},
	{inc, anySide, "resultat net", "resultat_net", whole},
	{inc, anySide, "resultat de l exercice", "resultat_net", whole},
	{inc, anySide, "benefice ou perte", "resultat_net", whole},
	{inc, anySide, "perte ou benefice", "resultat_net", whole},
	{inc, anySide, "total", "", subtotal},

	// Bilan, actif.
	{bal, assets, "capital souscrit", "", other},
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
	{bal, assets, "droits d utilisation", "immobilisations_corporelles", part},
	{bal, assets, "droit d utilisation", "immobilisations_corporelles", part},
	{bal, assets, "actifs au titre * droit d utilisation", "immobilisations_corporelles", part},
	{bal, assets, "participations", "immobilisations_financieres", part},
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
	{bal, assets, "autres creances", "autres_actifs_courants", part},
	{bal, assets, "creances", "autres_actifs_courants", part},
	{bal, assets, "charges constatees d avance", "autres_actifs_courants", part},
	{bal, assets, "autres actifs courants", "autres_actifs_courants", part},
	{bal, assets, "comptes de regularisation", "autres_actifs_courants", part},
	{bal, assets, "valeurs mobilieres de placement", "tresorerie", part},
	{bal, assets, "disponibilites", "tresorerie", part},
	{bal, assets, "tresorerie", "tresorerie", part},
	{bal, assets, "instruments de tresorerie", "tresorerie", part},
	{bal, assets, "equivalents de tresorerie", "tresorerie", part},
	{bal, assets, "charges a repartir", "", other},
	{bal, assets, "primes de remboursement", "", other},
	{bal, assets, "ecarts de conversion", "", other},
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
	{bal, liabilities, "total des capitaux propres et du passif", "total_passif", whole},
	{bal, liabilities, "total capitaux propres et passif", "total_passif", whole},
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
	{bal, liabilities, "obligations locatives", "dettes_financieres", part},
	{bal, liabilities, "concours bancaires", "dettes_financieres", part},
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
	{bal, liabilities, "ecarts de conversion", "", other},
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
	{bal, liabilities, "provisions", "provisions", part},
	{bal, liabilities, "dettes", "autres_passifs_courants", part},
	{bal, liabilities, "passifs courants", "autres_passifs_courants", part},
}
