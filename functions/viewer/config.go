package viewer

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"analyste.dev/analyste/shared/platform"
	"analyste.dev/analyste/shared/store"
)

// Config is the viewer's configuration: where the data lives, and the key
// of its forms. It reads no model setting: the viewer calls no model.
type Config struct {
	platform.DataConfig
	// FormKey signs the resolve form's tokens (ANALYSTE_VIEWER_FORM_KEY, at
	// least MinFormKey bytes, from Secret Manager in production). Unset, a
	// key is drawn at start: forms then hold on that instance only.
	FormKey []byte
	// FormKeyDrawn tells that FormKey was drawn at start.
	FormKeyDrawn bool
	// Review are where the reviewers' writes go and how (review.go).
	Review ReviewConfig
}

// FormKeyVar names the variable holding the form key.
const FormKeyVar = "ANALYSTE_VIEWER_FORM_KEY"

// ConfigFromEnv reads the configuration and validates it, naming every
// problem at once.
func ConfigFromEnv(getenv func(string) string) (Config, error) {
	data, err := platform.DataConfigFromEnv(getenv)
	review, rerr := reviewConfigFromEnv(getenv)
	c := Config{DataConfig: data, FormKey: []byte(getenv(FormKeyVar)), Review: review}
	errs := []error{err, rerr}
	switch n := len(c.FormKey); {
	case n == 0:
		c.FormKey, c.FormKeyDrawn = make([]byte, MinFormKey), true
		_, _ = rand.Read(c.FormKey) // crypto/rand never fails
	case n < MinFormKey:
		errs = append(errs, fmt.Errorf("%s : au moins %d octets attendus, %d donnés", FormKeyVar, MinFormKey, n))
	}
	return c, errors.Join(errs...)
}

// claimless is the store's lease for the viewer, which reads runs and
// resolves hand-offs but never claims a stage.
const claimless = time.Minute

// Build connects to Firestore and Cloud Storage with the viewer's
// configuration (GOOGLE_CLOUD_PROJECT, FIRESTORE_DATABASE,
// ANALYSTE_ARTIFACTS_BUCKET, ANALYSTE_VIEWER_FORM_KEY, and the review's:
// ANALYSTE_REVIEW_DATABASE, ANALYSTE_CORRECTIONS_CHECKER,
// ANALYSTE_VIEWER_HOSTS) and returns the viewer.
func Build(ctx context.Context, getenv func(string) string) (http.Handler, error) {
	cfg, err := ConfigFromEnv(getenv)
	if err != nil {
		return nil, fmt.Errorf("configuration du visualiseur : %w", err)
	}
	fs, err := platform.ConnectFirestore(ctx, cfg.DataConfig)
	if err != nil {
		return nil, err
	}
	sto, err := store.New(fs, claimless)
	if err != nil {
		return nil, err
	}
	gcs, pages, err := platform.ConnectStorage(ctx, cfg.DataConfig)
	if err != nil {
		return nil, err
	}
	reviewFS, err := platform.ConnectFirestore(ctx, cfg.Review.data(cfg.DataConfig))
	if err != nil {
		return nil, err
	}
	review, err := store.NewReview(reviewFS)
	if err != nil {
		return nil, err
	}
	r, err := NewFirestoreReader(sto, pages, gcs, WithReview(review))
	if err != nil {
		return nil, err
	}
	log := platform.NewLogger(cfg.Project).With("fonction", "viewer")
	if cfg.FormKeyDrawn {
		log.WarnContext(ctx, FormKeyVar+" absente : clé des formulaires tirée au démarrage, valable sur cette instance seulement")
	}
	return New(Deps{Reader: r, Resolver: r, Log: log, FormKey: cfg.FormKey, Corrections: review, Checker: cfg.Review.Checker, Hosts: cfg.Review.Hosts})
}

// Lazy builds the handler at the first request (see platform.Builder); a
// build that fails answers 503 and is tried again at the next request.
func Lazy(build func(ctx context.Context) (http.Handler, error)) http.HandlerFunc {
	b := platform.NewBuilder(build)
	return func(w http.ResponseWriter, r *http.Request) {
		h, err := b.Get(r.Context())
		if err != nil {
			slog.ErrorContext(r.Context(), "démarrage du visualiseur", "erreur", err)
			http.Error(w, "Le visualiseur n'a pas pu démarrer ; réessayez dans un instant.", http.StatusServiceUnavailable)
			return
		}
		h.ServeHTTP(w, r)
	}
}
