package model

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"google.golang.org/genai"
)

// errBudget is the cause given to the call context when MaxElapsed is spent.
var errBudget = errors.New("model call time budget spent")

// Client generates structured answers with Gemini through Vertex AI. It is
// safe for concurrent use.
type Client struct {
	cfg    Config
	logger *slog.Logger
	// sleep and jitter are replaced by tests so that retries do not wait.
	sleep  func(context.Context, time.Duration) error
	jitter func(time.Duration) time.Duration

	mu sync.Mutex
	// models is created at the first call, never at construction, and
	// again after a failed creation.
	models *genai.Models
}

// NewClient checks cfg, zero fields taking their defaults. No connection is
// made until the first Generate.
func NewClient(cfg Config, logger *slog.Logger) (*Client, error) {
	if logger == nil {
		return nil, errors.New("model client: logger is required")
	}
	cfg = cfg.withDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	return &Client{cfg: cfg, logger: logger, sleep: sleepCtx, jitter: fullJitter}, nil
}

// Generate asks the model for an answer fitting the JSON schema of out's
// type, at temperature 0, and decodes it into out, which must be a non-nil
// pointer. Transient failures are retried with backoff (the error wraps
// ErrTransient when they persist); an answer that does not fit is sent back
// once with the reason (the error wraps ErrInvalidAnswer if the second does
// not fit either). Usage holds every attempt, including on error.
func (c *Client) Generate(ctx context.Context, req Request, out any) (usage Usage, err error) {
	start := time.Now()
	defer func() { usage.Latency = time.Since(start) }()
	if err := req.Validate(); err != nil {
		return usage, fmt.Errorf("generate: %w", err)
	}
	schema, err := SchemaFor(out)
	if err != nil {
		return usage, fmt.Errorf("generate %s: %w", req.Role, err)
	}
	models, err := c.genaiModels(ctx)
	if err != nil {
		return usage, fmt.Errorf("generate %s: %w", req.Role, err)
	}
	callCtx, cancel := context.WithTimeoutCause(ctx, c.cfg.Retry.MaxElapsed, errBudget)
	defer cancel()

	config := &genai.GenerateContentConfig{
		SystemInstruction:  &genai.Content{Parts: []*genai.Part{{Text: req.Instructions}}},
		Temperature:        genai.Ptr[float32](0),
		ResponseMIMEType:   "application/json",
		ResponseJsonSchema: schema,
		Labels:             requestLabels(ctx, req.Role),
	}
	contents := []*genai.Content{genai.NewContentFromText(req.Content, genai.RoleUser)}
	for corrected := false; ; corrected = true {
		text, attempt, err := c.send(ctx, callCtx, models, req.Role, contents, config, &usage)
		if err != nil {
			return usage, fmt.Errorf("generate %s: %w", req.Role, err)
		}
		invalid := schema.Decode([]byte(text), out)
		if invalid != nil {
			attempt.Error = invalid.Error()
		}
		usage.Add(attempt)
		if invalid == nil {
			c.logger.DebugContext(ctx, "réponse du modèle acceptée", "role", req.Role, "appels", len(usage.Attempts),
				"jetons_entree", usage.InputTokens, "jetons_sortie", usage.OutputTokens)
			return usage, nil
		}
		if corrected {
			return usage, fmt.Errorf("generate %s: %w, even after a correction: %w", req.Role, ErrInvalidAnswer, invalid)
		}
		c.logger.WarnContext(ctx, "réponse du modèle invalide, correction demandée", "role", req.Role,
			"tentative", attempt.Number, "erreur", invalid)
		// The conversation continues so that the model sees what it wrote.
		if text != "" {
			contents = append(contents, genai.NewContentFromText(text, genai.RoleModel))
		}
		contents = append(contents, genai.NewContentFromText(correction(invalid), genai.RoleUser))
	}
}

// requestLabels are the labels of ctx and the call's role.
func requestLabels(ctx context.Context, role string) map[string]string {
	return Labels(WithLabels(ctx, map[string]string{RoleLabel: role}))
}

