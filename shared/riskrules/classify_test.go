package riskrules

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"analyste.dev/analyste/shared/signals"
)

func TestClassify(t *testing.T) {
	t.Parallel()
	ref := reference{closing: 2025*12 + 11}
	tests := []struct {
		name     string
		sentence string
		kind     kind
		category signals.Category
	}{
		{"strong term", "Un concurrent a assigné la Société et réclame 6 500 k€ de dommages et intérêts.", risk, signals.Litigation},
		{"pair of families", "La quasi-totalité de la farine provient d'un meunier unique situé à proximité du site.", risk, signals.SupplierDependence},
		{"risk denied", "À la connaissance de la Société, il n'existe aucun litige susceptible d'avoir une incidence significative.", neutral, ""},
		{"denial limited to its words", "Les titres de la filiale sont nantis, sans autre engagement au profit des prêteurs.", risk, signals.GuaranteesGiven},
		{"a denial that aggravates", "La Société ne dispose d'aucune clause d'indexation lui permettant de répercuter la hausse du cours du cacao.", risk, signals.RawMaterials},
		{"exception after a denial", "Aucun de ces financements n'est assorti d'engagement financier autre qu'un ratio de levier inférieur à 3,0x.", risk, signals.Covenant},
		{"accounting policy", "Les provisions pour litiges sont constituées lorsqu'une obligation existe à la clôture.", neutral, ""},
		{"audit boilerplate", "Nous certifions que les comptes annuels sont réguliers et sincères au regard des règles comptables.", neutral, ""},
		{"settled", "Le contrôle fiscal portant sur les exercices 2020 et 2021 s'est achevé sans rectification.", neutral, ""},
		{"category's own absence", "La dépendance à l'égard du premier client a fortement diminué, à 6 % des ventes.", neutral, ""},
		{"good news", "L'entrée en vigueur de la nouvelle réglementation ouvre de nouveaux marchés à la Société.", neutral, ""},
		{"mitigation alone", "Les sites sont assurés contre l'incendie, les dégâts des eaux et les pertes d'exploitation.", mitigant, ""},
		{"mitigation beside a loss", "Un incendie a détruit l'entrepôt de Roanne ; les pertes sont en cours d'indemnisation.", risk, signals.Climate},
		{"a cover word inside a risk term", "La banque a accordé une dispense de respect du ratio de couverture des intérêts.", risk, signals.Covenant},
		{"form label", "Pour les sociétés filiales, désignation et adresse de la société mère :", neutral, ""},
		{"too short", "Risques juridiques et contentieux", neutral, ""},
		{"heavier category wins", "Un client représentant 6 % des ventes, placé en liquidation judiciaire, laisse une créance impayée de 420 k€.", risk, signals.LatePayment},
		{"companies at large", "Selon la fédération, les artisans du bâtiment sont plus nombreux qu'en 2024 à demander l'ouverture d'une procédure collective.", neutral, ""},
		{"a procedure defined", "La procédure de conciliation permet à une entreprise qui rencontre des difficultés de négocier avec ses créanciers.", neutral, ""},
		{"an officer of the court by trade", "Le club des dirigeants reçoit jeudi un mandataire judiciaire pour parler de prévention.", neutral, ""},
		{"an officer by trade beside a court", "La CCI organise le 2 juin à Figeac une matinée d'échanges sur la prévention des difficultés, avec le président du tribunal de commerce et un administrateur judiciaire.", neutral, ""},
		{"an officer appointed", "Le tribunal a désigné un administrateur judiciaire pour assister la direction de la société.", risk, signals.GoingConcern},
		{"one of the companies", "L'une des entreprises les plus anciennes du canton, la filature, a été placée en redressement judiciaire.", risk, signals.GoingConcern},
		{"a subcontractor's procedure", "La liquidation judiciaire d'un sous-traitant de second rang n'a pas perturbé la production.", neutral, ""},
		{"related parties at arm's length", "Les prestations facturées par la holding du dirigeant sont conclues à des conditions normales et figurent en annexe.", neutral, ""},
		{"related parties off market", "Les prestations facturées par la holding du dirigeant ne sont pas conclues à des conditions normales.", risk, signals.RelatedParties},
		{"a claim annulled by the court", "La rectification notifiée en 2024, dont le tribunal administratif a prononcé l'annulation, n'est plus provisionnée.", neutral, ""},
		{"a line not drawn", "La société bénéficie d'un découvert autorisé de 80 k€ auprès de sa banque, qu'elle n'a pas eu besoin d'utiliser en 2025.", neutral, ""},
		{"a line drawn", "La société a utilisé en permanence son découvert autorisé de 80 k€ au cours de l'exercice.", risk, signals.Overdraft},
		{"harm called minor", "La tempête de février n'a causé que des dommages mineurs à l'entrepôt, dont l'exploitation n'a pas été interrompue.", neutral, ""},
		{"a notice to anyone concerned", "Le relevé des créances est déposé au greffe : tout intéressé peut le consulter et former réclamation devant le juge-commissaire dans le délai d'un mois.", neutral, ""},
		{"a dispute decided for the company", "Le contentieux avec l'ancien distributeur a été jugé en sa faveur par la cour d'appel de Lyon, dont l'arrêt est définitif.", neutral, ""},
		{"a negative pledge", "Aux termes du contrat d'émission, l'Émetteur s'interdit de consentir un nantissement sur ses actifs au profit d'autres porteurs d'obligations.", neutral, ""},
		{"an opponent's appeal rejected", "La Cour de cassation a rejeté le pourvoi que l'ancien distributeur avait formé contre la société en 2023.", neutral, ""},
		{"a creditor's petition rejected", "Le tribunal a rejeté la réquisition de faillite présentée par un transporteur, la facture ayant été payée avant l'audience.", neutral, ""},
		{"a ruling that ends the dispute", "Le tribunal de commerce a débouté le bailleur de l'ensemble de ses prétentions, mettant fin au litige né en 2022.", neutral, ""},
		{"a judgment set aside, the company condemned anew", "La cour infirme le jugement entrepris et, statuant à nouveau, condamne la société à verser 380 000 euros à son ancien agent commercial.", risk, signals.Litigation},
		{"a judgment against the company set aside", "La cour infirme le jugement en ce qu'il a condamné la société à verser 380 000 euros à son ancien agent commercial.", neutral, ""},
		{"the company a creditor in another's procedure", "La SAS Bonnafous, cliente depuis 2019, a été placée en redressement judiciaire ; nous avons déclaré notre créance de 45 000 euros, dépréciée de moitié.", risk, signals.LatePayment},
		{"a provision assessed one customer at a time", "La dépréciation des créances clients est estimée client par client, d'après l'antériorité des factures échues.", neutral, ""},
		{"sums owed told unpaid", "Les cotisations sociales du troisième trimestre n'ont pas été payées et l'URSSAF a délivré une contrainte de 48 k€.", risk, signals.LatePayment},
		{"a mortgage mandate", "Un mandat hypothécaire de 500 k€ a été consenti à la banque sur l'entrepôt de Namur.", risk, signals.GuaranteesGiven},
		{"procedure outweighs its debt", "Un mandat ad hoc a été ouvert afin de faciliter la renégociation de la dette.", risk, signals.GoingConcern},
		{"the auditor's voice frames the sentence", "Nous attirons votre attention sur le refinancement du crédit-relais arrivant à échéance en juin 2026.", risk, signals.AuditorQualification},
		{"a debt due soon", "Près de 60 % de la dette financière vient à échéance au cours de l'exercice 2026.", risk, signals.Refinancing},
		{"inflected words of a term", "Les engagements d'achat d'électricité à prix fixe représentent 9 000 k€.", risk, signals.OffBalanceSheet},
		{"a denial ends at a new subject", "La société ne dispose d'aucune ligne confirmée et sa trésorerie ne permet pas de faire face aux échéances.", risk, signals.Liquidity},
		{"a denied success leaves the risk", "La société n'a pas obtenu le renouvellement de ses crédits de campagne.", risk, signals.Refinancing},
		{"the counterparty weighs less than the risk", "La société mère s'est portée caution des engagements de sa filiale à hauteur de 2 000 k€.", risk, signals.GuaranteesGiven},
		{"a whole cover", "L'exposition au dollar est intégralement couverte par des contrats de change à terme.", mitigant, ""},
		{"a consequence only", "En cas de défaut, les prêteurs pourraient rendre l'encours exigible, entraînant son remboursement.", risk, signals.Acceleration},
		{"a harm meets the category's topic", "Une grève chez notre logisticien a bloqué les expéditions pendant dix jours.", risk, signals.SupplierDependence},
		{"a commodity's rise", "Le renchérissement de la pâte à papier a réduit la marge brute de 600 k€.", risk, signals.RawMaterials},
		{"an authority's sanction", "L'agence régionale de santé a retiré l'habilitation du laboratoire en janvier 2026.", risk, signals.Regulatory},
		{"a qualified opinion keeps the certification's wording", "Sous réserve de l'incidence du point exposé ci-dessus, nous certifions que les comptes annuels sont réguliers et sincères.", risk, signals.AuditorQualification},
		{"an audit closed", "La vérification de comptabilité s'est clôturée en 2025 sans rappel.", neutral, ""},
		{"a whole swap", "Le crédit à taux variable est intégralement swapé à taux fixe jusqu'en 2029.", mitigant, ""},
		{"an absence denied is no absence", "Aucun plan de succession n'a été formalisé pour le gérant, âgé de 68 ans.", risk, signals.KeyPeople},
		{"an absence stated", "Un plan de succession du gérant a été formalisé en 2024.", neutral, ""},
		{"settled in two places", "La société a obtenu en juin 2025 le renouvellement de son autorisation d'exploiter.", neutral, ""},
		{"a table's title", "Tableau 4 : découverts bancaires et concours bancaires courants au 31 décembre 2025.", neutral, ""},
		{"a partial cover is no mitigant", "Les achats en dollars ne sont couverts qu'à hauteur de 30 % pour 2026.", risk, signals.CurrencyRates},
		{"a denial over an enumeration", "La société n'a consenti aucune caution, nantissement ou hypothèque au profit de tiers.", neutral, ""},
		{"a debt due late", "Près de 60 % de la dette financière vient à échéance au cours de l'exercice 2031.", neutral, ""},
		{"the auditor's standard paragraph", "Si ces informations ne sont pas fournies ou ne sont pas pertinentes, il formule une certification avec réserve ou un refus de certifier.", neutral, ""},
		{"management's standard paragraph", "Il incombe à la direction d'évaluer la capacité de la société à poursuivre son exploitation, sauf s'il est prévu de liquider la société ou de cesser son activité.", neutral, ""},
		{"a policy is no risk", "La politique de la société consiste à couvrir ses achats en dollars dès la commande.", neutral, ""},
		{"the management's paragraph in other words", "Il revient à la direction d'apprécier la capacité de la société à poursuivre son exploitation.", neutral, ""},
		{"done, in the infinitive after its report", "Le groupe a annoncé avoir bouclé le refinancement de son crédit syndiqué.", neutral, ""},
		{"not significant in other words", "L'effet des variations de change sur les ventes est resté marginal.", neutral, ""},
		{"a denied settlement is none", "La hausse du prix de l'acier a eu un effet non négligeable sur la marge brute.", risk, signals.RawMaterials},
		{"a restricted settlement is none", "La trésorerie disponible ne couvrira les besoins de l'exploitation que jusqu'en mars 2026.", risk, signals.Liquidity},
		{"cash that covers the needs", "La trésorerie disponible couvrira les besoins de l'exploitation des douze prochains mois.", neutral, ""},
		{"a second source qualified", "Un second fabricant de cartes électroniques a été qualifié en 2025.", mitigant, ""},
		{"a whole fixed rate", "La dette est désormais entièrement à taux fixe.", mitigant, ""},
		{"the customers' notice period is no commitment", "Les contrats peuvent être résiliés par le client moyennant un préavis de trois mois.", neutral, ""},
		{"a lease's notice period is one", "Le bailleur de l'entrepôt peut résilier le bail moyennant un préavis de six mois.", risk, signals.OffBalanceSheet},
		{"the tax authority in the press's word", "Le fisc réclame 2 M€ de TVA au groupe, qui conteste ce redressement.", risk, signals.TaxAudit},
		{"a lease that ends", "Le bail du site de production arrive à échéance en juin 2026 et le bailleur entend reprendre les locaux.", risk, signals.OffBalanceSheet},
		{"a loss estimated is no accounting policy", "La grêle de juin a détruit la moitié de la récolte, dont la perte est évaluée à 400 k€.", risk, signals.Climate},
		{"a risk after the policy's clause", "Les comptes ont été arrêtés selon le principe de continuité d'exploitation ; à défaut de cet apport, la société ne pourrait faire face à ses engagements au-delà de juin.", risk, signals.GoingConcern},
		{"a policy's clause alone", "Les comptes ont été arrêtés selon le principe de continuité d'exploitation ; les stocks sont évalués au coût moyen pondéré.", neutral, ""},
		{"the translation of foreign results", "La conversion des résultats des filiales argentines a réduit le résultat opérationnel de 4 M€.", risk, signals.CurrencyRates},
		{"a reservation in the auditor's own words", "Nous n'avons pas pu assister à l'inventaire des stocks ; en conséquence, nous certifions que les comptes sont, sous cette réserve, réguliers et sincères.", risk, signals.AuditorQualification},
		{"cash worth less than a month", "La trésorerie disponible à la clôture représente moins d'un mois de charges fixes.", risk, signals.Liquidity},
		{"a renewal denied is no settlement", "Le bail de l'usine arrive à échéance en mars 2026 sans avoir été renouvelé, et le bailleur entend reprendre les locaux.", risk, signals.OffBalanceSheet},
		{"back to the worse is no settlement", "Le free cash-flow est redevenu négatif au second semestre, à -12 M€.", risk, signals.Liquidity},
		{"a translation effect told in the reporting currency", "L'effet de conversion des filiales turques a réduit le résultat de 19 M€.", risk, signals.CurrencyRates},
		{"a restriction is a lack, not a mitigation", "Selon le plan de trésorerie, les ressources disponibles ne couvriront les besoins que jusqu'en mai 2026.", risk, signals.Liquidity},
		{"a word that begins like a term is another word", "La coopérative n'a pas été touchée par la grêle tombée sur le nord du département, a indiqué son directeur.", neutral, ""},
		{"a breach outweighs the call it causes", "Le non-respect constaté du ratio de levier au 30 juin ouvre aux prêteurs un cas d'exigibilité anticipée sur l'intégralité du crédit.", risk, signals.Covenant},
		{"a call made outweighs the breach", "Faute d'avoir tenu son ratio de levier, la banque a prononcé la déchéance du terme du prêt.", risk, signals.Acceleration},
		{"no longer", "Depuis la qualification d'un second laminoir, la société ne dépend plus d'un fournisseur unique pour ses tôles.", neutral, ""},
		{"no longer, only", "Il ne reste plus que deux mois de trésorerie à la société au rythme actuel de consommation.", risk, signals.Liquidity},
		{"lifted in the active voice", "En mars 2025, l'autorité de la concurrence a levé l'astreinte prononcée contre la société.", neutral, ""},
		{"an impact called not significant", "L'effet des variations du dollar sur le résultat de l'exercice est non significatif.", neutral, ""},
		{"settled in the active voice", "La société a refinancé en juin 2025 son crédit-relais par un prêt amortissable sur six ans.", neutral, ""},
		{"a claim lifted in a relative clause", "Le redressement URSSAF notifié en 2024, qui a été intégralement annulé par la commission de recours amiable, n'a donné lieu à aucun paiement.", neutral, ""},
		{"a fine annulled after it is named", "L'amende de 200 k€ infligée par la DGCCRF, que le tribunal administratif a annulée en juin 2025, a été restituée.", neutral, ""},
		{"an authorisation annulled is a risk", "La cour administrative d'appel a annulé l'autorisation d'exploiter la carrière, qui assure 30 % des ventes.", risk, signals.Regulatory},
		{"the company's own appeal rejected", "La requête de la société tendant à la décharge du rappel de TVA de 300 k€ notifié à l'issue de la vérification de comptabilité a été rejetée.", risk, signals.TaxAudit},
		{"a creditor's demand rejected", "La demande de mise en redressement judiciaire présentée par un créancier a été rejetée, la société ayant démontré sa capacité à régler son passif exigible.", neutral, ""},
		{"a claim dropped", "L'assignation en paiement délivrée par un fournisseur, qui a fait l'objet d'un désistement en septembre 2025, est éteinte.", neutral, ""},
		{"a procedure closed", "La procédure de sauvegarde ouverte en 2020 a été clôturée après l'exécution intégrale du plan.", neutral, ""},
		{"a rule of insolvency law", "La procédure de sauvegarde peut être demandée par tout débiteur qui, sans être en cessation des paiements, justifie de difficultés qu'il ne peut surmonter.", neutral, ""},
		{"a procedure of the company is no rule", "Le tribunal a ouvert le 3 mars 2026 une procédure de sauvegarde au profit de la société.", risk, signals.GoingConcern},
		{"going concern not in doubt", "Rien ne permet de douter de la capacité de la société à poursuivre son activité sur les douze prochains mois.", neutral, ""},
		{"going concern on a condition", "La continuité d'exploitation n'est assurée qu'à la condition que la banque renouvelle la ligne de crédit de 500 k€ en mars 2026.", risk, signals.GoingConcern},
		{"a covenant not met", "La société n'a pas satisfait au ratio de gearing à la date de test du 30 juin 2025.", risk, signals.Covenant},
		{"a breach waived is no cover", "Le manquement au ratio de levier constaté au 31 décembre a été couvert par une lettre de renonciation des prêteurs du 20 février 2026.", risk, signals.Covenant},
		{"a prepayment at the issuer's option", "L'Émetteur pourra, à tout moment, rembourser par anticipation tout ou partie des titres au pair majoré des intérêts courus.", neutral, ""},
		{"no default, with 'sans que'", "Les banques autorisent la cession de la filiale belge sans que cette opération constitue un cas de défaut.", neutral, ""},
		{"an approval that moves a covenant's limit", "Les porteurs ont approuvé la modification du covenant de gearing, dont le plafond est porté de 1,0 à 1,3 pour les deux prochains tests.", risk, signals.Covenant},
		{"a plan of continuation", "Par jugement du 2 avril 2025, le tribunal a arrêté le plan de continuation de la société, qui étale son passif sur huit ans.", risk, signals.GoingConcern},
		{"arrears", "L'arriéré de cotisations sociales de la société atteint 210 k€ à la clôture.", risk, signals.LatePayment},
		{"going concern named for its doubt to be denied", "La direction a apprécié la capacité de la société à poursuivre son exploitation et n'a identifié aucune incertitude significative.", neutral, ""},
		{"a cover in the conditional of the loss", "Une condamnation, si elle devait intervenir, serait couverte par la police d'assurance responsabilité civile.", mitigant, ""},
		{"a measure withdrawn", "La mesure de suspension de l'agrément, qui avait été prononcée en 2023, a été rapportée par l'autorité en 2024.", neutral, ""},
		{"a debt replaced", "Le crédit-relais de 2 M€ a été remplacé en septembre 2025 par un prêt amortissable sur sept ans.", neutral, ""},
		{"a debt still to replace", "Le crédit-relais de 2 M€, qui arrive à échéance en avril 2026, doit encore être remplacé par un prêt amortissable.", risk, signals.Refinancing},
		{"governing law", "Le présent contrat est régi par le droit français et tout litige sera porté devant le tribunal des activités économiques de Lyon.", neutral, ""},
		{"a claim rejected in the active voice", "La cour a rejeté la demande de liquidation présentée par l'ancien fournisseur.", neutral, ""},
		{"the company's own appeal rejected, in the active voice", "La cour a rejeté le recours de la société contre sa condamnation à verser 400 k€ à un ancien distributeur.", risk, signals.Litigation},
		{"a lender's right to cancel is no lifting", "En cas de changement de contrôle, les banques pourraient annuler leurs engagements et demander le remboursement immédiat des tirages.", risk, signals.Acceleration},
		{"a negation across an incise", "La société n'a pas connaissance, à ce jour, de litige susceptible d'affecter ses comptes.", neutral, ""},
		{"an incise without a negation", "La société a reçu, le 4 mars 2026, une assignation d'un ancien agent réclamant 800 k€.", risk, signals.Litigation},
		{"back to normal", "Les retards de livraison du fabricant, qui avaient pesé sur le premier semestre, sont revenus à la normale depuis l'été.", neutral, ""},
		{"a ruling's principle", "Le créancier qui n'a pas déclaré sa créance dans le délai légal ne peut plus en obtenir le paiement.", neutral, ""},
		{"a product warranty given to customers", "Les garanties données aux clients sur les appareils vendus font l'objet d'une provision calculée sur les retours passés.", neutral, ""},
		{"an investor's warning", "Les souscripteurs pourraient perdre tout ou partie de leur investissement si l'émetteur faisait défaut.", neutral, ""},
		{"the opinion's scope", "Nous n'exprimons pas d'opinion sur des éléments de ces comptes pris isolément.", neutral, ""},
		{"a case closed by the court", "Le tribunal a classé le dossier de la société, sa situation ne justifiant plus de suivi.", neutral, ""},
		{"a counterparty beside a denied risk", "Les banques acceptent la cession de sa filiale italienne, sans que cette opération constitue un cas de défaut.", neutral, ""},
		{"a payment term stated", "Le délai de paiement des factures est de quarante-cinq jours, conformément à la directive sur les retards de paiement.", neutral, ""},
		{"one maker only", "Les boîtiers de la gamme principale ne sont aujourd'hui moulés que par un sous-traitant portugais.", risk, signals.SupplierDependence},
		{"a shortfall on a named lack", "En l'absence d'accord avec ses créanciers, le groupe ne pourrait pas honorer ses engagements au-delà de juin 2026.", risk, signals.GoingConcern},
		{"a negation before an incise", "Aucun des emprunts de la société ne prévoit, en l'état des contrats, de clause de défaut croisé.", neutral, ""},
		{"a reassessment abandoned", "Le redressement notifié par l'administration en 2023 a été abandonné au stade du recours hiérarchique.", neutral, ""},
		{"a covenant met again", "Le ratio de gearing, qui avait excédé sa limite en 2022, est de nouveau respecté à la clôture.", neutral, ""},
		{"a pointer to where the risk is told", "Les risques de liquidité et de taux sont décrits en note 21 de l'annexe consolidée.", neutral, ""},
		{"the law's condition", "Le plan de cession est arrêté lorsque le redressement par voie de continuation est impossible.", neutral, ""},
		{"the share's price", "Le cours de bourse de l'action pourrait connaître une forte volatilité sans rapport avec les résultats.", neutral, ""},
		{"a succession organised", "Le président fondateur, âgé de 68 ans, a organisé sa succession avec la nomination d'un directeur général délégué.", neutral, ""},
		{"an event without effect", "L'inondation du parking de l'entrepôt est restée sans incidence sur l'activité logistique.", neutral, ""},
		{"a negation after the term", "L'immeuble d'exploitation n'est grevé d'aucune hypothèque ni d'aucun privilège.", neutral, ""},
		{"an exposure wholly hedged", "La société est exposée au dollar sur ses achats de composants, qu'elle couvre intégralement par des achats à terme.", mitigant, ""},
		{"the sector's lot", "La société pourrait, comme toute entreprise du bâtiment, faire l'objet de réclamations au titre de la garantie décennale.", neutral, ""},
		{"a pointer to a note", "Le détail des cautions et des nantissements consentis est présenté en note 19.", neutral, ""},
		{"a call given up", "Les prêteurs ont renoncé à exiger le remboursement anticipé du crédit après le changement d'actionnaire.", neutral, ""},
		{"a clause that does not apply", "La clause de changement de contrôle ne s'applique pas aux transferts de titres entre membres de la famille.", neutral, ""},
		{"another party's procedure", "Un concurrent régional a été placé en liquidation judiciaire en octobre, ce qui libère des parts de marché.", neutral, ""},
		{"the company's own procedure", "La société a été placée en liquidation judiciaire par jugement du 5 janvier 2026.", risk, signals.GoingConcern},
		{"case law", "Selon la jurisprudence, la caution n'est tenue que dans la limite du montant qu'elle a garanti.", neutral, ""},
		{"a manager replaced", "Le directeur technique a quitté le groupe en mai et a été remplacé par son adjoint.", neutral, ""},
		{"a contract's effect on the company's debt", "La cession de plus de 50 % du capital emporte l'exigibilité anticipée de l'emprunt obligataire de 20 M€.", risk, signals.Acceleration},
		{"a debt repaid, then due again", "Le crédit-relais de 4 M€, remboursé à son échéance de 2024 par un nouveau crédit-relais, arrive de nouveau à échéance en mars 2026.", risk, signals.Refinancing},
		{"paid whole, in the active voice", "La filiale a réglé l'intégralité de l'amende prononcée en 2024, et le recours est devenu sans objet.", neutral, ""},
		{"a risk called limited", "Le risque de contrepartie est limité, les placements étant faits auprès de banques de premier rang.", neutral, ""},
		{"a negation a few words before a settling word", "Le crédit de 2 M€ échoit en juin 2026, la société n'ayant pas une trésorerie suffisante pour le rembourser.", risk, signals.Refinancing},
		{"statistics of the economy", "Une entreprise sur cinq subit des retards de paiement de plus de trente jours, selon l'Observatoire des délais de paiement.", neutral, ""},
		{"an opinion disclaimed", "Nous ne sommes pas en mesure d'exprimer une opinion sur les comptes annuels de l'exercice.", risk, signals.AuditorQualification},
		// Category competitions, decided by the other side of the risk.
		{"a garnishment is a creditor's act, not an overdraft", "La banque a bloqué les fonds du compte professionnel à la suite d'une saisie pratiquée par un sous-traitant.", risk, signals.Litigation},
		{"a dispute with the tax authority is a tax audit's", "Le contentieux qui oppose la société au fisc sur le crédit d'impôt recherche de 2022 porte sur 460 k€.", risk, signals.TaxAudit},
		{"a dispute with another party stays one", "Un ancien distributeur a assigné la société devant le tribunal de commerce et réclame 900 k€ pour rupture brutale.", risk, signals.Litigation},
		{"a licence the company holds is a source", "Le concédant de la licence de la marque, qui porte 40 % des ventes, a notifié son intention de ne pas la renouveler à son échéance de juin 2026.", risk, signals.SupplierDependence},
		{"a licence the company sells is a customer's", "Le taux de non-renouvellement des licences vendues aux clients a atteint 18 % en 2025.", risk, signals.Attrition},
		{"a licence granted by a company is no authorisation", "La licence d'exploitation du procédé de soudage, concédée par la société Verlac, expire en 2027 sans clause de renouvellement.", risk, signals.SupplierDependence},
		{"a named customer's share", "Le groupe Carrefour a représenté 37 % du chiffre d'affaires de l'exercice 2025.", risk, signals.CustomerConcentration},
		{"a named customer's small share", "Le groupe Leclerc a représenté 4 % du chiffre d'affaires de l'exercice 2025.", neutral, ""},
		{"a region's share is no customer", "La région Île-de-France représente 45 % du chiffre d'affaires de la société.", neutral, ""},
		{"a tax reassessment contested in court is the audit's", "Le tribunal administratif a rejeté la requête de la société contestant la rectification de TVA de 520 k€ ; elle a fait appel.", risk, signals.TaxAudit},
		// The company's own currency, and figures restated at constant rates.
		{"flows in the accounts' own currency", "Les comptes sont tenus en euros et les achats auprès des fournisseurs européens sont réglés dans cette même devise.", neutral, ""},
		{"growth at constant rates", "Le chiffre d'affaires, exprimé en euros, a progressé de 6 % à taux de change constants.", neutral, ""},
		{"foreign flows said marginal", "Le groupe opère principalement dans la zone euro ; ses flux en devises sont marginaux.", neutral, ""},
		// Instalments on schedule, from the business's cash: nothing to refinance.
		{"instalments from operating cash", "Les échéances de remboursement des emprunts à moins d'un an s'élèvent à 420 k€ et seront financées par la trésorerie d'exploitation.", neutral, ""},
		{"a loan amortised on its schedule", "Le prêt garanti par l'État de 1 M€ sera remboursé sur quatre ans à compter de 2026, conformément à l'échéancier convenu.", neutral, ""},
		{"a successor in place", "Le dirigeant fondateur avait quitté ses fonctions en 2020 et son successeur est en place depuis.", neutral, ""},
		// Who is on the other side: a court's order, a tax left unpaid, a
		// court ruling on the company's own procedure.
		{"a court's order to pay is a dispute's", "Le juge condamne la société à payer au fournisseur 85 k€ de factures impayées, assortis des intérêts de retard.", risk, signals.Litigation},
		{"an order under a daily penalty", "Par ordonnance, le président du tribunal enjoint à la société de payer sous astreinte les loyers échus de 30 k€.", risk, signals.Litigation},
		{"a tax left unpaid is paid late", "Les cotisations dues à l'ONSS pour le troisième trimestre, soit 48 k€, restent en souffrance.", risk, signals.LatePayment},
		{"a reassessment stays an audit", "À l'issue du contrôle, l'administration fiscale a notifié une proposition de rectification de 250 k€ au titre du CIR.", risk, signals.TaxAudit},
		{"another country's tax notice", "L'Administration des contributions directes a adressé un bulletin d'impôt rectificatif de 40 k€ au titre de 2023.", risk, signals.TaxAudit},
		{"an appeal court confirms the liquidation", "La cour d'appel confirme l'ordonnance ayant ouvert la liquidation judiciaire de la société et déboute le gérant de sa demande de sauvegarde.", risk, signals.GoingConcern},
		// Cash counted in weeks or a few months.
		{"a runway of months", "« Il nous reste trois mois de trésorerie », admet la fondatrice, qui négocie un prêt avec sa banque.", risk, signals.Liquidity},
		{"a long runway", "La société dispose de dix-huit mois de trésorerie au regard de son plan d'affaires.", neutral, ""},
		{"past the legal ceiling", "Le délai de paiement des fournisseurs a atteint 75 jours, dépassant le plafond légal.", risk, signals.LatePayment},
		// A cover denied leaves the hazard; a cover received or whole is no risk.
		{"no insurance against the hazard", "Le domaine n'est couvert par aucune assurance contre le gel de printemps, jugée trop coûteuse.", risk, signals.Climate},
		{"no policy protects against it", "Aucune police ne protège les entrepôts contre le risque d'inondation.", risk, signals.Climate},
		{"credit insurance is a guarantee received", "Les créances à l'export sont garanties par une assurance-crédit qui couvre 95 % de leur montant.", mitigant, ""},
		{"hedged in whole", "Les achats en yens sont couverts en totalité par des achats à terme conclus dès la commande.", mitigant, ""},
		{"no effect on the charge", "La remontée des taux n'a pas d'incidence sur les frais financiers, la dette étant entièrement à taux fixe.", neutral, ""},
		// Settled in other words.
		{"refinanced, with an adverb", "Le crédit de campagne de 1,2 M€, qui arrivait à échéance en février 2026, a été entièrement refinancé en décembre par un prêt à cinq ans.", neutral, ""},
		{"a dependence ended", "Le prestataire unique d'hébergement a été doublé en 2025 par un second centre de données, ce qui met fin à cette dépendance.", neutral, ""},
		{"reassessments abandoned, in the active voice", "Après examen des observations du contribuable, le service vérificateur a abandonné la totalité des redressements proposés.", neutral, ""},
		{"a procedure closed on its debts paid", "La procédure de sauvegarde a été clôturée pour extinction du passif en septembre 2025.", neutral, ""},
		{"a prepayment's notice", "La Société pourra procéder au remboursement anticipé volontaire du crédit, en tout ou partie, sous réserve d'un préavis de quinze jours.", neutral, ""},
		{"the auditor's remit", "Il n'entre pas dans la mission du commissaire aux comptes de garantir la pérennité de l'entreprise.", neutral, ""},
		{"cash called modest", "Notre trésorerie reste modeste au regard des besoins liés au lancement de la nouvelle gamme.", risk, signals.Liquidity},
		{"a shortage of one part", "La pénurie d'un seul microcontrôleur a immobilisé la ligne d'assemblage pendant cinq semaines.", risk, signals.SupplierDependence},
		{"over-indebtedness notified to the Swiss court", "Le conseil d'administration a constaté un surendettement et en a avisé le juge conformément à l'article 725b CO.", risk, signals.GoingConcern},
		{"a loan's instalment unpaid is a default", "La société n'a pas réglé l'échéance trimestrielle de 180 k€ du prêt bancaire due le 30 septembre.", risk, signals.Liquidity},
		{"a supplier's invoices unpaid are paid late", "Les dettes fournisseurs échues et non réglées s'élevaient à 900 k€ à la clôture.", risk, signals.LatePayment},
		{"a dispute closed", "Le litige avec l'ancien franchisé, dont l'issue favorable a été confirmée par la cour d'appel, est définitivement clos.", neutral, ""},
		{"the currency called the presentation currency", "Les ventes sont libellées en dollars canadiens, monnaie de présentation de la société.", neutral, ""},
		{"a contract carrying half the sales, with notice", "Le contrat de maintenance conclu avec l'opérateur ferroviaire, qui représente la moitié du chiffre d'affaires, peut être résilié avec un préavis de trois mois.", risk, signals.CustomerConcentration},
		{"the ordinary notice of either party", "Les contrats de maintenance peuvent être résiliés par chacune des parties moyennant un préavis de trois mois.", neutral, ""},
		{"a governing-law clause", "Le présent contrat est soumis au droit français ; tout litige relatif à son interprétation relèvera de la compétence du tribunal de commerce de Paris.", neutral, ""},
		// Going concern inside the policy's sentence.
		{"the convention on a condition", "Les comptes annuels ont été établis selon le principe de continuité d'exploitation, qui repose sur l'obtention avant avril 2026 d'un nouveau prêt de 600 k€.", risk, signals.GoingConcern},
		{"the convention against the facts", "Le conseil a retenu la convention de continuité d'exploitation bien que la trésorerie ne couvre les besoins que jusqu'en mai 2026.", risk, signals.GoingConcern},
		{"the convention on the company's own means", "Les comptes ont été arrêtés en application du principe de continuité d'exploitation, la direction disposant d'une trésorerie suffisante pour les douze prochains mois.", neutral, ""},
		// The company's history in the pluperfect.
		{"a procedure of years before", "En 2019, la société avait fait l'objet d'une procédure de conciliation avec ses banques.", neutral, ""},
		{"a past event behind a present risk", "Un seul technicien maîtrise le réglage des fours, et son absence en 2023 avait déjà arrêté la production.", risk, signals.KeyPeople},
		{"the pluperfect of the year", "La société n'avait pas encore obtenu, à la date d'arrêté des comptes, le renouvellement de sa ligne de crédit de 2 M€ arrivant à échéance en mars 2026.", risk, signals.Refinancing},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			k, c := classify(newSentence(tt.sentence), ref)
			if k != tt.kind || c != tt.category {
				t.Errorf("classify(%q) = %v %q, want %v %q", tt.sentence, k, c, tt.kind, tt.category)
			}
		})
	}
}

