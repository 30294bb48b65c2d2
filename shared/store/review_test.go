package store

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/schema"
)

func newReview(t *testing.T) *Review {
	t.Helper()
	if reviewDB == nil {
		t.Skip("-short : pas d'émulateur Firestore (make test le lance)")
	}
	r, err := NewReview(reviewDB)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// counting is a recomputation that counts its calls and names the
// corrections it was given in the memo's reason.
func counting(calls *atomic.Int32) Recompute {
	return func(_ context.Context, cs []schema.Correction) (schema.Revision, error) {
		calls.Add(1)
		var after []string
		for _, c := range cs {
			after = append(after, c.After)
		}
		return schema.Revision{Memo: memo.Result{Status: memo.Published, Reason: fmt.Sprint(after)}}, nil
	}
}

func correction(id, after, by string) schema.Correction {
	return schema.Correction{Report: id, Field: "bilan.stocks", Year: 2025, Before: "10", After: after, Reason: "lu sur la page", By: by,
		At: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
}

func TestCorrectIsIdempotent(t *testing.T) {
	r := newReview(t)
	ctx := context.Background()
	id := schema.RunID(schema.Source{Bucket: "b", Object: t.Name(), Generation: 1})
	var calls atomic.Int32
	key := CorrectionKey("jeton-1")
	v, err := r.Correct(ctx, key, correction(id, "12", "ana@example.com"), counting(&calls))
	if err != nil || v != 2 {
		t.Fatalf("first correction: version %d, %v; want 2", v, err)
	}
	if _, err := r.Correct(ctx, key, correction(id, "13", "ana@example.com"), counting(&calls)); !errors.Is(err, ErrRecorded) {
		t.Fatalf("same form again: %v, want ErrRecorded", err)
	}
	if n := calls.Load(); n != 1 {
		t.Errorf("%d recomputations, want 1", n)
	}
	if v, err := r.Correct(ctx, CorrectionKey("jeton-2"), correction(id, "14", "ana@example.com"), counting(&calls)); err != nil || v != 3 {
		t.Fatalf("second correction: version %d, %v; want 3", v, err)
	}
	revs, err := r.Revisions(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(revs); got != 2 || revs[0].Version != 2 || revs[1].Version != 3 {
		t.Fatalf("revisions %+v, want versions 2 and 3", revs)
	}
	last, ok, err := r.Revision(ctx, id, 3)
	if err != nil || !ok {
		t.Fatal(ok, err)
	}
	if last.Memo.Reason != "[12 14]" || len(last.Corrections) != 2 || last.Corrections[0] != key || last.By != "ana@example.com" {
		t.Errorf("version 3 recomputed from %s, corrections %v by %s; want both, in order", last.Memo.Reason, last.Corrections, last.By)
	}
	cs, err := r.Corrections(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 2 || cs[0].State != schema.Applied || cs[0].Version != 2 || cs[0].After != "12" {
		t.Errorf("corrections %+v", cs)
	}
}

func TestCorrectionChecked(t *testing.T) {
	r := newReview(t)
	ctx := context.Background()
	var calls atomic.Int32
	cases := []struct {
		name     string
		checker  string
		accepted bool
		want     error
		state    schema.CorrectionState
		version  int
	}{
		{name: "by its author", checker: "ana@example.com", accepted: true, want: ErrSameReviewer, state: schema.Proposed},
		{name: "accepted", checker: "bob@example.com", accepted: true, state: schema.Applied, version: 2},
		{name: "refused", checker: "bob@example.com", state: schema.Refused},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			id := schema.RunID(schema.Source{Bucket: "b", Object: t.Name(), Generation: 1})
			key := CorrectionKey(t.Name())
			if v, err := r.Correct(ctx, key, correction(id, "12", "ana@example.com"), nil); err != nil || v != 0 {
				t.Fatalf("proposal: version %d, %v", v, err)
			}
			before := calls.Load()
			check := schema.CorrectionCheck{Accepted: tc.accepted, By: tc.checker, At: time.Now().UTC()}
			v, err := r.Check(ctx, key, check, counting(&calls))
			if !errors.Is(err, tc.want) || v != tc.version {
				t.Fatalf("check: version %d, %v; want %d, %v", v, err, tc.version, tc.want)
			}
			cs, err := r.Corrections(ctx, id)
			if err != nil || len(cs) != 1 {
				t.Fatal(cs, err)
			}
			if cs[0].State != tc.state {
				t.Errorf("state %s, want %s", cs[0].State, tc.state)
			}
			if want := int32(min(tc.version, 1)); calls.Load()-before != want {
				t.Errorf("%d recomputations, want %d", calls.Load()-before, want)
			}
			if tc.want == nil {
				if _, err := r.Check(ctx, key, check, counting(&calls)); !errors.Is(err, ErrDecided) {
					t.Errorf("second check: %v, want ErrDecided", err)
				}
			}
		})
	}
	if _, err := r.Check(ctx, CorrectionKey("aucune"), schema.CorrectionCheck{By: "bob@example.com"}, nil); !errors.Is(err, ErrNoCorrection) {
		t.Errorf("check of nothing: %v", err)
	}
}

// Corrections of one run applied at once each get their own version, or
// are refused whole: never two revisions of the same version, never a
// correction applied without its revision.
func TestCorrectConcurrently(t *testing.T) {
	r := newReview(t)
	ctx := context.Background()
	id := schema.RunID(schema.Source{Bucket: "b", Object: t.Name(), Generation: 1})
	var calls atomic.Int32
	var wg sync.WaitGroup
	var mu sync.Mutex
	var versions []int
	for i := range 4 {
		wg.Go(func() {
			v, err := r.Correct(ctx, CorrectionKey(fmt.Sprint(t.Name(), i)), correction(id, fmt.Sprint(20+i), "ana@example.com"), counting(&calls))
			if err != nil && !errors.Is(err, ErrConcurrent) {
				t.Error(err)
			}
			if err == nil {
				mu.Lock()
				versions = append(versions, v)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	revs, err := r.Revisions(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := r.Corrections(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(versions)
	if len(revs) != len(versions) || len(cs) != len(versions) || len(versions) == 0 {
		t.Errorf("versions %v, %d revisions, %d corrections: want one each", versions, len(revs), len(cs))
	}
	for i, v := range versions {
		if v != 2+i {
			t.Errorf("versions %v, want 2, 3, …", versions)
			break
		}
	}
}

func TestResolveOnce(t *testing.T) {
	r := newReview(t)
	ctx := context.Background()
	id := schema.RunID(schema.Source{Bucket: "b", Object: t.Name(), Generation: 1})
	first := schema.Resolution{Decision: schema.Validated, Comment: "vu", By: "ana@example.com", At: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
	if err := r.Resolve(ctx, id, first); err != nil {
		t.Fatal(err)
	}
	var done *AlreadyResolved
	if err := r.Resolve(ctx, id, schema.Resolution{Decision: schema.Rejected, Comment: "non", By: "bob@example.com"}); !errors.As(err, &done) || done.Resolution.By != first.By {
		t.Fatalf("second resolution: %v, want AlreadyResolved by %s", err, first.By)
	}
	got, err := r.Resolutions(ctx, []string{id, schema.RunID(schema.Source{Bucket: "b", Object: "aucun"})})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || !got[id].At.Equal(first.At) || got[id].Decision != first.Decision {
		t.Errorf("resolutions %+v, want the first only", got)
	}
}

// Each cause is decided once, by cause; another run's decisions are not
// listed.
func TestDecideOncePerCause(t *testing.T) {
	r := newReview(t)
	ctx := context.Background()
	id := schema.RunID(schema.Source{Bucket: "b", Object: t.Name(), Generation: 1})
	other := schema.RunID(schema.Source{Bucket: "b", Object: t.Name() + "-autre", Generation: 1})
	at := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	decide := func(report, cause string, v schema.CauseVerdict, by string) error {
		return r.Decide(ctx, schema.CauseDecision{Report: report, Cause: cause, Title: "cause " + cause, Verdict: v, Reason: "lu page 8", By: by, At: at})
	}
	for _, d := range []struct {
		report, cause string
		v             schema.CauseVerdict
	}{{id, "c1", schema.CauseAccepted}, {id, "c2", schema.CauseRejected}, {other, "c1", schema.CauseRejected}} {
		if err := decide(d.report, d.cause, d.v, "ana@example.com"); err != nil {
			t.Fatal(err)
		}
	}
	var done *AlreadyDecided
	if err := decide(id, "c1", schema.CauseRejected, "bob@example.com"); !errors.As(err, &done) || done.Decision.Verdict != schema.CauseAccepted {
		t.Fatalf("second decision on c1: %v, want AlreadyDecided with the first", err)
	}
	got, err := r.Decisions(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got["c1"].Verdict != schema.CauseAccepted || got["c2"].Verdict != schema.CauseRejected || !got["c1"].At.Equal(at) {
		t.Errorf("decisions %+v, want c1 accepted and c2 rejected", got)
	}
}

// A run takes MaxCorrections corrections, proposed or applied; the next is
// refused before anything is recomputed.
func TestCorrectionsBounded(t *testing.T) {
	r := newReview(t)
	ctx := context.Background()
	id := schema.RunID(schema.Source{Bucket: "b", Object: t.Name(), Generation: 1})
	var calls atomic.Int32
	for i := range schema.MaxCorrections {
		recompute := counting(&calls)
		if i%2 == 1 {
			recompute = nil // proposed ones count too
		}
		if _, err := r.Correct(ctx, CorrectionKey(fmt.Sprint(t.Name(), "-", i)), correction(id, fmt.Sprint(i), "ana@example.com"), recompute); err != nil {
			t.Fatalf("correction %d: %v", i+1, err)
		}
	}
	before := calls.Load()
	_, err := r.Correct(ctx, CorrectionKey(t.Name()+"-de-trop"), correction(id, "99", "ana@example.com"), counting(&calls))
	if !errors.Is(err, ErrTooManyCorrections) {
		t.Fatalf("correction %d: %v, want ErrTooManyCorrections", schema.MaxCorrections+1, err)
	}
	if calls.Load() != before {
		t.Error("the refused correction was recomputed")
	}
	cs, err := r.Corrections(ctx, id)
	if err != nil || len(cs) != schema.MaxCorrections {
		t.Errorf("%d corrections recorded (%v), want %d", len(cs), err, schema.MaxCorrections)
	}
}

// A version too large for one document is refused, and its correction is
// not recorded.
func TestRevisionTooLarge(t *testing.T) {
	r := newReview(t)
	ctx := context.Background()
	id := schema.RunID(schema.Source{Bucket: "b", Object: t.Name(), Generation: 1})
	huge := func(context.Context, []schema.Correction) (schema.Revision, error) {
		return schema.Revision{Memo: memo.Result{Status: memo.Published, Reason: strings.Repeat("x", schema.MaxRevisionBytes)}}, nil
	}
	key := CorrectionKey("jeton-enorme")
	if _, err := r.Correct(ctx, key, correction(id, "12", "ana@example.com"), huge); !errors.Is(err, ErrRevisionTooLarge) {
		t.Fatalf("huge version: %v, want ErrRevisionTooLarge", err)
	}
	if done, err := r.Recorded(ctx, key); err != nil || done {
		t.Errorf("the refused correction is recorded (%v, %v)", done, err)
	}
}

// Latest gives each revised run its newest version, whatever the number
// of runs asked (past a query's 30 values), and nothing for the others.
func TestLatestVersions(t *testing.T) {
	r := newReview(t)
	ctx := context.Background()
	var ids []string
	for i := range 35 {
		ids = append(ids, schema.RunID(schema.Source{Bucket: "b", Object: fmt.Sprintf("%s-%d", t.Name(), i), Generation: 1}))
	}
	revised := ids[33]
	var calls atomic.Int32
	for i, after := range []string{"12", "14"} {
		if _, err := r.Correct(ctx, CorrectionKey(fmt.Sprintf("%s-%d", t.Name(), i)), correction(revised, after, "ana@example.com"), counting(&calls)); err != nil {
			t.Fatal(err)
		}
	}
	got, err := r.Latest(ctx, ids)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[revised].Version != 3 || got[revised].Memo.Reason != "[12 14]" {
		t.Errorf("latest versions %+v, want version 3 of %s only", got, revised)
	}
}

// Handing lists the versions whose memo hands the run off while they are
// still its latest: a later version that publishes takes its run out.
func TestHandingVersions(t *testing.T) {
	r := newReview(t)
	ctx := context.Background()
	// The memo abstains when the last correction reads "abstient", is
	// blocked on "bloque", is published otherwise.
	recompute := func(_ context.Context, cs []schema.Correction) (schema.Revision, error) {
		st := memo.Status(cs[len(cs)-1].After)
		if st != memo.Abstained && st != memo.Blocked {
			return schema.Revision{Memo: memo.Result{Status: memo.Published}}, nil
		}
		h := memo.Handoff{Report: "Société " + cs[0].Report, Status: st, Reason: "relais après correction"}
		return schema.Revision{Memo: memo.Result{Status: st, Reason: h.Reason, Handoff: &h}}, nil
	}
	runs := map[string][]string{"abstains": {"abstention"}, "blocked": {"12", "bloque"}, "published-after": {"abstention", "14"}, "published": {"12"}}
	ids := map[string]string{}
	for name, afters := range runs {
		id := schema.RunID(schema.Source{Bucket: "b", Object: t.Name() + "-" + name, Generation: 1})
		ids[id] = name
		for i, after := range afters {
			if _, err := r.Correct(ctx, CorrectionKey(fmt.Sprintf("%s-%s-%d", t.Name(), name, i)), correction(id, after, "ana@example.com"), recompute); err != nil {
				t.Fatal(err)
			}
		}
	}
	all, err := r.Handing(ctx, 1000)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, rev := range all {
		if name, ok := ids[rev.Report]; ok {
			got[name] = rev.Version
			if rev.Memo.Handoff == nil || rev.Memo.Handoff.Reason != "relais après correction" || rev.By != "ana@example.com" || rev.At.IsZero() {
				t.Errorf("%s: version %+v, want its hand-off, author and date", name, rev)
			}
			if len(rev.Extraction.Years) > 0 {
				t.Errorf("%s: the reading was read", name)
			}
		}
	}
	if want := map[string]int{"abstains": 2, "blocked": 3}; !maps.Equal(got, want) {
		t.Errorf("versions handing off %v, want %v", got, want)
	}
	if one, err := r.Handing(ctx, 1); err != nil || len(one) > 1 {
		t.Errorf("limit 1: %d versions, %v", len(one), err)
	}
}
