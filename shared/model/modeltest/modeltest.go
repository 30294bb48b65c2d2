// Package modeltest provides a scripted stand-in for model.Client, for the
// tests of packages that ask the model for structured answers.
package modeltest

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"

	"analyste.dev/analyste/shared/model"
)

// FakeModel is the model name the fake reports in usage.
const FakeModel = "fake"

// Reply is one scripted outcome of Generate.
type Reply struct {
	// JSON is the model's answer, checked against the schema of out and
	// decoded into it like a real answer.
	JSON string
	// Err, when set, is returned instead (wrap model.ErrTransient to
	// script an outage).
	Err error
	// Tokens reported for the call.
	InputTokens, OutputTokens int
	// Latency reported for the call.
	Latency time.Duration
}

// Answer is a reply whose JSON is v marshalled.
func Answer(tb testing.TB, v any) Reply {
	tb.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		tb.Fatalf("modeltest: marshal answer: %v", err)
	}
	return Reply{JSON: string(b)}
}

// Fake answers Generate calls with queued replies, in order, and records
// the requests. A reply that does not fit out's schema fails with
// model.ErrInvalidAnswer at once: the fake makes no corrective retry. It is
// safe for concurrent use, though the order of concurrent calls is not.
type Fake struct {
	mu       sync.Mutex
	replies  []Reply
	requests []model.Request
	usage    model.Usage
}

// New returns a fake that will give replies in order.
func New(replies ...Reply) *Fake {
	return &Fake{replies: replies}
}

// Queue adds replies after those still pending.
func (f *Fake) Queue(replies ...Reply) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.replies = append(f.replies, replies...)
}

// Generate records req and decodes the next reply into out. Like the real
// client it refuses an incomplete request or an out without a schema before
// anything is spent. Each reply taken is one attempt in the usage, whatever
// its outcome.
func (f *Fake) Generate(ctx context.Context, req model.Request, out any) (model.Usage, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.requests = append(f.requests, req)
	if err := req.Validate(); err != nil {
		return model.Usage{}, fmt.Errorf("modeltest: generate: %w", err)
	}
	schema, err := model.SchemaFor(out)
	if err != nil {
		return model.Usage{}, fmt.Errorf("modeltest: generate %s: %w", req.Role, err)
	}
	if err := ctx.Err(); err != nil {
		return model.Usage{}, fmt.Errorf("modeltest: generate %s: %w", req.Role, err)
	}
	if len(f.replies) == 0 {
		return model.Usage{}, fmt.Errorf("modeltest: generate %s: no reply queued for call %d", req.Role, len(f.requests))
	}
	next := f.replies[0]
	f.replies = f.replies[1:]

	err = next.Err
	if err == nil {
		if invalid := schema.Decode([]byte(next.JSON), out); invalid != nil {
			err = fmt.Errorf("%w: %w", model.ErrInvalidAnswer, invalid)
		}
	}
	attempt := model.Attempt{
		Role: req.Role, Model: FakeModel, Number: 1,
		InputTokens: next.InputTokens, OutputTokens: next.OutputTokens, Latency: next.Latency,
	}
	if err != nil {
		attempt.Error = err.Error()
	}
	usage := model.Usage{Latency: next.Latency}
	usage.Add(attempt)
	f.usage.Merge(usage)
	if err != nil {
		return usage, fmt.Errorf("modeltest: generate %s: %w", req.Role, err)
	}
	return usage, nil
}

// Requests returns the requests received, in order.
func (f *Fake) Requests() []model.Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]model.Request(nil), f.requests...)
}

// Usage returns every attempt of every call, with totals.
func (f *Fake) Usage() model.Usage {
	f.mu.Lock()
	defer f.mu.Unlock()
	u := f.usage
	u.Attempts = append([]model.Attempt(nil), f.usage.Attempts...)
	return u
}

// Pending returns how many replies are still queued, so a test can check
// that every scripted reply was used.
func (f *Fake) Pending() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.replies)
}
