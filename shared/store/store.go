// Package store keeps the runs in Firestore, as schema lays them out: a
// stage claims its work in a transaction on the report (reports/{id}), so
// that a duplicate or late event does nothing, and completes it by writing
// its output documents and the report in one transaction.
package store

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"strconv"
	"time"

	"cloud.google.com/go/firestore"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"analyste.dev/analyste/shared/model"
	"analyste.dev/analyste/shared/schema"
)

var (
	// ErrDone means the stage was already done (or failed for good): a
	// duplicate or late event, to acknowledge without doing anything.
	ErrDone = errors.New("stage already done")
	// ErrBusy means another instance holds the stage: try again later.
	ErrBusy = errors.New("stage held by another instance")
)

// DefaultMaxAttempts is how many times a stage is taken before the next
// claim gives up on the run.
const DefaultMaxAttempts = 3

// Store reads and writes the data model.
type Store struct {
	client      *firestore.Client
	lease       time.Duration
	maxAttempts int
	now         func() time.Time
}

// Option tunes a Store.
type Option func(*Store)

// WithClock makes the store read the time from now, so that a test can
// let a lease expire.
func WithClock(now func() time.Time) Option { return func(s *Store) { s.now = now } }

// WithMaxAttempts sets how many times a stage is taken before the next
// claim gives up on the run (DefaultMaxAttempts otherwise).
func WithMaxAttempts(n int) Option { return func(s *Store) { s.maxAttempts = n } }

// New returns a store; lease bounds how long a claimed stage stays taken
// when its instance dies (set it above the function's timeout).
func New(client *firestore.Client, lease time.Duration, opts ...Option) (*Store, error) {
	if client == nil {
		return nil, errors.New("store: no Firestore client")
	}
	if lease <= 0 {
		return nil, fmt.Errorf("store: lease %v", lease)
	}
	s := &Store{client: client, lease: lease, maxAttempts: DefaultMaxAttempts, now: time.Now}
	for _, o := range opts {
		o(s)
	}
	if s.maxAttempts < 1 {
		return nil, fmt.Errorf("store: %d attempts", s.maxAttempts)
	}
	return s, nil
}

// Claim is a stage taken by this instance.
type Claim struct {
	ID    string
	Stage schema.Stage
	// Resumed tells that the previous take's lease had expired: its
	// instance stopped without recording anything.
	Resumed bool
	// Number is this take's, 1 for the stage's first.
	Number int
	token  string
}

// The labels of a take's model calls (Claim.Labels).
const (
	RunLabel   = "rapport"
	StageLabel = "etape"
	TakeLabel  = "prise"
)

// Labels name the take's run, stage and number, for its model calls
// (model.WithLabels): the billing export then tells a call a retake made
// again from the first.
func (c Claim) Labels() map[string]string {
	return map[string]string{RunLabel: c.ID, StageLabel: string(c.Stage), TakeLabel: strconv.Itoa(c.Number)}
}

// Exhausted is the error of a claim that ended the run instead of taking
// the stage: it had been taken the most times allowed without ending. The
// failure is recorded on the report; the event is to be acknowledged.
type Exhausted struct {
	ID     string
	Stage  schema.Stage
	Takes  int
	Starts []time.Time // when each take began
}

func (e *Exhausted) Error() string {
	return fmt.Sprintf("report %s: stage %s given up after %d takes", e.ID, e.Stage, e.Takes)
}

// Verdict is what a claim does with a stage.
type Verdict int

// The verdicts of Decide.
const (
	Free    Verdict = iota // never taken, freed by a failure, or its lease expired: take it
	Settled                // done or failed for good: nothing to do
	Held                   // another instance holds it within its lease: try later
	Spent                  // taken maxAttempts times without ending: end the run
)

// Decide is the claim's rule, for this store and its in-memory stand-in
// (storetest). Every take counts, whatever ended it (an instance killed by
// the document, a transient failure), so that a document that always kills
// its instance cannot be retried forever.
func Decide(st schema.Step, now time.Time, maxAttempts int) Verdict {
	switch {
	case st.State == schema.StepDone || st.State == schema.StepFailed:
		return Settled
	case st.State == schema.StepRunning && now.Before(st.Lease):
		return Held
	case st.Takes >= maxAttempts:
		return Spent
	}
	return Free
}

// NewClaim is a take of stage of run id, to be decided by Take.
func NewClaim(id string, stage schema.Stage) Claim {
	// Random, so that two takes never share a token, whatever the clock says.
	return Claim{ID: id, Stage: stage, token: rand.Text()}
}

// Taking is what a take does to the report it read.
type Taking struct {
	Change schema.Change // applied to the report, or the report created with it (Create)
	Create bool
	GaveUp *Exhausted // the run ends instead: Change records it
}

