package signals

// Category is the kind of risk a signal reports: a key of the taxonomy.
type Category string

// The taxonomy's keys, in the order of the issue; the enum tag of
// Signal.Category repeats them.
const (
	Covenant              Category = "covenant"
	Acceleration          Category = "exigibilite_anticipee"
	Refinancing           Category = "refinancement"
	Liquidity             Category = "liquidite"
	GoingConcern          Category = "continuite_exploitation"
	CustomerConcentration Category = "concentration_clients"
	SupplierDependence    Category = "dependance_fournisseur"
	KeyPeople             Category = "personnes_cles"
	Litigation            Category = "litiges"
	TaxAudit              Category = "controles_fiscaux_sociaux"
	GuaranteesGiven       Category = "garanties_donnees"
	OffBalanceSheet       Category = "engagements_hors_bilan"
	Overdraft             Category = "decouvert_bancaire"
	LatePayment           Category = "retards_paiement"
	Attrition             Category = "attrition"
	RawMaterials          Category = "matieres_premieres"
	Climate               Category = "climat"
	CurrencyRates         Category = "change_taux"
	AuditorQualification  Category = "reserves_cac"
	RelatedParties        Category = "parties_liees"
	Regulatory            Category = "reglementaire"
)

// Categories lists the taxonomy's keys in the order of the issue, which is
// also the order that breaks a tie between two categories of a sentence.
var Categories = func() []Category {
	out := make([]Category, len(taxonomy))
	for i, d := range taxonomy {
		out[i] = d.category
	}
	return out
}()

// Label is the category as a person reads it.
func (c Category) Label() string {
	if d := definitionOf(c); d != nil {
		return d.label
	}
	return string(c)
}

// Severity grades a signal.
type Severity string

// The severities, mildest first; the enum tag of Signal.Severity repeats them.
const (
	Low    Severity = "faible"
	Medium Severity = "moyenne"
	High   Severity = "elevee"
)

// Severities lists the severities, mildest first.
var Severities = []Severity{Low, Medium, High}

// definition is one category of the taxonomy as a person and a model read
// it: its label, the summary the memo states, and what the model reads in
// its prompt (definition, notRisk, severity). The offline reader's
// vocabulary for each category is shared/riskrules'.
type definition struct {
	category Category
	label    string
	// summary states the risk in the memo's words; the figure follows it.
	summary    string
	definition string
	notRisk    string
	severity   string
}

