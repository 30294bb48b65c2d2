package store

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"cloud.google.com/go/firestore"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/schema"
)

// Review keeps what reviewers write, in the review database: the
// resolutions of hand-offs, the decisions on their causes, the corrections
// of readings and the memo versions the corrections give
// (schema.Resolutions, CauseDecisions, Corrections, Revisions). The pipeline's documents are never written here.
type Review struct {
	client *firestore.Client
}

// NewReview keeps the reviews through client, a client of the review
// database.
func NewReview(client *firestore.Client) (*Review, error) {
	if client == nil {
		return nil, errors.New("store: no Firestore client for the review database")
	}
	return &Review{client: client}, nil
}

var (
	// ErrRecorded means the form was already submitted: its correction is
	// recorded and nothing is done again.
	ErrRecorded = errors.New("ce formulaire a déjà été envoyé : la correction est enregistrée")
	// ErrDecided means the correction is no longer waiting for a check.
	ErrDecided = errors.New("cette correction a déjà été vérifiée")
	// ErrSameReviewer means the author of a correction tried to check it.
	ErrSameReviewer = errors.New("une correction est vérifiée par une autre personne que son auteur")
	// ErrNoCorrection means there is no such correction.
	ErrNoCorrection = errors.New("correction introuvable")
	// ErrConcurrent means another correction of the run was applied at the
	// same time: nothing was recorded.
	ErrConcurrent = errors.New("une autre correction de ce rapport vient d'être appliquée : rien n'a été enregistré, recommencez")
	// ErrTooManyCorrections means the run holds schema.MaxCorrections
	// corrections already.
	ErrTooManyCorrections = fmt.Errorf("ce rapport compte déjà %d corrections, le plus qu'il en reçoit : "+
		"une lecture à reprendre à ce point se relance plutôt qu'elle ne se corrige", schema.MaxCorrections)
	// ErrRevisionTooLarge means the recomputed version would not fit in
	// one document of the review database.
	ErrRevisionTooLarge = fmt.Errorf("la version recalculée dépasserait %d Kio, la taille d'une version du mémo : rien n'a été enregistré", schema.MaxRevisionBytes>>10)
)

// AlreadyDecided is the refusal of a second decision on a cause.
type AlreadyDecided struct{ Decision schema.CauseDecision }

func (e *AlreadyDecided) Error() string { return "cause déjà décidée par " + e.Decision.By }

// AlreadyResolved is the refusal of a second resolution of a hand-off.
type AlreadyResolved struct{ Resolution schema.Resolution }

func (e *AlreadyResolved) Error() string { return "relais déjà résolu par " + e.Resolution.By }

// CorrectionKey names the correction a form sends from its token, so that
// the same form sent twice names the same document.
func CorrectionKey(token string) string {
	sum := sha256.Sum256([]byte("correction\x00" + token))
	return hex.EncodeToString(sum[:12])
}

// Keyed is a correction with its key.
type Keyed struct {
	Key string
	schema.Correction
}

// Recompute gives the revision of a run once corrections (oldest first)
// are applied: its reading, signals' facts and memo. It may run more than
// once (a transaction retried): it must not write anything.
type Recompute func(ctx context.Context, cs []schema.Correction) (schema.Revision, error)

// Correct records correction c of run c.Report under key. With recompute,
// c is applied at once: the next revision is written in the same
// transaction, and its version returned. Without, c is proposed, waiting
// for a second reviewer (Check), and 0 is returned. A key already recorded
// gives ErrRecorded and does nothing.
func (r *Review) Correct(ctx context.Context, key string, c schema.Correction, recompute Recompute) (int, error) {
	if err := schema.CheckID(c.Report); err != nil {
		return 0, err
	}
	ref := r.client.Collection(schema.Corrections).Doc(key)
	version := 0
	err := r.client.RunTransaction(ctx, func(ctx context.Context, tx *firestore.Transaction) error {
		_, err := tx.Get(ref)
		switch {
		case err == nil:
			return ErrRecorded
		case status.Code(err) != codes.NotFound:
			return fmt.Errorf("lecture de %s/%s : %w", schema.Corrections, key, err)
		}
		n, err := r.count(tx, c.Report)
		if err != nil {
			return err
		}
		if n >= schema.MaxCorrections {
			return ErrTooManyCorrections
		}
		c.State, c.Version, version = schema.Proposed, 0, 0
		if recompute == nil {
			return r.create(tx, ref, c)
		}
		version, err = r.apply(ctx, tx, ref, false, Keyed{Key: key, Correction: c}, recompute)
		return err
	})
	return version, r.concurrent(err)
}