// RoleLabel is the label naming a call's role (Request.Role).
const RoleLabel = "role"

// correction is the message that sends an invalid answer back to the model.
func correction(invalid error) string {
	return "Ta réponse précédente n'est pas valide : " + invalid.Error() +
		". Réponds uniquement avec un JSON conforme au schéma."
}

// send sends contents until the model answers, retrying transient failures
// within the policy. Failed sends are added to usage; the successful one is
// returned for the caller to complete once the answer is checked. ctx is
// the caller's context, callCtx the one bounded by MaxElapsed.
func (c *Client) send(ctx, callCtx context.Context, models *genai.Models, role string,
	contents []*genai.Content, config *genai.GenerateContentConfig, usage *Usage,
) (string, Attempt, error) {
	policy := c.cfg.Retry
	for try := 1; ; try++ {
		attemptCtx, cancel := context.WithTimeout(callCtx, policy.AttemptTimeout)
		start := time.Now()
		resp, err := models.GenerateContent(attemptCtx, c.cfg.Model, contents, config)
		// Only this attempt's own deadline is a transient failure; the
		// caller's deadline or the budget's is not.
		attemptTimedOut := errors.Is(attemptCtx.Err(), context.DeadlineExceeded) && callCtx.Err() == nil
		cancel()
		attempt := Attempt{Role: role, Model: c.cfg.Model, Number: len(usage.Attempts) + 1, Latency: time.Since(start)}
		if resp != nil && resp.UsageMetadata != nil {
			attempt.InputTokens = int(resp.UsageMetadata.PromptTokenCount)
			attempt.OutputTokens = int(resp.UsageMetadata.CandidatesTokenCount + resp.UsageMetadata.ThoughtsTokenCount)
		}
		if err == nil {
			return resp.Text(), attempt, nil
		}
		attempt.Error = err.Error()
		usage.Add(attempt)
		switch {
		case ctx.Err() != nil:
			return "", Attempt{}, fmt.Errorf("attempt %d: %w", attempt.Number, err)
		case callCtx.Err() != nil:
			return "", Attempt{}, fmt.Errorf("%w: time budget of %s spent at attempt %d: %w",
				ErrTransient, policy.MaxElapsed, attempt.Number, err)
		case !attemptTimedOut && !transient(err):
			return "", Attempt{}, fmt.Errorf("attempt %d: %w", attempt.Number, err)
		case try == policy.MaxAttempts:
			return "", Attempt{}, fmt.Errorf("%w: %d sends failed: %w", ErrTransient, try, err)
		}
		delay := c.jitter(backoffCap(try+1, policy.BaseDelay, policy.MaxDelay))
		if deadline, _ := callCtx.Deadline(); time.Until(deadline) < delay {
			return "", Attempt{}, fmt.Errorf("%w: waiting %s more would outlast the time budget of %s: %w",
				ErrTransient, delay, policy.MaxElapsed, err)
		}
		c.logger.WarnContext(ctx, "panne passagère du modèle, nouvel essai", "role", role,
			"tentative", attempt.Number, "delai", delay, "erreur", err)
		if err := c.sleep(callCtx, delay); err != nil {
			if ctx.Err() != nil {
				return "", Attempt{}, fmt.Errorf("waiting to retry: %w", err)
			}
			return "", Attempt{}, fmt.Errorf("%w: waiting to retry: %w", ErrTransient, err)
		}
	}
}

// genaiModels returns the genai client, creating it at the first call.
func (c *Client) genaiModels(ctx context.Context) (*genai.Models, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.models == nil {
		client, err := genai.NewClient(ctx, &genai.ClientConfig{
			Backend:     genai.BackendVertexAI,
			Project:     c.cfg.Project,
			Location:    c.cfg.Location,
			Credentials: c.cfg.Credentials,
			HTTPOptions: genai.HTTPOptions{BaseURL: c.cfg.BaseURL},
		})
		if err != nil {
			return nil, fmt.Errorf("create genai client: %w", err)
		}
		c.models = client.Models
	}
	return c.models, nil
}
