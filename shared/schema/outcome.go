package schema

import (
	"errors"
	"fmt"
	"maps"
	"slices"

	"cloud.google.com/go/firestore"

	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/model"
)

// Outcome is what a stage produced: its output documents, the report's new
// status and its model calls. The report repeats what the documents give
// (societe, lecteurs, each stage's compteurs), so the two never disagree.
type Outcome struct {
	Status Status // the report's status once the stage is done; unchanged when empty
	// Usage is the stage's model calls (usage.<étape>, added up in jetons);
	// nil when the stage failed before calling a reader.
	Usage *model.Usage
	// The documents written under the run's id; nil ones are not.
	Extraction *ExtractionRecord
	Signals    *SignalsRecord
	Memo       *memo.Result
	Handoff    *HandoffRecord
}

// Document is one stored document: its collection and its data.
type Document struct {
	Collection string
	Data       any
}

// Documents are the outcome's documents, encoded.
func (o Outcome) Documents() ([]Document, error) {
	var out []Document
	add := func(coll string, doc any) error {
		data, err := encode(doc)
		if err != nil {
			return fmt.Errorf("%s : %w", coll, err)
		}
		out = append(out, Document{Collection: coll, Data: data})
		return nil
	}
	var errs []error
	if o.Extraction != nil {
		errs = append(errs, add(Extractions, o.Extraction))
	}
	if o.Signals != nil {
		errs = append(errs, add(Signals, o.Signals))
	}
	if o.Memo != nil {
		errs = append(errs, add(Memos, o.Memo))
	}
	if o.Handoff != nil {
		errs = append(errs, add(Handoffs, o.Handoff))
	}
	return out, errors.Join(errs...)
}

// counters are the counters groups of the outcome's documents.
func (o Outcome) counters() []any {
	var out []any
	if o.Extraction != nil {
		out = append(out, o.Extraction.counters())
	}
	if o.Signals != nil {
		out = append(out, o.Signals.counters())
	}
	if o.Memo != nil {
		out = append(out, memoCounters(*o.Memo))
	}
	return out
}

// tokens are the usage's totals, as jetons adds them up.
func tokens(u model.Usage) Tokens {
	return Tokens{Input: int64(u.InputTokens), Output: int64(u.OutputTokens), Calls: int64(len(u.Attempts))}
}

// Updates are the outcome's updates of the report for stage: its status,
// what its documents give, its usage and the tokens added to jetons.
func (o Outcome) Updates(stage Stage) ([]firestore.Update, error) {
	var ups []firestore.Update
	if o.Status != "" {
		ups = append(ups, firestore.Update{Path: StatusPath, Value: string(o.Status)})
	}
	if e := o.Extraction; e != nil {
		ups = append(ups, firestore.Update{Path: pathCompany, Value: e.Company}, firestore.Update{Path: pathReaders, Value: e.Readers})
	}
	for _, c := range o.counters() {
		more, err := set(pathCounters, c)
		if err != nil {
			return nil, err
		}
		ups = append(ups, more...)
	}
	if o.Usage == nil {
		return ups, nil
	}
	usage, err := encode(*o.Usage)
	if err != nil {
		return nil, fmt.Errorf("%s : %w", pathUsage, err)
	}
	ups = append(ups, firestore.Update{Path: pathUsage + "." + string(stage), Value: usage})
	added, err := set(pathTokens, tokens(*o.Usage))
	if err != nil {
		return nil, err
	}
	for _, u := range added {
		ups = append(ups, firestore.Update{Path: u.Path, Value: firestore.Increment(u.Value)})
	}
	return ups, nil
}

// LogFields are the status, counters and tokens the outcome writes, as
// top-level fields of the stage's log line (signaux_rejetes,
// jetons_entree…) that log-based metrics read: the stored keys, from the
// same types.
func (o Outcome) LogFields() []any {
	var out []any
	for _, c := range o.counters() {
		f, _ := fields(c) // numbers and booleans: they always encode
		for _, k := range slices.Sorted(maps.Keys(f)) {
			out = append(out, k, f[k])
		}
	}
	if o.Status != "" {
		out = append(out, StatusPath, string(o.Status))
	}
	if o.Usage != nil {
		t, _ := fields(tokens(*o.Usage))
		for _, k := range slices.Sorted(maps.Keys(t)) {
			out = append(out, pathTokens+"_"+k, t[k])
		}
	}
	return out
}
