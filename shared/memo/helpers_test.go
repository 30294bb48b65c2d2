package memo

import (
	"testing"

	"analyste.dev/analyste/shared/checks"
	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/ratios"
	"analyste.dev/analyste/shared/statements"
)

// reportInput builds the R- and A- facts of a test report from its truth.
func reportInput(t *testing.T, slug string) Input {
	t.Helper()
	return buildInput(t, slug, false)
}

// derivedInput adds the facts derived from them as the extraction does:
// twelve-month liquidity, the proposed opinion.
func derivedInput(t *testing.T, slug string) Input {
	t.Helper()
	return buildInput(t, slug, true)
}

func buildInput(t *testing.T, slug string, derived bool) Input {
	t.Helper()
	for _, r := range fixtures.Reports(t) {
		if r.Slug != slug {
			continue
		}
		rep := fixtures.TruthReport(t, r.Truth)
		rs := ratios.Compute(rep)
		years := rep.YearsDesc()
		ev := facts.NewEvidence(rep, statements.Transcription{}, checks.Identities(rep), nil)
		fs := facts.RatioFacts(rep.Company, years, rs, ev)
		fs = append(fs, facts.AlertFacts(rep.Company, ratios.Alerts(rep, rs, ratios.DefaultThresholds), ev)...)
		if !derived {
			return Input{Company: rep.Company, Facts: fs, Years: years}
		}
		if f, ok := facts.LiquidityFact(rep.Company, years, rs, ev, nil); ok {
			fs = append(fs, f)
		}
		fs = append(fs, facts.OpinionFact(rep.Company, fs, years))
		return Input{Company: rep.Company, Facts: fs, Years: years}
	}
	t.Fatalf("rapport de test %q introuvable", slug)
	return Input{}
}

// fact finds a fact by id.
func fact(t *testing.T, in Input, id string) facts.Fact {
	t.Helper()
	for _, f := range in.Facts {
		if f.ID == id {
			return f
		}
	}
	t.Fatalf("fait %q introuvable", id)
	return facts.Fact{}
}
