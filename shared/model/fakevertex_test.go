package model

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"cloud.google.com/go/auth"

	"analyste.dev/analyste/shared/model/vertextest"
)

// The fake Vertex AI endpoint speaks the generateContent REST shape measured
// with genai v1.77.0 (see docs/design.md, "A fake Vertex AI endpoint").
const (
	testProject  = "projet-test"
	testLocation = "europe-west1"
	testModel    = "gemini-test"
	testToken    = vertextest.Token
	testPath     = "/v1beta1/projects/" + testProject + "/locations/" + testLocation +
		"/publishers/google/models/" + testModel + ":generateContent"
)

// reply is one scripted answer of the fake endpoint.
type reply struct {
	status int
	body   string
	// hangUp closes the connection without answering.
	hangUp bool
	// stall waits for the client to give up; with status set, it does so
	// after sending the headers and the start of the body.
	stall bool
}

// answer is a 200 whose candidate text is text, with token counts.
func answer(text string, input, output int) reply {
	return reply{status: http.StatusOK, body: string(vertextest.Answer(text, input, output))}
}

// apiError is the error body Google APIs send with status code.
func apiError(code int, status string) reply {
	return reply{status: code, body: fmt.Sprintf(`{"error":{"code":%d,"message":"scripted","status":%q}}`, code, status)}
}

// sentContent is a content as found in a request body.
type sentContent struct {
	Role  string `json:"role,omitempty"`
	Parts []struct {
		Text string `json:"text"`
	} `json:"parts"`
}

// sentRequest is the part of a generateContent body the tests look at.
type sentRequest struct {
	Path              string
	Authorization     string
	Contents          []sentContent     `json:"contents"`
	SystemInstruction sentContent       `json:"systemInstruction"`
	Labels            map[string]string `json:"labels"`
	GenerationConfig  struct {
		Temperature        *float64       `json:"temperature"`
		ResponseMimeType   string         `json:"responseMimeType"`
		ResponseJsonSchema map[string]any `json:"responseJsonSchema"`
	} `json:"generationConfig"`
}

// fakeVertex serves scripted replies in order and records the requests.
type fakeVertex struct {
	t       *testing.T
	mu      sync.Mutex
	replies []reply
	got     []sentRequest
}

func (f *fakeVertex) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		f.t.Errorf("read request: %v", err)
	}
	sent := sentRequest{Path: r.Method + " " + r.URL.Path, Authorization: r.Header.Get("Authorization")}
	if err := json.Unmarshal(body, &sent); err != nil {
		f.t.Errorf("request body %s: %v", body, err)
	}
	f.mu.Lock()
	f.got = append(f.got, sent)
	if len(f.replies) == 0 {
		f.mu.Unlock()
		f.t.Errorf("unscripted request %d", len(f.got))
		http.Error(w, "unscripted", http.StatusTeapot)
		return
	}
	next := f.replies[0]
	f.replies = f.replies[1:]
	f.mu.Unlock()

	switch {
	case next.hangUp:
		conn, _, err := w.(http.Hijacker).Hijack()
		if err != nil {
			f.t.Errorf("hijack: %v", err)
			return
		}
		conn.Close()
	case next.stall:
		if next.status != 0 {
			w.WriteHeader(next.status)
			io.WriteString(w, `{"candidates":[`)
			w.(http.Flusher).Flush()
		}
		<-r.Context().Done()
	default:
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(next.status)
		io.WriteString(w, next.body)
	}
}

// requests returns what the fake received so far.
func (f *fakeVertex) requests() []sentRequest {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]sentRequest(nil), f.got...)
}

// staticToken stands in for Application Default Credentials.
type staticToken struct{}

func (staticToken) Token(context.Context) (*auth.Token, error) {
	return &auth.Token{Value: testToken, Type: "Bearer"}, nil
}

// newTestClient starts a fake endpoint with replies and a client on it
// whose waits are recorded instead of slept, the jitter drawing its cap.
func newTestClient(t *testing.T, policy RetryPolicy, replies ...reply) (*Client, *fakeVertex, *[]time.Duration) {
	t.Helper()
	fake := &fakeVertex{t: t, replies: replies}
	srv := httptest.NewServer(fake)
	t.Cleanup(srv.Close)
	client, err := NewClient(Config{
		Project:     testProject,
		Location:    testLocation,
		Model:       testModel,
		BaseURL:     srv.URL,
		Credentials: auth.NewCredentials(&auth.CredentialsOptions{TokenProvider: staticToken{}}),
		Retry:       policy,
	}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatalf("NewClient: %v", err)
	}
	var sleeps []time.Duration
	client.sleep = func(_ context.Context, d time.Duration) error {
		sleeps = append(sleeps, d)
		return nil
	}
	client.jitter = func(cap time.Duration) time.Duration { return cap }
	return client, fake, &sleeps
}
