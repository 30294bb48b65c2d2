package critical

import (
	"regexp"
	"strconv"
	"strings"
	"sync"

	"analyste.dev/analyste/shared/locate"
	"analyste.dev/analyste/shared/riskrules"
	"analyste.dev/analyste/shared/signals"
)

// rule is how one critical event is written. Patterns are matched on the
// folded sentence (lower case, no accents, every run of punctuation one
// space, the clauses kept apart by " | "), each with a space before and
// after it.
type rule struct {
	kind     Kind
	category signals.Category
	summary  string
	reason   string
	// cues affirm the event where nothing in their clause denies them.
	cues []*regexp.Regexp
	// context, when set, must be found in the sentence too: "incertitude
	// significative" tells going concern only beside the going-concern
	// words.
	context *regexp.Regexp
	// settled says, anywhere in the sentence, that the event is over.
	settled *regexp.Regexp
	// exclude is what makes the sentence about something else (a client's
	// insolvency, a labour court's conciliation).
	exclude *regexp.Regexp
	// also are the categories a reader may give the event instead: a
	// covenant breach that called the debt told as the call.
	also []signals.Category
	// voices give another category to a sentence in another voice: the
	// auditor's observation on going concern is a reservation of theirs.
	voices []voice
	// modal: a hypothesis does not deny the event ("susceptible de jeter
	// un doute" is the auditing standard's own wording); only a sentence
	// that is a rule or a responsibility ("s'il conclut à l'existence
	// d'une incertitude…") is left out.
	modal bool
	// plans: the event is what a contract's wording is about ("le plan de
	// sauvegarde prévoit…"), so that wording after it supposes nothing.
	plans bool
	// figures tells the event by a figure against its limit, on the
	// sentence as written (decimal commas kept).
	figures func(sentence string) bool
	// nobody tells a sentence that names the event of no debtor in
	// particular.
	nobody func(sentence string) bool
}

// voice is wording that gives a finding another category.
type voice struct {
	re       *regexp.Regexp
	category signals.Category
}

func re(alternatives ...string) *regexp.Regexp {
	return regexp.MustCompile(` (?:` + strings.Join(alternatives, "|") + `) `)
}

func cues(patterns ...string) []*regexp.Regexp {
	out := make([]*regexp.Regexp, len(patterns))
	for i, p := range patterns {
		out[i] = re(p)
	}
	return out
}

// Word-level helpers of the patterns: w is any one word, s an optional
// plural or feminine ending.
const (
	w    = `[a-z0-9]+`
	s    = `(?:e|s|es)?`
	gap  = `(?: [a-z0-9]+){0,6}`  // up to six words
	long = `(?: [a-z0-9]+){0,12}` // up to twelve
)

// condition is what a going concern is said to hang on: an event to come.
const condition = `(?:obtention|succes|realisation|soutien|levee|renouvellement|apport|refinancement|accord|cession|signature|versement|conclusion|mise en place|aboutissement|issue|augmentation de capital)`

