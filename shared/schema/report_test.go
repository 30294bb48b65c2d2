package schema

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"cloud.google.com/go/firestore"

	"analyste.dev/analyste/shared/checks"
	"analyste.dev/analyste/shared/extraction"
	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/model"
	"analyste.dev/analyste/shared/signals"
	"analyste.dev/analyste/shared/statements"
)

// fieldType follows a dotted path through t as Decode reads it (JSON
// keys, embedded structs flattened, any map key): the type of the field it
// names, false when it names none.
func fieldType(t reflect.Type, path string) (reflect.Type, bool) {
	for _, key := range strings.Split(path, ".") {
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		switch t.Kind() {
		case reflect.Map:
			t = t.Elem()
		case reflect.Struct:
			f, ok := jsonField(t, key)
			if !ok {
				return nil, false
			}
			t = f
		default:
			return nil, false
		}
	}
	return t, true
}

func jsonField(t reflect.Type, key string) (reflect.Type, bool) {
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Anonymous && name == "" {
			if ft, ok := jsonField(f.Type, key); ok {
				return ft, true
			}
			continue
		}
		if f.IsExported() && name == key {
			return f.Type, true
		}
	}
	return nil, false
}

// checkPaths fails for an update whose path names no field of doc's type,
// or whose value that field cannot read.
func checkPaths(t *testing.T, doc any, ups []firestore.Update) {
	t.Helper()
	for _, u := range ups {
		ft, ok := fieldType(reflect.TypeOf(doc), u.Path)
		if !ok {
			t.Errorf("%s names no field of %T", u.Path, doc)
			continue
		}
		if u.Value == firestore.Delete || strings.HasPrefix(reflect.TypeOf(u.Value).String(), "firestore.") {
			continue
		}
		if err := Decode(u.Value, reflect.New(ft).Interface()); err != nil {
			t.Errorf("%s: %#v does not read into %s: %v", u.Path, u.Value, ft, err)
		}
	}
}

// Every path the report is written at is a field of Report.
func TestReportPaths(t *testing.T) {
	t.Parallel()
	for _, p := range []string{pathSource, pathCompany, pathReaders, pathCounters, pathTokens, pathUsage, pathSteps,
		pathFailure, pathUpdated, StatusPath, CreatedPath} {
		if _, ok := fieldType(reflect.TypeFor[Report](), p); !ok {
			t.Errorf("%s names no field of Report", p)
		}
	}
	if _, ok := fieldType(reflect.TypeFor[HandoffRecord](), pathResolution); !ok {
		t.Errorf("%s names no field of HandoffRecord", pathResolution)
	}
}

