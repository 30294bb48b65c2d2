// Package localchain runs the serverless chain on this machine as production
// wires it: the official Firestore emulator, fake-gcs-server with its
// Pub/Sub notifications, the three functions served by the functions
// framework, and a relay standing in for Eventarc. `make run` and the
// integration tests use it.
package localchain

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"cloud.google.com/go/firestore"
	"cloud.google.com/go/storage"
	"github.com/GoogleCloudPlatform/functions-framework-go/funcframework"

	"analyste.dev/analyste"
	"analyste.dev/analyste/functions/viewer"
	"analyste.dev/analyste/shared/dev/localstack"
	"analyste.dev/analyste/shared/dev/relay"
	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/store"
)

// Buckets of the local chain.
const (
	UploadBucket    = "analyste-depots"
	ArtifactsBucket = "analyste-artefacts"
)

// started guards the one chain a process can run: the functions framework
// registers its functions globally and they read their configuration from
// the environment at their first event.
var started atomic.Bool

// Options configure the chain.
type Options struct {
	Readers     string // pipeline.ModeOffline or pipeline.ModeModel
	LogDir      string
	Log         *slog.Logger
	MaxPDFBytes int64 // the extract function's limit; its default when 0
	// Delivery is how the relay delivers the events: Eventarc's retries
	// unless a test compresses them or asks for duplicates.
	Delivery relay.Policy
	// Lease is the functions' ANALYSTE_LEASE, 2 min when 0; it must exceed
	// Delivery's timeout.
	Lease time.Duration
	// Serve, when set, serves the functions in place of this process: it
	// must listen on addr with env added to its environment (a test runs
	// them in a child process it can kill). The functions serve in this
	// process otherwise, once per process.
	Serve func(addr string, env []string) error
	// CrossCheck is extract's ANALYSTE_CONTROLE_OCR: off unless asked, so
	// that a test does not pay the OCR of every text PDF it uploads.
	CrossCheck bool
}

// Chain is a running local chain.
type Chain struct {
	stack *localstack.Stack
	fs    *firestore.Client
	gcs   *storage.Client
	// FunctionsURL serves every function at /<entry point>.
	FunctionsURL string
}

// Start starts the emulators, serves the functions and wires the events.
func Start(ctx context.Context, opts Options) (*Chain, error) {
	if opts.Serve == nil && !started.CompareAndSwap(false, true) {
		return nil, errors.New("local: one chain per process")
	}
	if opts.Readers == "" {
		opts.Readers = pipeline.ModeOffline
	}
	n, err := localstack.FreePort()
	if err != nil {
		return nil, err
	}
	port := strconv.Itoa(n)
	fnURL := "http://127.0.0.1:" + port
	project := ""
	if opts.Readers == pipeline.ModeModel {
		// Vertex AI is called in the real project; the emulators accept it.
		project = os.Getenv("GOOGLE_CLOUD_PROJECT")
	}
	st, err := localstack.Start(ctx, localstack.Options{
		LogDir: opts.LogDir, Logger: opts.Log, ProjectID: project, Delivery: opts.Delivery,
		Buckets: map[string]string{UploadBucket: fnURL + "/" + analyste.EntryExtract},
		Documents: map[string]string{
			schema.Extractions + "/{docId}": fnURL + "/" + analyste.EntrySignals,
			schema.Signals + "/{docId}":     fnURL + "/" + analyste.EntryMemo,
		},
	})
	if err != nil {
		return nil, err
	}
	st.CreateBucket(ArtifactsBucket, "")
	c := &Chain{stack: st, FunctionsURL: fnURL}
	env := append(st.Env(), "ANALYSTE_READERS="+opts.Readers, "ANALYSTE_ARTIFACTS_BUCKET="+ArtifactsBucket,
		"ANALYSTE_LEASE="+cmp.Or(opts.Lease, 2*time.Minute).String(),
		"ANALYSTE_LOG_FILE="+c.FunctionsLog(), "ANALYSTE_CONTROLE_OCR="+map[bool]string{true: "oui", false: "non"}[opts.CrossCheck])
	if opts.MaxPDFBytes > 0 {
		env = append(env, "ANALYSTE_MAX_PDF_BYTES="+strconv.FormatInt(opts.MaxPDFBytes, 10))
	}
	if err := serve(opts, port, env); err != nil {
		c.Stop()
		return nil, err
	}
	if err := waitListening(ctx, "127.0.0.1:"+port); err != nil {
		c.Stop()
		return nil, err
	}
	if c.fs, err = st.FirestoreClient(ctx); err != nil {
		c.Stop()
		return nil, err
	}
	if c.gcs, err = st.StorageClient(ctx); err != nil {
		c.Stop()
		return nil, err
	}
	return c, nil
}

