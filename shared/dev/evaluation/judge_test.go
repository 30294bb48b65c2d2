package evaluation

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/model/modeltest"
)

// factShape is how the pipeline writes a fact: a kind, the company's slug,
// then the company's name before the statement.
var factShape = regexp.MustCompile(`^[RAQ]-[a-z]+-[a-z0-9-]+$`)

func TestLabelledSet(t *testing.T) {
	t.Parallel()
	cases, err := JudgeCases()
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) < 40 {
		t.Errorf("%d cases, want at least 40", len(cases))
	}
	byVerdict := map[memo.Verdict]int{}
	kinds := map[string]memo.Verdict{}
	for _, c := range cases {
		byVerdict[c.Expected]++
		if v, ok := kinds[c.Kind]; ok && v != c.Expected {
			t.Errorf("case %s: kind %s is labelled %s and %s", c.ID, c.Kind, v, c.Expected)
		}
		kinds[c.Kind] = c.Expected
		for _, f := range c.Facts {
			if !factShape.MatchString(f.ID) || !strings.Contains(f.Text, " - ") {
				t.Errorf("case %s: fact %q is not written like the pipeline's", c.ID, f)
			}
		}
	}
	for _, v := range Verdicts {
		if byVerdict[v] < len(cases)/4 {
			t.Errorf("%d cases labelled %s out of %d: the set is not balanced", byVerdict[v], v, len(cases))
		}
	}
	want := map[string]memo.Verdict{
		"soutenu": memo.Supported, "nombre_change": memo.Contradicted, "sens_inverse": memo.Contradicted,
		"annee_fausse": memo.Contradicted, "societe_fausse": memo.Contradicted, "causal": memo.Neutral, "sans_rapport": memo.Neutral,
	}
	if diff := cmp.Diff(want, kinds); diff != "" {
		t.Errorf("kinds of case (-want +got):\n%s", diff)
	}
}

func TestParseJudgeCasesRefuses(t *testing.T) {
	t.Parallel()
	fact := `"faits":[{"id":"R-x-levier","texte":"X SA - Levier 2025 : 1,0x"}]`
	tests := []struct {
		name string
		data string
	}{
		{"repeated id", `[{"id":"a","affirmation":"x",` + fact + `,"attendu":"soutenu"},{"id":"a","affirmation":"y",` + fact + `,"attendu":"neutre"}]`},
		{"unknown verdict", `[{"id":"a","affirmation":"x",` + fact + `,"attendu":"vrai"}]`},
		{"no fact", `[{"id":"a","affirmation":"x","faits":[],"attendu":"neutre"}]`},
		{"not JSON", `{`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if _, err := ParseJudgeCases([]byte(tt.data)); err == nil {
				t.Error("accepted")
			}
		})
	}
}

func judgeCase(id, kind string, want memo.Verdict) JudgeCase {
	return JudgeCase{ID: id, Kind: kind, Claim: "Le levier est de 5,5x en 2025.", Expected: want,
		Facts: []facts.Fact{{ID: "R-x-levier", Text: "X SA - Levier 2025 : 5,5x (2024 : 3,6x)"}}, Years: []int{2025, 2024}}
}

