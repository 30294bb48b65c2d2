package main

import (
	"context"
	"strings"
	"testing"

	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/pipeline"
)

// The chain blocks a memo that contradicts itself: the Vernet report states
// a covenant whose limit is an amount (equity of at least 150,0 M€), which
// the covenants reader, reading ratio covenants only, does not type while
// the risk reader quotes it; the memo would say "aucun covenant relevé"
// beside that quote. make run takes this report for the bloque it must show.
func TestChainBlocksContradiction(t *testing.T) {
	t.Parallel()
	path := fixtures.Testdata(t, "families", "vernet", "rapport.pdf")
	r, err := runChain(context.Background(), pipeline.New(nil, pipeline.Options{}), path, func(string) {})
	if err != nil {
		t.Fatal(err)
	}
	if r.memo.Status != memo.Blocked {
		t.Fatalf("statut %s (%s), veut bloque", r.memo.Status, r.memo.Reason)
	}
	for _, want := range []string{"se contredit sur covenant", "« Risque covenant", "« Covenants : aucun covenant relevé"} {
		if !strings.Contains(r.memo.Reason, want) {
			t.Errorf("motif %q sans %q", r.memo.Reason, want)
		}
	}
	if r.memo.Handoff == nil || len(r.memo.Paragraphs) == 0 {
		t.Error("le brouillon et le relais manquent")
	}
}
