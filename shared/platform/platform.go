// Package platform holds what the three functions share: the configuration
// read from the environment and validated at start, the clients created
// once per instance at the first event (never at import), the logger, and
// the rule that decides between retrying and recording a failure.
package platform

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strconv"
	"sync"
	"time"

	"cloud.google.com/go/firestore"
	"cloud.google.com/go/storage"
	"github.com/cloudevents/sdk-go/v2/event"
	"google.golang.org/api/option"

	"analyste.dev/analyste/shared/extraction"
	"analyste.dev/analyste/shared/logging"
	"analyste.dev/analyste/shared/model"
	"analyste.dev/analyste/shared/ocr"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/store"
)

// DataConfig is where the runs' data lives: what every function reads,
// the viewer included.
type DataConfig struct {
	Project   string // GOOGLE_CLOUD_PROJECT
	Database  string // FIRESTORE_DATABASE, default (default)
	Artifacts string // ANALYSTE_ARTIFACTS_BUCKET: page texts
}

// DataConfigFromEnv reads the DataConfig and validates it, naming every
// problem at once.
func DataConfigFromEnv(getenv func(string) string) (DataConfig, error) {
	c := DataConfig{
		Project:   getenv("GOOGLE_CLOUD_PROJECT"),
		Database:  cmp.Or(getenv("FIRESTORE_DATABASE"), firestore.DefaultDatabaseID),
		Artifacts: getenv("ANALYSTE_ARTIFACTS_BUCKET"),
	}
	var errs []error
	if c.Project == "" {
		errs = append(errs, errors.New("GOOGLE_CLOUD_PROJECT manquant"))
	}
	if c.Artifacts == "" {
		errs = append(errs, errors.New("ANALYSTE_ARTIFACTS_BUCKET manquant"))
	}
	return c, errors.Join(errs...)
}

// Config is what the event functions read: where the data lives, who
// reads, and how a stage is claimed.
type Config struct {
	DataConfig
	Readers    string // ANALYSTE_READERS: vertex (default) or offline
	MaxRereads int    // ANALYSTE_MAX_REREADS, default 2
	// TokenBudget stops re-reads once a report's model calls have used it
	// (ANALYSTE_TOKEN_BUDGET, input + output tokens; 0 = none).
	TokenBudget int
	Lease       time.Duration // ANALYSTE_LEASE: a dead instance's claim expires after it, default 15m
	// MaxAttempts is how many times a stage is taken before the next
	// delivery gives up on the run (ANALYSTE_MAX_ATTEMPTS, default 3).
	MaxAttempts int
	Model       model.Config // GOOGLE_CLOUD_LOCATION, ANALYSTE_MODEL (and the project)
	// OCRProcessor is the Document AI OCR processor that reads scanned
	// pages (projects/…/locations/…/processors/…), which only extract
	// reads (its ANALYSTE_OCR_PROCESSOR). Unset, Tesseract reads them
	// where it is installed, and a scan is refused elsewhere.
	OCRProcessor string
	// CrossCheck has the OCR check the text layer of the statement pages
	// and quoted sentences against the printed page (pipeline.Options),
	// which only extract does (its ANALYSTE_CONTROLE_OCR, CrossCheckEnv).
	CrossCheck bool
}