// rules are compiled at their first use, not at the start of every
// command that links the net.
var rules = sync.OnceValue(func() []rule {
	// What every going-concern rule shares.
	goingConcernContext := re(`continuite`, `poursuivre (?:son|leur|l|ses)`, `poursuite (?:de|d)`, `doute`, `capacite (?:de la|du|de|d|a)`,
		`continuer`, `faire face`, `honorer (?:ses|leurs|son|sa|les)`, `maintien de l activite`, `maintien de l exploitation`)
	accelerationSettled := re(`renonce[a-z]*`, `(?:a|ont) ete (?:leve|retire|annule)`+s, `volontaire`+s, `a l initiative de la societe`)
	goingConcernSettled := re(`(?:a|ont) ete leve`+s, `n existe plus`, `ete ecarte`+s, `plus d incertitude`)
	goingConcernVoices := []voice{{re(`attir`+w+` (?:votre |l )?attention`, `observations?`, `commissaires? aux comptes`, `auditeurs?`),
		signals.AuditorQualification}}
	procedure := rule{
		kind: Procedure, category: signals.GoingConcern, plans: true,
		summary: "Procédure de prévention ou d'insolvabilité",
		reason:  "procédure de prévention ou collective : toujours élevée",
		cues: cues(
			`mandat ad hoc`, `mandataire ad hoc`, `procedures? de conciliation`, `(?:accord|protocole)s? de conciliation`,
			`conciliateur`, `ouverture d une conciliation`, `procedures? de sauvegarde`, `sauvegarde (?:financiere )?acceleree`,
			`plans? de sauvegarde`, `(?:place|placee|places|placees|mise?s?) (?:sous|en) (?:sauvegarde|redressement|liquidation)`,
			`depos`+w+` (?:le|son|leur) bilan`, `depot de bilan`, `(?:sous|en) administration (?:judiciaire|provisoire)`, `redressement judiciaire`, `liquidation judiciaire`, `procedures? collectives?`,
			`administrateurs? judiciaires?`, `mandataires? judiciaires?`, `periode d observation`, `plans? de continuation`,
			`cessation des paiements`, `reorganisation judiciaire`, `procedures? de reorganisation`,
			`sursis concordataire`, `concordat(?: preventif)?(?: de faillite)?`, `ajournement de (?:la )?faillite`,
			// Belgium: the claims a judicial reorganisation suspends, its
			// plan filed with the court's registry.
			`creances? sursitaires?`, `plans? de reorganisation`+gap+` (?:depose|homologue)`+s+` (?:au greffe|par le tribunal)`,
			// OHADA: the preventive settlement and the liquidation of assets.
			`reglement preventif`, `liquidation des biens`,
			`gestion controlee`, `sursis de paiement`, `lacc`, `loi sur les arrangements avec les creanciers`,
			`propositions? concordataires?`, `avis d intention de (?:faire|deposer) une proposition`,
			`loi sur la faillite et l insolvabilite`, `chap(?:itre|ter) 11`,
			// Switzerland: over-indebtedness notified to the court.
			`surendettement`, `avis`+w+` le juge`, `725b`,
			`(?:declaree?s?|mise?s?|prononce|prononcee) (?:en )?(?:etat de )?faillite`, `(?:jugement|aveu|declaration) de faillite`,
			`faillite (?:a ete|a|ont ete) (?:prononcee|declaree|ouverte)`, `en faillite`,
		),
		settled: re(`(?:est|sont|etait|etaient|etre|etant) sortie?s? (?:de|du|des)`, `sortie (?:de la|du|des) (?:procedure|plan)`, `a pris fin`,
			`ont pris fin`, `clotur`+w, `jugement de cloture`, `fin (?:de la|du) (?:procedure|plan|mandat)`, `(?:a|ont) ete leve`+s,
			`acheve`+s, `mis fin`,
			// A creditor's demand rejected or dropped, a restructuring done.
			`(?:demande|assignation|citation|requete)s?`+long+` (?:est|a ete|ont ete|sont) rejetee?s?`,
			`rejet`+w+` (?:la|l) (?:demande|assignation|citation)`, `declaree?s? sans objet`, `irrecevable`+s, `desist`+w,
			`assainissement`+gap+` (?:realise|acheve|obtenu)`+s, `(?:a|ont) ete (?:integralement |entierement )?apure`+s, `constat`+w+` (?:la )?bonne execution`, `(?:integralement|entierement) execute`+s, `(?:a|ont) ete (?:entierement |integralement )?execute`+s, `ne fait plus l objet`, `n est plus`,
			// Every instalment of the plan or the agreement paid, the company
			// back on its feet.
			`(?:a|ont) (?:depuis |toujours )?honore`+s, `(?:a|ont) retrouve`),
		exclude: re(`prud hom`+w, `sauvegarde de l emploi`, `pse`, `sauvegardes? (?:des donnees|informatiques?)`, `creances?`, `impaye`+s,
			`deprecie[a-z]*`,
			`(?:d un|d une|de plusieurs|un de ses|l un de ses|l un des)(?: [a-z0-9]+){0,4} (?:place|placee|places|placees|mis|mise|mises|tombe|tombee) (?:en|sous)`,
			`(?:faillite|liquidation|redressement|procedure|sauvegarde)(?: [a-z]+)? (?:de|d|du) (?:[a-z0-9]+ ){0,3}(?:clients?|filiales?|fournisseurs?|debiteurs?|contreparties?|concurrents?|locataires?|acheteurs?|sous traitants?)`,
			`(?:clients?|fournisseurs?|debiteurs?|contreparties?|concurrents?|locataires?|acheteurs?|sous traitants?)(?: [a-z0-9]+){0,4} (?:place|placee|places|placees|mis|mise|mises|tombe|tombee|entre|entree|declare|declaree) (?:en|sous)`,
			// The debtor told a party of the company's in apposition ("la
			// SARL X, notre franchisée de Quimper, …"), or its procedure
			// without effect on the company's accounts.
			`(?:sans|n a pas d|n a eu aucune|aucune) (?:incidence|effet|impact)`+gap+` (?:les|nos|ses) comptes`,
			`n (?:affecte|affectera|a pas affecte) pas (?:les|nos|ses) comptes`,
			`\| (?:notre|nos|son|ses|l un de nos|l une de nos|un de nos|une de nos) (?:clients?|clientes?|fournisseurs?|distribut(?:eur|rice)s?|franchisee?s?|sous traitants?|locataires?|debiteurs?|adherents?) (?:de|d|du|des|historique|principal|importante?)`),
		nobody: riskrules.NoDebtor,
	}
	// A recovery plan is a procedure's only beside the court or the
	// procedure's organs: a lender's waiver may ask for a business one.
	courtPlan := procedure
	courtPlan.cues = cues(`plans? de redressement`)
	courtPlan.context = re(`tribunal`, `judiciaires?`, `homolog`+w, `commissaires? a l execution`, `mandataires?`, `administrateurs?`,
		`greffe`, `jugement`+s, `procedures?`, `creanciers`, `passif`, `resolution du plan`)
	return []rule{
		{
			kind: GoingConcern, category: signals.GoingConcern, modal: true,
			summary: "Incertitude significative sur la continuité d'exploitation",
			reason:  "doute sur la continuité d'exploitation : toujours élevée",
			cues: cues(
				`incertitudes? significatives?`, `incertitudes? (?:relative|liee|pesant)s? (?:a|sur) la (?:continuite|poursuite)`,
				`doutes? (?:important|serieux|substantiel|significatif)s?`,
				`continuite (?:d|de l) exploitation (?:qui )?(?:depend|repose|suppose|est subordonnee|est conditionnee|est suspendue)`,
				// The convention stated with what it hangs on, in the clause
				// after it or by "ce principe", or with what stands against it.
				`continuite (?:d|de l) exploitation (?:\| )?(?:qui |laquelle )?(?:repose|reposant|depend|dependant|est subordonnee|etant subordonnee|subordonnee|est conditionnee|conditionnee) (?:sur|de|a|au|aux)(?: [a-z0-9]+){0,3} `+condition,
				`(?:ce principe|cette hypothese|cette convention)(?: [a-z]+){0,2} (?:est|etant|reste|demeure) (?:subordonnee|conditionnee|suspendue) (?:a|au|aux)(?: [a-z0-9]+){0,3} `+condition,
				`(?:principe|convention|hypothese) de continuite (?:d|de l) exploitation`+gap+` \| (?:bien que|bien qu|malgre|en depit)`,
				`(?:poursuite|continuite|maintien) (?:de l|d|de) ?(?:activite|exploitation|l hypothese de continuite)`+long+` (?:est |reste |demeure )?(?:subordonne|suspendu|conditionne|depend|repose|suppose)[a-z]*`,
				`hypothese de continuite`+long+` (?:est |reste )?(?:subordonne|suspendu|conditionne|depend|repose|suppose)[a-z]*`,
				`capacite`+gap+` a (?:poursuivre|continuer) (?:son|leur|ses) (?:activite|exploitation)s?`+long+` (?:est |reste )?(?:subordonne|suspendu|conditionne|depend|repose|suppose)[a-z]*`,
				`(?:ne serait|ne sera|n est|ne sont|ne seraient|ne serions|ne sommes) pas en mesure de (?:poursuivre|continuer|faire face)`,
				`ne pourr[a-z]* (?:pas )?(?:poursuivre|continuer) (?:son|leur|ses) (?:activite|exploitation)s?`,
				// A shortfall dated: "ne pourrait faire face à ses engagements
				// au-delà de septembre".
				`ne (?:pourr|serai|sera)[a-z]* (?:pas )?(?:en mesure de )?faire face a (?:ses|leurs|son) [a-z]+`+gap+` (?:au dela|apres|a partir|a compter|avant|d ici|jusqu)`,
				// A shortfall on a named lack: "en l'absence de nouveau
				// financement, la société ne pourrait pas honorer ses échéances".
				`(?:en l absence|a defaut|faute) (?:de|d)`+long+` \|(?: [a-z0-9]+){0,4} ne (?:pourr|serai|sera)[a-z]* (?:pas )?(?:en mesure (?:de|d) )?(?:honorer|faire face a) (?:ses|leurs|son|sa|les)`,
				`(?:en l absence|a defaut|faute) (?:de|d)`+long+` \|(?: [a-z0-9]+){0,4} ne disposer[a-z]* (?:pas|plus) (?:des|de|d) (?:ressources|liquidites|tresorerie|financements?|fonds)(?: [a-z]+){0,2} pour (?:faire face|honorer|financer|poursuivre)`,
			),
			context: goingConcernContext, settled: goingConcernSettled, voices: goingConcernVoices,
		},
		{
			kind: GoingConcern, category: signals.GoingConcern,
			summary: "Continuité d'exploitation menacée",
			reason:  "doute sur la continuité d'exploitation : toujours élevée",
			cues: cues(
				`(?:remet|remettent|remettre|remis|remise|met|mettent|mis|mise) en (?:cause|doute|question) (?:la )?(?:continuite|poursuite) (?:d|de l) ?(?:exploitation|activite)`,
				`continuite (?:d|de l) exploitation (?:n est pas assuree|n est plus assuree|est menacee|est compromise|est incertaine|est remise en cause)`,
			),
			settled: goingConcernSettled, voices: goingConcernVoices,
		},
		procedure,
		courtPlan,
		{
			kind: HalfCapital, category: signals.GoingConcern,
			summary: "Capitaux propres inférieurs à la moitié du capital social",
			reason:  "capitaux propres inférieurs à la moitié du capital : toujours élevée",
			cues: cues(
				`(?:capitaux propres|actif net|fonds propres)(?: (?:[a-z0-9]+|\|)){0,20} (?:inferieur`+s+` a|sous|en deca de|sous la barre de) la moitie (?:du|de son|de leur|de sa) capital`,
				`(?:statuer|se prononcer|deliberer|decider|consulte`+s+`)`+gap+` sur (?:la|sa|une|son|leur) (?:eventuelle )?dissolution anticipee`,
				`moitie (?:du|de son|de leur) capital(?: social| actions)?`+gap+` (?:n est plus couverte|perdue?s?)`,
				`perte de (?:plus de )?la moitie (?:du|de son) capital`,
				`l ?225 248`, `l ?223 42`, `article 7 228`, `art 725 co`, `article 725 (?:al|alinea|du code des obligations|co)`,
				`article 480 ?2`,
				`(?:ne pas|pas lieu a) (?:prononcer )?(?:la )?dissolution anticipee`,
			),
			settled: re(`(?:ont|a) ete reconstitue`+s, `sont reconstitue`+s, `redevenu`+s+` superieur`+s, `de nouveau superieur`+s,
				`a nouveau superieur`+s, `regularise`+s),
		},
		{
			// Before the breach: a debt called outweighs the covenant whose
			// breach called it.
			kind: Acceleration, category: signals.Acceleration, also: []signals.Category{signals.Covenant},
			summary: "Exigibilité anticipée de la dette déclenchée",
			reason:  "exigibilité déclenchée ou notifiée : élevée",
			cues: cues(
				`(?:prononc|notifi|declench|demand|exige|exigea|reclam|invoqu|actionn|signifi|mis en oeuvre|mise en oeuvre|vot|decid|prevalu)[a-z]*`+gap+` (?:l )?(?:exigibilite (?:anticipee|immediate)|decheance du terme|remboursement (?:anticipe|immediat|sans delai)|cas de defaut|cas d exigibilite)`,
				`(?:entrain|provoqu|declench)`+w+`(?: (?:[a-z0-9]+|\|)){0,10} (?:l )?exigibilite (?:anticipee |immediate )?(?:de|des|du|d)`,
				`survenance d un cas (?:d exigibilite|de defaut)`,
				`(?:exigibilite (?:anticipee|immediate)|decheance du terme)`+gap+` (?:a|ont) ete (?:prononcee|notifiee|declenchee|demandee|exigee|signifiee|invoquee)s?`,
				`(?:rendu|rendue|rendus|rendues|declaree?s?) (?:immediatement )?exigibles?`, `devenu`+s+` immediatement exigibles?`, `(?:est|sont|etait|etaient) (?:desormais |donc )?immediatement exigibles?`,
				// The lenders' acts: credit withdrawn, debt called by a default.
				`(?:a|ont) (?:denonce|resilie|mis fin a|mis un terme a)(?: [a-z0-9]+){0,3} (?:les |le |la |l |ses |son |sa )?(?:concours|credit|pret|ligne|facilite|autorisation|decouvert|contrat de pret|contrat de credit)s?`,
				`devenu`+s+` exigibles?`+long+` (?:a la suite|suite a|en raison|du fait|apres|par suite)`,
				`accelere?r? (?:la|le|les) (?:dette|pret|credit|emprunt)s?`, `acceleration (?:de la|du|des) (?:dette|pret|credit|emprunt)s?`,
				`en demeure de rembourser`, `(?:mis|mise|met|mettent)`+gap+` en demeure`+gap+` de rembourser`,
			),
			settled: accelerationSettled,
		},
		{
			// A debt moved to current liabilities for a breach: the lender
			// may call it (IAS 1, and the same note in French GAAP).
			kind: Acceleration, category: signals.Acceleration, also: []signals.Category{signals.Covenant},
			summary: "Dette reclassée à court terme après un manquement",
			reason:  "exigibilité ouverte par un manquement : élevée",
			cues:    cues(`(?:reclass|present|classe)[a-z]*(?: [a-z]+){0,3} (?:en|dans le|dans les|parmi les|au|aux) (?:passifs? courants?|dettes? courantes?|passifs? a court terme|dettes? a court terme|dettes? a moins d un an)`),
			context: re(`manquements?`, `non respect`, `bris`, `defauts?`, `violations?`, `covenants?`, `clauses? restrictives?`, `ratios?`,
				`engagements? financiers?`, `derogations?`, `waivers?`),
			settled: accelerationSettled,
		},
		{
			kind: CovenantBreach, category: signals.Covenant, also: []signals.Category{signals.Acceleration},
			summary: "Covenant non respecté ou levé par dérogation des prêteurs",
			reason:  "covenant franchi ou dérogation nécessaire : élevée",
			cues: cues(
				`bris (?:de|du|des) (?:covenant|ratio|engagement|clause)s?`,
				`non respect (?:du|des|de|d) (?:l )?(?:covenant|ratio|engagement|clause)s?`,
				`manquements? (?:au|aux|a l) (?:covenant|ratio|engagement)s?`,
				`(?:n a|n ont|n avait|n avaient|ne sont|n est|n etait|n etaient|n etant|n ayant) pas (?:ete )?(?:respecte|tenu|satisfait|rempli)`+s,
				`(?:accept|consent)`+w+` de ne pas (?:tester|appliquer|calculer)`,
				`(?:amenagement|reamenagement|modification|renegociation)s? (?:du|des|de l|de la) (?:ratio|covenant|engagements? financiers?|plafond|seuil)s?`,
				`faute d avoir (?:respecte|tenu|atteint)`, `ne pas avoir (?:respecte|tenu)`, `renonc`+w+` (?:ponctuellement )?a se prevaloir`,
				`(?:accepte|consenti|renonce)[a-z]* (?:de ne pas|a ne pas|a) se prevaloir`,
				`renonciations? (?:ponctuelle|temporaire|a se prevaloir|au test|a l application)`+s, `demandes? de renonciation`,
				`renonciations? (?:au|aux|a l|a son|a ses) (?:ratio|covenant|engagement|test|respect)s?`, `ne pas se prevaloir`,
				`(?:passe|passer|tombe|descendu|ramene)`+s+gap+` (?:sous|en dessous) (?:le|les|du|des) (?:plancher|seuil|minimum)s? (?:contractuel|convenu|prevu|requis|autorise)`+s,
				`dispenses? (?:ponctuelle|temporaire|de respect|du respect)s?`,
				`(?:porter|porte|relever|releve|relevement|rehausser|rehausse|abaisser|abaisse|assouplir|assoupli|assouplissement)`+long+` (?:levier maximal|levier maximum|plafond|seuil|ratio|minimum|covenant|engagements financiers)s?`,
				`(?:seuil|plafond|levier maximal|minimum|ratio|covenant)s?`+long+` (?:a ete|ont ete|est|sont|soit|soient) (?:releve|abaisse|porte|assoupli|ramene|rehausse)`+s,
				`en deca du (?:minimum|seuil|plancher|ratio)`, `au dessus du (?:plafond|maximum) (?:contractuel|autorise)`,
				`ne (?:respecte|respectait|respectent|respectaient) (?:pas|plus)`,
				`depass`+w+` (?:le|les|du|des|son|ses|la) (?:covenant|plafond contractuel|seuil contractuel|limite contractuelle|niveau contractuel)`,
				`(?:ratio|covenant)s?`+gap+` (?:depass|exced|franchi)`+w+` (?:le|la|son|sa) (?:plafond|seuil|limite|maximum)`,
				`waivers?`, `derogations?`, `renonciation`+gap+` (?:preteurs|banques|creanciers|porteurs|partenaires bancaires)`,
				`(?:preteurs|banques|creanciers|porteurs) (?:ont|a) renonce`, `covenant holiday`,
				`suspension (?:du|des) (?:test|covenant|ratio)s?`, `suspend[a-z]* (?:le|les) (?:test|covenant|ratio)s?`, `reset (?:du|des) (?:covenant|ratio)s?`,
			),
			context: re(`covenant`+w+`?`, `ratios?`, `levier`, `engagements? financiers?`, `clauses? financieres?`, `leverage`, `gearing`,
				`dscr`, `icr`, `ltv`, `preteurs?`, `banques?`, `bancaires?`, `creanciers?`, `credit`, `emprunt`+w+`?`, `financement`+w+`?`,
				`contrat de pret`, `obligataires?`, `exigibilite`),
			settled: re(`(?:de nouveau|a nouveau|desormais) respecte`+s, `remedie`+s, `redevenu`+s+` (?:conforme|respecte)`+s,
				`(?:de nouveau|a nouveau) conforme`+s,
				// What the lenders charged for the breach or the waiver, lifted.
				`(?:a|ont|avoir) (?:supprime|leve|retire|annule|abandonne)`+gap+` (?:majoration|penalite|surcout|step up)s?`,
				`(?:majoration|penalite|surcout|step up)s?`+long+` (?:a|ont) ete (?:supprime|leve|retire|annule|abandonne)`+s),
			figures: beyondLimit,
		},
		{
			kind: AuditOpinion, category: signals.AuditorQualification,
			summary: "Opinion d'audit modifiée (réserve, refus, impossibilité, opinion défavorable)",
			reason:  "opinion d'audit avec réserve, défavorable ou refus de certifier : élevée",
			cues: cues(
				`certifi`+w+gap+` (?:sous|avec) (?:une |des )?reserves?`, `assorti[a-z]*`+gap+` (?:d une|de) reserves?`,
				`(?:n avons|n ont|n a) (?:pas )?(?:pu|ete en mesure de?) (?:obtenir|collecter|reunir)`+gap+` elements (?:probants )?suffisants`,
				`(?:n avons|n ont|n a) pas (?:obtenu|collecte|reuni) (?:d|des) elements probants suffisants`,
				`limitations? apportees? a nos travaux`,
				`(?:ne (?:sommes|pouvons|peut|pouvait|est) pas|ne pas etre|n est pas|n etait pas) en mesure (?:de certifier|d exprimer (?:une|d) opinion|de nous prononcer)`,
				`faits de nature a compromettre la (?:continuite|poursuite)`, `l ?234 1`, `(?:opinion|certification)s? avec reserves?`, `sous (?:cette|ces) reserves?`,
				`sous la reserve (?:exprimee|formulee|decrite|ci)`,
				`a l exception (?:de l incidence|des incidences|de l effet|des effets|des eventuelles incidences|de l incidence eventuelle)`,
				`refus[a-z]* de certifi[a-z]*`, `impossibilite de certifier`,
				`(?:dans l )?impossibilite (?:de certifier|d exprimer)`,
				`ne pouvons pas certifier`, `opinions? (?:defavorable|negative|adverse)s?`, `n exprimons pas d opinion`,
				`abstention d opinion`, `formul`+w+` (?:une|des) reserves?`, `(?:emis|emet|emettons|exprime|exprimons) (?:une|des) reserves?`,
				`assortie?s? (?:d une|de|de deux|de trois) reserves?`, `reserves? (?:formulee|emise|exprimee)`+s,
				`procedure d alerte`,
			),
			settled: re(`(?:a|ont) ete leve`+s, `(?:est|sont) levee?s?`, `levee de la reserve`, `n a plus lieu`, `(?:a|ont) pris fin`,
				`(?:a|ont) ete (?:clos|cloture)`+s, `(?:est|sont) (?:clos|cloture)`+s),
		},
		{
			kind: PaymentDefault, category: signals.Liquidity, also: []signals.Category{signals.Acceleration, signals.GoingConcern},
			summary: "Défaut ou incident de paiement",
			reason:  "défaut de paiement : élevée",
			cues: cues(
				`defauts? de paiement`, `incidents? de paiement`, `defauts? de remboursement`,
				`(?:n a|n ont|n avait|n avaient) pas (?:pu |ete en mesure d )?(?:honorer|payer|regler|rembourser)`,
				`echeances?`+gap+` (?:impayee|non payee|non reglee|non honoree)`+s,
			),
			context: re(`echeances?`, `emprunt`+w+`?`, `prets?`, `credit`+w+`?`, `dettes?`, `banques?`, `bancaires?`, `preteurs`,
				`obligat`+w, `interets`, `creanciers`, `paiement`, `remboursement`),
			settled: re(`regularise`+s, `apure`+s, `(?:a|ont) ete (?:regle|paye|rembourse|solde|leve)`+s, `integralement (?:regle|paye|rembourse)`+s),
			exclude: re(`clients?`, `debiteurs?`, `contreparties?`, `locataires?`, `preneurs?`, `acheteurs?`, `emprunteurs?`),
			voices: []voice{{re(`fournisseurs?`, `urssaf`, `fisc`, `administration fiscale`, `tresor public`, `organismes sociaux`,
				// Taxes and social charges, in France and elsewhere.
				`comptable public`, `onss`, `revenu quebec`, `agence du revenu`, `spf finances`, `cotisations?`, `tva`, `impots?`,
				`retenues? a la source`, `precomptes?`),
				signals.LatePayment}},
		}}
})

