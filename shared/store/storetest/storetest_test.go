package storetest

import (
	"errors"
	"testing"
	"time"

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