// ConfigFromEnv reads the configuration and validates it, naming every
// problem at once.
func ConfigFromEnv(getenv func(string) string) (Config, error) {
	data, err := DataConfigFromEnv(getenv)
	c := Config{
		DataConfig: data,
		Readers:    cmp.Or(getenv("ANALYSTE_READERS"), pipeline.ModeModel),
		Model:      model.ConfigFromEnv(getenv),
	}
	errs := []error{err}
	if c.MaxRereads, err = IntEnv(getenv, "ANALYSTE_MAX_REREADS", extraction.DefaultMaxRereads); err != nil {
		errs = append(errs, err)
	}
	if c.TokenBudget, err = IntEnv(getenv, "ANALYSTE_TOKEN_BUDGET", 0); err != nil || c.TokenBudget < 0 {
		errs = append(errs, fmt.Errorf("ANALYSTE_TOKEN_BUDGET : un nombre de jetons positif ou 0 est attendu"))
	}
	if c.MaxAttempts, err = IntEnv(getenv, "ANALYSTE_MAX_ATTEMPTS", store.DefaultMaxAttempts); err != nil || c.MaxAttempts < 1 || c.MaxAttempts > maxAttempts {
		errs = append(errs, fmt.Errorf("ANALYSTE_MAX_ATTEMPTS : un nombre de prises de 1 à %d est attendu", maxAttempts))
	}
	lease := cmp.Or(getenv("ANALYSTE_LEASE"), defaultLease.String())
	if c.Lease, err = time.ParseDuration(lease); err != nil || c.Lease <= 0 {
		errs = append(errs, fmt.Errorf("ANALYSTE_LEASE %q : une durée positive est attendue (ex. 15m)", lease))
	}
	if c.MaxRereads < 0 {
		errs = append(errs, fmt.Errorf("ANALYSTE_MAX_REREADS %d : au moins 0", c.MaxRereads))
	}
	switch c.Readers {
	case pipeline.ModeModel:
		if err := c.Model.Validate(); err != nil {
			errs = append(errs, err)
		}
	case pipeline.ModeOffline:
	default:
		errs = append(errs, fmt.Errorf("ANALYSTE_READERS %q : vertex ou offline", c.Readers))
	}
	return c, errors.Join(errs...)
}

// defaultLease is ANALYSTE_LEASE's default.
const defaultLease = 15 * time.Minute

// maxAttempts bounds ANALYSTE_MAX_ATTEMPTS: every take may last a lease,
// and all must fit in the platform's retry window (infra/variables.tf).
const maxAttempts = 10

// IntEnv reads an integer variable, def when unset: the one parser of the
// functions' integer settings.
func IntEnv(getenv func(string) string, name string, def int) (int, error) {
	v := getenv(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, fmt.Errorf("%s %q : un entier est attendu", name, v)
	}
	return n, nil
}

// CrossCheckEnv reads ANALYSTE_CONTROLE_OCR, oui or non, def when unset:
// whether the OCR checks a text layer against its printed page.
func CrossCheckEnv(getenv func(string) string, def bool) (bool, error) {
	switch v := getenv("ANALYSTE_CONTROLE_OCR"); v {
	case "":
		return def, nil
	case "oui":
		return true, nil
	case "non":
		return false, nil
	default:
		return false, fmt.Errorf("ANALYSTE_CONTROLE_OCR %q : oui ou non", v)
	}
}

// Runs is what the stages need of the runs' database: claiming and ending
// a stage, reading a document. store.Store keeps them in Firestore,
// storetest.Runs in memory.
type Runs interface {
	Claim(ctx context.Context, id string, stage schema.Stage, src *schema.Source) (store.Claim, error)
	Complete(ctx context.Context, c store.Claim, o schema.Outcome) error
	Fail(ctx context.Context, c store.Claim, reason string, retryable bool, spent *model.Usage) error
	Get(ctx context.Context, coll, id string, out any) error
}

// Pages is what the stages need of the page texts and of the OCR's
// layouts of the scanned pages: store.PageTexts keeps them in Cloud
// Storage, storetest.Pages in memory.
type Pages interface {
	Save(ctx context.Context, id string, texts []string) (string, error)
	Load(ctx context.Context, url string) ([]string, error)
	SaveBoxes(ctx context.Context, id string, boxes []store.OCRBoxes) (string, error)
}

// Deps are the clients of one instance.
type Deps struct {
	Config   Config
	Log      *slog.Logger
	Storage  *storage.Client
	Store    Runs
	Pages    Pages
	Pipeline *pipeline.Pipeline
	// Misconfigured, when set, is why the function cannot run (see Start):
	// each run it claims ends in echec with that reason. Only Log and
	// Store are set then.
	Misconfigured error
	// ReadTimeout bounds each read from Cloud Storage, whose client retries
	// a failing read until its context ends; DefaultReadTimeout when 0.
	ReadTimeout time.Duration
}

// DefaultReadTimeout bounds a read from Cloud Storage: far more than a
// 100 MiB download takes, far less than the functions' timeouts.
const DefaultReadTimeout = 2 * time.Minute

