package engines

import "math/rand/v2"

// modelAssociation is the model of the annual accounts of associations and
// foundations (ANC 2018-06, book IV), which follows the système de base
// with the lines of a body without shareholders: fonds propres instead of
// capital, fonds dédiés, users instead of clients, an excédent or a déficit.
const modelAssociation = "association"

// drawAssociation makes a seed of the système de base, one time in six, an
// association's accounts; the stream gives the association's name.
func drawAssociation(seed uint64, s *style) *rand.Rand {
	return baseInto(rand.NewPCG(seed^0x2545f4914f6cdd1d, seed^0x9e3779b97f4a7c15), 1.0/6, modelAssociation, s)
}

// baseInto makes a seed of the système de base, with probability p, one of
// model, drawing from a stream of its own so that no other seed changes;
// it gives the stream back for what the model draws next.
func baseInto(src rand.Source, p float64, model string, s *style) *rand.Rand {
	r := rand.New(src)
	if s.model == modelBase && r.Float64() < p {
		s.model = model
	}
	return r
}

// associationName draws the name of an association or a foundation.
func associationName(r *rand.Rand) string {
	return pick(r, "Association", "Fondation", "Association départementale", "Union régionale") + " " + pick(r, associationPurposes...)
}

var associationPurposes = []string{"pour l'insertion Rive gauche", "des Amis du Vieux Moulin", "Les Jardins de Kervern", "d'aide à domicile du Val d'Orge", "Maison des jeunes de Lormont", "pour l'enfance Saint-Exupéry"}

// A row of the association model prints the amounts of the leaf of the
// système de base that stands in the same place of the accounts: the
// economy draws a company's leaves, the model gives them its own captions.

// assetsAssociation is the actif of the association model.
func assetsAssociation() []row {
	return []row{
		hd("ACTIF IMMOBILISÉ"),
		ln("Immobilisations incorporelles", kIncorp, intangibleLeaves...),
		ln("Immobilisations corporelles", kCorp, tangibleLeaves...),
		ln("Immobilisations financières", kFin, financialLeaves...),
		tot("TOTAL (I)", "", cat(intangibleLeaves, tangibleLeaves, financialLeaves)...).or("Total actif immobilisé (I)"),
		hd("ACTIF CIRCULANT"),
		ln("Stocks et en-cours", kStocks, stockLeaves...),
		ln("Avances et acomptes versés sur commandes", kAAC, "avances_versees"),
		hd("Créances").or("Créances :"),
		ln("Créances usagers et comptes rattachés", "bilan.creances_clients", "clients").or("Usagers et comptes rattachés", "Redevables, usagers et comptes rattachés"),
		ln("Autres créances", kAAC, "autres_creances"),
		ln("Valeurs mobilières de placement", kTreso, "vmp"),
		ln("Disponibilités", kTreso, "disponibilites"),
		ln("Charges constatées d'avance", kAAC, "charges_constatees"),
		tot("TOTAL (II)", "", cat(stockLeaves, []string{"clients"}, otherCurrent, cashLeaves)...).or("Total actif circulant (II)"),
		ln("Frais d'émission des emprunts (III)", kAA, "frais_emission"),
		ln("Primes de remboursement des emprunts (IV)", kAA, "primes_remboursement"),
		ln("Écarts de conversion actif (V)", kAA, "ecarts_conversion_actif"),
		tot("TOTAL GÉNÉRAL (I à V)", "bilan.total_actif", assetLeaves...).or("TOTAL GÉNÉRAL", "TOTAL ACTIF"),
	}
}

// liabilitiesAssociation is the passif of the association model: fonds
// propres (with and without a right of taking back), then fonds reportés
// et dédiés, provisions and debts.
func liabilitiesAssociation() []row {
	return cat([]row{
		hd("FONDS PROPRES"),
		ln("Fonds propres sans droit de reprise", "", "capital").or("Fonds associatifs sans droit de reprise"),
		ln("Fonds propres avec droit de reprise", "", "primes").or("Fonds associatifs avec droit de reprise"),
		ln("Écarts de réévaluation", "", "ecarts_reevaluation"),
		ln("Réserves", "", "reserve_legale", "reserves_statutaires", "reserves_reglementees", "autres_reserves"),
		ln("Report à nouveau", "", "report_a_nouveau"),
		ln("Excédent ou déficit de l'exercice", "", "resultat").or("Résultat de l'exercice (excédent ou déficit)"),
		ln("Subventions d'investissement", "", "subventions_investissement"),
		ln("Provisions réglementées", "", "provisions_reglementees"),
		tot("TOTAL (I)", "bilan.capitaux_propres", equityLeaves...).or("Total fonds propres (I)"),
		hd("FONDS REPORTÉS ET DÉDIÉS"),
		ln("Fonds dédiés", kAP, "avances_conditionnees").or("Fonds dédiés sur subventions et dons"),
		hd("PROVISIONS"),
		ln("Provisions pour risques", "", "provisions_risques"),
		ln("Provisions pour charges", "", "provisions_charges"),
		tot("TOTAL (III)", "bilan.provisions", provisionLeaves...).or("Total provisions (III)"),
		hd("DETTES"),
		ln("Emprunts obligataires et assimilés (titres associatifs)", kDettes, "emprunts_convertibles", "autres_emprunts_obligataires"),
		ln("Emprunts et dettes auprès des établissements de crédit", kDettes, "emprunts_credit", "concours_bancaires"),
		ln("Emprunts et dettes financières diverses", kDettes, "emprunts_divers"),
	}, operatingDebts(), []row{
		tot("TOTAL (IV)", "", cat(debtLeaves, []string{"fournisseurs"}, otherLiabilities)...).or("Total dettes (IV)"),
		ln("Écarts de conversion passif (V)", kAP, "ecarts_conversion_passif"),
		tot("TOTAL GÉNÉRAL (I à V)", "bilan.total_passif", liabilityLeaves...).or("TOTAL GÉNÉRAL", "TOTAL PASSIF"),
	})
}

