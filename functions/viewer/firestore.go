package viewer

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"cloud.google.com/go/firestore"
	"cloud.google.com/go/storage"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/store"
)

// FirestoreReader reads the data model from Firestore, the page texts and
// the uploaded PDFs from Cloud Storage, and records resolutions: in the
// review database (WithReview), or in handoffs/{id} without one.
type FirestoreReader struct {
	store  *store.Store
	pages  *store.PageTexts
	gcs    *storage.Client
	review *store.Review
}

// ReaderOption tunes a FirestoreReader.
type ReaderOption func(*FirestoreReader)

// WithReview records the resolutions in the review database, and reads
// them from there beside those handoffs/{id} holds from before it: the
// viewer then writes nothing of the pipeline's.
func WithReview(r *store.Review) ReaderOption { return func(f *FirestoreReader) { f.review = r } }

var (
	_ Reader   = (*FirestoreReader)(nil)
	_ Resolver = (*FirestoreReader)(nil)
)

// NewFirestoreReader reads through st, pages and gcs (the uploads).
func NewFirestoreReader(st *store.Store, pages *store.PageTexts, gcs *storage.Client, opts ...ReaderOption) (*FirestoreReader, error) {
	if st == nil || pages == nil || gcs == nil {
		return nil, errors.New("viewer: the reader needs the store, the page texts and Cloud Storage")
	}
	f := &FirestoreReader{store: st, pages: pages, gcs: gcs}
	for _, o := range opts {
		o(f)
	}
	return f, nil
}

