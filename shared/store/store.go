// Package store is the pipeline's Firestore data model: one report document
// per run (reports/{id}), one document per stage output (extractions/{id},
// signals/{id}, memos/{id}), which triggers the next stage, and hand-offs
// (handoffs/{id}). A stage claims its work in a transaction on the report, so
// that a duplicate or late event does nothing.
package store

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"cloud.google.com/go/firestore"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// Collections of the data model.
const (
	Reports     = "reports"
	Extractions = "extractions"
	Signals     = "signals"
	Memos       = "memos"
	Handoffs    = "handoffs"
)

// Stage names a stage of the chain, as the report's status and steps show it.
type Stage string

// The stages, in order.
const (
	Extraction Stage = "extraction"
	Signaling  Stage = "signaux"
	Memo       Stage = "memo"
)

// Final statuses of a report, beside the stage names while it runs.
const (
	Done       = "termine"
	Abstention = "abstention"
	Blocked    = "bloque"
	Failed     = "echec"
)

// Step states.
const (
	stepRunning = "en_cours"
	stepDone    = "termine"
	stepFailed  = "echec"
	stepRetry   = "a_reprendre"
)

var (
	// ErrDone means the stage was already done (or failed for good): a
	// duplicate or late event, to acknowledge without doing anything.
	ErrDone = errors.New("étape déjà traitée")
	// ErrBusy means another instance holds the stage: try again later.
	ErrBusy = errors.New("étape en cours de traitement par une autre instance")
	// ErrInvalidID means a document id is not a run id: no retry can help.
	ErrInvalidID = errors.New("identifiant de rapport invalide")
)

// DefaultMaxAttempts is how many times a stage is taken before the next
// claim gives up on the run.
const DefaultMaxAttempts = 3

// CheckID refuses what RunID cannot return: 24 lower-case hex characters.
func CheckID(id string) error {
	if len(id) != 24 || strings.Trim(id, "0123456789abcdef") != "" {
		return fmt.Errorf("%w : %q (24 caractères hexadécimaux attendus)", ErrInvalidID, id)
	}
	return nil
}

// Source is the uploaded object a run reads; it is never modified.
type Source struct {
	Bucket     string `json:"bucket"`
	Object     string `json:"objet"`
	Generation int64  `json:"generation"`
	Size       int64  `json:"taille"`
	MD5        string `json:"md5"`
}

// RunID names the run of one upload: bucket, object and generation. A new
// upload of the same name is a new generation, hence a new run.
func RunID(src Source) string {
	sum := sha256.Sum256([]byte(src.Bucket + "/" + src.Object + "#" + strconv.FormatInt(src.Generation, 10)))
	return hex.EncodeToString(sum[:12])
}

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
	Stage Stage
	// Resumed tells that the previous take's lease had expired: its
	// instance stopped without recording anything.
	Resumed bool
	token   string
}

// Exhausted is the error of a claim that ended the run instead of taking
// the stage: it had been taken the most times allowed without ending. The
// failure is recorded on the report; the event is to be acknowledged.
type Exhausted struct {
	ID     string
	Stage  Stage
	Takes  int
	Starts []time.Time // when each take began
}

func (e *Exhausted) Error() string {
	return fmt.Sprintf("rapport %s : étape %s abandonnée après %d prises", e.ID, e.Stage, e.Takes)
}

// step is a stage's progress as the claim reads it.
type step struct {
	State  string      `firestore:"etat"`
	Lease  time.Time   `firestore:"bail"`
	Takes  int         `firestore:"prises"`
	Starts []time.Time `firestore:"tentatives"`
}

// verdict is what a claim does with a stage.
type verdict int

const (
	free    verdict = iota // never taken, freed by a failure, or its lease expired: take it
	settled                // done or failed for good: nothing to do
	held                   // another instance holds it within its lease: try later
	spent                  // taken maxAttempts times without ending: end the run
)

// decide is the claim's rule. Every take counts, whatever ended it (an
// instance killed by the document, a transient failure), so that a
// document that always kills its instance cannot be retried forever.
func decide(st step, now time.Time, maxAttempts int) verdict {
	switch {
	case st.State == stepDone || st.State == stepFailed:
		return settled
	case st.State == stepRunning && now.Before(st.Lease):
		return held
	case st.Takes >= maxAttempts:
		return spent
	}
	return free
}