// Check records a second reviewer's decision on proposed correction key:
// accepted, it is applied as Correct applies it, and the version returned.
func (r *Review) Check(ctx context.Context, key string, check schema.CorrectionCheck, recompute Recompute) (int, error) {
	ref := r.client.Collection(schema.Corrections).Doc(key)
	version := 0
	err := r.client.RunTransaction(ctx, func(ctx context.Context, tx *firestore.Transaction) error {
		snap, err := tx.Get(ref)
		if status.Code(err) == codes.NotFound {
			return ErrNoCorrection
		}
		if err != nil {
			return fmt.Errorf("lecture de %s/%s : %w", schema.Corrections, key, err)
		}
		var c schema.Correction
		if err := schema.Decode(snap.Data(), &c); err != nil {
			return fmt.Errorf("lecture de %s/%s : %w", schema.Corrections, key, err)
		}
		switch {
		case c.State != schema.Proposed:
			return ErrDecided
		case c.By == check.By:
			return ErrSameReviewer
		}
		c.Check, version = &check, 0
		if !check.Accepted {
			c.State = schema.Refused
			data, err := c.Data()
			if err != nil {
				return err
			}
			return tx.Set(ref, data)
		}
		version, err = r.apply(ctx, tx, ref, true, Keyed{Key: key, Correction: c}, recompute)
		return err
	})
	return version, r.concurrent(err)
}

// count counts the corrections of run id, whatever their state, within tx.
func (r *Review) count(tx *firestore.Transaction, id string) (int, error) {
	// Their names only: at most MaxCorrections of them.
	snaps, err := tx.Documents(r.client.Collection(schema.Corrections).Where(schema.PathCorrectionReport, "==", id).Select()).GetAll()
	if err != nil {
		return 0, fmt.Errorf("nombre des corrections de %s : %w", id, err)
	}
	return len(snaps), nil
}

// concurrent names the refusal of a revision another transaction wrote.
func (r *Review) concurrent(err error) error {
	if status.Code(err) == codes.AlreadyExists {
		return fmt.Errorf("%w (%w)", ErrConcurrent, err)
	}
	return err
}

// apply writes c applied, after those applied before it, and the next
// revision, within tx; exists tells whether ref is to be created (every
// read of a transaction comes before its writes).
func (r *Review) apply(ctx context.Context, tx *firestore.Transaction, ref *firestore.DocumentRef, exists bool, c Keyed, recompute Recompute) (int, error) {
	if recompute == nil {
		return 0, errors.New("store: no recomputation to apply a correction with")
	}
	applied, err := r.corrections(tx.Documents(r.client.Collection(schema.Corrections).Where(schema.PathCorrectionReport, "==", c.Report)))
	if err != nil {
		return 0, err
	}
	applied = slices.DeleteFunc(applied, func(k Keyed) bool { return k.State != schema.Applied })
	slices.SortFunc(applied, func(a, b Keyed) int { return cmp.Compare(a.Version, b.Version) })
	version := 2 // version 1 is the chain's
	if len(applied) > 0 {
		version = applied[len(applied)-1].Version + 1
	}
	c.State, c.Version = schema.Applied, version
	var cs []schema.Correction
	var keys []string
	for _, k := range append(applied, c) {
		cs, keys = append(cs, k.Correction), append(keys, k.Key)
	}
	rev, err := recompute(ctx, cs)
	if err != nil {
		return 0, err
	}
	rev.Report, rev.Version, rev.Corrections = c.Report, version, keys
	rev.By, rev.At = c.By, c.At
	if c.Check != nil {
		rev.By, rev.At = c.Check.By, c.Check.At
	}
	data, err := rev.Data()
	if err != nil {
		return 0, fmt.Errorf("révision %d : %w", version, err)
	}
	if size, err := json.Marshal(rev); err != nil || len(size) > schema.MaxRevisionBytes {
		return 0, cmp.Or(err, ErrRevisionTooLarge)
	}
	// Created, never set: a revision another transaction wrote meanwhile
	// fails this one.
	if err := tx.Create(r.client.Collection(schema.Revisions).Doc(schema.RevisionID(c.Report, version)), data); err != nil {
		return 0, err
	}
	if !exists {
		return version, r.create(tx, ref, c.Correction)
	}
	data, err = c.Data()
	if err != nil {
		return 0, err
	}
	return version, tx.Set(ref, data)
}

