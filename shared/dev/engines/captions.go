package engines

// The printed captions of the official presentation models, written as
// data for this generator (sources in README.md): each row says which leaves
// it prints and how it counts in the dictionary. They are ours, apart from
// the offline reader's own vocabulary, so that the reader is tested on the
// models' wording and not on its own.

// rowKind is how a row is printed.
type rowKind int

const (
	heading  rowKind = iota // a caption without amounts
	line                    // one model line
	subtotal                // a printed sum of lines (Total I, résultat…)
)

// keyRole says how a row counts in its dictionary key.
type keyRole int

const (
	noKey  keyRole = iota
	adds           // the key is the sum of its rows that add (signed)
	equals         // the row prints the key itself
)

// row is one printed row of a statement model.
type row struct {
	label string
	kind  rowKind
	terms []string // the leaves it prints, "-" subtracts
	key   string   // "bilan.dettes_financieres"
	role  keyRole
	sign  int // how an adding row enters its key: +1, or -1 (charges of a result)
	// keep prints the row even when its amounts are all zero (totals).
	keep bool
	// variants are other printed forms of the label, drawn by the seed.
	variants []string
}

func hd(label string) row { return row{label: label, kind: heading} }

// ln is a model line adding into key ("" for none).
func ln(label, key string, terms ...string) row {
	r := row{label: label, kind: line, terms: terms, key: key, sign: 1}
	if key != "" {
		r.role = adds
	}
	return r
}

// tot is a printed subtotal; with a key it prints that key.
func tot(label, key string, terms ...string) row {
	r := row{label: label, kind: subtotal, terms: terms, key: key, keep: true, sign: 1}
	if key != "" {
		r.role = equals
	}
	return r
}

// or gives the row other printed forms of its label.
func (r row) or(variants ...string) row { r.variants = variants; return r }

// minus makes an adding row subtract from its key (charges into a result).
func (r row) minus() row { r.sign = -1; return r }

// asAdds makes a subtotal add into its key (Total V into résultat financier).
func (r row) asAdds() row { r.role = adds; return r }

// Presentation models.
const (
	modelBase   = "pcg-base"   // système de base (ANC 2014-03, art. 821-1 and 821-3)
	modelAbrege = "pcg-abrege" // système abrégé (ANC 2014-03, art. 822-1 and 822-3)
	modelIFRS   = "ifrs"       // consolidated statements by nature (IAS 1, French captions)
)

const (
	kIncorp = "bilan.immobilisations_incorporelles"
	kCorp   = "bilan.immobilisations_corporelles"
	kFin    = "bilan.immobilisations_financieres"
	kStocks = "bilan.stocks"
	kAAC    = "bilan.autres_actifs_courants"
	kTreso  = "bilan.tresorerie"
	kAA     = "bilan.autres_actifs"
	kAP     = "bilan.autres_passifs"
	kDettes = "bilan.dettes_financieres"
	kAPC    = "bilan.autres_passifs_courants"
	kRF     = "compte_resultat.resultat_financier"
	kRE     = "compte_resultat.resultat_exceptionnel"
	kAchats = "compte_resultat.achats_consommes"
	kPers   = "compte_resultat.charges_personnel"
	kDot    = "compte_resultat.dotations_amortissements"
	kAPE    = "compte_resultat.autres_produits_exploitation"
	kCA     = "compte_resultat.chiffre_affaires"
	kFonc   = "compte_resultat.charges_fonctionnelles"
)

