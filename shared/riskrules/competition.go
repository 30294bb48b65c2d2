package riskrules

import (
	"regexp"
	"strings"

	"analyste.dev/analyste/shared/quotes"
	"analyste.dev/analyste/shared/signals"
)

// The competitions between categories that the weights alone settle
// wrongly, each decided by who stands on the other side of the risk.

// taxAuthority is a tax or social authority named as the company's
// opponent: a dispute with it is the tax audit's consequence ("le
// contentieux qui l'oppose au fisc", "conteste devant le tribunal
// administratif les rappels notifiés par l'administration fiscale").
var taxAuthority = []string{"administration fiscale", "le fisc", "au fisc", "du fisc", "urssaf", "msa", "douanes",
	"direction des douanes", "dgfip", "finances publiques", "services fiscaux", "service des impôts", "trésor public",
	"rappels d'impôt", "rappel d'impôt", "rappels de tva", "rappel de tva", "contentieux fiscal", "litige fiscal",
	"cotisations redressées", "à tiers détenteur", "onss", "spf finances", "revenu québec", "agence du revenu",
	"contributions directes", "administration fédérale des contributions"}

// taxClaims are what a tax audit notifies, whatever court the company
// contests them before.
var taxClaims = []string{"rectification de tva", "rectification fiscale", "proposition de rectification", "redressement fiscal",
	"redressement urssaf", "avis de mise en recouvrement", "rappel de cotisations", "rappels de cotisations"}

// unpaid is a sum left unpaid at its due date, assessed what a tax audit
// adds to what was declared, courtOrder a court ordering the company to pay.
var (
	unpaid = []string{"impayé", "demeurée impayée", "en souffrance", "non réglé", "non acquitté", "non payé", "non versé",
		"à leur échéance", "restée impayée"}
	assessed = []string{"contrôle", "vérification", "rectifi", "redress", "rappel", "rehaussement", "contentieux", "conteste",
		"requalifi"}
	courtOrder = []string{"condamne", "condamné", "condamnée", "ordonne à", "enjoint", "sous astreinte", "injonction de payer"}
)

// missedInstalment is a debt's instalment left unpaid at its date.
var missedInstalment = regexp.MustCompile(`(?:n'a|n'ont|n'avait|n'avaient) pas (?:pu )?(?:réglé|payé|honoré|remboursé|régler|payer|honorer|rembourser) (?:l'échéance|les échéances|l'annuité|la mensualité|les mensualités)|(?:échéances?|annuités?|mensualités?) (?:\S+ ){0,6}?(?:impayées?|non réglées?|non payées?|non honorées?)`)

var (
	loanWords   = []string{"prêt", "emprunt", "crédit", "obligataire", "bancaire", "banque", "prêteur"}
	noticeWords = []string{"préavis", "résili"}
	// statedShare is a contract's weight stated as a share of the sales.
	statedShare = regexp.MustCompile(`(?:représent|pès|pèse|compt)\S*\s(?:[^.;%]{0,40}?\s)?(?:la moitié|le tiers|le quart|\d+(?:,\d+)?\s?%)\s+(?:du chiffre d'affaires|de son chiffre d'affaires|des ventes|des revenus|de l'activité)`)
)

// licensedToCompany is a licence the company holds from a third party
// (a brand, a technology, products it distributes): losing it is losing a
// source, not a customer. licenceIncome is the reverse, a licence the
// company grants, whose licensee pays it.
var (
	licensedToCompany = []string{"concédant", "concédée par", "concédée à la société", "concédée au groupe", "sous licence",
		"licence de distribution des produits d", "bénéficie d'une licence", "licence dont elle bénéficie",
		"licence dont la société est titulaire", "licence dont le groupe est titulaire"}
	licenceIncome = []string{"revenus", "redevances", "royalties", "licenciés", "client", "abonn", "utilisateur", "vendues", "vendus"}
	// A licence a company grants is a contract, not the state's leave, and
	// its licensor a source, not a customer.
	grantedByCompany = []string{"concédant", "concédée par la société", "concédée par le groupe", "concédée par un tiers"}
)

