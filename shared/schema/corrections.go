package schema

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/statements"
)

// The review database's collections: what reviewers write, in a database
// of its own, so that the viewer's identity writes there only and reads
// the pipeline's documents without being able to change them (Firestore's
// IAM scopes a grant to a database, never to a collection).
//
//	resolutions/{id}     Resolution of handoffs/{id}
//	corrections/{key}    Correction of a run's reading; key from the form
//	revisions/{id}-v{n}  Revision: the reading and memo recomputed (n ≥ 2;
//	                     version 1 is the chain's own, never changed)
//	causes/{id}-{cause}  CauseDecision on one cause of handoffs/{id}
const (
	Resolutions    = "resolutions"
	Corrections    = "corrections"
	Revisions      = "revisions"
	CauseDecisions = "causes"
)

// Paths of the review documents that queries read.
const (
	PathCorrectionReport = "rapport"
	PathCauseReport      = "rapport"
	PathRevisionReport   = "rapport"
	PathRevisionVersion  = "version"
	// PathRevisionMemoStatus is the status of the version's memo.
	PathRevisionMemoStatus = "memo.statut"
)

// Reading is what a correction recomputes from, as the extract stage had
// it: the reader's transcription (every printed line, with its page), and
// the fields each divergence between readers bears on, in the order of
// ExtractionRecord.Divergences ("2025 bilan.stocks", as FieldRef prints).
type Reading struct {
	Transcription statements.Transcription `json:"transcription"`
	Diverging     [][]string               `json:"champs_divergents,omitempty"`
}

// ParseFieldRef reads what FieldRef.String writes.
func ParseFieldRef(s string) (statements.FieldRef, error) {
	y, k, ok := strings.Cut(s, " ")
	year, err := strconv.Atoi(y)
	key, known := statements.ParseKey(k)
	if !ok || err != nil || !known {
		return statements.FieldRef{}, fmt.Errorf("champ %q : « ANNÉE état.clé » attendu", s)
	}
	return statements.FieldRef{Year: year, Key: key}, nil
}

// CompanyField names the borrower's name as a correction's field.
const CompanyField = "societe"

// RoleField names a printed line's role as a correction's field: what the
// line's amounts are said to be (its category in the transcription).
const RoleField = "role"

// Bounds of a run's corrections: a reviewer corrects a reading, not
// rewrites it, and each version is one document of the review database
// (Firestore takes 1 MiB at most).
const (
	MaxCorrections   = 40
	MaxRevisionBytes = 800 << 10
)

// CorrectionState is where a correction stands.
type CorrectionState string

// The states of a correction: proposed (waiting for a second reviewer),
// applied (a revision holds it) or refused by the second reviewer.
const (
	Proposed CorrectionState = "proposee"
	Applied  CorrectionState = "appliquee"
	Refused  CorrectionState = "refusee"
)

// Correction is a reviewer's correction of one field of a run's reading:
// an amount of a year (Field "bilan.stocks", Year 2025, in k€ with the
// dictionary's signs, as the reading stores it), the borrower's name
// (CompanyField) or a printed line's role (RoleField: Table and Line, from
// 1, name the line in the stored transcription, Label is its printed
// label; Before and After are its categories as "bilan.dettes_financieres"
// or "bilan.autre"). Before and After are as stored: an amount as Go
// writes a float ("" when absent), a name as is. By is the caller's
// identity as the platform authenticated it, never what a form says.
type Correction struct {
	Report string          `json:"rapport"`
	Field  string          `json:"champ"`
	Year   int             `json:"exercice,omitempty"`
	Table  int             `json:"tableau,omitempty"`
	Line   int             `json:"ligne,omitempty"`
	Label  string          `json:"libelle,omitempty"`
	Before string          `json:"avant"`
	After  string          `json:"apres"`
	Reason string          `json:"motif"`
	By     string          `json:"par"`
	At     time.Time       `json:"le"`
	State  CorrectionState `json:"etat"`
	// Check is the second reviewer's decision, where one is required.
	Check *CorrectionCheck `json:"verification,omitempty"`
	// Version is the memo version that applied it.
	Version int `json:"version,omitempty"`
}

