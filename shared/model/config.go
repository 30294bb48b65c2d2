package model

import (
	"cmp"
	"errors"
	"fmt"
	"net/url"
	"time"

	"cloud.google.com/go/auth"
)

// Defaults applied to a zero field of Config and RetryPolicy.
const (
	DefaultModel          = "gemini-2.5-flash"
	DefaultLocation       = "europe-west1"
	DefaultMaxAttempts    = 5
	DefaultMaxElapsed     = 2 * time.Minute
	DefaultAttemptTimeout = time.Minute
	DefaultBaseDelay      = time.Second
	DefaultMaxDelay       = 30 * time.Second
)

// Config sets up the Vertex AI client.
type Config struct {
	Project  string // required
	Location string // DefaultLocation when empty
	Model    string // DefaultModel when empty
	// BaseURL replaces the Vertex AI endpoint; tests point it at a fake.
	BaseURL string
	// Credentials replace Application Default Credentials; tests use a
	// static token.
	Credentials *auth.Credentials
	Retry       RetryPolicy
}

// RetryPolicy bounds the retries of transient failures. Zero fields take
// the defaults.
type RetryPolicy struct {
	// MaxAttempts bounds the sends of one request; the corrective request
	// after an invalid answer has its own count.
	MaxAttempts int
	// MaxElapsed bounds the whole call, corrective request included.
	MaxElapsed time.Duration
	// AttemptTimeout bounds one send; reaching it is a transient failure.
	AttemptTimeout time.Duration
	// BaseDelay is the backoff cap before the second send; the cap doubles
	// at each retry up to MaxDelay, and the wait is drawn below it.
	BaseDelay time.Duration
	MaxDelay  time.Duration
}

// ConfigFromEnv reads GOOGLE_CLOUD_PROJECT, GOOGLE_CLOUD_LOCATION and
// ANALYSTE_MODEL through getenv (os.Getenv in production), applying the
// defaults.
func ConfigFromEnv(getenv func(string) string) Config {
	return Config{
		Project:  getenv("GOOGLE_CLOUD_PROJECT"),
		Location: getenv("GOOGLE_CLOUD_LOCATION"),
		Model:    getenv("ANALYSTE_MODEL"),
	}.withDefaults()
}

// withDefaults fills the zero fields.
func (c Config) withDefaults() Config {
	c.Location = cmp.Or(c.Location, DefaultLocation)
	c.Model = cmp.Or(c.Model, DefaultModel)
	c.Retry.MaxAttempts = cmp.Or(c.Retry.MaxAttempts, DefaultMaxAttempts)
	c.Retry.MaxElapsed = cmp.Or(c.Retry.MaxElapsed, DefaultMaxElapsed)
	c.Retry.AttemptTimeout = cmp.Or(c.Retry.AttemptTimeout, DefaultAttemptTimeout)
	c.Retry.BaseDelay = cmp.Or(c.Retry.BaseDelay, DefaultBaseDelay)
	c.Retry.MaxDelay = cmp.Or(c.Retry.MaxDelay, DefaultMaxDelay)
	return c
}

// Validate reports every problem at once; zero fields that have a default
// are valid.
func (c Config) Validate() error {
	var errs []error
	if c.Project == "" {
		errs = append(errs, errors.New("model config: project is required (GOOGLE_CLOUD_PROJECT)"))
	}
	if c.BaseURL != "" {
		if u, err := url.Parse(c.BaseURL); err != nil || u.Scheme == "" || u.Host == "" {
			errs = append(errs, fmt.Errorf("model config: base URL %q is not an absolute URL", c.BaseURL))
		}
	}
	r := c.Retry
	for _, f := range []struct {
		name     string
		negative bool
	}{
		{"max attempts", r.MaxAttempts < 0},
		{"max elapsed", r.MaxElapsed < 0},
		{"attempt timeout", r.AttemptTimeout < 0},
		{"base delay", r.BaseDelay < 0},
		{"max delay", r.MaxDelay < 0},
	} {
		if f.negative {
			errs = append(errs, fmt.Errorf("model config: retry %s must not be negative", f.name))
		}
	}
	if r.BaseDelay > 0 && r.MaxDelay > 0 && r.BaseDelay > r.MaxDelay {
		errs = append(errs, fmt.Errorf("model config: retry base delay %s exceeds max delay %s", r.BaseDelay, r.MaxDelay))
	}
	return errors.Join(errs...)
}
