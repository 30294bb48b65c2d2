package statementreader

import "analyste.dev/analyste/shared/statements"

// cerfaForm is one Cerfa form of the liasse fiscale that prints a statement.
// Its rows are in printed order, which the label reading relies on; its
// last row ends the table (the renvois below it carry amounts but are not
// rows).
type cerfaForm struct {
	number    string // "2050", "2033-A"
	statement statements.Statement
	titles    []string // folded openings of the title, when the number is not in the text
	follows   string   // the form this one continues (the 2053 ends the 2052's compte de résultat)
	rows      []formRow
}

// formRow is one row of a form. Codes are the two-letter codes (205x) or
// 3-digit numbers (2033) printed beside the row's boxes; labels are its
// folded fixed labels, "|" between alternatives (see labelFits).
type formRow struct {
	codes  string
	labels string
	key    string   // dictionary key, sous-total, or autre for a detail of a printed key
	covers []string // keys a sous-total adds up
	minus  bool     // printed as an amount to subtract from key (a charge inside a result)
}

// The keys each printed subtotal of the forms adds up.
var (
	formFixedAssets    = []string{"immobilisations_incorporelles", "immobilisations_corporelles", "immobilisations_financieres"}
	formCurrentAssets  = []string{"stocks", "creances_clients", "autres_actifs_courants", "tresorerie"}
	formDebts          = []string{"dettes_financieres", "dettes_fournisseurs", "autres_passifs_courants"}
	formOperatingIn    = []string{"chiffre_affaires", "autres_produits_exploitation"}
	formOperatingCosts = []string{"achats_consommes", "charges_externes", "impots_taxes", "charges_personnel", "dotations_amortissements", "autres_charges_exploitation"}
)

