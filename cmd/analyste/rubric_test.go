package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"analyste.dev/analyste/shared/dev/fixtures"
)

// rubric scores a memo file and a run --json output alike, one line each
// and a total; a missing file fails.
func TestRubric(t *testing.T) {
	t.Parallel()
	memoPath := fixtures.Testdata(t, "memos", "adverses", "64-correct-retraitements-du-preteur.json")
	b, err := os.ReadFile(memoPath)
	if err != nil {
		t.Fatal(err)
	}
	run := filepath.Join(t.TempDir(), "run.json")
	if err := os.WriteFile(run, []byte(`{"societe": "X", "memo": `+string(b)+`}`), 0o600); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := dispatch(context.Background(), []string{"rubric", "--model", "offline", memoPath, run}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[2], "total : ") {
		t.Fatalf("output %q, want two memos and a total", stdout.String())
	}
	for _, l := range lines[:2] {
		if !strings.Contains(l, "sections : 3/7") || !strings.Contains(l, "avis : aucun") || !strings.Contains(l, "points ") {
			t.Errorf("line %q: three sections, no opinion", l)
		}
	}
	stdout.Reset()
	if code := dispatch(context.Background(), []string{"rubric", "--model", "offline", filepath.Join(t.TempDir(), "absent.json")}, &stdout, &stderr); code != 1 {
		t.Errorf("exit %d for a missing file, want 1", code)
	}
}