// incomeAssociation is the compte de résultat of the association model:
// cotisations, sales, the third parties' funding and the public's
// generosity among the operating income, financial aid granted among the
// charges, an excédent or a déficit at the end.
func incomeAssociation() []row {
	return []row{
		hd("PRODUITS D'EXPLOITATION"),
		ln("Cotisations", kAPE, "autres_produits"),
		hd("Ventes de biens et services"),
		ln("Ventes de biens", kCA, "ventes_marchandises", "production_biens"),
		ln("Ventes de prestations de service", kCA, "production_services").or("Ventes de prestations de services"),
		ln("Production stockée", kAPE, "production_stockee"),
		hd("Produits de tiers financeurs"),
		ln("Concours publics et subventions d'exploitation", kAPE, "subventions_exploitation"),
		ln("Ressources liées à la générosité du public", kAPE, "production_immobilisee"),
		ln("Reprises sur amortissements, dépréciations, provisions et transferts de charges", kAPE, "reprises_exploitation"),
		tot("TOTAL (I)", "", operatingIncome...).or("Total des produits d'exploitation (I)"),
		hd("CHARGES D'EXPLOITATION"),
		ln("Achats de marchandises", kAchats, "achats_marchandises"),
		ln("Variation de stock", kAchats, "variation_marchandises", "variation_matieres"),
		ln("Achats de matières premières et autres approvisionnements", kAchats, "achats_matieres"),
		ln("Autres achats et charges externes", "compte_resultat.charges_externes", "autres_achats_charges_externes"),
		ln("Aides financières", "compte_resultat.autres_charges_exploitation", "autres_charges"),
		ln("Impôts, taxes et versements assimilés", "compte_resultat.impots_taxes", "impots_taxes"),
		ln("Salaires et traitements", kPers, "salaires"),
		ln("Charges sociales", kPers, "charges_sociales"),
		ln("Dotations aux amortissements et aux dépréciations", kDot, "dotations_amortissements", "dotations_provisions_immobilisations", "dotations_provisions_actif_circulant"),
		ln("Dotations aux provisions", kDot, "dotations_provisions_risques"),
		tot("TOTAL (II)", "", operatingCharges...).or("Total des charges d'exploitation (II)"),
		tot("1 - RÉSULTAT D'EXPLOITATION (I - II)", "compte_resultat.resultat_exploitation", operatingResult...).or("RÉSULTAT D'EXPLOITATION"),
		tot("Produits financiers (III)", kRF, financialIncome...).asAdds(),
		tot("Charges financières (IV)", kRF, financialCharges...).asAdds().minus(),
		tot("2 - RÉSULTAT FINANCIER (III - IV)", kRF, financialResult...).or("RÉSULTAT FINANCIER"),
		tot("3 - RÉSULTAT COURANT AVANT IMPÔTS (I - II + III - IV)", "", cat(operatingResult, financialResult)...),
		tot("Produits exceptionnels (V)", kRE, exceptionalIn...).asAdds(),
		tot("Charges exceptionnelles (VI)", kRE, exceptionalOut...).asAdds().minus(),
		tot("4 - RÉSULTAT EXCEPTIONNEL (V - VI)", kRE, exceptionalRes...).or("RÉSULTAT EXCEPTIONNEL"),
		ln("Participation des salariés aux résultats (VII)", "compte_resultat.autres_elements_resultat", "participation").minus(),
		ln("Impôts sur les bénéfices (VIII)", "compte_resultat.impot_societes", "impot_benefices"),
		tot("Total des produits (I + III + V)", "", cat(operatingIncome, financialIncome, exceptionalIn)...).or("TOTAL DES PRODUITS"),
		tot("Total des charges (II + IV + VI + VII + VIII)", "", cat(operatingCharges, financialCharges, exceptionalOut, []string{"participation", "impot_benefices"})...).or("TOTAL DES CHARGES"),
		tot("EXCÉDENT OU DÉFICIT", "compte_resultat.resultat_net", netResult...).or("Excédent ou déficit de l'exercice", "RÉSULTAT NET (excédent ou déficit)"),
	}
}
