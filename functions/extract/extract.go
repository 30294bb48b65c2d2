// Package extract is the function a Cloud Storage upload triggers
// (google.cloud.storage.object.v1.finalized): it reads the PDF at the
// uploaded generation, extracts and checks the statements, saves the page
// texts to Cloud Storage and writes reports/{id} and extractions/{id}, which
// triggers the signals function. The uploaded object is only ever read.
package extract

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path"
	"strings"

	"cloud.google.com/go/storage"
	"github.com/cloudevents/sdk-go/v2/event"

	"analyste.dev/analyste/shared/events"
	"analyste.dev/analyste/shared/model"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/platform"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/store"
)

// Config is the extract function's environment.
type Config struct {
	platform.Config
	// platform.Config.OCRProcessor is ANALYSTE_OCR_PROCESSOR here, and
	// CrossCheck ANALYSTE_CONTROLE_OCR (oui when unset: a text layer
	// that lies is seen only by the check).
	Prefix   string // ANALYSTE_UPLOAD_PREFIX: only objects under it are reports
	MaxBytes int64  // ANALYSTE_MAX_PDF_BYTES, default pdftext's limit
}

// ConfigFromEnv reads and validates the configuration.
func ConfigFromEnv(getenv func(string) string) (Config, error) {
	base, err := platform.ConfigFromEnv(getenv)
	c := Config{Config: base, Prefix: getenv("ANALYSTE_UPLOAD_PREFIX"), MaxBytes: pdftext.DefaultLimits().MaxBytes}
	n, perr := platform.IntEnv(getenv, "ANALYSTE_MAX_PDF_BYTES", int(c.MaxBytes))
	if perr != nil || n <= 0 {
		err = errors.Join(err, fmt.Errorf("ANALYSTE_MAX_PDF_BYTES %q : un nombre d'octets positif est attendu", getenv("ANALYSTE_MAX_PDF_BYTES")))
	}
	c.MaxBytes = int64(n)
	c.OCRProcessor = getenv("ANALYSTE_OCR_PROCESSOR") // its form is checked on connecting
	check, cerr := platform.CrossCheckEnv(getenv, true)
	c.CrossCheck = check
	return c, errors.Join(err, cerr)
}

// Handler handles uploads.
type Handler struct {
	cfg  Config
	deps *platform.Deps
}

// New returns the handler; deps come from platform.Start.
func New(cfg Config, deps *platform.Deps) (*Handler, error) {
	if deps == nil {
		return nil, errors.New("extract: no dependencies")
	}
	return &Handler{cfg: cfg, deps: deps}, nil
}

// Build connects the clients from the environment: the entry point's builder.
func Build(ctx context.Context, getenv func(string) string) (platform.Handler, error) {
	cfg, err := ConfigFromEnv(getenv)
	deps, err := platform.Start(ctx, cfg.Config, err)
	if err != nil {
		return nil, err
	}
	h, err := New(cfg, deps)
	if err != nil {
		return nil, err
	}
	return h.Handle, nil
}

// Handle processes one storage event.
func (h *Handler) Handle(ctx context.Context, e event.Event) error {
	ctx, log := h.deps.Begin(ctx, e, "extract")
	obj, err := events.DecodeStorage(e)
	if err != nil {
		log.ErrorContext(ctx, "événement de stockage illisible : ignoré", "erreur", err)
		return nil
	}
	log = log.With("bucket", obj.Bucket, "objet", obj.Name, "generation", obj.Generation)
	if !strings.HasPrefix(obj.Name, h.cfg.Prefix) || strings.HasSuffix(obj.Name, "/") {
		log.InfoContext(ctx, "objet ignoré : hors du préfixe des rapports", "prefixe", h.cfg.Prefix)
		return nil
	}
	src := schema.Source{Bucket: obj.Bucket, Object: obj.Name, Generation: obj.Generation, Size: obj.Size, MD5: obj.MD5Hash}
	id := schema.RunID(src)
	claim, ok, err := h.deps.Claim(ctx, log, id, schema.Extraction, &src)
	if !ok {
		return err
	}
	o, err := h.run(model.WithLabels(ctx, claim.Labels()), id, obj)
	return h.deps.Finish(ctx, log, claim, o, err)
}

func (h *Handler) run(ctx context.Context, id string, obj events.StorageObject) (schema.Outcome, error) {
	var o schema.Outcome
	data, err := h.read(ctx, obj)
	if err != nil {
		return o, err
	}
	p := h.deps.Pipeline
	doc, err := p.Read(ctx, bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return o, err
	}
	ex, err := p.Extract(ctx, doc)
	o.Usage = &ex.Result.Usage
	if err != nil {
		return o, err
	}
	rec := p.Record(ex, len(doc.Pages))
	if rec.PageTexts, err = h.deps.Pages.Save(ctx, id, doc.Texts()); err != nil {
		return o, err
	}
	if boxes := store.BoxesOf(doc); len(boxes) > 0 {
		if rec.OCRBoxes, err = h.deps.Pages.SaveBoxes(ctx, id, boxes); err != nil {
			return o, err
		}
	}
	o.Status, o.Extraction = schema.Running(schema.Signaling), &rec
	return o, nil
}

// read fetches the uploaded generation, refusing what cannot be a report
// before downloading it.
func (h *Handler) read(ctx context.Context, obj events.StorageObject) ([]byte, error) {
	switch {
	case !strings.EqualFold(path.Ext(obj.Name), ".pdf"):
		return nil, fmt.Errorf("%w: extension %q", pdftext.ErrNotPDF, path.Ext(obj.Name))
	case obj.Size == 0:
		return nil, fmt.Errorf("%w: empty file", pdftext.ErrNotPDF)
	case obj.Size > h.cfg.MaxBytes:
		return nil, fmt.Errorf("%w: %d bytes, limit %d", pdftext.ErrTooLarge, obj.Size, h.cfg.MaxBytes)
	}
	var data []byte
	err := h.deps.ReadStorage(ctx, "du rapport déposé", func(ctx context.Context) (err error) {
		data, err = store.ReadUpload(ctx, h.deps.Storage, schema.Source{Bucket: obj.Bucket, Object: obj.Name, Generation: obj.Generation}, h.cfg.MaxBytes)
		return err
	})
	if errors.Is(err, storage.ErrObjectNotExist) {
		return nil, &platform.StageError{Reason: "Le fichier a été supprimé ou remplacé avant sa lecture : déposez-le à nouveau.", Err: err}
	}
	if err != nil {
		return nil, err
	}
	return data, nil
}
