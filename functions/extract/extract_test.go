package extract

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"cloud.google.com/go/storage"
	cloudevents "github.com/cloudevents/sdk-go/v2"
	"google.golang.org/api/option"

	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/dev/fixtures/pdfs"
	"analyste.dev/analyste/shared/dev/localstack"
	"analyste.dev/analyste/shared/model"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/platform"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/statementreader"
	"analyste.dev/analyste/shared/statements"
	"analyste.dev/analyste/shared/store"
)

// scriptedModel answers transcription calls with a fixed transcription,
// after failing the first `outages` calls as an overloaded Vertex would. It
// counts the calls: they are what a duplicate event must not repeat.
type scriptedModel struct {
	answer  statements.Transcription
	outages int32
	calls   atomic.Int32
}

func (m *scriptedModel) Generate(ctx context.Context, req model.Request, out any) (model.Usage, error) {
	n := m.calls.Add(1)
	// Slow enough for concurrent deliveries to overlap.
	time.Sleep(200 * time.Millisecond)
	u := model.Usage{}
	u.Add(model.Attempt{Role: req.Role, Number: 1, InputTokens: 1000, OutputTokens: 100})
	if n <= m.outages {
		return u, fmt.Errorf("vertex : %w", model.ErrTransient)
	}
	b, err := json.Marshal(m.answer)
	if err != nil {
		return u, err
	}
	return u, json.Unmarshal(b, out)
}

// env is one stack with a bucket holding Ferlac's report.
type env struct {
	stack *localstack.Stack
	deps  *platform.Deps
	model *scriptedModel
	pdf   []byte
}