// A report that says what currency its accounts are in is taken at its
// word, whatever its amounts' symbols.
func TestStatedReportingCurrency(t *testing.T) {
	t.Parallel()
	got := reportingCurrency([]string{"États financiers en dollars canadiens. Capitaux propres : 4 000 k$. Trésorerie : 350 k$."})
	if !slices.Equal(got, currencyWords[1].words) {
		t.Errorf("reportingCurrency = %v, want the Canadian dollar's words", got)
	}
}

// A report's own currency is no exposure to the exchange rate: a Swiss
// company's sales in Swiss francs are none, a French company's are.
func TestOwnCurrency(t *testing.T) {
	t.Parallel()
	sentence := newSentence("Les ventes à l'exportation sont facturées en francs suisses à des distributeurs indépendants.")
	swiss := reference{currency: currencyWords[0].words}
	if k, c := classify(sentence, swiss); k == risk && c == signals.CurrencyRates {
		t.Errorf("a Swiss report's own currency read as an exposure")
	}
	if k, c := classify(sentence, reference{currency: euro}); k != risk || c != signals.CurrencyRates {
		t.Errorf("a euro report's sales in francs: %v %q", k, c)
	}
	// The sentence's own word on the currency of the accounts outweighs
	// the pages' count.
	stated := newSentence("La filiale, qui établit ses comptes en livres sterling, facture ses clients en livres sterling.")
	if k, c := classify(stated, reference{currency: euro}); k == risk && c == signals.CurrencyRates {
		t.Errorf("a currency the sentence says the accounts are kept in read as an exposure")
	}
}

