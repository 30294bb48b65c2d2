package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"analyste.dev/analyste/shared/dev/evaluation"
	"analyste.dev/analyste/shared/dev/fixtures"
)

// totalsLine is the course's shape of the totals line.
var totalsLine = regexp.MustCompile(`^Exactitude des champs : [0-9.]+/[0-9]+ \([0-9]+\.[0-9]%\) \| écart max des ratios : [0-9]+\.[0-9]{2}% \| rappel des signaux : [0-9]+% \| mémo vérifié : (oui|non)$`)

func reportDirs(t *testing.T) ([]string, []fixtures.Report) {
	t.Helper()
	reports := fixtures.Reports(t)
	dirs := make([]string, len(reports))
	for i, r := range reports {
		dirs[i] = filepath.Dir(r.PDF)
	}
	return dirs, reports
}

func TestRunEvalTable(t *testing.T) {
	t.Parallel()
	dirs, reports := reportDirs(t)
	var stdout, stderr bytes.Buffer
	if code := runEval(context.Background(), append([]string{"--model=offline"}, dirs...), &stdout, &stderr); code != 0 {
		t.Fatalf("code %d: %s", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	// header, one row per report, a blank line, the totals, robustness and cost lines
	if len(lines) != len(reports)+5 {
		t.Fatalf("%d lines for %d reports:\n%s", len(lines), len(reports), stdout.String())
	}
	for i, r := range reports {
		if !strings.HasPrefix(lines[i+1], r.Truth.Company+" ") {
			t.Errorf("row %d %q is not %s's", i+1, lines[i+1], r.Truth.Company)
		}
	}
	totals := lines[len(reports)+2]
	if !totalsLine.MatchString(totals) {
		t.Errorf("totals line %q is not in the course's shape", totals)
	}
	if want := fmt.Sprintf("/%d (", 78*len(reports)); !strings.Contains(totals, want) {
		t.Errorf("totals line %q does not count the %d fields of the truths", totals, 78*len(reports))
	}
	if want := "Champs inventés : 0 | valeurs imprimées nulle part : 0 | documents refusés : 0 | contrôles perdus : 0 | affirmations publiées fausses : 0 | mémos publiés sur un contrôle en échec : 0"; lines[len(reports)+3] != want {
		t.Errorf("robustness line %q, want %q", lines[len(reports)+3], want)
	}
	if !strings.HasPrefix(lines[len(reports)+4], "Coût : ") {
		t.Errorf("no cost line: %q", lines[len(reports)+4])
	}
	if strings.Contains(stderr.String(), "[1/") {
		t.Errorf("progress shown on a stderr that is not a terminal:\n%s", stderr.String())
	}
}

func TestRunEvalJSONRepeat(t *testing.T) {
	t.Parallel()
	dirs, reports := reportDirs(t)
	var stdout, stderr bytes.Buffer
	if code := runEval(context.Background(), append([]string{"--model=offline", "--repeat=2", "--json"}, dirs[:2]...), &stdout, &stderr); code != 0 {
		t.Fatalf("code %d: %s", code, stderr.String())
	}
	var got evaluation.Evaluation
	if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if got.Passes != 2 || len(got.Reports) != 2 || len(got.PassTotals) != 2 {
		t.Fatalf("%d passes, %d reports, %d pass totals", got.Passes, len(got.Reports), len(got.PassTotals))
	}
	for i, s := range got.Reports {
		if s.Company != reports[i].Truth.Company || len(s.Passes) != 2 || s.FieldsTotal != 78 {
			t.Errorf("report %d: %s, %d passes, %d fields", i, s.Company, len(s.Passes), s.FieldsTotal)
		}
		// The offline readers give the same answer every time.
		if s.FieldsExact.Mean != s.FieldsExact.Worst || s.SignalsFound.Mean != s.SignalsFound.Worst {
			t.Errorf("report %d varies between passes: %+v", i, s)
		}
	}
}

// wrongTruth copies a test report into a folder whose truth.json has the
// first year's stocks raised by 1 000 k€, provisions left out (as if not
// printed) and a key the dictionary does not know.
func wrongTruth(t *testing.T, r fixtures.Report) string {
	t.Helper()
	dir := t.TempDir()
	pdf, err := os.ReadFile(r.PDF)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "rapport.pdf"), pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	truth, err := os.ReadFile(filepath.Join(filepath.Dir(r.PDF), "truth.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(truth, &doc); err != nil {
		t.Fatal(err)
	}
	years := doc["exercices"].(map[string]any)
	for _, y := range years {
		bilan := y.(map[string]any)["bilan"].(map[string]any)
		bilan["stocks"] = bilan["stocks"].(float64) + 1000
		delete(bilan, "provisions")
		bilan["cle_inconnue"] = 1
		break
	}
	out, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "truth.json"), out, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestRunEvalThresholdsAndErrors(t *testing.T) {
	t.Parallel()
	dirs, reports := reportDirs(t)
	wrong := wrongTruth(t, reports[0])
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{"no folder", []string{"--model=offline"}, 2, "", "usage : analyste eval"},
		{"no pass", []string{"--model=offline", "--repeat=0", dirs[0]}, 2, "", "usage : analyste eval"},
		{"folder without a PDF", []string{"--model=offline", t.TempDir()}, 1, "", "0 fichiers PDF"},
		// The memo publishes the stocks as printed, which the changed truth contradicts.
		{"one wrong field, its published claims false", []string{"--model=offline", wrong}, 1, "Exactitude des champs : 76/77 (98.7%)", "affirmation(s) publiée(s) fausse(s)"},
		{"one wrong field under --min-fields", []string{"--model=offline", "--min-fields=100", wrong}, 1, "Exactitude des champs : 76/77", "exactitude des champs 98,7 %, sous le seuil de 100,0 %"},
		{"one invented field over --max-invented", []string{"--model=offline", "--max-invented=0", wrong}, 1, "Champs inventés : 1 |", "1 champ(s) inventé(s), au-delà du seuil de 0"},
		{"recall under --min-recall", []string{"--model=offline", "--min-recall=101", dirs[0]}, 1, "rappel des signaux : ", ", sous le seuil de 101,0 %"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var stdout, stderr bytes.Buffer
			if code := runEval(context.Background(), tt.args, &stdout, &stderr); code != tt.code {
				t.Errorf("code %d, want %d (stderr %q)", code, tt.code, stderr.String())
			}
			if !strings.Contains(stdout.String(), tt.stdout) {
				t.Errorf("stdout lacks %q:\n%s", tt.stdout, stdout.String())
			}
			if !strings.Contains(stderr.String(), tt.stderr) {
				t.Errorf("stderr lacks %q:\n%s", tt.stderr, stderr.String())
			}
		})
	}
}
