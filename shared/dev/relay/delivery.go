package relay

import (
	"bytes"
	"cmp"
	"context"
	"io"
	"net/http"
	"time"
)

// Policy is how the relay delivers an event, as Eventarc does: at least
// once, retried with exponential backoff after an error, a non-2xx answer
// or a timeout, until Window has passed since the event arrived, then
// given up and logged. Zero fields take Eventarc's values; tests compress
// them and ask for duplicates and reordering.
type Policy struct {
	// Window bounds the retries of one event (Eventarc: 24 h).
	Window time.Duration
	// MinBackoff is the wait after the first failure; it doubles up to
	// MaxBackoff (Eventarc's Pub/Sub transport: 10 s to 600 s).
	MinBackoff, MaxBackoff time.Duration
	// Timeout bounds one delivery, as the function's timeout does.
	Timeout time.Duration
	// Duplicate is the probability that an event is delivered twice, each
	// copy retried on its own.
	Duplicate float64
	// MaxDelay delays each first delivery by a random time below it, so
	// that events arrive in another order than they were emitted.
	MaxDelay time.Duration
	// Seed makes the duplicates and delays reproducible.
	Seed uint64
}

// Eventarc's delivery, the defaults of Policy.
const (
	DefaultWindow     = 24 * time.Hour
	DefaultMinBackoff = 10 * time.Second
	DefaultMaxBackoff = 600 * time.Second
	DefaultTimeout    = 540 * time.Second
)

func (p Policy) withDefaults() Policy {
	p.Window = cmp.Or(p.Window, DefaultWindow)
	p.MinBackoff = cmp.Or(p.MinBackoff, DefaultMinBackoff)
	p.MaxBackoff = max(cmp.Or(p.MaxBackoff, DefaultMaxBackoff), p.MinBackoff)
	p.Timeout = cmp.Or(p.Timeout, DefaultTimeout)
	return p
}

// Stats counts what the relay did since it started.
type Stats struct {
	// Received counts the events the emulators emitted, by subject
	// ("documents/extractions/ID", "objects/NAME").
	Received map[string]int
	// Duplicated counts the extra copies the policy asked for.
	Duplicated int
	// Attempts counts every post to a function, Failed those that did not
	// answer 2xx in time.
	Attempts, Failed int
	// Delivered counts the copies acknowledged, GivenUp those abandoned
	// after the window.
	Delivered, GivenUp int
	// InFlight counts the posts waiting for their function's answer.
	InFlight int
}

// outgoing is one CloudEvent on its way to a function.
type outgoing struct {
	target string
	header http.Header
	body   []byte
}

// accept takes ownership of an event: the emulator is answered at once and
// the relay delivers it, as Eventarc acknowledges its source before
// delivering.
func (r *Relay) accept(w http.ResponseWriter, ev outgoing) {
	copies := 1
	r.mu.Lock()
	r.stats.Received[ev.header.Get("ce-subject")]++
	if r.policy.Duplicate > 0 && r.rand.Float64() < r.policy.Duplicate {
		copies, r.stats.Duplicated = 2, r.stats.Duplicated+1
	}
	delays := make([]time.Duration, copies)
	for i := range delays {
		if r.policy.MaxDelay > 0 {
			delays[i] = time.Duration(r.rand.Int64N(int64(r.policy.MaxDelay)))
		}
	}
	closed := r.closed
	if !closed {
		r.wg.Add(copies)
	}
	r.mu.Unlock()
	if closed {
		http.Error(w, "relais arrêté", http.StatusServiceUnavailable)
		return
	}
	for _, d := range delays {
		go r.deliver(ev, d)
	}
	w.WriteHeader(http.StatusNoContent)
}

// deliver posts ev after delay until its function acknowledges it or the
// window is over.
func (r *Relay) deliver(ev outgoing, delay time.Duration) {
	defer r.wg.Done()
	ctx := r.ctx
	arrived := time.Now()
	backoff := r.policy.MinBackoff
	attrs := []any{"cible", ev.target, "type", ev.header.Get("ce-type"), "sujet", ev.header.Get("ce-subject"), "evenement", ev.header.Get("ce-id")}
	if !r.sleep(delay) {
		return
	}
	for attempt := 1; ; attempt++ {
		status, msg, err := r.post(ev)
		if err == nil && status < 300 {
			r.count(func(s *Stats) { s.Delivered++ })
			r.log.InfoContext(ctx, "événement livré", append(attrs, "essai", attempt, "statut_http", status)...)
			return
		}
		r.count(func(s *Stats) { s.Failed++ })
		if time.Since(arrived)+backoff > r.policy.Window {
			r.count(func(s *Stats) { s.GivenUp++ })
			r.log.ErrorContext(ctx, "événement abandonné : fenêtre de nouvelles tentatives écoulée",
				append(attrs, "essais", attempt, "fenetre", r.policy.Window.String(), "statut_http", status, "reponse", msg, "erreur", errString(err))...)
			return
		}
		wait := backoff/2 + time.Duration(r.randInt(int64(backoff/2)+1))
		r.log.WarnContext(ctx, "livraison en échec : nouvel essai",
			append(attrs, "essai", attempt, "attente", wait.String(), "statut_http", status, "reponse", msg, "erreur", errString(err))...)
		if !r.sleep(wait) {
			return
		}
		backoff = min(2*backoff, r.policy.MaxBackoff)
	}
}

// post sends one binary-mode CloudEvent within the policy's timeout.
func (r *Relay) post(ev outgoing) (int, string, error) {
	ctx, cancel := context.WithTimeout(r.ctx, r.policy.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, ev.target, bytes.NewReader(ev.body))
	if err != nil {
		return 0, "", err
	}
	req.Header = ev.header.Clone()
	r.count(func(s *Stats) { s.Attempts++; s.InFlight++ })
	defer r.count(func(s *Stats) { s.InFlight-- })
	resp, err := r.client.Do(req)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	msg, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
	return resp.StatusCode, string(msg), nil
}

// sleep waits d unless the relay closes first.
func (r *Relay) sleep(d time.Duration) bool {
	if d <= 0 {
		return r.ctx.Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-r.ctx.Done():
		return false
	}
}

func (r *Relay) randInt(n int64) int64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.rand.Int64N(n)
}

func (r *Relay) count(f func(*Stats)) {
	r.mu.Lock()
	defer r.mu.Unlock()
	f(&r.stats)
}

// Stats returns a copy of the relay's counters.
func (r *Relay) Stats() Stats {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := r.stats
	s.Received = make(map[string]int, len(r.stats.Received))
	for k, v := range r.stats.Received {
		s.Received[k] = v
	}
	return s
}

// Close stops the deliveries under way and waits for them: what was not
// delivered is lost, as when the emulators stop.
func (r *Relay) Close() {
	r.mu.Lock()
	r.closed = true
	r.mu.Unlock()
	r.cancel()
	r.wg.Wait()
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