// assetsBase is the actif of the système de base; groupTotals adds the
// subtotals accountants' plaquettes print under each heading.
func assetsBase(groupTotals bool) []row {
	// group is a heading and its lines, closed by their subtotal on a plaquette.
	group := func(heading row, total string, key string, leaves []string, lines ...row) []row {
		rows := append([]row{heading}, lines...)
		if groupTotals {
			rows = append(rows, tot(total, key, leaves...))
		}
		return rows
	}
	return cat([]row{hd("ACTIF IMMOBILISÉ")},
		group(hd("Immobilisations incorporelles").or("Immobilisations incorporelles :"), "Total immobilisations incorporelles", kIncorp, intangibleLeaves,
			ln("Frais d'établissement", kIncorp, "frais_etablissement"),
			ln("Frais de recherche et de développement", kIncorp, "frais_developpement").or("Frais de développement"),
			ln("Concessions, brevets et droits similaires", kIncorp, "concessions").or("Concessions, brevets, licences, marques, procédés, logiciels, droits et valeurs similaires"),
			ln("Fonds commercial", kIncorp, "fonds_commercial"),
			ln("Autres immobilisations incorporelles", kIncorp, "autres_incorporelles"),
			ln("Avances et acomptes sur immobilisations incorporelles", kIncorp, "avances_incorporelles")),
		group(hd("Immobilisations corporelles").or("Immobilisations corporelles :"), "Total immobilisations corporelles", kCorp, tangibleLeaves,
			ln("Terrains", kCorp, "terrains"),
			ln("Constructions", kCorp, "constructions"),
			ln("Installations techniques, matériel et outillage industriels", kCorp, "installations"),
			ln("Autres immobilisations corporelles", kCorp, "autres_corporelles"),
			ln("Immobilisations en cours", kCorp, "corporelles_en_cours").or("Immobilisations corporelles en cours"),
			ln("Avances et acomptes", kCorp, "avances_corporelles")),
		group(hd("Immobilisations financières").or("Immobilisations financières (2) :"), "Total immobilisations financières", kFin, financialLeaves,
			ln("Participations", kFin, "participations").or("Participations évaluées selon la méthode de mise en équivalence", "Autres participations"),
			ln("Créances rattachées à des participations", kFin, "creances_participations"),
			ln("Autres titres immobilisés", kFin, "autres_titres"),
			ln("Prêts", kFin, "prets"),
			ln("Autres immobilisations financières", kFin, "autres_financieres")),
		[]row{
			tot("TOTAL (I)", "", cat(intangibleLeaves, tangibleLeaves, financialLeaves)...).or("Total actif immobilisé (I)", "TOTAL I"),
			hd("ACTIF CIRCULANT"),
		},
		group(hd("Stocks et en-cours").or("Stocks et en-cours :"), "Total stocks", kStocks, stockLeaves,
			ln("Matières premières et autres approvisionnements", kStocks, "stock_matieres").or("Matières premières, approvisionnements"),
			ln("En-cours de production de biens et services", kStocks, "stock_en_cours").or("En-cours de production [biens et services]"),
			ln("Produits intermédiaires et finis", kStocks, "stock_produits"),
			ln("Marchandises", kStocks, "stock_marchandises")),
		[]row{
			ln("Avances et acomptes versés sur commandes", kAAC, "avances_versees"),
			hd("Créances").or("Créances d'exploitation :"),
			ln("Créances clients et comptes rattachés", "bilan.creances_clients", "clients").or("Clients et comptes rattachés"),
			ln("Autres créances", kAAC, "autres_creances"),
			ln("Valeurs mobilières de placement", kTreso, "vmp"),
			ln("Disponibilités", kTreso, "disponibilites"),
			ln("Charges constatées d'avance", kAAC, "charges_constatees"),
			tot("TOTAL (II)", "", cat(stockLeaves, []string{"clients"}, otherCurrent, cashLeaves)...).or("Total actif circulant (II)", "TOTAL II"),
			ln("Frais d'émission d'emprunt à étaler (III)", kAA, "frais_emission").or("Charges à répartir sur plusieurs exercices (III)"),
			ln("Primes de remboursement des obligations (IV)", kAA, "primes_remboursement").or("Primes de remboursement des emprunts (IV)"),
			ln("Écarts de conversion actif (V)", kAA, "ecarts_conversion_actif"),
			tot("TOTAL GÉNÉRAL (I à V)", "bilan.total_actif", assetLeaves...).or("TOTAL GÉNÉRAL (I + II + III + IV + V)", "TOTAL ACTIF", "TOTAL GÉNÉRAL"),
		})
}

// liabilitiesBase is the passif of the système de base; detailedBank prints
// the bank overdrafts on their own line, as plaquettes do.
func liabilitiesBase(detailedBank bool) []row {
	bank := []row{ln("Emprunts et dettes auprès des établissements de crédit", kDettes, "emprunts_credit", "concours_bancaires")}
	if detailedBank {
		bank = []row{
			ln("Emprunts et dettes auprès des établissements de crédit", kDettes, "emprunts_credit"),
			ln("Concours bancaires courants", kDettes, "concours_bancaires").or("Concours bancaires courants et soldes créditeurs de banques"),
		}
	}
	return cat([]row{
		hd("CAPITAUX PROPRES"),
		ln("Capital social ou individuel", "", "capital").or("Capital (dont versé …)", "Capital"),
		ln("Primes d'émission, de fusion, d'apport", "", "primes"),
		ln("Écarts de réévaluation", "", "ecarts_reevaluation"),
		hd("Réserves").or("Réserves :"),
		ln("Réserve légale", "", "reserve_legale"),
		ln("Réserves statutaires ou contractuelles", "", "reserves_statutaires"),
		ln("Réserves réglementées", "", "reserves_reglementees"),
		ln("Autres réserves", "", "autres_reserves"),
		ln("Report à nouveau", "", "report_a_nouveau"),
		ln("RÉSULTAT DE L'EXERCICE (bénéfice ou perte)", "", "resultat").or("Résultat de l'exercice", "RÉSULTAT DE L'EXERCICE"),
		ln("Subventions d'investissement", "", "subventions_investissement"),
		ln("Provisions réglementées", "", "provisions_reglementees"),
		tot("TOTAL (I)", "bilan.capitaux_propres", equityLeaves...).or("Total capitaux propres (I)", "TOTAL I"),
		hd("AUTRES FONDS PROPRES"),
		ln("Avances conditionnées", kAP, "avances_conditionnees"),
		hd("PROVISIONS").or("PROVISIONS POUR RISQUES ET CHARGES"),
		ln("Provisions pour risques", "", "provisions_risques"),
		ln("Provisions pour charges", "", "provisions_charges"),
		tot("TOTAL (II)", "bilan.provisions", provisionLeaves...).or("Total provisions (II)", "TOTAL II"),
		hd("DETTES (1)").or("DETTES"),
		ln("Emprunts obligataires convertibles", kDettes, "emprunts_convertibles"),
		ln("Autres emprunts obligataires", kDettes, "autres_emprunts_obligataires"),
	}, bank, []row{
		ln("Emprunts et dettes financières divers", kDettes, "emprunts_divers").or("Emprunts et dettes financières diverses"),
	}, operatingDebts(), []row{
		tot("TOTAL (III)", "", cat(debtLeaves, []string{"fournisseurs"}, otherLiabilities)...).or("Total dettes (III)", "TOTAL III"),
		ln("Écarts de conversion passif (IV)", kAP, "ecarts_conversion_passif"),
		tot("TOTAL GÉNÉRAL (I à IV)", "bilan.total_passif", liabilityLeaves...).or("TOTAL GÉNÉRAL (I + II + III + IV)", "TOTAL PASSIF", "TOTAL GÉNÉRAL"),
	})
}

