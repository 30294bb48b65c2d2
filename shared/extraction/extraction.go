// Package extraction reads a report's statements with the bounded re-read
// loop: transcribe, normalise, check, and when checks fail transcribe again
// with the failing messages, at most MaxRereads times. A failure that
// persists is kept with its checks visible, never hidden.
package extraction

import (
	"context"
	"errors"
	"fmt"
	"unicode/utf8"

	"analyste.dev/analyste/shared/checks"
	"analyste.dev/analyste/shared/model"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/statements"
)

// DefaultMaxRereads bounds the re-reads after the first transcription.
const DefaultMaxRereads = 2

// ErrUnreadable means no attempt gave a transcription that could be
// normalised: the statements could not be read at all.
var ErrUnreadable = errors.New("états financiers illisibles")

// Transcriber reads the statement tables of a report. feedback holds the
// failed checks of the previous attempt (empty on the first).
type Transcriber interface {
	Transcribe(ctx context.Context, doc *pdftext.Document, pages []int, feedback []string) (statements.Transcription, model.Usage, error)
}

// Attempt is one transcription of the history.
type Attempt struct {
	Number int      `json:"tentative"`
	Failed []string `json:"controles_en_echec"`
	// BudgetSpent is set on the last attempt when its checks failed and the
	// report's token budget, spent, stopped the re-reads left.
	BudgetSpent bool `json:"budget_epuise,omitempty"`
}

// PromptSize compares what a reader is sent with the whole report.
type PromptSize struct {
	Sent  int `json:"caracteres_envoyes"`
	Total int `json:"caracteres_rapport"`
}

// Result is the outcome of the loop: the last transcription, normalised and
// checked, with the history of every attempt.
type Result struct {
	Transcription statements.Transcription
	Report        statements.Report
	Checks        []checks.Check
	Attempts      []Attempt
	Usage         model.Usage
	Prompt        PromptSize
}

// Rereads is the number of transcriptions after the first.
func (r Result) Rereads() int { return max(len(r.Attempts)-1, 0) }

// Failed lists the checks that failed on the last attempt.
func (r Result) Failed() []checks.Check {
	var out []checks.Check
	for _, c := range r.Checks {
		if c.Status == checks.Failed {
			out = append(out, c)
		}
	}
	return out
}

// BudgetSpent reports whether the token budget stopped the re-reads.
func (r Result) BudgetSpent() bool {
	return len(r.Attempts) > 0 && r.Attempts[len(r.Attempts)-1].BudgetSpent
}

// Extractor runs the loop with one reader.
type Extractor struct {
	reader     Transcriber
	maxRereads int
	budget     int
}

// Option tunes an extractor.
type Option func(*Extractor)

// WithTokenBudget bounds the tokens (input and output, every attempt of every
// call) the loop may spend on one report: once the usage reaches tokens, no
// further re-read is made, and the last attempt says so. 0 means no budget.
func WithTokenBudget(tokens int) Option {
	return func(e *Extractor) { e.budget = tokens }
}

// New returns an extractor; maxRereads < 0 and a negative budget are refused.
func New(reader Transcriber, maxRereads int, opts ...Option) (*Extractor, error) {
	if reader == nil {
		return nil, errors.New("extraction: no reader")
	}
	if maxRereads < 0 {
		return nil, fmt.Errorf("extraction: negative re-read bound %d", maxRereads)
	}
	e := &Extractor{reader: reader, maxRereads: maxRereads}
	for _, o := range opts {
		o(e)
	}
	if e.budget < 0 {
		return nil, fmt.Errorf("extraction: negative token budget %d", e.budget)
	}
	return e, nil
}

// spent reports whether u has used up the budget.
func (e *Extractor) spent(u model.Usage) bool {
	return e.budget > 0 && u.InputTokens+u.OutputTokens >= e.budget
}

// Run reads the statements of doc; pages are the only pages a model reader
// is sent (the statement pages and their neighbours).
func (e *Extractor) Run(ctx context.Context, doc *pdftext.Document, pages []int) (Result, error) {
	texts := doc.Texts()
	res := Result{Prompt: PromptSize{Sent: utf8.RuneCountInString(Content(texts, pages)), Total: totalRunes(texts)}}
	var feedback []string
	var lastErr error
	for n := 1; n <= e.maxRereads+1; n++ {
		tr, usage, err := e.reader.Transcribe(ctx, doc, pages, feedback)
		res.Usage.Merge(usage)
		if err != nil {
			return res, fmt.Errorf("transcription %d: %w", n, err)
		}
		rep, err := statements.Normalise(tr)
		if err != nil {
			// A transcription that breaks the format is fed back like a failed check.
			lastErr = err
			feedback = []string{err.Error()}
		} else {
			lastErr = nil
			res.Transcription = tr
			res.Report, res.Checks = Check(rep, tr, texts)
			feedback = messages(res.Failed())
		}
		a := Attempt{Number: n, Failed: feedback}
		stop := len(feedback) == 0
		if !stop && n <= e.maxRereads && e.spent(res.Usage) {
			a.BudgetSpent, stop = true, true
		}
		res.Attempts = append(res.Attempts, a)
		if stop {
			break
		}
	}
	if res.Checks == nil {
		return res, fmt.Errorf("%w: %w", ErrUnreadable, lastErr)
	}
	return res, nil
}

// Check runs every check of a normalised transcription against the page
// texts (page 1 first), and records in the report the absent keys a passed
// identity proves nil. The loop calls it on each attempt, a reviewer's
// correction on the corrected reading.
func Check(rep statements.Report, tr statements.Transcription, texts []string) (statements.Report, []checks.Check) {
	cs := append(checks.All(rep, texts), checks.Printed(tr, texts)...)
	rep.ZeroByTotal = checks.ZeroByTotal(cs)
	return rep, cs
}

func messages(cs []checks.Check) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Message
	}
	return out
}

func totalRunes(texts []string) int {
	n := 0
	for _, t := range texts {
		n += utf8.RuneCountInString(t)
	}
	return n
}
