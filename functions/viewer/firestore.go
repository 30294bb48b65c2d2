package viewer

import (
	"context"
	"errors"
	"fmt"

	"cloud.google.com/go/storage"

	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/store"
)

// Runs is what the viewer reads of the runs' database, through
// shared/store: *store.Store, or storetest.Runs in tests. ResolveHandoff
// records a resolution in handoffs/{id}, where the viewer kept them before
// the review had a database of its own.
type Runs interface {
	Get(ctx context.Context, coll, id string, out any) error
	Reports(ctx context.Context, limit int, status schema.Status) ([]store.Run, error)
	StatusCounts(ctx context.Context) (map[schema.Status]int, error)
	Handoffs(ctx context.Context, limit int) ([]store.Pending, error)
	GetAll(ctx context.Context, coll string, ids []string, out func(i int) any) ([]bool, error)
	ResolveHandoff(ctx context.Context, id string, res schema.Resolution) error
}

// PageLoader reads the page texts and the OCR's layouts an extraction
// points to: *store.PageTexts, or storetest.Pages in tests.
type PageLoader interface {
	Load(ctx context.Context, url string) ([]string, error)
	LoadBoxes(ctx context.Context, url string) ([]store.OCRBoxes, error)
}

// Resolutions keeps the resolutions in the review database, beside the
// memo versions whose latest may open a hand-off: *store.Review.
type Resolutions interface {
	Resolve(ctx context.Context, id string, res schema.Resolution) error
	Resolutions(ctx context.Context, ids []string) (map[string]schema.Resolution, error)
	Latest(ctx context.Context, ids []string) (map[string]schema.Revision, error)
	Handing(ctx context.Context, limit int) ([]schema.Revision, error)
}

// FirestoreReader reads the data model and the uploaded PDFs through
// shared/store, and records resolutions: in the review database
// (WithReview), or in handoffs/{id} without one.
type FirestoreReader struct {
	runs   Runs
	pages  PageLoader
	gcs    *storage.Client
	review Resolutions
}

// ReaderOption tunes a FirestoreReader.
type ReaderOption func(*FirestoreReader)

// WithReview records the resolutions in the review database, and reads
// them from there beside those handoffs/{id} holds from before it: the
// viewer then writes nothing of the pipeline's.
func WithReview(r Resolutions) ReaderOption { return func(f *FirestoreReader) { f.review = r } }

var (
	_ Reader      = (*FirestoreReader)(nil)
	_ Resolver    = (*FirestoreReader)(nil)
	_ batchReader = (*FirestoreReader)(nil)
	_ Runs        = (*store.Store)(nil)
	_ PageLoader  = (*store.PageTexts)(nil)
	_ Resolutions = (*store.Review)(nil)
)

// NewFirestoreReader reads through runs, pages and gcs (the uploads).
func NewFirestoreReader(runs Runs, pages PageLoader, gcs *storage.Client, opts ...ReaderOption) (*FirestoreReader, error) {
	if runs == nil || pages == nil || gcs == nil {
		return nil, errors.New("viewer: the reader needs the store, the page texts and Cloud Storage")
	}
	f := &FirestoreReader{runs: runs, pages: pages, gcs: gcs}
	for _, o := range opts {
		o(f)
	}
	return f, nil
}

// Reports lists the newest reports by creation date, filtered by status.
func (f *FirestoreReader) Reports(ctx context.Context, limit int, status schema.Status) ([]Run, error) {
	return f.runs.Reports(ctx, limit, status)
}

// StatusCounts counts the reports of each status the chain writes.
func (f *FirestoreReader) StatusCounts(ctx context.Context) (map[schema.Status]int, error) {
	return f.runs.StatusCounts(ctx)
}

// Handoffs lists the hand-offs, each with when it was opened and its
// resolution: at most limit of the chain's, and with the review database
// at most limit of the memo versions' that the chain did not open.
func (f *FirestoreReader) Handoffs(ctx context.Context, limit int) ([]Pending, error) {
	out, err := f.runs.Handoffs(ctx, limit)
	if err != nil {
		return nil, err
	}
	if f.review != nil {
		more, err := f.versionHandoffs(ctx, limit)
		if err != nil {
			return nil, err
		}
		out = append(out, more...)
	}
	return out, f.resolutions(ctx, out)
}