// operatingDebts are the debts of the système de base's passif that are no
// borrowing, as its models and the associations' print them.
func operatingDebts() []row {
	return []row{
		ln("Avances et acomptes reçus sur commandes en cours", kAPC, "avances_recues"),
		ln("Dettes fournisseurs et comptes rattachés", "bilan.dettes_fournisseurs", "fournisseurs"),
		ln("Dettes fiscales et sociales", kAPC, "dettes_fiscales_sociales"),
		ln("Dettes sur immobilisations et comptes rattachés", kAPC, "dettes_immobilisations"),
		ln("Autres dettes", kAPC, "autres_dettes"),
		ln("Produits constatés d'avance", kAPC, "produits_constates"),
	}
}

// incomeBase is the compte de résultat en liste of the système de base.
func incomeBase() []row {
	return []row{
		hd("Produits d'exploitation").or("PRODUITS D'EXPLOITATION"),
		ln("Ventes de marchandises", kCA, "ventes_marchandises"),
		ln("Production vendue (biens)", kCA, "production_biens").or("Production vendue biens"),
		ln("Production vendue (services)", kCA, "production_services").or("Production vendue services"),
		tot("Montant net du chiffre d'affaires", kCA, revenueLeaves...).or("Chiffre d'affaires net", "Chiffres d'affaires nets", "Sous-total A - Montant net du chiffre d'affaires"),
		ln("Production stockée", kAPE, "production_stockee"),
		ln("Production immobilisée", kAPE, "production_immobilisee"),
		ln("Subventions d'exploitation", kAPE, "subventions_exploitation"),
		ln("Reprises sur amortissements et provisions, transferts de charges", kAPE, "reprises_exploitation").or("Reprises sur dépréciations, provisions (et amortissements), transferts de charges"),
		ln("Autres produits", kAPE, "autres_produits"),
		tot("Total des produits d'exploitation (I)", "", operatingIncome...).or("TOTAL (I)", "Total produits d'exploitation (I)"),
		hd("Charges d'exploitation").or("CHARGES D'EXPLOITATION"),
		ln("Achats de marchandises", kAchats, "achats_marchandises").or("Achats de marchandises (y compris droits de douane)"),
		ln("Variation de stock (marchandises)", kAchats, "variation_marchandises").or("Variation de stocks de marchandises"),
		ln("Achats de matières premières et autres approvisionnements", kAchats, "achats_matieres").or("Achats de matières premières et autres approvisionnements (y compris droits de douane)"),
		ln("Variation de stock (matières premières et approvisionnements)", kAchats, "variation_matieres").or("Variation de stocks de matières premières et approvisionnements"),
		ln("Autres achats et charges externes", "compte_resultat.charges_externes", "autres_achats_charges_externes"),
		ln("Impôts, taxes et versements assimilés", "compte_resultat.impots_taxes", "impots_taxes"),
		ln("Salaires et traitements", kPers, "salaires"),
		ln("Charges sociales", kPers, "charges_sociales"),
		hd("Dotations d'exploitation").or("Dotations aux amortissements et provisions :"),
		ln("Dotations aux amortissements sur immobilisations", kDot, "dotations_amortissements").or("Sur immobilisations : dotations aux amortissements"),
		ln("Dotations aux provisions sur immobilisations", kDot, "dotations_provisions_immobilisations").or("Sur immobilisations : dotations aux dépréciations"),
		ln("Dotations aux provisions sur actif circulant", kDot, "dotations_provisions_actif_circulant").or("Sur actif circulant : dotations aux dépréciations"),
		ln("Dotations aux provisions pour risques et charges", kDot, "dotations_provisions_risques"),
		ln("Autres charges", "compte_resultat.autres_charges_exploitation", "autres_charges"),
		tot("Total des charges d'exploitation (II)", "", operatingCharges...).or("TOTAL (II)", "Total charges d'exploitation (II)"),
		tot("1 - RÉSULTAT D'EXPLOITATION (I - II)", "compte_resultat.resultat_exploitation", operatingResult...).or("RÉSULTAT D'EXPLOITATION", "Résultat d'exploitation"),
		hd("Produits financiers").or("PRODUITS FINANCIERS"),
		ln("De participations", "", "produits_participations").or("Produits financiers de participations"),
		ln("D'autres valeurs mobilières et créances de l'actif immobilisé", "", "produits_valeurs_mobilieres"),
		ln("Autres intérêts et produits assimilés", "", "interets_recus"),
		ln("Reprises sur provisions et transferts de charges", "", "reprises_financieres"),
		ln("Différences positives de change", "", "gains_change"),
		ln("Produits nets sur cessions de valeurs mobilières de placement", "", "produits_cessions_vmp"),
		tot("Total des produits financiers (V)", kRF, financialIncome...).or("TOTAL (V)").asAdds(),
		hd("Charges financières").or("CHARGES FINANCIÈRES"),
		ln("Dotations aux amortissements et aux provisions", "", "dotations_financieres").or("Dotations financières aux amortissements et provisions"),
		ln("Intérêts et charges assimilées", "", "interets_payes"),
		ln("Différences négatives de change", "", "pertes_change"),
		ln("Charges nettes sur cessions de valeurs mobilières de placement", "", "charges_cessions_vmp"),
		tot("Total des charges financières (VI)", kRF, financialCharges...).or("TOTAL (VI)").asAdds().minus(),
		tot("2 - RÉSULTAT FINANCIER (V - VI)", kRF, financialResult...).or("RÉSULTAT FINANCIER", "Résultat financier"),
		tot("3 - RÉSULTAT COURANT AVANT IMPÔTS (I - II + V - VI)", "", cat(operatingResult, financialResult)...).or("RÉSULTAT COURANT AVANT IMPÔTS"),
		hd("Produits exceptionnels").or("PRODUITS EXCEPTIONNELS"),
		ln("Sur opérations de gestion", "", "exceptionnels_gestion").or("Produits exceptionnels sur opérations de gestion"),
		ln("Sur opérations en capital", "", "exceptionnels_capital").or("Produits exceptionnels sur opérations en capital"),
		ln("Reprises sur provisions et transferts de charges", "", "reprises_exceptionnelles"),
		tot("Total des produits exceptionnels (VII)", kRE, exceptionalIn...).or("TOTAL (VII)").asAdds(),
		hd("Charges exceptionnelles").or("CHARGES EXCEPTIONNELLES"),
		ln("Sur opérations de gestion", "", "charges_exceptionnelles_gestion").or("Charges exceptionnelles sur opérations de gestion"),
		ln("Sur opérations en capital", "", "charges_exceptionnelles_capital").or("Charges exceptionnelles sur opérations en capital"),
		ln("Dotations aux amortissements et aux provisions", "", "dotations_exceptionnelles").or("Dotations exceptionnelles aux amortissements et provisions"),
		tot("Total des charges exceptionnelles (VIII)", kRE, exceptionalOut...).or("TOTAL (VIII)").asAdds().minus(),
		tot("4 - RÉSULTAT EXCEPTIONNEL (VII - VIII)", kRE, exceptionalRes...).or("RÉSULTAT EXCEPTIONNEL", "Résultat exceptionnel"),
		ln("Participation des salariés aux résultats de l'entreprise (IX)", "compte_resultat.autres_elements_resultat", "participation").or("Participation des salariés aux résultats (IX)").minus(),
		ln("Impôts sur les bénéfices (X)", "compte_resultat.impot_societes", "impot_benefices"),
		tot("Total des produits (I + V + VII)", "", cat(operatingIncome, financialIncome, exceptionalIn)...).or("TOTAL DES PRODUITS"),
		tot("Total des charges (II + VI + VIII + IX + X)", "", cat(operatingCharges, financialCharges, exceptionalOut, []string{"participation", "impot_benefices"})...).or("TOTAL DES CHARGES"),
		tot("5 - BÉNÉFICE OU PERTE (total des produits - total des charges)", "compte_resultat.resultat_net", netResult...).or("BÉNÉFICE OU PERTE", "RÉSULTAT NET", "Résultat de l'exercice"),
	}
}