func ruleOf(k Kind) *rule {
	all := rules()
	for i := range all {
		if all[i].kind == k {
			return &all[i]
		}
	}
	panic("critical: no rule for " + string(k))
}

// hypothesis marks a sentence that tells what would happen, not what
// happened.
var hypothesis = re(`en cas`, `si`, `s il`, `s ils`, `dans l hypothese`, `au cas ou`, `lorsque`, `lorsqu`, `des lors qu`,
	`le cas echeant`, `pour autant qu`, `a condition qu`, `sous reserve qu`,
	`tout`+s+` (?:manquement|defaut|incident|violation|non respect|bris)`)

// conditional marks a hypothesis in the mood of its verb, or a contract's
// term (what it provides, not what happened).
var conditional = regexp.MustCompile(mood.String() + `|` + terms.String())

// mood is a verb in the conditional mood or of possibility ("paraît",
// "retrait" and "extrait" are none); terms is a contract's wording.
var (
	mood  = regexp.MustCompile(` (?:[a-z]*(?:[a-df-qt-wyz]t|[b-su-z])r(?:ait|aient)|pourr[a-z]*|pouvant|peut|peuvent|susceptibles? d) `)
	terms = regexp.MustCompile(` (?:clauses?|prevoi[a-z]*|stipul[a-z]*|autoris[a-z]* (?:les |la |le |l )?(?:banques?|preteurs?|creanciers?|porteurs?|obligataires?|agent)) `)
)

