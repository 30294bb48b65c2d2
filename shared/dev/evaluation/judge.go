package evaluation

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/model"
)

// JudgeCase is one labelled claim: the facts it cites and the verdict a
// right judge gives.
type JudgeCase struct {
	ID string `json:"id"`
	// Kind says what the case tests: soutenu; nombre_change, sens_inverse,
	// annee_fausse, societe_fausse (contredit); causal, sans_rapport (neutre).
	Kind     string       `json:"categorie"`
	Claim    string       `json:"affirmation"`
	Facts    []facts.Fact `json:"faits"`
	Years    []int        `json:"annees"`
	Expected memo.Verdict `json:"attendu"`
}

// Verdicts lists the verdicts in the matrix's order.
var Verdicts = []memo.Verdict{memo.Supported, memo.Contradicted, memo.Neutral}

//go:embed testdata/jugements.json
var judgeCases []byte

// JudgeCases is the labelled set of the project
// (testdata/jugements.json).
func JudgeCases() ([]JudgeCase, error) { return ParseJudgeCases(judgeCases) }

// ParseJudgeCases decodes and validates a labelled set.
func ParseJudgeCases(data []byte) ([]JudgeCase, error) {
	var cs []JudgeCase
	if err := json.Unmarshal(data, &cs); err != nil {
		return nil, fmt.Errorf("cas de jugement : %w", err)
	}
	var errs []error
	seen := map[string]bool{}
	for i, c := range cs {
		switch {
		case c.ID == "" || seen[c.ID]:
			errs = append(errs, fmt.Errorf("cas %d : identifiant %q vide ou répété", i+1, c.ID))
		case c.Claim == "" || len(c.Facts) == 0:
			errs = append(errs, fmt.Errorf("cas %s : affirmation ou faits manquants", c.ID))
		case !slices.Contains(Verdicts, c.Expected):
			errs = append(errs, fmt.Errorf("cas %s : verdict attendu %q inconnu", c.ID, c.Expected))
		}
		seen[c.ID] = true
	}
	return cs, errors.Join(errs...)
}

// Request is the case as the memo verification asks the judge.
func (c JudgeCase) Request() memo.JudgeRequest {
	ids := make([]string, len(c.Facts))
	for i, f := range c.Facts {
		ids[i] = f.ID
	}
	return memo.JudgeRequest{Claim: memo.Claim{Paragraph: 1, Text: c.Claim, Sources: ids}, Cited: c.Facts, Years: c.Years}
}

// RunJudge asks j about every case, in order, and scores its answers.
func RunJudge(ctx context.Context, j memo.Judge, cases []JudgeCase) (JudgeReport, error) {
	got := make([]memo.Judgement, len(cases))
	usages := make([]model.Usage, len(cases))
	for i, c := range cases {
		var err error
		if got[i], usages[i], err = j.Judge(ctx, c.Request()); err != nil {
			return JudgeReport{}, fmt.Errorf("cas %s : %w", c.ID, err)
		}
	}
	r := ScoreJudge(cases, got)
	r.Judge = j.Name()
	_, r.Cost = ledger(usages...)
	return r, nil
}

// JudgeOutcome is one case the judge got wrong.
type JudgeOutcome struct {
	ID       string       `json:"id"`
	Kind     string       `json:"categorie"`
	Expected memo.Verdict `json:"attendu"`
	Got      memo.Verdict `json:"juge"`
	Reason   string       `json:"justification"`
}

// KindScore is how the judge did on one kind of case.
type KindScore struct {
	Kind    string `json:"categorie"`
	Correct int    `json:"justes"`
	Cases   int    `json:"cas"`
}