// Claim takes stage of run id. The extraction stage creates the report
// document from src; the others need it to exist. It returns ErrDone for a
// stage already done or failed for good, ErrBusy for one another instance
// holds within its lease, and an *Exhausted error, after recording the
// failure, when the stage was already taken the most times allowed.
func (s *Store) Claim(ctx context.Context, id string, stage Stage, src *Source) (Claim, error) {
	if err := CheckID(id); err != nil {
		return Claim{}, fmt.Errorf("prise de l'étape %s : %w", stage, err)
	}
	// Random, so that two takes never share a token, whatever the clock says.
	c := Claim{ID: id, Stage: stage, token: rand.Text()}
	ref := s.client.Collection(Reports).Doc(id)
	prefix := "etapes." + string(stage) + "."
	var gaveUp *Exhausted
	err := s.client.RunTransaction(ctx, func(ctx context.Context, tx *firestore.Transaction) error {
		gaveUp, c.Resumed = nil, false
		snap, err := tx.Get(ref)
		now := s.now()
		taken := map[string]any{"etat": stepRunning, "jeton": c.token, "debut": now, "bail": now.Add(s.lease)}
		if status.Code(err) == codes.NotFound {
			if stage != Extraction || src == nil {
				return fmt.Errorf("%w : rapport %s inconnu", ErrDone, id)
			}
			source, err := jsonValue(src)
			if err != nil {
				return err
			}
			taken["prises"], taken["tentatives"] = 1, []time.Time{now}
			return tx.Create(ref, map[string]any{
				"source": source, "statut": string(stage), "cree_le": now, "maj_le": now,
				"etapes": map[string]any{string(stage): taken},
			})
		}
		if err != nil {
			return err
		}
		var r struct {
			Steps map[string]step `firestore:"etapes"`
		}
		if err := snap.DataTo(&r); err != nil {
			return fmt.Errorf("rapport %s : %w", id, err)
		}
		cur := r.Steps[string(stage)]
		switch decide(cur, now, s.maxAttempts) {
		case settled:
			return ErrDone
		case held:
			return ErrBusy
		case spent:
			// Written, not returned: an error would roll the record back.
			gaveUp = &Exhausted{ID: id, Stage: stage, Takes: cur.Takes, Starts: cur.Starts}
			return tx.Update(ref, s.giveUp(gaveUp, now))
		}
		ups := []firestore.Update{
			{Path: "statut", Value: string(stage)},
			{Path: "maj_le", Value: now},
			{Path: prefix + "prises", Value: firestore.Increment(1)},
			{Path: prefix + "tentatives", Value: firestore.ArrayUnion(now)},
		}
		for k, v := range taken {
			ups = append(ups, firestore.Update{Path: prefix + k, Value: v})
		}
		if cur.State == stepRunning {
			// The report says why the stage starts again while it runs.
			c.Resumed = true
			ups = append(ups, firestore.Update{Path: "echec", Value: map[string]any{"etape": string(stage), "reessayable": true, "date": now,
				"motif": "L'instance qui traitait l'étape s'est arrêtée sans la terminer : l'étape est reprise automatiquement."}})
		}
		return tx.Update(ref, ups)
	})
	if err != nil {
		return Claim{}, fmt.Errorf("prise de l'étape %s du rapport %s : %w", stage, id, err)
	}
	if gaveUp != nil {
		return Claim{}, gaveUp
	}
	return c, nil
}

// giveUp ends the run: the stage fails for good, with its takes' history.
func (s *Store) giveUp(e *Exhausted, now time.Time) []firestore.Update {
	prefix := "etapes." + string(e.Stage) + "."
	return []firestore.Update{
		{Path: "statut", Value: Failed},
		{Path: "maj_le", Value: now},
		{Path: prefix + "etat", Value: stepFailed},
		{Path: prefix + "fin", Value: now},
		{Path: "echec", Value: map[string]any{
			"etape": string(e.Stage), "reessayable": false, "date": now, "prises": e.Takes, "tentatives": e.Starts,
			"motif": fmt.Sprintf("Document impossible à traiter : l'étape %s a été lancée %d fois sans aboutir "+
				"(arrêt de l'instance ou panne à chaque fois). Elle ne sera plus relancée : vérifiez le fichier "+
				"ou confiez le rapport à un analyste.", e.Stage, e.Takes)}},
	}
}

// Outcome is what a stage writes when it completes: its output documents
// (collection → document, stored under the run's id) and the report's new
// fields (Firestore paths, e.g. "compteurs.relectures").
type Outcome struct {
	Documents map[string]any
	Report    map[string]any
	// Increments add to the report's counters (e.g. "jetons.entree").
	Increments map[string]int64
}

