package critical

import (
	"slices"
	"strings"
	"testing"

	"analyste.dev/analyste/shared/quotes"
	"analyste.dev/analyste/shared/signals"
)

func TestClassify(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		sentence string
		want     Kind // empty: no critical event
	}{
		// Going concern: the auditing standard's wording and its variants.
		{"Ces événements indiquent l'existence d'une incertitude significative susceptible de jeter un doute important sur la capacité de la société à poursuivre son exploitation.", GoingConcern},
		{"Il existe une incertitude significative de nature à jeter un doute important sur la capacité du groupe à poursuivre son exploitation.", GoingConcern},
		{"Ces conditions jettent un doute important quant à la capacité de la Société de poursuivre son exploitation.", GoingConcern},
		{"La poursuite de l'activité au-delà du mois de juin de l'exercice suivant est subordonnée à la levée de fonds en cours.", GoingConcern},
		{"Sans remettre en cause l'opinion exprimée ci-dessus, nous attirons votre attention sur l'incertitude significative liée à la continuité d'exploitation décrite en note 2.", GoingConcern},
		{"Le conseil n'a pas identifié d'incertitude significative sur la capacité de la société à poursuivre son exploitation.", ""},
		{"Il n'existe aucune incertitude significative relative à la continuité d'exploitation.", ""},
		{"Nous n'avons pas relevé, à la date de ce rapport, d'incertitude significative sur la continuité d'exploitation.", ""},
		{"Il apprécie le caractère approprié de l'application par la direction de la convention comptable de continuité d'exploitation et, selon les éléments collectés, l'existence ou non d'une incertitude significative liée à des événements susceptibles de mettre en cause la capacité de la société à poursuivre son exploitation.", ""},
		{"S'il conclut à l'existence d'une incertitude significative, il attire l'attention des lecteurs de son rapport sur les informations fournies.", ""},
		{"Les comptes ont été établis selon le principe de continuité d'exploitation.", ""},
		{"La survenance de l'un de ces risques pourrait remettre en cause la continuité d'exploitation.", ""},
		{"La direction compte sur l'apport en compte courant annoncé ; à défaut, la société ne serait pas en mesure de faire face à ses échéances au-delà du mois d'avril.", GoingConcern},
		{"En cas de perte de ce marché, le groupe ne pourrait faire face à ses engagements.", ""},
		// The convention stated with what it hangs on, or what stands against it.
		{"Les comptes annuels ont été établis selon le principe de continuité d'exploitation, qui repose sur l'obtention avant avril 2026 d'un nouveau prêt de 600 k€.", GoingConcern},
		{"Les états financiers sont présentés selon le principe de continuité d'exploitation, l'application de ce principe étant subordonnée au succès de la levée de fonds en cours.", GoingConcern},
		{"Le conseil a retenu la convention de continuité d'exploitation bien que les pertes cumulées excèdent la moitié du capital social.", GoingConcern},
		{"Le principe de continuité d'exploitation, qui suppose que l'entité poursuivra ses activités dans un avenir prévisible, a été retenu.", ""},
		// Over-indebtedness in Switzerland, a formal notice to repay, a ratio past its maximum.
		{"Le conseil d'administration a constaté un surendettement et en a avisé le juge conformément à l'article 725b CO.", Procedure},
		{"La banque a mis en demeure la société de rembourser sans délai l'intégralité du prêt, soit 900 k€.", Acceleration},
		{"Le ratio de levier de 4,1x au 31 décembre excède le maximum de 3,5x prévu par le contrat de crédit.", CovenantBreach},
		{"Le ratio de levier de 2,1x au 31 décembre n'excède pas le maximum de 3,5x prévu par le contrat de crédit.", ""},
		// A limit told before the level, a test suspended, a debt moved to
		// current liabilities for the breach.
		{"Le gearing, limité à 1,2 par le contrat de prêt, s'établit à 1,45 à la clôture.", CovenantBreach},
		{"Le contrat impose un ratio de couverture des intérêts d'au moins 3, qui ressort à 4,2 au 30 juin.", ""},
		{"Le levier maximal autorisé par la convention, plafonné à 3,5x, ressort à 2,9x à fin d'exercice.", ""},
		{"Le montant des prêts, plafonné à 2 000 k€, s'élève à 2 300 k€ après le tirage de mars.", ""},
		{"Les prêteurs ont accepté de suspendre le test du ratio de levier pour les deux prochains semestres.", CovenantBreach},
		{"Par suite du manquement au ratio de levier, l'emprunt de 4 M€ a été reclassé en dettes courantes, la banque pouvant en demander le remboursement.", Acceleration},
		{"L'emprunt de 4 M€, dont la dernière échéance tombe en mai prochain, a été reclassé en dettes courantes.", ""},
		// Equity below half the capital told around a relative clause; the
		// meeting called on the dissolution as the law requires.
		{"Les capitaux propres, qui ressortent à 210 k€ après la perte de l'exercice, sont devenus inférieurs à la moitié du capital social.", HalfCapital},
		{"Les actionnaires seront consultés sur la dissolution anticipée de la société, comme le prévoit la loi lorsque les pertes excèdent la moitié du capital.", HalfCapital},
		// A business plan a waiver asks for is no procedure; a court's is.
		{"La banque a consenti un waiver sur le covenant de levier, à condition que la société présente un plan de redressement de ses marges avant l'été.", CovenantBreach},
		{"Le tribunal a arrêté le plan de redressement de la société sur huit ans.", Procedure},
		{"La direction a présenté au personnel un plan de redressement de la rentabilité des magasins.", ""},
		// Belgian and OHADA procedures; a debtor named then told a third party.
		{"Les créances sursitaires seront payées à 40 % sur quatre ans selon le plan soumis au vote des créanciers.", Procedure},
		{"Le plan de réorganisation déposé au greffe le 3 mars prévoit l’étalement des dettes sur trois ans.", Procedure},
		{"Le plan de réorganisation des ateliers prévoit le regroupement des deux sites.", ""},
		{"Le tribunal de commerce d'Abidjan a ouvert un règlement préventif au bénéfice de la société.", Procedure},
		{"La liquidation judiciaire de la SAS Martin, distributrice de nos produits en Bretagne, est sans effet sur nos comptes.", ""},
		{"Le redressement judiciaire ouvert contre la SARL Dupuis, notre franchisée de Nantes, a conduit à déprécier ses redevances.", ""},
		{"Le redressement judiciaire ouvert contre la SARL Dupuis, franchisée à Nantes, n’affecte pas nos comptes.", ""},
		{"Comme le prévoit le contrat en cas de bris de covenant, la banque a le droit d’exiger le remboursement immédiat.", ""},
		{"La SAS Ferrand, fournisseur de la SNCF, a été placée en redressement judiciaire.", Procedure},
		// An alert closed, a ratio compliant again.
		{"La procédure d'alerte déclenchée en 2024 a été clôturée après la réponse satisfaisante du président.", ""},
		{"Les commissaires aux comptes ont refusé de certifier les comptes, a annoncé le groupe après la clôture de la Bourse.", AuditOpinion},
		{"Le prêteur a supprimé la majoration de marge appliquée après le bris de covenant, le ratio de levier étant redevenu conforme.", ""},
		// What the lenders charged for a waiver lifted, or still charged.
		{"Le pool bancaire a retiré le surcoût de marge consenti lors du waiver de 2023, après deux tests réussis.", ""},
		{"Le waiver obtenu des banques en mars est assorti d'une majoration de marge de 75 points de base.", CovenantBreach},
		// Procedures, in France and elsewhere.
		{"Un mandataire ad hoc a été désigné par le président du tribunal de commerce en mars afin d'accompagner les discussions avec les banques.", Procedure},
		{"Par jugement du 3 juin, le tribunal a ouvert une procédure de sauvegarde accélérée au bénéfice de la société.", Procedure},
		{"La filiale belge a obtenu l'ouverture d'une procédure de réorganisation judiciaire devant le tribunal de l'entreprise.", Procedure},
		{"La société a obtenu du juge un sursis concordataire provisoire de quatre mois.", Procedure},
		{"La Société s'est placée sous la protection de la LACC et poursuit ses activités sous la surveillance du contrôleur.", Procedure},
		{"La filiale luxembourgeoise a été admise au bénéfice de la gestion contrôlée par le tribunal d'arrondissement.", Procedure},
		{"Les créances d'un distributeur placé en liquidation judiciaire sont dépréciées à 80 %.", ""},
		{"La mise en redressement judiciaire de notre principal client a pesé sur les ventes.", ""},
		{"Un plan de sauvegarde de l'emploi a été présenté au comité social et économique.", ""},
		{"La société est sortie du plan de sauvegarde par anticipation en 2024.", ""},
		{"La société n'a fait l'objet d'aucune procédure collective.", ""},
		// A procedure of no debtor in particular: companies at large, an
		// officer of the court named by trade.
		{"Selon l'observatoire, les défaillances reculent, les PME étant moins nombreuses à demander l'ouverture d'une procédure de sauvegarde.", ""},
		{"Instituée en 2005, la procédure de sauvegarde permet à une entreprise en difficulté de se réorganiser sous le contrôle du tribunal.", ""},
		{"Le barreau organise un colloque sur le traitement des difficultés, animé par un mandataire judiciaire et un juge consulaire.", ""},
		{"Le tribunal a désigné un administrateur judiciaire chargé d'assister la direction.", Procedure},
		{"Fondée en 1952, la conserverie, l'une des entreprises les plus anciennes du département, a été placée en redressement judiciaire.", Procedure},
		{"Siégeant en chambre des entreprises en difficulté, le tribunal a déclaré en faillite la SPRL Dumoulin Frères.", Procedure},
		{"Comme de nombreuses entreprises du secteur, la société a demandé l'ouverture d'une procédure de sauvegarde.", Procedure},
		// The press's words for a procedure, and a plan's own terms.
		{"Le fabricant de jouets a déposé son bilan lundi devant le tribunal de commerce.", Procedure},
		{"L'usine, mise en redressement en janvier, cherche un repreneur.", Procedure},
		{"La filiale irlandaise a été placée sous administration judiciaire à la demande de ses créanciers.", Procedure},
		{"Le plan de continuation homologué par le tribunal prévoit l'apurement du passif sur huit ans.", Procedure},
		{"Le contrat de prêt stipule que l'ouverture d'une procédure collective constitue un cas de défaut.", ""},
		{"Le tribunal a constaté la bonne exécution du plan de sauvegarde, dont le passif a été entièrement apuré.", ""},
		{"Le plan de sauvegarde, dont la bonne exécution conditionne le maintien de l'activité, court jusqu'en 2029.", Procedure},
		// A hypothesis in another independent clause, a legal form, an
		// agreement to conclude, a clause breached.
		{"Le tribunal a homologué le plan de sauvegarde de la société, qui remboursera son passif en huit annuités ; tout retard entraînerait la résolution du plan.", Procedure},
		{"Le tribunal a homologué le plan de sauvegarde de la société ; il a depuis constaté la bonne exécution du plan.", ""},
		{"Le tribunal de commerce a prononcé la liquidation judiciaire de la société à responsabilité limitée Vernhes Frères.", Procedure},
		{"Les porteurs pourront exiger le remboursement immédiat des obligations dans les cas suivants : le défaut de paiement d'une échéance ; l'ouverture d'une procédure de sauvegarde ; la cessation d'activité.", ""},
		{"La société a obtenu l'ouverture d'une procédure de réorganisation judiciaire afin de conclure un accord amiable avec ses créanciers.", Procedure},
		{"Au 30 juin, le groupe ne respectait pas la clause financière de son crédit syndiqué fixant un levier maximal de 3,0x.", CovenantBreach},
		{"Le contrat de crédit comporte une clause financière fixant un levier maximal de 3,0x, que le groupe respecte.", ""},
		// An appeal court confirming the procedure, the company's own
		// request rejected, a party's argument dismissed.
		{"La cour d'appel confirme le jugement ayant ouvert la liquidation judiciaire de la société et rejette la demande de plan de cession présentée par le gérant.", Procedure},
		{"La cour a confirmé le jugement de liquidation judiciaire de la société, écartant la thèse selon laquelle un nouveau prêt aurait suffi à éviter la cessation des paiements.", Procedure},
		{"Le tribunal a rejeté la demande d'ouverture d'une procédure de redressement judiciaire présentée par le fournisseur.", ""},
		// The creditors' claims in the company's own plan, its receivables on another's.
		{"Le plan de sauvegarde arrêté par le tribunal étale sur dix ans le paiement des créances chirographaires de la société.", Procedure},
		{"La créance de 90 k€ détenue sur un distributeur placé en redressement judiciaire est dépréciée en totalité.", ""},
		{"Le protocole de conciliation homologué en mars prévoit un abandon partiel de créances par les banques de 2 M€.", Procedure},
		{"Le tribunal a arrêté le plan de redressement de la société, qui rembourse les créanciers de leurs créances en huit annuités.", Procedure},
		// Debt said due at once, a lack of resources told after a named lack,
		// evidence not obtained, a conclusion that is no standard paragraph.
		{"Par lettre du 2 mars, l'agent a notifié à la société que l'encours du crédit syndiqué est immédiatement exigible.", Acceleration},
		{"La société compte sur le versement de la subvention régionale ; à défaut de ce versement avant juin, elle ne disposerait pas des liquidités nécessaires pour faire face à ses échéances.", GoingConcern},
		{"Nous n'avons pas obtenu d'éléments probants suffisants sur la valeur des stocks de la filiale italienne, soit 2 400 k€.", AuditOpinion},
		{"Nous avons informé le président, en application de l'article L. 234-1, de faits de nature à compromettre la continuité de l'exploitation, sa réponse ne nous ayant pas permis de conclure à leur disparition.", AuditOpinion},
		// Covenants.
		{"Au 31 décembre, le ratio de levier prévu par le contrat de crédit n'a pas été respecté.", CovenantBreach},
		{"La société a obtenu de son pool bancaire un waiver au titre du test du 30 juin.", CovenantBreach},
		{"Les banques ont accepté de renoncer à se prévaloir du bris de covenant constaté à la clôture.", CovenantBreach},
		{"Les ratios financiers prévus par le contrat de crédit ont été respectés au 31 décembre.", ""},
		{"Aucun waiver n'a été nécessaire au cours de l'exercice.", ""},
		{"En cas de non-respect du ratio de levier, les prêteurs pourraient exiger le remboursement de la dette.", ""},
		// A level told against its limit, a waiver in other words, a
		// counterfactual after "faute de quoi".
		{"Au 30 juin, le levier ressort à 4,1x pour un plafond contractuel de 3,75x.", CovenantBreach},
		{"Le ratio de levier du 31 décembre 2025 ressort à 4,3x, au-delà du plafond de 4,0x fixé par le contrat de crédit.", CovenantBreach},
		{"Le ratio de couverture des frais financiers est tombé à 1,8x alors que le contrat impose un minimum de 2,5x.", CovenantBreach},
		{"Le ratio de levier ressort à 1,8x, au-dessous du plafond de 3,5x fixé par le contrat de crédit.", ""},
		{"La société n'a pas satisfait au ratio de gearing à la date de test du 30 juin 2025.", CovenantBreach},
		{"La banque a accepté de ne pas tester le covenant de fonds propres au 31 décembre 2025 moyennant une commission.", CovenantBreach},
		{"Les prêteurs ont consenti un aménagement des ratios financiers pour les exercices 2026 et 2027.", CovenantBreach},
		{"Le groupe a obtenu de ses banques que le plafond de levier soit relevé de 3,0x à 3,5x pour les deux prochains tests.", CovenantBreach},
		{"Les banques ont accordé en mars une dérogation au test du ratio de levier, que la société n'aurait pas respecté au 31 décembre.", CovenantBreach},
		{"Le plafond de levier a été relevé de 3,0x à 3,5x par avenant, le groupe ne pouvant plus le tenir.", CovenantBreach},
		{"Le contrat comporte un ratio de levier, dont le non-respect pourrait entraîner l'exigibilité anticipée du crédit.", ""},
		{"Le ratio de levier, qui pourrait dépasser le plafond contractuel l'an prochain, ressort à 2,1x.", ""},
		// Debt called by the lenders' acts, which outweigh the breach behind them.
		{"La banque a dénoncé les concours court terme avec effet immédiat et réclamé le paiement du solde débiteur.", Acceleration},
		{"Les porteurs ont voté l'exigibilité anticipée de l'emprunt obligataire lors de l'assemblée du 4 mars 2026.", Acceleration},
		{"La totalité du prêt est devenue exigible le 15 janvier 2026 à la suite du défaut de paiement de l'échéance de décembre.", Acceleration},
		{"Par courrier du 3 février 2026, l'agent a informé la société que les prêteurs entendaient accélérer la dette senior.", Acceleration},
		{"L'ensemble de la dette bancaire a été rendu exigible par les prêteurs après le bris du covenant de levier.", Acceleration},
		{"Le prêt est devenu exigible à son échéance contractuelle et a été remboursé.", ""},
		// Rules of law, and creditors' demands rejected or dropped.
		{"La procédure de sauvegarde peut être demandée par tout débiteur qui, sans être en cessation des paiements, justifie de difficultés qu'il ne peut surmonter.", ""},
		{"La demande de mise en redressement judiciaire présentée par un créancier a été rejetée, la société ayant démontré sa capacité à régler son passif exigible.", ""},
		{"L'assignation en liquidation judiciaire délivrée par le Trésor public a été déclarée sans objet après paiement de l'arriéré.", ""},
		{"La banque a assigné la société, caution de sa filiale, à la suite de la liquidation judiciaire de cette filiale.", ""},
		{"Le ratio de couverture du service de la dette s'établit à 0,95 contre un minimum de 1,10.", CovenantBreach},
		{"Au 30 juin, le levier ressort à 2,1x pour un plafond contractuel de 3,75x.", ""},
		{"Les banques ont accepté de ne pas se prévaloir du dépassement du ratio de levier.", CovenantBreach},
		{"La société a obtenu de son prêteur une renonciation au ratio de fonds propres du contrat de prêt.", CovenantBreach},
		{"Le groupe a obtenu un assouplissement de ses engagements financiers, faute de quoi il aurait dépassé le plafond prévu par le crédit.", CovenantBreach},
		{"Ses pertes ont fait passer les fonds propres sous le plancher contractuel prévu par le prêt bancaire.", CovenantBreach},
		// Acceleration.
		{"Par lettre du 4 mars, la banque a prononcé la déchéance du terme du prêt de 2 M€.", Acceleration},
		{"Le crédit comporte une clause d'exigibilité anticipée en cas de changement de contrôle.", ""},
		{"La déchéance du terme du prêt n'a pas été prononcée par la banque.", ""},
		{"L'impayé sur le crédit-bail a entraîné, par le jeu du défaut croisé, l'exigibilité de tous les emprunts.", Acceleration},
		// Audit opinions.
		{"Nous certifions, sous la réserve décrite dans la partie « Fondement de l'opinion avec réserve », que les comptes annuels sont réguliers et sincères.", AuditOpinion},
		{"Nous sommes dans l'impossibilité de certifier les comptes annuels de la société.", AuditOpinion},
		{"Nous ne sommes pas en mesure de certifier si les comptes annuels sont réguliers et sincères.", AuditOpinion},
		{"Nous certifions que les comptes annuels sont réguliers et sincères, sans réserve.", ""},
		{"La provision nous paraît insuffisante d'au moins 300 k€, ce qui nous conduit à formuler une réserve.", AuditOpinion},
		{"La réserve formulée sur les comptes de l'exercice précédent a été levée.", ""},
		{"Si ces informations ne sont pas pertinentes, il formule une certification avec réserve ou un refus de certifier.", ""},
		{"La réserve exprimée l'an dernier sur la valorisation des stocks est levée.", ""},
		{"Le 3 mars 2026, la banque s'est prévalue de la clause de déchéance du terme du prêt de 800 k€.", Acceleration},
		{"Le contrat de prêt comporte une clause de déchéance du terme en cas de changement de contrôle.", ""},
		{"En l'absence d'accord avec ses créanciers, la société ne pourrait pas honorer ses échéances de l'exercice 2026.", GoingConcern},
		{"Si la conjoncture se dégradait, la société pourrait ne pas être en mesure d'honorer ses engagements.", ""},
		{"La banque a renoncé à exiger le remboursement anticipé du prêt après la cession de la filiale.", ""},
		{"La procédure d'alerte engagée en 2024 a pris fin après l'augmentation de capital.", ""},
		{"Le groupe a annoncé être sorti de sa procédure de sauvegarde au terme du plan.", ""},
		{"Nous n'exprimons pas d'opinion sur des éléments de ces comptes annuels pris isolément.", ""},
		{"Nous n'exprimons pas d'opinion sur les comptes annuels de l'exercice clos le 31 décembre 2025.", AuditOpinion},
		{"L'accord de conciliation homologué en 2023 a depuis été honoré : la société a toujours honoré ses échéances.", ""},
		// Equity below half the share capital.
		{"Les capitaux propres de la société sont devenus inférieurs à la moitié du capital social du fait des pertes.", HalfCapital},
		{"Conformément à l'article L.225-248 du code de commerce, l'assemblée a décidé de ne pas prononcer la dissolution anticipée de la société.", HalfCapital},
		{"Les capitaux propres sont redevenus supérieurs à la moitié du capital social après l'augmentation de capital.", ""},
		// Payment default.
		{"La société n'a pas pu honorer l'échéance de mars de son emprunt obligataire.", PaymentDefault},
		{"Aucun incident de paiement n'a été relevé sur les concours bancaires.", ""},
		{"Le défaut de paiement d'un client a été provisionné.", ""},
	} {
		got, _, ok := classify(c.sentence, false)
		if !ok {
			got = ""
		}
		if got != c.want {
			t.Errorf("classify(%q) = %q, want %q", c.sentence, got, c.want)
		}
	}
}

