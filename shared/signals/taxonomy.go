package signals

import "slices"

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

// definition is one category of the taxonomy: what the model reads in its
// prompt (definition, notRisk, severity) and what the offline reader matches
// (the vocabulary) and measures (the gauge).
//
// Terms match at the start of a word of the normalised text, so "litige"
// also finds "litiges". A strong term names the risk; a weak one points to
// it and only weighs in the choice between categories; a pair names it when
// a term of each of its two lists is in the sentence ("prix" and
// "hausse"), each pair counting as one strong term; an absent
// phrase says the risk is not there or no longer ("a fortement diminué").
type definition struct {
	category Category
	label    string
	// summary states the risk in the memo's words; the figure follows it.
	summary    string
	definition string
	notRisk    string
	severity   string

	strong, weak, absent []string
	// parties name the counterparty of the risk rather than the risk
	// ("la société mère"): together they weigh as one weak term in the
	// choice between categories, and name the risk only when no other
	// category is named.
	parties []string
	pairs   [][2][]string
	gauge   gauge
	// single: a report has one such risk, so its mentions on several pages
	// are one signal whatever they share.
	single bool
	// dueSoon: a debt falling due within 18 months names the risk, however
	// it is worded.
	dueSoon bool
	// weight of each strong term in the choice between categories, 2 when
	// zero: a going-concern procedure outweighs the debt it is about.
	weight int
	// frames: the category's strong wording is a voice that frames the whole
	// sentence ("nous attirons votre attention sur…"), so it wins whatever
	// the sentence is about.
	frames bool
}

func (d *definition) strongWeight() int {
	if d.weight == 0 {
		return 2
	}
	return d.weight
}