// What each write puts on the report is what Report reads back, at the
// same place: a write whose path or value the reading struct disagrees
// with fails here.
func TestReportWrites(t *testing.T) {
	t.Parallel()
	t1, t2 := t0.Add(time.Minute), t0.Add(2*time.Minute)
	src := Source{Bucket: "depots", Object: "ferlac.pdf", Generation: 1712, Size: 73493, MD5: "2pyV"}
	take := Step{State: StepRunning, Token: "a", Start: t0, Lease: t1, Takes: 1, Starts: []time.Time{t0}}
	first := Report{Source: src, Status: Running(Extraction), Steps: map[Stage]Step{Extraction: take}, Created: t0, Updated: t0}
	retake := Step{State: StepRunning, Token: "b", Start: t2, Lease: t2.Add(time.Minute), Takes: 2, Starts: []time.Time{t0, t2}}
	resumed := Failure{Stage: Extraction, Reason: "reprise", Retryable: true, Date: t2}
	given := Failure{Stage: Extraction, Reason: "abandon", Date: t2, Takes: 1, Starts: []time.Time{t0}}
	usage := model.Usage{InputTokens: 10, OutputTokens: 5, Latency: time.Second}
	usage.Add(model.Attempt{Role: "transcription", Number: 1, InputTokens: 10, OutputTokens: 5})
	one := 12.5
	rec := ExtractionRecord{Company: "Maison Ferlac SAS", Readers: "vertex",
		Years:    map[int]statements.Year{2025: {Income: statements.IncomeStatement{Revenue: &one, NetResult: &one}}},
		Checks:   []checks.Check{{Status: checks.Failed}, {Status: checks.Passed}},
		Attempts: []extraction.Attempt{{Number: 1}, {Number: 2}}}
	sig := SignalsRecord{Verified: []signals.Signal{{Quote: "q"}}, Rejected: []signals.Rejected{{Reason: "r"}}, Retried: true, VerifiedOmitted: 2,
		CriticalAdded: 1}
	res := memo.Result{Status: memo.Blocked, Rewrites: 1}

	tests := []struct {
		name  string
		start Report
		write func() ([]firestore.Update, error)
		want  func(r *Report)
	}{
		{"a take over an expired lease", first, func() ([]firestore.Update, error) {
			return Change{Status: Running(Extraction), Stage: Extraction, Step: retake, Failure: &resumed}.Updates(t2)
		}, func(r *Report) { r.Steps[Extraction], r.Failure, r.Updated = retake, &resumed, t2 }},
		{"the stage ends", first, func() ([]firestore.Update, error) {
			return Change{Stage: Extraction, Step: Step{State: StepDone, End: t1}, ClearFailure: true}.Updates(t1)
		}, func(r *Report) {
			st := r.Steps[Extraction]
			st.State, st.End = StepDone, t1
			r.Steps[Extraction], r.Updated = st, t1
		}},
		{"a run given up", first, func() ([]firestore.Update, error) {
			return Change{Status: Failed, Stage: Extraction, Step: Step{State: StepFailed, End: t2}, Failure: &given}.Updates(t2)
		}, func(r *Report) {
			st := r.Steps[Extraction]
			st.State, st.End = StepFailed, t2
			r.Status, r.Steps[Extraction], r.Failure, r.Updated = Failed, st, &given, t2
		}},
		{"the extraction's outcome", first, func() ([]firestore.Update, error) {
			return Outcome{Status: Running(Signaling), Usage: &usage, Extraction: &rec}.Updates(Extraction)
		}, func(r *Report) {
			r.Status, r.Company, r.Readers = Running(Signaling), rec.Company, rec.Readers
			r.Counters.ExtractionCounters = ExtractionCounters{FieldsRead: 2, FailedChecks: 1, Rereads: 1}
			r.Usage = map[Stage]model.Usage{Extraction: usage}
		}},
		{"the signals' outcome", first, func() ([]firestore.Update, error) {
			return Outcome{Status: Running(Memo), Signals: &sig}.Updates(Signaling)
		}, func(r *Report) {
			r.Status = Running(Memo)
			r.Counters.SignalsCounters = SignalsCounters{SignalsVerified: 3, SignalsRejected: 1, SignalsOmitted: 2, QuotesRetried: true,
				CriticalAdded: 1}
		}},
		{"the memo's outcome", first, func() ([]firestore.Update, error) {
			return Outcome{Status: Blocked, Memo: &res}.Updates(Memo)
		}, func(r *Report) {
			r.Status = Blocked
			r.Counters.MemoCounters = MemoCounters{MemoRewrites: 1, MemoRefusedAfterRewrite: true}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ups, err := tt.write()
			if err != nil {
				t.Fatal(err)
			}
			checkPaths(t, Report{}, ups)
			doc, err := Created(src, Change{Status: Running(Extraction), Stage: Extraction, Step: take}, t0)
			if err != nil {
				t.Fatal(err)
			}
			Apply(doc, ups)
			var got Report
			if err := Decode(doc, &got); err != nil {
				t.Fatal(err)
			}
			want := tt.start
			want.Steps = map[Stage]Step{Extraction: take}
			tt.want(&want)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("read back %+v\nwant      %+v", got, want)
			}
		})
	}
}

