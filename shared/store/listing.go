package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"cloud.google.com/go/firestore"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"analyste.dev/analyste/shared/schema"
)

// What the viewer reads of the runs' database: lists, counts, many
// documents at once, and the resolution of a hand-off kept in the runs'
// database (before the review had a database of its own).

// ErrNotFound is wrapped by the reads of a document that does not exist.
var ErrNotFound = errors.New("document not found")

// Run is a report document with its id.
type Run struct {
	ID string
	schema.Report
}

// Pending is a hand-off with the id of its report and when it was opened.
type Pending struct {
	ID string
	schema.HandoffRecord
	Opened time.Time
	// Version is the memo version that opened it when the chain did not
	// (its memo was published); 0 for the chain's.
	Version int
}

// Opened is when a report's hand-off was written: the end of its memo
// stage, or its creation when the stage left no end.
func Opened(r schema.Report) time.Time {
	if s, ok := r.Steps[schema.Memo]; ok && !s.End.IsZero() {
		return s.End
	}
	return r.Created
}

// Reports lists at most limit reports, newest first; those in status
// only, unless it is empty, through the composite index (statut, cree_le)
// infra/firestore.tf declares.
func (s *Store) Reports(ctx context.Context, limit int, st schema.Status) ([]Run, error) {
	q := s.client.Collection(schema.Reports).Query
	if st != "" {
		q = q.Where(schema.StatusPath, "==", string(st))
	}
	snaps, err := q.OrderBy(schema.CreatedPath, firestore.Desc).Limit(limit).Documents(ctx).GetAll()
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", schema.Reports, err)
	}
	out := make([]Run, len(snaps))
	for i, snap := range snaps {
		out[i].ID = snap.Ref.ID
		if err := decode(snap, &out[i].Report); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// StatusCounts counts the reports of each status the chain writes, with
// one count query each: no document is read.
func (s *Store) StatusCounts(ctx context.Context) (map[schema.Status]int, error) {
	out := map[schema.Status]int{}
	for _, st := range schema.Statuses {
		q := s.client.Collection(schema.Reports).Where(schema.StatusPath, "==", string(st))
		res, err := q.NewAggregationQuery().WithCount("n").Get(ctx)
		if err != nil {
			return nil, fmt.Errorf("count %s %s: %w", schema.Reports, st, err)
		}
		n, _ := res.Data()["n"].(int64)
		out[st] = int(n)
	}
	return out, nil
}

// Handoffs lists at most limit hand-offs, each with when it was opened.
func (s *Store) Handoffs(ctx context.Context, limit int) ([]Pending, error) {
	snaps, err := s.client.Collection(schema.Handoffs).Limit(limit).Documents(ctx).GetAll()
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", schema.Handoffs, err)
	}
	out := make([]Pending, len(snaps))
	ids := make([]string, len(snaps))
	for i, snap := range snaps {
		out[i].ID, ids[i] = snap.Ref.ID, snap.Ref.ID
		if err := decode(snap, &out[i].HandoffRecord); err != nil {
			return nil, err
		}
	}
	reports := make([]schema.Report, len(ids))
	found, err := s.GetAll(ctx, schema.Reports, ids, func(i int) any { return &reports[i] })
	if err != nil {
		return nil, err
	}
	for i, ok := range found {
		if ok {
			out[i].Opened = Opened(reports[i])
		}
	}
	return out, nil
}

// GetAll reads coll/ids[i] into out(i), in one call for all of them, as
// Get does; found[i] tells which exist.
func (s *Store) GetAll(ctx context.Context, coll string, ids []string, out func(i int) any) (found []bool, err error) {
	refs := make([]*firestore.DocumentRef, len(ids))
	for i, id := range ids {
		if err := schema.CheckID(id); err != nil {
			return nil, fmt.Errorf("read %s: %w", coll, err)
		}
		refs[i] = s.client.Collection(coll).Doc(id)
	}
	snaps, err := s.client.GetAll(ctx, refs)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", coll, err)
	}
	found = make([]bool, len(ids))
	for i, snap := range snaps {
		if !snap.Exists() {
			continue
		}
		if err := decode(snap, out(i)); err != nil {
			return nil, err
		}
		found[i] = true
	}
	return found, nil
}

// ResolveHandoff writes the resolution of handoffs/{id} in a transaction
// that reads it first: of two reviewers deciding at once, the second gets
// *AlreadyResolved. It updates the document, never creates one: a run
// without hand-off is ErrNotFound.
func (s *Store) ResolveHandoff(ctx context.Context, id string, res schema.Resolution) error {
	if err := schema.CheckID(id); err != nil {
		return fmt.Errorf("resolve %s: %w", schema.Handoffs, err)
	}
	ref := s.client.Collection(schema.Handoffs).Doc(id)
	return s.client.RunTransaction(ctx, func(ctx context.Context, tx *firestore.Transaction) error {
		snap, err := tx.Get(ref)
		if status.Code(err) == codes.NotFound {
			return fmt.Errorf("%s/%s: %w", schema.Handoffs, id, ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("read %s/%s: %w", schema.Handoffs, id, err)
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

// decode reads a listed document as Get does.
func decode(snap *firestore.DocumentSnapshot, out any) error {
	if err := schema.Decode(snap.Data(), out); err != nil {
		return fmt.Errorf("read %s: %w", snap.Ref.Path, err)
	}
	return nil
}