func newEnv(t *testing.T, outages int32) *env {
	t.Helper()
	if testing.Short() {
		t.Skip("-short : sans émulateurs (make test les lance)")
	}
	ctx := t.Context()
	st, err := localstack.Start(ctx, localstack.Options{LogDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(st.Stop)
	st.CreateBucket("depots", "")
	st.CreateBucket("artefacts", "")
	fs, err := st.FirestoreClient(ctx)
	if err != nil {
		t.Fatal(err)
	}
	gcs, err := st.StorageClient(ctx)
	if err != nil {
		t.Fatal(err)
	}
	sto, err := store.New(fs, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	pages, err := store.NewPageTexts(gcs, "artefacts")
	if err != nil {
		t.Fatal(err)
	}
	r := fixtures.ReportOf(t, "ferlac")
	pdf, err := os.ReadFile(r.PDF)
	if err != nil {
		t.Fatal(err)
	}
	answer, err := statementreader.Read(pdfs.Read(t, r.PDF))
	if err != nil {
		t.Fatal(err)
	}
	m := &scriptedModel{answer: answer, outages: outages}
	deps := &platform.Deps{
		Log: slog.New(slog.DiscardHandler), Storage: gcs, Store: sto, Pages: pages,
		Pipeline: pipeline.New(m, pipeline.Options{MaxRereads: 2, Limits: pdftext.DefaultLimits()}),
	}
	return &env{stack: st, deps: deps, model: m, pdf: pdf}
}

// upload stores the report and returns the storage event production sends.
func (e *env) upload(t *testing.T, name string) cloudevents.Event {
	t.Helper()
	gcs := e.deps.Storage
	w := gcs.Bucket("depots").Object(name).NewWriter(t.Context())
	if _, err := w.Write(e.pdf); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return storageEvent(t, name, w.Attrs().Generation, len(e.pdf))
}

// storageEvent is the event production sends for generation of
// depots/name, of size bytes.
func storageEvent(t *testing.T, name string, generation int64, size int) cloudevents.Event {
	t.Helper()
	ev := cloudevents.NewEvent()
	ev.SetID("evt-" + name)
	ev.SetType("google.cloud.storage.object.v1.finalized")
	ev.SetSource("//storage.googleapis.com/projects/_/buckets/depots")
	ev.SetSubject("objects/" + name)
	data := map[string]string{"bucket": "depots", "name": name, "generation": strconv.FormatInt(generation, 10),
		"metageneration": "1", "size": strconv.Itoa(size), "contentType": "application/pdf"}
	if err := ev.SetData(cloudevents.ApplicationJSON, data); err != nil {
		t.Fatal(err)
	}
	return ev
}

func (e *env) handler(t *testing.T) *Handler {
	t.Helper()
	h, err := New(Config{Prefix: "", MaxBytes: 10 << 20}, e.deps)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func (e *env) report(t *testing.T, ev cloudevents.Event) (string, schema.Report) {
	t.Helper()
	var obj struct {
		Name       string `json:"name"`
		Generation string `json:"generation"`
	}
	if err := ev.DataAs(&obj); err != nil {
		t.Fatal(err)
	}
	gen, _ := strconv.ParseInt(obj.Generation, 10, 64)
	id := schema.RunID(schema.Source{Bucket: "depots", Object: obj.Name, Generation: gen})
	var r schema.Report
	if err := e.deps.Store.Get(t.Context(), schema.Reports, id, &r); err != nil {
		t.Fatal(err)
	}
	return id, r
}

// The same event delivered three times at once: one set of model calls, one
// result; a late redelivery afterwards does nothing either.
func TestDuplicateDeliveries(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 0)
	h := e.handler(t)
	ev := e.upload(t, "ferlac.pdf")
	var wg sync.WaitGroup
	errs := make([]error, 3)
	for i := range errs {
		wg.Go(func() { errs[i] = h.Handle(t.Context(), ev) })
	}
	wg.Wait()
	succeeded := 0
	for _, err := range errs {
		switch {
		case err == nil:
			succeeded++
		case !errors.Is(err, store.ErrBusy):
			t.Errorf("duplicate delivery: %v, want nil or ErrBusy (retried later)", err)
		}
	}
	if err := h.Handle(t.Context(), ev); err != nil {
		t.Errorf("late redelivery: %v", err)
	}
	if got := e.model.calls.Load(); got != 1 {
		t.Errorf("%d model calls, want 1", got)
	}
	id, r := e.report(t, ev)
	if r.Status != schema.Running(schema.Signaling) || r.Steps["extraction"].Takes != 1 || r.Tokens.Calls != 1 || r.Counters.FieldsRead != 78 {
		t.Errorf("report %+v", r)
	}
	var rec schema.ExtractionRecord
	if err := e.deps.Store.Get(t.Context(), schema.Extractions, id, &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Company != "Maison Ferlac SAS" || rec.PageTexts == "" || rec.Readers != pipeline.ModeModel {
		t.Errorf("extraction %s: %q %q %q", id, rec.Company, rec.PageTexts, rec.Readers)
	}
	texts, err := e.deps.Pages.Load(t.Context(), rec.PageTexts)
	if err != nil || len(texts) != rec.PageCount {
		t.Errorf("page texts: %d pages, %v", len(texts), err)
	}
	if succeeded < 1 {
		t.Errorf("no delivery succeeded: %v", errs)
	}
}

// A function deployed with an invalid configuration ends each run it is
// given in echec, with the configuration's problem and who must act, and
// acknowledges it: no model call, no retry, and a redelivery does nothing.
func TestMisconfiguredFunctionRecords(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 0)
	deps := *e.deps
	deps.Pipeline, deps.Storage, deps.Pages = nil, nil, nil
	deps.Misconfigured = errors.Join(errors.New("ANALYSTE_ARTIFACTS_BUCKET manquant"), errors.New(`ANALYSTE_LEASE "demain"`))
	h, err := New(Config{MaxBytes: 10 << 20}, &deps)
	if err != nil {
		t.Fatal(err)
	}
	ev := e.upload(t, "mal-configure.pdf")
	for range 2 {
		if err := h.Handle(t.Context(), ev); err != nil {
			t.Errorf("Handle = %v, want the event acknowledged", err)
		}
	}
	_, r := e.report(t, ev)
	f := r.Failure
	if r.Status != schema.Failed || f == nil || f.Retryable || r.Steps["extraction"].Takes != 1 ||
		!strings.Contains(f.Reason, "mal configurée (ANALYSTE_ARTIFACTS_BUCKET manquant ; ANALYSTE_LEASE") || !strings.Contains(f.Reason, "équipe plateforme") {
		t.Errorf("report %+v, failure %+v", r, f)
	}
	if got := e.model.calls.Load(); got != 0 {
		t.Errorf("%d model calls", got)
	}
}

// A model outage returns the error so that Eventarc delivers again; the
// report says so and the next delivery completes the stage.
func TestModelOutageThenRetry(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 1)
	h := e.handler(t)
	ev := e.upload(t, "ferlac.pdf")
	if err := h.Handle(t.Context(), ev); !errors.Is(err, model.ErrTransient) {
		t.Fatalf("first delivery: %v, want the transient error", err)
	}
	_, r := e.report(t, ev)
	if r.Failure == nil || !r.Failure.Retryable || r.Status == schema.Failed || r.Steps["extraction"].State != "a_reprendre" || r.Tokens.Calls != 1 {
		t.Fatalf("after the outage: %+v", r)
	}
	if err := h.Handle(t.Context(), ev); err != nil {
		t.Fatalf("redelivery: %v", err)
	}
	_, r = e.report(t, ev)
	// The failed call's tokens stay counted beside the successful one's;
	// the failure is cleared.
	if r.Status != schema.Running(schema.Signaling) || r.Steps["extraction"].Takes != 2 || r.Tokens.Calls != 2 || r.Tokens.Input != 2000 || r.Failure != nil {
		t.Errorf("after the retry: %+v", r)
	}
	if got := e.model.calls.Load(); got != 2 {
		t.Errorf("%d model calls, want 2", got)
	}
}

// Objects outside the reports' prefix, and folder placeholders, are not
// reports: ignored, nothing written.
func TestIgnoredObjects(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 0)
	h, err := New(Config{Prefix: "rapports/", MaxBytes: 10 << 20}, e.deps)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"autres/ferlac.pdf", "rapports/"} {
		ev := e.upload(t, name)
		if err := h.Handle(t.Context(), ev); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		docs, err := e.deps.Store.(*store.Store).Client().Collection(schema.Reports).Documents(t.Context()).GetAll()
		if err != nil || len(docs) != 0 {
			t.Errorf("%s: %d report documents written, %v", name, len(docs), err)
		}
	}
	if e.model.calls.Load() != 0 {
		t.Error("the model was called for an ignored object")
	}
}