func TestScoreJudge(t *testing.T) {
	t.Parallel()
	cases := []JudgeCase{
		judgeCase("s1", "soutenu", memo.Supported),
		judgeCase("s2", "soutenu", memo.Supported),
		judgeCase("c1", "annee_fausse", memo.Contradicted),
		judgeCase("c2", "nombre_change", memo.Contradicted),
		judgeCase("n1", "causal", memo.Neutral),
	}
	got := []memo.Judgement{
		{Verdict: memo.Supported},
		{Verdict: memo.Neutral, Reason: "r1"},
		{Verdict: memo.Supported, Reason: "r2"},
		{Verdict: memo.Contradicted},
		{Verdict: memo.Supported, Reason: "r3"},
	}
	want := JudgeReport{
		Cases:          5,
		Matrix:         [3][3]int{{1, 0, 1}, {1, 1, 0}, {1, 0, 0}},
		Correct:        2,
		FalseSupported: 2,
		NotSupported:   3,
		ByKind:         []KindScore{{"soutenu", 1, 2}, {"annee_fausse", 0, 1}, {"nombre_change", 1, 1}, {"causal", 0, 1}},
		Errors: []JudgeOutcome{
			{ID: "s2", Kind: "soutenu", Expected: memo.Supported, Got: memo.Neutral, Reason: "r1"},
			{ID: "c1", Kind: "annee_fausse", Expected: memo.Contradicted, Got: memo.Supported, Reason: "r2"},
			{ID: "n1", Kind: "causal", Expected: memo.Neutral, Got: memo.Supported, Reason: "r3"},
		},
	}
	r := ScoreJudge(cases, got)
	if diff := cmp.Diff(want, r); diff != "" {
		t.Errorf("report (-want +got):\n%s", diff)
	}
	if rate := r.FalseSupportedRate(); rate < 66.6 || rate > 66.7 {
		t.Errorf("false supported rate %v, want 2/3", rate)
	}
}

func TestRunJudgeWithModel(t *testing.T) {
	t.Parallel()
	cases := []JudgeCase{judgeCase("s1", "soutenu", memo.Supported), judgeCase("c1", "nombre_change", memo.Contradicted)}
	fake := modeltest.New(
		modeltest.Reply{JSON: `{"verdict":"soutenu","fait":"R-x-levier","justification":"même nombre"}`, InputTokens: 100, OutputTokens: 10},
		modeltest.Reply{JSON: `{"verdict":"soutenu","fait":"R-x-levier","justification":"même nombre"}`, InputTokens: 120, OutputTokens: 12},
	)
	j, err := memo.NewModelJudge(fake)
	if err != nil {
		t.Fatal(err)
	}
	r, err := RunJudge(context.Background(), j, cases)
	if err != nil {
		t.Fatal(err)
	}
	if r.FalseSupported != 1 || r.Correct != 1 || r.Judge != j.Name() {
		t.Errorf("report %+v", r)
	}
	if diff := cmp.Diff(Cost{Calls: 2, InputTokens: 220, OutputTokens: 22}, r.Cost); diff != "" {
		t.Errorf("cost (-want +got):\n%s", diff)
	}
	if reqs := fake.Requests(); len(reqs) != 2 || !strings.Contains(reqs[0].Content, "[R-x-levier] X SA - Levier 2025 : 5,5x") {
		t.Errorf("the judge was not sent the cited facts: %+v", reqs)
	}
	var out bytes.Buffer
	if err := r.Write(&out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Faux « soutenu » : 1/1 (100,0 %)", "Justes : 1/2 (50,0 %)", "- c1 (nombre_change) : attendu contredit, jugé soutenu", "Coût : 2 appels"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

func TestRunJudgeOffline(t *testing.T) {
	t.Parallel()
	cases, err := JudgeCases()
	if err != nil {
		t.Fatal(err)
	}
	r, err := RunJudge(context.Background(), memo.OfflineJudge{}, cases)
	if err != nil {
		t.Fatal(err)
	}
	sum := r.Invalid
	for _, row := range r.Matrix {
		for _, n := range row {
			sum += n
		}
	}
	if sum != len(cases) || r.Cases != len(cases) || r.Judge != memo.OfflineRule {
		t.Errorf("matrix counts %d of %d cases, judge %q", sum, len(cases), r.Judge)
	}
	// The offline rule says contredit only of a dated figure its facts give
	// otherwise: never of a claim labelled supported or neutral.
	if r.Matrix[0][1] != 0 || r.Matrix[2][1] != 0 {
		t.Errorf("offline rule said contredit of supported (%d) or neutral (%d) claims", r.Matrix[0][1], r.Matrix[2][1])
	}
}
