// Package model asks a language model for a structured answer: instructions,
// content and a JSON schema derived from the Go type the answer decodes into.
//
// Consumers declare the one method they need where they use it:
//
//	type generator interface {
//		Generate(ctx context.Context, req model.Request, out any) (model.Usage, error)
//	}
//
// Client implements it on Gemini through Vertex AI; modeltest.Fake implements
// it for other packages' tests.
package model

import (
	"errors"
	"time"
)

var (
	// ErrTransient marks a call abandoned after retrying temporary failures
	// (429, 5xx, timeouts): the same call may succeed later.
	ErrTransient = errors.New("model: transient failure, retries exhausted")
	// ErrInvalidAnswer marks an answer that still did not parse or fit the
	// schema after the corrective retry.
	ErrInvalidAnswer = errors.New("model: invalid answer")
)

// Request is one structured generation.
type Request struct {
	// Role names the pipeline step for the cost ledger: "extraction",
	// "signaux", "redaction", "jugement".
	Role string
	// Instructions are sent as the system instruction.
	Instructions string
	// Content is the only user content sent, verbatim.
	Content string
}

// Validate reports every missing field at once.
func (r Request) Validate() error {
	var errs []error
	if r.Role == "" {
		errs = append(errs, errors.New("request: role is required"))
	}
	if r.Instructions == "" {
		errs = append(errs, errors.New("request: instructions are required"))
	}
	if r.Content == "" {
		errs = append(errs, errors.New("request: content is required"))
	}
	return errors.Join(errs...)
}

// Attempt is one request sent to the model. Each attempt is billed, failed
// ones included, so each one is kept whole for the cost ledger.
type Attempt struct {
	Role   string `json:"role"`
	Model  string `json:"modele"`
	Number int    `json:"tentative"` // 1-based, across transient and corrective retries
	// InputTokens and OutputTokens are the counts reported by the model;
	// OutputTokens includes thinking tokens, which are billed as output.
	InputTokens  int           `json:"jetons_entree"`
	OutputTokens int           `json:"jetons_sortie"`
	Latency      time.Duration `json:"latence_ns"`
	// Error is empty when the attempt produced the accepted answer.
	Error string `json:"erreur,omitempty"`
}

// Usage is what a call cost: every attempt, and the totals over them.
type Usage struct {
	Attempts     []Attempt `json:"appels"`
	InputTokens  int       `json:"jetons_entree"`
	OutputTokens int       `json:"jetons_sortie"`
	// Latency is the wall time of the whole call, waits between retries
	// included.
	Latency time.Duration `json:"latence_ns"`
}

// Add records an attempt and adds its tokens to the totals.
func (u *Usage) Add(a Attempt) {
	u.Attempts = append(u.Attempts, a)
	u.InputTokens += a.InputTokens
	u.OutputTokens += a.OutputTokens
}

// Merge adds another call's attempts and wall time to u.
func (u *Usage) Merge(o Usage) {
	for _, a := range o.Attempts {
		u.Add(a)
	}
	u.Latency += o.Latency
}