// The first take creates the report with its source, stored as it always
// was: the source in its JSON form, the step's integers and timestamps as
// Firestore's own.
func TestCreated(t *testing.T) {
	t.Parallel()
	src := Source{Bucket: "depots", Object: "ferlac.pdf", Generation: 1712}
	take := Step{State: StepRunning, Token: "a", Start: t0, Lease: t0.Add(time.Minute), Takes: 1, Starts: []time.Time{t0}}
	doc, err := Created(src, Change{Status: Running(Extraction), Stage: Extraction, Step: take}, t0)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"source": map[string]any{"bucket": "depots", "objet": "ferlac.pdf", "generation": 1712.0, "taille": 0.0, "md5": ""},
		"statut": "extraction", "cree_le": t0, "maj_le": t0,
		"etapes": map[string]any{"extraction": map[string]any{"etat": "en_cours", "id_prise": "a", "debut": t0, "bail": t0.Add(time.Minute),
			"prises": 1, "debuts": []time.Time{t0}}},
	}
	if !reflect.DeepEqual(doc, want) {
		t.Errorf("Created = %#v\nwant %#v", doc, want)
	}
}

// The usage's tokens and calls are added to jetons, whose fields they name.
func TestOutcomeTokens(t *testing.T) {
	t.Parallel()
	usage := model.Usage{InputTokens: 10, OutputTokens: 5}
	usage.Add(model.Attempt{Role: "transcription"})
	ups, err := Outcome{Usage: &usage}.Updates(Signaling)
	if err != nil {
		t.Fatal(err)
	}
	checkPaths(t, Report{}, ups)
	want := map[string]any{"usage.signaux": nil, "jetons.entree": firestore.Increment(int64(10)),
		"jetons.sortie": firestore.Increment(int64(5)), "jetons.appels": firestore.Increment(int64(1))}
	if len(ups) != len(want) {
		t.Fatalf("%d updates, want %d: %v", len(ups), len(want), ups)
	}
	for _, u := range ups {
		w, ok := want[u.Path]
		if !ok || w != nil && !reflect.DeepEqual(u.Value, w) {
			t.Errorf("%s = %#v, want %#v", u.Path, u.Value, w)
		}
	}
}

// The stage's log line carries the same keys as the report.
func TestLogFields(t *testing.T) {
	t.Parallel()
	usage := model.Usage{InputTokens: 10, OutputTokens: 5}
	sig := SignalsRecord{Verified: []signals.Signal{{Quote: "q"}}, CriticalAdded: 1}
	got := Outcome{Status: Running(Memo), Usage: &usage, Signals: &sig}.LogFields()
	want := []any{"relance_citations", false, "signaux_critiques_ajoutes", 1, "signaux_omis", 0, "signaux_rejetes", 0, "signaux_verifies", 1, "statut", "memo",
		"jetons_appels", int64(0), "jetons_entree", int64(10), "jetons_sortie", int64(5)}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("LogFields = %v, want %v", got, want)
	}
}

// A resolution is written where HandoffRecord reads it, its date a
// timestamp.
func TestResolutionUpdate(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 30, 9, 15, 0, 0, time.UTC)
	res := Resolution{Decision: Corrected, Comment: "relu", By: "ana@example.com", At: at}
	up, err := res.Update()
	if err != nil {
		t.Fatal(err)
	}
	checkPaths(t, HandoffRecord{}, []firestore.Update{up})
	doc := map[string]any{"rapport": "Ferlac", "statut": "bloque"}
	Apply(doc, []firestore.Update{up})
	if le := doc["resolution"].(map[string]any)["le"]; le != at {
		t.Errorf("resolution.le = %#v, want the timestamp %v", le, at)
	}
	var got HandoffRecord
	if err := Decode(doc, &got); err != nil || got.Resolution == nil || *got.Resolution != res || got.Report != "Ferlac" {
		t.Errorf("read back %+v, %v; want %+v", got, err, res)
	}
}
