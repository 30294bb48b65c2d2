package relay

import (
	"bytes"
	"cmp"
	"encoding/base64"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	cloudevents "github.com/cloudevents/sdk-go/v2"
	gocmp "github.com/google/go-cmp/cmp"

	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/events"
	"analyste.dev/analyste/shared/events/eventstest"
)

// delivery is what a target function received.
type delivery struct {
	header http.Header
	event  *cloudevents.Event
}

// delivered returns what the target received, failing the test unless it
// received something exactly when want; ok tells whether there is one.
func delivered(t *testing.T, got <-chan delivery, want bool) (d delivery, ok bool) {
	t.Helper()
	wait := 5 * time.Second
	if !want {
		wait = 100 * time.Millisecond
	}
	select {
	case d = <-got:
	case <-time.After(wait):
		if want {
			t.Fatal("la cible n'a rien reçu")
		}
		return d, false
	}
	if !want {
		t.Fatalf("la cible a reçu %v", d.event)
	}
	return d, true
}

// newTarget stands for a function: it parses the CloudEvent the way the
// functions framework does and answers the statuses in turn, the last one
// from then on.
func newTarget(t *testing.T, statuses ...int) (string, <-chan delivery) {
	t.Helper()
	got := make(chan delivery, 64)
	var mu sync.Mutex
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		e, err := cloudevents.NewEventFromHTTPRequest(req)
		if err != nil {
			t.Errorf("la cible n'a pas pu lire le CloudEvent: %v", err)
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		mu.Lock()
		status := cmp.Or(statuses[0], http.StatusOK)
		if len(statuses) > 1 {
			statuses = statuses[1:]
		}
		mu.Unlock()
		got <- delivery{header: req.Header.Clone(), event: e}
		w.WriteHeader(status)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/fn", got
}

// fast is a policy compressed for tests.
var fast = Policy{Window: 2 * time.Second, MinBackoff: 10 * time.Millisecond, MaxBackoff: 80 * time.Millisecond, Timeout: time.Second}

func newRelay(t *testing.T, p Policy) *Relay {
	t.Helper()
	r := New(slog.New(slog.NewTextHandler(t.Output(), nil)), http.DefaultClient, p)
	t.Cleanup(r.Close)
	return r
}

// ceHeaders keeps the CloudEvent attributes and content type of a request.
func ceHeaders(h http.Header) map[string]string {
	out := map[string]string{}
	for k := range h {
		if k == "Content-Type" || len(k) > 3 && k[:3] == "Ce-" {
			out[k] = h.Get(k)
		}
	}
	return out
}

func TestStorage(t *testing.T) {
	t.Parallel()
	finalizeHeader := map[string]string{
		"Content-Type":   "application/json",
		"Ce-Specversion": "1.0",
		"Ce-Type":        "google.cloud.storage.object.v1.finalized",
		"Ce-Source":      "//storage.googleapis.com/projects/_/buckets/uploads",
		"Ce-Subject":     "objects/reports/acme-2025.pdf",
		"Ce-Id":          "7",
		"Ce-Time":        "2026-11-29T22:42:11Z",
		"Ce-Bucket":      "uploads",
	}
	tests := []struct {
		name         string
		fixture      string
		bucket       string
		targetStatus int
		wantStatus   int
		wantHeader   map[string]string
		wantObject   events.StorageObject
	}{
		{
			name:         "finalize becomes the production event",
			fixture:      "push-finalize.json",
			bucket:       "uploads",
			targetStatus: http.StatusOK,
			wantStatus:   http.StatusNoContent,
			wantHeader:   finalizeHeader,
			wantObject:   events.StorageObject{Bucket: "uploads", Name: "reports/acme-2025.pdf"},
		},
		{
			name:         "the push is acknowledged whatever the function answers",
			fixture:      "push-finalize.json",
			bucket:       "uploads",
			targetStatus: http.StatusInternalServerError,
			wantStatus:   http.StatusNoContent,
			wantHeader:   finalizeHeader,
			wantObject:   events.StorageObject{Bucket: "uploads", Name: "reports/acme-2025.pdf"},
		},
		{name: "delete of an old generation is acknowledged", fixture: "push-delete.json", bucket: "uploads", wantStatus: http.StatusNoContent},
		{name: "bucket without function is acknowledged", fixture: "push-finalize.json", bucket: "other", wantStatus: http.StatusNoContent},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			target, got := newTarget(t, tt.targetStatus)
			r := newRelay(t, fast)
			r.RouteBucket(tt.bucket, target)
			rec := httptest.NewRecorder()
			r.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, PushPath, bytes.NewReader(fixtures.File(t, tt.fixture))))
			if rec.Code != tt.wantStatus {
				t.Errorf("status = %d, want %d (%s)", rec.Code, tt.wantStatus, rec.Body)
			}
			d, ok := delivered(t, got, tt.wantHeader != nil)
			if !ok {
				return
			}
			if diff := gocmp.Diff(tt.wantHeader, ceHeaders(d.header)); diff != "" {
				t.Errorf("headers mismatch (-want +got):\n%s", diff)
			}
			o, err := events.DecodeStorage(*d.event)
			if err != nil {
				t.Fatal(err)
			}
			if diff := gocmp.Diff(tt.wantObject, events.StorageObject{Bucket: o.Bucket, Name: o.Name}); diff != "" {
				t.Errorf("object mismatch (-want +got):\n%s", diff)
			}
			if o.Generation != 1795992131635112 || o.Size != 5 {
				t.Errorf("generation, size = %d, %d; want 1795992131635112, 5", o.Generation, o.Size)
			}
		})
	}
}

