package viewer

import (
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"cloud.google.com/go/storage"
	"google.golang.org/api/option"

	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/store/storetest"
)

// The reader goes through shared/store's interface: over the in-memory
// runs, without emulator, it lists, reads and resolves as the viewer
// wants (not found as ErrNotFound, a second resolution as
// *AlreadyResolved), and the dashboard shows what it lists.
func TestReaderThroughTheStore(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	runs := storetest.New(time.Minute)
	r, err := NewFirestoreReader(runs, &storetest.Pages{}, noStorage(t))
	if err != nil {
		t.Fatal(err)
	}
	hand := &schema.HandoffRecord{Handoff: memo.Handoff{Report: "Société test SA", Status: memo.Blocked, Reason: "paragraphe 1 : un nombre absent des faits cités",
		Claims: []memo.HandoffClaim{{Paragraph: 1, Claim: "La marge progresse de 9,9 %.", Step: memo.StepNumbers}}}}
	id, err := runs.Seed(ctx, schema.Source{Bucket: "depots", Object: "relais.pdf", Generation: 1}, schema.Outcome{Status: schema.Blocked, Handoff: hand})
	if err != nil {
		t.Fatal(err)
	}
	if got, err := r.Reports(ctx, 10, schema.Blocked); err != nil || len(got) != 1 || got[0].ID != id {
		t.Errorf("reports %v %v, want %s", got, err, id)
	}
	if err := r.Document(ctx, schema.Memos, id, &memo.Result{}); !errors.Is(err, ErrNotFound) {
		t.Errorf("a document never written: %v, want ErrNotFound", err)
	}
	if err := r.Document(ctx, schema.Reports, "../x", &schema.Report{}); !errors.Is(err, ErrNotFound) {
		t.Errorf("an id that is no run's: %v, want ErrNotFound", err)
	}
	h, err := New(Deps{Reader: r, Resolver: r, Log: slog.New(slog.DiscardHandler), FormKey: formKey})
	if err != nil {
		t.Fatal(err)
	}
	if code, page := serve(t, h, "GET", "/", "ana@example.com", nil, ""); code != 200 || !strings.Contains(page, "1 affirmation arrêtée") {
		t.Errorf("dashboard: %d, or its queue does not list the hand-off", code)
	}
	res := schema.Resolution{Decision: schema.Validated, Comment: "relu", By: "ana@example.com", At: time.Now().UTC()}
	if err := r.Resolve(ctx, id, res); err != nil {
		t.Fatal(err)
	}
	var done *AlreadyResolved
	if err := r.Resolve(ctx, id, res); !errors.As(err, &done) || done.Resolution.By != res.By {
		t.Errorf("a second resolution: %v, want *AlreadyResolved", err)
	}
	if err := r.Resolve(ctx, runID("sans-relais"), res); !errors.Is(err, ErrNotFound) {
		t.Errorf("a run without hand-off: %v, want ErrNotFound", err)
	}
}

// noStorage is a Cloud Storage client that reaches nothing: the tests
// through the store read no upload.
func noStorage(t *testing.T) *storage.Client {
	t.Helper()
	gcs, err := storage.NewClient(t.Context(), option.WithoutAuthentication(), option.WithEndpoint("http://127.0.0.1:1/storage/v1/"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = gcs.Close() })
	return gcs
}
