package viewer

import (
	"log/slog"
	"strings"
	"testing"
	"time"

	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/statements"
)

// Once a correction gave a new version, the report shows that version's
// memo in place, its facts listed, its opinion in the header; the chain's
// memo is folded below it.
func TestReportShowsTheLatestMemo(t *testing.T) {
	t.Parallel()
	const id = "r-version"
	reader := memReader{docs: map[string][]byte{}}
	ex := schema.ExtractionRecord{Company: "Société test SA", Years: map[int]statements.Year{2025: {}, 2024: {}},
		Facts: []facts.Fact{{ID: "R-test-levier-2025", Text: "Levier 2025 : 5,5x (lecture de la chaîne)", State: facts.Verified}}}
	chainMemo := memo.Result{Status: memo.Published, Reason: "publié", Paragraphs: []memo.Paragraph{{Text: "Le levier atteint 5,5x.", Sources: []string{"R-test-levier-2025"}}}}
	reader.put(t, schema.Reports, id, schema.Report{Status: schema.Done, Company: ex.Company})
	reader.put(t, schema.Extractions, id, ex)
	reader.put(t, schema.Signals, id, schema.SignalsRecord{})
	reader.put(t, schema.Memos, id, chainMemo)
	revised := ex
	revised.Facts = []facts.Fact{{ID: "R-test-levier-2025", Text: "Levier 2025 : 2,1x (lecture corrigée)", State: facts.Verified}}
	review := &memReview{decisions: map[string]schema.CauseDecision{}, resolutions: map[string]schema.Resolution{}, reader: reader,
		revisions: []schema.Revision{{Report: id, Version: 2, Corrections: []string{"k1"}, By: "ana@example.com", At: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC),
			Extraction: revised, Memo: memo.Result{Status: memo.Published, Reason: "publié après correction",
				Opinion:    &memo.Opinion{Level: memo.OpinionLevel(facts.LevelFavorable)},
				Paragraphs: []memo.Paragraph{{Text: "Le levier revient à 2,1x.", Sources: []string{"R-test-levier-2025"}}}}}}}
	h, err := New(Deps{Reader: reader, Resolver: review, Corrections: review, Log: slog.New(slog.DiscardHandler), FormKey: formKey})
	if err != nil {
		t.Fatal(err)
	}
	code, page := serve(t, h, "GET", reportURL(id), "ana@example.com", nil, "")
	if code != 200 {
		t.Fatalf("report: %d\n%.2000s", code, page)
	}
	memoAt, folded := strings.Index(page, `id="titre-memo"`), strings.Index(page, `id="memo-chaine"`)
	latest, chain := strings.Index(page, "Le levier revient à "), strings.Index(page, "Le levier atteint 5,5x.")
	switch {
	case memoAt < 0 || latest < memoAt:
		t.Error("the memo section does not show version 2's memo")
	case folded < 0 || chain < folded || latest > folded:
		t.Error("the chain's memo is not folded below version 2's")
	}
	if !strings.Contains(page, "Version 2 du mémo, en vigueur") {
		t.Error("the memo does not say which version it is")
	}
	if !strings.Contains(page, "Levier 2025 : 2,1x (lecture corrigée)") || strings.Contains(page, "(lecture de la chaîne)") {
		t.Error("the facts listed are not version 2's")
	}
	if !strings.Contains(page, `class="avis avis-favorable"`) {
		t.Error("the header's opinion is not version 2's")
	}
}
