package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"analyste.dev/analyste/shared/dev/fixtures"
)

// The adversarial memos of testdata/memos/adverses go through verify-memo
// as anyone would run it: each wrong one (a figure under another meaning, a
// third party named, a contradiction, invisible or remapped text, a changed
// figure) must end as its file says, bloque or abstention, and the correct
// ones must be published, so that the test fails both ways.
func TestAdversarialMemos(t *testing.T) {
	t.Parallel()
	dir := fixtures.Testdata(t, "memos", "adverses")
	paths, err := filepath.Glob(filepath.Join(dir, "[0-9]*.json"))
	if err != nil {
		t.Fatal(err)
	}
	wrong, right := 0, 0
	for _, path := range paths {
		var c struct {
			Class  string `json:"classe"`
			Want   string `json:"attendu"`
			Reason string `json:"motif_attendu"`
		}
		if err := readJSON(path, &c); err != nil {
			t.Fatal(err)
		}
		if c.Want == "publie" {
			right++
		} else {
			wrong++
		}
		t.Run(strings.TrimSuffix(filepath.Base(path), ".json"), func(t *testing.T) {
			t.Parallel()
			var stdout, stderr bytes.Buffer
			code := verifyMemo(context.Background(), []string{"--json", "--facts", filepath.Join(dir, "faits.json"), path},
				&stdout, &stderr, func(string) string { return "" })
			var got struct {
				Status string `json:"statut"`
				Reason string `json:"motif"`
			}
			if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
				t.Fatalf("exit %d, %v: %s", code, err, stderr.String())
			}
			if got.Status != c.Want || !strings.Contains(got.Reason, c.Reason) {
				t.Errorf("%s : statut %s (%s), veut %s (%q)", c.Class, got.Status, got.Reason, c.Want, c.Reason)
			}
			if (code == 0) != (c.Want == "publie") {
				t.Errorf("exit %d for %s", code, got.Status)
			}
		})
	}
	if wrong < 35 || right < 5 {
		t.Errorf("%d adversarial memos and %d correct ones, want 35 and 5 at least", wrong, right)
	}
	if _, err := os.Stat(filepath.Join(dir, "README.md")); err != nil {
		t.Error("the set's README (provenance) is missing")
	}
}