// taxonomy is the one list of categories: the offline reader, the model's
// prompt and schema, the memo and the viewer read it.
var taxonomy = []definition{
	{
		category:   Covenant,
		label:      "Covenant / engagement financier",
		summary:    "Engagement financier (covenant) attaché à la dette",
		definition: "un ratio ou un engagement financier que la société doit respecter au titre d'un financement (levier, gearing, couverture du service de la dette, fonds propres minimum), son niveau face au seuil, un bris, une dérogation (waiver) ou un seuil relevé",
		notRisk:    "l'absence de tout covenant (« aucun emprunt n'est assorti de covenants »), l'évolution d'un ratio d'endettement sans seuil contractuel",
		severity:   "elevee si le seuil est franchi, si une dérogation ou un relèvement du seuil a été nécessaire, ou si la marge est inférieure à 10 % du seuil ; moyenne si elle est inférieure à 25 % ou si le seuil est donné sans le niveau ; faible si la marge est confortable",
		strong: []string{"covenant", "engagement financier", "engagements financiers", "ratio de levier", "ratio de dette nette",
			"ratio dette nette", "ratio de couverture", "ratio de fonds propres", "ratio de gearing", "gearing", "dscr", "icr",
			"waiver", "renonciation des prêteurs", "définition contractuelle", "dette nette contractuelle", "ebitda ajusté",
			"relever le plafond", "plafond du ratio", "leverage", "bris de covenant", "limite contractuelle", "seuil contractuel",
			"plafond contractuel", "ratio financier", "ratios financiers", "maximum autorisé", "subordonné au maintien",
			"sous réserve du maintien", "respect d'un ratio", "engagement de maintenir", "levier maximal", "levier maximum", "ltv", "loan to value", "se prévaloir", "renonciation de ses prêteurs",
			"renonciation ponctuelle", "plafond d'endettement", "seuil maximal", "plafond maximal",
			"chaque date de test", "seuil de couverture",
			"couverture des frais financiers", "couverture des intérêts", "couverture du service de la dette"},
		pairs: [][2][]string{{{"ratio", "ratios", "levier", "plafonné", "plafond", "seuil", "maintenir", "n'excède pas", "oblige",
			"obligent", "conserver des", "d'au moins", "au moins égaux", "maintien de fonds propres",
			"assorti d'un engagement", "testé", "maintien d'un", "garder un", "au-dessus de", "en dessous de",
			"rapport dettes", "rapport dette", "rapport entre", "ne pas excéder", "ne pas dépasser", "plafonn", "niveau maximal",
			"trésorerie minimale",
			"rester inférieur", "rester supérieur", "au moins égal", "au plus égal"}, {"contrat de crédit", "convention de crédit",
			"contrat de prêt", "documentation", "bancaire", "banque", "prêteur", "créancier", "obligataire", "prêt",
			"crédit syndiqué",
			"syndiqué", "crédit renouvelable", "financement", "date de test", "contrats conclus", "venture debt", "euro pp",
			"obligations convertibles", "emprunt obligataire", "contrat de crédit"}}},
		weak: []string{"ratio", "plafond", "plafonné", "seuil", "prêteurs", "emprunt", "crédit", "testé", "respecté", "marge"},
		gauge: gauge{headroom: true, unmeasured: Medium, eased: []string{"respecte", "respecté", "confortable"},
			grave: []string{"dispense", "n'a pas été respecté", "n'ont pas été respectés", "non respecté", "non-respect", "waiver",
				"renonciation", "dérogation", "relever le plafond", "relevé le plafond", "n'est plus que", "faute d'avoir respecté",
				"suspendre le test", "suspension du test", "manquement", "bris",
				// Past the limit, or the limit moved for the company.
				"a excédé", "ont excédé", "a dépassé", "ont dépassé", "dépassement", "a été franchi", "amendé", "aménagement des",
				"relèvement", "porter le levier", "porté de", "pas satisfait", "ne pas tester", "au-delà du plafond"}},
		single: true,
	},
	{
		category:   Acceleration,
		label:      "Exigibilité anticipée / défaut croisé",
		summary:    "Dette exigible par anticipation",
		definition: "une clause qui permet aux prêteurs d'exiger le remboursement immédiat de la dette (exigibilité anticipée, déchéance du terme, défaut croisé, changement de contrôle) ou son déclenchement",
		notRisk:    "un remboursement anticipé volontaire de la société",
		severity:   "elevee si l'exigibilité est déclenchée ou notifiée, ou si la clause vise la totalité de la dette ; moyenne sinon",
		strong: []string{"exigibilité anticipée", "exigible par anticipation", "exigibles par anticipation",
			"immédiatement exigible",
			"exigibilité immédiate", "deviendrait exigible", "deviendraient exigibles", "rendu exigible",
			"exiger le remboursement anticipé",
			"demander le remboursement anticipé", "défaut croisé", "cross-default", "changement de contrôle", "déchéance du terme",
			"clause d'accélération", "remboursement immédiat", "exiger le remboursement", "cas de remboursement anticipé",
			"remboursement anticipé obligatoire", "changement d'actionnaire", "cession du contrôle", "perte du contrôle",
			"réclamer le remboursement", "rachat anticipé", "demander le remboursement", "annuler les engagements", "accélérer le remboursement", "accélération du remboursement",
			"rende exigible", "rendre exigible",
			"rendrait exigible", "remboursable par anticipation", "remboursables par anticipation", "rendus exigibles",
			"cas de défaut", "réclamé le remboursement", "prise de contrôle du groupe",
			"prise de contrôle de la société", "paiement immédiat", "résiliation de plein droit", "accélérer la dette",
			"accélération de la dette"},
		pairs: [][2][]string{{{"rembours", "rachat", "exigible", "rappel", "rappelé", "dénonc", "résili"}, {"sans délai", "immédiat", "à tout moment",
			"avant son terme", "avant terme", "sur-le-champ"}}},
		// A debt called outweighs the covenant whose breach called it.
		weight: 3,
		weak:   []string{"exigible", "exigibilité", "anticipé", "prêteurs", "encours", "défaut"},
		// A prepayment at the company's own option is no call.
		// A call the lenders gave up is none.
		absent: []string{"renoncé à exiger", "renoncé à demander", "renoncé à réclamer", "renoncé à prononcer",
			"volontaire", "à son gré", "à son initiative", "à l'initiative de la société", "à l'initiative de l'émetteur",
			"l'émetteur pourra", "l'emprunteur pourra"},
		gauge: gauge{floor: Medium, headroom: true,
			grave: []string{"totalité", "intégralité", "l'ensemble des", "notifié", "a prononcé", "ont prononcé", "a rendu",
				"ont rendu", "survenance", "immédiate",
				"immédiatement",
				// Called, in the lenders' acts.
				"exigé le", "été rendu", "été rendue", "ont voté", "a voté", "prévalu", "a dénoncé", "ont dénoncé", "en demeure de rembourser",
				"devenu exigible", "devenue exigible", "devenus exigibles", "devenues exigibles"}},
	},
	{
		category:   Refinancing,
		label:      "Refinancement et échéances",
		summary:    "Dette à refinancer à son échéance",
		definition: "une échéance de dette à rembourser ou à refinancer (in fine, crédit-relais, mur d'échéances), un refinancement non encore obtenu, un rééchelonnement ou un report d'échéance",
		notRisk:    "un refinancement achevé, une échéance lointaine sans enjeu, une dette amortie par les flux de l'activité",
		severity:   "elevee si l'échéance tombe dans les 12 mois suivant la clôture ; moyenne dans les 18 mois, ou si le montant dû dépasse la trésorerie ; faible au-delà ; sans date, le montant face à la trésorerie",
		strong: []string{"refinancement", "refinancer", "crédit-relais", "crédit relais", "prêt relais", "prêt-relais",
			"remboursable in fine", "in fine", "mur de refinancement", "mur d'échéances", "rééchelonnement", "mur de dette", "renégociation des crédits",
			"renégociation du prêt", "renégociation de l'emprunt", "à renouveler",
			"remboursable en une seule fois", "en une seule fois", "remboursable en totalité", "remboursé en totalité",
			"modalités de remboursement", "modalités de leur remboursement",
			"modalités de refinancement", "deviendront exigibles", "décalage en fin de tableau", "décalage des échéances",
			"renégociation de la dette", "extension de la maturité", "échéance d'amortissement", "nouveau financement",
			"sécuriser les financements", "financements nécessaires", "à défaut d'accord", "renouvellement de son crédit",
			"renouvellement de ses crédits", "renouvellement de la ligne", "renouvellement des lignes", "sources de financement",
			"recherche de financement", "rechercher des financements", "trouver un financement", "étalement", "médiation du crédit",
			"moratoire", "différé d'amortissement", "report d'échéance", "report des échéances"},
		pairs: [][2][]string{{{"report", "reporté", "décalage", "décalé", "différer", "repouss"}, {"échéance", "annuité", "mensualité",
			"remboursement", "amortissement"}},
			{{"renégoci"}, {"banque", "prêteur", "dette", "crédit", "emprunt", "financement", "prêt"}}},
		weak: []string{"échéance", "échéances", "échoit", "expire", "arrive à échéance", "arrivant à échéance", "vient à échéance",
			"viennent à échéance", "remboursable", "dette", "emprunt", "prêteurs", "banques", "pool bancaire", "maturité"},
		gauge:   gauge{maturity: true, against: []refKind{cashRef}},
		single:  true,
		dueSoon: true,
	},
	{
		category:   Liquidity,
		label:      "Liquidité / consommation de trésorerie",
		summary:    "Liquidité tendue",
		definition: "une trésorerie ou des lignes disponibles insuffisantes face aux besoins, une consommation de trésorerie (free cash-flow négatif), une autonomie de quelques mois, des tensions de trésorerie",
		notRisk:    "une trésorerie déclarée suffisante pour les douze prochains mois, le suivi de la liquidité par la direction, une ligne non tirée (atténuation)",
		severity:   "elevee si la trésorerie ne couvre pas les besoins ou l'échéance, si l'autonomie est de 12 mois ou moins, ou si la consommation dépasse la trésorerie ; moyenne si elle en dépasse le quart ; sinon selon le chiffre",
		strong: []string{"trésorerie faible", "trésorerie limitée", "faible niveau de trésorerie", "trésorerie tendue",
			"ne couvre pas", "ne permet de couvrir que", "ne permet pas de couvrir", "n'est couvert qu'",
			"insuffisance de trésorerie", "trésorerie insuffisante", "tension de trésorerie", "tensions de trésorerie", "besoin de trésorerie", "justes en trésorerie", "juste en trésorerie", "quelques jours de dépenses",
			"creux de trésorerie", "mois de runway", "pas en mesure d'honorer",
			"consommation de trésorerie", "a consommé", "free cash-flow négatif", "fortement négatif", "est négatif de",
			"free cash-flow de -", "ressort à -", "autonomie financière", "mois de consommation", "besoin de financement",
			"marge de manœuvre réduite", "réduit la marge de manœuvre", "plus qu'à", "tirer intégralement", "intégralement tiré",
			"tirées en totalité", "limitées à", "se limitent à", "ne dispose plus que",
			"fois notre capacité d'autofinancement",
			"fois sa capacité d'autofinancement", "de quoi tenir jusqu"},
		pairs: [][2][]string{{{"trésorerie", "disponibilités", "liquidité", "liquidités", "besoin en fonds de roulement", "cash", "argent", "lignes de crédit",
			"sur les comptes", "en banque", "ressources disponibles", "ressources financières", "ligne de crédit"},
			{"permet pas", "permettra pas", "ne couvr", "à -", "négati", "insuffisan", "dégrad", "absorbé", "consomm", "tension",
				"sans apport", "apport de fonds", "levée de fonds", "épuis", "que deux mois", "que trois mois", "que quelques mois",
				"ne permettr", "que jusqu", "ne suffi", "pas suffi", "ne dispose que", "ne pourra pas", "tenir que", "excèd",
				"dépass",
				"couvrirait", "horizon de", "peser sur", "pèse sur", "brûl", "mobilis", "à peine", "englouti", "fondre", "fondu", "qu'à hauteur", "couverts qu", "jusqu'en", "creux",
				"ne suffiraient", "a dû tirer", "ont dû tirer", "ne permettait plus", "ne permet plus", "moins d'un mois",
				"moins de deux mois", "moins de trois mois", "de quoi tenir"}}},
		weak: []string{"trésorerie", "liquidité", "disponibilités", "lignes de crédit", "non tirées",
			"besoin en fonds de roulement",
			"flux de trésorerie", "free cash-flow", "capacité d'autofinancement"},
		absent: []string{"trésorerie suffisante", "suffisante pour faire face"},
		gauge: gauge{against: []refKind{cashRef}, runway: true,
			cues: []string{"consomm", "besoin de financement", "négatif", "déficit de", "ressort à", "free cash-flow de"},
			grave: []string{"que jusqu", "ne couvre pas", "permet pas", "permettra pas", "ne permet de couvrir que",
				"n'est couvert qu'", "ne couvrent que", "insuffisan", "épuis"},
			notable: []string{"marge de manœuvre", "tension", "limitées à"}},
		single: true,
	},
	{
		category:   GoingConcern,
		label:      "Continuité d'exploitation",
		summary:    "Doute sur la continuité d'exploitation",
		definition: "une incertitude sur la capacité à poursuivre l'activité : continuité subordonnée à un refinancement ou à un soutien, capitaux propres inférieurs à la moitié du capital, mandat ad hoc, conciliation, sauvegarde, redressement ou liquidation judiciaire, cessation des paiements",
		notRisk:    "la phrase de méthode « les comptes sont établis selon le principe de continuité d'exploitation », l'absence d'événement remettant en cause la continuité",
		severity:   "toujours elevee",
		strong: []string{"réorganisation judiciaire", "sursis concordataire", "concordat", "gestion contrôlée", "lacc", "proposition concordataire", "arrangements avec les créanciers", "ajournement de faillite", "déclarée en faillite", "déclaré en faillite", "aveu de faillite",
			"incertitude significative", "doute important", "jeter un doute", "poursuivre son exploitation",
			"poursuite de l'activité dépend", "poursuite de l'exploitation", "continuité d'exploitation repose",
			"continuité de l'exploitation repose", "continuité d'exploitation dépend", "leur soutien", "soutien financier",
			"soutien des prêteurs", "soutien de l'actionnaire", "soutien de ses actionnaires", "cessation des paiements",
			"procédure collective", "procédure de sauvegarde", "plan de sauvegarde", "sauvegarde accélérée",
			"redressement judiciaire", "liquidation judiciaire",
			"mandat ad hoc", "conciliation", "moitié du capital", "moitié de son capital", "moitié de leur capital",
			"dissolution anticipée", "période d'observation",
			"pas en mesure de faire face", "incapacité à faire face", "ne pourrait faire face", "ne pourrait pas faire face",
			"ne pourrait honorer", "ne pourrait pas honorer", "pas en mesure d'honorer",
			"mandataire ad hoc", "conciliateur", "administrateur judiciaire", "chapitre 11", "chapter 11", "bankruptcy code",
			"insolvabilité", "pas être en mesure de poursuivre",
			"pas en mesure de continuer", "pas en mesure de poursuivre", "déposé le bilan", "déposé son bilan", "dépôt de bilan",
			"administration judiciaire", "plan de continuation", "état de faillite", "citation en faillite", "chambre des entreprises en difficulté"},
		pairs: [][2][]string{{{"poursuivre", "poursuite", "continuité", "continuer", "maintien de l'activité",
			"maintien de l'exploitation", "pérennité"}, {"dépend", "repose", "subordonné", "conditionné", "suppose", "incertitude", "doute", "inappropri", "remis en cause", "remise en cause", "compromis", "compromettre", "menac", "suspendu",
			"pas en mesure", "qu'à la condition", "à condition que", "à la condition que"}}},
		weak: []string{"continuité d'exploitation", "continuité de l'exploitation", "continuité", "compte tenu", "repose sur",
			"dépend"},
		absent: []string{"ne connaissant pas de difficulté"},
		gauge:  gauge{floor: High},
		single: true,
		weight: 3,
	},
	{
		category:   CustomerConcentration,
		label:      "Concentration clients",
		summary:    "Dépendance à un petit nombre de clients",
		definition: "une part importante du chiffre d'affaires réalisée avec un client ou quelques clients (premier client, cinq premiers clients, donneur d'ordre, contrat principal)",
		notRisk:    "une clientèle diversifiée, « aucun client ne représente plus de 5 % », une répartition géographique des ventes",
		severity:   "elevee si un client ou un groupe de clients nommé pèse 30 % ou plus ; moyenne à partir de 10 % ou sans chiffre ; faible en dessous",
		strong: []string{"l'essentiel de son activité", "l'essentiel de son chiffre d'affaires", "l'essentiel de ses revenus",
			"la plus grande part de ses revenus", "la majeure partie de ses revenus", "la majeure partie de son chiffre d'affaires",
			"premier client", "premiers clients", "principal client", "principaux clients", "plus gros client",
			"client principal", "premier donneur d'ordre", "donneur d'ordre", "donneurs d'ordre",
			"concentration de notre clientèle",
			"concentration de la clientèle", "concentration client", "un seul client", "unique client", "dépendante de son client",
			"dépendante de son principal", "dépendante de son premier", "dépendant de son sponsor", "sponsor principal", "principal payeur", "principal financeur",
			"principaux financeurs", "dépendant de son client", "dépendant de son principal",
			"dépendant de son premier",
			"perte de ce compte", "du chiffre d'affaires est réalisé avec", "de son activité avec",
			"de son chiffre d'affaires avec", "chiffre d'affaires dépend", "dépendante des commandes", "dépendant des commandes",
			"exclusivement pour", "essentiel de son chiffre d'affaires", "majeure partie de son chiffre d'affaires"},
		pairs: [][2][]string{{{"à lui seul", "à elle seule", "à elles seules", "à eux seuls", "pèse", "pesé", "ont pesé", "a pesé"}, {"% des produits", "% du chiffre",
			"% des ventes", "% des revenus", "% des redevances", "% des loyers", "% de l'arr", "% des nuitées", "% des tonnages",
			"des séjours"}},
			{{"petit nombre", "nombre restreint", "poignée"}, {"client", "chargeur", "donneur", "enseigne",
				"acheteur",
				"distributeur", "grande distribution"}},
			{{"part significative", "part importante", "part prépondérante", "large part"}, {"ventes", "chiffre d'affaires",
				"revenus"}},
			{{"contribué pour", "génère", "a généré"}, {"% du chiffre d'affaires", "% au chiffre d'affaires",
				"% des revenus", "% des ventes"}},
			{{"client", "clients", "enseignes", "donneur d'ordre", "commandes de", "réalisées avec", "réalisé avec",
				"réalisées auprès", "acheteur", "distributeur", "marchés", "confié", "livraisons", "négoce", "négociant", "écoulé",
				"premiers", "grossistes",
				"centrale d'achat", "centrales d'achat", "carnet de commandes", "conclu avec", "contrat avec", "concentrent", "totalisent", "apportées par", "apportent",
				"tour-opérateur", "diffuseur", "sponsor", "conventions de formation"},
				{"du chiffre d'affaires", "des ventes", "des facturations", "des revenus", "de l'activité", "du volume d'affaires",
					"de la récolte", "de la production", "des volumes", "quasiment toutes", "au chiffre d'affaires", "des recettes", "des nuitées", "des loyers", "de l'arr", "des produits",
					"de nos ventes", "de ses ventes", "dépend"}}},
		weak: []string{"client", "clients", "clientèle", "du chiffre d'affaires", "des ventes", "de l'activité",
			"des facturations", "représente", "pèse", "concentré"},
		absent: []string{"a fortement diminué", "ne représentant plus que", "sécurisant", "dépendante d'aucun",
			"aucun client ne représente plus", "aucun client ne pèse plus", "aucun client ne dépasse",
			"dépendant d'aucun"},
		gauge: gauge{shares: []float64{10, 30}, unmeasured: Medium, grave: []string{"exclusivement pour", "quasi-totalité",
			"essentiel de son"}},
		single: true,
	},
	{
		category:   SupplierDependence,
		label:      "Dépendance fournisseur / source unique",
		summary:    "Dépendance à un fournisseur ou à une source unique",
		definition: "un approvisionnement, un composant, une licence ou un prestataire critique qui dépend d'un seul fournisseur ou de quelques-uns, sans solution de substitution",
		notRisk:    "« la société n'est pas dépendante d'un fournisseur », plusieurs sources qualifiées, un second fournisseur déjà qualifié (atténuation)",
		severity:   "elevee pour une source unique sans substitut, un arrêt de production, ou une part de 50 % ou plus ; moyenne à partir de 20 % ou sans chiffre ; faible en dessous",
		strong: []string{"rupture de stock", "ruptures de stock", "rupture d'un composant",
			"fournisseur unique", "seul fournisseur", "un seul fabricant", "seul fabricant", "même fabricant",
			"source unique", "mono-source", "sous-traitant unique", "prestataire unique", "exclusivement auprès",
			"sans solution alternative", "pas d'équivalent", "fournisseurs de substitution", "rupture d'approvisionnement",
			"rupture de la filière", "de nos approvisionnements", "de ses approvisionnements", "de ses achats", "des achats de",
			"premier fournisseur", "dépend d'une licence", "interruption de ses livraisons",
			"défaut en série", "seul à pouvoir", "même constructeur", "même fournisseur", "sans qu'un second", "aucun contrat de secours",
			"de secours n'ayant", "quasi-monopole", "monopole", "auprès d'une même", "auprès d'un même", "unique distributeur", "constructeur d'origine", "difficile de remplacer",
			"difficiles à remplacer", "dépendante d'un fournisseur",
			"dépendant d'un fournisseur", "principal fournisseur",
			"principaux fournisseurs", "sans alternative"},
		pairs: [][2][]string{{slices.Concat(supplierTopic, []string{"sous-traite", "provient", "proviennent", "approvisionn",
			"acheté",
			"licence", "fourni", "livrées par", "livrés par", "livrée par", "livré par"}),
			{"unique", "exclusif", "exclusive", "exclusivement", "exclusivité", "seul", "intégralité", "quasi-totalité", "totalité",
				"sans alternative", "% de la flotte", "une même", "un même",
				// "ne … que par un fondeur": one maker only.
				"que par un", "que par une", "qu'auprès d'un", "qu'auprès d'une"}},
			{{"nombre restreint", "petit nombre", "poignée", "s'en remet"}, supplierTopic},
			{{"confié", "confiée", "sous-traité", "sous-traités"}, {"l'essentiel", "un seul", "une seule", "unique",
				"exclusivement", "seulement", "une même",
				"un même"}},
			{{"sous licence", "licence d'un", "licence concédée"}, {"éditeur", "tiers", "retrait", "révision"}},
			{{"repose sur une", "repose sur un", "reposent sur un", "reposent sur une", "dépend d"}, slices.Concat(supplierTopic, []string{"licence", "éditeur tiers"})},
			{supplierTopic, disruptionHarms},
			{{"toute la", "tout le", "toutes les", "tous les", "l'essentiel"}, {"vient du", "vient de", "viennent du",
				"viennent de",
				"aucun autre"}},
			{{"sort d'un", "vient d'un", "provient d'un", "proviennent d'un", "issu d'un", "issue d'un", "produit que par",
				"confié à une", "confiée à une", "assurées par", "assurés par"}, {"seul", "unique", "même", "deux", "tierce"}},
			{{"livre", "livré", "livrent", "fournit", "assure", "assurent", "confectionn", "fabriqués par", "fournissent", "provient", "proviennent", "auprès d"}, {"% des volumes",
				"% des achats",
				"% de nos achats", "% de ses achats", "% des approvisionnements", "% de nos approvisionnements",
				"% de ses approvisionnements",
				"% de la matière", "% des matières", "% de l'approvisionnement", "% d'un", "% d'une"}}},
		weak: []string{"fournisseur", "fournisseurs", "approvisionnement", "approvisionnements", "achats", "livraisons",
			"fabricant", "sous-traitant", "pénurie", "production", "licence"},
		gauge: gauge{shares: []float64{20, 50}, unmeasured: Medium,
			grave: []string{"unique", "seul fournisseur", "un seul", "une seule", "que par un", "que par une", "intégralité", "quasi-totalité",
				"sans solution alternative", "pas d'équivalent",
				"faute de fournisseurs", "arrêterait", "interromprait", "sans alternative"}},
	},
	{
		category:   KeyPeople,
		label:      "Personnes clés",
		summary:    "Dépendance à des personnes clés",
		definition: "une dépendance à un dirigeant, un fondateur ou un expert dont le départ, le décès ou l'absence de successeur désorganiserait l'activité",
		notRisk:    "la rémunération des dirigeants, un plan de succession formalisé, une assurance homme-clé souscrite (atténuation), les indemnités de départ à la retraite",
		severity:   "elevee si le départ a eu lieu ou est annoncé sans remplaçant, ou si la succession n'est pas organisée ; moyenne pour une dépendance déclarée",
		strong: []string{"personne clé", "personnes clés", "dirigeant clé", "dirigeants clés", "seul détenteur",
			"seul titulaire", "seul à détenir", "aucun repreneur",
			"pour lui succéder", "tient seul", "personnalité de son", "doit beaucoup à", "tient pour beaucoup", "aucune succession",
			"succession n'a été", "départ d'un", "départ de plusieurs", "porte personnellement", "rôle déterminant", "tient toujours seul", "sans qu'aucun successeur", "absence prolongée",
			"partira à la retraite", "partir à la retraite", "sans qu'un successeur", "entretient seul",
			"suit personnellement", "négocie personnellement", "gère personnellement", "entretient personnellement",
			"aucun dispositif de succession", "aucun plan de succession",
			"pas de plan de succession", "parti à la retraite", "partie à la retraite", "départ en retraite",
			"son départ", "départ de l'un", "a quitté", "succession", "pas organisé sa succession", "repose en grande partie sur",
			"repose sur un nombre restreint", "cadres dirigeants", "décès ou l'incapacité", "incapacité du", "recruter et retenir"},
		pairs: [][2][]string{{{"quitté", "départ", "démission"}, {"pas été remplacé", "pas encore été remplacé"}},
			{{"directeur", "directrice", "dirigeant", "président", "fondateur", "fondatrice", "gérant", "associés",
				"associé", "expertise", "savoir-faire", "équipe de direction", "équipe dirigeante", "collaborateurs clés",
				"ingénieurs", "experts", "monsieur", "madame", "chargés d'affaires", "pdg", "praticiens", "médecins", "chirurgiens", "créateur", "chef", "commandants", "data scientists"},
				slices.Concat(lossHarms, []string{"repose", "dépend", "porte seul", "assure seul", "détient seul", "succession",
					"remplac",
					"se retir", "cessation de ses fonctions", "décès", "vacant", "successeur", "compensé", "concentre",
					"transmission", "succéder", "repreneur", "fidélisation", "s'appuie", "en personne", "tributaire",
					"transmissible",
					"retraite", "essentiel de"})}},
		weak: []string{"dirigeant", "dirigeants", "fondateur", "fondatrice", "cofondateur", "cofondatrice", "directeur",
			"directrice",
			"président", "gérant", "remplaçant", "remplacé", "savoir-faire", "ingénieurs"},
		absent: []string{"a été remplacé par", "a été remplacée par", "ont été remplacés par", "a été formalisé", "plan de succession", "a organisé sa succession", "ont organisé sa succession", "a organisé la succession", "vocation à lui succéder", "vocation à succéder", "nomination de son", "indemnités de départ à la retraite",
			"indemnité de départ à la retraite", "engagements de retraite", "est organisée", "organisée par", "succession préparée",
			"a transmis la présidence", "a transmis la direction"},
		gauge: gauge{unmeasured: Medium,
			grave: []string{"a quitté", "ont quitté", "quittera", "de quitter", "a annoncé son départ", "départ simultané",
				"successeur n",
				"pas encore été compensé", "sans qu'un successeur", "aucun successeur", "se retir", "démission",
				"pas encore été remplacé", "pas encore été recruté", "pas organisé sa succession", "remplaçant n'a pas"}},
		single: true,
	},
	{
		category:   Litigation,
		label:      "Litiges et provisions",
		summary:    "Litige en cours",
		definition: "un litige, un contentieux, une assignation, une réclamation ou une condamnation, et la provision qui le couvre",
		notRisk:    "« aucun litige », un litige clos par une transaction, la méthode de provisionnement des litiges, la justification des appréciations du commissaire aux comptes",
		severity:   "le montant en jeu face aux capitaux propres (moyenne dès 10 %, elevee dès 50 %) et à la trésorerie (moyenne dès 25 %, elevee dès 100 %) ; faible sans montant",
		strong: []string{"saisie-attribution", "saisie conservatoire", "saisies conservatoires", "condamnée à payer", "condamné à payer", "condamnée à verser", "condamné à verser", "condamne la société à", "condamné la société à", "injonction de payer", "mise en demeure",
			"litige", "contentieux", "assignation", "assigné", "devant le tribunal", "tribunal judiciaire",
			"tribunal administratif", "tribunaux", "cour d'appel", "cour administrative",
			"prud'hom", "arbitrage", "condamné", "condamnation", "action de groupe", "action collective", "actions collectives",
			"class action", "action en justice", "procédure pénale",
			"mise en cause", "réclame", "réclamation", "recours contentieux", "interjeté appel", "en contrefaçon",
			"dommages et intérêts",
			"plainte", "mise en demeure", "action en responsabilité", "jugement défavorable", "poursuites judiciaires", "différend",
			"oppose la société", "opposant la société", "en justice", "un procès", "procès intenté", "nous poursuit",
			"poursuit la société",
			"mis en cause", "conteste la propriété", "contestation", "est recherchée", "responsabilité recherchée",
			"procédure en paiement", "engagé une action", "saisi la justice", "saisi le tribunal", "judiciairement",
			"poursuit la compagnie", "poursuit le groupe", "rupture brutale", "action en paiement"},
		weak:  []string{"procédure", "demande", "provision", "provisions", "conteste", "juridique", "appel"},
		gauge: gauge{against: []refKind{equityRef, cashRef}},
	},
	{
		category:   TaxAudit,
		label:      "Contrôles fiscaux et sociaux",
		summary:    "Contrôle fiscal ou social",
		definition: "un contrôle fiscal, une vérification de comptabilité, un contrôle URSSAF ou des douanes, une proposition de rectification ou un redressement",
		notRisk:    "un contrôle clos sans rectification, le régime fiscal, un crédit d'impôt, le texte des formulaires fiscaux",
		severity:   "le montant notifié face aux capitaux propres et à la trésorerie, comme les litiges ; faible sans montant",
		strong: []string{"avis de mise en recouvrement", "rappel de tva", "rappel d'impôt", "l'administration fiscale réclame", "l'urssaf réclame", "cotisations supplémentaires", "majorations de retard",
			"contrôle fiscal", "contrôles fiscaux", "contrôles sociaux", "redressements fiscaux", "contrôle urssaf", "contrôle de l'urssaf", "redressement urssaf",
			"contrôle de la msa", "msa",
			"rappel de cotisations", "rappels de cotisations", "rappel d'impôt", "rappels d'impôt", "vérification de comptabilité",
			"proposition de rectification", "redressement fiscal", "un redressement", "notifié un redressement",
			"redressement notifié",
			"redressement au titre", "redressement de cotisations", "rectification",
			"administration fiscale", "service vérificateur", "vérificateur", "lettre d'observations", "services douaniers", "finances publiques",
			"une vérification portant sur", "rehaussement", "prix de transfert",
			"douanes", "droits de douane", "dgfip", "inspection du travail", "remis en cause le crédit d'impôt",
			"remise en cause du crédit d'impôt", "vérification fiscale", "contrôle social", "examen de la situation fiscale",
			"examen contradictoire"},
		pairs: [][2][]string{{{"urssaf", "msa", "administration fiscale", "douanes", "services fiscaux", "crédit d'impôt", "le fisc",
			"du fisc"},
			{"contrôle", "réclame", "redress", "rappel", "rectification", "vérification", "requalifi", "notifi", "examin",
				"inspect",
				"remis en cause", "remise en cause"}}},
		weak:  []string{"fiscal", "fiscale", "impôt", "tva", "pénalités", "droits", "tarifaire", "urssaf"},
		gauge: gauge{against: []refKind{equityRef, cashRef}},
	},
	{
		category:   GuaranteesGiven,
		label:      "Garanties données et cautions",
		summary:    "Garantie, caution ou sûreté donnée",
		definition: "une caution, une garantie à première demande, une lettre de confort, un nantissement, une hypothèque ou un gage donnés par la société, ou la caution personnelle du dirigeant",
		notRisk:    "« aucune garantie donnée », les garanties commerciales données aux clients sur les produits",
		severity:   "le montant garanti face aux capitaux propres (moyenne dès 10 %, elevee dès 50 %) ; moyenne pour une sûreté sur les actifs (nantissement, hypothèque, gage) sans montant ; faible sinon",
		strong: []string{"caution", "cautions", "cautionnement", "garantie à première demande", "garanties données",
			"garantie donnée",
			"nantissement", "nanti", "hypothèque", "gage", "lettre de confort", "sûreté réelle", "sûretés réelles", "sûretés consenties",
			"sûreté consentie", "sûretés données", "caution solidaire", "a garanti", "garantit",
			"se porte garant", "lettre d'intention", "accordé sa garantie", "donné sa garantie", "portée garante",
			"porté garant", "privilège", "grevé", "aval donné",
			"garantie personnelle",
			"apporté sa garantie", "garantie autonome", "bonne exécution", "bonne fin", "garantie de restitution",
			"contre-garantie"},
		pairs: [][2][]string{{{"garantie", "garanties"}, {"émise", "émis", "accordée", "consentie", "délivrée", "en faveur d",
			"au profit d"}}},
		weak: []string{"garantie", "garanties", "au profit", "prêteurs", "engagements donnés"},
		absent: []string{"bénéfici", "garanties reçues", "garanties de disponibilité", "garantie reçue", "engagements reçus", "accordées par les",
			"accordées aux clients", "garantie contractuelle",
			"garanties contractuelles", "garantie produit",
			// The warranty on what the company sells is a product's, given
			// to its customers.
			"données aux clients", "garanties commerciales", "garantie commerciale", "garantie légale", "conformité des produits"},
		gauge: gauge{against: []refKind{equityRef},
			notable: []string{"nanti", "hypothèque", "gage", "sûreté réelle", "sûretés réelles", "privilège", "grevé"}},
		// A guarantee outweighs the debt or the lease it stands for.
		weight: 3,
	},
	{
		category:   OffBalanceSheet,
		label:      "Engagements hors bilan (crédit-bail, locations)",
		summary:    "Engagement hors bilan",
		definition: "des loyers ou redevances restant dus (crédit-bail, baux, location-gérance), des commandes fermes, des engagements d'achat ou de rachat, une clause de bail qui menace un site",
		notRisk:    "la méthode de retraitement du crédit-bail, une dette locative déjà au bilan (IFRS 16), un crédit-bail terminé",
		severity:   "le montant face aux capitaux propres (moyenne dès 10 %, elevee dès 50 %) ; moyenne pour une clause de résiliation ou un préavis qui menace un site ; faible sinon",
		strong: []string{"redevances restant", "loyers restant", "restant à payer", "restant dues", "restant à exécuter",
			"restent à payer",
			"reste à payer", "restant à courir", "restant à échoir", "fermages", "allotements garantis", "volume minimal", "loyer résiduel", "restent à décaisser",
			"engagements de travaux", "consommation minimale", "minimum garanti",
			"promesse unilatérale", "à échoir", "commande ferme", "location longue durée",
			"locations longue durée",
			"non encore livrées", "commandes fermes", "engagements hors bilan", "engagement de rachat", "engagements de location",
			"location-gérance", "take-or-pay", "s'est engagée à", "s'est engagé à", "engagée fermement", "engagé fermement",
			"engagement ferme", "engagement d'achat", "engagements de loyers",
			"location simple", "engagent le groupe", "engage le groupe", "engagent la société", "engage la société",
			"loyers futurs", "promesse d'achat", "option de vente", "racheter la participation",
			"résilier le bail", "un congé", "donné congé", "délivré congé", "refus de renouvellement",
			"expiration du bail",
			"résiliation du bail", "préavis"},
		pairs: [][2][]string{{{"bail", "baux", "bailleur"}, {"pas le renouveler", "pas renouveler", "expire", "prend fin",
			"résili", "un congé", "arrive à échéance", "arrivent à échéance", "reprendre les locaux", "sans avoir été renouvelé"}}},
		weak: []string{"crédit-bail", "bail", "baux", "loyers", "redevances", "engagements donnés", "engagement", "location",
			"bailleur"},
		gauge: gauge{against: []refKind{equityRef}, notable: []string{"préavis", "un congé", "refus de renouvellement"}},
	},
	{
		category:   Overdraft,
		label:      "Recours au découvert / concours bancaires",
		summary:    "Recours au découvert et aux concours bancaires courants",
		definition: "l'usage du découvert, des concours bancaires courants, des facilités de caisse, de l'escompte, du Dailly ou de l'affacturage pour financer l'exploitation",
		notRisk:    "un découvert autorisé non utilisé, « aucun recours à l'affacturage », l'intitulé de la ligne du bilan",
		severity:   "elevee pour un découvert permanent ou dépassé, ou un montant supérieur à la trésorerie ; moyenne dès 25 % de la trésorerie ; faible sinon",
		strong: []string{"découvert", "concours bancaires courants", "facilité de caisse", "facilités de caisse", "solde débiteur", "ligne de caisse", "lignes de caisse",
			"soldes débiteurs", "escompte", "dailly", "affacturage", "crédit de trésorerie", "crédits de trésorerie",
			"lignes de trésorerie", "ligne de trésorerie", "resté débiteur", "compte débiteur", "comptes débiteurs",
			"facilité de crédit à court terme",
			"factor", "cession de créances", "mobilisation de créances", "escompté", "titrisation", "créances cédées", "encours cédé",
			"mobilise ses créances", "mobilise ponctuellement ses créances"},
		weak: []string{"banque", "bancaire", "bancaires", "court terme", "autorisation", "trésorerie"},
		gauge: gauge{against: []refKind{cashRef}, grave: []string{"en permanence", "dépassé l'autorisation", "structurel",
			"resté débiteur", "majeure partie", "dépass", "excéd", "au-delà des", "franchi", "rejet"}},
		single: true,
	},
	{
		category:   LatePayment,
		label:      "Retards de paiement (clients, fournisseurs)",
		summary:    "Retards de paiement",
		definition: "des clients qui paient en retard ou ne paient pas (créances échues, impayés, délai de règlement qui s'allonge), ou une société qui paie en retard ses fournisseurs, le fisc ou l'URSSAF (dettes échues, plan d'apurement)",
		notRisk:    "des délais conformes à la loi, la présentation légale des délais de paiement, la méthode de dépréciation des créances",
		severity:   "le montant en retard face aux capitaux propres et à la trésorerie ; elevee si des fournisseurs exigent un paiement comptant ; moyenne pour un délai chiffré",
		strong: []string{"retard de paiement", "retards de paiement", "retards de règlement", "impayé", "créances échues", "arriéré", "arriérés",
			"créance échue",
			"échues", "délai moyen de règlement", "délais de paiement", "plan d'apurement", "paiement comptant",
			"décalage des encaissements", "créances douteuses", "créance douteuse", "paiement d'avance", "accordé un échéancier",
			"échéancier de paiement", "paiement préalable",
			"avant livraison", "avant toute livraison", "au-delà du délai légal", "au-delà des délais légaux", "dépassant le délai légal"},
		pairs: [][2][]string{{{"mois de retard", "jours de retard", "semaines de retard"}, {"paie", "paient", "règle", "règlent", "paiement", "règlement", "factures", "encaiss"}},
			{{"créance", "créances", "paiement", "règlement", "cotisations", "dettes", "factures",
				"échéances fiscales",
				"échéances sociales", "délai", "délais", "encaissement", "encaissements", "restant dus", "dus par", "fournisseurs", "assureur-crédit",
				"assureurs-crédit"},
				slices.Concat(delayHarms, []string{"en retard", "reporté", "réduit les encours", "réduction des encours", "plus tard", "suspendu",
					"plus acquitté", "plus réglé", "plus payé", "pas perçu", "toujours pas"})},
			{{"paient", "payent", "règlent", "collectivités", "clients publics"}, {"plus tard", "en retard", "avec retard",
				"à plus de"}}},
		weak: []string{"clients", "client", "fournisseurs", "créances", "créance", "encaissements", "jours", "délai"},
		absent: []string{"délais de livraison", "délai de livraison",
			// A payment term stated as the rule is no delay.
			"délai de paiement des factures est", "délais de paiement des factures sont", "lutte contre le retard de paiement"},
		gauge: gauge{against: []refKind{equityRef, cashRef}, grave: []string{"comptant", "d'avance", "paiement préalable",
			"à la commande", "avant livraison", "avant toute"}},
	},
	{
		category:   Attrition,
		label:      "Attrition / churn",
		summary:    "Perte de clients ou de contrats",
		definition: "des clients ou des contrats perdus ou qui peuvent l'être : taux de résiliation, non-renouvellement, fin d'un contrat-cadre, appel d'offres, réinternalisation",
		notRisk:    "un contrat renouvelé ou signé, un taux de fidélisation élevé",
		severity:   "elevee si la part perdue atteint 20 % du chiffre d'affaires ou si le contrat prend fin dans les 12 mois ; moyenne dès 5 % ou dans les 18 mois ; faible sinon",
		strong: []string{"attrition", "churn", "taux de résiliation", "résiliation des abonnements", "désabonnement",
			"non-renouvellement", "non renouvellement", "perte du contrat", "perte de contrats", "a perdu", "ont perdu",
			"perte de clients", "perd des clients", "perdu des clients", "réinternalis", "changer de fabricant", "appel d'offres", "renouvellement du marché",
			"contrat-cadre", "prend fin", "fin du contrat", "pas renouvel", "pas reconduit", "pas reconduire", "pas prolong",
			"remise en concurrence", "remis en concurrence", "remettre en concurrence", "remettra en concurrence",
			"expiration du contrat",
			"arrêté ses commandes", "cessé ses commandes", "pas été prolong", "retrait de la station",
			"annoncé leur retrait", "effectifs de première année", "lancé une consultation", "susceptible de perdre",
			"objet d'une mise en concurrence", "lancé un appel d'offres",
			"sans garantie de reconduction", "en interne",
			"internaliser", "fait perdre"},
		pairs: [][2][]string{{{"privant", "prive", "privé"}, {"revenus", "chiffre d'affaires", "ventes", "volumes"}},
			{{"contrat", "contrats", "client", "clients", "clientèle", "abonnés", "abonnements", "partenaire",
				"grands comptes", "grand compte", "comptes stratégiques", "marché", "importateur", "commandes", "convention", "preneurs",
				"locataires", "tour-opérateurs",
				"conventions"},
				slices.Concat(lossHarms, []string{"se réduit", "érosion", "prendra fin", "prend fin", "prendra effet", "désengag",
					"réduit leurs commandes", "réduit ses commandes", "au profit de concurrent", "expire", "reconduirait pas",
					"reconduira pas", "renouvellera pas", "renouvellerait pas",
					"la fin", "fin de la convention"})}},
		weak:   []string{"client", "clients", "contrat", "contrats", "abonnements", "renouvellement"},
		absent: []string{"perte de données", "pertes de données"},
		gauge:  gauge{shares: []float64{5, 20}, maturity: true, against: []refKind{ebitdaRef}},
		single: true,
	},
	{
		category:   RawMaterials,
		label:      "Matières premières",
		summary:    "Exposition au prix des matières premières et de l'énergie",
		definition: "la hausse ou la volatilité du prix des matières, de l'énergie ou des prix de marché de ce que la société vend, et la part qu'elle ne peut répercuter",
		notRisk:    "un prix resté stable, une baisse de prix favorable, la méthode d'évaluation des stocks de matières",
		severity:   "l'effet chiffré face à l'EBITDA (moyenne dès 5 %, elevee dès 25 %) ; moyenne pour une hausse ou une part chiffrée en % ; faible sans chiffre",
		strong: []string{"prix de marché", "prix de gros", "volatilité des cours", "clause d'indexation",
			"répercuter la hausse", "non répercut", "pas répercut",
			"répercutée seulement en partie", "achats d'énergie", "coût de l'énergie", "coûts de l'énergie",
			"aucune clause d'indexation"},
		pairs: [][2][]string{{slices.Concat(commodities, []string{"prix", "cours du", "cours des", "cours de",
			"matières premières", "coût des matières"}),
			slices.Concat(costHarms, []string{"progress", "augment", "baisse", "répercut", "indexé", "accru", "fluctu", "double", "grimp",
				"recul", "chute", "repli", "cannibalis", "coûté", "effondr"})}},
		weak: []string{"matières", "énergie", "électricité", "cuirs", "acier", "achats", "marge brute", "coût de revient",
			"métaux"},
		// The share's price is the shareholders' risk, not a market the
		// company buys or sells in.
		absent: []string{"cours de l'action", "cours des actions", "cours de bourse", "prix des actions",
			"prix moyen", "prix moyens", "détente des prix", "complément de rémunération", "hausse des prix de vente",
			"hausse de ses prix de vente", "augmentation des prix de vente",
			"revalorisation des prix de vente", "hausse du prix moyen de vente", "hausse des prix moyens de vente",
			"resté stable", "restés stables", "restées stables"},
		gauge:  gauge{against: []refKind{ebitdaRef}, cues: impactCues},
		single: true,
	},
	{
		category:   Climate,
		label:      "Climat et aléas",
		summary:    "Exposition aux aléas climatiques",
		definition: "un aléa climatique ou naturel (sécheresse, grêle, inondation, incendie, canicule, ensoleillement) qui menace les sites, la production ou les ventes",
		notRisk:    "les émissions évitées ou réduites, une couverture d'assurance seule (atténuation), « la société n'a pas été affectée »",
		severity:   "l'effet chiffré face à l'EBITDA (moyenne dès 5 %, elevee dès 25 %) ; moyenne pour un risque non assuré ; faible sinon",
		strong: []string{"climatique", "climatiques", "sécheresse", "grêle", "inondation", "inondable", "crue", "canicule",
			"tempête",
			"incendie", "catastrophe naturelle", "ensoleillement", "aléas", "intempéries", "pas assurés", "non assurés",
			"pas assuré",
			"non assuré", "gelée", "épisodes de gel", "épisode de gel", "submersion", "tempêtes", "cyclone", "séisme",
			"feux de forêt", "feu de forêt", "retrait-gonflement", "sols argileux",
			"vagues de chaleur", "pluviométrie", "événements climatiques", "glissement de terrain", "enneigement", "météorolog",
			"fortes pluies", "pluies", "précipitations", "orage", "orages", "neige", "verglas",
			"températures anormal",
			"températures élevées", "douceur", "ouragan", "typhon", "tornade", "gel de printemps", "pics de chaleur", "fortes chaleurs", "très chaud", "anormalement doux", "canicul", "zone cyclonique",
			"déficit de vent", "limite pluie-neige", "manque de neige", "réchauffement", "aucune assurance", "sans assurance", "faute d'assurance",
			"faute d'offre d'assurance", "printemps sec", "été sec", "étés secs", "saison sèche", "année sèche"},
		pairs: [][2][]string{{{"carbone", "co2", "quotas d'émission", "gaz à effet de serre"},
			slices.Concat(costHarms, []string{"taxe", "tarification"})}},
		weak:   []string{"production", "récolte", "volumes", "sinistre", "dommages"},
		absent: []string{"sécurité incendie"},
		gauge: gauge{against: []refKind{ebitdaRef}, cues: impactCues, notable: []string{"pas assuré", "non assuré",
			"pas couvert", "non couvert"}},
		single: true,
	},
	{
		category:   CurrencyRates,
		label:      "Change et taux variable",
		summary:    "Exposition au change ou aux taux variables",
		definition: "des achats, des ventes ou des actifs en devises, une dette à taux variable, et leur sensibilité à une variation du change ou des taux",
		notRisk:    "une dette à taux fixe, une exposition entièrement couverte, la méthode de conversion des opérations en devises",
		severity:   "l'effet chiffré face à l'EBITDA (moyenne dès 5 %, elevee dès 25 %) ; moyenne pour une exposition non couverte ou une part chiffrée ; faible sinon",
		strong: []string{"effet de change", "effets de change", "impact de change", "écarts de change défavorables",
			"risque de change", "taux de change", "devise", "devises", "dollar", "livre sterling", "livres sterling",
			"livre turque", "franc suisse", "francs suisses", "yen", "yuan", "renminbi", "zloty", "couronne", "dinar", "dirham",
			"roupie", "real brésilien", "rouble", "encourus en", "encourues en", "facturés en", "facturées en", "libellés en",
			"libellé en",
			"libellées en", "parité", "usd", "facturé en", "facturée en", "fluctuations du réal", "mchf", "m$", "règle en dollars", "taux variable", "taux variables", "euribor", "sofr",
			"hausse des taux", "points de base",
			"sans couverture",
			"en l'absence de couverture", "sans instrument de couverture", "perte de change",
			"pertes de change",
			"dévaluation", "taux révisable", "taux révisables"},
		pairs: [][2][]string{{{"conversion des résultats", "conversion des comptes", "effet de conversion", "effets de conversion",
			"écarts de conversion"}, {"a réduit", "ont réduit", "amput", "pesé", "défavorable", "négati", "a diminué", "a dégradé"}}},
		absent: []string{"libellées en euros", "libellés en euros", "libellé en euros", "libellée en euros",
			// An exposure wholly hedged, told in a relative clause after it.
			"couvre intégralement", "couvrent intégralement", "couverte intégralement", "couvertes intégralement"},
		weak: []string{"change", "couverture", "taux", "charge d'intérêts", "charge financière", "fluctuations"},
		gauge: gauge{against: []refKind{ebitdaRef}, cues: impactCues, notable: []string{"sans couverture", "non couverte",
			"pas couverte", "sans instrument de couverture"}},
		single: true,
	},
	{
		category:   AuditorQualification,
		label:      "Réserves ou observations des commissaires aux comptes",
		summary:    "Réserve ou observation du commissaire aux comptes",
		definition: "une certification avec réserve, un refus ou une impossibilité de certifier, une observation qui attire l'attention (notamment sur la continuité d'exploitation), une procédure d'alerte",
		notRisk:    "les formules d'un rapport d'audit sans réserve (« nous certifions que… », « nous n'avons pas d'observation à formuler », justification des appréciations, points clés de l'audit)",
		severity:   "elevee pour une réserve, un refus, une impossibilité, une procédure d'alerte ou une observation sur la continuité ; moyenne pour une autre observation",
		strong: []string{"sous la réserve", "avec réserve", "réserve décrite", "refusons de certifier", "refus de certifier",
			"pas en mesure de certifier", "impossibilité de certifier", "attirons votre attention", "procédure d'alerte",
			"n'avons pu obtenir", "n'avons pas pu obtenir", "éléments probants suffisants", "désaccord avec la direction",
			"formulons une réserve",
			"réserve sur", "attiré l'attention", "attire l'attention", "refusé de certifier",
			"sans remettre en cause l'opinion", "sans remettre en cause notre opinion", "d'une observation",
			"assorti sa certification",
			"à l'exception de l'incidence", "à l'exception des effets", "exception faite de", "sous réserve de l'incidence",
			"dans une observation", "234-1", "éléments suffisants et appropriés",
			"faits de nature à compromettre", "une observation sur",
			"comporte une observation", "formulé une observation", "appelle l'attention", "certifié les comptes sous réserve",
			"certifie les comptes sous réserve", "certifiés sous réserve", "pas en mesure d'exprimer",
			"pas être en mesure d'exprimer", "pas être en mesure de certifier", "avec une réserve",
			"formule une observation", "attirent l'attention", "attirons l'attention", "impossibilité d'exprimer",
			"n'exprimons pas d'opinion", "sous cette réserve", "sous ces réserves", "\"sous réserve\"", "n'avons pas pu assister",
			"n'avons pas été en mesure"},
		weak: []string{"commissaire aux comptes", "opinion", "certifier", "annexe"},
		gauge: gauge{floor: Medium,
			grave: []string{"réserve", "à l'exception de l'incidence", "exception faite", "refus", "pas en mesure",
				"impossibilité", "procédure d'alerte", "n'avons pu",
				"n'avons pas pu", "continuité", "incertitude significative", "désaccord"}},
		single: true,
		frames: true,
	},
	{
		category:   RelatedParties,
		label:      "Parties liées",
		summary:    "Opération avec une partie liée",
		definition: "une opération avec un actionnaire, un dirigeant, une société mère, sœur ou filiale à des conditions hors marché : prêt, avance, abandon de créance, loyers ou prestations facturés",
		notRisk:    "« aucune convention nouvelle », l'approbation des conventions réglementées, des comptes courants d'associés rémunérés normalement ou subordonnés (atténuation)",
		severity:   "le montant face aux capitaux propres (moyenne dès 10 %, elevee dès 50 %) ; faible sans montant",
		strong: []string{"parties liées", "partie liée", "holding du dirigeant", "contrôlée par", "détenue par le dirigeant",
			"convention réglementée", "abandon de créance", "abandonné une créance", "abandonné sa créance",
			"renoncé à une créance",
			"renonciation à une créance", "qui la contrôle", "qui le contrôle"},
		parties: []string{"société mère", "société sœur", "sociétés sœurs", "actionnaire majoritaire", "actionnaire de référence",
			"sa filiale"},
		pairs: [][2][]string{{{"holding", "société mère", "actionnaire", "associé", "dirigeant", "président", "directeur général", "administrateur", "fondateur", "apparentée", "commune actionnaire",
			"mandataire social", "société sœur", "filiale", "sociétés du groupe",
			"intragroupe", "intra-groupe"},
			{"honoraires", "un prêt", "prêt de", "prêt à", "prêts de", "prêts à", "avance", "loyer",
				"inférieur aux conditions de marché", "ne porte pas intérêt", "sans contrepartie", "aucun échéancier", "en dessous des conditions de marché", "taux inférieur", "prix inférieur",
				"prêté",
				"cédé", "frais de gestion", "sans contrat", "prestations", "management fees", "factur", "abandon", "sans intérêt",
				"non rémunéré", "hors marché", "refactur", "sans convention", "à titre personnel", "en dessous de sa"}},
			{{"détenue par", "détenu par", "contrôlée par", "contrôlé par", "appartenant à", "appartient à"},
				{"président", "dirigeant", "administrateur", "gérant", "actionnaire", "fondateur", "famille"}}},
		weak:   []string{"dirigeant", "actionnaire", "associés", "holding", "groupe", "conditions de marché", "non rémunéré"},
		absent: []string{"conditions normales de marché"},
		gauge: gauge{against: []refKind{equityRef},
			notable: []string{"non autorisée", "pas été autorisée", "sans autorisation"}},
	},
	{
		category:   Regulatory,
		label:      "Réglementaire",
		summary:    "Risque réglementaire",
		definition: "une réglementation, une autorisation, un agrément ou un tarif réglementé dont l'évolution, la perte ou le non-respect coûterait (mise en conformité, amende, sanction, enquête d'une autorité)",
		notRisk:    "la conformité déclarée, une réglementation favorable, un agrément renouvelé, le texte des formulaires fiscaux",
		severity:   "elevee pour le retrait d'un agrément ou d'une autorisation ; sinon l'effet chiffré face à l'EBITDA (moyenne dès 5 %, elevee dès 25 %) ; faible sans chiffre",
		strong: []string{"réglementation", "réglementations", "réglementaire", "réglementaires", "agrément",
			"autorisation d'exploiter",
			"mise en conformité", "autorité de la concurrence", "autorité de contrôle", "cnil", "rgpd", "amende", "sanction",
			"directive européenne", "tarif d'obligation", "cadre réglementaire", "dispositif de défiscalisation", "interdiction",
			"nouvelle taxe", "normes environnementales", "normes européennes", "mise aux normes", "licence d'exploitation",
			"arrêté préfectoral", "projet de loi", "projet de restriction", "restriction", "durcissement de la réglementation", "durcissement des règles",
			"durcissement des normes", "durcissement réglementaire", "déremboursement", "illicite", "marchandage", "décret",
			"arrêté tarifaire", "conseil d'état",
			"droits d'accises", "entrée en vigueur",
			"zones à faibles émissions", "zone à faibles émissions", "zfe"},
		pairs: [][2][]string{{{"autorisation", "agrément", "licence", "permis", "certification", "habilitation",
			"accréditation", "qualification",
			"homologation", "label", "appellation", "inao", "services vétérinaires", "dgccrf", "procès-verbal",
			"autorité", "agence", "ministère", "préfecture", "préfet", "régulateur", "dreal", "installations classées", "commission européenne", "immatriculation",
			"garantie financière", "slots", "dncg", "décret", "arrêté tarifaire"}, sanctionHarms},
			{{"pac", "aide", "aides", "subvention", "accises", "loi de finances", "quotas", "réduction de loyer de solidarité", "apl", "grille de salaires", "convention collective",
				"campagne tarifaire", "convergence tarifaire", "forfait soins"}, {"supprim", "réduire", "réduit", "amput", "relèvement", "baisse", "diminution", "alourdi",
				"prendra effet"}},
			{{"obligatoire", "norme", "normes", "règles de", "règlement européen", "règlement (ue)", "directive",
				"nouvel affichage", "nouvelle norme", "nouvelles normes", "nouvelle obligation",
				"nouvelles obligations"},
				{"impose", "travaux", "surcoût", "coût", "mise en conformité"}}},
		weak: []string{"règles", "autorité", "loi", "conformité", "permis", "tarif", "obligation d'achat", "enquête",
			"obligatoire"},
		// What the company does as a text requires is compliance, not a cost
		// of it.
		absent: []string{"conformément à la directive", "conformément au règlement", "conformément à la loi relative"},
		gauge: gauge{against: []refKind{ebitdaRef}, cues: impactCues,
			grave: []string{"retrait de l'agrément", "retrait de l'autorisation", "suspension", "suspendu", "interdiction",
				"retiré"}},
		single: true,
	},
}

