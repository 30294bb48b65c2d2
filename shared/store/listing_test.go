package store

import (
	"errors"
	"slices"
	"testing"
	"time"

	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/schema"
)

// What the viewer reads, on the emulator (storetest holds the same
// cases): the newest reports first, filtered by status, many documents at
// once, the hand-offs with when they opened, and a hand-off resolved once.
func TestViewerReads(t *testing.T) {
	s, clk := newStore(t, DefaultMaxAttempts)
	ctx := t.Context()
	clk.Add(100 * 365 * 24 * time.Hour) // after every other test's runs
	write := func(o schema.Outcome) string {
		_, src := newRun(t)
		src.Object += string(o.Status)
		id := schema.RunID(*src)
		c, err := s.Claim(ctx, id, schema.Extraction, src)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Complete(ctx, c, o); err != nil {
			t.Fatal(err)
		}
		clk.Add(time.Hour)
		return id
	}
	done := write(schema.Outcome{Status: schema.Done})
	blocked := write(schema.Outcome{Status: schema.Blocked, Handoff: &schema.HandoffRecord{Handoff: memo.Handoff{Status: memo.Blocked, Reason: "un nombre absent"}}})

	if runs, err := s.Reports(ctx, 1, ""); err != nil || len(runs) != 1 || runs[0].ID != blocked {
		t.Errorf("the newest report: %v %v, want %s", runs, err, blocked)
	}
	runs, err := s.Reports(ctx, 1000, schema.Blocked)
	ids := make([]string, len(runs))
	for i, r := range runs {
		ids[i] = r.ID
	}
	if err != nil || !slices.Contains(ids, blocked) || slices.Contains(ids, done) {
		t.Errorf("blocked reports %v %v: want %s, not %s", ids, err, blocked, done)
	}
	if counts, err := s.StatusCounts(ctx); err != nil || counts[schema.Blocked] < 1 || counts[schema.Done] < 1 {
		t.Errorf("counts %v %v", counts, err)
	}
	absent := schema.RunID(schema.Source{Bucket: "depots", Object: "jamais.pdf", Generation: 1})
	reports := make([]schema.Report, 3)
	found, err := s.GetAll(ctx, schema.Reports, []string{done, absent, blocked}, func(i int) any { return &reports[i] })
	if err != nil || !slices.Equal(found, []bool{true, false, true}) || reports[2].Status != schema.Blocked {
		t.Errorf("GetAll: %v %v", found, err)
	}
	if _, err := s.GetAll(ctx, schema.Reports, []string{"../x"}, func(int) any { return &schema.Report{} }); !errors.Is(err, schema.ErrInvalidID) {
		t.Errorf("GetAll of an id that is no run's: %v, want ErrInvalidID", err)
	}
	hs, err := s.Handoffs(ctx, 1000)
	i := slices.IndexFunc(hs, func(p Pending) bool { return p.ID == blocked })
	if err != nil || i < 0 || !hs[i].Opened.Equal(reports[2].Created) || hs[i].Reason != "un nombre absent" {
		t.Errorf("hand-offs: %v, %d of %d, want %s opened at its creation", err, i, len(hs), blocked)
	}
	first := schema.Resolution{Decision: schema.Validated, Comment: "relu", By: "ana@example.com", At: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
	if err := s.ResolveHandoff(ctx, blocked, first); err != nil {
		t.Fatal(err)
	}
	var again *AlreadyResolved
	if err := s.ResolveHandoff(ctx, blocked, schema.Resolution{Decision: schema.Rejected, By: "bob@example.com"}); !errors.As(err, &again) || again.Resolution.By != first.By {
		t.Errorf("second resolution: %v, want the first one's", err)
	}
	if err := s.ResolveHandoff(ctx, done, first); !errors.Is(err, ErrNotFound) {
		t.Errorf("a run without hand-off: %v, want ErrNotFound", err)
	}
	var h schema.HandoffRecord
	if err := s.Get(ctx, schema.Handoffs, done, &h); !errors.Is(err, ErrNotFound) {
		t.Errorf("a missing document: %v, want ErrNotFound", err)
	}
}