// cerfaForms are the statement forms of the régime réel normal (2050 to 2053) and
// of the régime simplifié (2033-A and 2033-B), mapped to the dictionary as
// its "Liasse fiscale" section says.
var cerfaForms = []cerfaForm{
	{number: "2050", statement: statements.Balance, titles: []string{"bilan actif"}, rows: []formRow{
		{codes: "AA", labels: "capital souscrit non appele", key: statements.Other},
		{codes: "AB AC", labels: "frais d etablissement", key: "immobilisations_incorporelles"},
		{codes: "CX CQ", labels: "frais de developpement|frais de recherche", key: "immobilisations_incorporelles"},
		{codes: "AF AG", labels: "concessions", key: "immobilisations_incorporelles"},
		{codes: "AH AI", labels: "fonds commercial", key: "immobilisations_incorporelles"},
		{codes: "AJ AK", labels: "autres immobilisations incorporelles", key: "immobilisations_incorporelles"},
		{codes: "AL AM", labels: "avances et acomptes sur immobilisations incorporelles", key: "immobilisations_incorporelles"},
		{codes: "AN AO", labels: "terrains", key: "immobilisations_corporelles"},
		{codes: "AP AQ", labels: "constructions", key: "immobilisations_corporelles"},
		{codes: "AR AS", labels: "installations techniques", key: "immobilisations_corporelles"},
		{codes: "AT AU", labels: "autres immobilisations corporelles", key: "immobilisations_corporelles"},
		{codes: "AV AW", labels: "immobilisations en cours", key: "immobilisations_corporelles"},
		{codes: "AX AY", labels: "avances et acomptes", key: "immobilisations_corporelles"},
		{codes: "CS CT", labels: "participations evaluees", key: "immobilisations_financieres"},
		{codes: "CU CV", labels: "autres participations", key: "immobilisations_financieres"},
		{codes: "BB BC", labels: "creances rattachees", key: "immobilisations_financieres"},
		{codes: "BD BE", labels: "autres titres immobilises", key: "immobilisations_financieres"},
		{codes: "BF BG", labels: "prets", key: "immobilisations_financieres"},
		{codes: "BH BI", labels: "autres immobilisations financieres", key: "immobilisations_financieres"},
		{codes: "BJ BK", labels: "total ii", key: statements.Subtotal, covers: formFixedAssets},
		{codes: "BL BM", labels: "matieres premieres", key: "stocks"},
		{codes: "BN BO", labels: "en cours de production de biens", key: "stocks"},
		{codes: "BP BQ", labels: "en cours de production de services", key: "stocks"},
		{codes: "BR BS", labels: "produits intermediaires", key: "stocks"},
		{codes: "BT BU", labels: "marchandises", key: "stocks"},
		{codes: "BV BW", labels: "avances et acomptes verses", key: "autres_actifs_courants"},
		{codes: "BX BY", labels: "clients", key: "creances_clients"},
		{codes: "BZ CA", labels: "autres creances", key: "autres_actifs_courants"},
		{codes: "CB CC", labels: "capital souscrit et appele", key: "autres_actifs_courants"},
		{codes: "CD CE", labels: "valeurs mobilieres de placement", key: "tresorerie"},
		{codes: "CF CG", labels: "disponibilites", key: "tresorerie"},
		{codes: "CH CI", labels: "charges constatees d avance", key: "autres_actifs_courants"},
		{codes: "CJ CK", labels: "total iii", key: statements.Subtotal, covers: formCurrentAssets},
		{codes: "CL", labels: "charges a repartir", key: "autres_actifs"},
		{codes: "CW", labels: "frais d emission d emprunt", key: "autres_actifs"},
		{codes: "CM", labels: "primes de remboursement", key: "autres_actifs"},
		{codes: "CN", labels: "ecarts de conversion actif", key: "autres_actifs"},
		{codes: "CO 1A", labels: "total general", key: "total_actif"},
	}},
	{number: "2051", statement: statements.Balance, titles: []string{"bilan passif"}, rows: []formRow{
		{codes: "DA", labels: "capital social", key: statements.Other},
		{codes: "DB", labels: "primes d emission", key: statements.Other},
		{codes: "DC", labels: "ecarts de reevaluation", key: statements.Other},
		{codes: "DD", labels: "reserve legale", key: statements.Other},
		{codes: "DE", labels: "reserves statutaires", key: statements.Other},
		{codes: "DF", labels: "reserves reglementees", key: statements.Other},
		{codes: "DG", labels: "autres reserves", key: statements.Other},
		{codes: "DH", labels: "report a nouveau", key: statements.Other},
		{codes: "DI", labels: "resultat de l exercice", key: statements.Other},
		{codes: "DJ", labels: "subventions d investissement", key: statements.Other},
		{codes: "DK", labels: "provisions reglementees", key: statements.Other},
		{codes: "DL", labels: "total i", key: "capitaux_propres"},
		{codes: "DM", labels: "produit des emissions de titres participatifs", key: statements.Other},
		{codes: "DN", labels: "avances conditionnees", key: statements.Other},
		{codes: "DO", labels: "total ii", key: "autres_passifs"},
		{codes: "DP", labels: "provisions pour risques", key: statements.Other},
		{codes: "DQ", labels: "provisions pour charges", key: statements.Other},
		{codes: "DR", labels: "total iii", key: "provisions"},
		{codes: "DS", labels: "emprunts obligataires convertibles", key: "dettes_financieres"},
		{codes: "DT", labels: "autres emprunts obligataires", key: "dettes_financieres"},
		{codes: "DU", labels: "emprunts et dettes aupres des etablissements de credit", key: "dettes_financieres"},
		{codes: "DV", labels: "emprunts et dettes financieres divers", key: "dettes_financieres"},
		{codes: "DW", labels: "avances et acomptes recus", key: "autres_passifs_courants"},
		{codes: "DX", labels: "dettes fournisseurs", key: "dettes_fournisseurs"},
		{codes: "DY", labels: "dettes fiscales et sociales", key: "autres_passifs_courants"},
		{codes: "DZ", labels: "dettes sur immobilisations", key: "autres_passifs_courants"},
		{codes: "EA", labels: "autres dettes", key: "autres_passifs_courants"},
		{codes: "EB", labels: "* produits constates d avance", key: "autres_passifs_courants"},
		{codes: "EC", labels: "total iv", key: statements.Subtotal, covers: formDebts},
		{codes: "ED", labels: "ecarts de conversion passif", key: "autres_passifs"},
		{codes: "EE", labels: "total general", key: "total_passif"},
	}},
	{number: "2052", statement: statements.Income, titles: []string{"compte de resultat de l exercice en liste"}, rows: []formRow{
		{codes: "FA FB FC", labels: "ventes de marchandises", key: statements.Other},
		{codes: "FD FE FF", labels: "=biens|production vendue biens", key: statements.Other},
		{codes: "FG FH FI", labels: "=services|production vendue services", key: statements.Other},
		{codes: "FJ FK FL", labels: "chiffres d affaires nets|chiffre d affaires net", key: "chiffre_affaires"},
		{codes: "FM", labels: "production stockee", key: "autres_produits_exploitation"},
		{codes: "FN", labels: "production immobilisee", key: "autres_produits_exploitation"},
		{codes: "FO", labels: "subventions d exploitation", key: "autres_produits_exploitation"},
		{codes: "FP", labels: "reprises sur amortissements", key: "autres_produits_exploitation"},
		{codes: "FQ", labels: "autres produits", key: "autres_produits_exploitation"},
		{codes: "FR", labels: "total des produits d exploitation", key: statements.Subtotal, covers: formOperatingIn},
		{codes: "FS", labels: "achats de marchandises", key: "achats_consommes"},
		{codes: "FT", labels: "variation de stock marchandises", key: "achats_consommes"},
		{codes: "FU", labels: "achats de matieres premieres", key: "achats_consommes"},
		{codes: "FV", labels: "variation de stock matieres", key: "achats_consommes"},
		{codes: "FW", labels: "autres achats et charges externes", key: "charges_externes"},
		{codes: "FX", labels: "impots taxes", key: "impots_taxes"},
		{codes: "FY", labels: "salaires et traitements", key: "charges_personnel"},
		{codes: "FZ", labels: "charges sociales", key: "charges_personnel"},
		{codes: "GA", labels: "* dotations aux amortissements", key: "dotations_amortissements"},
		{codes: "GB", labels: "* dotations aux provisions", key: "dotations_amortissements"},
		{codes: "GC", labels: "sur actif circulant", key: "dotations_amortissements"},
		{codes: "GD", labels: "pour risques et charges", key: "dotations_amortissements"},
		{codes: "GE", labels: "autres charges", key: "autres_charges_exploitation"},
		{codes: "GF", labels: "total des charges d exploitation", key: statements.Subtotal, covers: formOperatingCosts},
		{codes: "GG", labels: "resultat d exploitation", key: "resultat_exploitation"},
		{codes: "GH", labels: "benefice attribue", key: "autres_elements_resultat"},
		{codes: "GI", labels: "perte supportee", key: "autres_elements_resultat", minus: true},
		{codes: "GJ", labels: "produits financiers de participations", key: statements.Other},
		{codes: "GK", labels: "produits des autres valeurs mobilieres", key: statements.Other},
		{codes: "GL", labels: "autres interets", key: statements.Other},
		{codes: "GM", labels: "reprises sur provisions", key: statements.Other},
		{codes: "GN", labels: "differences positives de change", key: statements.Other},
		{codes: "GO", labels: "produits nets sur cessions", key: statements.Other},
		{codes: "GP", labels: "total des produits financiers", key: statements.Other},
		{codes: "GQ", labels: "dotations financieres", key: statements.Other},
		{codes: "GR", labels: "interets et charges assimilees", key: statements.Other},
		{codes: "GS", labels: "differences negatives de change", key: statements.Other},
		{codes: "GT", labels: "charges nettes sur cessions", key: statements.Other},
		{codes: "GU", labels: "total des charges financieres", key: statements.Other},
		{codes: "GV", labels: "resultat financier", key: "resultat_financier"},
		{codes: "GW", labels: "resultat courant avant impots", key: statements.Other},
	}},
	{number: "2053", statement: statements.Income, titles: []string{"compte de resultat de l exercice suite"}, follows: "2052", rows: []formRow{
		{codes: "HA", labels: "produits exceptionnels sur operations de gestion", key: statements.Other},
		{codes: "HB", labels: "produits exceptionnels sur operations en capital", key: statements.Other},
		{codes: "HC", labels: "reprises sur provisions", key: statements.Other},
		{codes: "HD", labels: "total des produits exceptionnels", key: statements.Other},
		{codes: "HE", labels: "charges exceptionnelles sur operations de gestion", key: statements.Other},
		{codes: "HF", labels: "charges exceptionnelles sur operations en capital", key: statements.Other},
		{codes: "HG", labels: "dotations exceptionnelles", key: statements.Other},
		{codes: "HH", labels: "total des charges exceptionnelles", key: statements.Other},
		{codes: "HI", labels: "resultat exceptionnel", key: "resultat_exceptionnel"},
		{codes: "HJ", labels: "participation des salaries", key: "autres_elements_resultat", minus: true},
		{codes: "HK", labels: "impots sur les benefices", key: "impot_societes"},
		{codes: "HL", labels: "total des produits", key: statements.Other},
		{codes: "HM", labels: "total des charges", key: statements.Other},
		{codes: "HN", labels: "benefice ou perte", key: "resultat_net"},
	}},
	{number: "2033-A", statement: statements.Balance, titles: []string{"bilan simplifie"}, rows: []formRow{
		{codes: "010 012", labels: "* fonds commercial", key: "immobilisations_incorporelles"},
		{codes: "014 016", labels: "=autres|=incorporelles autres", key: "immobilisations_incorporelles"},
		{codes: "028 030", labels: "immobilisations corporelles", key: "immobilisations_corporelles"},
		{codes: "040 042", labels: "immobilisations financieres", key: "immobilisations_financieres"},
		{codes: "044 048", labels: "total i", key: statements.Subtotal, covers: formFixedAssets},
		{codes: "050 052", labels: "matieres premieres", key: "stocks"},
		{codes: "060 062", labels: "marchandises", key: "stocks"},
		{codes: "064 066", labels: "avances et acomptes verses", key: "autres_actifs_courants"},
		{codes: "068 070", labels: "clients", key: "creances_clients"},
		{codes: "072 074", labels: "=autres 3|=autres", key: "autres_actifs_courants"},
		{codes: "080 082", labels: "valeurs mobilieres de placement", key: "tresorerie"},
		{codes: "084 086", labels: "disponibilites", key: "tresorerie"},
		{codes: "092 094", labels: "charges constatees d avance", key: "autres_actifs_courants"},
		{codes: "096 098", labels: "total ii", key: statements.Subtotal, covers: formCurrentAssets},
		{codes: "110 112", labels: "total general", key: "total_actif"},
		{codes: "120", labels: "capital social", key: statements.Other},
		{codes: "124", labels: "ecarts de reevaluation", key: statements.Other},
		{codes: "126", labels: "reserve legale", key: statements.Other},
		{codes: "130", labels: "reserves reglementees", key: statements.Other},
		{codes: "132", labels: "autres reserves", key: statements.Other},
		{codes: "134", labels: "report a nouveau", key: statements.Other},
		{codes: "136", labels: "resultat de l exercice", key: statements.Other},
		{codes: "137", labels: "subventions d investissement", key: statements.Other},
		{codes: "140", labels: "provisions reglementees", key: statements.Other},
		{codes: "142", labels: "total i", key: "capitaux_propres"},
		{codes: "154", labels: "provisions pour risques et charges", key: "provisions"},
		{codes: "156", labels: "emprunts et dettes assimilees", key: "dettes_financieres"},
		{codes: "164", labels: "avances et acomptes recus", key: "autres_passifs_courants"},
		{codes: "166", labels: "fournisseurs", key: "dettes_fournisseurs"},
		{codes: "172", labels: "dettes fiscales et sociales", key: "autres_passifs_courants"},
		{codes: "173", labels: "comptes courants d associes", key: "dettes_financieres"},
		{codes: "175", labels: "autres dettes", key: "autres_passifs_courants"},
		{codes: "174", labels: "produits constates d avance", key: "autres_passifs_courants"},
		{codes: "176", labels: "total iii", key: statements.Subtotal, covers: formDebts},
		{codes: "180", labels: "total general", key: "total_passif"},
	}},
	{number: "2033-B", statement: statements.Income, titles: []string{"compte de resultat simplifie"}, rows: []formRow{
		{codes: "210", labels: "ventes de marchandises", key: "chiffre_affaires"},
		{codes: "214", labels: "=biens|biens et livraisons|production vendue biens", key: "chiffre_affaires"},
		{codes: "218", labels: "=services|production vendue services", key: "chiffre_affaires"},
		{codes: "222", labels: "production stockee", key: "autres_produits_exploitation"},
		{codes: "224", labels: "production immobilisee", key: "autres_produits_exploitation"},
		{codes: "226", labels: "subventions d exploitation", key: "autres_produits_exploitation"},
		{codes: "230", labels: "autres produits", key: "autres_produits_exploitation"},
		{codes: "232", labels: "total des produits d exploitation", key: statements.Subtotal, covers: formOperatingIn},
		{codes: "234", labels: "achats de marchandises", key: "achats_consommes"},
		{codes: "236", labels: "variation de stock marchandises", key: "achats_consommes"},
		{codes: "238", labels: "achats de matieres premieres", key: "achats_consommes"},
		{codes: "240", labels: "variation de stock matieres", key: "achats_consommes"},
		{codes: "242", labels: "autres charges externes", key: "charges_externes"},
		{codes: "244", labels: "impots taxes", key: "impots_taxes"},
		{codes: "250", labels: "remunerations du personnel", key: "charges_personnel"},
		{codes: "252", labels: "charges sociales", key: "charges_personnel"},
		{codes: "254", labels: "dotations aux amortissements", key: "dotations_amortissements"},
		{codes: "256", labels: "dotations aux provisions", key: "dotations_amortissements"},
		{codes: "262", labels: "autres charges", key: "autres_charges_exploitation"},
		{codes: "264", labels: "total des charges d exploitation", key: statements.Subtotal, covers: formOperatingCosts},
		{codes: "270", labels: "resultat d exploitation", key: "resultat_exploitation"},
		{codes: "280", labels: "produits financiers", key: "resultat_financier"},
		{codes: "290", labels: "produits exceptionnels", key: "resultat_exceptionnel"},
		{codes: "294", labels: "charges financieres", key: "resultat_financier", minus: true},
		{codes: "300", labels: "charges exceptionnelles|=charges", key: "resultat_exceptionnel", minus: true},
		{codes: "306", labels: "impots sur les benefices", key: "impot_societes"},
		{codes: "310", labels: "benefice ou perte", key: "resultat_net"},
	}},
}