// ReadStorage runs read, a read of what (« du rapport déposé ») from Cloud
// Storage, within the read timeout. A read still failing when it runs out
// is a StageError a later delivery may cure; the attempts limit ends the run
// if it never does.
func (d *Deps) ReadStorage(ctx context.Context, what string, read func(ctx context.Context) error) error {
	timeout := cmp.Or(d.ReadTimeout, DefaultReadTimeout)
	rctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	err := read(rctx)
	if err != nil && ctx.Err() == nil && errors.Is(rctx.Err(), context.DeadlineExceeded) {
		return &StageError{Reason: fmt.Sprintf("La lecture %s dans Cloud Storage n'a pas abouti dans le délai de %v : "+
			"une nouvelle tentative aura lieu automatiquement.", what, timeout), Retryable: true, Err: err}
	}
	return err
}

// Connect creates the clients of an event function. Emulators are reached
// through FIRESTORE_EMULATOR_HOST and STORAGE_EMULATOR_HOST, as the client
// libraries do.
func Connect(ctx context.Context, cfg Config) (*Deps, error) {
	d, err := connectStore(ctx, cfg)
	if err != nil {
		return nil, err
	}
	if d.Storage, d.Pages, err = ConnectStorage(ctx, cfg.DataConfig); err != nil {
		return nil, err
	}
	opts := pipeline.Options{MaxRereads: cfg.MaxRereads, TokenBudget: cfg.TokenBudget, Limits: pdftext.DefaultLimits(), CrossCheck: cfg.CrossCheck}
	if opts.OCR, err = connectOCR(ctx, cfg.OCRProcessor); err != nil {
		return nil, err
	}
	d.Pipeline = pipeline.New(nil, opts)
	if cfg.Readers == pipeline.ModeModel {
		gen, err := model.NewClient(cfg.Model, d.Log)
		if err != nil {
			return nil, err
		}
		d.Pipeline = pipeline.New(gen, opts)
	}
	return d, nil
}

// connectOCR gives the reader of scanned pages: the Document AI processor
// when one is configured, else Tesseract where it is installed, else none.
func connectOCR(ctx context.Context, processor string) (*ocr.Reader, error) {
	if processor == "" {
		engine, err := ocr.NewTesseract()
		if err != nil {
			return nil, nil // no OCR here: a scan is refused with its reason
		}
		return &ocr.Reader{Engine: engine, Budget: ocr.DefaultBudget()}, nil
	}
	loc, err := ocr.Location(processor)
	if err != nil {
		return nil, err
	}
	engine, err := ocr.NewDocumentAI(ctx, processor, ocr.Endpoint(loc))
	if err != nil {
		return nil, err
	}
	return &ocr.Reader{Engine: engine, Budget: ocr.DefaultBudget()}, nil
}

// ConnectFirestore creates the client of the runs' database.
func ConnectFirestore(ctx context.Context, cfg DataConfig) (*firestore.Client, error) {
	fs, err := firestore.NewClientWithDatabase(ctx, cfg.Project, cfg.Database)
	if err != nil {
		return nil, fmt.Errorf("create the Firestore client: %w", err)
	}
	return fs, nil
}

// ConnectStorage creates the Cloud Storage client and the page texts of
// the artifacts bucket.
func ConnectStorage(ctx context.Context, cfg DataConfig) (*storage.Client, *store.PageTexts, error) {
	var opts []option.ClientOption
	// The storage library itself reads this variable from the process.
	if os.Getenv("STORAGE_EMULATOR_HOST") != "" {
		opts = append(opts, storage.WithJSONReads())
	}
	gcs, err := storage.NewClient(ctx, opts...)
	if err != nil {
		return nil, nil, fmt.Errorf("create the Cloud Storage client: %w", err)
	}
	pages, err := store.NewPageTexts(gcs, cfg.Artifacts)
	if err != nil {
		return nil, nil, err
	}
	return gcs, pages, nil
}

// connectStore creates the logger and the store, all that recording a
// run's failure needs. An invalid lease or attempts limit falls back to
// the defaults, so that a misconfigured function can still record.
func connectStore(ctx context.Context, cfg Config) (*Deps, error) {
	fs, err := ConnectFirestore(ctx, cfg.DataConfig)
	if err != nil {
		return nil, err
	}
	lease := cfg.Lease
	if lease <= 0 {
		lease = defaultLease
	}
	attempts := cfg.MaxAttempts
	if attempts < 1 || attempts > maxAttempts {
		attempts = store.DefaultMaxAttempts
	}
	st, err := store.New(fs, lease, store.WithMaxAttempts(attempts))
	if err != nil {
		return nil, err
	}
	return &Deps{Config: cfg, Log: NewLogger(cfg.Project), Store: st}, nil
}

