package risks

import (
	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/dev/labelled"
	"analyste.dev/analyste/shared/riskrules"
	"analyste.dev/analyste/shared/signals"
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseCorpus(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, data, err string // err empty when the set is valid
	}{
		{"valid", `{"sources": {"a": {}}, "phrases": [{"id": "a-1", "source": "a", "phrase": "x", "risque": true, "categorie": "litiges", "gravite": "faible"}]}`, ""},
		{"not JSON", `{`, "phrases étiquetées"},
		{"repeated id", `{"sources": {"a": {}}, "phrases": [{"id": "a", "source": "a", "phrase": "x"}, {"id": "a", "source": "a", "phrase": "y"}]}`, "répété"},
		{"unknown category", `{"sources": {"a": {}}, "phrases": [{"id": "a", "source": "a", "phrase": "x", "risque": true, "categorie": "autre", "gravite": "faible"}]}`, "catégorie"},
		{"non-risk with a category", `{"sources": {"a": {}}, "phrases": [{"id": "a", "source": "a", "phrase": "x", "categorie": "litiges"}]}`, "sans risque"},
		{"unknown source", `{"sources": {}, "phrases": [{"id": "a", "source": "b", "phrase": "x"}]}`, "source"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := ParseCorpus([]byte(tt.data))
			if tt.err == "" && err != nil || tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)) {
				t.Errorf("err = %v, want one saying %q", err, tt.err)
			}
		})
	}
}

// Evaluate scores what a reader finds on each sentence's page: right
// category, another one, nothing, or something where there is nothing.
func TestJoin(t *testing.T) {
	t.Parallel()
	base := `{"sources": {"a": {"contexte": "Exercice clos le 31 décembre 2025."}}, "phrases": [{"id": "a-1", "source": "a", "phrase": "x"}]}`
	tests := []struct {
		name, other, err string // err empty when the sets join
	}{
		{"another source", `{"sources": {"b": {}}, "phrases": [{"id": "b-1", "source": "b", "phrase": "y"}]}`, ""},
		{"the same source", `{"sources": {"a": {"contexte": "Exercice clos le 31 décembre 2025."}}, "phrases": [{"id": "a-2", "source": "a", "phrase": "y"}]}`, ""},
		{"a source named twice", `{"sources": {"a": {"contexte": "Exercice clos le 30 juin 2025."}}, "phrases": [{"id": "a-2", "source": "a", "phrase": "y"}]}`, "deux documents"},
		{"an id used twice", `{"sources": {"b": {}}, "phrases": [{"id": "a-1", "source": "b", "phrase": "y"}]}`, "déjà utilisé"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var c Corpus
			for _, data := range []string{base, tt.other} {
				set, err := ParseCorpus([]byte(data))
				if err != nil {
					t.Fatal(err)
				}
				if err = c.Join(set); err != nil {
					if tt.err == "" || !strings.Contains(err.Error(), tt.err) {
						t.Fatalf("Join: %v, want %q", err, tt.err)
					}
					return
				}
			}
			if tt.err != "" {
				t.Fatalf("Join: no error, want %q", tt.err)
			}
			if len(c.Sentences) != 2 {
				t.Errorf("%d sentences, want 2", len(c.Sentences))
			}
		})
	}
}

