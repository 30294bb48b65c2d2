package store

import "time"

// Report is the report document (reports/{id}) as the functions write it:
// what an app shows for a run.
type Report struct {
	Source   Source          `json:"source"`
	Status   string          `json:"statut"`
	Company  string          `json:"societe"`
	Readers  string          `json:"lecteurs"`
	Counters Counters        `json:"compteurs"`
	Tokens   Tokens          `json:"jetons"`
	Steps    map[string]Step `json:"etapes"`
	Failure  *Failure        `json:"echec"`
	Created  time.Time       `json:"cree_le"`
	Updated  time.Time       `json:"maj_le"`
}

// Final tells whether the run has ended.
func (r Report) Final() bool {
	switch r.Status {
	case Done, Abstention, Blocked, Failed:
		return true
	}
	return false
}

// Counters are the figures a reviewer scans first.
type Counters struct {
	FieldsRead              int  `json:"champs_lus"`
	FailedChecks            int  `json:"controles_en_echec"`
	Rereads                 int  `json:"relectures"`
	SignalsVerified         int  `json:"signaux_verifies"`
	SignalsRejected         int  `json:"signaux_rejetes"`
	SignalsOmitted          int  `json:"signaux_omis"` // verified or rejected, beyond what signals/{id} holds
	QuotesRetried           bool `json:"relance_citations"`
	MemoRewrites            int  `json:"reecritures_memo"`
	MemoRefusedAfterRewrite bool `json:"memo_refuse_apres_reecriture"`
}

// Tokens add up every model call of the run, failed ones included.
type Tokens struct {
	Input  int64 `json:"entree"`
	Output int64 `json:"sortie"`
	Calls  int64 `json:"appels"`
}

// Step is one stage's progress.
type Step struct {
	State  string      `json:"etat"`
	Takes  int         `json:"prises"` // claims, retries after a failure included
	Starts []time.Time `json:"tentatives"`
	Start  time.Time   `json:"debut"`
	End    time.Time   `json:"fin"`
}

// Failure is why a run stopped, for a person.
type Failure struct {
	Stage     string    `json:"etape"`
	Reason    string    `json:"motif"`
	Retryable bool      `json:"reessayable"`
	Date      time.Time `json:"date"`
	// Takes and Starts are the history of a stage given up after too many
	// takes.
	Takes  int         `json:"prises,omitempty"`
	Starts []time.Time `json:"tentatives,omitempty"`
}