// ConfigError is a configuration no retry can cure: only a new deployment
// does.
type ConfigError struct{ Err error }

func (e *ConfigError) Error() string { return "configuration invalide : " + e.Err.Error() }
func (e *ConfigError) Unwrap() error { return e.Err }

// Start connects the clients for cfg, read with cfgErr. With an invalid
// configuration that still names a project, it connects the store only and
// sets Misconfigured, so that each run claimed ends in echec with the
// reason; without a project nothing can be recorded and the error is a
// *ConfigError, which Lazy acknowledges.
func Start(ctx context.Context, cfg Config, cfgErr error) (*Deps, error) {
	if cfgErr == nil {
		return Connect(ctx, cfg)
	}
	if cfg.Project == "" {
		return nil, &ConfigError{Err: cfgErr}
	}
	d, err := connectStore(ctx, cfg)
	if err != nil {
		return nil, err
	}
	d.Misconfigured = cfgErr
	return d, nil
}

// NewLogger is the functions' logger: JSON lines with Cloud Logging's
// severity, on standard output.
func NewLogger(project string) *slog.Logger { return logging.New(logOutput(), project) }

// Handler handles one CloudEvent.
type Handler func(ctx context.Context, e event.Event) error

// Builder builds a value at its first use, once per instance, with a
// context that outlives the first event or request, since the clients it
// creates keep it. A build that fails is tried again at the next use.
type Builder[T any] struct {
	mu    sync.Mutex
	built T
	done  bool
	build func(ctx context.Context) (T, error)
}

// NewBuilder returns a Builder of build.
func NewBuilder[T any](build func(ctx context.Context) (T, error)) *Builder[T] {
	return &Builder[T]{build: build}
}

// Get returns the value, building it if no build has succeeded yet.
func (b *Builder[T]) Get(ctx context.Context) (T, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.done {
		v, err := b.build(context.WithoutCancel(ctx))
		if err != nil {
			return v, err
		}
		b.built, b.done = v, true
	}
	return b.built, nil
}

// Lazy builds the handler at the first event (see Builder). A build that
// fails is returned, so that Eventarc retries; but a *ConfigError is
// permanent: it is logged (severity ERROR) and the event acknowledged,
// since retrying would repeat it for Eventarc's 24 hours.
// newLog makes the logger of that line, only then.
func Lazy(newLog func() *slog.Logger, build func(ctx context.Context) (Handler, error)) Handler {
	b := NewBuilder(build)
	return func(ctx context.Context, e event.Event) error {
		h, err := b.Get(ctx)
		if errors.As(err, new(*ConfigError)) {
			newLog().ErrorContext(ctx, "fonction mal configurée : événement acquitté sans traitement ni enregistrement",
				"erreur", err.Error(), "evenement", e.ID(), "type", e.Type(), "sujet", e.Subject())
			return nil
		}
		if err != nil {
			return fmt.Errorf("start the function: %w", err)
		}
		return h(ctx, e)
	}
}

// Build connects the clients from the environment and makes a handler with
// them: the builder of the entry points that need no configuration of their
// own.
func Build(ctx context.Context, getenv func(string) string, newHandler func(*Deps) (Handler, error)) (Handler, error) {
	cfg, err := ConfigFromEnv(getenv)
	deps, err := Start(ctx, cfg, err)
	if err != nil {
		return nil, err
	}
	return newHandler(deps)
}

// logOutput is standard output, where Cloud Run collects the logs; the local
// chain sends them to a file (ANALYSTE_LOG_FILE) to keep its terminal clear.
// Read when a logger is made, never at import: the local chain sets it
// after the functions are registered.
func logOutput() io.Writer {
	if path := os.Getenv("ANALYSTE_LOG_FILE"); path != "" {
		if f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644); err == nil {
			return f
		}
	}
	return os.Stdout
}