// assetsAbrege is the actif of the système abrégé.
func assetsAbrege() []row {
	return []row{
		hd("ACTIF IMMOBILISÉ"),
		ln("Immobilisations incorporelles : fonds commercial", kIncorp, "fonds_commercial"),
		ln("Immobilisations incorporelles : autres", kIncorp, "frais_etablissement", "frais_developpement", "concessions", "autres_incorporelles", "avances_incorporelles"),
		ln("Immobilisations corporelles", kCorp, tangibleLeaves...),
		ln("Immobilisations financières", kFin, financialLeaves...),
		tot("TOTAL (I)", "", cat(intangibleLeaves, tangibleLeaves, financialLeaves)...).or("TOTAL I"),
		hd("ACTIF CIRCULANT"),
		ln("Stocks et en-cours (autres que marchandises)", kStocks, "stock_matieres", "stock_en_cours", "stock_produits"),
		ln("Marchandises", kStocks, "stock_marchandises"),
		ln("Avances et acomptes versés sur commandes", kAAC, "avances_versees"),
		ln("Créances clients et comptes rattachés", "bilan.creances_clients", "clients").or("Créances : clients et comptes rattachés"),
		ln("Autres créances", kAAC, "autres_creances").or("Créances : autres"),
		ln("Valeurs mobilières de placement", kTreso, "vmp"),
		ln("Disponibilités", kTreso, "disponibilites"),
		ln("Charges constatées d'avance", kAAC, "charges_constatees"),
		tot("TOTAL (II)", "", cat(stockLeaves, []string{"clients"}, otherCurrent, cashLeaves)...).or("TOTAL II"),
		ln("Charges à répartir et écarts de conversion actif (III)", kAA, regularisation...),
		tot("TOTAL GÉNÉRAL (I + II + III)", "bilan.total_actif", assetLeaves...).or("TOTAL GÉNÉRAL", "TOTAL ACTIF"),
	}
}

