package platform

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"analyste.dev/analyste/shared/logging"
	"analyste.dev/analyste/shared/model"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/store"
)

// fakeRuns answers claims and completions as scripted and records what
// was written.
type fakeRuns struct {
	claimErr    error
	resumed     bool
	completeErr error
	failed      []string // reasons recorded, "(reessayable)" appended when so
	completed   int
}

func (f *fakeRuns) Claim(_ context.Context, id string, stage schema.Stage, _ *schema.Source) (store.Claim, error) {
	if f.claimErr != nil {
		return store.Claim{}, f.claimErr
	}
	return store.Claim{ID: id, Stage: stage, Resumed: f.resumed}, nil
}

func (*fakeRuns) Get(context.Context, string, string, any) error {
	return errors.New("fakeRuns: no documents")
}

func (f *fakeRuns) Complete(context.Context, store.Claim, schema.Outcome) error {
	if f.completeErr != nil {
		return f.completeErr
	}
	f.completed++
	return nil
}

func (f *fakeRuns) Fail(ctx context.Context, _ store.Claim, reason string, retryable bool, _ *model.Usage) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if retryable {
		reason += " (reessayable)"
	}
	f.failed = append(f.failed, reason)
	return nil
}

func TestClaim(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		runs    fakeRuns
		wantOK  bool
		wantErr bool // returned so that Eventarc retries
		wantLog string
	}{
		{"taken", fakeRuns{}, true, false, ""},
		{"taken over after a dead instance", fakeRuns{resumed: true}, true, false, "étape reprise"},
		{"duplicate or late event", fakeRuns{claimErr: fmt.Errorf("prise : %w", store.ErrDone)}, false, false, "déjà traitée"},
		{"malformed id", fakeRuns{claimErr: fmt.Errorf("prise : %w", schema.ErrInvalidID)}, false, false, "identifiant de rapport invalide"},
		{"too many takes", fakeRuns{claimErr: &store.Exhausted{ID: "r", Stage: schema.Extraction, Takes: 3}}, false, false, "impossible à traiter"},
		{"held by another instance", fakeRuns{claimErr: fmt.Errorf("prise : %w", store.ErrBusy)}, false, true, "nouvel essai"},
		{"database unavailable", fakeRuns{claimErr: errors.New("unavailable")}, false, true, "nouvel essai"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var out strings.Builder
			_, ok, err := claim(t.Context(), &tt.runs, logging.New(&out, ""), "r", schema.Extraction, nil)
			if ok != tt.wantOK || (err != nil) != tt.wantErr {
				t.Errorf("claim = %v, %v; want %v, an error: %v", ok, err, tt.wantOK, tt.wantErr)
			}
			if !strings.Contains(out.String(), tt.wantLog) || tt.wantLog == "" && out.Len() > 0 {
				t.Errorf("log:\n%s\nwant %q", out.String(), tt.wantLog)
			}
		})
	}
}

func TestFinish(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name        string
		completeErr error
		runErr      error
		wantErr     bool   // returned so that Eventarc retries
		wantFailed  string // reason recorded; empty for none
		wantDone    int
		cut         bool // the platform cut the take: its context is done
	}{
		{"completed", nil, nil, false, "", 1, false},
		{"taken over meanwhile: result dropped", store.ErrDone, nil, false, "", 0, false},
		{"output refused by the database", errors.New("document too large"), nil, false, "", 0, false},
		{"permanent failure", nil, &StageError{Reason: "Le fichier n'est pas un PDF.", Err: errors.New("magic")}, false, "n'est pas un PDF", 0, false},
		{"transient failure", nil, fmt.Errorf("lecture : %w", model.ErrTransient), true, "(reessayable)", 0, false},
		// Any error after the cut, even one that reads as permanent, is
		// the cut's: recorded as retryable, on a context still alive.
		{"take cut by the platform", nil, fmt.Errorf("lecture de extractions/r : %w", context.Canceled), true, "interrompue avant la fin (délai de la fonction dépassé) : une nouvelle tentative aura lieu automatiquement. (reessayable)", 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := &fakeRuns{completeErr: tt.completeErr}
			c := store.Claim{ID: "r", Stage: schema.Signaling}
			ctx := t.Context()
			if tt.cut {
				var cancel context.CancelFunc
				ctx, cancel = context.WithCancel(ctx)
				cancel()
			}
			err := finish(ctx, r, slog.New(slog.DiscardHandler), c, schema.Outcome{}, tt.runErr)
			if (err != nil) != tt.wantErr {
				t.Errorf("finish = %v, want an error: %v", err, tt.wantErr)
			}
			if r.completed != tt.wantDone {
				t.Errorf("%d completions, want %d", r.completed, tt.wantDone)
			}
			switch {
			case tt.completeErr != nil && !errors.Is(tt.completeErr, store.ErrDone):
				// An output that cannot be stored fails the stage for good.
				if len(r.failed) != 1 || strings.Contains(r.failed[0], "reessayable") {
					t.Errorf("failures %q, want one final", r.failed)
				}
			case tt.wantFailed == "" && len(r.failed) > 0:
				t.Errorf("failures %q, want none", r.failed)
			case tt.wantFailed != "" && (len(r.failed) != 1 || !strings.Contains(r.failed[0], tt.wantFailed)):
				t.Errorf("failures %q, want %q", r.failed, tt.wantFailed)
			}
		})
	}
}
