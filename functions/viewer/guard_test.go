package viewer

import (
	"compress/gzip"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"
)

func TestHostAllowed(t *testing.T) {
	t.Parallel()
	tests := []struct {
		host string
		want bool
	}{
		{"127.0.0.1:8080", true},
		{"[::1]:8080", true},
		{"localhost:8080", true},
		{"analyste-viewer-abc123-ew.a.run.app", true},
		{"credit.example.fr", true}, // listed
		{"CREDIT.example.fr.", true},
		{"evil.example.com:8080", false}, // a rebinding page's own name
		{"run.app.evil.example.com", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := hostAllowed(tt.host, []string{"credit.example.fr"}); got != tt.want {
			t.Errorf("hostAllowed(%q) = %v, want %v", tt.host, got, tt.want)
		}
	}
}

// A page that rebinds its domain to the viewer reaches it under its own
// name: it can read no page and post no form; a form posted from another
// origin is refused before its token is read.
func TestGuard(t *testing.T) {
	t.Parallel()
	h, err := New(Deps{Reader: brokenReader{}, Resolver: brokenReader{}, Log: slog.New(slog.DiscardHandler), FormKey: formKey})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, method, host, origin string
		want                       int
	}{
		{"a page under another name", http.MethodGet, "evil.example.com:8080", "", http.StatusMisdirectedRequest},
		{"a form under another name", http.MethodPost, "evil.example.com:8080", "http://evil.example.com:8080", http.StatusMisdirectedRequest},
		{"a form from another origin", http.MethodPost, "127.0.0.1:8080", "http://evil.example.com", http.StatusForbidden},
		{"a form from another loopback port", http.MethodPost, "127.0.0.1:8080", "http://127.0.0.1:9999", http.StatusForbidden},
		{"a form from the viewer, a bad token", http.MethodPost, "127.0.0.1:8080", "http://127.0.0.1:8080", http.StatusForbidden},
		// A review action names its origin: an opaque one is refused.
		{"a form from an opaque origin", http.MethodPost, "127.0.0.1:8080", "null", http.StatusForbidden},
		{"a page under the viewer's name", http.MethodGet, "127.0.0.1:8080", "", http.StatusInternalServerError}, // the reader is down
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			token := formTokens{key: formKey, now: time.Now}.mint(purposeResolve, "ana@example.com", "r1")
			if strings.Contains(tt.name, "bad token") {
				token = "x"
			}
			form := url.Values{"jeton": {token}, "decision": {"valide"}, "commentaire": {"ok"}}.Encode()
			req := httptest.NewRequest(tt.method, "/rapports/r1/relais", strings.NewReader(form))
			req.Header.Set("Sec-Fetch-Site", "same-origin")
			if tt.method == http.MethodGet {
				req = httptest.NewRequest(tt.method, "/rapports/r1", nil)
			}
			req.Host = tt.host
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.Header.Set("Authorization", bearer("ana@example.com"))
			if tt.origin != "" {
				req.Header.Set("Origin", tt.origin)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != tt.want {
				t.Errorf("status %d, want %d: %s", rec.Code, tt.want, rec.Body.String())
			}
		})
	}
}

// The pages, styles and scripts go gzipped to a browser that takes it,
// and decompress to what is served plain.
func TestCompress(t *testing.T) {
	t.Parallel()
	h, err := New(Deps{Reader: brokenReader{}, Resolver: brokenReader{}, Log: slog.New(slog.DiscardHandler), FormKey: formKey})
	if err != nil {
		t.Fatal(err)
	}
	get := func(path, enc string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, path, nil)
		req.Host = "localhost"
		if enc != "" {
			req.Header.Set("Accept-Encoding", enc)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	for _, path := range []string{"/static/viewer.css", "/static/pdfjs/pdf.worker.min.mjs"} {
		plain, zipped := get(path, ""), get(path, "gzip, deflate")
		if zipped.Header().Get("Content-Encoding") != "gzip" || plain.Header().Get("Content-Encoding") != "" {
			t.Fatalf("%s: encodings %q and %q", path, zipped.Header().Get("Content-Encoding"), plain.Header().Get("Content-Encoding"))
		}
		r, err := gzip.NewReader(zipped.Body)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(r)
		if err != nil {
			t.Fatal(err)
		}
		if string(body) != plain.Body.String() || zipped.Body.Len() >= plain.Body.Len() {
			t.Errorf("%s: %d bytes gzipped from %d, same content %v", path, zipped.Body.Len(), plain.Body.Len(), string(body) == plain.Body.String())
		}
	}
	if rec := get("/static/viewer.css", "gzip;q=0"); rec.Header().Get("Content-Encoding") != "" {
		t.Error("gzip refused with q=0 but sent")
	}
}

// hangingReader answers nothing until its caller gives up.
type hangingReader struct{ brokenReader }

func (hangingReader) Document(ctx context.Context, _, _ string, _ any) error {
	<-ctx.Done()
	return ctx.Err()
}

// A read that hangs ends at the viewer's deadline with an error page.
func TestReadDeadline(t *testing.T) {
	t.Parallel()
	h, err := New(Deps{Reader: hangingReader{}, Resolver: brokenReader{}, Log: slog.New(slog.DiscardHandler), FormKey: formKey,
		ReadTimeout: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest(http.MethodGet, "/rapports/r1", nil)
	req.Host = "localhost"
	rec := httptest.NewRecorder()
	done := make(chan struct{})
	go func() { h.ServeHTTP(rec, req); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the request outlived its deadline")
	}
	if rec.Code != http.StatusInternalServerError || !strings.Contains(rec.Body.String(), "réessayez") {
		t.Errorf("status %d: %s", rec.Code, rec.Body.String())
	}
}

// ?ligne= is bounded in count before anything is read: 2 000 one-letter
// labels are refused.
func TestTooManyLines(t *testing.T) {
	t.Parallel()
	h, err := New(Deps{Reader: brokenReader{}, Resolver: brokenReader{}, Log: slog.New(slog.DiscardHandler), FormKey: formKey})
	if err != nil {
		t.Fatal(err)
	}
	q := url.Values{"ligne": make([]string, 2000)}
	for i := range q["ligne"] {
		q["ligne"][i] = "a"
	}
	req := httptest.NewRequest(http.MethodGet, "/rapports/r1/pages/1?"+q.Encode(), nil)
	req.Host = "localhost"
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusBadRequest {
		t.Errorf("status %d, want 400", rec.Code)
	}
}
