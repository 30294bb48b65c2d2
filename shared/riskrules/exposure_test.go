package riskrules

import (
	"strings"
	"testing"

	"analyste.dev/analyste/shared/signals"
	"github.com/google/go-cmp/cmp"
)

// Equity 10 000 k€, cash 2 000 k€, EBITDA 4 000 k€, closing December 2025.
var testRef = reference{closing: 2025*12 + 11, amounts: [len(scales)]float64{equityRef: 10000, cashRef: 2000, ebitdaRef: 4000}}

// euro are the words of the euro, the currency of a report that names none other.
var euro = reportingCurrency(nil)

func TestGrade(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		category signals.Category
		sentence string
		ref      reference
		severity signals.Severity
		reason   string // a part of the reason
		figure   string
	}{
		{"ratio close to its ceiling", signals.Covenant, "Le ratio s'établit à 3,4x, contre un plafond de 3,5x.", testRef, signals.High,
			"marge de 2,9 %", "3,4x pour un seuil de 3,5x"},
		{"ratio well under its ceiling", signals.Covenant, "Le ratio de levier doit rester inférieur à 2,5 ; il s'établit à 0,8.", testRef, signals.Low,
			"marge de 68,0 %", "0,8 pour un seuil de 2,5"},
		{"ratio just above its floor", signals.Covenant, "Le DSCR s'établit à 1,12x pour un minimum contractuel de 1,10x.", testRef, signals.High,
			"marge de 1,8 %", "1,12x pour un seuil de 1,10x"},
		{"ceiling without the level", signals.Covenant, "Le covenant de levier ne doit pas excéder 3,5x.", testRef, signals.Medium,
			"seuil sans le niveau", "seuil de 3,5x"},
		{"breach", signals.Covenant, "Le covenant de levier n'a pas été respecté au 31 décembre 2025.", testRef, signals.High, "« n'a pas été respecté »", ""},
		{"respected without figure", signals.Covenant, "Les covenants bancaires sont respectés avec une marge confortable.", testRef, signals.Low, "maîtrisé", ""},
		{"share above 30 %", signals.CustomerConcentration, "Le premier client a représenté 38 % du chiffre d'affaires, contre 35 % en 2024.", testRef, signals.High,
			"part de 38 %", "38 % du chiffre d'affaires"},
		{"share in words", signals.CustomerConcentration, "Environ un quart du chiffre d'affaires est réalisé avec l'État.", testRef, signals.Medium,
			"part de 25 %", "un quart"},
		{"due in six months", signals.Refinancing, "Le crédit-relais de 1 000 k€ arrive à échéance le 30 juin 2026.", testRef, signals.High,
			"échéance à 6 mois", "arrive à échéance le 30 juin 2026"},
		{"due in 15 months", signals.Refinancing, "Le prêt relais de 500 k€ arrive à échéance en mars 2027.", testRef, signals.Medium,
			"échéance à 15 mois", "arrive à échéance en mars 2027"},
		{"due late, more than the cash", signals.Refinancing, "L'emprunt de 6 000 k€ arrive à échéance en 2029.", testRef, signals.Medium,
			"de la trésorerie", "6 000 k€ arrive à échéance en 2029"},
		{"claim against cash", signals.Litigation, "Un concurrent réclame 2 100 k€ de dommages et intérêts.", testRef, signals.High,
			"2 100 k€, soit 105,0 % de la trésorerie", "2 100 k€ de dommages et intérêts"},
		{"the amount of the named segment", signals.Litigation, "Les provisions couvrent des garanties (6 800 k€) et des litiges sociaux (220 k€).", testRef, signals.Low,
			"220 k€, soit 2,2 % des capitaux propres", "et des litiges sociaux 220 k€"},
		{"a comparison is not at stake", signals.Litigation, "Le litige porte sur 300 k€, contre 9 000 k€ l'an dernier.", testRef, signals.Low, "300 k€", "Le litige porte sur 300 k€"},
		{"an amount without a cue", signals.CurrencyRates, "Le résultat financier, négatif de 5 100 k€, reflète la hausse des taux variables.", testRef, signals.Medium,
			"sans référence", "négatif de 5 100 k€"},
		{"a sensitivity", signals.CurrencyRates, "Une hausse de 10 % du dollar réduirait le résultat de 1 100 k€.", testRef, signals.High,
			"27,5 % de l'EBITDA", "du dollar réduirait le résultat de 1 100 k€"},
		{"cash burn", signals.Liquidity, "La Société a consommé 3 500 k€ de trésorerie sur l'exercice.", testRef, signals.High, "175,0 % de la trésorerie", "3 500 k€ de trésorerie sur l'exercice"},
		{"months of cash", signals.Liquidity, "La trésorerie ne permet de couvrir que quatre mois de consommation.", testRef, signals.High, "« ne permet de couvrir que »", ""},
		{"resources are no loss", signals.Liquidity, "Les lignes non tirées sont limitées à 500 k€, pour une trésorerie disponible de 2 000 k€.", testRef, signals.Medium,
			"sans référence", "lignes non tirées sont limitées à 500 k€"},
		{"share of a reference stated", signals.RelatedParties, "Les prestations facturées par la holding du dirigeant atteignent 22 % de l'EBITDA.", testRef, signals.Medium,
			"22 % de l'EBITDA", "22 % de l'EBITDA"},
		{"no reference to measure against", signals.Litigation, "Un client allemand réclame 3,1 M€.", reference{}, signals.Medium, "sans référence", "Un client allemand réclame 3,1 M€"},
		{"a pledge without amount", signals.GuaranteesGiven, "Le fonds de commerce est nanti au profit du pool bancaire.", testRef, signals.Medium, "« nanti »", ""},
		{"going concern", signals.GoingConcern, "Un mandat ad hoc a été ouvert en novembre 2025.", testRef, signals.High, "au moins elevee", ""},
		{"unquantified", signals.Regulatory, "Une évolution de la réglementation pourrait imposer des coûts de mise en conformité.", testRef, signals.Low, "non chiffré", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			g := vocabularyOf(tt.category).grade(newSentence(tt.sentence), tt.ref)
			if g.severity != tt.severity || !strings.Contains(g.reason, tt.reason) || g.figure != tt.figure {
				t.Errorf("grade = %s, %q, figure %q; want %s, reason with %q, figure %q", g.severity, g.reason, g.figure, tt.severity, tt.reason, tt.figure)
			}
		})
	}
}