func TestStorageMalformedPush(t *testing.T) {
	t.Parallel()
	target, got := newTarget(t, http.StatusOK)
	r := newRelay(t, fast)
	r.RouteBucket("uploads", target)
	rec := httptest.NewRecorder()
	r.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, PushPath, bytes.NewReader([]byte(`{"message":`))))
	if rec.Code != http.StatusBadRequest {
		t.Errorf("status = %d, want %d", rec.Code, http.StatusBadRequest)
	}
	if len(got) != 0 {
		t.Error("la cible a reçu un événement")
	}
}

// firestoreFixture is a request the Firestore emulator sent for a create of
// extractions/X1.
type firestoreFixture struct {
	Header map[string]string `json:"header"`
	Body   string            `json:"body"`
}

func readFirestoreFixture(t *testing.T) firestoreFixture {
	t.Helper()
	var fixture firestoreFixture
	if err := json.Unmarshal(fixtures.File(t, "firestore-delivery.json"), &fixture); err != nil {
		t.Fatal(err)
	}
	return fixture
}

// emulatorDelivery rebuilds the fixture request, with the body replaced when
// body is not empty.
func emulatorDelivery(t *testing.T, trigger, body string) *http.Request {
	t.Helper()
	fixture := readFirestoreFixture(t)
	if body == "" {
		body = fixture.Body
	}
	req := httptest.NewRequest(http.MethodPost, "/functions/projects/demo-p/triggers/"+trigger, bytes.NewReader([]byte(body)))
	for k, v := range fixture.Header {
		req.Header.Set(k, v)
	}
	return req
}

func TestFirestore(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name         string
		trigger      string
		body         string
		targetStatus int
		wantStatus   int
		wantHeader   map[string]string
	}{
		{
			name:         "delivery becomes the production event",
			trigger:      "extractions",
			targetStatus: http.StatusOK,
			wantStatus:   http.StatusNoContent,
			wantHeader: map[string]string{
				"Content-Type":   "application/protobuf",
				"Ce-Specversion": "1.0",
				"Ce-Type":        "google.cloud.firestore.document.v1.written",
				"Ce-Source":      "//firestore.googleapis.com/projects/demo-p/databases/(default)",
				"Ce-Id":          "a17b7409-bb06-4459-afaa-7b6115b2ade4",
				"Ce-Subject":     "documents/extractions/X1",
				"Ce-Time":        "2026-11-29T22:41:57Z",
				"Ce-Dataschema":  "https://github.com/googleapis/google-cloudevents/blob/main/proto/google/events/cloud/firestore/v1/data.proto",
				"Ce-Location":    "us-central1",
				"Ce-Project":     "demo-p",
				"Ce-Database":    "(default)",
				"Ce-Namespace":   "(default)",
				"Ce-Document":    "extractions/X1",
			},
		},
		{name: "the delivery is acknowledged whatever the function answers", trigger: "extractions", targetStatus: http.StatusInternalServerError,
			wantStatus: http.StatusNoContent, wantHeader: map[string]string{}},
		{name: "unknown trigger", trigger: "signals", wantStatus: http.StatusNotFound},
		{name: "body not base64", trigger: "extractions", body: "\x0a\x02ab", wantStatus: http.StatusBadRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			target, got := newTarget(t, tt.targetStatus)
			r := newRelay(t, fast)
			r.RouteTrigger("extractions", target)
			rec := httptest.NewRecorder()
			r.ServeHTTP(rec, emulatorDelivery(t, tt.trigger, tt.body))
			if rec.Code != tt.wantStatus {
				t.Errorf("status = %d, want %d (%s)", rec.Code, tt.wantStatus, rec.Body)
			}
			d, ok := delivered(t, got, tt.wantHeader != nil)
			if !ok {
				return
			}
			if len(tt.wantHeader) > 0 {
				if diff := gocmp.Diff(tt.wantHeader, ceHeaders(d.header)); diff != "" {
					t.Errorf("headers mismatch (-want +got):\n%s", diff)
				}
			}
			raw, err := base64.StdEncoding.DecodeString(readFirestoreFixture(t).Body)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(d.event.Data(), raw) {
				t.Errorf("la cible a reçu %q, pas le protobuf brut", d.event.Data())
			}
			c, err := events.DecodeFirestore(*d.event)
			if err != nil {
				t.Fatal(err)
			}
			status, _ := eventstest.FieldsOf(c.Value).String("status")
			if c.Path != "extractions/X1" || !c.Created() || status != "ok" {
				t.Errorf("change = %s created=%v status=%q; want extractions/X1 created=true status=ok", c.Path, c.Created(), status)
			}
		})
	}
}