// compete moves the category a sentence was given when its other side
// says it is another's.
func compete(norm string, best signals.Category) signals.Category {
	switch {
	case best == signals.Litigation && (len(affirmed(norm, taxAuthority)) > 0 || len(affirmed(norm, taxClaims)) > 0):
		return signals.TaxAudit
	case best == signals.Litigation && len(affirmed(norm, vocabularyOf(signals.GoingConcern).strong)) > 0 &&
		!thirdPartyProcedure.MatchString(norm) && !noDebtor(norm):
		// A court ruling on the company's procedure: the procedure is the risk.
		return signals.GoingConcern
	case best == signals.TaxAudit && len(affirmed(norm, unpaid)) > 0 && !has(norm, assessed):
		// A tax declared and left unpaid, collected: paid late, not audited.
		return signals.LatePayment
	case (best == signals.Refinancing || best == signals.LatePayment) && missedInstalment.MatchString(norm) && has(norm, loanWords) &&
		!has(norm, []string{"fournisseur"}):
		// A loan's instalment not paid at its date: a payment default.
		return signals.Liquidity
	case best == signals.Attrition && has(norm, mayWords) && statedShare.MatchString(norm) && has(norm, noticeWords):
		// A contract that may be ended, carrying a share of the sales: the
		// weight of that customer.
		return signals.CustomerConcentration
	case best == signals.LatePayment && len(affirmed(norm, courtOrder)) > 0:
		// A court's order to pay is the dispute's outcome.
		return signals.Litigation
	case best == signals.Attrition && has(norm, licensedToCompany) && !has(norm, licenceIncome),
		(best == signals.CustomerConcentration || best == signals.Regulatory) && has(norm, grantedByCompany) && !has(norm, licenceIncome):
		return signals.SupplierDependence
	}
	return best
}

// namedParty is a customer named by its trade and its name ("le groupe
// Carrefour", "l'avionneur Airbus"), and namedShare the share of sales it
// is said to weigh: a customer's share even where no word says customer.
// The company's own subsidiaries and segments are no such party.
var (
	namedParty = regexp.MustCompile(`(?i:\b(?:le groupe|du groupe|au groupe|l['’]enseigne|le constructeur|l['’]opérateur|l['’]avionneur|le distributeur|le laboratoire|l['’]industriel|la centrale|le donneur d'ordre|le client))\s+\p{Lu}`)
	namedShare = regexp.MustCompile(`(?:représent|pès|pèse|pesé|compt|génér|contribu|assur)\S*\s(?:[^.;%]{0,40}?\s)?(?:près de |environ |plus de )?(\d+(?:,\d+)?)\s?%\s+(?:du chiffre d'affaires|de son chiffre d'affaires|de leur chiffre d'affaires|des ventes|des revenus|de l'activité|des facturations)`)
)

// customerShare tells a named customer weighing at least a tenth of the
// sales.
func customerShare(text, norm string) bool {
	if !namedParty.MatchString(text) {
		return false
	}
	m := namedShare.FindStringSubmatch(norm)
	return m != nil && parsePercent(m[1]) >= 10
}

func parsePercent(s string) float64 {
	var whole, frac, scale float64 = 0, 0, 1
	intPart, fracPart, _ := strings.Cut(s, ",")
	for _, r := range intPart {
		whole = whole*10 + float64(r-'0')
	}
	for _, r := range fracPart {
		scale /= 10
		frac += float64(r-'0') * scale
	}
	return whole + frac
}

// continuityOnCondition tells a sentence that states the going-concern
// convention and, in the same breath, what it hangs on or what stands
// against it: "établis selon le principe de continuité d'exploitation,
// qui repose sur l'obtention d'un nouveau prêt", "a retenu la convention
// de continuité bien que la trésorerie ne couvre les besoins que
// jusqu'en mai". The convention alone, or on the company's own means, is
// policy.
func continuityOnCondition(norm string) bool {
	loc := continuityWords.FindStringIndex(norm)
	if loc == nil || has(norm, standard) {
		return false
	}
	rest := norm[loc[1]:]
	if m := continuityCondition.FindStringIndex(rest); m != nil && !deniedOrRestricted(rest, m[0], m[1]) {
		return true
	}
	if m := concession.FindStringIndex(rest); m != nil {
		after := rest[m[1]:]
		return has(after, adverseWords) || has(after, lossWords) || strings.Contains(after, " que jusqu") ||
			strings.Contains(after, "pas encore") || strings.Contains(after, "perte")
	}
	return false
}