// invoked is a contract's clause named as what the lenders acted on ("la
// banque s'est prévalue de la clause de déchéance du terme") or what the
// company breached ("ne respectait pas la clause restrictive"): an act,
// not the contract's wording.
var invoked = regexp.MustCompile(` (?:prevalu|invoqu|actionn|fait jouer|mis en oeuvre|mise en oeuvre|applique|active|respect|enfreint|viol|manque|manquement)[a-z]*(?: [a-z]+){0,2} (?:de la |la |les |des |d une |une |a la |aux )?clauses? `)

// blank is text as long as s, all spaces: places after it stay in place.
func blank(s string) string { return strings.Repeat(" ", len(s)) }

// hypothetical is both, for a list's introduction.
var hypothetical = regexp.MustCompile(hypothesis.String() + `|` + conditional.String())

// responsibility marks the auditors' and management's standard
// paragraphs, which name every event as something to assess.
var responsibility = re(`existence ou non`, `s il existe`, `il incombe`, `il appartient`, `incombe a`, `appartient a`,
	`responsabilit`+w, `d evaluer`, `evaluer la capacite`, `apprecier`, `apprecie`, `conclure quant`, `conclu`+w+` a l existence`, `convention comptable`,
	`rappele`, `nous devons`, `il nous`, `il doit`, `doit etre`, `obligation de`, `definition`, `s entend`)