func TestFindReference(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		pages []string
		want  reference
	}{
		{"key figures", []string{"Exercice clos le 31 décembre 2025\nCapitaux propres : 223,4 M€.\nEBITDA : 62,1 M€, soit une marge de 15,1 %.\n" +
			"La dette financière brute est ramenée à 97,0 M€, et la trésorerie atteint 61,5 M€."},
			reference{closing: 2025*12 + 11, amounts: [len(scales)]float64{equityRef: 223400, cashRef: 61500, ebitdaRef: 62100}, currency: euro}},
		{"flows and comparisons are no reference", []string{"Les flux de trésorerie atteignent 19,0 M€.\n" +
			"La dette nette atteint 4,7 fois l'EBITDA (2024 : 57,2 M€).\nLes comptes sont clos le 30/06/2025."},
			reference{closing: 2025*12 + 5, currency: euro}},
		{"first statement wins", []string{"Notre EBITDA de 17,3 M€ recule.", "L'EBITDA ajusté de 25 100 k€ sert au covenant."},
			reference{amounts: [len(scales)]float64{ebitdaRef: 17300}, currency: euro}},
		{"a Swiss report", []string{strings.Repeat("Le chiffre d'affaires atteint 12 450 kCHF. ", minOwnAmounts) + "Un achat de 200 k€."},
			reference{currency: currencyWords[0].words}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if diff := cmp.Diff(tt.want, findReference(tt.pages), cmp.AllowUnexported(reference{})); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
}