// hangingModel stands for a document that kills its instance: each call
// says it started, then lasts until the instance's context ends.
type hangingModel struct {
	started chan struct{}
	calls   atomic.Int32
}

func (m *hangingModel) Generate(ctx context.Context, _ model.Request, _ any) (model.Usage, error) {
	m.calls.Add(1)
	m.started <- struct{}{}
	<-ctx.Done()
	return model.Usage{}, ctx.Err()
}

// An extraction that kills its instance every time ends the run: after the
// takes allowed, the next delivery records echec with their history and is
// acknowledged, and later ones do nothing.
func TestCrashingExtractionEnds(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 0)
	const lease = time.Minute
	var now atomic.Int64
	now.Store(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC).UnixNano())
	clock := func() time.Time { return time.Unix(0, now.Load()).UTC() }
	sto, err := store.New(e.deps.Store.(*store.Store).Client(), lease, store.WithClock(clock), store.WithMaxAttempts(3))
	if err != nil {
		t.Fatal(err)
	}
	m := &hangingModel{started: make(chan struct{})}
	deps := *e.deps
	deps.Store, deps.Pipeline = sto, pipeline.New(m, pipeline.Options{Limits: pdftext.DefaultLimits()})
	h, err := New(Config{MaxBytes: 10 << 20}, &deps)
	if err != nil {
		t.Fatal(err)
	}
	ev := e.upload(t, "tueur.pdf")
	var starts []time.Time
	for take := range 3 {
		starts = append(starts, clock())
		ctx, kill := context.WithCancel(t.Context())
		done := make(chan error, 1)
		go func() { done <- h.Handle(ctx, ev) }()
		<-m.started
		if take == 0 {
			// A redelivery while the dying instance holds the stage is retried.
			if err := h.Handle(t.Context(), ev); !errors.Is(err, store.ErrBusy) {
				t.Errorf("delivery within the lease: %v, want ErrBusy", err)
			}
		}
		kill()
		if err := <-done; err == nil {
			t.Fatalf("take %d: the killed instance acknowledged", take+1)
		}
		now.Add(int64(lease + time.Second))
	}
	if err := h.Handle(t.Context(), ev); err != nil {
		t.Fatalf("delivery after the last take: %v, want the failure acknowledged", err)
	}
	_, r := e.report(t, ev)
	f := r.Failure
	if r.Status != schema.Failed || f == nil || f.Retryable || !strings.Contains(f.Reason, "Document impossible à traiter") || f.Takes != 3 || len(f.Starts) != 3 {
		t.Fatalf("report status %q, failure %+v", r.Status, f)
	}
	for i := range starts {
		if !f.Starts[i].Equal(starts[i]) {
			t.Errorf("take %d began %v, want %v", i+1, f.Starts[i], starts[i])
		}
	}
	if err := h.Handle(t.Context(), ev); err != nil {
		t.Errorf("late delivery: %v", err)
	}
	if got := m.calls.Load(); got != 3 {
		t.Errorf("%d model calls, want 3: the run was taken again", got)
	}
}