// CorrectionCheck is a second reviewer's decision on a proposed correction.
type CorrectionCheck struct {
	Accepted bool      `json:"acceptee"`
	Comment  string    `json:"commentaire,omitempty"`
	By       string    `json:"par"`
	At       time.Time `json:"le"`
}

// Ref is the field of an amount's correction; ok is false for the name.
func (c Correction) Ref() (statements.FieldRef, bool) {
	k, ok := statements.ParseKey(c.Field)
	return statements.FieldRef{Year: c.Year, Key: k}, ok && c.Field != CompanyField
}

// Role is the statement and the categories of a role's correction; ok is
// false for another correction or a malformed one.
func (c Correction) Role() (st statements.Statement, before, after string, ok bool) {
	s1, before, ok1 := strings.Cut(c.Before, ".")
	s2, after, ok2 := strings.Cut(c.After, ".")
	return statements.Statement(s1), before, after, c.Field == RoleField && ok1 && ok2 && s1 == s2 && c.Table > 0 && c.Line > 0
}

// Amount is the corrected amount; absent when After is empty (the field
// is not printed).
func (c Correction) Amount() (v float64, present bool, err error) {
	if c.After == "" {
		return 0, false, nil
	}
	v, err = strconv.ParseFloat(c.After, 64)
	if err != nil {
		return 0, false, fmt.Errorf("montant corrigé %q : %w", c.After, err)
	}
	return v, true, nil
}

// FormatAmount writes an amount as a correction stores it.
func FormatAmount(v float64, present bool) string {
	if !present {
		return ""
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// Data is the correction as stored, its dates timestamps.
func (c Correction) Data() (map[string]any, error) { return fields(c) }

// Revision is a memo version recomputed from the reading corrected by
// every correction applied so far: the reading with its checks, ratios and
// facts, the Q- facts under the corrected name, and the memo.
type Revision struct {
	Report  string `json:"rapport"`
	Version int    `json:"version"`
	// Corrections are the keys of the corrections applied, oldest first.
	Corrections []string         `json:"corrections"`
	By          string           `json:"par"` // who applied the last one
	At          time.Time        `json:"le"`
	Extraction  ExtractionRecord `json:"lecture"`
	SignalFacts []facts.Fact     `json:"faits_signaux"`
	Memo        memo.Result      `json:"memo"`
}

// RevisionID is the document of version n of run id.
func RevisionID(id string, n int) string { return fmt.Sprintf("%s-v%d", id, n) }

// Data is the revision as stored.
func (r Revision) Data() (map[string]any, error) { return fields(r) }

// ResolutionData is a resolution as resolutions/{id} stores it.
func ResolutionData(r Resolution) (map[string]any, error) { return fields(r) }

// CauseVerdict is a reviewer's decision on one cause of a hand-off.
type CauseVerdict string

// The decisions on a cause: accepted (the cause is lifted: what was read
// or claimed stands) or rejected (the cause holds: the memo cannot stand
// on that point).
const (
	CauseAccepted CauseVerdict = "acceptee"
	CauseRejected CauseVerdict = "rejetee"
)

// CauseDecision is a reviewer's decision on one root cause of a run's
// hand-off, as the viewer's worklist groups them: Cause is the cause's
// key (stable for the hand-off), Title what the card shows.
type CauseDecision struct {
	Report  string       `json:"rapport"`
	Cause   string       `json:"cause"`
	Title   string       `json:"intitule"`
	Verdict CauseVerdict `json:"decision"`
	Reason  string       `json:"motif"`
	By      string       `json:"par"`
	At      time.Time    `json:"le"`
}

// CauseDecisionID is the document of the decision on cause of run id.
func CauseDecisionID(id, cause string) string { return id + "-" + cause }

// Data is the decision as stored.
func (d CauseDecision) Data() (map[string]any, error) { return fields(d) }
