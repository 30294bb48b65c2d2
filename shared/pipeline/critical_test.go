package pipeline_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/dev/fixtures/pdfs"
	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/model/modeltest"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/signals"
)

// critical lists the facts the net marks.
func criticalFacts(fs []facts.Fact) []facts.Fact {
	return slices.DeleteFunc(slices.Clone(fs), func(f facts.Fact) bool { return !f.Critical })
}

// A model that returns none of a report's critical risks (Solvea's going
// concern, in its notes and in the auditor's observation): the net adds
// them, verified, counts them, and the memo must address them: the
// writer is told, and a memo that leaves one out abstains.
func TestCriticalNetUnderTheModel(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	texts := pdfs.Read(t, fixtures.ReportOf(t, "solvea").PDF).Texts()
	quiet := signals.RiskReading{Signals: []signals.Signal{}}
	p := pipeline.New(modeltest.New(modeltest.Answer(t, quiet)), pipeline.Options{Limits: pdftext.DefaultLimits()})
	sig, err := p.Signals(ctx, "Solvea SA", []int{2025, 2024}, texts)
	if err != nil {
		t.Fatal(err)
	}
	marked := criticalFacts(sig.Facts)
	if sig.CriticalAdded < 2 || len(marked) != sig.CriticalAdded || len(sig.Verified) != sig.CriticalAdded {
		t.Fatalf("added %d, marked %d, verified %d", sig.CriticalAdded, len(marked), len(sig.Verified))
	}
	categories := map[signals.Category]bool{}
	for _, s := range sig.Verified {
		categories[s.Category] = true
	}
	if !categories[signals.GoingConcern] {
		t.Errorf("no going concern among %v", categories)
	}
	if verified, rejected := signals.Check(texts, sig.Verified); len(verified) != len(sig.Verified) || len(rejected) > 0 {
		t.Errorf("a signal the net added does not verify: %+v", rejected)
	}
	if rec := sig.Record().Bounded(); rec.CriticalAdded != sig.CriticalAdded || len(criticalFacts(rec.Facts)) != len(marked) {
		t.Errorf("stored: added %d, %d critical facts", rec.CriticalAdded, len(criticalFacts(rec.Facts)))
	}

	write := func(t *testing.T, sources []string) (memo.Result, string) {
		t.Helper()
		m := memo.Memo{Paragraphs: []memo.Paragraph{{Kind: memo.Risks, Text: "Risque continuité exploitation, gravité élevée.", Sources: sources}}}
		fake := modeltest.New(modeltest.Answer(t, m))
		w, err := memo.NewModelWriter(fake)
		if err != nil {
			t.Fatal(err)
		}
		v, err := memo.NewVerifier(memo.OfflineJudge{})
		if err != nil {
			t.Fatal(err)
		}
		c, err := memo.NewComposer(w, v)
		if err != nil {
			t.Fatal(err)
		}
		res, err := c.Compose(ctx, memo.Input{Company: "Solvea SA", Facts: sig.Facts, Years: []int{2025, 2024}})
		if err != nil {
			t.Fatal(err)
		}
		return res, fake.Requests()[0].Content
	}
	t.Run("left out", func(t *testing.T) {
		t.Parallel()
		res, prompt := write(t, []string{marked[0].ID})
		if res.Status != memo.Abstained || !strings.Contains(res.Reason, "signal critique non traité : "+marked[1].ID) {
			t.Errorf("status %s: %s", res.Status, res.Reason)
		}
		for _, f := range marked {
			if !strings.Contains(prompt, "["+f.ID+"]") || !strings.Contains(prompt, "signal critique") {
				t.Errorf("the writer is not told of %s", f.ID)
			}
		}
	})
	t.Run("addressed", func(t *testing.T) {
		t.Parallel()
		var ids []string
		for _, f := range marked {
			ids = append(ids, f.ID)
		}
		if res, _ := write(t, ids); strings.Contains(res.Reason, "signal critique non traité") {
			t.Errorf("status %s: %s", res.Status, res.Reason)
		}
	})
}

// Offline, the reader already finds the critical risks: the net adds
// none, marks them, and the offline memo addresses every one.
func TestCriticalOffline(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	doc := pdfs.Read(t, fixtures.ReportOf(t, "solvea").PDF)
	p := pipeline.New(nil, pipeline.Options{Limits: pdftext.DefaultLimits()})
	ex, err := p.Extract(ctx, doc)
	if err != nil {
		t.Fatal(err)
	}
	company, years := ex.Borrower(), ex.Result.Report.YearsDesc()
	sig, err := p.Signals(ctx, company, years, doc.Texts())
	if err != nil {
		t.Fatal(err)
	}
	marked := criticalFacts(sig.Facts)
	if sig.CriticalAdded != 0 || len(marked) == 0 {
		t.Fatalf("added %d, marked %d", sig.CriticalAdded, len(marked))
	}
	res, err := p.Memo(ctx, memo.Input{Company: company, Years: years, Facts: append(slices.Clone(ex.Facts), sig.Facts...)})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range marked {
		if !slices.ContainsFunc(res.Paragraphs, func(p memo.Paragraph) bool { return slices.Contains(p.Sources, f.ID) }) {
			t.Errorf("the memo leaves out %s", f.ID)
		}
	}
	if strings.Contains(res.Reason, "signal critique non traité") {
		t.Errorf("status %s: %s", res.Status, res.Reason)
	}
}