// Reports lists the newest reports by creation date; filtered by status,
// through the composite index (statut, cree_le) infra/firestore.tf declares.
func (f *FirestoreReader) Reports(ctx context.Context, limit int, status schema.Status) ([]Run, error) {
	q := f.store.Client().Collection(schema.Reports).Query
	if status != "" {
		q = q.Where(schema.StatusPath, "==", string(status))
	}
	snaps, err := q.OrderBy(schema.CreatedPath, firestore.Desc).Limit(limit).Documents(ctx).GetAll()
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

// StatusCounts counts the reports of each status the chain writes, with
// one count query each: no document is read.
func (f *FirestoreReader) StatusCounts(ctx context.Context) (map[schema.Status]int, error) {
	out := map[schema.Status]int{}
	for _, st := range schema.Statuses {
		q := f.store.Client().Collection(schema.Reports).Where(schema.StatusPath, "==", string(st))
		res, err := q.NewAggregationQuery().WithCount("n").Get(ctx)
		if err != nil {
			return nil, fmt.Errorf("décompte des rapports %s : %w", st, err)
		}
		n, _ := res.Data()["n"].(int64)
		out[st] = int(n)
	}
	return out, nil
}

// Handoffs lists the hand-offs, each with when its memo stage ended.
func (f *FirestoreReader) Handoffs(ctx context.Context, limit int) ([]Pending, error) {
	c := f.store.Client()
	snaps, err := c.Collection(schema.Handoffs).Limit(limit).Documents(ctx).GetAll()
	if err != nil {
		return nil, fmt.Errorf("liste des relais : %w", err)
	}
	out := make([]Pending, len(snaps))
	refs := make([]*firestore.DocumentRef, len(snaps))
	for i, s := range snaps {
		out[i].ID, refs[i] = s.Ref.ID, c.Collection(schema.Reports).Doc(s.Ref.ID)
		if err := decode(s, &out[i].HandoffRecord); err != nil {
			return nil, err
		}
	}
	if err := f.resolutions(ctx, out); err != nil {
		return nil, err
	}
	reports, err := c.GetAll(ctx, refs)
	if err != nil {
		return nil, fmt.Errorf("rapports des relais : %w", err)
	}
	for i, s := range reports {
		var r schema.Report
		if !s.Exists() {
			continue
		}
		if err := decode(s, &r); err != nil {
			return nil, err
		}
		out[i].Opened = opened(r)
	}
	return out, nil
}

// opened is when a report's hand-off was written: the end of its memo
// stage, or its creation when the stage left no end.
func opened(r schema.Report) time.Time {
	if s, ok := r.Steps[schema.Memo]; ok && !s.End.IsZero() {
		return s.End
	}
	return r.Created
}

// Document reads one document with the store; an id that is no run's is
// not found.
func (f *FirestoreReader) Document(ctx context.Context, coll, id string, out any) error {
	err := f.store.Get(ctx, coll, id, out)
	if status.Code(err) == codes.NotFound || errors.Is(err, schema.ErrInvalidID) {
		return fmt.Errorf("%s/%s : %w", coll, id, ErrNotFound)
	}
	if h, ok := out.(*schema.HandoffRecord); ok && err == nil {
		one := []Pending{{ID: id, HandoffRecord: *h}}
		err = f.resolutions(ctx, one)
		*h = one[0].HandoffRecord
	}
	return err
}

// resolutions completes hand-offs with their resolutions in the review
// database.
func (f *FirestoreReader) resolutions(ctx context.Context, ps []Pending) error {
	if f.review == nil {
		return nil
	}
	ids := make([]string, len(ps))
	for i, p := range ps {
		ids[i] = p.ID
	}
	got, err := f.review.Resolutions(ctx, ids)
	if err != nil {
		return err
	}
	for i := range ps {
		if res, ok := got[ps[i].ID]; ok && ps[i].Resolution == nil {
			ps[i].Resolution = &res
		}
	}
	return nil
}

// PageTexts reads the page texts.
func (f *FirestoreReader) PageTexts(ctx context.Context, url string) ([]string, error) {
	return f.pages.Load(ctx, url)
}

// PDF reads the generation of the upload a run read, within the limit the
// text layer reads.
func (f *FirestoreReader) PDF(ctx context.Context, src schema.Source) ([]byte, error) {
	r, err := f.gcs.Bucket(src.Bucket).Object(src.Object).Generation(src.Generation).NewReader(ctx)
	if errors.Is(err, storage.ErrObjectNotExist) {
		return nil, fmt.Errorf("gs://%s/%s#%d : %w", src.Bucket, src.Object, src.Generation, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("lecture de gs://%s/%s : %w", src.Bucket, src.Object, err)
	}
	defer r.Close()
	limit := pdftext.DefaultLimits().MaxBytes
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	switch {
	case err != nil:
		return nil, fmt.Errorf("lecture de gs://%s/%s : %w", src.Bucket, src.Object, err)
	case int64(len(data)) > limit:
		return nil, fmt.Errorf("gs://%s/%s : %w", src.Bucket, src.Object, pdftext.ErrTooLarge)
	}
	return data, nil
}

// Resolve writes the resolution of handoffs/{id} in a transaction that
// reads it first: of two reviewers deciding at once, the second gets
// *AlreadyResolved. It updates the document, never creates one.
func (f *FirestoreReader) Resolve(ctx context.Context, id string, res schema.Resolution) error {
	if err := schema.CheckID(id); err != nil {
		return fmt.Errorf("%s/%s : %w", schema.Handoffs, id, ErrNotFound)
	}
	if f.review != nil {
		return f.resolveInReview(ctx, id, res)
	}
	c := f.store.Client()
	ref := c.Collection(schema.Handoffs).Doc(id)
	return c.RunTransaction(ctx, func(ctx context.Context, tx *firestore.Transaction) error {
		snap, err := tx.Get(ref)
		if status.Code(err) == codes.NotFound {
			return fmt.Errorf("%s/%s : %w", schema.Handoffs, id, ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("lecture de %s/%s : %w", schema.Handoffs, id, err)
		}
		var h schema.HandoffRecord
		if err := decode(snap, &h); err != nil {
			return err
		}
		if h.Resolution != nil {
			return &AlreadyResolved{Resolution: *h.Resolution}
		}
		up, err := res.Update()
		if err != nil {
			return err
		}
		return tx.Update(ref, []firestore.Update{up})
	})
}

// decode reads a listed document as store.Get does.
func decode(s *firestore.DocumentSnapshot, out any) error {
	if err := schema.Decode(s.Data(), out); err != nil {
		return fmt.Errorf("lecture de %s : %w", s.Ref.Path, err)
	}
	return nil
}

// Batch reads coll/ids[i] into out(i), in one call for all of them, as
// Document does; found[i] tells which exist.
func (f *FirestoreReader) Batch(ctx context.Context, coll string, ids []string, out func(i int) any) (found []bool, err error) {
	c := f.store.Client()
	refs := make([]*firestore.DocumentRef, len(ids))
	for i, id := range ids {
		refs[i] = c.Collection(coll).Doc(id)
	}
	snaps, err := c.GetAll(ctx, refs)
	if err != nil {
		return nil, fmt.Errorf("lecture de %s : %w", coll, err)
	}
	found = make([]bool, len(ids))
	for i, s := range snaps {
		if !s.Exists() {
			continue
		}
		if err := decode(s, out(i)); err != nil {
			return nil, err
		}
		found[i] = true
	}
	return found, nil
}

// resolveInReview records the resolution in the review database, once,
// for a hand-off that exists and that no earlier resolution closed.
func (f *FirestoreReader) resolveInReview(ctx context.Context, id string, res schema.Resolution) error {
	var h schema.HandoffRecord
	if err := f.Document(ctx, schema.Handoffs, id, &h); err != nil {
		return err
	}
	if h.Resolution != nil {
		return &AlreadyResolved{Resolution: *h.Resolution}
	}
	var done *store.AlreadyResolved
	if err := f.review.Resolve(ctx, id, res); errors.As(err, &done) {
		return &AlreadyResolved{Resolution: done.Resolution}
	} else if err != nil {
		return fmt.Errorf("%s/%s : %w", schema.Resolutions, id, err)
	}
	return nil
}
