package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/pipeline"
)

func TestRunRun(t *testing.T) {
	t.Parallel()
	reports := fixtures.Reports(t)
	var pdfs []string
	for _, r := range reports {
		pdfs = append(pdfs, r.PDF)
	}
	t.Run("summary lines", func(t *testing.T) {
		t.Parallel()
		var stdout, stderr bytes.Buffer
		if code := runRun(context.Background(), append([]string{"--model=offline"}, pdfs...), &stdout, &stderr); code != 0 {
			t.Fatalf("code %d: %s", code, stderr.String())
		}
		lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
		if len(lines) != len(reports) {
			t.Fatalf("%d lines for %d reports:\n%s", len(lines), len(reports), stdout.String())
		}
		for i, r := range reports {
			want := r.Truth.Company + " | champs contrôlés : 78 | contrôles en échec : 0 | relectures : 0 | signaux cités : "
			if !strings.HasPrefix(lines[i], want) || !strings.HasSuffix(lines[i], "| mémo : publie") {
				t.Errorf("line %q, want %q… | mémo : publie", lines[i], want)
			}
		}
		if !strings.Contains(stderr.String(), "lecteurs offline") {
			t.Errorf("stderr %q does not say which readers ran", stderr.String())
		}
	})
	t.Run("json", func(t *testing.T) {
		t.Parallel()
		var stdout, stderr bytes.Buffer
		if code := runRun(context.Background(), []string{"--model=offline", "--json", reports[0].PDF}, &stdout, &stderr); code != 0 {
			t.Fatalf("code %d: %s", code, stderr.String())
		}
		var got struct {
			Company string `json:"societe"`
			Facts   []struct {
				ID   string `json:"id"`
				Text string `json:"texte"`
			} `json:"faits"`
			Signals struct {
				Verified []struct {
					Category string `json:"categorie"`
					Page     int    `json:"page"`
					Quote    string `json:"citation"`
				} `json:"verifies"`
				Rejected []json.RawMessage `json:"rejetes"`
			} `json:"signaux"`
			Memo struct {
				Status     string            `json:"statut"`
				Paragraphs []json.RawMessage `json:"paragraphes"`
				Verdicts   []json.RawMessage `json:"verdicts"`
			} `json:"memo"`
		}
		if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
			t.Fatal(err)
		}
		prefixes := map[byte]int{}
		for _, f := range got.Facts {
			prefixes[f.ID[0]]++
		}
		if prefixes['R'] == 0 || prefixes['Q'] != len(got.Signals.Verified) || len(got.Signals.Verified) == 0 {
			t.Errorf("facts by kind %v for %d verified signals", prefixes, len(got.Signals.Verified))
		}
		if got.Memo.Status != "publie" || len(got.Memo.Paragraphs) == 0 || len(got.Memo.Verdicts) == 0 {
			t.Errorf("memo %+v", got.Memo)
		}
	})
}

func TestProgress(t *testing.T) {
	t.Parallel()
	var silent bytes.Buffer
	if p := newProgress("run", &silent, 3); p.w != nil {
		t.Error("progress shown on a stderr that is not a terminal")
	}
	var out bytes.Buffer
	p := &progress{w: &out, name: "eval", total: 2, start: time.Now()}
	reports := fixtures.Reports(t)
	pl := pipeline.New(nil, pipeline.Options{Limits: pdftext.DefaultLimits()})
	if _, err := runChain(context.Background(), pl, reports[0].PDF, p.report(2, "ferlac")); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	stages := []string{"texte des pages", "états financiers", "signaux", "mémo"}
	if len(lines) != len(stages) {
		t.Fatalf("%d progress lines, want one per stage:\n%s", len(lines), out.String())
	}
	for i, s := range stages {
		prefix := "analyste eval : [2/2] ferlac : " + s + " ("
		if !strings.HasPrefix(lines[i], prefix) || !strings.HasSuffix(lines[i], " s)") {
			t.Errorf("line %q, want %q… s)", lines[i], prefix)
		}
	}
}