// Complete writes the stage's outputs and marks it done, in one transaction,
// if this claim still holds the stage; otherwise it writes nothing and
// returns ErrDone (another instance took over after the lease). A failure
// recorded by an earlier take is cleared: the stage succeeded.
func (s *Store) Complete(ctx context.Context, c Claim, o Outcome) error {
	return s.finish(ctx, c, stepDone, func(tx *firestore.Transaction, ups []firestore.Update) error {
		for coll, doc := range o.Documents {
			m, err := jsonValue(doc)
			if err != nil {
				return fmt.Errorf("%s/%s : %w", coll, c.ID, err)
			}
			if err := tx.Set(s.client.Collection(coll).Doc(c.ID), m); err != nil {
				return err
			}
		}
		more, err := reportUpdates(o)
		if err != nil {
			return err
		}
		ups = append(ups, firestore.Update{Path: "echec", Value: firestore.Delete})
		return tx.Update(s.client.Collection(Reports).Doc(c.ID), append(ups, more...))
	})
}

// Fail records a failure on the report. A permanent one ends the run with
// the status echec; a retryable one frees the stage for the next delivery.
// ledger holds what the failed attempt spent (usage fields and counters),
// written too so that the cost of failures is counted.
func (s *Store) Fail(ctx context.Context, c Claim, reason string, retryable bool, ledger Outcome) error {
	state := stepFailed
	if retryable {
		state = stepRetry
	}
	return s.finish(ctx, c, state, func(tx *firestore.Transaction, ups []firestore.Update) error {
		more, err := reportUpdates(ledger)
		if err != nil {
			return err
		}
		ups = append(ups, more...)
		ups = append(ups, firestore.Update{Path: "echec", Value: map[string]any{
			"etape": string(c.Stage), "motif": reason, "reessayable": retryable, "date": s.now()}})
		if !retryable {
			ups = append(ups, firestore.Update{Path: "statut", Value: Failed})
		}
		return tx.Update(s.client.Collection(Reports).Doc(c.ID), ups)
	})
}

func (s *Store) finish(ctx context.Context, c Claim, state string, write func(*firestore.Transaction, []firestore.Update) error) error {
	ref := s.client.Collection(Reports).Doc(c.ID)
	err := s.client.RunTransaction(ctx, func(ctx context.Context, tx *firestore.Transaction) error {
		snap, err := tx.Get(ref)
		if err != nil {
			return err
		}
		// A take given up meanwhile is no longer running, its token unchanged.
		var r struct {
			Steps map[string]struct {
				State string `firestore:"etat"`
				Token string `firestore:"jeton"`
			} `firestore:"etapes"`
		}
		if err := snap.DataTo(&r); err != nil {
			return fmt.Errorf("rapport %s : %w", c.ID, err)
		}
		if cur := r.Steps[string(c.Stage)]; cur.Token != c.token || cur.State != stepRunning {
			return ErrDone
		}
		now := s.now()
		return write(tx, []firestore.Update{
			{Path: "etapes." + string(c.Stage) + ".etat", Value: state},
			{Path: "etapes." + string(c.Stage) + ".fin", Value: now},
			{Path: "maj_le", Value: now},
		})
	})
	if err != nil {
		return fmt.Errorf("fin de l'étape %s du rapport %s : %w", c.Stage, c.ID, err)
	}
	return nil
}

// Get reads coll/id into out, through its JSON tags.
func (s *Store) Get(ctx context.Context, coll, id string, out any) error {
	if err := CheckID(id); err != nil {
		return fmt.Errorf("lecture de %s : %w", coll, err)
	}
	snap, err := s.client.Collection(coll).Doc(id).Get(ctx)
	if err != nil {
		return fmt.Errorf("lecture de %s/%s : %w", coll, id, err)
	}
	b, err := json.Marshal(snap.Data())
	if err != nil {
		return fmt.Errorf("lecture de %s/%s : %w", coll, id, err)
	}
	if err := json.Unmarshal(b, out); err != nil {
		return fmt.Errorf("lecture de %s/%s : %w", coll, id, err)
	}
	return nil
}

// reportUpdates are an outcome's changes to the report document.
func reportUpdates(o Outcome) ([]firestore.Update, error) {
	var ups []firestore.Update
	for path, v := range o.Report {
		val, err := jsonValue(v)
		if err != nil {
			return nil, fmt.Errorf("%s : %w", path, err)
		}
		ups = append(ups, firestore.Update{Path: path, Value: val})
	}
	for path, n := range o.Increments {
		ups = append(ups, firestore.Update{Path: path, Value: firestore.Increment(n)})
	}
	return ups, nil
}

// jsonValue turns a value into what Firestore stores: Firestore's own
// scalars as they are, structures through their JSON tags, since the data
// model's keys are the French keys of the JSON contract.
func jsonValue(v any) (any, error) {
	switch v.(type) {
	case nil, string, bool, int, int64, float64, time.Time:
		return v, nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// Client is the Firestore client the store uses, for readers of the data
// model (the viewer, the tests).
func (s *Store) Client() *firestore.Client { return s.client }