func (r *Review) create(tx *firestore.Transaction, ref *firestore.DocumentRef, c schema.Correction) error {
	data, err := c.Data()
	if err != nil {
		return fmt.Errorf("correction : %w", err)
	}
	return tx.Create(ref, data)
}

// corrections reads the corrections an iterator lists.
func (r *Review) corrections(it *firestore.DocumentIterator) ([]Keyed, error) {
	snaps, err := it.GetAll()
	if err != nil {
		return nil, fmt.Errorf("liste des corrections : %w", err)
	}
	out := make([]Keyed, len(snaps))
	for i, s := range snaps {
		out[i].Key = s.Ref.ID
		if err := schema.Decode(s.Data(), &out[i].Correction); err != nil {
			return nil, fmt.Errorf("lecture de %s : %w", s.Ref.Path, err)
		}
	}
	return out, nil
}

// Recorded tells whether the correction of key is recorded.
func (r *Review) Recorded(ctx context.Context, key string) (bool, error) {
	_, err := r.client.Collection(schema.Corrections).Doc(key).Get(ctx)
	switch status.Code(err) {
	case codes.OK:
		return true, nil
	case codes.NotFound:
		return false, nil
	}
	return false, fmt.Errorf("lecture de %s/%s : %w", schema.Corrections, key, err)
}

// Corrections lists the corrections of run id, oldest first.
func (r *Review) Corrections(ctx context.Context, id string) ([]Keyed, error) {
	out, err := r.corrections(r.client.Collection(schema.Corrections).Where(schema.PathCorrectionReport, "==", id).Documents(ctx))
	slices.SortStableFunc(out, func(a, b Keyed) int { return cmp.Or(a.At.Compare(b.At), cmp.Compare(a.Version, b.Version)) })
	return out, err
}

// Revisions lists the memo versions of run id, each without its reading
// and memo, oldest first.
func (r *Review) Revisions(ctx context.Context, id string) ([]schema.Revision, error) {
	q := r.client.Collection(schema.Revisions).Where(schema.PathRevisionReport, "==", id).
		Select(schema.PathRevisionReport, schema.PathRevisionVersion, "corrections", "par", "le")
	snaps, err := q.Documents(ctx).GetAll()
	if err != nil {
		return nil, fmt.Errorf("versions du mémo de %s : %w", id, err)
	}
	out := make([]schema.Revision, len(snaps))
	for i, s := range snaps {
		if err := schema.Decode(s.Data(), &out[i]); err != nil {
			return nil, fmt.Errorf("lecture de %s : %w", s.Ref.Path, err)
		}
	}
	slices.SortFunc(out, func(a, b schema.Revision) int { return cmp.Compare(a.Version, b.Version) })
	return out, nil
}