// An item of a list of what a contract provides is no event: a bond's
// events of default name insolvency procedures one by one.
func TestListOfHypotheses(t *testing.T) {
	t.Parallel()
	page := "Constituent des cas d'exigibilité anticipée des obligations :\n" +
		"- l'ouverture d'une procédure de sauvegarde ou de redressement judiciaire à l'encontre de l'émetteur ;\n" +
		"- le défaut de paiement de toute somme due au titre des obligations.\n\n" +
		"Le tribunal de commerce a ouvert une procédure de redressement judiciaire au bénéfice de la société le 2 mai."
	found := Read([]string{page})
	if len(found) != 1 || found[0].Kind != Procedure || !strings.HasPrefix(found[0].Quote.Quote, "Le tribunal") {
		t.Fatalf("found %+v, want the one procedure opened", found)
	}
}

// A default on taxes or social charges, in France or elsewhere, is paid
// late, not a lender's default.
func TestPaymentDefaultVoices(t *testing.T) {
	t.Parallel()
	k, c, ok := classify("La société n'a pas pu payer à leur échéance les retenues à la source dues à Revenu Québec, soit 142 000 $.", false)
	if !ok || k != PaymentDefault || c != signals.LatePayment {
		t.Errorf("classify = %v %q %v, want a payment default paid late", k, c, ok)
	}
}