// serve serves the functions on port with env, in this process unless
// opts.Serve does it elsewhere.
func serve(opts Options, port string, env []string) error {
	if opts.Serve != nil {
		return opts.Serve("127.0.0.1:"+port, env)
	}
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		if err := os.Setenv(k, v); err != nil {
			return err
		}
	}
	go func() {
		if err := funcframework.StartHostPort("127.0.0.1", port); err != nil {
			opts.logger().Error("serveur des fonctions arrêté", "erreur", err)
		}
	}()
	return nil
}

func (o Options) logger() *slog.Logger {
	if o.Log == nil {
		return slog.Default()
	}
	return o.Log
}

// Stop stops the emulators; the functions server ends with the process.
func (c *Chain) Stop() {
	if c.fs != nil {
		_ = c.fs.Close()
	}
	if c.gcs != nil {
		_ = c.gcs.Close()
	}
	c.stack.Stop()
}

// Stack is the emulators and the relay under the chain.
func (c *Chain) Stack() *localstack.Stack { return c.stack }

// FunctionsLog is the file the functions write their log lines to.
func (c *Chain) FunctionsLog() string { return filepath.Join(c.stack.LogDir(), "fonctions.log") }

// Project is the emulators' project.
func (c *Chain) Project() string { return c.stack.ProjectID() }

// Firestore is a client of the emulator.
func (c *Chain) Firestore() *firestore.Client { return c.fs }

// Storage is a client of the fake GCS.
func (c *Chain) Storage() *storage.Client { return c.gcs }

// Upload drops data as an analyst would and returns the run's id.
func (c *Chain) Upload(ctx context.Context, name string, data []byte) (string, error) {
	w := c.gcs.Bucket(UploadBucket).Object(name).NewWriter(ctx)
	w.ContentType = "application/pdf"
	if _, err := w.Write(data); err != nil {
		_ = w.Close()
		return "", fmt.Errorf("upload %s: %w", name, err)
	}
	if err := w.Close(); err != nil {
		return "", fmt.Errorf("upload %s: %w", name, err)
	}
	a := w.Attrs()
	return schema.RunID(schema.Source{Bucket: UploadBucket, Object: name, Generation: a.Generation}), nil
}

// Report reads a run's report document.
func (c *Chain) Report(ctx context.Context, id string) (schema.Report, error) {
	st, err := store.New(c.fs, time.Minute)
	if err != nil {
		return schema.Report{}, err
	}
	var r schema.Report
	return r, st.Get(ctx, schema.Reports, id, &r)
}

// Wait polls the runs until each has ended or ctx is done.
func (c *Chain) Wait(ctx context.Context, ids []string) (map[string]schema.Report, error) {
	out := map[string]schema.Report{}
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for len(out) < len(ids) {
		for _, id := range ids {
			if _, done := out[id]; done {
				continue
			}
			if r, err := c.Report(ctx, id); err == nil && r.Final() {
				out[id] = r
			}
		}
		select {
		case <-ctx.Done():
			return out, fmt.Errorf("%d of %d runs ended: %w", len(out), len(ids), ctx.Err())
		case <-tick.C:
		}
	}
	return out, nil
}

func waitListening(ctx context.Context, addr string) error {
	deadline := time.Now().Add(10 * time.Second)
	for {
		resp, err := http.Get("http://" + addr + "/")
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return fmt.Errorf("functions server unreachable on %s: %w", addr, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// ServeViewer serves the viewer on a free loopback port, reading the
// chain's emulators as the deployed viewer reads Firestore; it returns the
// viewer's URL and the function that stops it.
func (c *Chain) ServeViewer(ctx context.Context) (string, func(), error) {
	h, err := viewer.Build(ctx, os.Getenv)
	if err != nil {
		return "", nil, err
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(l) }()
	return "http://" + l.Addr().String() + "/", func() { _ = srv.Close() }, nil
}

// RunTests runs a test binary's tests against one chain started with opts
// (its logs in a temporary folder): setup prepares data, a non-zero code
// failing the run; the chain is stopped afterwards, and its logs are kept
// and named when anything failed. It returns the exit code.
func RunTests(m interface{ Run() int }, opts Options, setup func(context.Context, *Chain) int) int {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "analyste-chain-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	opts.LogDir = dir
	c, err := Start(ctx, opts)
	if err != nil {
		fmt.Fprintln(os.Stderr, "chaîne locale :", err)
		return 1
	}
	code := setup(ctx, c)
	if code == 0 {
		code = m.Run()
	}
	c.Stop()
	if code != 0 {
		fmt.Fprintln(os.Stderr, "journaux de la chaîne :", dir)
	} else {
		os.RemoveAll(dir)
	}
	return code
}