// versionHandoffs are the hand-offs of the latest memo versions whose
// chain published its memo, so wrote no hand-off: a run with one of the
// chain's is listed once, by it (its worklist is the latest version's).
func (f *FirestoreReader) versionHandoffs(ctx context.Context, limit int) ([]Pending, error) {
	revs, err := f.review.Handing(ctx, limit)
	if err != nil || len(revs) == 0 {
		return nil, err
	}
	ids := make([]string, len(revs))
	for i, rev := range revs {
		ids[i] = rev.Report
	}
	chain := make([]schema.HandoffRecord, len(ids))
	found, err := f.runs.GetAll(ctx, schema.Handoffs, ids, func(i int) any { return &chain[i] })
	if err != nil {
		return nil, err
	}
	var out []Pending
	for i, rev := range revs {
		if !found[i] && rev.Memo.Handoff != nil {
			out = append(out, Pending{ID: rev.Report, HandoffRecord: schema.HandoffRecord{Handoff: *rev.Memo.Handoff}, Opened: rev.At, Version: rev.Version})
		}
	}
	return out, nil
}

// Document reads one document; an id that is no run's is not found.
func (f *FirestoreReader) Document(ctx context.Context, coll, id string, out any) error {
	err := f.runs.Get(ctx, coll, id, out)
	if errors.Is(err, store.ErrNotFound) || errors.Is(err, schema.ErrInvalidID) {
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

// OCRBoxes reads the OCR's layouts of the scanned pages.
func (f *FirestoreReader) OCRBoxes(ctx context.Context, url string) ([]store.OCRBoxes, error) {
	return f.pages.LoadBoxes(ctx, url)
}

// PDF reads the generation of the upload a run read, within the limit the
// text layer reads.
func (f *FirestoreReader) PDF(ctx context.Context, src schema.Source) ([]byte, error) {
	data, err := store.ReadUpload(ctx, f.gcs, src, pdftext.DefaultLimits().MaxBytes)
	if errors.Is(err, store.ErrNotFound) {
		return nil, fmt.Errorf("gs://%s/%s#%d : %w", src.Bucket, src.Object, src.Generation, ErrNotFound)
	}
	return data, err
}

// Resolve records the resolution of run id's hand-off, once: of two
// reviewers deciding at once, the second gets *AlreadyResolved.
func (f *FirestoreReader) Resolve(ctx context.Context, id string, res schema.Resolution) error {
	if err := schema.CheckID(id); err != nil {
		return fmt.Errorf("%s/%s : %w", schema.Handoffs, id, ErrNotFound)
	}
	var h schema.HandoffRecord
	if f.review != nil {
		// In the review database, for a hand-off that exists and that no
		// earlier resolution closed: the chain's, or else that of the
		// latest memo version when a correction made it abstain.
		switch err := f.Document(ctx, schema.Handoffs, id, &h); {
		case errors.Is(err, ErrNotFound):
			latest, lerr := f.review.Latest(ctx, []string{id})
			if lerr != nil {
				return lerr
			}
			if rev, ok := latest[id]; !ok || rev.Memo.Handoff == nil {
				return err
			}
		case err != nil:
			return err
		case h.Resolution != nil:
			return &AlreadyResolved{Resolution: *h.Resolution}
		}
	}
	var err error
	if f.review != nil {
		err = f.review.Resolve(ctx, id, res)
	} else {
		err = f.runs.ResolveHandoff(ctx, id, res)
	}
	var done *store.AlreadyResolved
	switch {
	case errors.As(err, &done):
		return &AlreadyResolved{Resolution: done.Resolution}
	case errors.Is(err, store.ErrNotFound):
		return fmt.Errorf("%s/%s : %w", schema.Handoffs, id, ErrNotFound)
	}
	return err
}

// Batch reads coll/ids[i] into out(i), in one call for all of them, as
// Document does; found[i] tells which exist.
func (f *FirestoreReader) Batch(ctx context.Context, coll string, ids []string, out func(i int) any) ([]bool, error) {
	return f.runs.GetAll(ctx, coll, ids, out)
}