// JudgeReport is the judge's confusion matrix over the labelled set.
type JudgeReport struct {
	Judge string `json:"juge"`
	Cases int    `json:"cas"`
	// Matrix counts the cases by expected verdict (rows) and verdict given
	// (columns), both in the order of Verdicts.
	Matrix  [3][3]int `json:"matrice"`
	Invalid int       `json:"verdicts_invalides"` // answers outside Verdicts
	Correct int       `json:"justes"`
	// FalseSupported counts the cases judged soutenu that are not, out of
	// NotSupported cases: the error that lets a wrong claim be published.
	FalseSupported int            `json:"faux_soutenu"`
	NotSupported   int            `json:"non_soutenus"`
	ByKind         []KindScore    `json:"par_categorie"`
	Errors         []JudgeOutcome `json:"erreurs"`
	Cost           Cost           `json:"cout"`
}

// ScoreJudge compares the judgements given with the labels, case by case.
func ScoreJudge(cases []JudgeCase, got []memo.Judgement) JudgeReport {
	r := JudgeReport{Cases: len(cases)}
	kinds := map[string]*KindScore{}
	for i, c := range cases {
		g := got[i]
		want, have := slices.Index(Verdicts, c.Expected), slices.Index(Verdicts, g.Verdict)
		k := kinds[c.Kind]
		if k == nil {
			k = &KindScore{Kind: c.Kind}
			kinds[c.Kind] = k
		}
		k.Cases++
		if c.Expected != memo.Supported {
			r.NotSupported++
			if g.Verdict == memo.Supported {
				r.FalseSupported++
			}
		}
		if have < 0 {
			r.Invalid++
		} else {
			r.Matrix[want][have]++
		}
		if g.Verdict == c.Expected {
			r.Correct++
			k.Correct++
			continue
		}
		r.Errors = append(r.Errors, JudgeOutcome{ID: c.ID, Kind: c.Kind, Expected: c.Expected, Got: g.Verdict, Reason: g.Reason})
	}
	for _, c := range cases {
		if k := kinds[c.Kind]; k != nil {
			r.ByKind = append(r.ByKind, *k)
			delete(kinds, c.Kind)
		}
	}
	return r
}

// FalseSupportedRate is the share of claims not supported that the judge
// called soutenu, in percent.
func (r JudgeReport) FalseSupportedRate() float64 {
	if r.NotSupported == 0 {
		return 0
	}
	return float64(r.FalseSupported) / float64(r.NotSupported) * 100
}

// Write prints the matrix, the accuracy, the false-supported rate, the
// score by kind of case and each error.
func (r JudgeReport) Write(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Juge : %s\n", r.Judge)
	fmt.Fprintf(&b, "Cas : %d\n\n", r.Cases)
	fmt.Fprintf(&b, "%-18s%12s%12s%12s\n", "attendu \\ jugé", memo.Supported, memo.Contradicted, memo.Neutral)
	for i, v := range Verdicts {
		fmt.Fprintf(&b, "%-18s%12d%12d%12d\n", v, r.Matrix[i][0], r.Matrix[i][1], r.Matrix[i][2])
	}
	if r.Invalid > 0 {
		fmt.Fprintf(&b, "verdicts hors liste : %d\n", r.Invalid)
	}
	fmt.Fprintf(&b, "\nJustes : %d/%d (%s)\n", r.Correct, r.Cases, frnum.FormatPercent(share(r.Correct, r.Cases)))
	fmt.Fprintf(&b, "Faux « soutenu » : %d/%d (%s) : affirmations non soutenues que le juge laisserait publier\n",
		r.FalseSupported, r.NotSupported, frnum.FormatPercent(r.FalseSupportedRate()))
	b.WriteString("Par catégorie :")
	for _, k := range r.ByKind {
		fmt.Fprintf(&b, " %s %d/%d ;", k.Kind, k.Correct, k.Cases)
	}
	b.WriteString("\n")
	if len(r.Errors) > 0 {
		b.WriteString("\nErreurs :\n")
		for _, e := range r.Errors {
			fmt.Fprintf(&b, "- %s (%s) : attendu %s, jugé %s : %s\n", e.ID, e.Kind, e.Expected, e.Got, e.Reason)
		}
	}
	if r.Cost.Calls > 0 {
		b.WriteString("\n" + costLine("Coût", r.Cost) + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func share(n, of int) float64 {
	if of == 0 {
		return 0
	}
	return float64(n) / float64(of) * 100
}