// liabilitiesAbrege is the passif of the système abrégé.
func liabilitiesAbrege() []row {
	return []row{
		hd("CAPITAUX PROPRES"),
		ln("Capital", "", "capital"),
		ln("Écarts de réévaluation", "", "ecarts_reevaluation", "primes"),
		ln("Réserve légale", "", "reserve_legale"),
		ln("Réserves réglementées", "", "reserves_reglementees"),
		ln("Autres réserves", "", "autres_reserves", "reserves_statutaires"),
		ln("Report à nouveau", "", "report_a_nouveau"),
		ln("Résultat de l'exercice", "", "resultat").or("RÉSULTAT DE L'EXERCICE (bénéfice ou perte)"),
		ln("Provisions réglementées", "", "provisions_reglementees", "subventions_investissement"),
		tot("TOTAL (I)", "bilan.capitaux_propres", equityLeaves...).or("TOTAL I"),
		ln("Autres fonds propres et écarts de conversion passif", kAP, otherFunds...),
		tot("Provisions (II)", "bilan.provisions", provisionLeaves...).or("PROVISIONS (II)"),
		hd("DETTES"),
		ln("Emprunts et dettes assimilées", kDettes, debtLeaves...),
		ln("Avances et acomptes reçus sur commandes en cours", kAPC, "avances_recues"),
		ln("Fournisseurs et comptes rattachés", "bilan.dettes_fournisseurs", "fournisseurs"),
		ln("Autres dettes", kAPC, "dettes_fiscales_sociales", "dettes_immobilisations", "autres_dettes").or("Autres"),
		ln("Produits constatés d'avance", kAPC, "produits_constates"),
		tot("TOTAL (III)", "", cat(debtLeaves, []string{"fournisseurs"}, otherLiabilities)...).or("TOTAL III"),
		tot("TOTAL GÉNÉRAL (I + II + III)", "bilan.total_passif", liabilityLeaves...).or("TOTAL GÉNÉRAL", "TOTAL PASSIF"),
	}
}