// The company's history told in the pluperfect, in a year before the
// closing, is no event of the year; the same procedure opened in the year
// is.
func TestPastEvent(t *testing.T) {
	t.Parallel()
	page := "Exercice clos le 31 décembre 2025.\n\n" +
		"En 2018, la société avait été placée en redressement judiciaire, puis le plan avait été adopté.\n\n" +
		"Le tribunal de commerce a ouvert une procédure de sauvegarde au bénéfice de la société le 2 mai 2025."
	found := Read([]string{page})
	if len(found) != 1 || !strings.HasPrefix(found[0].Quote.Quote, "Le tribunal") {
		t.Fatalf("found %+v, want the procedure of the year alone", found)
	}
}

// No sentence is left out for its length: an auditor's long observation is
// quoted by the clause that tells the event, verified on its page.
func TestLongSentence(t *testing.T) {
	t.Parallel()
	long := "Sans remettre en cause l'opinion exprimée ci-dessus, nous attirons votre attention sur la note 2 de l'annexe" +
		strings.Repeat(", qui décrit les hypothèses retenues par la direction pour l'établissement des prévisions de trésorerie", 6) +
		" ; il existe une incertitude significative susceptible de jeter un doute important sur la capacité de la société à poursuivre son exploitation ; nos travaux ont porté sur ces hypothèses."
	found := Read([]string{long})
	if len(found) != 1 {
		t.Fatalf("found %d, want 1", len(found))
	}
	q := found[0].Quote.Quote
	if !strings.HasPrefix(q, "il existe une incertitude") || !quotes.Verify([]string{long}, 1, q).OK {
		t.Errorf("quote %q", q)
	}
}