// Revision reads version n of run id; ok is false when there is none.
func (r *Review) Revision(ctx context.Context, id string, n int) (rev schema.Revision, ok bool, err error) {
	snap, err := r.client.Collection(schema.Revisions).Doc(schema.RevisionID(id, n)).Get(ctx)
	if status.Code(err) == codes.NotFound {
		return rev, false, nil
	}
	if err != nil {
		return rev, false, fmt.Errorf("lecture de la version %d du mémo de %s : %w", n, id, err)
	}
	if err := schema.Decode(snap.Data(), &rev); err != nil {
		return rev, false, fmt.Errorf("lecture de %s : %w", snap.Ref.Path, err)
	}
	return rev, true, nil
}

// Decide records a reviewer's decision on one cause of run d.Report's
// hand-off, once: a second one gets *AlreadyDecided with the first.
func (r *Review) Decide(ctx context.Context, d schema.CauseDecision) error {
	if err := schema.CheckID(d.Report); err != nil {
		return err
	}
	data, err := d.Data()
	if err != nil {
		return err
	}
	ref := r.client.Collection(schema.CauseDecisions).Doc(schema.CauseDecisionID(d.Report, d.Cause))
	_, err = ref.Create(ctx, data)
	if status.Code(err) != codes.AlreadyExists {
		return err
	}
	snap, err := ref.Get(ctx)
	if err != nil {
		return fmt.Errorf("lecture de %s : %w", ref.Path, err)
	}
	var first schema.CauseDecision
	if err := schema.Decode(snap.Data(), &first); err != nil {
		return fmt.Errorf("lecture de %s : %w", ref.Path, err)
	}
	return &AlreadyDecided{Decision: first}
}

// Decisions lists the decisions on the causes of run id's hand-off, by
// cause.
func (r *Review) Decisions(ctx context.Context, id string) (map[string]schema.CauseDecision, error) {
	snaps, err := r.client.Collection(schema.CauseDecisions).Where(schema.PathCauseReport, "==", id).Documents(ctx).GetAll()
	if err != nil {
		return nil, fmt.Errorf("décisions sur les causes de %s : %w", id, err)
	}
	out := map[string]schema.CauseDecision{}
	for _, s := range snaps {
		var d schema.CauseDecision
		if err := schema.Decode(s.Data(), &d); err != nil {
			return nil, fmt.Errorf("lecture de %s : %w", s.Ref.Path, err)
		}
		out[d.Cause] = d
	}
	return out, nil
}

// Resolve records the resolution of run id's hand-off, once: a second one
// gets *AlreadyResolved with the first.
func (r *Review) Resolve(ctx context.Context, id string, res schema.Resolution) error {
	if err := schema.CheckID(id); err != nil {
		return err
	}
	data, err := schema.ResolutionData(res)
	if err != nil {
		return err
	}
	ref := r.client.Collection(schema.Resolutions).Doc(id)
	_, err = ref.Create(ctx, data)
	if status.Code(err) != codes.AlreadyExists {
		return err
	}
	first, ok, err := r.resolution(ctx, ref)
	if err != nil || !ok {
		return cmp.Or(err, errors.New("résolution introuvable après un conflit"))
	}
	return &AlreadyResolved{Resolution: first}
}

// Resolutions reads the resolutions of the runs ids, by id.
func (r *Review) Resolutions(ctx context.Context, ids []string) (map[string]schema.Resolution, error) {
	out := map[string]schema.Resolution{}
	if len(ids) == 0 {
		return out, nil
	}
	refs := make([]*firestore.DocumentRef, len(ids))
	for i, id := range ids {
		refs[i] = r.client.Collection(schema.Resolutions).Doc(id)
	}
	snaps, err := r.client.GetAll(ctx, refs)
	if err != nil {
		return nil, fmt.Errorf("résolutions des relais : %w", err)
	}
	for _, s := range snaps {
		if !s.Exists() {
			continue
		}
		var res schema.Resolution
		if err := schema.Decode(s.Data(), &res); err != nil {
			return nil, fmt.Errorf("lecture de %s : %w", s.Ref.Path, err)
		}
		out[s.Ref.ID] = res
	}
	return out, nil
}