// Take is the claim's rule, applied to the report read at now (nil when
// absent), for this store and its in-memory stand-in (storetest): see
// Claim. It sets c.Resumed and c.Number.
func (c *Claim) Take(r *schema.Report, src *schema.Source, now time.Time, lease time.Duration, maxAttempts int) (Taking, error) {
	c.Resumed, c.Number = false, 0
	if r == nil && (c.Stage != schema.Extraction || src == nil) {
		return Taking{}, fmt.Errorf("%w: no report %s", ErrDone, c.ID)
	}
	var cur schema.Step
	if r != nil {
		cur = r.Steps[c.Stage]
	}
	switch Decide(cur, now, maxAttempts) {
	case Settled:
		return Taking{}, ErrDone
	case Held:
		return Taking{}, ErrBusy
	case Spent:
		e := &Exhausted{ID: c.ID, Stage: c.Stage, Takes: cur.Takes, Starts: cur.Starts}
		return Taking{Change: GiveUp(e, now), GaveUp: e}, nil
	}
	// The takes are counted from what was read: no other take can count
	// meanwhile.
	take := schema.Change{Status: schema.Running(c.Stage), Stage: c.Stage, Step: schema.Step{
		State: schema.StepRunning, Token: c.token, Start: now, Lease: now.Add(lease),
		Takes: cur.Takes + 1, Starts: append(cur.Starts, now)}}
	c.Number = take.Step.Takes
	if cur.State == schema.StepRunning {
		// The report says why the stage starts again while it runs.
		c.Resumed = true
		take.Failure = &schema.Failure{Stage: c.Stage, Retryable: true, Date: now,
			Reason: "L'instance qui traitait l'étape s'est arrêtée sans la terminer : l'étape est reprise automatiquement."}
	}
	return Taking{Change: take, Create: r == nil}, nil
}

// Holds tells whether c still holds its stage on report r: a take given up
// meanwhile is no longer running, its token unchanged.
func (c Claim) Holds(r schema.Report) bool {
	cur := r.Steps[c.Stage]
	return cur.Token == c.token && cur.State == schema.StepRunning
}

// Claim takes stage of run id. The extraction stage creates the report
// document from src; the others need it to exist. It returns ErrDone for a
// stage already done or failed for good, ErrBusy for one another instance
// holds within its lease, and an *Exhausted error, after recording the
// failure, when the stage was already taken the most times allowed.
func (s *Store) Claim(ctx context.Context, id string, stage schema.Stage, src *schema.Source) (Claim, error) {
	if err := schema.CheckID(id); err != nil {
		return Claim{}, fmt.Errorf("claim stage %s: %w", stage, err)
	}
	c := NewClaim(id, stage)
	ref := s.client.Collection(schema.Reports).Doc(id)
	var gaveUp *Exhausted
	err := s.transact(ctx, func(ctx context.Context, tx *firestore.Transaction) error {
		snap, err := tx.Get(ref)
		now := s.now()
		var read *schema.Report
		if status.Code(err) != codes.NotFound {
			if err != nil {
				return err
			}
			read = new(schema.Report)
			if err := schema.Decode(snap.Data(), read); err != nil {
				return fmt.Errorf("report %s: %w", id, err)
			}
		}
		t, err := c.Take(read, src, now, s.lease, s.maxAttempts)
		if err != nil {
			return err
		}
		// A run given up is written, not returned: an error would roll the
		// record back.
		gaveUp = t.GaveUp
		if t.Create {
			doc, err := schema.Created(*src, t.Change, now)
			if err != nil {
				return err
			}
			return tx.Create(ref, doc)
		}
		ups, err := t.Change.Updates(now)
		if err != nil {
			return err
		}
		return tx.Update(ref, ups)
	})
	if err != nil {
		return Claim{}, fmt.Errorf("claim stage %s of report %s: %w", stage, id, err)
	}
	if gaveUp != nil {
		return Claim{}, gaveUp
	}
	return c, nil
}

// GiveUp is the change that ends the run: the stage fails for good, with
// its takes' history.
func GiveUp(e *Exhausted, now time.Time) schema.Change {
	return schema.Change{Status: schema.Failed, Stage: e.Stage, Step: schema.Step{State: schema.StepFailed, End: now},
		Failure: &schema.Failure{Stage: e.Stage, Retryable: false, Date: now, Takes: e.Takes, Starts: e.Starts,
			Reason: fmt.Sprintf("Document impossible à traiter : l'étape %s a été lancée %d fois sans aboutir "+
				"(arrêt de l'instance ou panne à chaque fois). Elle ne sera plus relancée : vérifiez le fichier "+
				"ou confiez le rapport à un analyste.", e.Stage, e.Takes)}}
}

