package statementreader

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"analyste.dev/analyste/shared/statements"
)

func TestWording(t *testing.T) {
	t.Parallel()
	tests := []struct {
		st    statements.Statement
		sd    side
		label string
		want  string
	}{
		{inc, anySide, "Chiffre d’affaires net", "chiffre_affaires"},
		{inc, anySide, "MONTANT NET DU CHIFFRE D'AFFAIRES", "chiffre_affaires"},
		{inc, anySide, "Ventes de marchandises", "chiffre_affaires"},
		{inc, anySide, "Production vendue (biens et services)", "chiffre_affaires"},
		{inc, anySide, "Production stockée", "autres_produits_exploitation"},
		{inc, anySide, "Reprises sur provisions et amortissements, transferts de charges", "autres_produits_exploitation"},
		{inc, anySide, "Achats de matières premières et autres approvisionnements", "achats_consommes"},
		{inc, anySide, "Variation de stock (marchandises) *", "achats_consommes"},
		{inc, anySide, "Autres achats et charges externes", "charges_externes"},
		{inc, anySide, "Impôts, taxes et versements assimilés", "impots_taxes"},
		{inc, anySide, "Salaires et traitements", "charges_personnel"},
		{inc, anySide, "Rémunérations du personnel *", "charges_personnel"},
		{inc, anySide, "Dotations aux amortissements et aux provisions", "dotations_amortissements"},
		{inc, anySide, "1 - RÉSULTAT D'EXPLOITATION (I - II)", "resultat_exploitation"},
		{inc, anySide, "Résultat opérationnel courant", "resultat_exploitation"},
		{inc, anySide, "Résultat courant avant impôts", "autre"},
		{inc, anySide, "Coût de l’endettement financier net", "resultat_financier"},
		{inc, anySide, "Impôt sur les bénéfices", "impot_societes"},
		{inc, anySide, "Résultat de l'exercice", "resultat_net"},
		{inc, anySide, "2 - BÉNÉFICE OU PERTE", "resultat_net"},
		{bal, assets, "Goodwill", "immobilisations_incorporelles"},
		{bal, assets, "Droits d’utilisation", "immobilisations_corporelles"},
		{bal, assets, "Clients et comptes rattachés", "creances_clients"},
		{bal, assets, "Charges constatées d’avance", "autres_actifs_courants"},
		{bal, assets, "Avances et acomptes versés sur commandes", "autres_actifs_courants"},
		{bal, assets, "DISPONIBILITÉS", "tresorerie"},
		{bal, assets, "Total actif", "total_actif"},
		{bal, assets, "Total général (I+II)", "total_actif"},
		{bal, liabilities, "Résultat de l’exercice", "capitaux_propres"},
		{bal, liabilities, "Report à nouveau", "capitaux_propres"},
		{bal, liabilities, "Emprunts obligataires", "dettes_financieres"},
		{bal, liabilities, "Dettes de location", "dettes_financieres"},
		{bal, liabilities, "Avances et acomptes reçus sur commandes en cours", "autres_passifs_courants"},
		{bal, liabilities, "Dettes fiscales et sociales", "autres_passifs_courants"},
		{bal, liabilities, "Total des capitaux propres et du passif", "total_passif"},
		{bal, liabilities, "Total général (I + II + III)", "total_passif"},
		{cfs, anySide, "Résultat net", "resultat_net"},
		{cfs, anySide, "Variation des stocks", "variation_bfr"},
		{cfs, anySide, "Flux de trésorerie liés aux investissements", "flux_investissement"},
		{cfs, anySide, "Flux net de trésorerie lié aux activités opérationnelles", "flux_exploitation"},
		{cfs, anySide, "Émissions d’emprunts", "variation_emprunts"},
		{cfs, anySide, "Remboursements des dettes locatives", "variation_emprunts"},
		// By what a line is in the PCG, not by the words of one report.
		{inc, anySide, "Chiffres d’affaires nets", "chiffre_affaires"},
		{inc, anySide, "Variation des stocks de produits en cours et de produits finis", "autres_produits_exploitation"},
		{inc, anySide, "Achats non stockés de matières et fournitures", "charges_externes"},
		{inc, anySide, "Subventions d’exploitation", "autres_produits_exploitation"},
		{inc, anySide, "Autres charges d’exploitation", "autres_charges_exploitation"},
		{inc, anySide, "Participation des salariés aux résultats de l’entreprise (IX)", "autres_elements_resultat"},
		{inc, anySide, "Bénéfice attribué ou perte transférée (III)", "autres_elements_resultat"},
		{inc, anySide, "Crédit d’impôt recherche", "impot_societes"},
		{inc, anySide, "Impôts sur les résultats", "impot_societes"},
		{inc, anySide, "(3) Dont crédit-bail mobilier", "autre"},
		{bal, assets, "Autres participations", "immobilisations_financieres"},
		{bal, assets, "Dépôts et cautionnements versés", "immobilisations_financieres"},
		{bal, assets, "Avances et acomptes sur immobilisations incorporelles", "immobilisations_incorporelles"},
		{bal, assets, "Fournisseurs débiteurs", "autres_actifs_courants"},
		{bal, assets, "Capital souscrit et appelé, non versé", "autres_actifs_courants"},
		{bal, assets, "Charges à répartir sur plusieurs exercices (III)", "autres_actifs"},
		{bal, assets, "Écarts de conversion actif (VI)", "autres_actifs"},
		{bal, liabilities, "Avances conditionnées", "autres_passifs"},
		{bal, liabilities, "Écarts de conversion passif (V)", "autres_passifs"},
		{bal, liabilities, "Concours bancaires courants", "dettes_financieres"},
		{bal, liabilities, "Dettes envers les établissements de crédit", "dettes_financieres"},
		{cfs, anySide, "Trésorerie à la clôture", "tresorerie_cloture"},
		// IAS 1 consolidated captions.
		{inc, anySide, "Charge d’impôt", "impot_societes"},
		{inc, anySide, "Coût des ventes", "charges_fonctionnelles"},
		{inc, anySide, "Frais de recherche et développement", "charges_fonctionnelles"},
		{inc, anySide, "Résultat net de l’ensemble consolidé", "resultat_net"},
		{inc, anySide, "Résultat net des activités poursuivies", "autre"},
		{inc, anySide, "Résultat net des activités abandonnées", "autres_elements_resultat"},
		{inc, anySide, "Quote-part du résultat net des sociétés mises en équivalence", "autres_elements_resultat"},
		{bal, assets, "Écarts d’acquisition", "immobilisations_incorporelles"},
		{bal, assets, "Impôts différés actifs", "autres_actifs"},
		{bal, liabilities, "Impôts différés passifs", "autres_passifs"},
		{bal, liabilities, "Total des capitaux propres et des passifs", "total_passif"},
		{bal, liabilities, "Total passif et capitaux propres", "total_passif"},
		{cfs, anySide, "Variation de la trésorerie nette", "variation_tresorerie"},
	}
	for _, tt := range tests {
		t.Run(string(tt.st)+"/"+tt.label, func(t *testing.T) {
			t.Parallel()
			got := classify(tt.st, &reading{side: tt.sd}, []row{{label: tt.label}}, [][]*float64{{new(1.0)}})
			if got[0].Category != tt.want {
				t.Errorf("%s %q : %q, attendu %q", tt.st, tt.label, got[0].Category, tt.want)
			}
		})
	}
}

