package platform

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"

	"cloud.google.com/go/storage"
	"github.com/cloudevents/sdk-go/v2/event"
	"google.golang.org/api/googleapi"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"analyste.dev/analyste/shared/logging"
	"analyste.dev/analyste/shared/model"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/statementreader"
)

func TestConfigFromEnv(t *testing.T) {
	t.Parallel()
	base := map[string]string{"GOOGLE_CLOUD_PROJECT": "p", "ANALYSTE_ARTIFACTS_BUCKET": "a", "ANALYSTE_READERS": "offline"}
	tests := []struct {
		name    string
		env     map[string]string
		wantErr []string // every problem is named at once
	}{
		{"minimal offline", nil, nil},
		{"vertex needs nothing more than the project", map[string]string{"ANALYSTE_READERS": "vertex"}, nil},
		{"missing project and bucket", map[string]string{"GOOGLE_CLOUD_PROJECT": "", "ANALYSTE_ARTIFACTS_BUCKET": ""},
			[]string{"GOOGLE_CLOUD_PROJECT manquant", "ANALYSTE_ARTIFACTS_BUCKET manquant"}},
		{"bad values", map[string]string{"ANALYSTE_LEASE": "demain", "ANALYSTE_MAX_REREADS": "deux", "ANALYSTE_READERS": "gpt"},
			[]string{"ANALYSTE_LEASE", "ANALYSTE_MAX_REREADS", "ANALYSTE_READERS"}},
		{"negative re-reads", map[string]string{"ANALYSTE_MAX_REREADS": "-1"}, []string{"ANALYSTE_MAX_REREADS -1"}},
		{"attempts not a number", map[string]string{"ANALYSTE_MAX_ATTEMPTS": "trois"}, []string{"ANALYSTE_MAX_ATTEMPTS"}},
		{"no attempt", map[string]string{"ANALYSTE_MAX_ATTEMPTS": "0"}, []string{"ANALYSTE_MAX_ATTEMPTS"}},
		{"attempts past the retry window", map[string]string{"ANALYSTE_MAX_ATTEMPTS": "11"}, []string{"ANALYSTE_MAX_ATTEMPTS"}},
		{"attempts set", map[string]string{"ANALYSTE_MAX_ATTEMPTS": "10"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			env := map[string]string{}
			for k, v := range base {
				env[k] = v
			}
			for k, v := range tt.env {
				env[k] = v
			}
			c, err := ConfigFromEnv(func(k string) string { return env[k] })
			if len(tt.wantErr) == 0 {
				if err != nil {
					t.Fatal(err)
				}
				wantAttempts := 3
				if tt.env["ANALYSTE_MAX_ATTEMPTS"] != "" {
					wantAttempts = 10
				}
				if c.Lease != 15*time.Minute || c.MaxRereads != 2 || c.Database != "(default)" || c.MaxAttempts != wantAttempts {
					t.Errorf("defaults %+v", c)
				}
				return
			}
			for _, w := range tt.wantErr {
				if err == nil || !strings.Contains(err.Error(), w) {
					t.Errorf("error %v lacks %q", err, w)
				}
			}
		})
	}
}

func TestExplain(t *testing.T) {
	t.Parallel()
	// What a backend answers, which no reason may quote.
	const raw = "<Error><Code>AccessDenied</Code><Details>analyste-extract@p.iam.gserviceaccount.com</Details></Error>"
	tests := []struct {
		name      string
		err       error
		retryable bool
		reason    string
	}{
		{"bad PDF", fmt.Errorf("lecture : %w", pdftext.ErrPasswordRequired), false, "mot de passe"},
		{"model outage", fmt.Errorf("transcription : %w", model.ErrTransient), true, "Vertex AI"},
		{"invalid answers", fmt.Errorf("x : %w", model.ErrInvalidAnswer), false, "hors du format"},
		{"no statements", pipeline.ErrNoStatements, false, "Aucune page"},
		{"no readable table", fmt.Errorf("transcription 1: %w", statementreader.ErrNoStatement), false, "aucun de leurs tableaux"},
		{"Firestore unavailable", fmt.Errorf("fin de l'étape : %w", status.Error(codes.Unavailable, raw)), true, "momentanément indisponible"},
		{"Firestore refuses", fmt.Errorf("x : %w", status.Error(codes.PermissionDenied, raw)), false, "Firestore refuse l'accès"},
		{"document too large", fmt.Errorf("x : %w", status.Error(codes.InvalidArgument, raw)), false, "1 Mio"},
		{"document missing", fmt.Errorf("x : %w", status.Error(codes.NotFound, raw)), false, "introuvable dans Firestore"},
		{"database missing", fmt.Errorf("x : %w", status.Error(codes.FailedPrecondition, raw)), false, "équipe plateforme"},
		{"storage denied", fmt.Errorf("lecture : %w", &googleapi.Error{Code: 403, Body: raw}), false, "Cloud Storage refuse l'accès"},
		{"storage unauthenticated", &googleapi.Error{Code: 401, Body: raw}, false, "Cloud Storage refuse l'accès"},
		{"storage overloaded", &googleapi.Error{Code: 503, Body: raw}, true, "momentanément indisponible"},
		{"storage throttles", &googleapi.Error{Code: 429, Body: raw}, true, "momentanément indisponible"},
		{"storage refuses", &googleapi.Error{Code: 400, Body: raw}, false, "Cloud Storage a refusé"},
		{"object gone", fmt.Errorf("x : %w", storage.ErrObjectNotExist), false, "introuvable dans Cloud Storage"},
		{"bucket gone", &googleapi.Error{Code: 404, Body: raw}, false, "introuvable dans Cloud Storage"},
		{"anything else", errors.New(raw), false, "Erreur inattendue"},
		{"explained by the function", &StageError{Reason: "Le fichier a été supprimé", Err: errors.New(raw)}, false, "supprimé"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			reason, retryable := explain(tt.err)
			if retryable != tt.retryable || !strings.Contains(reason, tt.reason) {
				t.Errorf("explain = %q, %v; want %q, %v", reason, retryable, tt.reason, tt.retryable)
			}
			if strings.Contains(reason, "AccessDenied") || strings.Contains(reason, "iam.gserviceaccount") {
				t.Errorf("reason %q quotes the backend's answer", reason)
			}
		})
	}
}

