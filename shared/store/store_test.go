package store

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"cloud.google.com/go/firestore"

	"analyste.dev/analyste/shared/dev/localstack"
	"analyste.dev/analyste/shared/schema"
)

// emulator is the Firestore emulator the integration tests share; each
// test writes its own runs.
var emulator *firestore.Client

// reviewDB is the same emulator's review database.
var reviewDB *firestore.Client

func TestMain(m *testing.M) {
	flag.Parse()
	if testing.Short() {
		os.Exit(m.Run()) // the emulator's tests skip, saying why
	}
	ctx := context.Background()
	st, err := localstack.Start(ctx, localstack.Options{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	emulator, err = st.FirestoreClient(ctx)
	if err == nil {
		reviewDB, err = st.FirestoreDatabaseClient(ctx, "revue")
	}
	code := 1
	if err == nil {
		code = m.Run()
		emulator.Close()
		reviewDB.Close()
	} else {
		fmt.Fprintln(os.Stderr, err)
	}
	st.Stop()
	os.Exit(code)
}

// clock is a time a test moves by hand.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

const lease = time.Minute

// firestoreClient is the shared emulator's client; with -short there is
// none and the test skips.
func firestoreClient(t *testing.T) *firestore.Client {
	t.Helper()
	if emulator == nil {
		t.Skip("-short : pas d'émulateur Firestore (make test le lance)")
	}
	return emulator
}

func newStore(t *testing.T, maxAttempts int) (*Store, *clock) {
	t.Helper()
	clk := &clock{t: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
	s, err := New(firestoreClient(t), lease, WithClock(clk.Now), WithMaxAttempts(maxAttempts))
	if err != nil {
		t.Fatal(err)
	}
	return s, clk
}

// newRun returns a run id of its own and its source.
func newRun(t *testing.T) (string, *schema.Source) {
	t.Helper()
	src := &schema.Source{Bucket: "depots", Object: t.Name() + ".pdf", Generation: time.Now().UnixNano()}
	return schema.RunID(*src), src
}

func report(t *testing.T, s *Store, id string) schema.Report {
	t.Helper()
	var r schema.Report
	if err := s.Get(t.Context(), schema.Reports, id, &r); err != nil {
		t.Fatal(err)
	}
	return r
}

func TestDecide(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	later, earlier := now.Add(time.Second), now.Add(-time.Second)
	tests := []struct {
		name string
		step schema.Step
		want Verdict
	}{
		{"never taken", schema.Step{}, Free},
		{"freed by a transient failure", schema.Step{State: schema.StepRetry, Takes: 1}, Free},
		{"its instance died: lease expired", schema.Step{State: schema.StepRunning, Lease: earlier, Takes: 2}, Free},
		{"held within its lease", schema.Step{State: schema.StepRunning, Lease: later, Takes: 1}, Held},
		{"held within its lease, takes spent", schema.Step{State: schema.StepRunning, Lease: later, Takes: 3}, Held},
		{"done", schema.Step{State: schema.StepDone, Takes: 5}, Settled},
		{"failed for good", schema.Step{State: schema.StepFailed, Takes: 1}, Settled},
		{"lease expired after the last take allowed", schema.Step{State: schema.StepRunning, Lease: earlier, Takes: 3}, Spent},
		{"freed after the last take allowed", schema.Step{State: schema.StepRetry, Takes: 3}, Spent},
		{"lease ends now", schema.Step{State: schema.StepRunning, Lease: now, Takes: 1}, Free},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := Decide(tt.step, now, 3); got != tt.want {
				t.Errorf("decide = %v, want %v", got, tt.want)
			}
		})
	}
}

// A malformed id is refused with a clear error, without a panic or a write.
func TestInvalidIDs(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t, 3)
	for _, id := range []string{"", "abc", "extractions"} {
		_, err := s.Claim(t.Context(), id, schema.Extraction, &schema.Source{Bucket: "b", Object: "o.pdf"})
		if !errors.Is(err, schema.ErrInvalidID) || !strings.Contains(err.Error(), "24 caractères hexadécimaux") {
			t.Errorf("Claim(%q) = %v, want ErrInvalidID", id, err)
		}
		if err := s.Get(t.Context(), schema.Reports, id, &schema.Report{}); !errors.Is(err, schema.ErrInvalidID) {
			t.Errorf("Get(%q) = %v, want ErrInvalidID", id, err)
		}
	}
}