// denial is a negation before a word in its clause; postDenial one after
// it ("la déchéance du terme n'a pas été prononcée").
var (
	denial     = regexp.MustCompile(` (?:aucun|aucune|pas|absence|jamais|sans|nullement|ni|non|exempte?s?|hors) `)
	postDenial = regexp.MustCompile(`^(?: [a-z0-9]+){0,3} (?:n|ne)(?: [a-z0-9]+){0,2} (?:pas|jamais|nullement|plus|aucun|aucune) | non significati`)
	// noticed is a denial of having seen the event, in an earlier clause:
	// "nous n'avons pas relevé, à la date du rapport, d'incertitude…".
	noticed = regexp.MustCompile(` (?:n|ne)(?: [a-z0-9]+){0,3} (?:pas|aucun|aucune|jamais)(?: [a-z0-9]+){0,3} (?:releve|identifie|constate|detecte|observe|mis en evidence|connaissance|existe|eu|fait etat|formule|connu|survenu|ete informe)`)
)

// classify tells whether sentence affirms a critical event, and which
// (classifyWhole). A sentence of independent clauses (cut at ";", no
// colon before) is read clause by clause too: a hypothesis in one ("… ;
// tout retard exposerait l'entreprise à la résolution du plan") supposes
// nothing of the fact another states, but what settles the event, makes
// it another's or makes the sentence a standard paragraph is read on the
// whole sentence.
func classify(sentence string, inList bool) (Kind, signals.Category, bool) {
	r, c := classifyWhole(sentence, inList)
	// After a colon, ";" parts an enumeration's items, which its
	// introduction governs ("… dans l'un quelconque des cas suivants : (i)
	// …; (ii) …").
	if head, _, _ := strings.Cut(sentence, ";"); r == nil && head != sentence && !strings.Contains(head, ":") {
		if f := foldClauses(sentence); !standard(f, sentence) {
			for _, part := range strings.Split(sentence, ";") {
				if pr, pc := classifyWhole(part, inList); pr != nil && !pr.undone(f, sentence) {
					r, c = pr, pc
					break
				}
			}
		}
	}
	if r == nil {
		return "", "", false
	}
	return r.kind, c, true
}

