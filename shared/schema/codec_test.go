package schema

import (
	"errors"
	"reflect"
	"testing"
	"time"
)

// t0 is when the tests' runs begin.
var t0 = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)

func TestCheckID(t *testing.T) {
	t.Parallel()
	tests := []struct {
		id string
		ok bool
	}{
		{RunID(Source{Bucket: "b", Object: "o.pdf", Generation: 1}), true},
		{"0123456789abcdef01234567", true},
		{"", false},
		{"abc", false},
		{"0123456789ABCDEF01234567", false},
		{"0123456789abcdef0123456", false},
		{"0123456789abcdef012345678", false},
		{"../../../../../../reports", false},
		{"0123456789abcdef0123456g", false},
	}
	for _, tt := range tests {
		if err := CheckID(tt.id); (err == nil) != tt.ok || err != nil && !errors.Is(err, ErrInvalidID) {
			t.Errorf("CheckID(%q) = %v, want ok %v", tt.id, err, tt.ok)
		}
	}
}

// Firestore's own values are stored as they are; anything else as its
// JSON form, numbers as doubles: what the documents have always held.
func TestEncode(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		in, want any
	}{
		{"text", "termine", "termine"},
		{"a typed text", Done, "termine"},
		{"an integer", 78, 78},
		{"a 64-bit integer", int64(7), int64(7)},
		{"a double", 12.5, 12.5},
		{"a boolean", true, true},
		{"a timestamp", t0, t0},
		{"timestamps", []time.Time{t0, t0.Add(time.Second)}, []time.Time{t0, t0.Add(time.Second)}},
		{"nothing", nil, nil},
		{"a structure", Source{Bucket: "b", Object: "o.pdf", Generation: 3, Size: 10},
			map[string]any{"bucket": "b", "objet": "o.pdf", "generation": 3.0, "taille": 10.0, "md5": ""}},
		{"integers in a list", []int{1, 2}, []any{1.0, 2.0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := encode(tt.in)
			if err != nil || !reflect.DeepEqual(got, tt.want) {
				t.Errorf("encode(%#v) = %#v, %v; want %#v", tt.in, got, err, tt.want)
			}
		})
	}
}

// The report's parts are written field by field: integers and timestamps
// stay Firestore's, and a field tagged omitempty or omitzero is written
// only once set.
func TestFields(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		in   any // a struct
		want map[string]any
	}{
		{"a take", Step{State: StepRunning, Token: "j", Start: t0, Lease: t0.Add(time.Minute), Takes: 2, Starts: []time.Time{t0}},
			map[string]any{"etat": "en_cours", "id_prise": "j", "debut": t0, "bail": t0.Add(time.Minute), "prises": 2, "debuts": []time.Time{t0}}},
		{"an end", Step{State: StepDone, End: t0}, map[string]any{"etat": "termine", "fin": t0}},
		{"a failure", Failure{Stage: Memo, Reason: "r", Date: t0},
			map[string]any{"etape": "memo", "motif": "r", "reessayable": false, "date": t0}},
		{"a run given up", Failure{Stage: Memo, Reason: "r", Date: t0, Takes: 3, Starts: []time.Time{t0}},
			map[string]any{"etape": "memo", "motif": "r", "reessayable": false, "date": t0, "prises": 3, "debuts": []time.Time{t0}}},
		{"counters t0 zero", SignalsCounters{}, map[string]any{"signaux_verifies": 0, "signaux_rejetes": 0, "signaux_omis": 0, "relance_citations": false,
			"signaux_critiques_ajoutes": 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := fields(tt.in)
			if err != nil || !reflect.DeepEqual(got, tt.want) {
				t.Errorf("fields = %#v, %v; want %#v", got, err, tt.want)
			}
		})
	}
}

// Decode reads back what Firestore returns: integers, doubles and
// timestamps into the Go types the documents declare.
func TestDecode(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 2, 9, 0, 0, 123000, time.UTC)
	stored := map[string]any{
		"statut": "echec", "cree_le": at,
		"source":    map[string]any{"bucket": "b", "generation": 3.0, "taille": 10.0},
		"compteurs": map[string]any{"champs_lus": int64(78), "signaux_verifies": int64(2), "relance_citations": true},
		"etapes":    map[string]any{"extraction": map[string]any{"etat": "echec", "prises": int64(3), "debuts": []any{at}}},
		"echec":     map[string]any{"etape": "extraction", "motif": "m", "date": at, "prises": int64(3)},
	}
	var got Report
	if err := Decode(stored, &got); err != nil {
		t.Fatal(err)
	}
	want := Report{Status: Failed, Created: at, Source: Source{Bucket: "b", Generation: 3, Size: 10},
		Steps:   map[Stage]Step{Extraction: {State: StepFailed, Takes: 3, Starts: []time.Time{at}}},
		Failure: &Failure{Stage: Extraction, Reason: "m", Date: at, Takes: 3}}
	want.Counters.FieldsRead, want.Counters.SignalsVerified, want.Counters.QuotesRetried = 78, 2, true
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Decode = %+v\nwant %+v", got, want)
	}
}
