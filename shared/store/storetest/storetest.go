// Package storetest keeps the runs and their page texts in memory under
// shared/store's rules (the claim's rule, the changes of a take, a
// completion and a failure are the store's own), and serves an upload as
// Cloud Storage does, so that the functions' handlers are tested without
// emulators. What only Firestore decides —
// transactions under contention, document size limits — stays for the
// emulator tests.
package storetest

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"analyste.dev/analyste/shared/model"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/store"
)

// Runs is the runs' database in memory; its zero value is not usable: see
// New. It is safe for concurrent use, each call one transaction.
type Runs struct {
	lease       time.Duration
	maxAttempts int
	// Now is the clock, time.Now unless a test lets a lease expire.
	Now func() time.Time

	mu     sync.Mutex
	docs   map[string]map[string]any // "coll/id" → document, in its JSON form
	writes map[string]int            // "coll/id" → writes of the document
}

// New returns an empty database whose takes hold for lease, a stage being
// taken at most store.DefaultMaxAttempts times.
func New(lease time.Duration) *Runs {
	return &Runs{lease: lease, maxAttempts: store.DefaultMaxAttempts, Now: time.Now,
		docs: map[string]map[string]any{}, writes: map[string]int{}}
}

func key(coll, id string) string { return coll + "/" + id }

// Put writes v as coll/id, as a stage's output is written.
func (r *Runs) Put(coll, id string, v any) error {
	doc, err := jsonForm(v)
	if err != nil {
		return fmt.Errorf("storetest: %s/%s: %w", coll, id, err)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.docs[key(coll, id)] = doc
	r.writes[key(coll, id)]++
	return nil
}

// Writes counts the writes of coll/id.
func (r *Runs) Writes(coll, id string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.writes[key(coll, id)]
}

// Get reads coll/id into out; a missing document wraps store.ErrNotFound
// and gRPC's NotFound, as the store's Get does.
func (r *Runs) Get(_ context.Context, coll, id string, out any) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.getLocked(coll, id, out)
}

func (r *Runs) getLocked(coll, id string, out any) error {
	doc, ok := r.docs[key(coll, id)]
	if !ok {
		return fmt.Errorf("storetest: %s/%s: %w (%w)", coll, id, store.ErrNotFound, status.Error(codes.NotFound, "document not found"))
	}
	return schema.Decode(doc, out)
}

// Claim takes stage of run id under store.Claim's rule.
func (r *Runs) Claim(_ context.Context, id string, stage schema.Stage, src *schema.Source) (store.Claim, error) {
	if err := schema.CheckID(id); err != nil {
		return store.Claim{}, fmt.Errorf("storetest: claim %s: %w", stage, err)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	c := store.NewClaim(id, stage)
	now := r.Now()
	var read *schema.Report
	if _, ok := r.docs[key(schema.Reports, id)]; ok {
		read = new(schema.Report)
		if err := r.getLocked(schema.Reports, id, read); err != nil {
			return store.Claim{}, err
		}
	}
	t, err := c.Take(read, src, now, r.lease, r.maxAttempts)
	if err != nil {
		return store.Claim{}, err
	}
	if t.Create {
		doc, err := schema.Created(*src, t.Change, now)
		if err != nil {
			return store.Claim{}, err
		}
		if r.docs[key(schema.Reports, id)], err = jsonForm(doc); err != nil {
			return store.Claim{}, err
		}
		return c, nil
	}
	if err := r.changeLocked(id, t.Change, nil, "", now); err != nil {
		return store.Claim{}, err
	}
	if t.GaveUp != nil {
		return store.Claim{}, t.GaveUp
	}
	return c, nil
}

// Complete writes the outcome's documents and ends the stage, if c still
// holds it (store.ErrDone otherwise).
func (r *Runs) Complete(_ context.Context, c store.Claim, o schema.Outcome) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	now := r.Now()
	if err := r.holdsLocked(c); err != nil {
		return err
	}
	docs, err := o.Documents()
	if err != nil {
		return err
	}
	forms := make([]map[string]any, len(docs))
	for i, d := range docs {
		if forms[i], err = jsonForm(d.Data); err != nil {
			return err
		}
	}
	if err := r.changeLocked(c.ID, store.Done(c.Stage, now), &o, c.Stage, now); err != nil {
		return err
	}
	for i, d := range docs {
		r.docs[key(d.Collection, c.ID)] = forms[i]
		r.writes[key(d.Collection, c.ID)]++
	}
	return nil
}