// incomeAbrege is the compte de résultat of the système abrégé; resultLines
// adds the résultat financier and exceptionnel that the model leaves to the
// reader but most accountants print.
func incomeAbrege(resultLines bool) []row {
	rows := []row{
		hd("PRODUITS D'EXPLOITATION"),
		ln("Ventes de marchandises", kCA, "ventes_marchandises"),
		ln("Production vendue (biens et services)", kCA, "production_biens", "production_services").or("Production vendue [biens et services]"),
		ln("Production stockée", kAPE, "production_stockee"),
		ln("Production immobilisée", kAPE, "production_immobilisee"),
		ln("Subventions d'exploitation", kAPE, "subventions_exploitation"),
		ln("Autres produits", kAPE, "reprises_exploitation", "autres_produits"),
		tot("Total des produits d'exploitation (I)", "", operatingIncome...).or("TOTAL (I)"),
		hd("CHARGES D'EXPLOITATION"),
		ln("Achats de marchandises", kAchats, "achats_marchandises"),
		ln("Variation de stock (marchandises)", kAchats, "variation_marchandises"),
		ln("Achats de matières premières et autres approvisionnements", kAchats, "achats_matieres"),
		ln("Variation de stock (matières premières et autres approvisionnements)", kAchats, "variation_matieres"),
		ln("Autres charges externes", "compte_resultat.charges_externes", "autres_achats_charges_externes").or("Autres achats et charges externes"),
		ln("Impôts, taxes et versements assimilés", "compte_resultat.impots_taxes", "impots_taxes"),
		ln("Rémunérations du personnel", kPers, "salaires").or("Salaires et traitements"),
		ln("Charges sociales", kPers, "charges_sociales"),
		ln("Dotations aux amortissements", kDot, "dotations_amortissements"),
		ln("Dotations aux provisions", kDot, "dotations_provisions_immobilisations", "dotations_provisions_actif_circulant", "dotations_provisions_risques").or("Dotations aux dépréciations et provisions"),
		ln("Autres charges", "compte_resultat.autres_charges_exploitation", "autres_charges"),
		tot("Total des charges d'exploitation (II)", "", operatingCharges...).or("TOTAL (II)"),
		tot("RÉSULTAT D'EXPLOITATION (I - II)", "compte_resultat.resultat_exploitation", operatingResult...).or("1 - RÉSULTAT D'EXPLOITATION (I - II)"),
		ln("Produits financiers (III)", kRF, financialIncome...),
		ln("Charges financières (IV)", kRF, financialCharges...).minus(),
	}
	if resultLines {
		rows = append(rows, tot("RÉSULTAT FINANCIER (III - IV)", kRF, financialResult...))
	}
	rows = append(rows,
		ln("Produits exceptionnels (V)", kRE, exceptionalIn...),
		ln("Charges exceptionnelles (VI)", kRE, exceptionalOut...).minus(),
	)
	if resultLines {
		rows = append(rows, tot("RÉSULTAT EXCEPTIONNEL (V - VI)", kRE, exceptionalRes...))
	}
	return append(rows,
		ln("Participation des salariés (VII)", "compte_resultat.autres_elements_resultat", "participation").minus(),
		ln("Impôts sur les bénéfices (VIII)", "compte_resultat.impot_societes", "impot_benefices"),
		tot("BÉNÉFICE OU PERTE", "compte_resultat.resultat_net", netResult...).or("RÉSULTAT DE L'EXERCICE (bénéfice ou perte)", "Résultat net"),
	)
}

// cashFlow is the tableau des flux de trésorerie of the Ordre des
// experts-comptables' model (indirect method), reduced to the lines the
// dictionary reads.
func cashFlow() []row {
	return []row{
		hd("Flux de trésorerie liés à l'activité").or("OPÉRATIONS D'EXPLOITATION"),
		ln("Résultat net", "flux_tresorerie.resultat_net", "flux_resultat").or("Résultat net de l'exercice"),
		ln("Dotations aux amortissements et provisions", "flux_tresorerie.dotations_amortissements", "flux_dotations").or("Amortissements et provisions"),
		ln("Variation du besoin en fonds de roulement lié à l'activité", "flux_tresorerie.variation_bfr", "flux_bfr").or("Variation du besoin en fonds de roulement d'exploitation"),
		tot("Flux net de trésorerie généré par l'activité (A)", "flux_tresorerie.flux_exploitation", "flux_resultat", "flux_dotations", "flux_bfr").or("Flux net de trésorerie lié aux opérations d'exploitation"),
		hd("Flux de trésorerie liés aux opérations d'investissement").or("OPÉRATIONS D'INVESTISSEMENT"),
		ln("Acquisitions d'immobilisations", "flux_tresorerie.investissements", "acquisitions").or("Décaissements sur acquisitions d'immobilisations"),
		ln("Cessions d'immobilisations, nettes d'impôt", "flux_tresorerie.cessions_immobilisations", "cessions").or("Encaissements sur cessions d'immobilisations"),
		tot("Flux net de trésorerie lié aux opérations d'investissement (B)", "flux_tresorerie.flux_investissement", "acquisitions", "cessions"),
		hd("Flux de trésorerie liés aux opérations de financement").or("OPÉRATIONS DE FINANCEMENT"),
		ln("Dividendes versés aux actionnaires", "flux_tresorerie.dividendes_verses", "dividendes").or("Dividendes versés"),
		ln("Augmentations de capital en numéraire", "flux_tresorerie.augmentation_capital", "augmentation_capital").or("Augmentation de capital"),
		ln("Émissions d'emprunts", "flux_tresorerie.variation_emprunts", "emissions_emprunts").or("Encaissements provenant d'emprunts"),
		ln("Remboursements d'emprunts", "flux_tresorerie.variation_emprunts", "remboursements_emprunts"),
		tot("Flux net de trésorerie lié aux opérations de financement (C)", "flux_tresorerie.flux_financement", keyTerms["flux_tresorerie.flux_financement"]...),
		tot("Variation de trésorerie (A + B + C)", "flux_tresorerie.variation_tresorerie", cashFlowLeaves...).or("VARIATION DE TRÉSORERIE"),
		tot("Trésorerie d'ouverture", "flux_tresorerie.tresorerie_ouverture", "tresorerie_ouverture").or("Trésorerie à l'ouverture"),
		tot("Trésorerie de clôture", "flux_tresorerie.tresorerie_cloture", keyTerms["flux_tresorerie.tresorerie_cloture"]...).or("Trésorerie à la clôture"),
	}
}