// A sentence longer than maxQuote is read clause by clause, and nothing of
// it is left out.
func TestClauses(t *testing.T) {
	t.Parallel()
	items := []string{"le défaut de paiement de toute somme due au titre des obligations", "le non-respect du ratio de levier à une date de test",
		"l'ouverture d'une procédure de sauvegarde à l'encontre de l'émetteur", strings.Repeat("la cessation d'une partie significative de l'activité, ", 8) + "sans accord préalable"}
	s := "Les cas d'exigibilité anticipée sont : " + strings.Join(items, " ; ") + "."
	got := clauses(s)
	if strings.Join(got, " ") != s {
		t.Fatalf("clauses lose text: %q", got)
	}
	if len(got) < len(items)+1 {
		t.Errorf("%d clauses, want at least %d", len(got), len(items)+1)
	}
	for _, c := range got {
		if utf8.RuneCountInString(c) > maxQuote {
			t.Errorf("clause of %d characters", utf8.RuneCountInString(c))
		}
	}
	if short := "Le ratio de levier n'a pas été respecté ; un waiver a été obtenu."; !slices.Equal(clauses(short), []string{short}) {
		t.Errorf("a short sentence is cut")
	}
}

// Real writers name the consequence in trade and legal words, and the
// procedures of other French-speaking jurisdictions.
func TestConsequenceWords(t *testing.T) {
	t.Parallel()
	ref := reference{closing: 2025*12 + 11, currency: euro}
	for _, tt := range []struct {
		sentence string
		category signals.Category
	}{
		{"Un créancier a fait pratiquer une saisie-attribution de 310 k€ sur les comptes bancaires de la société.", signals.Litigation},
		{"Plusieurs grands comptes paient désormais leurs factures avec trois mois de retard.", signals.LatePayment},
		{"La filiale belge a déposé une requête en réorganisation judiciaire auprès du tribunal de l'entreprise.", signals.GoingConcern},
		{"Les effets de change ont réduit le résultat opérationnel de 1,2 M€ sur l'exercice.", signals.CurrencyRates},
	} {
		if k, c := classify(newSentence(tt.sentence), ref); k != risk || c != tt.category {
			t.Errorf("classify(%q) = %v %q, want %q", tt.sentence, k, c, tt.category)
		}
	}
	if _, c := classify(newSentence("Le chantier de la nouvelle usine a pris trois mois de retard sur le calendrier initial."), ref); c == signals.LatePayment {
		t.Errorf("a works delay read as late payment")
	}
}
