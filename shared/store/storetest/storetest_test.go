package storetest

import (
	"errors"
	"maps"
	"slices"
	"strconv"
	"testing"
	"time"

	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/model"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/store"
)

// The stand-in answers as the store does (store's emulator tests hold the
// same cases): a stage held is busy, a stage done is done, a failure frees
// it, a lease that ends lets another take resume it, and the third take
// is the last.
func TestRunsFollowTheStoreRules(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	r := New(time.Minute)
	r.Now = func() time.Time { return now }
	src := schema.Source{Bucket: "depots", Object: "a.pdf", Generation: 1}
	id := schema.RunID(src)

	first, err := r.Claim(ctx, id, schema.Extraction, &src)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Claim(ctx, id, schema.Extraction, &src); !errors.Is(err, store.ErrBusy) {
		t.Fatalf("second claim within the lease: %v, want ErrBusy", err)
	}
	usage := model.Usage{InputTokens: 10, OutputTokens: 5}
	usage.Add(model.Attempt{Role: "extraction", Number: 1})
	if err := r.Fail(ctx, first, "panne", true, &usage); err != nil {
		t.Fatal(err)
	}
	now = now.Add(time.Second)
	second, err := r.Claim(ctx, id, schema.Extraction, &src)
	if err != nil || second.Resumed {
		t.Fatalf("claim after a transient failure: %+v, %v", second, err)
	}
	now = now.Add(2 * time.Minute) // the second take's instance died
	third, err := r.Claim(ctx, id, schema.Extraction, &src)
	if err != nil || !third.Resumed {
		t.Fatalf("claim after the lease: %+v, %v; want resumed", third, err)
	}
	for i, c := range []store.Claim{first, second, third} {
		want := map[string]string{store.RunLabel: id, store.StageLabel: string(schema.Extraction), store.TakeLabel: strconv.Itoa(i + 1)}
		if c.Number != i+1 || !maps.Equal(c.Labels(), want) {
			t.Errorf("take %d: number %d, labels %v; want %v", i+1, c.Number, c.Labels(), want)
		}
	}
	if err := r.Complete(ctx, second, schema.Outcome{}); !errors.Is(err, store.ErrDone) {
		t.Errorf("completion by a take given up: %v, want ErrDone", err)
	}
	rec := schema.ExtractionRecord{Company: "Ferlac"}
	if err := r.Complete(ctx, third, schema.Outcome{Status: schema.Running(schema.Signaling), Extraction: &rec, Usage: &usage}); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Claim(ctx, id, schema.Extraction, &src); !errors.Is(err, store.ErrDone) {
		t.Errorf("claim of a stage done: %v, want ErrDone", err)
	}
	var rep schema.Report
	if err := r.Get(ctx, schema.Reports, id, &rep); err != nil {
		t.Fatal(err)
	}
	if s := rep.Steps[schema.Extraction]; s.State != schema.StepDone || s.Takes != 3 || rep.Failure != nil ||
		rep.Status != schema.Running(schema.Signaling) || rep.Company != "Ferlac" || rep.Tokens.Calls != 2 || rep.Tokens.Input != 20 {
		t.Errorf("report %+v", rep)
	}
	if n := r.Writes(schema.Extractions, id); n != 1 {
		t.Errorf("extraction written %d times", n)
	}

	// A stage killed at each of its three takes ends the run.
	for range store.DefaultMaxAttempts {
		if _, err := r.Claim(ctx, id, schema.Signaling, nil); err != nil {
			t.Fatal(err)
		}
		now = now.Add(2 * time.Minute)
	}
	var spent *store.Exhausted
	if _, err := r.Claim(ctx, id, schema.Signaling, nil); !errors.As(err, &spent) || spent.Takes != 3 {
		t.Fatalf("claim after three takes: %v, want Exhausted", err)
	}
	if err := r.Get(ctx, schema.Reports, id, &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Status != schema.Failed || rep.Failure == nil || rep.Failure.Takes != 3 {
		t.Errorf("report %s, failure %+v; want echec after 3 takes", rep.Status, rep.Failure)
	}
	if _, err := r.Claim(ctx, "0123456789abcdef01234567", schema.Signaling, nil); !errors.Is(err, store.ErrDone) {
		t.Errorf("claim of an unknown run: %v, want ErrDone", err)
	}
}

// The stand-in lists, counts, reads many and resolves as the store does
// (store's TestViewerReads holds the same cases).
func TestRunsAnswerTheViewerAsTheStore(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	r := New(time.Minute)
	r.Now = func() time.Time { return now }
	write := func(name string, o schema.Outcome) string {
		id, err := r.Seed(ctx, schema.Source{Bucket: "depots", Object: name, Generation: 1}, o)
		if err != nil {
			t.Fatal(err)
		}
		now = now.Add(time.Hour)
		return id
	}
	done := write("a.pdf", schema.Outcome{Status: schema.Done})
	blocked := write("b.pdf", schema.Outcome{Status: schema.Blocked, Handoff: &schema.HandoffRecord{Handoff: memo.Handoff{Status: memo.Blocked, Reason: "un nombre absent"}}})
	if runs, err := r.Reports(ctx, 1, ""); err != nil || len(runs) != 1 || runs[0].ID != blocked {
		t.Errorf("the newest report: %v %v, want %s", runs, err, blocked)
	}
	if runs, err := r.Reports(ctx, 10, schema.Blocked); err != nil || len(runs) != 1 || runs[0].ID != blocked {
		t.Errorf("blocked reports %v %v, want %s only", runs, err, blocked)
	}
	if counts, err := r.StatusCounts(ctx); err != nil || counts[schema.Blocked] != 1 || counts[schema.Done] != 1 {
		t.Errorf("counts %v %v", counts, err)
	}
	absent := schema.RunID(schema.Source{Bucket: "depots", Object: "jamais.pdf", Generation: 1})
	reports := make([]schema.Report, 3)
	found, err := r.GetAll(ctx, schema.Reports, []string{done, absent, blocked}, func(i int) any { return &reports[i] })
	if err != nil || !slices.Equal(found, []bool{true, false, true}) || reports[2].Status != schema.Blocked {
		t.Errorf("GetAll: %v %v", found, err)
	}
	if _, err := r.GetAll(ctx, schema.Reports, []string{"../x"}, func(int) any { return &schema.Report{} }); !errors.Is(err, schema.ErrInvalidID) {
		t.Errorf("GetAll of an id that is no run's: %v, want ErrInvalidID", err)
	}
	hs, err := r.Handoffs(ctx, 10)
	if err != nil || len(hs) != 1 || hs[0].ID != blocked || !hs[0].Opened.Equal(reports[2].Created) || hs[0].Reason != "un nombre absent" {
		t.Errorf("hand-offs: %+v %v, want %s opened at its creation", hs, err, blocked)
	}
	first := schema.Resolution{Decision: schema.Validated, Comment: "relu", By: "ana@example.com", At: now}
	if err := r.ResolveHandoff(ctx, blocked, first); err != nil {
		t.Fatal(err)
	}
	var again *store.AlreadyResolved
	if err := r.ResolveHandoff(ctx, blocked, schema.Resolution{Decision: schema.Rejected, By: "bob@example.com"}); !errors.As(err, &again) || again.Resolution.By != first.By {
		t.Errorf("second resolution: %v, want the first one's", err)
	}
	if err := r.ResolveHandoff(ctx, done, first); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a run without hand-off: %v, want ErrNotFound", err)
	}
}
