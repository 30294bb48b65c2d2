package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"analyste.dev/analyste/shared/dev/evaluation/risks"
	"analyste.dev/analyste/shared/dev/fixtures"
)

func TestRunEvalSignals(t *testing.T) {
	t.Parallel()
	project := fixtures.Testdata(t, "signals", "phrases.json")
	small := filepath.Join(t.TempDir(), "phrases.json")
	set := `{"sources": {"a": {"contexte": "Exercice clos le 31 décembre 2025."}}, "phrases": [
		{"id": "a-1", "source": "a", "phrase": "Un concurrent a assigné la Société et réclame 300 k€ de dommages et intérêts.", "risque": true, "categorie": "litiges", "gravite": "moyenne", "retenue": false},
		{"id": "a-2", "source": "a", "phrase": "Les stocks sont évalués selon la méthode du premier entré, premier sorti.", "risque": false, "retenue": true}]}`
	if err := os.WriteFile(small, []byte(set), 0o644); err != nil {
		t.Fatal(err)
	}
	// A risk labelled as none: the reader reads it, one risk read wrongly.
	misread := filepath.Join(t.TempDir(), "types.json")
	if err := os.WriteFile(misread, []byte(strings.Replace(strings.Replace(set, `"risque": true, "categorie": "litiges", "gravite": "moyenne"`, `"risque": false`, 1), `"a-`, `"b-`, -1)), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []commandCase{
		{"project set", []string{"--model=offline", "--sentences", project, "--min-recall", "90", "--min-precision", "80", "--min-category-recall", "70"}, 0,
			[]string{"Partie réglage : ", "Partie retenue (jamais réglée) : ", "ensemble", "gravité attendue \\ lue"}, ""},
		{"two sets read as one", []string{"--model=offline", "--sentences", project, "--sentences", small}, 0, []string{"Partie réglage : 556 phrases"}, ""},
		{"errors of the tuned part", []string{"--model=offline", "--sentences", small, "--misses"}, 0, []string{"Phrases mal lues (réglage) : 0"}, ""},
		{"a threshold missed", []string{"--model=offline", "--sentences", small, "--min-recall", "101"}, 1, nil, "sous le seuil"},
		{"no risk read wrongly", []string{"--model=offline", "--sentences", small, "--max-false-positives", "0"}, 0, nil, ""},
		{"a risk read from a non-risk", []string{"--model=offline", "--sentences", misread, "--max-false-positives", "0"}, 1, nil, "1 risques lus à tort, au-delà de 0"},
		{"missing set", []string{"--model=offline", "--sentences", filepath.Join(t.TempDir(), "absent.json")}, 1, nil, "fichier introuvable"},
		{"a role the manifest does not have", []string{"--model=offline", "--set", "gated"}, 2, nil, "unknown role"},
		{"argument", []string{"--model=offline", "x"}, 2, nil, "usage : analyste eval-signals"},
		{"unknown reader", []string{"--model=gpt"}, 2, nil, "valeurs possibles vertex ou offline"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tt.expect(t, runEvalSignals)
		})
	}
}

// commandCase is a sub-command's arguments and what it must give back: its
// exit code, texts stdout holds and a text stderr holds.
type commandCase struct {
	name   string
	args   []string
	code   int
	stdout []string
	stderr string
}

// expect runs the sub-command with the case's arguments and checks it.
func (c commandCase) expect(t *testing.T, run func(context.Context, []string, io.Writer, io.Writer) int) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if got := run(context.Background(), c.args, &stdout, &stderr); got != c.code {
		t.Errorf("code %d, want %d (stderr %q)", got, c.code, stderr.String())
	}
	for _, want := range c.stdout {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout.String())
		}
	}
	if !strings.Contains(stderr.String(), c.stderr) {
		t.Errorf("stderr lacks %q:\n%s", c.stderr, stderr.String())
	}
}

func TestRunEvalSignalsJSON(t *testing.T) {
	t.Parallel()
	var stdout, stderr bytes.Buffer
	args := []string{"--model=offline", "--json", "--sentences", fixtures.Testdata(t, "signals", "phrases.json")}
	if code := runEvalSignals(context.Background(), args, &stdout, &stderr); code != 0 {
		t.Fatalf("code %d: %s", code, stderr.String())
	}
	var e risks.Evaluation
	if err := json.Unmarshal(stdout.Bytes(), &e); err != nil {
		t.Fatal(err)
	}
	for _, p := range []risks.Part{e.Tuned, e.HeldOut} {
		sum := 0
		for _, c := range p.Categories {
			sum += c.TP + c.FN
		}
		if sum != p.Risks {
			t.Errorf("categories count %d risks, the part has %d", sum, p.Risks)
		}
	}
}