func (r *Review) resolution(ctx context.Context, ref *firestore.DocumentRef) (schema.Resolution, bool, error) {
	var res schema.Resolution
	snap, err := ref.Get(ctx)
	if status.Code(err) == codes.NotFound {
		return res, false, nil
	}
	if err != nil {
		return res, false, fmt.Errorf("lecture de %s : %w", ref.Path, err)
	}
	return res, true, schema.Decode(snap.Data(), &res)
}

// inLimit is the most values a Firestore "in" filter takes.
const inLimit = 30

// Latest reads the latest memo version of each of the runs ids that a
// correction revised, by id: one query per 30 runs for their versions'
// numbers, then one read of those versions.
func (r *Review) Latest(ctx context.Context, ids []string) (map[string]schema.Revision, error) {
	newest, err := r.newest(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := map[string]schema.Revision{}
	if len(newest) == 0 {
		return out, nil
	}
	var refs []*firestore.DocumentRef
	for id, n := range newest {
		refs = append(refs, r.client.Collection(schema.Revisions).Doc(schema.RevisionID(id, n)))
	}
	snaps, err := r.client.GetAll(ctx, refs)
	if err != nil {
		return nil, fmt.Errorf("versions du mémo : %w", err)
	}
	for _, s := range snaps {
		if !s.Exists() {
			continue
		}
		var rev schema.Revision
		if err := schema.Decode(s.Data(), &rev); err != nil {
			return nil, fmt.Errorf("lecture de %s : %w", s.Ref.Path, err)
		}
		out[rev.Report] = rev
	}
	return out, nil
}

// Handing lists the memo versions that hand their run off (their memo
// abstains or is blocked) and are still its latest, at most limit of
// them, each with its memo's status, reason and hand-off but without its
// reading: one query on the memo's status, then one per 30 runs for their
// versions' numbers.
func (r *Review) Handing(ctx context.Context, limit int) ([]schema.Revision, error) {
	q := r.client.Collection(schema.Revisions).Where(schema.PathRevisionMemoStatus, "in", []string{string(memo.Abstained), string(memo.Blocked)}).
		Select(schema.PathRevisionReport, schema.PathRevisionVersion, "par", "le", schema.PathRevisionMemoStatus, "memo.motif", "memo.relais").
		Limit(limit)
	snaps, err := q.Documents(ctx).GetAll()
	if err != nil {
		return nil, fmt.Errorf("versions du mémo en relais : %w", err)
	}
	found := make([]schema.Revision, len(snaps))
	ids := make([]string, len(snaps))
	for i, s := range snaps {
		if err := schema.Decode(s.Data(), &found[i]); err != nil {
			return nil, fmt.Errorf("lecture de %s : %w", s.Ref.Path, err)
		}
		ids[i] = found[i].Report
	}
	newest, err := r.newest(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := slices.DeleteFunc(found, func(rev schema.Revision) bool { return rev.Version != newest[rev.Report] })
	slices.SortFunc(out, func(a, b schema.Revision) int { return cmp.Compare(a.Report, b.Report) })
	return out, nil
}

// newest gives the number of the latest version of each of the runs ids
// that a correction revised.
func (r *Review) newest(ctx context.Context, ids []string) (map[string]int, error) {
	newest := map[string]int{}
	for chunk := range slices.Chunk(ids, inLimit) {
		q := r.client.Collection(schema.Revisions).Where(schema.PathRevisionReport, "in", chunk).
			Select(schema.PathRevisionReport, schema.PathRevisionVersion)
		snaps, err := q.Documents(ctx).GetAll()
		if err != nil {
			return nil, fmt.Errorf("versions du mémo : %w", err)
		}
		for _, s := range snaps {
			var rev schema.Revision
			if err := schema.Decode(s.Data(), &rev); err != nil {
				return nil, fmt.Errorf("lecture de %s : %w", s.Ref.Path, err)
			}
			newest[rev.Report] = max(newest[rev.Report], rev.Version)
		}
	}
	return newest, nil
}
