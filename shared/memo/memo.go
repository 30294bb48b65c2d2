// Package memo writes the credit memo from the facts only and decides
// whether it may be published. The writer (a model, or French templates
// offline) cites fact ids; deterministic checks then require a source for
// every paragraph and every number of a sentence in that paragraph's own
// cited facts; a judge (a model, or a stated rule offline) rates each
// sentence against its cited facts; fixed verdict rules give the status
// publie, bloque or abstention, and anything not published is handed to a
// person with what was found.
package memo

import (
	"slices"
	"strings"

	"analyste.dev/analyste/shared/locate"
)

// Kind is the section of a paragraph.
type Kind string

// The memo's sections. Synthesis, Profitability and Quality are the
// sections of memos written before the proposed opinion; they are still
// read, no longer written.
const (
	OpinionKind   Kind = "avis"
	KeyFigures    Kind = "chiffres_cles"
	Counterparty  Kind = "contrepartie"
	DebtLiquidity Kind = "liquidite"
	Covenants     Kind = "covenants"
	Risks         Kind = "risques"
	ToVerify      Kind = "points_a_verifier"
	Synthesis     Kind = "synthese"
	Profitability Kind = "rentabilite"
	Quality       Kind = "qualite"
)

// Kinds lists the sections in the memo's order: the decision first.
var Kinds = []Kind{OpinionKind, KeyFigures, Counterparty, DebtLiquidity, Covenants, Risks, ToVerify}

// allKinds are the sections a memo may hold, older ones included.
var allKinds = append(slices.Clone(Kinds), Synthesis, Profitability, Quality)

var kindLabels = map[Kind]string{
	OpinionKind:   "avis proposé",
	KeyFigures:    "chiffres clés",
	Counterparty:  "contrepartie",
	Synthesis:     "synthèse",
	Risks:         "risques principaux",
	Covenants:     "covenants",
	DebtLiquidity: "liquidité à douze mois",
	Profitability: "rentabilité et structure financière",
	Quality:       "qualité de l'information",
	ToVerify:      "points à vérifier",
}

// Label is the kind as a reader writes it: "liquidité et échéances".
func (k Kind) Label() string {
	if l, ok := kindLabels[k]; ok {
		return l
	}
	return string(k)
}

// ParseKind reads a kind written as its slug or as its label, accents and
// case aside: "Liquidité et échéances" gives DebtLiquidity.
func ParseKind(s string) (Kind, bool) {
	folded := locate.Fold(strings.ReplaceAll(s, "_", " "))
	for _, k := range allKinds {
		if folded == locate.Fold(k.Label()) || folded == locate.Fold(strings.ReplaceAll(string(k), "_", " ")) {
			return k, true
		}
	}
	return "", false
}

// Memo is the writer's output and the input of the verification.
type Memo struct {
	Paragraphs []Paragraph `json:"paragraphes" desc:"Les paragraphes du mémo, dans l'ordre des sections : avis proposé, chiffres clés, contrepartie, liquidité à douze mois, covenants, risques principaux, points à vérifier."`
}

// Paragraph is one paragraph with the ids of the facts it stands on.
type Paragraph struct {
	Kind    Kind     `json:"type" enum:"avis,chiffres_cles,contrepartie,liquidite,covenants,risques,points_a_verifier" desc:"La section du paragraphe."`
	Text    string   `json:"texte" desc:"Le texte du paragraphe, en français. Chaque nombre est recopié tel qu'imprimé dans un fait cité par ce paragraphe ; un chiffre déjà donné dans une autre section n'est redit que suivi du renvoi « (voir <section>) »."`
	Sources []string `json:"sources" desc:"Les identifiants des faits dont vient ce paragraphe, par exemple R-societe-levier."`
}

// Verdict is the judge's rating of one claim.
type Verdict string

// The judge's verdicts.
const (
	Supported    Verdict = "soutenu"
	Contradicted Verdict = "contredit"
	Neutral      Verdict = "neutre"
)

// Judgement is the judge's answer about one claim.
type Judgement struct {
	Verdict Verdict `json:"verdict" enum:"soutenu,contredit,neutre" desc:"soutenu si un fait cité dit la même chose avec les mêmes nombres ; contredit si un fait cité dit autre chose ; neutre si les faits cités ne permettent pas de trancher."`
	Fact    string  `json:"fait" desc:"L'identifiant du fait cité sur lequel repose le verdict ; vide si aucun."`
	Reason  string  `json:"justification" desc:"En une phrase, en français : ce que dit le fait et pourquoi il soutient, contredit ou ne tranche pas."`
}

// Status is the fate of the memo.
type Status string

// The statuses, from best to worst for a reader.
const (
	Published Status = "publie"
	Abstained Status = "abstention"
	Blocked   Status = "bloque"
)

// Step names the verification step a claim stopped at.
type Step string

// The verification steps.
const (
	StepMemo     Step = "memo"
	StepSources  Step = "sources"
	StepNumbers  Step = "nombres"
	StepConflict Step = "faits_contradictoires"
	StepJudge    Step = "jugement"
	// StepEvidence: a cited fact stands on a field that was not verified.
	StepEvidence Step = "faits_non_verifies"
)