// undone tells whether folded f (of sentence) settles r's event, makes it
// another party's or no debtor's.
func (r *rule) undone(f, sentence string) bool {
	return r.exclude != nil && r.exclude.MatchString(planClaims.ReplaceAllStringFunc(f, blank)) || r.settled != nil && r.settled.MatchString(ownRequest.ReplaceAllStringFunc(f, blank)) ||
		r.nobody != nil && r.nobody(sentence)
}

// planClaims are the creditors' claims a company's own plan settles, not
// its receivables on a debtor in a procedure.
var planClaims = re(`creances? (?:chirographaires|privilegiees|superprivilegiees|admises|sursitaires|ordinaires)`, `leurs creances`,
	`abandons? (?:partiels? |totale?s? )?(?:de|des) creances`)

// ownRequest is a request of the company's or its managers': its
// rejection settles nothing ("rejette la demande de plan de redressement
// présentée par le dirigeant").
var ownRequest = regexp.MustCompile(` (?:demande|requete|proposition)s?(?: [a-z0-9]+){0,6} (?:presentee?s?|formee?s?|deposee?s?|introduite?s?) par (?:le|la|les|son|ses|sa|leur) (?:dirigeants?|societe|debiteur|debitrice|groupe|gerant|president) `)

// standard tells a rule, a responsibility or a standard paragraph: the
// legal form "société à responsabilité limitée" is none.
func standard(f, sentence string) bool {
	return responsibility.MatchString(notResponsibility.ReplaceAllStringFunc(f, blank)) ||
		riskrules.GeneralRule(sentence) || riskrules.StandardParagraph(sentence)
}