// lines builds rows with one amount each; nil prints a heading.
func lines(labels []string, values []*float64) ([]row, [][]*float64) {
	rows := make([]row, len(labels))
	amts := make([][]*float64, len(labels))
	for i, l := range labels {
		rows[i], amts[i] = row{label: l}, []*float64{values[i]}
	}
	return rows, amts
}

func TestClassifyContext(t *testing.T) {
	t.Parallel()
	one := new(1.0)
	type got struct {
		Category string
		Covers   []string
	}
	tests := []struct {
		name   string
		st     statements.Statement
		sd     side
		labels []string
		values []*float64
		want   []got
	}{
		{
			// The printed total is the key; its details are outside the dictionary.
			name: "total des capitaux propres", st: bal, sd: liabilities,
			labels: []string{"Capital social", "Réserves", "Total capitaux propres"},
			values: []*float64{one, one, one},
			want:   []got{{"autre", nil}, {"autre", nil}, {"capitaux_propres", nil}},
		},
		{
			name: "détail des capitaux propres sans total", st: bal, sd: liabilities,
			labels: []string{"Capital social", "Résultat de l'exercice", "Total I"},
			values: []*float64{one, one, one},
			want:   []got{{"capitaux_propres", nil}, {"capitaux_propres", nil}, {"sous-total", []string{"capitaux_propres"}}},
		},
		{
			name: "sous-total depuis son titre", st: bal, sd: liabilities,
			labels: []string{"Total capitaux propres", "Provisions pour risques", "Dettes", "Emprunts", "Autres dettes", "Total dettes"},
			values: []*float64{one, one, nil, one, one, one},
			want: []got{{"capitaux_propres", nil}, {"provisions", nil}, {"autre", nil}, {"dettes_financieres", nil},
				{"autres_passifs_courants", nil}, {"sous-total", []string{"dettes_financieres", "autres_passifs_courants"}}},
		},
		{
			// Part of the borrowings is printed outside the section.
			name: "sous-total partiel", st: bal, sd: liabilities,
			labels: []string{"Passifs non courants", "Emprunts", "Total des passifs non courants", "Part à moins d'un an des dettes financières"},
			values: []*float64{nil, one, one, one},
			want:   []got{{"autre", nil}, {"dettes_financieres", nil}, {"autre", nil}, {"dettes_financieres", nil}},
		},
		{
			name: "rubrique de l'actif immobilisé", st: bal, sd: assets,
			labels: []string{"Actif immobilisé", "Centrales solaires en exploitation", "Actif circulant", "Subventions à recevoir"},
			values: []*float64{nil, one, nil, one},
			want:   []got{{"autre", nil}, {"immobilisations_corporelles", nil}, {"autre", nil}, {"autres_actifs_courants", nil}},
		},
		{
			name: "actif puis passif dans un tableau", st: bal, sd: assets,
			labels: []string{"Disponibilités", "Total actif", "Résultat de l'exercice", "Total général"},
			values: []*float64{one, one, one, one},
			want:   []got{{"tresorerie", nil}, {"total_actif", nil}, {"capitaux_propres", nil}, {"total_passif", nil}},
		},
		{
			name: "dotations financières après le résultat d'exploitation", st: inc, sd: anySide,
			labels: []string{"Dotations aux amortissements", "Résultat d'exploitation", "Dotations aux amortissements et aux provisions (charges financières)"},
			values: []*float64{one, one, one},
			want:   []got{{"dotations_amortissements", nil}, {"resultat_exploitation", nil}, {"autre", nil}},
		},
		{
			name: "reprises et dotations sous les produits et charges financiers", st: inc, sd: anySide,
			labels: []string{"Reprises sur provisions", "Charges financières", "Dotations aux provisions", "Produits exceptionnels", "Reprises sur provisions"},
			values: []*float64{one, nil, one, nil, one},
			want:   []got{{"autres_produits_exploitation", nil}, {"resultat_financier", nil}, {"autre", nil}, {"resultat_exceptionnel", nil}, {"autre", nil}},
		},
		{
			// A second statement (a detail page) opens with its revenue.
			name: "le chiffre d'affaires rouvre l'exploitation", st: inc, sd: anySide,
			labels: []string{"Résultat d'exploitation", "Chiffre d'affaires net", "Dotations aux amortissements"},
			values: []*float64{one, one, one},
			want:   []got{{"resultat_exploitation", nil}, {"chiffre_affaires", nil}, {"dotations_amortissements", nil}},
		},
		{
			// The système développé details an operating item under its name.
			name: "détail sous un poste d'exploitation", st: inc, sd: anySide,
			labels: []string{"Services extérieurs :", "Personnel extérieur", "Autres", "Impôts, taxes et versements assimilés :", "Sur rémunérations", "Autres impôts et taxes", "Autres charges"},
			values: []*float64{nil, one, one, nil, one, one, one},
			want: []got{{"charges_externes", nil}, {"charges_externes", nil}, {"charges_externes", nil}, {"impots_taxes", nil}, {"impots_taxes", nil},
				{"impots_taxes", nil}, {"autres_charges_exploitation", nil}},
		},
		{
			// A narrow cell cut a word without a hyphen.
			name: "mot coupé par la cellule", st: cfs, sd: anySide,
			labels: []string{"Flux net de trésorerie lié aux opérations d'investissemen t (B)"},
			values: []*float64{one},
			want:   []got{{"flux_investissement", nil}},
		},
		{
			name: "total de totaux", st: inc, sd: anySide,
			labels: []string{"Résultat exceptionnel", "Impôts sur les bénéfices (X)", "Total des produits (I + III + V + VII)"},
			values: []*float64{one, one, one},
			want:   []got{{"resultat_exceptionnel", nil}, {"impot_societes", nil}, {"autre", nil}},
		},
		{
			name: "écarts de conversion sous les capitaux propres d'un groupe", st: bal, sd: liabilities,
			labels: []string{"Capitaux propres", "Capital", "Écarts de conversion", "Total capitaux propres", "Écarts de conversion"},
			values: []*float64{nil, one, one, one, one},
			want:   []got{{"autre", nil}, {"autre", nil}, {"autre", nil}, {"capitaux_propres", nil}, {"autres_passifs", nil}},
		},
		{
			name: "sous-total après la ligne d'une clé", st: cfs, sd: anySide,
			labels: []string{"Résultat net", "Dotations aux amortissements", "Capacité d'autofinancement"},
			values: []*float64{one, one, one},
			want:   []got{{"resultat_net", nil}, {"dotations_amortissements", nil}, {"sous-total", []string{"resultat_net", "dotations_amortissements"}}},
		},
		{
			name: "résultat opérationnel à défaut du courant", st: inc, sd: anySide,
			labels: []string{"Résultat opérationnel courant", "Résultat opérationnel"},
			values: []*float64{one, one},
			want:   []got{{"resultat_exploitation", nil}, {"autre", nil}},
		},
		{
			name: "chiffre d'affaires et son détail", st: inc, sd: anySide,
			labels: []string{"Ventes de marchandises", "Production vendue", "Chiffre d'affaires net"},
			values: []*float64{one, one, one},
			want:   []got{{"autre", nil}, {"autre", nil}, {"chiffre_affaires", nil}},
		},
		{
			// The PCG's abridged model prints the other debts as "Autres":
			// the total adds up only with it.
			name: "ligne inconnue que le total imprimé exige", st: bal, sd: liabilities,
			labels: []string{"Emprunts et dettes assimilées", "Fournisseurs et comptes rattachés", "Autres", "Total III"},
			values: []*float64{new(2889.0), new(1056.0), new(988.0), new(4933.0)},
			want: []got{{"dettes_financieres", nil}, {"dettes_fournisseurs", nil}, {"autres_passifs_courants", nil},
				{"sous-total", []string{"dettes_financieres", "dettes_fournisseurs", "autres_passifs_courants"}}},
		},
		{
			name: "ligne inconnue dont le total se passe", st: bal, sd: liabilities,
			labels: []string{"Emprunts et dettes assimilées", "Fournisseurs et comptes rattachés", "Autres", "Total III"},
			values: []*float64{new(2889.0), new(1056.0), new(988.0), new(3945.0)},
			want:   []got{{"dettes_financieres", nil}, {"dettes_fournisseurs", nil}, {"autre", nil}, {"autre", nil}},
		},
		{
			// The end of the label is lost at the foot of the last page.
			name: "libellé coupé que ne complète qu'une légende", st: inc, sd: anySide,
			labels: []string{"Impôts sur les bénéfices", "BÉNÉFICE OU"},
			values: []*float64{one, one},
			want:   []got{{"impot_societes", nil}, {"resultat_net", nil}},
		},
		{
			name: "libellé coupé que plusieurs légendes complètent", st: inc, sd: anySide,
			labels: []string{"Chiffre d'affaires net", "Résultat des"},
			values: []*float64{one, one},
			want:   []got{{"chiffre_affaires", nil}, {"autre", nil}},
		},
		{
			name: "ligne inconnue au milieu de blocs différents", st: bal, sd: liabilities,
			labels: []string{"Capital", "Emprunts et dettes assimilées", "Divers", "Total"},
			values: []*float64{new(100.0), new(200.0), new(50.0), new(350.0)},
			want:   []got{{"capitaux_propres", nil}, {"dettes_financieres", nil}, {"autre", nil}, {"autre", nil}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			rows, amts := lines(tt.labels, tt.values)
			var out []got
			for _, l := range classify(tt.st, &reading{side: tt.sd}, rows, amts) {
				out = append(out, got{l.Category, l.Covers})
			}
			if diff := cmp.Diff(tt.want, out); diff != "" {
				t.Errorf("(-attendu +obtenu) :\n%s", diff)
			}
		})
	}
}

