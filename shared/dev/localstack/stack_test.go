package localstack

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	cloudevents "github.com/cloudevents/sdk-go/v2"
	"github.com/google/go-cmp/cmp"

	"analyste.dev/analyste/shared/events"
	"analyste.dev/analyste/shared/events/eventstest"
)

// received is an event a target got, with the time it arrived.
type received struct {
	event cloudevents.Event
	at    time.Time
}

// newTarget serves fn behind the CloudEvents handler the functions
// framework uses, so an event it cannot parse fails here as it would there.
func newTarget(t *testing.T, fn func(cloudevents.Event) error) string {
	t.Helper()
	p, err := cloudevents.NewHTTP()
	if err != nil {
		t.Fatal(err)
	}
	h, err := cloudevents.NewHTTPReceiveHandler(t.Context(), p, func(_ context.Context, e cloudevents.Event) error {
		return fn(e)
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL
}

// recorder is a target that records every event it gets.
func recorder(t *testing.T) (string, <-chan received) {
	t.Helper()
	got := make(chan received, 16)
	url := newTarget(t, func(e cloudevents.Event) error {
		got <- received{event: e, at: time.Now()}
		return nil
	})
	return url, got
}

// next waits for the next event, failing the test after a long deadline.
func next(t *testing.T, got <-chan received) received {
	t.Helper()
	select {
	case r := <-got:
		return r
	case <-time.After(30 * time.Second):
		t.Fatal("aucun événement reçu")
		return received{}
	}
}

func TestStack(t *testing.T) {
	if testing.Short() {
		t.Skip("-short : sans émulateurs (make test les lance)")
	}
	t.Parallel()
	ctx := t.Context()
	if _, err := FindSDK(ctx); errors.Is(err, ErrNoSDK) {
		t.Skipf("émulateurs indisponibles, test ignoré: %v", err)
	}
	extract, extracted := recorder(t)
	signals, signalled := recorder(t)
	// flaky fails its first delivery, as a function hitting a transient error.
	flakyGot := make(chan received, 16)
	var calls atomic.Int32
	flaky := newTarget(t, func(e cloudevents.Event) error {
		flakyGot <- received{event: e, at: time.Now()}
		if calls.Add(1) == 1 {
			return errors.New("échec transitoire")
		}
		return nil
	})

	start := time.Now()
	st, err := Start(ctx, Options{
		Buckets:   map[string]string{"uploads": extract, "flaky": flaky},
		Documents: map[string]string{"extractions/{docId}": signals},
		LogDir:    t.TempDir(),
		Logger:    slog.New(slog.NewTextHandler(t.Output(), nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(st.Stop)
	t.Logf("stack démarrée en %s (journaux dans %s)", time.Since(start), st.LogDir())

	gcs, err := st.StorageClient(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { gcs.Close() })
	// upload returns the object's generation and when its upload began.
	upload := func(t *testing.T, bucket, name, content string) (int64, time.Time) {
		t.Helper()
		sent := time.Now()
		w := gcs.Bucket(bucket).Object(name).NewWriter(ctx)
		w.ContentType = "application/pdf"
		if _, err := io.WriteString(w, content); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		return w.Attrs().Generation, sent
	}

	t.Run("upload reaches extract as a storage event", func(t *testing.T) {
		gen, sent := upload(t, "uploads", "reports/acme-2025.pdf", "%PDF-1.4")
		r := next(t, extracted)
		t.Logf("upload → événement: %s", r.at.Sub(sent))
		o, err := events.DecodeStorage(r.event)
		if err != nil {
			t.Fatal(err)
		}
		want := events.StorageObject{Bucket: "uploads", Name: "reports/acme-2025.pdf", Generation: gen, ContentType: "application/pdf", Size: 8}
		got := events.StorageObject{Bucket: o.Bucket, Name: o.Name, Generation: o.Generation, ContentType: o.ContentType, Size: o.Size}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("objet (-want +got):\n%s", diff)
		}
		if r.event.Type() != "google.cloud.storage.object.v1.finalized" || r.event.Subject() != "objects/reports/acme-2025.pdf" {
			t.Errorf("type, subject = %q, %q", r.event.Type(), r.event.Subject())
		}
		// A function reads the object back through the XML API.
		rd, err := gcs.Bucket(o.Bucket).Object(o.Name).Generation(o.Generation).NewReader(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer rd.Close()
		if b, err := io.ReadAll(rd); err != nil || string(b) != "%PDF-1.4" {
			t.Errorf("relecture = %q, %v", b, err)
		}
	})

	t.Run("failed function gets the event again", func(t *testing.T) {
		upload(t, "flaky", "a.pdf", "x")
		first, second := next(t, flakyGot), next(t, flakyGot)
		if first.event.ID() != second.event.ID() {
			t.Errorf("IDs %q puis %q, identiques attendus", first.event.ID(), second.event.ID())
		}
		t.Logf("nouvelle livraison après %s", second.at.Sub(first.at))
	})

	t.Run("firestore write reaches signals as a document event", func(t *testing.T) {
		fs, err := st.FirestoreClient(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer fs.Close()
		doc := map[string]any{"status": "done", "pages": 12, "totals": map[string]any{"currency": "EUR"}}
		sent := time.Now()
		if _, err := fs.Doc("extractions/X").Create(ctx, doc); err != nil {
			t.Fatal(err)
		}
		r := next(t, signalled)
		t.Logf("écriture Firestore → événement: %s", r.at.Sub(sent))
		c, err := events.DecodeFirestore(r.event)
		if err != nil {
			t.Fatal(err)
		}
		f := eventstest.FieldsOf(c.Value)
		status, _ := f.String("status")
		pages, _ := f.Integer("pages")
		totals, _ := f.Map("totals")
		currency, _ := totals.String("currency")
		got := fmt.Sprintf("%s %s created=%v status=%s pages=%d currency=%s", c.Path, c.ID(), c.Created(), status, pages, currency)
		if want := "extractions/X X created=true status=done pages=12 currency=EUR"; got != want {
			t.Errorf("changement = %q, want %q", got, want)
		}
		if want := "//firestore.googleapis.com/projects/" + st.ProjectID() + "/databases/(default)"; r.event.Source() != want {
			t.Errorf("source = %q, want %q", r.event.Source(), want)
		}
	})
}
