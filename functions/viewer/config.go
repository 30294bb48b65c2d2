package viewer

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"net/http"

	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/platform"
)

// Config is the viewer's configuration: the functions' own, read with the
// offline readers (the viewer calls no model), and the key of its forms.
type Config struct {
	platform.Config
	// FormKey signs the resolve form's tokens (ANALYSTE_VIEWER_FORM_KEY, at
	// least MinFormKey bytes, from Secret Manager in production). Unset, a
	// key is drawn at start: forms then hold on that instance only.
	FormKey []byte
	// FormKeyDrawn tells that FormKey was drawn at start.
	FormKeyDrawn bool
}

// FormKeyVar names the variable holding the form key.
const FormKeyVar = "ANALYSTE_VIEWER_FORM_KEY"

// ConfigFromEnv reads the configuration and validates it, naming every
// problem at once. ANALYSTE_READERS may only say offline, its default here.
func ConfigFromEnv(getenv func(string) string) (Config, error) {
	base, err := platform.ConfigFromEnv(func(k string) string {
		if k == "ANALYSTE_READERS" {
			return pipeline.ModeOffline
		}
		return getenv(k)
	})
	c := Config{Config: base, FormKey: []byte(getenv(FormKeyVar))}
	errs := []error{err}
	if r := getenv("ANALYSTE_READERS"); r != "" && r != pipeline.ModeOffline {
		errs = append(errs, fmt.Errorf("ANALYSTE_READERS %q : le visualiseur n'appelle aucun modèle, offline attendu", r))
	}
	switch n := len(c.FormKey); {
	case n == 0:
		c.FormKey, c.FormKeyDrawn = make([]byte, MinFormKey), true
		_, _ = rand.Read(c.FormKey) // crypto/rand never fails
	case n < MinFormKey:
		errs = append(errs, fmt.Errorf("%s : au moins %d octets attendus, %d donnés", FormKeyVar, MinFormKey, n))
	}
	return c, errors.Join(errs...)
}

// Build connects to Firestore and Cloud Storage with the viewer's
// configuration (GOOGLE_CLOUD_PROJECT, FIRESTORE_DATABASE,
// ANALYSTE_ARTIFACTS_BUCKET, ANALYSTE_VIEWER_FORM_KEY) and returns the
// viewer. It connects as the offline readers do, without a model client.
func Build(ctx context.Context, getenv func(string) string) (http.Handler, error) {
	cfg, err := ConfigFromEnv(getenv)
	if err != nil {
		return nil, fmt.Errorf("configuration du visualiseur : %w", err)
	}
	deps, err := platform.Connect(ctx, cfg.Config)
	if err != nil {
		return nil, err
	}
	r, err := NewFirestoreReader(deps.Store, deps.Pages, deps.Storage)
	if err != nil {
		return nil, err
	}
	log := deps.Log.With("fonction", "viewer")
	if cfg.FormKeyDrawn {
		log.WarnContext(ctx, FormKeyVar+" absente : clé des formulaires tirée au démarrage, valable sur cette instance seulement")
	}
	return New(Deps{Reader: r, Resolver: r, Log: log, FormKey: cfg.FormKey})
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