// A deduction printed like the charges is negative: negated where the table
// prints its charges positive, kept where it prints them negative.
func TestDeductionSign(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		charges float64
		printed float64
		want    float64
	}{
		{"charges positives", 300, 12, -12},
		{"charges négatives", -300, -12, -12},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			rows, amts := lines([]string{"Charges de personnel", "Participation des salariés"}, []*float64{&tt.charges, &tt.printed})
			got := classify(inc, &reading{}, rows, amts)
			if a := got[1].Amounts[0]; got[1].Category != "autres_elements_resultat" || a == nil || *a != tt.want {
				t.Errorf("participation : %s %v, attendu autres_elements_resultat %v", got[1].Category, deref(a), tt.want)
			}
		})
	}
}

// TestConsolidatedWholes reads the lines a consolidated statement prints
// for one key: the whole group's result and equity win over the group
// share, and without a résultat opérationnel courant the non-recurring
// operating items are operating charges.
func TestConsolidatedWholes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		st     statements.Statement
		sd     side
		labels []string
		want   []string
	}{
		{
			name:   "résultat de l'ensemble consolidé",
			st:     inc,
			labels: []string{"Résultat net des activités poursuivies", "Résultat net des activités abandonnées", "Résultat net de l'ensemble consolidé", "Résultat net part du groupe"},
			want:   []string{"autre", "autres_elements_resultat", "resultat_net", "autre"},
		},
		{
			name:   "part du groupe seule",
			st:     inc,
			labels: []string{"Résultat opérationnel", "Résultat net part du groupe"},
			want:   []string{"resultat_exploitation", "resultat_net"},
		},
		{
			name:   "total des capitaux propres",
			st:     bal,
			sd:     liabilities,
			labels: []string{"Capital", "Réserves consolidées", "Capitaux propres attribuables aux actionnaires de la société mère", "Intérêts ne donnant pas le contrôle", "Total des capitaux propres"},
			want:   []string{"autre", "autre", "autre", "autre", "capitaux_propres"},
		},
		{
			name:   "part du groupe et minoritaires sans total",
			st:     bal,
			sd:     liabilities,
			labels: []string{"Capitaux propres part du groupe", "Intérêts minoritaires"},
			want:   []string{"autre", "capitaux_propres"},
		},
		{
			name:   "non courant sous un résultat opérationnel courant",
			st:     inc,
			labels: []string{"Résultat opérationnel courant", "Autres produits et charges opérationnels", "Résultat opérationnel"},
			want:   []string{"resultat_exploitation", "resultat_exceptionnel", "autre"},
		},
		{
			name:   "non courant sans résultat opérationnel courant",
			st:     inc,
			labels: []string{"Frais administratifs", "Autres produits et charges opérationnels", "Résultat opérationnel"},
			want:   []string{"charges_fonctionnelles", "autres_charges_exploitation", "resultat_exploitation"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			rows := make([]row, len(tt.labels))
			amts := make([][]*float64, len(tt.labels))
			for i, l := range tt.labels {
				rows[i], amts[i] = row{label: l}, []*float64{new(1.0)}
			}
			var got []string
			for _, l := range classify(tt.st, &reading{side: tt.sd}, rows, amts) {
				got = append(got, l.Category)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("catégories (-attendu +lu) :\n%s", diff)
			}
		})
	}
}

func TestOpenEnd(t *testing.T) {
	t.Parallel()
	for label, want := range map[string]bool{
		"RÉSULTAT DE": true, "Emprunts et dettes auprès des": true, "Impôts sur les": true, "BÉNÉFICE OU": true,
		"Flux net de trésorerie généré par l'activité (A)": false, "Total A": false, "Dettes fiscales et sociales": false, "De": false,
	} {
		if got := openEnd(label); got != want {
			t.Errorf("openEnd(%q) = %v, attendu %v", label, got, want)
		}
	}
}