// failingStorage answers every request with code and body, as Cloud
// Storage does when it refuses or fails.
func failingStorage(t *testing.T, code int, body string) *storage.Client {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(code)
		_, _ = w.Write([]byte(body))
	}))
	t.Cleanup(srv.Close)
	c, err := storage.NewClient(t.Context(), option.WithEndpoint(srv.URL+"/storage/v1/"), option.WithoutAuthentication(), storage.WithJSONReads())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	return c
}

// A read Cloud Storage refuses or keeps failing is recorded with a reason a
// person can act on, never with the backend's answer.
func TestUnreadableUpload(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 0)
	const body = `{"error":{"code":403,"message":"analyste-extract@p.iam.gserviceaccount.com does not have storage.objects.get access"}}`
	tests := []struct {
		name      string
		code      int
		retryable bool
		reason    string
	}{
		{"access refused", http.StatusForbidden, false, "refuse l'accès"},
		{"failing until the deadline", http.StatusServiceUnavailable, true, "n'a pas abouti dans le délai"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			deps := *e.deps
			deps.Storage, deps.ReadTimeout = failingStorage(t, tt.code, body), 300*time.Millisecond
			h, err := New(Config{MaxBytes: 10 << 20}, &deps)
			if err != nil {
				t.Fatal(err)
			}
			ev := e.upload(t, strconv.Itoa(tt.code)+".pdf")
			start := time.Now()
			err = h.Handle(t.Context(), ev)
			if (err != nil) != tt.retryable {
				t.Errorf("Handle = %v; want an error only for a retry", err)
			}
			if took := time.Since(start); took > 10*time.Second {
				t.Errorf("the read took %v despite its deadline", took)
			}
			_, r := e.report(t, ev)
			f := r.Failure
			if f == nil || f.Retryable != tt.retryable || !strings.Contains(f.Reason, tt.reason) {
				t.Fatalf("failure %+v, want %q (retryable %v)", f, tt.reason, tt.retryable)
			}
			if strings.Contains(f.Reason, "iam.gserviceaccount") || strings.Contains(f.Reason, "storage.objects") {
				t.Errorf("the reason quotes the backend: %q", f.Reason)
			}
		})
	}
}
