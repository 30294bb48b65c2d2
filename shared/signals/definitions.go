package signals

// Definition is how a model is told one category of the taxonomy: what it
// is, what is not one, how it is graded.
type Definition struct {
	Category                        Category
	Label, Meaning, NotRisk, Graded string
}

// Definitions lists the taxonomy's categories, in its order, as a model's
// prompt states them (the offline reader's vocabulary is shared/riskrules').
func Definitions() []Definition {
	out := make([]Definition, len(taxonomy))
	for i, d := range taxonomy {
		out[i] = Definition{d.category, d.label, d.definition, d.notRisk, d.severity}
	}
	return out
}
