package viewer

import (
	"cmp"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// Lazy answers 503 while the build fails, then builds once.
func TestLazy(t *testing.T) {
	t.Parallel()
	builds := 0
	h := Lazy(func(ctx context.Context) (http.Handler, error) {
		builds++
		if builds == 1 {
			return nil, errors.New("Firestore injoignable")
		}
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusTeapot) }), nil
	})
	for i, want := range []int{http.StatusServiceUnavailable, http.StatusTeapot, http.StatusTeapot} {
		rec := httptest.NewRecorder()
		h(rec, httptest.NewRequest(http.MethodGet, "/", nil))
		if rec.Code != want {
			t.Errorf("request %d: status %d, want %d", i+1, rec.Code, want)
		}
	}
	if builds != 2 {
		t.Errorf("%d builds, want 2", builds)
	}
}

func TestConfigFromEnv(t *testing.T) {
	t.Parallel()
	base := map[string]string{"GOOGLE_CLOUD_PROJECT": "p", "ANALYSTE_ARTIFACTS_BUCKET": "a"}
	tests := []struct {
		name  string
		env   map[string]string
		drawn bool
		err   string // in the error; empty when accepted
	}{
		{"a key from Secret Manager", map[string]string{FormKeyVar: strings.Repeat("k", 64)}, false, ""},
		{"no key: drawn at start", nil, true, ""},
		{"a short key", map[string]string{FormKeyVar: "court"}, false, FormKeyVar},
		{"a database named", map[string]string{"FIRESTORE_DATABASE": "analyste"}, true, ""},
		{"no bucket", map[string]string{"ANALYSTE_ARTIFACTS_BUCKET": ""}, true, "ANALYSTE_ARTIFACTS_BUCKET"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c, err := ConfigFromEnv(func(k string) string {
				if v, ok := tt.env[k]; ok {
					return v
				}
				return base[k]
			})
			switch {
			case tt.err == "" && err != nil, tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
				t.Fatalf("error %v, want one naming %q", err, tt.err)
			case err == nil && (c.FormKeyDrawn != tt.drawn || len(c.FormKey) < MinFormKey || c.Project != "p" || c.Database != cmp.Or(tt.env["FIRESTORE_DATABASE"], "(default)")):
				t.Errorf("drawn %v, key of %d bytes, data %+v", c.FormKeyDrawn, len(c.FormKey), c.DataConfig)
			}
		})
	}
}

func TestBuildNamesMissingConfiguration(t *testing.T) {
	t.Parallel()
	_, err := Build(t.Context(), func(string) string { return "" })
	for _, want := range []string{"GOOGLE_CLOUD_PROJECT", "ANALYSTE_ARTIFACTS_BUCKET"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v, want it to name %s", err, want)
		}
	}
}
