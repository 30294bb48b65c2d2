package statements

// Transcription is what a reader (the model or the offline parser) returns:
// the printed lines of each statement, never pre-summed fields. Its JSON is
// the model's output schema; the desc and enum tags feed the schema.
type Transcription struct {
	Company     string `json:"societe" desc:"Dénomination de la société telle qu'imprimée dans le rapport"`
	PrintedUnit string `json:"unite_imprimee" desc:"Unité des montants indiquée dans l'en-tête des tableaux ; si aucune n'est imprimée, l'unité déduite (les formulaires Cerfa de la liasse fiscale sont en euros)" enum:"€,k€,M€"`
	// UnitDeduced is empty when the unit is printed, else why it was deduced.
	UnitDeduced string  `json:"unite_deduite,omitempty" desc:"Vide si l'unité est imprimée dans le document ; sinon la raison de la déduction (par exemple : formulaire Cerfa, montants en euros)"`
	Tables      []Table `json:"tableaux" desc:"Un élément par tableau des états financiers (un état imprimé sur deux pages donne deux tableaux)"`
}

// Table is one printed statement table.
type Table struct {
	Statement Statement `json:"etat" desc:"État financier reproduit par ce tableau" enum:"compte_resultat,bilan,flux_tresorerie"`
	Page      int       `json:"page" desc:"Numéro de page physique du tableau dans le PDF, à partir de 1"`
	Unit      string    `json:"unite,omitempty" desc:"Unité de ce tableau si elle diffère de l'unité imprimée du rapport ; vide sinon" enum:"€,k€,M€"`
	Years     []int     `json:"exercices" desc:"Année de clôture de chaque colonne de montants transcrite, dans l'ordre imprimé (certains rapports impriment N-1 en premier) ; une seule colonne par exercice : pour un actif présenté Brut / Amortissements / Net, ne transcrire que les colonnes Net ; ignorer la colonne des renvois aux notes"`
	// Periods give each column's closing date and, for a table of flows,
	// its length, as printed; empty when not printed.
	Periods []Period `json:"periodes,omitempty" desc:"La période de chaque colonne, dans l'ordre des exercices, telle qu'imprimée dans l'en-tête ou le titre : date de clôture, et durée en mois pour le compte de résultat et le tableau des flux (semestre, situation de dix mois) ; vide si elle n'est pas imprimée"`
	Lines   []Line   `json:"lignes" desc:"Toutes les lignes du tableau, dans l'ordre imprimé, sous-totaux et totaux compris"`
}

// Line is one printed line of a table.
type Line struct {
	Label    string     `json:"libelle" desc:"Libellé de la ligne tel qu'imprimé"`
	Amounts  []*float64 `json:"montants" desc:"Montant tel qu'imprimé dans le tableau, dans l'unité du tableau, un par colonne dans l'ordre des exercices ; entre parenthèses ou précédé d'un signe moins = négatif ; null si la case est vide"`
	Category string     `json:"categorie" desc:"Clé du dictionnaire de l'état à laquelle la ligne appartient (plusieurs lignes peuvent avoir la même clé, elles s'additionnent) ; autres_produits_exploitation pour production stockée ou immobilisée, subventions d'exploitation, reprises et transferts de charges, autres produits ; autres_charges_exploitation pour autres charges d'exploitation ; charges_fonctionnelles pour les charges d'un compte de résultat par fonction (coût des ventes, frais commerciaux, frais administratifs, frais de recherche et développement) ; autres_elements_resultat pour quote-part sur opérations faites en commun et participation des salariés (négative) ; autres_actifs pour comptes de régularisation actif (charges à répartir, primes de remboursement, écarts de conversion actif) ; autres_passifs pour autres fonds propres et écarts de conversion passif ; variation de stocks dans achats_consommes avec son signe ; emprunts, concours bancaires et dettes financières diverses dans dettes_financieres ; sous-total pour une ligne qui additionne d'autres lignes du tableau sans être une clé du dictionnaire ; autre pour une ligne d'annexe ou hors dictionnaire (renvois, dont, capital souscrit non appelé…)" enum:"chiffre_affaires,achats_consommes,charges_externes,charges_personnel,impots_taxes,dotations_amortissements,autres_produits_exploitation,autres_charges_exploitation,charges_fonctionnelles,resultat_exploitation,resultat_financier,resultat_exceptionnel,autres_elements_resultat,impot_societes,resultat_net,immobilisations_incorporelles,immobilisations_corporelles,immobilisations_financieres,stocks,creances_clients,autres_actifs_courants,tresorerie,autres_actifs,total_actif,capitaux_propres,provisions,dettes_financieres,dettes_fournisseurs,autres_passifs_courants,autres_passifs,total_passif,variation_bfr,flux_exploitation,investissements,cessions_immobilisations,flux_investissement,dividendes_verses,augmentation_capital,variation_emprunts,flux_financement,variation_tresorerie,tresorerie_ouverture,tresorerie_cloture,sous-total,autre"`
	Covers   []string   `json:"couvre,omitempty" desc:"Pour un sous-total seulement : les clés du dictionnaire dont il additionne les lignes ; un sous-total qui inclut des lignes autre est classé autre"`
}

// The two categories that are not dictionary keys.
const (
	Subtotal = "sous-total"
	Other    = "autre"
)
