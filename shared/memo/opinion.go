package memo

import (
	"fmt"
	"slices"

	"analyste.dev/analyste/shared/facts"
)

// OpinionLevel is the opinion the memo proposes; the analyst decides.
type OpinionLevel string

// The proposed opinions, from best to worst for the borrower.
const (
	Favorable               OpinionLevel = "favorable"
	FavorableWithConditions OpinionLevel = "favorable_sous_conditions"
	Reserved                OpinionLevel = "reserve"
	Unfavorable             OpinionLevel = "defavorable"
)

// Opinion is the proposal and what it rests on: its reasons, and the
// conditions or questions for the borrower.
type Opinion struct {
	Level      OpinionLevel `json:"niveau"`
	Reasons    []string     `json:"raisons"`
	Conditions []string     `json:"conditions,omitempty"`
}

// Liquidity is twelve months of sources against uses, in the report's
// unit, each line with the fact it comes from.
type Liquidity struct {
	Sources []LiquidityLine `json:"sources"`
	Uses    []LiquidityLine `json:"emplois"`
	// Cover is sources over uses; nil when there are no uses.
	Cover *float64 `json:"couverture,omitempty"`
	// MinCover, without a maturity, is the cover were the whole financial
	// debt due within the year.
	MinCover *float64 `json:"couverture_minimale,omitempty"`
	Unit     string   `json:"unite"`
}

// LiquidityLine is one source or use.
type LiquidityLine struct {
	Label  string  `json:"libelle"`
	Amount float64 `json:"montant"`
	Fact   string  `json:"fait"`
}

// proposalOf is the K-…-avis fact among fs, nil when none.
func proposalOf(fs []facts.Fact) *facts.Fact {
	for i, f := range fs {
		if f.Proposal != nil {
			return &fs[i]
		}
	}
	return nil
}

// opinionOf is the opinion the memo proposes: the rules of facts.Propose
// applied to every fact, the risk reader's included, so that a critical
// signal it found (going concern, a covenant breach) weighs too.
func opinionOf(fs []facts.Fact, years []int) *Opinion {
	if proposalOf(fs) == nil {
		return nil
	}
	p := facts.Propose(fs, years)
	return &Opinion{Level: OpinionLevel(p.Level), Reasons: p.Reasons, Conditions: p.Conditions}
}

// opinionMissing asks the writer for the proposed opinion when the facts
// give one and no "avis" paragraph cites it.
func opinionMissing(m Memo, fs []facts.Fact) []Defect {
	f := proposalOf(fs)
	if f == nil || slices.ContainsFunc(m.Paragraphs, func(p Paragraph) bool { return p.Kind == OpinionKind && slices.Contains(p.Sources, f.ID) }) {
		return nil
	}
	return []Defect{{Step: StepMemo, Message: fmt.Sprintf("avis proposé absent : le paragraphe « avis » doit reprendre le fait %s", f.ID)}}
}

// opinionDefects: the opinion fact a memo states must not be more
// favorable than the rules applied to every fact (a critical signal the
// extraction did not see); the memo then goes to a person.
func opinionDefects(m Memo, fs []facts.Fact, years []int) []Defect {
	f := proposalOf(fs)
	if f == nil || !slices.ContainsFunc(m.Paragraphs, func(p Paragraph) bool { return slices.Contains(p.Sources, f.ID) }) {
		return nil
	}
	var out []Defect
	if all := facts.Propose(fs, years); facts.LevelRank[all.Level] > facts.LevelRank[f.Proposal.Level] {
		out = append(out, Defect{Step: StepMemo, Message: fmt.Sprintf("l'avis %s du fait %s ne tient pas compte des signaux critiques : les règles donnent %s",
			facts.LevelLabels[f.Proposal.Level], f.ID, facts.LevelLabels[all.Level])})
	}
	return out
}

// liquidityOf is the twelve-month sources and uses of the liquidity fact.
func liquidityOf(fs []facts.Fact) *Liquidity {
	for _, f := range fs {
		if f.Flows == nil {
			continue
		}
		l := &Liquidity{Cover: f.Flows.Cover, MinCover: f.Flows.MinCover, Unit: "k€"}
		for _, s := range f.Flows.Sources {
			l.Sources = append(l.Sources, LiquidityLine{Label: s.Label, Amount: s.Amount, Fact: s.Fact})
		}
		for _, u := range f.Flows.Uses {
			l.Uses = append(l.Uses, LiquidityLine{Label: u.Label, Amount: u.Amount, Fact: u.Fact})
		}
		return l
	}
	return nil
}
