package riskrules

import (
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// The wording that is no risk whatever the category. Every list is matched
// at the start of a word of the normalised text.
var (
	// boilerplate is accounting policy, audit and legal-form wording: a
	// sentence holding it describes how the accounts are kept or checked.
	boilerplate = []string{
		"sont évalué", "est évalué", "sont comptabilisé", "est comptabilisé", "sont converti", "sont retraité",
		"constitué lorsqu", "comptabilisé lorsqu", "reconnu lorsqu", "sont dépréciées lorsqu", "sont amortis", "sont amorties",
		"est amorti", "selon la méthode",
		"selon le mode", "établis conformément", "établis selon", "arrêtés selon", "dans le respect des principes",
		"principe de continuité d'exploitation a été retenu", "sont présentés en", "sont exprimés en", "comprennent principalement",
		"approuvées par l'assemblée", "au cas par cas", "client par client", "dossier par dossier", "ligne par ligne", "est retraité", "dépréciées en fonction", "dépréciés en fonction",
		"déprécié en fonction", "au cours du jour", "au cours de clôture",
		"nous avons effectué l'audit", "effectué notre audit", "normes d'exercice professionnel", "nous certifions que",
		"il nous appartient", "nos appréciations", "ces appréciations", "points clés de l'audit", "nos travaux ont consisté",
		"n'avons pas d'observation", "notre opinion n'est pas modifiée", "mission de présentation", "examen limité",
		"mission qui nous a été confiée",
		"risques décrits ci-dessous", "cartographie des risques", "considère comme significatifs",
		"notice n", "cocher la case", "code général des impôts", "du cgi", "des explications concernant",
		"formulaire", "441-", "l441-", "d441-", "figurent au passif", "figure au passif", "dans la rubrique",
		"conformément au code de commerce", "règles comptables", "tableau ci-dessous", "tableau ci-après",
		"soldes créditeurs de banque", "donnés et reçus", "approuver les conventions", "provision lorsqu", "sortie de ressources",
		"est calculé", "sont calculé", "calculé comme", "n'appellent", "aucune remarque", "vérifications spécifiques",
		"est défini comme", "sont définis comme", "se définit comme", "conformément à ifrs", "conformément aux normes",
		"pertes de crédit attendues", "sont présenté au", "définitions de", "figurent à l'annexe", "figure à l'annexe",
		"figurent en annexe", "du bilan regroupe", "point clé de notre audit", "point clé de l'audit", "caractère raisonnable", "nous avons apprécié", "tableau prévu",
		"cas de défaut usuels",
		// A bond's negative pledge: an undertaking not to grant security.
		"maintien de l'emprunt à son rang", "s'interdit de conférer", "s'interdit de consentir",
		// A contract's governing law and jurisdiction clause.
		"régi par le droit", "régis par le droit", "régie par le droit", "compétence exclusive", "soumis au droit", "soumise au droit",
		"soumises au droit", "relèvera de la compétence", "relèveront de la compétence", "attribution de juridiction",
		"le détail des", "télédéclarer", "notre appréciation des", "nous avons vérifié",
		"caractère approprié", "sont ventilé", "pas retraité", "comptabilisées en charges", "comptabilisés en charges",
		"intégration fiscale", "approuvé les conventions", "sont décomptabilisé", "est décomptabilisé", "comprend les", "comprennent les",
		"aux termes de l'article", "du code civil", "(en k€)", "(en milliers d'euros)", "(en m€)", "(en millions d'euros)",
		// A policy, and how risks are managed: what the company does, not
		// what threatens it.
		"pour politique", "politique du groupe consiste", "politique de la société consiste", "sont gérés par", "sont gérés selon",
		"est géré par", "est gérée par", "selon des règles approuvées", "suit attentivement", "suit de près", "suit avec attention",
		// A pointer to where the risk is told, which the reader reads there.
		"sont décrits au", "sont décrits dans", "sont décrits en", "est décrit au", "est décrit en", "sont présentés au chapitre",
		"sont détaillés au", "sont détaillés en", "sont détaillés dans", "est présenté en note", "sont présentés en note",
		"est présentée en note", "sont présentées en note", "figurent en note",
	}
	// standard is the wording of the auditors' and management's standard
	// paragraphs (responsibilities, what an audit is), which name every
	// risk as something to assess: no risk even in the auditor's voice.
	standard = []string{"s'il conclut",
		// The auditor's remit, stated: what the audit checks and does not.
		"a pour mission de vérifier", "n'entre pas dans ses attributions", "n'entre pas dans nos attributions",
		"n'entre pas dans la mission", "n'entre pas dans sa mission", "n'entre pas dans notre mission", "existence ou non", "s'il existe ou non", "il incombe à la direction", "il incombe au",
		"assurance raisonnable", "jugement professionnel", "il formule une certification", "sauf s'il est prévu de liquider",
		"étant toutefois rappelé", "ne garantit toutefois pas", "il revient à la direction", "il revient au",
		"convention comptable de continuité", "sauf si elle prévoit de liquider", "sauf s'il prévoit de liquider",
		// The opinion's scope (the accounts as a whole, no item alone), the
		// report opening on its own subject, and what the professional
		// says of its work and its limits.
		"pris isolément", "nous vous présentons notre rapport", "qu'il nous appartienne", "sans avoir à nous prononcer",
		"dans la présentation des comptes", "évaluer la capacité",
		// A prospectus' warnings to its readers: forward-looking statements
		// and the investor's own loss, which every issuer prints.
		"déclarations prospectives", "résultats réels diffèr", "pourraient différer sensiblement",
		"tout ou partie de leur investissement", "tout ou partie de son investissement", "tout ou partie du capital investi",
		"perte en capital", "les investisseurs sont invités", "l'attention des investisseurs", "qu'aux investisseurs",
		"pourraient ne pas se réaliser", "pourrait ne pas se réaliser",
		// The sector's lot, not the company's: "comme toute entreprise de
		// son secteur".
		"comme toute entreprise", "comme toute société", "comme tout acteur", "comme tous les acteurs", "comme l'ensemble des acteurs"}
	// breached says a covenant was broken or waived, as a fact.
	breached = []string{"n'a pas été respecté", "n'ont pas été respecté", "n'était pas respecté", "n'étaient pas respecté",
		"non-respect constaté", "bris de covenant", "waiver", "dérogation obtenue", "dérogation accordée", "a été franchi",
		"ont été franchi", "faute d'avoir respecté", "faute d'avoir tenu", "renonciation"}
	// called says the lenders called the debt.
	called = []string{"prononc", "prononç", "notifi", "a rendu", "ont rendu", "a exigé", "ont exigé", "a réclamé", "ont réclamé",
		"a demandé", "ont demandé"}
	// settled says the risk is over, absent or good news.
	settled = []string{
		"s'est achevé", "s'est conclu sans", "s'est conclue sans", "ont été résorbé", "a été résorbé", "a pris fin",
		"a été finalisé", "a été levé",
		"sans incidence sur les comptes", "a été reprise", "sont conformes", "n'a pas été utilisé", "non utilisé",
		"suffisante pour", "a été renouvelé", "n'exerce aucune", "respecte l'ensemble",
		"soutenu par", "porté par", "grâce à", "a amélioré", "s'améliore", "renforce la", "renforce l'attractivité",
		"a renforcé", "ouvre de nouveaux",
		"a obtenu le renouvellement", "signature d'un", "signature de deux", "remboursé par anticipation",
		"a procédé au remboursement", "a signé", "a été définitivement clos", "en faveur de la société", "permis de compenser",
		"se sont amélioré", "n'a pas connu", "a été anticipé", "a été prolongé", "ont été prolongé", "a été reconduit",
		"donné lieu à aucun redressement", "donné lieu à aucune rectification", "donné lieu à aucun rappel",
		"donné lieu à aucune sanction", "s'est clôturé", "s'est clos", "sont nuls", "de nouveau supérieur",
		"à nouveau supérieur", "ont été reconstitué", "a été reconstitué", "sont reconstitué", "n'a affecté", "n'ont affecté",
		"n'a pas affecté", "n'ont pas affecté", "pas été affecté",
		"mainlevée", "obtenu la restitution", "remboursement intégral", "remporté", "redevenu", "s'est terminé", "est terminé", "levée de l'option",
		"réglé par une transaction", "a été réglé", "entièrement payé", "a été refinancé", "ont été refinancé", "une reprise de",
		"jugement favorable", "favorable à la société", "intégralement exécuté", "a été exécuté", "d'améliorer",
		"permis d'amélior", "intégralement recouvré", "a été recouvré", "ont été recouvré", "a renouvelé",
		"ont renouvelé",
		"a approuvé", "été clos", "par une transaction", "relevé la note", "devrait favoriser", "favorisera", "pas relevé",
		"pas avoir relevé", "pas utilisé", "n'étaient pas utilisé", "débouté", "estime se conformer", "aucune incidence", "été bouclé", "décision favorable", "reprendre intégralement",
		"purgé", "bien au-delà du seuil", "jamais été utilisé", "n'est pas exposé", "ne sont pas exposé", "clôturé sans",
		"intégralement soldé", "été renouvelé", "ont été renouvelé", "détente des prix", "a allégé", "exécution complète", "aucun événement", "bénéficie du crédit d'impôt", "avait finalisé",
		"a bouclé", "ont bouclé", "respectait l'ensemble",
		"respectaient l'ensemble", "plafond légal", "pas été mobilisé", "pas été tiré", "n'ont pas été utilisé",
		"attestant le respect",
		"respect de la réglementation", "resté stable", "restés stables", "restée stable", "restées stables", "a finalisé",
		"ont finalisé", "est conforme", "compensant largement",
		"compensent largement",
		"dans le respect du", "sont nulles", "conformes à la réglementation", "conforme à la réglementation",
		// Done, lifted, not significant, no harm suffered: in the active
		// voice as in the passive.
		"a levé", "ont levé", "a été soldé", "ont été soldé", "entièrement soldé", "entièrement exécuté", "a refinancé",
		"ont refinancé", "subi aucun", "sans dommage", "en faveur du groupe", "sans incidence sur le résultat",
		"non significati", "pas significati", "peu significati", "respectent les exigences", "respecte les exigences",
		"resté marginal", "restée marginale", "est marginal", "sont marginaux", "sont marginales", "négligeable",
		"n'a pas d'incidence", "n'ont pas d'incidence", "n'a eu aucune incidence", "n'ont eu aucune incidence", "pas eu d'incidence",
		"en sa faveur", "en leur faveur", "dégâts mineurs", "dommages mineurs", "impact mineur", "incidence mineure", "effet mineur", "pas été interrompu",
		// A line available and not drawn is a reserve, not a reliance.
		"pas eu à utiliser", "pas eu besoin d'utiliser", "inutilisé",
		// A dependence ended, a procedure closed on every debt paid.
		"fin à la dépendance", "fin à cette dépendance", "fin à sa dépendance", "extinction du passif",
		"est clos", "sont clos", "est clôturé", "sont clôturé", "issue favorable a été confirmée", "s'est stabilisé", "se sont stabilisé",
		// Done, told in the infinitive after the verb that reports it
		// ("a annoncé avoir bouclé…"), or by the court or the authority.
		"avoir bouclé", "avoir finalisé", "avoir refinancé", "avoir soldé", "a soldé", "ont soldé", "intégralement apuré",
		"entièrement apuré", "été apuré", "bonne exécution du plan", "hors de cause", "relaxé", "non-lieu", "classé sans suite",
		"classée sans suite", "avis favorable",
		// A claim dropped or a procedure closed by the court or the party
		// that brought it.
		"désistement", "a classé le dossier", "ne justifiant plus", "déclarée sans objet", "déclaré sans objet", "a été clôturé", "ont été clôturé", "exécution intégrale",
		"assainissement ayant été", "assainissement a été", "prononce la décharge", "prononcé la décharge", "abandon total",
		"abandon des rectifications", "abandon du redressement", "issue amiable", "dégrèvement total", "dégrèvement intégral", "permis de reconstituer", "aucun effet sur", "n'a eu aucun effet", "allège le", "allège la", "allège les", "allègent le", "allègent la", "allègent les", "couvrira les besoins", "couvriront les besoins",
		// Over, in ordinary words: back to normal, behind the company, every
		// instalment of a plan honoured.
		// Paid or repaid whole, in the active voice; a claim become moot.
		"a réglé l'intégralité", "ont réglé l'intégralité", "a remboursé en totalité", "ont remboursé en totalité",
		"remboursé la totalité", "remboursé l'intégralité", "devenue sans objet", "devenu sans objet", "a retrouvé", "ont retrouvé",
		"revenu à la normale", "de nouveau respecté", "à nouveau respecté", "désormais respecté", "sans incidence sur",
		"sans effet sur le", "sans effet sur la", "sans conséquence sur", "a été remboursé à son échéance",
		"a été remboursée à son échéance", "a été remboursé à l'échéance", "ont été remboursés à leur échéance", "est désormais derrière", "est aujourd'hui derrière", "sont désormais derrière",
		"sont aujourd'hui derrière", "appartient au passé", "a honoré", "ont honoré", "a depuis honoré", "ont depuis honoré",
		"a toujours honoré", "ont toujours honoré",
		// A ruling that ends the dispute.
		"mettant fin au litige", "mettant fin à ce litige", "mettant fin au contentieux", "mettant fin à ce contentieux",
		"met fin au litige", "met fin au contentieux", "a mis fin au litige", "a mis fin au contentieux",
	}
	// lifts and claims: an adverse claim (a fine, a reassessment, a
	// garnishment, a creditor's demand) annulled, rejected or discharged is
	// over ("la sanction, que le Conseil d'État a annulée, …"); not when
	// what was rejected is the company's own appeal against it (ownAppeal).
	lifts = []string{"annulé", "annulée", "annulés", "annulées", "abrogé", "abrogée", "rapporté", "rapportée", "a été rejeté", "ont été rejeté", "est rejeté", "sont rejeté",
		"irrecevable", "abandonné", "abandonnée", "abandonnés", "abandonnées", "dégrèvement", "déchargé", "prononce la décharge", "prononcé la décharge",
		"prononce l'annulation", "prononcé l'annulation"}
	activeLifts = []string{"a rejeté", "ont rejeté", "rejette", "a annulé", "ont annulé", "a infirmé", "infirme",
		"a débouté", "déboute", "ordonne la mainlevée", "a abandonné", "ont abandonné"}
	claims = []string{"amende", "sanction", "rectification", "condamnation", "saisie", "mise en demeure", "pénalité",
		"assignation", "réclamation", "citation", "demande", "injonction", "redressement urssaf", "redressement fiscal",
		"redressement notifié", "cotisations supplémentaires", "rappel", "caution", "suspension", "rehaussement", "redressements",
		// An opponent's appeal or a creditor's petition, rejected.
		"pourvoi", "réquisition"}
	ownAppeal = []string{"requête de la société", "recours de la société", "demande de la société", "requête du groupe",
		"recours du groupe", "présentée par la société", "formée par la société", "formé par la société", "de la société tendant",
		// The debtor's own request, refused: "déboute le gérant de sa demande".
		"présentée par le dirigeant", "présentée par le gérant", "présentée par la débitrice", "le gérant de sa demande",
		"le dirigeant de sa demande", "la société de sa demande", "la débitrice de sa demande"}
	// generalRule is the voice of the law stating a rule for any debtor
	// ("la procédure de sauvegarde est ouverte à tout débiteur qui…"), and
	// particular what a sentence about one company holds: a year, an
	// amount, the company itself. A rule without particulars is no event.
	generalRule = []string{"tout débiteur", "un débiteur", "au débiteur", "le débiteur qui", "toute personne", "tout créancier", "tout intéressé",
		"la loi présume", "selon l'article", "aux termes de la loi", "réputée non écrite", "réputé non écrit", "par elle-même",
		"est une procédure", "peut être ouverte", "peut être ouvert", "peut être demandée", "est ouverte à", "est ouvert à",
		"est ouverte sur", "est confidentielle", "est destinée à", "réserve la procédure",
		// The law's parties named by their role, as a statute or a ruling's
		// principle writes them.
		// The law's conditions and effects: "la liquidation est prononcée
		// lorsque…", "l'ouverture d'une procédure emporte suspension…".
		// Statistics of the economy: "une entreprise sur quatre…, selon
		// l'Observatoire".
		"une entreprise sur", "selon l'observatoire", "selon l'insee",
		"lorsque", "lorsqu'", "emporte", "qui relève", "selon la jurisprudence", "rappelle que", "ouvre droit à",
		"toute créance", "le créancier", "au créancier", "le débiteur", "du débiteur"}
	particular = []string{"la société", "le groupe", "l'émetteur", "l'emprunteur", "la débitrice", "notre", "nous", "sa filiale",
		"ses filiales", "€", "k€", "m€", "%", "euros", "francs", "dollars"}
	// settledPairs say it in two places of a sentence: "a obtenu en mars
	// 2025 le renouvellement de son agrément".
	settledPairs = [][2][]string{{{"a obtenu", "ont obtenu"}, {"le renouvellement", "la prolongation", "le prolongement"}},
		// A risk said to be limited or weak, as a verdict.
		{{"risque"}, {"est limité,", "est limité.", "reste limité", "demeure limité", "est faible", "reste faible"}},
		// A new loan signed to refinance: the refinancing is done.
		{{"signé", "conclu"}, {"pour refinancer", "refinançant"}},
		// A debt replaced by another: "a été remplacé en septembre par un
		// prêt amortissable", "un crédit … qui se substitue aux lignes".
		{{"a été remplacé", "ont été remplacé", "se substitue", "se substituent"}, {"prêt", "crédit", "emprunt", "financement", "lignes"}}}
	// mitigation is what lessens a risk: a cover, an insurance, a provision,
	// a plan, a second source.
	mitigation = []string{
		"couvre", "couvert", "couverture", "swap", "assuré contre", "assurée contre", "assurés contre", "assurées contre",
		"assuré en valeur", "assurance", "second hébergeur",
		"second prestataire", "deuxième fournisseur", "source alternative", "a constitué une provision", "provisionné",
		"conteste", "arguments solides", "second fournisseur", "stock de sécurité", "stocks de sécurité", "plan de trésorerie",
		"suit la liquidité", "accord de principe", "bloquées", "bloqués", "offre indicative", "négociations sont en cours",
		"discussions engagées", "non tirée", "non utilisée", "subordonnés", "indemnisation", "a été obtenu",
		"second fabricant", "deuxième fabricant", "second sous-traitant", "seconde source", "double source", "fournisseur alternatif",
		"fournisseurs alternatifs", "entièrement à taux fixe", "intégralement à taux fixe", "totalement à taux fixe",
	}
	// fullCover says an exposure is wholly covered or insured: the sentence
	// is a mitigant whatever it names, unless it tells a loss.
	fullCover = []string{"intégralement couvert", "entièrement couvert", "totalement couvert", "intégralement assuré",
		"assuré contre", "assurés contre", "assurée contre", "assurées contre", "assuré en valeur à neuf", "fixent intégralement",
		"fixe intégralement", "intégralement swap", "entièrement swap", "couverts par", "couvert par", "couverte par",
		"couvertes par", "couvrant", "couvre systématiquement", "couvrent systématiquement", "systématiquement couvert",
		"entièrement à taux fixe", "intégralement à taux fixe", "totalement à taux fixe", "sont couverts", "sont couvertes",
		"étaient couverts", "étaient couvertes", "second fabricant", "deuxième fabricant", "second fournisseur", "deuxième fournisseur",
		"second prestataire", "second sous-traitant", "seconde source", "double source", "fournisseur alternatif",
		"fournisseurs alternatifs", "couvrent la totalité", "couvre la totalité", "couvrent l'intégralité", "couvre l'intégralité",
		"couverts en totalité", "couvertes en totalité", "couvert en totalité", "couverte en totalité"}
	// partial says a cover leaves part of the exposure open.
	partial = []string{"partiel", "en partie", "à hauteur d", "seulement", "seuls", "seules", "moitié", "n'a couvert que", "ne couvre que",
		"ne couvrent que"}
	// consequence is the wording of a loss or a lack, which a mitigation
	// alone never holds.
	consequence = []string{
		"pourrai", "peuvent", "peut", "même si", "à peine", "a détruit", "ont détruit", "a endommagé", "a interrompu",
		"ont interrompu",
		"a coûté", "ont coûté", "perte estimée", "avant indemnisation", "a contraint", "ont contraint", "plus couvert", "plus assuré", "qu'avec une franchise", "excèd", "ne suffi", "pas suffi",
		"insuffisan", "en cas de", "à défaut", "faute de",
		"en l'absence de", "ne couvre pas", "n'a pas",
		"n'est pas", "ne sont pas", "pas encore", "risque de", "expose", "que jusqu",
	}
	// referBack points to a risk told elsewhere in the report.
	referBack = []string{"décrit", "mentionné", "ci-dessus", "présenté", "voir note"}
	// negators deny a term up to that many words after them in its clause:
	// "sans" and "ni" deny the words they lead, "aucun" the whole clause.
	negators = map[string]int{"aucun": negationWindow, "aucune": negationWindow, "pas": 10, "absence": 10, "jamais": 10,
		"nul": 10, "nulle": 10, "sans": 3, "ni": 8, "non": 1, "rien": 10, "nullement": 10}
	// exceptions end a negation's reach: "aucun … autre qu'un ratio".
	exceptions = []string{"autre qu", "sauf", "hormis", "exception"}
	// barriers end a negation's reach backwards: a new clause opened by
	// "mais", or by "et" before a new subject ("aucune ligne … et sa
	// trésorerie ne permet pas").
	barriers   = map[string]bool{"mais": true, "toutefois": true, "cependant": true, "tandis": true}
	newSubject = map[string]bool{"sa": true, "son": true, "ses": true, "le": true, "la": true, "les": true, "il": true,
		"elle": true, "ils": true, "elles": true, "leur": true, "leurs": true, "ce": true, "cette": true, "ces": true}
	// successes are the verbs a negation denies instead of the noun after
	// them: "n'a pas obtenu le renouvellement" denies the obtaining, and
	// the renewal is still at stake.
	successes = map[string]bool{"tenu": true, "reconduirait": true, "reconduira": true, "renouvellera": true, "renouvellerait": true,
		"prolongera": true, "réglé": true, "réglées": true, "payé": true, "payées": true, "honoré": true, "retenu": true, "retenue": true, "couvert": true, "couverte": true, "couverts": true,
		"couvertes": true, "assuré": true, "assurée": true, "assurés": true, "assurées": true, "obtenu": true, "abouti": true, "trouvé": true, "signé": true, "finalisé": true,
		"sécurisé": true, "conclu": true, "reçu": true, "levé": true, "achevé": true, "acquitté": true, "acquittées": true,
		"livrer": true, "payer": true, "régler": true, "honorer": true,
		// A covenant not met is still at stake: "n'a pas satisfait au ratio".
		"satisfait": true, "respecté": true, "respectée": true, "respectés": true, "respectées": true, "rempli": true,
		"tester": true}
)

// notConditional are words ending like a conditional verb that are not verbs.
var notConditional = map[string]bool{"portrait": true, "retrait": true, "extrait": true, "attrait": true, "trait": true,
	"abstrait": true}

// The terms of the vocabulary's lists are written as the quote normaliser
// writes text, so that they meet the text in one form (TestTermsNormalised)
// without a pass over them at every start-up.

// positions returns where term starts a word of text, which is normalised.
// A word after a hyphen is not a start: "crédit-bail" is no "bail". The
// last word of a term matches any word it begins; each word before it also
// matches its plural and feminine forms, so that "engagement d'achat" finds
// "engagements d'achat" and "portée garante" "portées garantes".
func positions(text, term string) []int {
	if re := inflected(term); re != nil {
		var at []int
		if !strings.Contains(text, firstWord(term)) {
			return nil
		}
		for _, m := range re.FindAllStringIndex(text, -1) {
			i := m[0]
			if r, _ := utf8.DecodeLastRuneInString(text[:i]); (i == 0 || !unicode.IsLetter(r) && r != '-') && !otherWord(text[i:]) {
				at = append(at, i)
			}
		}
		return at
	}
	var at []int
	for from := 0; ; {
		i := strings.Index(text[from:], term)
		if i < 0 {
			return at
		}
		i += from
		if r, _ := utf8.DecodeLastRuneInString(text[:i]); (i == 0 || !unicode.IsLetter(r) && r != '-') && !otherWord(text[i:]) {
			at = append(at, i)
		}
		from = i + 1
	}
}

// otherWords begin like a term's word and are another word: "départ" is
// no "département".
var otherWords = []string{"départem"}

func otherWord(text string) bool {
	return slices.ContainsFunc(otherWords, func(w string) bool { return strings.HasPrefix(text, w) })
}

// inflectedTerms caches the patterns of the terms of several words.
var inflectedTerms sync.Map

// inflected is the pattern of a term whose words before the last may take
// an inflection ("s", "x", "e", "es"), or nil for a term of one word.
func inflected(term string) *regexp.Regexp {
	if re, ok := inflectedTerms.Load(term); ok {
		return re.(*regexp.Regexp)
	}
	var b strings.Builder
	words := 0
	for i := 0; i < len(term); {
		j := i
		for j < len(term) {
			r, n := utf8.DecodeRuneInString(term[j:])
			if !unicode.IsLetter(r) {
				break
			}
			j += n
		}
		if j > i {
			b.WriteString(regexp.QuoteMeta(term[i:j]))
			if j < len(term) && utf8.RuneCountInString(term[i:j]) >= 3 {
				b.WriteString("(?:es|s|x|e)?")
				words++
			}
			i = j
			continue
		}
		_, n := utf8.DecodeRuneInString(term[i:])
		b.WriteString(regexp.QuoteMeta(term[i : i+n]))
		i += n
	}
	var re *regexp.Regexp
	if words > 0 {
		re = regexp.MustCompile(b.String())
	}
	inflectedTerms.Store(term, re)
	return re
}

// firstWord is the text of term before its first inflectable word ends:
// a match holds it whatever the inflection.
func firstWord(term string) string {
	for i, r := range term {
		if !unicode.IsLetter(r) && i > 0 {
			return term[:i]
		}
	}
	return term
}

// matches returns the terms found at the start of a word of text.
func matches(text string, terms []string) []string {
	var found []string
	for _, t := range terms {
		if len(positions(text, t)) > 0 {
			found = append(found, t)
		}
	}
	return found
}

func has(text string, terms []string) bool { return len(matches(text, terms)) > 0 }

// span is where a term was found in a text, end excluded.
type span struct{ start, end int }

// affirmed returns where the terms are found in text without a negation
// before them in their clause ("il n'existe aucun litige" holds no litige):
// the first place of each term found.
func affirmed(text string, terms []string) []span {
	found, _ := readTerms(text, terms)
	return found
}

// negatedSpans are the places of terms in text that a negation denies.
func negatedSpans(text string, terms []string) []span {
	_, denied := readTerms(text, terms)
	return denied
}

// readTerms reads terms in text once: the first place of each where no
// negation denies it, and every place where one does.
func readTerms(text string, terms []string) (found, denied []span) {
	for _, t := range terms {
		first := true
		for _, at := range positions(text, t) {
			switch {
			case negated(text, at) || noneAfter.MatchString(text[at+len(t):]):
				denied = append(denied, span{at, at + len(t)})
			case first:
				found = append(found, span{at, at + len(t)})
				first = false
			}
		}
	}
	return found, denied
}

// pointers counts the places where a term of terms starts in text outside
// the spans of taken: "client" and "clients" found at one place count once,
// and a weak term inside a strong one does not count again.
func pointers(text string, terms []string, taken []span) int {
	at := map[int]bool{}
	for _, t := range terms {
		for _, i := range positions(text, t) {
			if !slices.ContainsFunc(taken, func(s span) bool { return i >= s.start && i < s.end }) {
				at[i] = true
			}
		}
	}
	return len(at)
}

// noLonger is "ne … plus" before a term in its clause ("la société ne
// dépend plus d'une source unique"), not "ne … plus que", which restricts
// ("il ne reste plus que deux mois").
var noLongerText = regexp.MustCompile(`\b(?:ne|n')\s*(?:\S+\s+){0,3}plus\s+((?:\S+\s+){0,4})$`)

func noLonger(before string) bool {
	m := noLongerText.FindStringSubmatch(before)
	return m != nil && !slices.ContainsFunc(wordsOf(m[1]), func(w string) bool { return w == "que" || w == "qu" || successes[w] }) &&
		!strings.Contains(m[1], "qu'")
}

// noneAfter is a negation right after a term: "le fonds n'est grevé
// d'aucun nantissement", "n'est assorti d'aucune".
// A clause said not to apply is none either: "la clause de changement de
// contrôle ne s'applique pas aux reclassements".
var noneAfter = regexp.MustCompile(`^[a-zà-ÿ]*\s+(?:d'|par\s+)aucune?\b|^[a-zà-ÿ]*\s+(?:\S+\s+){0,2}(?:ne s'applique|ne s'appliquera|ne s'appliquerait|ne trouve pas à s'appliquer|n'est pas applicable)`)

// negationWindow is how many words before a term a negation is looked for.
const negationWindow = 24

// listItem is the most words an item of an enumeration holds after its
// comma ("aucune caution, aval ou garantie"): a negation before the list
// denies each item.
const listItem = 3

// negated tells whether a negation among the words before at, in the same
// clause or before the enumeration at is an item of, denies what starts at
// at.
func negated(text string, at int) bool {
	start := clauseStart(text, at)
	words := wordsOf(text[start:at])
	// An item of a list, not a clause with a subject of its own ("en
	// l'absence de financement, la société ne pourrait pas honorer…").
	item := len(words) < listItem && !(len(words) >= 2 && newSubject[words[0]])
	if start > 0 && text[start-1] == ',' && (item && negated(text, start-1) ||
		len(words) <= negators["pas"] && deniedAcrossIncise(text, start)) {
		return true
	}
	if noLonger(text[start:at]) {
		return true
	}
	if len(words) > negationWindow {
		words = words[len(words)-negationWindow:]
	}
	for i := len(words) - 1; i >= 0; i-- {
		if barriers[words[i]] || words[i] == "et" && i+1 < len(words) && newSubject[words[i+1]] {
			return false
		}
		reach := negators[words[i]]
		if words[i] == "sans" && i+1 < len(words) && words[i+1] == "que" {
			// "sans que cette opération constitue un cas de défaut".
			reach = 10
		}
		if len(words)-i <= reach {
			return !has(strings.Join(words[i:], " "), exceptions) && !slices.ContainsFunc(words[i+1:],
				func(w string) bool { return successes[w] }) && !coverAgainst(words[i+1:])
		}
	}
	return false
}

// coverAgainst tells words that name a cover against what follows them
// ("aucune assurance contre la grêle", "aucune police ne protège les
// entrepôts contre"): the negation denies the cover, and the hazard stays.
func coverAgainst(words []string) bool {
	c := slices.IndexFunc(words, func(w string) bool { return covers[w] })
	return c >= 0 && slices.Contains(words[c+1:], "contre")
}

var covers = map[string]bool{"assurance": true, "assurances": true, "police": true, "polices": true, "couverture": true,
	"protège": true, "protègent": true, "protection": true, "assuré": true, "assurés": true, "assurée": true, "assurées": true,
	"couvert": true, "couverts": true, "couverte": true, "couvertes": true}

// deniedAcrossIncise tells a term's clause that opens on the partitive a
// negation leaves ("de", "d'") after an incise between commas, the
// negation in the clause before it: "n'a pas connaissance, à la date
// du présent document, de réclamation…", "il n'existe pas, à sa
// connaissance, d'autre procédure…".
func deniedAcrossIncise(text string, start int) bool {
	rest := strings.TrimLeft(text[start:], " ")
	if !strings.HasPrefix(rest, "de ") && !strings.HasPrefix(rest, "d'") {
		return false
	}
	incise := clauseStart(text, start-1)
	if incise == 0 || text[incise-1] != ',' || len(wordsOf(text[incise:start-1])) > inciseWords {
		return false
	}
	w := wordsOf(text[clauseStart(text, incise-1) : incise-1])
	return slices.ContainsFunc(w, func(w string) bool { return negators[w] >= negators["pas"] || w == "point" })
}

// inciseWords is the most words an incise holds ("à la date du présent
// document").
const inciseWords = 8

// wordsOf are the words of text; elided articles and pronouns ("d'",
// "n'") are no words here.
func wordsOf(text string) []string {
	return slices.DeleteFunc(strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) }),
		func(w string) bool { return utf8.RuneCountInString(w) < 2 })
}

// clauseStart is where the clause holding at begins: after the last , ; : (
// or . before it that is not a decimal mark ("3,0x").
func clauseStart(text string, at int) int {
	for i := at - 1; i >= 0; i-- {
		if !strings.ContainsRune(",;:(.", rune(text[i])) {
			continue
		}
		if i+1 < len(text) && i > 0 && unicode.IsDigit(rune(text[i-1])) && unicode.IsDigit(rune(text[i+1])) {
			continue
		}
		return i + 1
	}
	return 0
}

// conditional reports whether text, normalised, holds a verb in the
// conditional mood ("pourrait", "réduirait"): the voice of a hypothetical loss.
func conditional(text string) bool {
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if (strings.HasSuffix(w, "rait") || strings.HasSuffix(w, "raient")) && utf8.RuneCountInString(w) > 5 && !notConditional[w] {
			return true
		}
	}
	return false
}