func TestNet(t *testing.T) {
	t.Parallel()
	pages := []string{
		"Le chiffre d'affaires progresse de 4 %.",
		"Nous attirons votre attention sur l'incertitude significative liée à la continuité d'exploitation décrite en note 2.\n\nPar lettre du 4 mars, la banque a prononcé la déchéance du terme du prêt de 2 M€.",
	}
	model := []signals.Signal{{Category: signals.Acceleration, Severity: signals.High, Quote: "la banque a prononcé la déchéance du terme", Page: 2}}
	all, critical, added := Net(pages, model)
	if added != 1 || len(all) != 2 || !slices.Equal(critical, []int{0, 1}) {
		t.Fatalf("added %d, critical %v, signals %+v", added, critical, all)
	}
	s := all[1]
	if s.Category != signals.AuditorQualification || s.Severity != signals.High || s.Page != 2 {
		t.Errorf("added %+v", s)
	}
	if verified, rejected := signals.Check(pages, all); len(verified) != 2 || len(rejected) != 0 {
		t.Errorf("check: %d verified, rejected %+v", len(verified), rejected)
	}
	if _, critical, added := Net(pages[:1], model); added != 0 || len(critical) != 0 {
		t.Errorf("a page without an event: added %d, critical %v", added, critical)
	}
}