var notResponsibility = re(`a responsabilite limitee`)

// classifyWhole gives the rule of the critical event sentence affirms:
// the first rule one of whose cues is affirmed in its clause, with its
// context in the sentence, nothing settling it or making it about another
// party, and no hypothesis (a modal rule excepted, save the standard
// paragraphs). inList says the sentence is an item of a list of
// hypotheses.
func classifyWhole(sentence string, inList bool) (*rule, signals.Category) {
	f := foldClauses(sentence)
	// "ne pourra poursuivre que si…" restricts, "certifier si" asks
	// whether: neither supposes.
	f = whether.ReplaceAllString(f, " $1 ")
	// What "faute de quoi" opens is what did not happen, what a party
	// argued ("l'argument selon lequel…") what a court dismissed, what
	// "comme le prévoit la loi" opens the law's rule the fact follows: the fact
	// is beside it.
	h := counterfactual.ReplaceAllString(f, " ")
	// A relative or participial clause supposes only what it says: "une
	// renonciation (waiver) au test du ratio, que l'emprunteur n'aurait pas
	// respecté" is a waiver granted. Its mood is left out of the
	// sentence's, and its own cues are read only if it supposes nothing.
	main, h := dependents(h)
	moodHyp := inList || hypothesis.MatchString(main) || mood.MatchString(main)
	termsAt := len(h)
	if m := terms.FindStringIndex(invoked.ReplaceAllStringFunc(main, blank)); m != nil {
		termsAt = m[0]
	}
	std := standard(f, sentence)
	all := rules()
	for i := range all {
		r := &all[i]
		// A rule that plans may be named before a contract's wording.
		within := len(h)
		if r.plans && !moodHyp {
			within = min(termsAt+1, len(h))
		}
		hyp := moodHyp || termsAt < len(h) && !r.plans
		if std || hyp && !r.modal || r.context != nil && !r.context.MatchString(f) || r.undone(f, sentence) {
			continue
		}
		for _, c := range r.cues {
			if affirmedCue(h[:within], c) {
				return r, r.categoryOf(f)
			}
		}
		if r.figures != nil && r.figures(sentence) {
			return r, r.categoryOf(f)
		}
	}
	return nil, ""
}

// dependent is a clause of folded text that opens on a relative pronoun,
// a denied participle ("le chantier ne pouvant plus le tenir") or a
// participle of its own subject ("le prêteur pouvant en exiger le
// remboursement").
var dependent = regexp.MustCompile(`\|(?: (?:que|qu|qui|dont|lequel|laquelle|lesquels|lesquelles|auquel|auxquels)| [a-z]+(?: [a-z]+)? (?:ne|n) [a-z]+ant| (?:le|la|les|l|ce|cette|ces) [a-z]+(?: [a-z]+)? (?:pouvant|devant|ayant|etant)) [^|]*`)

// dependents gives h with every dependent clause blanked (main), and h
// with the dependent clauses that suppose blanked (cues): both as long as
// h, so that places in one are places in the other.
func dependents(h string) (main, cues string) {
	mainB, cuesB := []byte(h), []byte(h)
	for _, m := range dependent.FindAllStringIndex(h, -1) {
		clause := h[m[0]:m[1]] + " "
		supposes := hypothesis.MatchString(clause) || mood.MatchString(clause) || terms.MatchString(clause)
		for i := m[0] + 1; i < m[1]; i++ {
			mainB[i] = ' '
			if supposes {
				cuesB[i] = ' '
			}
		}
	}
	return string(mainB), string(cuesB)
}

var counterfactual = regexp.MustCompile(` (?:faute de quoi|sans quoi|a defaut de quoi|sinon|(?:argument|these|allegation|moyen)s? selon (?:lequel|laquelle|lesquels|lesquelles)|comme (?:le |l |la )?(?:prevoi|prevu|exige|impose|veut|dispose)[a-z]* (?:la loi|le code|l article|les textes|la reglementation|le legislateur)) [^|]*`)

// categoryOf is the category of the rule's event told in folded f.
func (r *rule) categoryOf(f string) signals.Category {
	for _, v := range r.voices {
		if v.re.MatchString(f) {
			return v.category
		}
	}
	return r.category
}

// categories are those of a reader's signal that tell the rule's event.
func (r *rule) categories() []signals.Category {
	out := []signals.Category{r.category}
	for _, v := range r.voices {
		out = append(out, v.category)
	}
	return append(out, r.also...)
}

// affirmedCue tells whether c is found somewhere in f with no negation
// before it in its clause, none right after it, and no earlier clause
// denying having seen it.
func affirmedCue(f string, c *regexp.Regexp) bool {
	for _, m := range c.FindAllStringIndex(f, -1) {
		start := strings.LastIndex(f[:m[0]+1], "|") + 1
		end := strings.Index(f[m[1]-1:], "|")
		if end < 0 {
			end = len(f)
		} else {
			end += m[1] - 1
		}
		before, after := f[start:m[0]+1], f[m[1]-1:end]
		if denial.MatchString(before) || postDenial.MatchString(after) || noticed.MatchString(f[:m[0]+1]) {
			continue
		}
		return true
	}
	return false
}