// assetsIFRS is the actif of a consolidated état de la situation financière
// (IAS 1 §54 line items, current / non-current split).
func assetsIFRS() []row {
	return []row{
		hd("Actifs non courants").or("ACTIFS NON COURANTS"),
		ln("Écarts d'acquisition", kIncorp, "fonds_commercial").or("Goodwill"),
		ln("Autres immobilisations incorporelles", kIncorp, "frais_etablissement", "frais_developpement", "concessions", "autres_incorporelles", "avances_incorporelles").or("Immobilisations incorporelles"),
		ln("Immobilisations corporelles", kCorp, tangibleLeaves...),
		ln("Actifs financiers non courants", kFin, financialLeaves...).or("Autres actifs financiers non courants"),
		tot("Total des actifs non courants", "", cat(intangibleLeaves, tangibleLeaves, financialLeaves)...).or("Total actifs non courants"),
		hd("Actifs courants").or("ACTIFS COURANTS"),
		ln("Stocks et en-cours", kStocks, stockLeaves...).or("Stocks"),
		ln("Clients et comptes rattachés", "bilan.creances_clients", "clients").or("Créances clients"),
		ln("Autres actifs courants", kAAC, otherCurrent...).or("Autres créances et actifs courants"),
		ln("Trésorerie et équivalents de trésorerie", kTreso, cashLeaves...),
		tot("Total des actifs courants", "", cat(stockLeaves, []string{"clients"}, otherCurrent, cashLeaves)...).or("Total actifs courants"),
		tot("TOTAL DE L'ACTIF", "bilan.total_actif", assetLeaves...).or("TOTAL ACTIF"),
	}
}

// liabilitiesIFRS is the passif of a consolidated état de la situation
// financière: the total of equity includes the minorities.
func liabilitiesIFRS() []row {
	groupEquity := cat(equityLeaves[:len(equityLeaves)-1], []string{"-resultat_minoritaires"})
	return []row{
		hd("Capitaux propres").or("CAPITAUX PROPRES"),
		ln("Capital", "", "capital").or("Capital social"),
		ln("Primes liées au capital", "", "primes").or("Primes d'émission"),
		ln("Réserves consolidées", "", "ecarts_reevaluation", "reserve_legale", "reserves_statutaires", "reserves_reglementees", "autres_reserves", "report_a_nouveau", "subventions_investissement", "provisions_reglementees"),
		ln("Résultat net part du groupe", "", "resultat", "-resultat_minoritaires").or("Résultat de l'exercice part du groupe"),
		tot("Capitaux propres part du groupe", "", groupEquity...).or("Capitaux propres attribuables aux actionnaires de la société mère"),
		ln("Intérêts minoritaires", "", "interets_minoritaires", "resultat_minoritaires").or("Participations ne donnant pas le contrôle", "Intérêts ne conférant pas le contrôle"),
		tot("Total des capitaux propres", "bilan.capitaux_propres", equityLeaves...).or("TOTAL CAPITAUX PROPRES", "Capitaux propres de l'ensemble consolidé"),
		hd("Passifs non courants").or("PASSIFS NON COURANTS"),
		ln("Emprunts et dettes financières non courants", kDettes, "emprunts_convertibles", "autres_emprunts_obligataires", "emprunts_credit", "emprunts_divers").or("Dettes financières non courantes", "Emprunts et dettes financières à long terme"),
		ln("Provisions non courantes", "bilan.provisions", "provisions_charges").or("Provisions pour risques et charges non courantes"),
		tot("Total des passifs non courants", "", "emprunts_convertibles", "autres_emprunts_obligataires", "emprunts_credit", "emprunts_divers", "provisions_charges").or("Total passifs non courants"),
		hd("Passifs courants").or("PASSIFS COURANTS"),
		ln("Emprunts et concours bancaires courants", kDettes, "concours_bancaires").or("Dettes financières courantes", "Part à moins d'un an des dettes financières"),
		ln("Provisions courantes", "bilan.provisions", "provisions_risques"),
		ln("Fournisseurs et comptes rattachés", "bilan.dettes_fournisseurs", "fournisseurs").or("Dettes fournisseurs"),
		ln("Dettes fiscales et sociales", kAPC, "dettes_fiscales_sociales"),
		ln("Autres passifs courants", kAPC, "avances_recues", "dettes_immobilisations", "autres_dettes", "produits_constates").or("Autres dettes et passifs courants"),
		tot("Total des passifs courants", "", "concours_bancaires", "provisions_risques", "fournisseurs", "dettes_fiscales_sociales", "avances_recues", "dettes_immobilisations", "autres_dettes", "produits_constates").or("Total passifs courants"),
		tot("TOTAL DES CAPITAUX PROPRES ET DES PASSIFS", "bilan.total_passif", liabilityLeaves...).or("TOTAL PASSIF", "TOTAL CAPITAUX PROPRES ET PASSIFS"),
	}
}

