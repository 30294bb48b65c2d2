package relay

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"testing"
	"time"

	"analyste.dev/analyste/shared/dev/fixtures"
)

// push sends the fixture's finalize notification with the given message ID.
func push(t *testing.T, r *Relay, id string) {
	t.Helper()
	body := bytes.Replace(fixtures.File(t, "push-finalize.json"), []byte(`"messageId": "7"`), []byte(`"messageId": "`+id+`"`), 1)
	if id != "7" && bytes.Equal(body, fixtures.File(t, "push-finalize.json")) {
		t.Fatal("push-finalize.json has no messageId 7")
	}
	rec := httptest.NewRecorder()
	r.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, PushPath, bytes.NewReader(body)))
	if rec.Code != http.StatusNoContent {
		t.Fatalf("status = %d, want 204 (%s)", rec.Code, rec.Body)
	}
}

// waitStats polls the relay's counters until done holds.
func waitStats(t *testing.T, r *Relay, done func(Stats) bool) Stats {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		s := r.Stats()
		if done(s) {
			return s
		}
		if time.Now().After(deadline) {
			t.Fatalf("relais : %+v", s)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// A function that fails, or answers too late, gets the same event again
// after a growing wait, until it acknowledges it.
func TestRetriedUntilAcknowledged(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		statuses []int
		policy   Policy
	}{
		{name: "errors then success", statuses: []int{500, 503, 429, 200}, policy: fast},
		{name: "a client error is retried too", statuses: []int{400, 200}, policy: fast},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			target, got := newTarget(t, tt.statuses...)
			r := newRelay(t, tt.policy)
			r.RouteBucket("uploads", target)
			start := time.Now()
			push(t, r, "7")
			var times []time.Duration
			for range tt.statuses {
				d, _ := delivered(t, got, true)
				if d.event.ID() != "7" {
					t.Errorf("event ID = %q, want 7 on every delivery", d.event.ID())
				}
				times = append(times, time.Since(start))
			}
			s := waitStats(t, r, func(s Stats) bool { return s.Delivered == 1 })
			if s.Attempts != len(tt.statuses) || s.Failed != len(tt.statuses)-1 || s.GivenUp != 0 {
				t.Errorf("stats %+v, want %d attempts, %d failed", s, len(tt.statuses), len(tt.statuses)-1)
			}
			// The n-th wait is drawn in [b/2, b] with b = MinBackoff·2^(n-1).
			for i := 1; i < len(times); i++ {
				low := tt.policy.MinBackoff << (i - 1) / 2
				if gap := times[i] - times[i-1]; gap < low {
					t.Errorf("retry %d came %v after the previous one, want at least %v", i, gap, low)
				}
			}
			delivered(t, got, false)
		})
	}
}

func TestTimeoutIsRetried(t *testing.T) {
	t.Parallel()
	calls := make(chan struct{}, 8)
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		calls <- struct{}{}
		if len(calls) == 1 {
			// The server sees the relay hang up once the body is read.
			_, _ = io.Copy(io.Discard, req.Body)
			<-req.Context().Done()
			return
		}
		w.WriteHeader(http.StatusOK)
	}))
	t.Cleanup(slow.Close)
	p := fast
	p.Timeout = 50 * time.Millisecond
	r := newRelay(t, p)
	r.RouteBucket("uploads", slow.URL)
	push(t, r, "7")
	s := waitStats(t, r, func(s Stats) bool { return s.Delivered == 1 })
	if s.Attempts != 2 || s.Failed != 1 {
		t.Errorf("stats %+v, want one timeout then one delivery", s)
	}
}

// An event no delivery succeeds with is given up after the window, and
// said so.
func TestGivenUpAfterWindow(t *testing.T) {
	t.Parallel()
	target, _ := newTarget(t, http.StatusServiceUnavailable)
	p := Policy{Window: 300 * time.Millisecond, MinBackoff: 20 * time.Millisecond, MaxBackoff: 40 * time.Millisecond, Timeout: time.Second}
	r := newRelay(t, p)
	r.RouteBucket("uploads", target)
	start := time.Now()
	push(t, r, "7")
	s := waitStats(t, r, func(s Stats) bool { return s.GivenUp == 1 })
	elapsed := time.Since(start)
	// Waits of at least 10, 20, 20… ms fit at most 16 attempts in 300 ms,
	// and the window is not left before its end minus one backoff.
	if s.Delivered != 0 || s.Attempts < 5 || s.Attempts > 16 || s.Failed != s.Attempts || elapsed < p.Window-p.MaxBackoff {
		t.Errorf("stats %+v after %v, want the event given up after its window", s, elapsed)
	}
}

// Duplicates and reordering, on demand.
func TestDuplicatesAndReordering(t *testing.T) {
	t.Parallel()
	target, got := newTarget(t, http.StatusOK)
	r := newRelay(t, Policy{Duplicate: 1, MaxDelay: 200 * time.Millisecond, Seed: 3, MinBackoff: time.Millisecond, Timeout: time.Second})
	r.RouteBucket("uploads", target)
	const n = 10
	for i := range n {
		push(t, r, strconv.Itoa(100+i))
	}
	var order []string
	for range 2 * n {
		d, _ := delivered(t, got, true)
		order = append(order, d.event.ID())
	}
	delivered(t, got, false)
	counts := map[string]int{}
	for _, id := range order {
		counts[id]++
	}
	for i := range n {
		if id := strconv.Itoa(100 + i); counts[id] != 2 {
			t.Errorf("event %s delivered %d times, want 2", id, counts[id])
		}
	}
	if slices.IsSorted(order) {
		t.Errorf("deliveries in emission order %v, want them reordered", order)
	}
	if s := r.Stats(); s.Duplicated != n || s.Received["objects/reports/acme-2025.pdf"] != n {
		t.Errorf("stats %+v, want %d duplicated of %d received", s, n, n)
	}
}
