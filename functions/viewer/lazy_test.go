package viewer

import (
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

func TestBuildNamesMissingConfiguration(t *testing.T) {
	t.Parallel()
	_, err := Build(t.Context(), func(string) string { return "" })
	for _, want := range []string{"GOOGLE_CLOUD_PROJECT", "ANALYSTE_ARTIFACTS_BUCKET"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v, want it to name %s", err, want)
		}
	}
}