// incomeIFRS is a consolidated compte de résultat by nature (IAS 1 §102):
// the résultat net de l'ensemble consolidé, then the shares of the group
// and of the minorities, which the dictionary does not read.
func incomeIFRS() []row {
	financeCost := []string{"interets_recus", "produits_valeurs_mobilieres", "-interets_payes"}
	otherFinance := []string{"produits_participations", "reprises_financieres", "gains_change", "produits_cessions_vmp", "-dotations_financieres", "-pertes_change", "-charges_cessions_vmp"}
	return []row{
		ln("Chiffre d'affaires", kCA, revenueLeaves...).or("Produits des activités ordinaires"),
		ln("Autres produits de l'activité", kAPE, otherIncome...),
		ln("Achats consommés", kAchats, purchaseLeaves...),
		ln("Charges externes", "compte_resultat.charges_externes", "autres_achats_charges_externes"),
		ln("Charges de personnel", kPers, "salaires", "charges_sociales", "participation"),
		ln("Impôts et taxes", "compte_resultat.impots_taxes", "impots_taxes"),
		ln("Dotations aux amortissements et aux provisions", kDot, depreciationCR...).or("Dotations nettes aux amortissements et provisions"),
		ln("Autres charges opérationnelles courantes", "compte_resultat.autres_charges_exploitation", "autres_charges"),
		tot("Résultat opérationnel courant", "compte_resultat.resultat_exploitation", cat(operatingResult, []string{"-participation"})...),
		ln("Autres produits et charges opérationnels", "compte_resultat.resultat_exceptionnel", exceptionalRes...),
		tot("Résultat opérationnel", "", cat(operatingResult, exceptionalRes, []string{"-participation"})...).or("RÉSULTAT OPÉRATIONNEL"),
		ln("Coût de l'endettement financier net", kRF, financeCost...),
		ln("Autres produits et charges financiers", kRF, otherFinance...),
		ln("Charge d'impôt", "compte_resultat.impot_societes", "impot_benefices").or("Impôts sur les résultats", "Charges d'impôts"),
		tot("Résultat net de l'ensemble consolidé", "compte_resultat.resultat_net", netResult...).or("RÉSULTAT NET DE L'ENSEMBLE CONSOLIDÉ", "Résultat net consolidé"),
		ln("dont part du groupe", "", cat(netResult, []string{"-resultat_minoritaires"})...).or("Résultat net part du groupe", "Attribuable aux actionnaires de la société mère"),
		ln("dont intérêts minoritaires", "", "resultat_minoritaires").or("Résultat net des participations ne donnant pas le contrôle"),
	}
}

// The charges by nature each function line of incomeByFunction gathers.
var (
	costOfSales    = cat(purchaseLeaves, externalLeaves, depreciationCR)
	commercialCost = []string{"salaires"}
	adminCost      = cat([]string{"charges_sociales"}, taxLeaves, []string{"participation"})
)

// incomeByFunction is the consolidated income statement analysing the
// charges by function (IAS 1 §99 and §103): cost of sales, the gross
// margin, commercial and administrative costs in place of the charges by
// nature, which it does not print; the costs printed negative when
// costsNegative, as many groups do.
func incomeByFunction(costsNegative bool) []row {
	cost := func(r row) row {
		if costsNegative {
			r.terms, r.sign = neg(r.terms), -r.sign
		}
		return r
	}
	fn := func(label string, leaves []string) row { return cost(ln(label, kFonc, leaves...)) }
	byNature := incomeIFRS()
	// Every charge in one convention: the other operating charges and the
	// tax too.
	for i, r := range byNature {
		if r.key == "compte_resultat.autres_charges_exploitation" || r.key == "compte_resultat.impot_societes" {
			byNature[i] = cost(r)
		}
	}
	margin := cat(revenueLeaves, neg(costOfSales))
	rows := []row{
		byNature[0],
		fn("Coût des ventes", costOfSales).or("Coût des produits vendus", "Coûts des ventes"),
		tot("Marge brute", "", margin...).or("MARGE BRUTE"),
		fn("Frais commerciaux", commercialCost).or("Frais commerciaux et de distribution", "Coûts commerciaux", "Coûts de distribution"),
		fn("Frais administratifs", adminCost).or("Frais généraux et administratifs", "Frais administratifs et généraux", "Charges administratives"),
		byNature[1],
	}
	return append(rows, byNature[7:]...)
}
