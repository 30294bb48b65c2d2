package viewer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"

	"cloud.google.com/go/firestore"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"analyste.dev/analyste/functions/platform"
	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/store"
)

// FirestoreReader reads the data model from Firestore, and the page texts
// from Cloud Storage.
type FirestoreReader struct {
	store *store.Store
	pages *store.PageTexts
}

var _ Reader = (*FirestoreReader)(nil)

// NewFirestoreReader reads through st and pages.
func NewFirestoreReader(st *store.Store, pages *store.PageTexts) (*FirestoreReader, error) {
	if st == nil || pages == nil {
		return nil, errors.New("viewer: the reader needs the store and the page texts")
	}
	return &FirestoreReader{store: st, pages: pages}, nil
}

// Reports lists the newest reports by creation date.
func (f *FirestoreReader) Reports(ctx context.Context, limit int) ([]Run, error) {
	snaps, err := f.store.Client().Collection(store.Reports).OrderBy("cree_le", firestore.Desc).Limit(limit).Documents(ctx).GetAll()
	if err != nil {
		return nil, fmt.Errorf("liste des rapports : %w", err)
	}
	out := make([]Run, len(snaps))
	for i, s := range snaps {
		out[i].ID = s.Ref.ID
		if err := decode(s, &out[i].Report); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Handoffs lists the hand-offs.
func (f *FirestoreReader) Handoffs(ctx context.Context, limit int) ([]Pending, error) {
	snaps, err := f.store.Client().Collection(store.Handoffs).Limit(limit).Documents(ctx).GetAll()
	if err != nil {
		return nil, fmt.Errorf("liste des relais : %w", err)
	}
	out := make([]Pending, len(snaps))
	for i, s := range snaps {
		out[i].ID = s.Ref.ID
		if err := decode(s, &out[i].Handoff); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Document reads one document with the store; an id that is no run's is
// not found.
func (f *FirestoreReader) Document(ctx context.Context, coll, id string, out any) error {
	err := f.store.Get(ctx, coll, id, out)
	if status.Code(err) == codes.NotFound || errors.Is(err, store.ErrInvalidID) {
		return fmt.Errorf("%s/%s : %w", coll, id, ErrNotFound)
	}
	return err
}

// PageTexts reads the page texts.
func (f *FirestoreReader) PageTexts(ctx context.Context, url string) ([]string, error) {
	return f.pages.Load(ctx, url)
}

// decode reads a listed document through its JSON tags, as store.Get does.
func decode(s *firestore.DocumentSnapshot, out any) error {
	b, err := json.Marshal(s.Data())
	if err == nil {
		err = json.Unmarshal(b, out)
	}
	if err != nil {
		return fmt.Errorf("lecture de %s : %w", s.Ref.Path, err)
	}
	return nil
}

// Build connects to Firestore and Cloud Storage with the functions'
// configuration (GOOGLE_CLOUD_PROJECT, FIRESTORE_DATABASE,
// ANALYSTE_ARTIFACTS_BUCKET) and returns the viewer. The viewer calls no
// model: it connects as the offline readers do, without a model client.
func Build(ctx context.Context, getenv func(string) string) (http.Handler, error) {
	cfg, err := platform.ConfigFromEnv(func(k string) string {
		if k == "ANALYSTE_READERS" {
			return pipeline.ModeOffline
		}
		return getenv(k)
	})
	if err != nil {
		return nil, fmt.Errorf("configuration du visualiseur : %w", err)
	}
	deps, err := platform.Connect(ctx, cfg)
	if err != nil {
		return nil, err
	}
	r, err := NewFirestoreReader(deps.Store, deps.Pages)
	if err != nil {
		return nil, err
	}
	return New(Deps{Reader: r, Log: deps.Log.With("fonction", "viewer")})
}

// Lazy builds the handler at the first request, once per instance, with a
// context that outlives that request (the clients keep it); a build that
// fails answers 503 and is tried again at the next request.
func Lazy(build func(ctx context.Context) (http.Handler, error)) http.HandlerFunc {
	var (
		mu sync.Mutex
		h  http.Handler
	)
	return func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		if h == nil {
			built, err := build(context.WithoutCancel(r.Context()))
			if err != nil {
				mu.Unlock()
				slog.ErrorContext(r.Context(), "démarrage du visualiseur", "erreur", err)
				http.Error(w, "Le visualiseur n'a pas pu démarrer ; réessayez dans un instant.", http.StatusServiceUnavailable)
				return
			}
			h = built
		}
		mu.Unlock()
		h.ServeHTTP(w, r)
	}
}