// Fail records a failure of c's take, if it still holds the stage.
func (r *Runs) Fail(_ context.Context, c store.Claim, reason string, retryable bool, spent *model.Usage) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	now := r.Now()
	if err := r.holdsLocked(c); err != nil {
		return err
	}
	return r.changeLocked(c.ID, store.Failed(c.Stage, reason, retryable, now), &schema.Outcome{Usage: spent}, c.Stage, now)
}

func (r *Runs) holdsLocked(c store.Claim) error {
	var rep schema.Report
	if err := r.getLocked(schema.Reports, c.ID, &rep); err != nil {
		return err
	}
	if !c.Holds(rep) {
		return store.ErrDone
	}
	return nil
}

// changeLocked applies ch, then what o writes for stage, to report id, as
// Firestore applies their updates.
func (r *Runs) changeLocked(id string, ch schema.Change, o *schema.Outcome, stage schema.Stage, now time.Time) error {
	ups, err := ch.Updates(now)
	if err != nil {
		return err
	}
	if o != nil {
		more, err := o.Updates(stage)
		if err != nil {
			return err
		}
		ups = append(ups, more...)
	}
	doc := r.docs[key(schema.Reports, id)]
	// Firestore's increments are opaque to Apply: the tokens they add are
	// added below, from the usage.
	schema.Apply(doc, ups)
	doc, err = jsonForm(doc)
	if err != nil {
		return err
	}
	r.docs[key(schema.Reports, id)] = doc
	if o == nil || o.Usage == nil {
		return nil
	}
	var rep schema.Report
	if err := schema.Decode(doc, &rep); err != nil {
		return err
	}
	rep.Tokens.Input += int64(o.Usage.InputTokens)
	rep.Tokens.Output += int64(o.Usage.OutputTokens)
	rep.Tokens.Calls += int64(len(o.Usage.Attempts))
	r.docs[key(schema.Reports, id)], err = jsonForm(rep)
	return err
}

// jsonForm is v as a document read back: its JSON object.
func jsonForm(v any) (map[string]any, error) {
	var doc map[string]any
	b, err := json.Marshal(v)
	if err == nil {
		err = json.Unmarshal(b, &doc)
	}
	return doc, err
}

// Pages keeps page texts in memory, at gs://pages/<id> addresses, and
// the OCR layouts at gs://pages/<id>.ocr.
type Pages struct {
	mu    sync.Mutex
	texts map[string][]string
	boxes map[string][]store.OCRBoxes
}

// Save keeps the texts of run id and returns their address.
func (p *Pages) Save(_ context.Context, id string, texts []string) (string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.texts == nil {
		p.texts = map[string][]string{}
	}
	url := "gs://pages/" + id
	p.texts[url] = append([]string(nil), texts...)
	return url, nil
}

// Load returns the texts Save kept at url.
func (p *Pages) Load(_ context.Context, url string) ([]string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	texts, ok := p.texts[url]
	if !ok {
		return nil, fmt.Errorf("storetest: no page texts at %s", url)
	}
	return append([]string(nil), texts...), nil
}

// SaveBoxes keeps the OCR layouts of run id and returns their address.
func (p *Pages) SaveBoxes(_ context.Context, id string, boxes []store.OCRBoxes) (string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.boxes == nil {
		p.boxes = map[string][]store.OCRBoxes{}
	}
	url := "gs://pages/" + id + ".ocr"
	p.boxes[url] = slices.Clone(boxes)
	return url, nil
}

// LoadBoxes returns the layouts SaveBoxes kept at url.
func (p *Pages) LoadBoxes(_ context.Context, url string) ([]store.OCRBoxes, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	boxes, ok := p.boxes[url]
	if !ok {
		return nil, fmt.Errorf("storetest: no OCR layouts at %s", url)
	}
	return slices.Clone(boxes), nil
}

