package schema

import (
	"fmt"
	"strings"
	"time"

	"cloud.google.com/go/firestore"

	"analyste.dev/analyste/shared/model"
)

// Report is the report document (reports/{id}): what an app shows for a
// run. The stages write it field by field (Change, Outcome), so that its
// counters stay integers and its dates timestamps.
type Report struct {
	Source   Source                `json:"source"`
	Status   Status                `json:"statut"`
	Company  string                `json:"societe"`
	Readers  string                `json:"lecteurs"`
	Counters Counters              `json:"compteurs"`
	Tokens   Tokens                `json:"jetons"`
	Usage    map[Stage]model.Usage `json:"usage"` // every model call of each stage
	Steps    map[Stage]Step        `json:"etapes"`
	Failure  *Failure              `json:"echec"`
	Created  time.Time             `json:"cree_le"`
	Updated  time.Time             `json:"maj_le"`
}

// The paths of the report's fields: each is the JSON key of the Report
// field that reads it, which TestReportPaths checks.
const (
	pathSource   = "source"
	pathCompany  = "societe"
	pathReaders  = "lecteurs"
	pathCounters = "compteurs"
	pathTokens   = "jetons"
	pathUsage    = "usage"
	pathSteps    = "etapes"
	pathFailure  = "echec"
	pathUpdated  = "maj_le"

	// StatusPath and CreatedPath are what the viewer filters and orders on.
	StatusPath  = "statut"
	CreatedPath = "cree_le"
)

// Final tells whether the run has ended.
func (r Report) Final() bool {
	switch r.Status {
	case Done, Abstention, Blocked, Failed:
		return true
	}
	return false
}

// Counters are the figures a reviewer scans first. Each stage writes its
// own group, which its output document gives (see Outcome).
type Counters struct {
	ExtractionCounters
	SignalsCounters
	MemoCounters
}

// ExtractionCounters are the extract stage's counters.
type ExtractionCounters struct {
	FieldsRead   int `json:"champs_lus"`
	FailedChecks int `json:"controles_en_echec"`
	Rereads      int `json:"relectures"`
	// Invisible counts the characters of the text layer the pages do not
	// print, kept out of the reading ("texte invisible : N caractères").
	Invisible int `json:"texte_invisible"`
	// ReaderDivergences counts the fields the two readers read differently.
	ReaderDivergences int `json:"divergences_lecteurs"`
}

// SignalsCounters are the signals stage's counters.
type SignalsCounters struct {
	SignalsVerified int  `json:"signaux_verifies"`
	SignalsRejected int  `json:"signaux_rejetes"`
	SignalsOmitted  int  `json:"signaux_omis"` // verified or rejected, beyond what signals/{id} holds
	QuotesRetried   bool `json:"relance_citations"`
	CriticalAdded   int  `json:"signaux_critiques_ajoutes"` // critical signals the net added to the reader's
}

// MemoCounters are the memo stage's counters.
type MemoCounters struct {
	MemoRewrites            int  `json:"reecritures_memo"`
	MemoRefusedAfterRewrite bool `json:"memo_refuse_apres_reecriture"`
}

// Tokens add up every model call of the run, failed ones included.
type Tokens struct {
	Input  int64 `json:"entree"`
	Output int64 `json:"sortie"`
	Calls  int64 `json:"appels"`
}

// StepState is where a stage's step stands.
type StepState string

// The step states.
const (
	StepRunning StepState = "en_cours"
	StepDone    StepState = "termine"
	StepFailed  StepState = "echec"       // for good: the stage is never taken again
	StepRetry   StepState = "a_reprendre" // freed by a transient failure
)

// Step is one stage's progress. Only its set fields are written: a take
// sets all but fin, the stage's end sets etat and fin.
type Step struct {
	State StepState `json:"etat,omitempty"`
	// Token is the take's: a take given up can no longer end the stage.
	Token string    `json:"id_prise,omitzero"`
	Start time.Time `json:"debut,omitzero"`
	// Lease is when another instance may take the stage over.
	Lease  time.Time   `json:"bail,omitzero"`
	Takes  int         `json:"prises,omitzero"` // claims, retries after a failure included
	Starts []time.Time `json:"debuts,omitzero"` // when each take began
	End    time.Time   `json:"fin,omitzero"`
}

// Failure is why a run stopped, for a person.
type Failure struct {
	Stage     Stage     `json:"etape"`
	Reason    string    `json:"motif"`
	Retryable bool      `json:"reessayable"`
	Date      time.Time `json:"date"`
	// Takes and Starts are the history of a stage given up after too many
	// takes.
	Takes  int         `json:"prises,omitempty"`
	Starts []time.Time `json:"debuts,omitempty"`
}

// Change is what claiming or ending a stage changes on the report; what
// the stage produced is written apart (Outcome.Updates).
type Change struct {
	Status Status // unchanged when empty
	Stage  Stage  // whose step Step changes
	Step   Step
	// Failure replaces echec; ClearFailure removes it: the stage succeeded.
	Failure      *Failure
	ClearFailure bool
}

// Updates are the change's updates of the report, maj_le set to now.
func (c Change) Updates(now time.Time) ([]firestore.Update, error) {
	ups := []firestore.Update{{Path: pathUpdated, Value: now}}
	if c.Status != "" {
		ups = append(ups, firestore.Update{Path: StatusPath, Value: string(c.Status)})
	}
	if c.Stage != "" {
		step, err := set(pathSteps+"."+string(c.Stage), c.Step)
		if err != nil {
			return nil, err
		}
		ups = append(ups, step...)
	}
	switch {
	case c.Failure != nil:
		f, err := fields(*c.Failure)
		if err != nil {
			return nil, fmt.Errorf("%s : %w", pathFailure, err)
		}
		ups = append(ups, firestore.Update{Path: pathFailure, Value: f})
	case c.ClearFailure:
		ups = append(ups, firestore.Update{Path: pathFailure, Value: firestore.Delete})
	}
	return ups, nil
}

// Created is the report document of a run's first take: its source, its
// creation date and what the take changes.
func Created(src Source, take Change, now time.Time) (map[string]any, error) {
	ups, err := take.Updates(now)
	if err != nil {
		return nil, err
	}
	source, err := encode(src)
	if err != nil {
		return nil, fmt.Errorf("%s : %w", pathSource, err)
	}
	doc := map[string]any{pathSource: source, CreatedPath: now}
	for _, u := range ups {
		put(doc, strings.Split(u.Path, "."), u.Value)
	}
	return doc, nil
}

// Apply does to a document held in memory what Firestore does with the
// updates (storetest keeps the runs so), but for transforms: the tokens
// firestore.Increment adds are the caller's to add.
func Apply(doc map[string]any, ups []firestore.Update) {
	for _, u := range ups {
		path := strings.Split(u.Path, ".")
		switch {
		case u.Value == firestore.Delete:
			parent := doc
			for _, k := range path[:len(path)-1] {
				parent, _ = parent[k].(map[string]any)
			}
			delete(parent, path[len(path)-1])
		case strings.HasPrefix(fmt.Sprintf("%T", u.Value), "firestore."):
			// a transform
		default:
			put(doc, path, u.Value)
		}
	}
}

// put sets value at a dotted path of a document being built.
func put(doc map[string]any, path []string, value any) {
	for _, k := range path[:len(path)-1] {
		next, ok := doc[k].(map[string]any)
		if !ok {
			next = map[string]any{}
			doc[k] = next
		}
		doc = next
	}
	doc[path[len(path)-1]] = value
}
