// Package schema is the Firestore data model in one place: the documents
// the chain stores and the run id that keys them, the report's statuses,
// the one codec between Go values and Firestore's, and every update of the
// report, whose paths come from the struct that reads it.
//
// Each run has one document in each collection, keyed by its id:
//
//	reports/{id}      Report: written by every stage, field by field
//	extractions/{id}  ExtractionRecord: the extract stage's output
//	signals/{id}      SignalsRecord: the signals stage's output
//	memos/{id}        memo.Result: the memo stage's output
//	handoffs/{id}     HandoffRecord: the memo's hand-off, then its resolution
//
// Each stage's output document triggers the next stage.
package schema

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
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

// The stages.
const (
	Extraction Stage = "extraction"
	Signaling  Stage = "signaux"
	Memo       Stage = "memo"
)

// Status is a report's status: the stage it is at while it runs, then how
// it ended.
type Status string

// The statuses a run ends with.
const (
	Done       Status = "termine"
	Abstention Status = "abstention"
	Blocked    Status = "bloque"
	Failed     Status = "echec"
)

// Running is the status of a run at stage s.
func Running(s Stage) Status { return Status(s) }

// Stages and Statuses list the stages and every status in the order of a
// run.
var (
	Stages   = []Stage{Extraction, Signaling, Memo}
	Statuses = []Status{Running(Extraction), Running(Signaling), Running(Memo), Done, Abstention, Blocked, Failed}
)

// ErrInvalidID means a document id is not a run id: no retry can help.
var ErrInvalidID = errors.New("identifiant de rapport invalide")

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