// Seed runs the first stages of a new run from src, each claimed and
// completed with its outcome in order (extraction, signals, memo), as the
// functions before the one under test would.
func (r *Runs) Seed(ctx context.Context, src schema.Source, outcomes ...schema.Outcome) (string, error) {
	id := schema.RunID(src)
	if len(outcomes) > len(schema.Stages) {
		return "", fmt.Errorf("storetest: %d outcomes for %d stages", len(outcomes), len(schema.Stages))
	}
	for i, o := range outcomes {
		c, err := r.Claim(ctx, id, schema.Stages[i], &src)
		if err != nil {
			return "", err
		}
		if err := r.Complete(ctx, c, o); err != nil {
			return "", err
		}
	}
	return id, nil
}

// Reports lists at most limit reports, newest first, those in st only
// unless it is empty, as store.Store.Reports does.
func (r *Runs) Reports(_ context.Context, limit int, st schema.Status) ([]store.Run, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []store.Run
	for _, id := range r.idsLocked(schema.Reports) {
		run := store.Run{ID: id}
		if err := r.getLocked(schema.Reports, id, &run.Report); err != nil {
			return nil, err
		}
		if st == "" || run.Status == st {
			out = append(out, run)
		}
	}
	slices.SortStableFunc(out, func(a, b store.Run) int { return b.Created.Compare(a.Created) })
	return out[:min(limit, len(out))], nil
}

// StatusCounts counts the reports of each status.
func (r *Runs) StatusCounts(ctx context.Context) (map[schema.Status]int, error) {
	runs, err := r.Reports(ctx, math.MaxInt, "")
	out := map[schema.Status]int{}
	for _, run := range runs {
		out[run.Status]++
	}
	return out, err
}

// Handoffs lists at most limit hand-offs, each with when it was opened.
func (r *Runs) Handoffs(_ context.Context, limit int) ([]store.Pending, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []store.Pending
	for _, id := range r.idsLocked(schema.Handoffs) {
		p := store.Pending{ID: id}
		if err := r.getLocked(schema.Handoffs, id, &p.HandoffRecord); err != nil {
			return nil, err
		}
		var rep schema.Report
		if err := r.getLocked(schema.Reports, id, &rep); err == nil {
			p.Opened = store.Opened(rep)
		}
		out = append(out, p)
	}
	return out[:min(limit, len(out))], nil
}

// GetAll reads coll/ids[i] into out(i); found[i] tells which exist.
func (r *Runs) GetAll(_ context.Context, coll string, ids []string, out func(i int) any) ([]bool, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	found := make([]bool, len(ids))
	for i, id := range ids {
		if err := schema.CheckID(id); err != nil {
			return nil, fmt.Errorf("storetest: %s: %w", coll, err)
		}
		doc, ok := r.docs[key(coll, id)]
		if !ok {
			continue
		}
		if err := schema.Decode(doc, out(i)); err != nil {
			return nil, err
		}
		found[i] = true
	}
	return found, nil
}

// ResolveHandoff records the resolution of handoffs/{id} once, as
// store.Store.ResolveHandoff does.
func (r *Runs) ResolveHandoff(_ context.Context, id string, res schema.Resolution) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	var h schema.HandoffRecord
	if err := r.getLocked(schema.Handoffs, id, &h); err != nil {
		return err
	}
	if h.Resolution != nil {
		return &store.AlreadyResolved{Resolution: *h.Resolution}
	}
	h.Resolution = &res
	doc, err := jsonForm(h)
	if err != nil {
		return err
	}
	r.docs[key(schema.Handoffs, id)] = doc
	r.writes[key(schema.Handoffs, id)]++
	return nil
}

// idsLocked lists the ids of coll's documents, in order.
func (r *Runs) idsLocked(coll string) []string {
	var ids []string
	for k := range r.docs {
		if id, ok := strings.CutPrefix(k, coll+"/"); ok {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids
}
