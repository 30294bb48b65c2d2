package e2e

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// httptestServer serves h for the test and returns its URL.
func httptestServer(t *testing.T, h http.Handler) string {
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL
}
