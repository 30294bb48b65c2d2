package model

import (
	"log/slog"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestConfigFromEnv(t *testing.T) {
	t.Parallel()
	defaults := RetryPolicy{
		MaxAttempts: DefaultMaxAttempts, MaxElapsed: DefaultMaxElapsed, AttemptTimeout: DefaultAttemptTimeout,
		BaseDelay: DefaultBaseDelay, MaxDelay: DefaultMaxDelay,
	}
	tests := []struct {
		name string
		env  map[string]string
		want Config
	}{
		{
			name: "defaults",
			env:  map[string]string{"GOOGLE_CLOUD_PROJECT": "p"},
			want: Config{Project: "p", Location: "europe-west1", Model: "gemini-2.5-flash", Retry: defaults},
		},
		{
			name: "everything set",
			env:  map[string]string{"GOOGLE_CLOUD_PROJECT": "p", "GOOGLE_CLOUD_LOCATION": "us-central1", "ANALYSTE_MODEL": "gemini-2.5-pro"},
			want: Config{Project: "p", Location: "us-central1", Model: "gemini-2.5-pro", Retry: defaults},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := ConfigFromEnv(func(k string) string { return tt.env[k] })
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("config (-want +got):\n%s", diff)
			}
		})
	}
}

func TestConfigValidate(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		cfg  Config
		want string
	}{
		{name: "project only", cfg: Config{Project: "p"}},
		{name: "test endpoint", cfg: Config{Project: "p", BaseURL: "http://127.0.0.1:8080"}},
		{
			name: "every problem at once",
			cfg: Config{
				BaseURL: "127.0.0.1:8080",
				Retry:   RetryPolicy{MaxAttempts: -1, AttemptTimeout: -time.Second, BaseDelay: time.Minute, MaxDelay: time.Second},
			},
			want: "model config: project is required (GOOGLE_CLOUD_PROJECT)\n" +
				"model config: base URL \"127.0.0.1:8080\" is not an absolute URL\n" +
				"model config: retry max attempts must not be negative\n" +
				"model config: retry attempt timeout must not be negative\n" +
				"model config: retry base delay 1m0s exceeds max delay 1s",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			err := tt.cfg.Validate()
			if (err == nil) != (tt.want == "") || (err != nil && err.Error() != tt.want) {
				t.Errorf("Validate() = %v, want %q", err, tt.want)
			}
		})
	}
}

func TestNewClientRefuses(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		cfg    Config
		logger *slog.Logger
		want   string
	}{
		{name: "no logger", cfg: Config{Project: "p"}, want: "model client: logger is required"},
		{name: "invalid config", cfg: Config{}, logger: slog.New(slog.DiscardHandler), want: "model config: project is required (GOOGLE_CLOUD_PROJECT)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if _, err := NewClient(tt.cfg, tt.logger); err == nil || err.Error() != tt.want {
				t.Errorf("NewClient error %v, want %q", err, tt.want)
			}
		})
	}
}