// A stage whose instance dies is taken over once its lease expires: the
// report says so, the dead take can no longer write, and the run ends with
// a status and a reason whatever the new take does.
func TestLeaseExpiryTakeover(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		// end finishes the take that took over.
		end        func(ctx context.Context, s *Store, c Claim) error
		wantStatus schema.Status
		wantReason string // in the final failure; empty for none
	}{
		{"the new take completes", func(ctx context.Context, s *Store, c Claim) error {
			return s.Complete(ctx, c, schema.Outcome{Status: schema.Running(schema.Signaling)})
		}, schema.Running(schema.Signaling), ""},
		{"the new take fails for good", func(ctx context.Context, s *Store, c Claim) error {
			return s.Fail(ctx, c, "Le fichier n'est pas un PDF.", false, nil)
		}, schema.Failed, "n'est pas un PDF"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ctx := t.Context()
			s, clk := newStore(t, 3)
			id, src := newRun(t)
			dead, err := s.Claim(ctx, id, schema.Extraction, src)
			if err != nil {
				t.Fatal(err)
			}
			clk.Add(lease - time.Second)
			if _, err := s.Claim(ctx, id, schema.Extraction, src); !errors.Is(err, ErrBusy) {
				t.Fatalf("claim within the lease: %v, want ErrBusy", err)
			}
			clk.Add(2 * time.Second)
			c, err := s.Claim(ctx, id, schema.Extraction, src)
			if err != nil || !c.Resumed || dead.Number != 1 || c.Number != 2 {
				t.Fatalf("claim after the lease: %+v, %v; want a takeover, take 2", c, err)
			}
			r := report(t, s, id)
			if st := r.Steps[schema.Extraction]; st.State != schema.StepRunning || st.Takes != 2 || len(st.Starts) != 2 ||
				r.Failure == nil || !r.Failure.Retryable || !strings.Contains(r.Failure.Reason, "reprise") {
				t.Fatalf("after the takeover: step %+v, failure %+v", st, r.Failure)
			}
			if err := s.Complete(ctx, dead, schema.Outcome{Status: "perdu"}); !errors.Is(err, ErrDone) {
				t.Errorf("the dead take completes: %v, want ErrDone", err)
			}
			if err := tt.end(ctx, s, c); err != nil {
				t.Fatal(err)
			}
			r = report(t, s, id)
			if r.Status != tt.wantStatus {
				t.Errorf("status %q, want %q", r.Status, tt.wantStatus)
			}
			switch {
			case tt.wantReason == "" && r.Failure != nil:
				t.Errorf("stale failure %+v after success", r.Failure)
			case tt.wantReason != "" && (r.Failure == nil || r.Failure.Retryable || !strings.Contains(r.Failure.Reason, tt.wantReason)):
				t.Errorf("failure %+v, want a final one with %q", r.Failure, tt.wantReason)
			}
		})
	}
}

// A stage whose every take dies ends the run at the claim after the last
// take allowed: echec with the takes' history, then nothing more.
func TestAttemptsExhausted(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	s, clk := newStore(t, 3)
	id, src := newRun(t)
	var starts []time.Time
	for range 3 {
		starts = append(starts, clk.Now())
		if _, err := s.Claim(ctx, id, schema.Extraction, src); err != nil {
			t.Fatal(err)
		}
		clk.Add(lease + time.Second)
	}
	_, err := s.Claim(ctx, id, schema.Extraction, src)
	var ex *Exhausted
	if !errors.As(err, &ex) || ex.Takes != 3 || len(ex.Starts) != 3 {
		t.Fatalf("claim after 3 takes: %v, want *Exhausted with 3 takes", err)
	}
	r := report(t, s, id)
	f := r.Failure
	if r.Status != schema.Failed || f == nil || f.Retryable || !strings.Contains(f.Reason, "Document impossible à traiter") || f.Takes != 3 {
		t.Fatalf("report %+v, failure %+v", r, f)
	}
	for i, at := range f.Starts {
		if !at.Equal(starts[i]) {
			t.Errorf("take %d began %v, want %v", i+1, at, starts[i])
		}
	}
	if st := r.Steps[schema.Extraction]; st.State != schema.StepFailed {
		t.Errorf("step %+v, want failed", st)
	}
	if _, err := s.Claim(ctx, id, schema.Extraction, src); !errors.Is(err, ErrDone) {
		t.Errorf("claim after giving up: %v, want ErrDone", err)
	}
}

// A transient failure followed by success leaves no failure on the report.
func TestRetryThenSuccessClearsFailure(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	s, _ := newStore(t, 3)
	id, src := newRun(t)
	c, err := s.Claim(ctx, id, schema.Extraction, src)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Fail(ctx, c, "Vertex AI indisponible.", true, nil); err != nil {
		t.Fatal(err)
	}
	if r := report(t, s, id); r.Failure == nil || !r.Failure.Retryable {
		t.Fatalf("after the transient failure: %+v", r.Failure)
	}
	if c, err = s.Claim(ctx, id, schema.Extraction, src); err != nil {
		t.Fatal(err)
	}
	if err := s.Complete(ctx, c, schema.Outcome{Status: schema.Running(schema.Signaling)}); err != nil {
		t.Fatal(err)
	}
	if r := report(t, s, id); r.Failure != nil || r.Status != schema.Running(schema.Signaling) || r.Steps[schema.Extraction].Takes != 2 {
		t.Errorf("after the retry: status %q, failure %+v, steps %+v", r.Status, r.Failure, r.Steps)
	}
}

func TestNewRefusesNoAttempt(t *testing.T) {
	t.Parallel()
	if _, err := New(firestoreClient(t), lease, WithMaxAttempts(0)); err == nil {
		t.Error("a store allowing no attempt was made")
	}
}