// A read that keeps failing ends at its deadline with a reason; a caller
// that gives up is not the read's fault.
func TestReadStorageDeadline(t *testing.T) {
	t.Parallel()
	d := &Deps{ReadTimeout: 50 * time.Millisecond}
	retrying := func(ctx context.Context) error {
		<-ctx.Done()
		return fmt.Errorf("storage : %w", ctx.Err())
	}
	err := d.ReadStorage(t.Context(), "du rapport déposé", retrying)
	var f *StageError
	if !errors.As(err, &f) || !f.Retryable || !strings.Contains(f.Reason, "n'a pas abouti dans le délai de 50ms") {
		t.Errorf("read past its deadline: %v, want a retryable StageError", err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if err := d.ReadStorage(ctx, "du rapport déposé", retrying); errors.As(err, &f) || !errors.Is(err, context.Canceled) {
		t.Errorf("read of a cancelled caller: %v, want context.Canceled only", err)
	}
	if err := d.ReadStorage(t.Context(), "x", func(context.Context) error { return nil }); err != nil {
		t.Errorf("read that succeeds: %v", err)
	}
}

// A configuration no retry can cure is acknowledged with an ERROR line;
// any other build failure is returned, so that Eventarc retries, and the
// build is tried again at the next event.
func TestLazy(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		buildErr error
		wantErr  bool
		wantLog  string
	}{
		{"misconfigured, no project", &ConfigError{Err: errors.New("GOOGLE_CLOUD_PROJECT manquant")}, false, "fonction mal configurée"},
		{"misconfigured, wrapped", fmt.Errorf("extract : %w", &ConfigError{Err: errors.New("ANALYSTE_LEASE")}), false, "fonction mal configurée"},
		{"client failing to start", errors.New("client Firestore : dial"), true, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var out strings.Builder
			builds := 0
			h := Lazy(func() *slog.Logger { return logging.New(&out, "") }, func(context.Context) (Handler, error) {
				builds++
				return nil, tt.buildErr
			})
			e := event.New()
			e.SetID("evt-1")
			for range 2 {
				if err := h(t.Context(), e); (err != nil) != tt.wantErr {
					t.Errorf("handler = %v, want an error: %v", err, tt.wantErr)
				}
			}
			if builds != 2 {
				t.Errorf("%d builds for 2 events, want 2", builds)
			}
			log := out.String()
			if tt.wantLog == "" && log != "" || tt.wantLog != "" && (!strings.Contains(log, tt.wantLog) || !strings.Contains(log, `"severity":"ERROR"`) || !strings.Contains(log, "evt-1")) {
				t.Errorf("log:\n%s\nwant %q", log, tt.wantLog)
			}
		})
	}
}

// A function built with an invalid configuration that names a project
// still starts, to record each run's failure; without a project it cannot.
func TestStartMisconfigured(t *testing.T) {
	// A client for an emulator needs no credentials and dials nothing here.
	t.Setenv("FIRESTORE_EMULATOR_HOST", "127.0.0.1:9")
	tests := []struct {
		name       string
		env        map[string]string
		wantConfig bool // a *ConfigError, nothing connected
	}{
		{"project named", map[string]string{"GOOGLE_CLOUD_PROJECT": "p", "ANALYSTE_LEASE": "demain"}, false},
		{"no project", map[string]string{"ANALYSTE_ARTIFACTS_BUCKET": "a"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, cfgErr := ConfigFromEnv(func(k string) string { return tt.env[k] })
			if cfgErr == nil {
				t.Fatal("the configuration was accepted")
			}
			d, err := Start(t.Context(), cfg, cfgErr)
			if got := errors.As(err, new(*ConfigError)); got != tt.wantConfig {
				t.Fatalf("Start = %v; want a ConfigError: %v", err, tt.wantConfig)
			}
			if tt.wantConfig {
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if d.Store == nil || d.Pipeline != nil || !errors.Is(d.Misconfigured, cfgErr) {
				t.Errorf("deps %+v: want a store, no pipeline, the configuration's error", d)
			}
		})
	}
}

// The clients a build creates keep its context: it must outlive the event
// that triggered the build. One success is kept; a failure is retried.
func TestBuilder(t *testing.T) {
	t.Parallel()
	var kept context.Context
	calls := 0
	b := NewBuilder(func(ctx context.Context) (int, error) {
		calls++
		kept = ctx
		if calls == 1 {
			return 0, errors.New("panne")
		}
		return calls, nil
	})
	for range 3 {
		ctx, cancel := context.WithCancel(t.Context())
		_, _ = b.Get(ctx)
		cancel()
	}
	if v, err := b.Get(t.Context()); v != 2 || err != nil || calls != 2 {
		t.Errorf("Get = %d, %v after %d builds; want the second build kept", v, err, calls)
	}
	if kept.Err() != nil {
		t.Errorf("the build's context ended with its event: %v", kept.Err())
	}
}