// taxonomy is the one list of categories: the model's prompt and schema,
// the memo and the viewer read it, and shared/riskrules words each one.
var taxonomy = []definition{
	{
		category:   Covenant,
		label:      "Covenant / engagement financier",
		summary:    "Engagement financier (covenant) attaché à la dette",
		definition: "un ratio ou un engagement financier que la société doit respecter au titre d'un financement (levier, gearing, couverture du service de la dette, fonds propres minimum), son niveau face au seuil, un bris, une dérogation (waiver) ou un seuil relevé",
		notRisk:    "l'absence de tout covenant (« aucun emprunt n'est assorti de covenants »), l'évolution d'un ratio d'endettement sans seuil contractuel",
		severity:   "elevee si le seuil est franchi, si une dérogation ou un relèvement du seuil a été nécessaire, ou si la marge est inférieure à 10 % du seuil ; moyenne si elle est inférieure à 25 % ou si le seuil est donné sans le niveau ; faible si la marge est confortable",
	},
	{
		category:   Acceleration,
		label:      "Exigibilité anticipée / défaut croisé",
		summary:    "Dette exigible par anticipation",
		definition: "une clause qui permet aux prêteurs d'exiger le remboursement immédiat de la dette (exigibilité anticipée, déchéance du terme, défaut croisé, changement de contrôle) ou son déclenchement",
		notRisk:    "un remboursement anticipé volontaire de la société",
		severity:   "elevee si l'exigibilité est déclenchée ou notifiée, ou si la clause vise la totalité de la dette ; moyenne sinon",
	},
	{
		category:   Refinancing,
		label:      "Refinancement et échéances",
		summary:    "Dette à refinancer à son échéance",
		definition: "une échéance de dette à rembourser ou à refinancer (in fine, crédit-relais, mur d'échéances), un refinancement non encore obtenu, un rééchelonnement ou un report d'échéance",
		notRisk:    "un refinancement achevé, une échéance lointaine sans enjeu, une dette amortie par les flux de l'activité",
		severity:   "elevee si l'échéance tombe dans les 12 mois suivant la clôture ; moyenne dans les 18 mois, ou si le montant dû dépasse la trésorerie ; faible au-delà ; sans date, le montant face à la trésorerie",
	},
	{
		category:   Liquidity,
		label:      "Liquidité / consommation de trésorerie",
		summary:    "Liquidité tendue",
		definition: "une trésorerie ou des lignes disponibles insuffisantes face aux besoins, une consommation de trésorerie (free cash-flow négatif), une autonomie de quelques mois, des tensions de trésorerie",
		notRisk:    "une trésorerie déclarée suffisante pour les douze prochains mois, le suivi de la liquidité par la direction, une ligne non tirée (atténuation)",
		severity:   "elevee si la trésorerie ne couvre pas les besoins ou l'échéance, si l'autonomie est de 12 mois ou moins, ou si la consommation dépasse la trésorerie ; moyenne si elle en dépasse le quart ; sinon selon le chiffre",
	},
	{
		category:   GoingConcern,
		label:      "Continuité d'exploitation",
		summary:    "Doute sur la continuité d'exploitation",
		definition: "une incertitude sur la capacité à poursuivre l'activité : continuité subordonnée à un refinancement ou à un soutien, capitaux propres inférieurs à la moitié du capital, mandat ad hoc, conciliation, sauvegarde, redressement ou liquidation judiciaire, cessation des paiements",
		notRisk:    "la phrase de méthode « les comptes sont établis selon le principe de continuité d'exploitation », l'absence d'événement remettant en cause la continuité",
		severity:   "toujours elevee",
	},
	{
		category:   CustomerConcentration,
		label:      "Concentration clients",
		summary:    "Dépendance à un petit nombre de clients",
		definition: "une part importante du chiffre d'affaires réalisée avec un client ou quelques clients (premier client, cinq premiers clients, donneur d'ordre, contrat principal)",
		notRisk:    "une clientèle diversifiée, « aucun client ne représente plus de 5 % », une répartition géographique des ventes",
		severity:   "elevee si un client ou un groupe de clients nommé pèse 30 % ou plus ; moyenne à partir de 10 % ou sans chiffre ; faible en dessous",
	},
	{
		category:   SupplierDependence,
		label:      "Dépendance fournisseur / source unique",
		summary:    "Dépendance à un fournisseur ou à une source unique",
		definition: "un approvisionnement, un composant, une licence ou un prestataire critique qui dépend d'un seul fournisseur ou de quelques-uns, sans solution de substitution",
		notRisk:    "« la société n'est pas dépendante d'un fournisseur », plusieurs sources qualifiées, un second fournisseur déjà qualifié (atténuation)",
		severity:   "elevee pour une source unique sans substitut, un arrêt de production, ou une part de 50 % ou plus ; moyenne à partir de 20 % ou sans chiffre ; faible en dessous",
	},
	{
		category:   KeyPeople,
		label:      "Personnes clés",
		summary:    "Dépendance à des personnes clés",
		definition: "une dépendance à un dirigeant, un fondateur ou un expert dont le départ, le décès ou l'absence de successeur désorganiserait l'activité",
		notRisk:    "la rémunération des dirigeants, un plan de succession formalisé, une assurance homme-clé souscrite (atténuation), les indemnités de départ à la retraite",
		severity:   "elevee si le départ a eu lieu ou est annoncé sans remplaçant, ou si la succession n'est pas organisée ; moyenne pour une dépendance déclarée",
	},
	{
		category:   Litigation,
		label:      "Litiges et provisions",
		summary:    "Litige en cours",
		definition: "un litige, un contentieux, une assignation, une réclamation ou une condamnation, et la provision qui le couvre",
		notRisk:    "« aucun litige », un litige clos par une transaction, la méthode de provisionnement des litiges, la justification des appréciations du commissaire aux comptes",
		severity:   "le montant en jeu face aux capitaux propres (moyenne dès 10 %, elevee dès 50 %) et à la trésorerie (moyenne dès 25 %, elevee dès 100 %) ; faible sans montant",
	},
	{
		category:   TaxAudit,
		label:      "Contrôles fiscaux et sociaux",
		summary:    "Contrôle fiscal ou social",
		definition: "un contrôle fiscal, une vérification de comptabilité, un contrôle URSSAF ou des douanes, une proposition de rectification ou un redressement",
		notRisk:    "un contrôle clos sans rectification, le régime fiscal, un crédit d'impôt, le texte des formulaires fiscaux",
		severity:   "le montant notifié face aux capitaux propres et à la trésorerie, comme les litiges ; faible sans montant",
	},
	{
		category:   GuaranteesGiven,
		label:      "Garanties données et cautions",
		summary:    "Garantie, caution ou sûreté donnée",
		definition: "une caution, une garantie à première demande, une lettre de confort, un nantissement, une hypothèque ou un gage donnés par la société, ou la caution personnelle du dirigeant",
		notRisk:    "« aucune garantie donnée », les garanties commerciales données aux clients sur les produits",
		severity:   "le montant garanti face aux capitaux propres (moyenne dès 10 %, elevee dès 50 %) ; moyenne pour une sûreté sur les actifs (nantissement, hypothèque, gage) sans montant ; faible sinon",
	},
	{
		category:   OffBalanceSheet,
		label:      "Engagements hors bilan (crédit-bail, locations)",
		summary:    "Engagement hors bilan",
		definition: "des loyers ou redevances restant dus (crédit-bail, baux, location-gérance), des commandes fermes, des engagements d'achat ou de rachat, une clause de bail qui menace un site",
		notRisk:    "la méthode de retraitement du crédit-bail, une dette locative déjà au bilan (IFRS 16), un crédit-bail terminé",
		severity:   "le montant face aux capitaux propres (moyenne dès 10 %, elevee dès 50 %) ; moyenne pour une clause de résiliation ou un préavis qui menace un site ; faible sinon",
	},
	{
		category:   Overdraft,
		label:      "Recours au découvert / concours bancaires",
		summary:    "Recours au découvert et aux concours bancaires courants",
		definition: "l'usage du découvert, des concours bancaires courants, des facilités de caisse, de l'escompte, du Dailly ou de l'affacturage pour financer l'exploitation",
		notRisk:    "un découvert autorisé non utilisé, « aucun recours à l'affacturage », l'intitulé de la ligne du bilan",
		severity:   "elevee pour un découvert permanent ou dépassé, ou un montant supérieur à la trésorerie ; moyenne dès 25 % de la trésorerie ; faible sinon",
	},
	{
		category:   LatePayment,
		label:      "Retards de paiement (clients, fournisseurs)",
		summary:    "Retards de paiement",
		definition: "des clients qui paient en retard ou ne paient pas (créances échues, impayés, délai de règlement qui s'allonge), ou une société qui paie en retard ses fournisseurs, le fisc ou l'URSSAF (dettes échues, plan d'apurement)",
		notRisk:    "des délais conformes à la loi, la présentation légale des délais de paiement, la méthode de dépréciation des créances",
		severity:   "le montant en retard face aux capitaux propres et à la trésorerie ; elevee si des fournisseurs exigent un paiement comptant ; moyenne pour un délai chiffré",
	},
	{
		category:   Attrition,
		label:      "Attrition / churn",
		summary:    "Perte de clients ou de contrats",
		definition: "des clients ou des contrats perdus ou qui peuvent l'être : taux de résiliation, non-renouvellement, fin d'un contrat-cadre, appel d'offres, réinternalisation",
		notRisk:    "un contrat renouvelé ou signé, un taux de fidélisation élevé",
		severity:   "elevee si la part perdue atteint 20 % du chiffre d'affaires ou si le contrat prend fin dans les 12 mois ; moyenne dès 5 % ou dans les 18 mois ; faible sinon",
	},
	{
		category:   RawMaterials,
		label:      "Matières premières",
		summary:    "Exposition au prix des matières premières et de l'énergie",
		definition: "la hausse ou la volatilité du prix des matières, de l'énergie ou des prix de marché de ce que la société vend, et la part qu'elle ne peut répercuter",
		notRisk:    "un prix resté stable, une baisse de prix favorable, la méthode d'évaluation des stocks de matières",
		severity:   "l'effet chiffré face à l'EBITDA (moyenne dès 5 %, elevee dès 25 %) ; moyenne pour une hausse ou une part chiffrée en % ; faible sans chiffre",
	},
	{
		category:   Climate,
		label:      "Climat et aléas",
		summary:    "Exposition aux aléas climatiques",
		definition: "un aléa climatique ou naturel (sécheresse, grêle, inondation, incendie, canicule, ensoleillement) qui menace les sites, la production ou les ventes",
		notRisk:    "les émissions évitées ou réduites, une couverture d'assurance seule (atténuation), « la société n'a pas été affectée »",
		severity:   "l'effet chiffré face à l'EBITDA (moyenne dès 5 %, elevee dès 25 %) ; moyenne pour un risque non assuré ; faible sinon",
	},
	{
		category:   CurrencyRates,
		label:      "Change et taux variable",
		summary:    "Exposition au change ou aux taux variables",
		definition: "des achats, des ventes ou des actifs en devises, une dette à taux variable, et leur sensibilité à une variation du change ou des taux",
		notRisk:    "une dette à taux fixe, une exposition entièrement couverte, la méthode de conversion des opérations en devises",
		severity:   "l'effet chiffré face à l'EBITDA (moyenne dès 5 %, elevee dès 25 %) ; moyenne pour une exposition non couverte ou une part chiffrée ; faible sinon",
	},
	{
		category:   AuditorQualification,
		label:      "Réserves ou observations des commissaires aux comptes",
		summary:    "Réserve ou observation du commissaire aux comptes",
		definition: "une certification avec réserve, un refus ou une impossibilité de certifier, une observation qui attire l'attention (notamment sur la continuité d'exploitation), une procédure d'alerte",
		notRisk:    "les formules d'un rapport d'audit sans réserve (« nous certifions que… », « nous n'avons pas d'observation à formuler », justification des appréciations, points clés de l'audit)",
		severity:   "elevee pour une réserve, un refus, une impossibilité, une procédure d'alerte ou une observation sur la continuité ; moyenne pour une autre observation",
	},
	{
		category:   RelatedParties,
		label:      "Parties liées",
		summary:    "Opération avec une partie liée",
		definition: "une opération avec un actionnaire, un dirigeant, une société mère, sœur ou filiale à des conditions hors marché : prêt, avance, abandon de créance, loyers ou prestations facturés",
		notRisk:    "« aucune convention nouvelle », l'approbation des conventions réglementées, des comptes courants d'associés rémunérés normalement ou subordonnés (atténuation)",
		severity:   "le montant face aux capitaux propres (moyenne dès 10 %, elevee dès 50 %) ; faible sans montant",
	},
	{
		category:   Regulatory,
		label:      "Réglementaire",
		summary:    "Risque réglementaire",
		definition: "une réglementation, une autorisation, un agrément ou un tarif réglementé dont l'évolution, la perte ou le non-respect coûterait (mise en conformité, amende, sanction, enquête d'une autorité)",
		notRisk:    "la conformité déclarée, une réglementation favorable, un agrément renouvelé, le texte des formulaires fiscaux",
		severity:   "elevee pour le retrait d'un agrément ou d'une autorisation ; sinon l'effet chiffré face à l'EBITDA (moyenne dès 5 %, elevee dès 25 %) ; faible sans chiffre",
	},
}

// Summary states the risk of the category in the memo's words.
func (c Category) Summary() string {
	if d := definitionOf(c); d != nil {
		return d.summary
	}
	return string(c)
}

func definitionOf(c Category) *definition {
	for i := range taxonomy {
		if taxonomy[i].category == c {
			return &taxonomy[i]
		}
	}
	return nil
}
