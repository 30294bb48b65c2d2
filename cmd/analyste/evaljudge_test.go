package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"analyste.dev/analyste/shared/dev/evaluation"
	"analyste.dev/analyste/shared/memo"
)

func TestRunEvalJudge(t *testing.T) {
	t.Parallel()
	all, err := evaluation.JudgeCases()
	if err != nil {
		t.Fatal(err)
	}
	two := filepath.Join(t.TempDir(), "cas.json")
	data, err := json.Marshal(all[:2])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(two, data, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout []string
		stderr string
	}{
		{"project set, offline rule", []string{"--model=offline"}, 0,
			[]string{"Juge : " + memo.OfflineRule, fmt.Sprintf("Cas : %d\n", len(all)), "attendu \\ jugé", "Faux « soutenu » : "}, ""},
		{"a set of two cases", []string{"--model=offline", "--cases", two}, 0, []string{"Cas : 2\n"}, ""},
		{"missing set", []string{"--model=offline", "--cases", filepath.Join(t.TempDir(), "absent.json")}, 1, nil, "fichier introuvable"},
		{"argument", []string{"--model=offline", "x"}, 2, nil, "usage : analyste eval-judge"},
		{"unknown reader", []string{"--model=gpt"}, 2, nil, "valeurs possibles vertex ou offline"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var stdout, stderr bytes.Buffer
			if code := runEvalJudge(context.Background(), tt.args, &stdout, &stderr); code != tt.code {
				t.Errorf("code %d, want %d (stderr %q)", code, tt.code, stderr.String())
			}
			for _, want := range tt.stdout {
				if !strings.Contains(stdout.String(), want) {
					t.Errorf("stdout lacks %q:\n%s", want, stdout.String())
				}
			}
			if !strings.Contains(stderr.String(), tt.stderr) {
				t.Errorf("stderr lacks %q:\n%s", tt.stderr, stderr.String())
			}
		})
	}
}

func TestRunEvalJudgeJSON(t *testing.T) {
	t.Parallel()
	var stdout, stderr bytes.Buffer
	if code := runEvalJudge(context.Background(), []string{"--model=offline", "--json"}, &stdout, &stderr); code != 0 {
		t.Fatalf("code %d: %s", code, stderr.String())
	}
	var r evaluation.JudgeReport
	if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	sum := 0
	for _, row := range r.Matrix {
		for _, n := range row {
			sum += n
		}
	}
	if sum+r.Invalid != r.Cases || r.Correct != r.Matrix[0][0]+r.Matrix[1][1]+r.Matrix[2][2] {
		t.Errorf("matrix %v does not add up to %d cases, %d right", r.Matrix, r.Cases, r.Correct)
	}
}