// Complete writes the stage's outcome and marks it done, in one
// transaction, if this claim still holds the stage; otherwise it writes
// nothing and returns ErrDone (another instance took over after the
// lease). A failure recorded by an earlier take is cleared: the stage
// succeeded.
func (s *Store) Complete(ctx context.Context, c Claim, o schema.Outcome) error {
	return s.finish(ctx, c, func(tx *firestore.Transaction, now time.Time) ([]firestore.Update, error) {
		docs, err := o.Documents()
		if err != nil {
			return nil, fmt.Errorf("report %s: %w", c.ID, err)
		}
		for _, d := range docs {
			if err := tx.Set(s.client.Collection(d.Collection).Doc(c.ID), d.Data); err != nil {
				return nil, err
			}
		}
		ups, err := Done(c.Stage, now).Updates(now)
		if err != nil {
			return nil, err
		}
		more, err := o.Updates(c.Stage)
		return append(ups, more...), err
	})
}

// Fail records a failure on the report. A permanent one ends the run with
// the status echec; a retryable one frees the stage for the next delivery.
// spent is what the failed attempt's model calls cost (nil when it made
// none), written too so that the cost of failures is counted.
func (s *Store) Fail(ctx context.Context, c Claim, reason string, retryable bool, spent *model.Usage) error {
	return s.finish(ctx, c, func(_ *firestore.Transaction, now time.Time) ([]firestore.Update, error) {
		ups, err := Failed(c.Stage, reason, retryable, now).Updates(now)
		if err != nil {
			return nil, err
		}
		more, err := schema.Outcome{Usage: spent}.Updates(c.Stage)
		return append(ups, more...), err
	})
}

// Done is the change of a stage completed at now. A failure recorded by
// an earlier take is cleared: the stage succeeded.
func Done(stage schema.Stage, now time.Time) schema.Change {
	return schema.Change{Stage: stage, Step: schema.Step{State: schema.StepDone, End: now}, ClearFailure: true}
}

// Failed is the change of a stage failed at now: for good, ending the run
// in echec, or freed for the next delivery when retryable.
func Failed(stage schema.Stage, reason string, retryable bool, now time.Time) schema.Change {
	ending, state := schema.Failed, schema.StepFailed
	if retryable {
		ending, state = "", schema.StepRetry // the run goes on
	}
	return schema.Change{Status: ending, Stage: stage, Step: schema.Step{State: state, End: now},
		Failure: &schema.Failure{Stage: stage, Reason: reason, Retryable: retryable, Date: now}}
}

// finish ends c's take, if it still holds the stage, with the updates end
// gives at now (and the documents it writes).
func (s *Store) finish(ctx context.Context, c Claim, end func(*firestore.Transaction, time.Time) ([]firestore.Update, error)) error {
	ref := s.client.Collection(schema.Reports).Doc(c.ID)
	err := s.transact(ctx, func(ctx context.Context, tx *firestore.Transaction) error {
		snap, err := tx.Get(ref)
		if err != nil {
			return err
		}
		var r schema.Report
		if err := schema.Decode(snap.Data(), &r); err != nil {
			return fmt.Errorf("report %s: %w", c.ID, err)
		}
		if !c.Holds(r) {
			return ErrDone
		}
		ups, err := end(tx, s.now())
		if err != nil {
			return err
		}
		return tx.Update(ref, ups)
	})
	if err != nil {
		return fmt.Errorf("end stage %s of report %s: %w", c.Stage, c.ID, err)
	}
	return nil
}

// Get reads coll/id into out, as schema.Decode reads a document; a
// document that does not exist wraps ErrNotFound (and gRPC's NotFound).
func (s *Store) Get(ctx context.Context, coll, id string, out any) error {
	if err := schema.CheckID(id); err != nil {
		return fmt.Errorf("read %s: %w", coll, err)
	}
	snap, err := s.client.Collection(coll).Doc(id).Get(ctx)
	if status.Code(err) == codes.NotFound {
		return fmt.Errorf("read %s/%s: %w (%w)", coll, id, ErrNotFound, err)
	}
	if err != nil {
		return fmt.Errorf("read %s/%s: %w", coll, id, err)
	}
	if err := schema.Decode(snap.Data(), out); err != nil {
		return fmt.Errorf("read %s/%s: %w", coll, id, err)
	}
	return nil
}

// Client is the Firestore client the store uses, for readers of the data
// model (the viewer, the tests).
func (s *Store) Client() *firestore.Client { return s.client }

// txTimeout bounds a transaction once its caller is gone.
const txTimeout = 30 * time.Second

// transact runs f in a transaction that outlives its caller's cancellation
// by up to txTimeout: a transaction cut midway cannot roll back and keeps
// its lock on the report until Firestore expires it (about 30 s on the
// emulator), so that every later take of the run waits, is cut in turn and
// leaves another lock behind.
func (s *Store) transact(ctx context.Context, f func(context.Context, *firestore.Transaction) error) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), txTimeout)
	defer cancel()
	return s.client.RunTransaction(ctx, f)
}