var (
	continuityWords     = regexp.MustCompile(`continuité d(?:'|e l')exploitation|principe de continuité|convention de continuité`)
	continuityCondition = regexp.MustCompile(`\b(?:repos\S*|dépend\S*|subordonn\S*|conditionn\S*|sous réserve|suspendu\S*)\s(?:[^.;]{0,60}?\s)?(?:l'|de l'|du |de la |d'un |d'une |au |à la |des )?(?:obtention|succès|réalisation|soutien|levée|renouvellement|apport|refinancement|accord|cession|signature|versement|conclusion|mise en place|aboutissement|issue|augmentation de capital)`)
	concession          = regexp.MustCompile(`\b(?:bien qu|malgré|en dépit d|nonobstant)`)
)

// Past tells, for the pages of one report, whether a sentence tells an
// event of a year before its closing wholly in the pluperfect (see
// pastOnly): its history, not a risk. The critical net leaves these
// sentences out too.
func Past(pages []string) func(text string) bool {
	ref := findReference(pages)
	return func(text string) bool { return pastOnly(quotes.Normalise(text), ref) }
}

// pastOnly tells a sentence told wholly in the pluperfect of a year
// before the closing's ("en 2019, la société avait fait l'objet d'une
// conciliation"): the background of the company's history, not a risk of
// the year, unless a word says it still runs or a verb is of the present,
// the future or the conditional, or it is told after the main clause.
func pastOnly(norm string, ref reference) bool {
	at := pluperfect.FindStringIndex(norm)
	if ref.closing == 0 || at == nil || stillRuns.MatchString(norm) || conditional(norm) || laterClause.MatchString(norm[:at[0]]) {
		return false
	}
	closingYear := ref.closing / 12
	found := false
	for _, y := range year.FindAllString(norm, -1) {
		n := 0
		for _, r := range y {
			n = n*10 + int(r-'0')
		}
		if n >= closingYear {
			return false
		}
		found = true
	}
	return found
}

var (
	pluperfect = regexp.MustCompile(`(?:^|[^\p{L}])(?:avai(?:t|ent)|étai(?:t|ent)) (?:(?:déjà|alors|brièvement|notamment|également) )?\p{L}+(?:é|ée|és|ées|i|ie|is|ies|u|ue|us|ues|t|te|ts|tes|s)(?:[^\p{L}]|$)`)
	// laterClause: the pluperfect is told in a clause after the main one
	// ("…, dont une panne en 2024 avait interrompu…"), the background of
	// what the main clause states.
	laterClause = regexp.MustCompile(`[;:]|\s(?:et|dont|qui|que|mais|car|où)\s`)
	stillRuns   = regexp.MustCompile(`(?:^|[^\p{L}])(?:est|sont|a|ont|reste|restent|demeure|demeurent|sera|seront|devra|devront|doit|doivent|toujours|encore|désormais|actuellement|à ce jour|depuis|en cours|s'établit|s'établissent|représente|représentent|dispose|peut|peuvent)(?:[^\p{L}]|$)`)
)

// shortRunway tells cash counted in a few weeks or months of what it
// pays for ("deux mois de trésorerie devant nous", "moins de trois
// semaines de charges fixes"): six months at most, or weeks and days.
func shortRunway(norm string) bool {
	for _, m := range runway.FindAllStringSubmatch(norm, -1) {
		if m[2] != "mois" {
			return true
		}
		n, ok := numberWords[m[1]]
		if !ok {
			n = parsePercent(m[1])
		}
		if n <= 6 {
			return true
		}
	}
	return false
}

var runway = regexp.MustCompile(`(?:^|[^\p{L}\d])(un|une|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|\d{1,2}) (semaines?|mois|jours) de (?:trésorerie|charges|dépenses|salaires|fonctionnement|consommation)`)