// Harm families: what can go wrong, whatever it goes wrong with. A
// category pairs its topic with the families that fit it, so that a
// sentence naming the topic and a harm in words the category never listed
// is still read ("le renchérissement du cuivre", "l'agence a suspendu
// l'autorisation").
var (
	lossHarms = []string{"perte", "perdu", "perdre", "départ", "quitt", "démission", "résili", "non reconduit", "pas reconduit",
		"pas été reconduit", "non renouvel", "pas renouvel", "pas été renouvel", "dénonc", "retir", "retrait", "a privé",
		"privé de", "cessé",
		"cesser"}
	disruptionHarms = []string{"une panne", "la panne", "pannes", "interromp", "interruption", "arrêt", "rupture", "pénurie",
		"défaillan", "faillite", "insolvab",
		"incendie", "sinistre", "grève", "indisponib", "fermeture", "suspen", "retard de livraison", "retards de livraison",
		"difficultés d'approvisionnement"}
	costHarms = []string{"hausse", "renchéri", "flambée", "bondi", "alourdi", "envol", "augmentation", "doublé", "triplé",
		"volatil",
		"amput", "surcoût", "érod", "comprim", "pesé sur", "pèse sur", "pénalis"}
	delayHarms = []string{"retard", "allong", "dépass", "excéd", "exigent", "exige", "comptant", "d'avance", "à la commande",
		"impayé", "non réglé", "non payé", "différé", "échu"}
	// supplierTopic and commodities name what a harm strikes.
	supplierTopic = []string{"fournisseur", "fabricant", "façonnier", "sous-traitant", "prestataire", "transporteur", "logisticien",
		"approvisionnement", "partenaire industriel", "fondeur", "loueur", "constructeur", "producteurs", "opérateur",
		"infrastructures d", "hébergeur", "éditeur de logiciel"}
	commodities = []string{"gazole", "carburant", "kérosène", "énergie", "électricité", "gaz", "pétrole", "cuivre", "aluminium",
		"acier",
		"nickel", "zinc", "étain", "lithium", "cobalt", "métaux", "blé", "céréales", "lait", "cacao", "café", "sucre", "coton",
		"bois",
		"papier", "résine", "plastique", "polymère", "engrais", "farine", "emballages", "cartons", "bouchons", "étiquettes",
		"matériaux",
		"fournitures", "kilowattheure", "vrac", "énergétique", "denrées", "cotations", "tjm", "tarifs journaliers", "prix de capture", "surcharges carburant"}
	sanctionHarms = []string{"suspen", "retir", "retrait", "refus", "mise en demeure", "en demeure", "injonction", "sanction", "amende",
		"interdi",
		"fermeture administrative", "non-conformité", "non conformité", "enquête"}
)

// impactCues introduce the effect of a market or a rule on earnings: "a
// réduit le chiffre d'affaires de 1 100 k€", "une amende de 250 k€".
var impactCues = []string{"réduit", "augment", "renchéri", "impact", "effet", "coût", "amende", "nécessit",
	"investissements de", "franchise", "pèse", "pesé", "sanction", "perte", "manque à gagner", "estimée à", "estimé à", "amput"}

func definitionOf(c Category) *definition {
	for i := range taxonomy {
		if taxonomy[i].category == c {
			return &taxonomy[i]
		}
	}
	return nil
}
