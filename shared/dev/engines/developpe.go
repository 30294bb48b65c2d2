package engines

import (
	"math/rand/v2"
	"slices"
)

// modelDeveloppe is the système développé of the PCG (ANC 2014-03, art.
// 823-1 and 823-3): the système de base's statements with the external
// charges, the taxes and the other lines detailed under their headings.
const modelDeveloppe = "pcg-developpe"

// drawDeveloppe makes a seed of the système de base, one time in five, a
// système développé; the stream then details the economy's external
// charges and taxes (detail).
func drawDeveloppe(seed uint64, s *style) *rand.Rand {
	return baseInto(rand.NewPCG(seed^0x6a09e667f3bcc909, seed^0xbb67ae8584caa73b), 0.2, modelDeveloppe, s)
}

// detail splits, every year, the external charges into the lines the
// système développé prints and the taxes into those on pay and the others;
// the sums stay what they were.
func detail(r *rand.Rand, e *economy) {
	for _, a := range e.years {
		split := func(from, to string, lo, hi float64) {
			part := int64(float64(a[from]) * (lo + r.Float64()*(hi-lo)))
			if part > 0 && part < a[from] {
				a[to], a[from] = part, a[from]-part
			}
		}
		split("autres_achats_charges_externes", "sous_traitance", 0.05, 0.3)
		split("autres_achats_charges_externes", "achats_non_stockes", 0.05, 0.2)
		if r.Float64() < 0.6 {
			split("autres_achats_charges_externes", "personnel_exterieur", 0.02, 0.15)
		}
		if r.Float64() < 0.5 {
			split("autres_achats_charges_externes", "credit_bail", 0.02, 0.1)
		}
		split("impots_taxes", "taxes_remunerations", 0.2, 0.5)
	}
}

// incomeDeveloppe is the compte de résultat en liste of the système
// développé: the système de base's, its operating part detailed.
func incomeDeveloppe() []row {
	const kExt, kTax = "compte_resultat.charges_externes", "compte_resultat.impots_taxes"
	operating := []row{
		hd("PRODUITS D'EXPLOITATION").or("Produits d'exploitation"),
		ln("Ventes de marchandises", kCA, "ventes_marchandises"),
		ln("Production vendue : biens", kCA, "production_biens"),
		ln("Production vendue : services", kCA, "production_services").or("Production vendue : travaux, études et prestations de services"),
		tot("Sous-total A - Montant net du chiffre d'affaires", kCA, revenueLeaves...).or("Montant net du chiffre d'affaires (A)"),
		ln("Production stockée", kAPE, "production_stockee"),
		ln("Production immobilisée", kAPE, "production_immobilisee"),
		ln("Subventions d'exploitation", kAPE, "subventions_exploitation"),
		ln("Reprises sur provisions (et amortissements), transferts de charges", kAPE, "reprises_exploitation"),
		ln("Autres produits", kAPE, "autres_produits"),
		tot("Sous-total B", "", otherIncome...),
		tot("Total I (A + B)", "", operatingIncome...).or("TOTAL DES PRODUITS D'EXPLOITATION (I)"),
		hd("CHARGES D'EXPLOITATION").or("Charges d'exploitation"),
		ln("Achats de marchandises", kAchats, "achats_marchandises"),
		ln("Variation des stocks (marchandises)", kAchats, "variation_marchandises"),
		ln("Achats d'approvisionnements", kAchats, "achats_matieres").or("Achats de matières premières et autres approvisionnements"),
		ln("Variation des stocks (approvisionnements)", kAchats, "variation_matieres"),
		ln("Achats de sous-traitance", kExt, "sous_traitance"),
		ln("Achats non stockés de matières et fournitures", kExt, "achats_non_stockes"),
		hd("Services extérieurs :"),
		ln("Personnel extérieur", kExt, "personnel_exterieur"),
		ln("Loyers en crédit-bail", kExt, "credit_bail").or("Redevances de crédit-bail"),
		ln("Autres", kExt, "autres_achats_charges_externes").or("Autres services extérieurs"),
		hd("Impôts, taxes et versements assimilés :"),
		ln("Sur rémunérations", kTax, "taxes_remunerations"),
		ln("Autres", kTax, "impots_taxes").or("Autres impôts et taxes"),
		hd("Charges de personnel :"),
		ln("Salaires et traitements", kPers, "salaires"),
		ln("Charges sociales", kPers, "charges_sociales"),
		hd("Dotations aux amortissements, dépréciations et provisions :"),
		ln("Sur immobilisations : dotations aux amortissements", kDot, "dotations_amortissements"),
		ln("Sur immobilisations : dotations aux dépréciations", kDot, "dotations_provisions_immobilisations"),
		ln("Sur actif circulant : dotations aux dépréciations", kDot, "dotations_provisions_actif_circulant"),
		ln("Pour risques et charges : dotations aux provisions", kDot, "dotations_provisions_risques"),
		ln("Autres charges", "compte_resultat.autres_charges_exploitation", "autres_charges"),
		tot("Total II", "", operatingCharges...).or("TOTAL DES CHARGES D'EXPLOITATION (II)"),
		tot("1 - RÉSULTAT D'EXPLOITATION (I - II)", "compte_resultat.resultat_exploitation", operatingResult...).or("RÉSULTAT D'EXPLOITATION"),
	}
	base := incomeBase()
	at := slices.IndexFunc(base, func(r row) bool { return r.kind == heading && r.label == "Produits financiers" })
	return append(operating, base[at:]...)
}