func TestEvaluate(t *testing.T) {
	t.Parallel()
	c := Corpus{
		Sources: map[string]Source{"a": {Context: "Contexte."}},
		Sentences: []Labelled{
			{ID: "1", Source: "a", Sentence: "un litige", Risk: true, Category: signals.Litigation, Severity: signals.Medium},
			{ID: "2", Source: "a", Sentence: "un autre litige", Risk: true, Category: signals.Litigation, Severity: signals.High},
			{ID: "3", Source: "a", Sentence: "une caution", Risk: true, Category: signals.GuaranteesGiven, Also: []signals.Category{signals.OffBalanceSheet}, Severity: signals.Low},
			{ID: "4", Source: "a", Sentence: "rien", HeldOut: true},
			{ID: "5", Source: "a", Sentence: "un client", Risk: true, Category: signals.CustomerConcentration, Severity: signals.Low, HeldOut: true},
		},
	}
	read := map[string]signals.Signal{
		"un litige":       {Category: signals.Litigation, Severity: signals.High},
		"un autre litige": {Category: signals.TaxAudit, Severity: signals.High},
		"une caution":     {Category: signals.OffBalanceSheet, Severity: signals.Low},
		"rien":            {Category: signals.Climate, Severity: signals.Low},
	}
	var calls [][]string
	reader := func(_ context.Context, pages []string) ([]signals.Signal, error) {
		calls = append(calls, pages)
		var out []signals.Signal
		for i, p := range pages {
			if s, ok := read[p]; ok {
				s.Quote, s.Page = p, i+1
				out = append(out, s)
			}
		}
		return out, nil
	}
	e, err := Evaluate(context.Background(), reader, c, 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) != 2 || calls[0][0] != "Contexte." || len(calls[0]) != 4 {
		t.Errorf("pages read: %q", calls)
	}
	score := func(p Part, cat signals.Category) Score {
		for _, cs := range p.Categories {
			if cs.Category == cat {
				return cs.Score
			}
		}
		return Score{}
	}
	tests := []struct {
		name string
		got  Score
		want Score
	}{
		{"tuned overall", e.Tuned.Overall, Score{TP: 2, FP: 1, FN: 1}},
		{"tuned litigation", score(e.Tuned, signals.Litigation), Score{TP: 1, FN: 1}},
		{"another category counts against the one read", score(e.Tuned, signals.TaxAudit), Score{FP: 1}},
		{"an accepted other category counts for the label", score(e.Tuned, signals.GuaranteesGiven), Score{TP: 1}},
		{"held out overall", e.HeldOut.Overall, Score{FP: 1, FN: 1}},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: %+v, want %+v", tt.name, tt.got, tt.want)
		}
	}
	if want := [3][3]int{{1, 0, 0}, {0, 0, 1}, {0, 0, 0}}; e.Tuned.Severity != want {
		t.Errorf("severities %v, want %v", e.Tuned.Severity, want)
	}
	var ids []string
	for _, m := range e.Tuned.Errors {
		ids = append(ids, m.ID)
	}
	if diff := cmp.Diff([]string{"1", "2"}, ids); diff != "" || e.HeldOut.Errors != nil {
		t.Errorf("errors listed (-want +got):\n%s; held out: %v", diff, e.HeldOut.Errors)
	}
	var b strings.Builder
	if err := e.Write(&b); err != nil || !strings.Contains(b.String(), "ensemble") || !strings.Contains(b.String(), "retenue") {
		t.Errorf("Write: %v\n%s", err, b.String())
	}
	boom := errors.New("panne")
	if _, err := Evaluate(context.Background(), func(context.Context, []string) ([]signals.Signal, error) { return nil, boom }, c, 3); !errors.Is(err, boom) {
		t.Errorf("err = %v, want %v", err, boom)
	}
}

// The targets for the offline reader on the labelled set: recall at
// least 90 % and precision at least 80 % on each part, and no category of
// the tuned part under 70 % recall.
func TestOfflineMeetsTargets(t *testing.T) {
	t.Parallel()
	e, err := Evaluate(context.Background(), func(_ context.Context, pages []string) ([]signals.Signal, error) {
		return riskrules.Offline(pages), nil
	}, tuningSets(t), 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []struct {
		name string
		part Part
	}{{"tuned", e.Tuned}, {"held out", e.HeldOut}} {
		if r, pr := p.part.Overall.Recall(), p.part.Overall.Precision(); r < 0.90 || pr < 0.80 {
			t.Errorf("%s part: recall %.3f, precision %.3f", p.name, r, pr)
		}
	}
	for _, c := range e.Tuned.Categories {
		if c.Recall() < 0.70 {
			t.Errorf("%s: recall %.3f on the tuned part", c.Category, c.Recall())
		}
	}
}

// tuningSets are the labelled sets the reader is tuned and gated on.
func tuningSets(t *testing.T) Corpus {
	t.Helper()
	c, err := ReadRole(filepath.Join(fixtures.Root(t), labelled.Dir), labelled.Tuning)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