// foldClauses folds sentence clause by clause: its clauses are cut at , ;
// : ( ) (a decimal comma aside) and before "mais", "toutefois",
// "cependant", "alors que", "tandis que", "bien que", and joined by " | ".
func foldClauses(sentence string) string {
	var parts []string
	cur := strings.Builder{}
	rs := []rune(sentence)
	for i, r := range rs {
		if strings.ContainsRune(",;:()[]", r) && !(r == ',' && i > 0 && i+1 < len(rs) && isDigit(rs[i-1]) && isDigit(rs[i+1])) {
			parts = append(parts, cur.String())
			cur.Reset()
			continue
		}
		cur.WriteRune(r)
	}
	parts = append(parts, cur.String())
	var folded []string
	for _, p := range parts {
		p = " " + locate.Fold(p) + " "
		p = coordination.ReplaceAllString(p, " | $1 ")
		folded = append(folded, p)
	}
	return " " + strings.Join(folded, "|") + " "
}

var whether = regexp.MustCompile(` (que|certifier|savoir|determiner|dire|verifier) si `)

var coordination = regexp.MustCompile(` (mais|toutefois|cependant|alors que|tandis que|bien que|neanmoins) `)

func isDigit(r rune) bool { return r >= '0' && r <= '9' }

// limitAfter is a contractual limit told after a ratio's level ("… ressort
// à 3,4x pour un plafond contractuel de 3,25x", "… contre un minimum de
// 1,20"), levelOf the level itself, the last one told before the limit.
var (
	limitAfter = regexp.MustCompile(`(?:\b(?:pour|contre|face à|au regard d'|alors que[^;\d]{0,40}?|excède|excèdent|dépasse|dépassent|excédant|dépassant)\s*(?:un|une|le|la|son|sa)|\bau-delà du|\bau-dessus du|\ben deçà du|\ben dessous du)\s+(plafond|maximum|minimum|plancher|niveau maximal|niveau minimal|seuil maximal|seuil minimal)\b[^;\d]{0,40}?(\d+(?:,\d+)?)`)
	levelOf    = regexp.MustCompile(`(?:ressort|ressortait|ressortant|s'établit|s'établissait|atteint|atteignait|s'élève|s'élevait|est|était|de|tombé|descendu|monté|remonté|passé)\s+(?:à\s+)?(\d+(?:,\d+)?)\s*(?:x|fois)?\b`)
)

// limitBefore is a limit told before the level ("… plafonné à 3,0, ressort
// à 3,4", "d'au moins 35 %, qui s'établit à 31 %"), levelAfter the level
// that follows it: a ratio's, not an amount's (no thousands, no currency).
var (
	limitBefore = regexp.MustCompile(`\b(plafonnée?s?\s+à|limitée?s?\s+à|(?:un|le|son)\s+plafond\s+(?:contractuel\s+)?de|(?:un|le|son)\s+maximum\s+de|au\s+plus\s+(?:de\s+|égal\s+à\s+)?|au\s+maximum\s+(?:de\s+)?|n'excédant\s+pas|inférieure?s?\s+à|(?:un|le|son)\s+(?:minimum|plancher)\s+(?:contractuel\s+)?de|au\s+moins(?:\s+égale?s?\s+à|\s+de)?|au\s+minimum\s+(?:de\s+)?|supérieure?s?\s+à)\s*(\d+(?:,\d+)?)\s*(?:x|fois|%)?`)
	levelAfter  = regexp.MustCompile(`^[^;.]{0,60}?\b(?:ressort|ressortait|s'établit|s'établissait|atteint|atteignait|s'élève|s'élevait|était|est de|est à|s'affiche)\s+(?:à\s+)?(\d+(?:,\d+)?)(?:\s*(?:x|fois|%)|\s*[^\d\s\p{L}€$£]|\s+(?:au|à|pour|contre|en|le|fin)(?:\s|$)|$)`)
)

// beyondLimit tells whether sentence tells a ratio past its limit: above a
// ceiling or below a floor.
func beyondLimit(sentence string) bool {
	text := strings.ToLower(sentence)
	for _, m := range limitBefore.FindAllStringSubmatchIndex(text, -1) {
		lv := levelAfter.FindStringSubmatch(text[m[1]:])
		if lv == nil {
			continue
		}
		got, errGot := strconv.ParseFloat(strings.Replace(lv[1], ",", ".", 1), 64)
		limit, errLimit := strconv.ParseFloat(strings.Replace(text[m[4]:m[5]], ",", ".", 1), 64)
		if errGot != nil || errLimit != nil {
			continue
		}
		kind := text[m[2]:m[3]]
		ceiling := strings.Contains(kind, "plafon") || strings.Contains(kind, "limit") || strings.Contains(kind, "maxim") ||
			strings.Contains(kind, "au plus") || strings.Contains(kind, "excédant") || strings.Contains(kind, "inférieur")
		if ceiling && got > limit || !ceiling && got < limit {
			return true
		}
	}
	for _, m := range limitAfter.FindAllStringSubmatchIndex(text, -1) {
		levels := levelOf.FindAllStringSubmatch(text[max(0, m[0]-100):m[0]], -1)
		if len(levels) == 0 {
			continue
		}
		got, errGot := strconv.ParseFloat(strings.Replace(levels[len(levels)-1][1], ",", ".", 1), 64)
		limit, errLimit := strconv.ParseFloat(strings.Replace(text[m[4]:m[5]], ",", ".", 1), 64)
		if errGot != nil || errLimit != nil {
			continue
		}
		kind := text[m[2]:m[3]]
		ceiling := strings.Contains(kind, "plafond") || strings.Contains(kind, "maxim")
		if ceiling && got > limit || !ceiling && got < limit {
			return true
		}
	}
	return false
}
