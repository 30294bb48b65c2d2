package memo

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
	Unit  string   `json:"unite"`
}

// LiquidityLine is one source or use.
type LiquidityLine struct {
	Label  string  `json:"libelle"`
	Amount float64 `json:"montant"`
	Fact   string  `json:"fait"`
}
