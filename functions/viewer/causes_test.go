package viewer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"analyste.dev/analyste/shared/checks"
	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/statements"
	"analyste.dev/analyste/shared/store"
)

// memReader keeps documents in memory, each in its JSON form, as the
// Firestore reader decodes them.
type memReader struct {
	brokenReader
	docs map[string][]byte // "coll/id"
}

func (m memReader) Document(_ context.Context, coll, id string, out any) error {
	b, ok := m.docs[coll+"/"+id]
	if !ok {
		return fmt.Errorf("%s/%s : %w", coll, id, ErrNotFound)
	}
	return json.Unmarshal(b, out)
}

// Reports lists the runs, in no order.
func (m memReader) Reports(context.Context, int, schema.Status) ([]Run, error) {
	var out []Run
	for k, b := range m.docs {
		if id, ok := strings.CutPrefix(k, schema.Reports+"/"); ok {
			r := Run{ID: id}
			if err := json.Unmarshal(b, &r.Report); err != nil {
				return nil, err
			}
			out = append(out, r)
		}
	}
	return out, nil
}

func (m memReader) StatusCounts(ctx context.Context) (map[schema.Status]int, error) {
	runs, err := m.Reports(ctx, 0, "")
	out := map[schema.Status]int{}
	for _, r := range runs {
		out[r.Status]++
	}
	return out, err
}

func (m memReader) Handoffs(context.Context, int) ([]Pending, error) { return nil, nil }

func (m memReader) put(t *testing.T, coll, id string, v any) {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	m.docs[coll+"/"+id] = b
}

// memReview keeps resolutions and decisions on causes in memory, once
// each, as the review database does, and the corrections and versions a
// test gives it; it records no correction.
type memReview struct {
	mu          sync.Mutex
	decisions   map[string]schema.CauseDecision // by cause
	resolutions map[string]schema.Resolution
	reader      memReader
	revisions   []schema.Revision // oldest first
	corrections []store.Keyed     // oldest first
}

func (m *memReview) Decide(_ context.Context, d schema.CauseDecision) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if first, ok := m.decisions[d.Cause]; ok {
		return &store.AlreadyDecided{Decision: first}
	}
	m.decisions[d.Cause] = d
	return nil
}

func (m *memReview) Decisions(context.Context, string) (map[string]schema.CauseDecision, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := map[string]schema.CauseDecision{}
	for k, d := range m.decisions {
		out[k] = d
	}
	return out, nil
}

func (m *memReview) Resolve(_ context.Context, id string, r schema.Resolution) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if first, ok := m.resolutions[id]; ok {
		return &AlreadyResolved{Resolution: first}
	}
	m.resolutions[id] = r
	var h schema.HandoffRecord
	switch err := m.reader.Document(context.Background(), schema.Handoffs, id, &h); {
	case errors.Is(err, ErrNotFound):
		return nil // a version's hand-off: in the review database only
	case err != nil:
		return err
	}
	h.Resolution = &r
	b, err := json.Marshal(h)
	m.reader.docs[schema.Handoffs+"/"+id] = b
	return err
}

func (m *memReview) Resolutions(_ context.Context, ids []string) (map[string]schema.Resolution, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := map[string]schema.Resolution{}
	for _, id := range ids {
		if r, ok := m.resolutions[id]; ok {
			out[id] = r
		}
	}
	return out, nil
}

func (m *memReview) Correct(context.Context, string, schema.Correction, store.Recompute) (int, error) {
	return 0, errDown
}
func (m *memReview) Recorded(context.Context, string) (bool, error) { return false, nil }
func (m *memReview) Check(context.Context, string, schema.CorrectionCheck, store.Recompute) (int, error) {
	return 0, errDown
}
func (m *memReview) Corrections(context.Context, string) ([]store.Keyed, error) {
	return m.corrections, nil
}
func (m *memReview) Revisions(context.Context, string) ([]schema.Revision, error) {
	var out []schema.Revision
	for _, r := range m.revisions {
		out = append(out, schema.Revision{Report: r.Report, Version: r.Version, Corrections: r.Corrections, By: r.By, At: r.At})
	}
	return out, nil
}
func (m *memReview) Latest(_ context.Context, ids []string) (map[string]schema.Revision, error) {
	out := map[string]schema.Revision{}
	for _, r := range m.revisions {
		if slices.Contains(ids, r.Report) && r.Version > out[r.Report].Version {
			out[r.Report] = r
		}
	}
	return out, nil
}
func (m *memReview) Handing(ctx context.Context, limit int) ([]schema.Revision, error) {
	var ids []string
	for _, r := range m.revisions {
		ids = append(ids, r.Report)
	}
	latest, _ := m.Latest(ctx, ids)
	var out []schema.Revision
	for _, r := range latest {
		if r.Memo.Status != memo.Published {
			out = append(out, r)
		}
	}
	slices.SortFunc(out, func(a, b schema.Revision) int { return strings.Compare(a.Report, b.Report) })
	return out[:min(limit, len(out))], nil
}
func (m *memReview) Revision(_ context.Context, _ string, n int) (schema.Revision, bool, error) {
	for _, r := range m.revisions {
		if r.Version == n {
			return r, true, nil
		}
	}
	return schema.Revision{}, false, nil
}

// twoCauses is a run whose hand-off has two causes: a failed check that
// leaves a fact unverified, and a number absent from the cited facts.
func twoCauses(t *testing.T) (http.Handler, *memReview, string) {
	t.Helper()
	const id = "r-causes"
	reader := memReader{docs: map[string][]byte{}}
	chk := checks.Check{Year: 2025, Label: "total de l'actif = total du passif", Status: checks.Failed, Expected: 1000, Read: 990,
		Message: "le bilan 2025 n'est pas équilibré"}
	ex := schema.ExtractionRecord{Company: "Société test SA", Years: map[int]statements.Year{2025: {}, 2024: {}}, Checks: []checks.Check{chk}}
	h := schema.HandoffRecord{Handoff: memo.Handoff{Report: ex.Company, Status: memo.Abstained, Reason: "abstention sur 2 point(s)",
		Claims: []memo.HandoffClaim{
			{Paragraph: 1, Claim: "Le levier atteint 5,5x.", Step: memo.StepEvidence,
				Facts: []facts.Fact{{ID: "R-levier", State: facts.Unverified, Reasons: []string{"contrôle en échec : " + chk.Message}}}},
			{Paragraph: 2, Claim: "La marge progresse de 9,9 %.", Step: memo.StepNumbers, Reason: "9,9 % absent des faits cités"},
		}}}
	reader.put(t, schema.Reports, id, schema.Report{Status: schema.Abstention, Company: ex.Company})
	reader.put(t, schema.Extractions, id, ex)
	reader.put(t, schema.Memos, id, memo.Result{Status: memo.Abstained, Reason: h.Reason})
	reader.put(t, schema.Handoffs, id, h)
	review := &memReview{decisions: map[string]schema.CauseDecision{}, resolutions: map[string]schema.Resolution{}, reader: reader}
	v, err := New(Deps{Reader: reader, Resolver: review, Corrections: review, Log: slog.New(slog.DiscardHandler), FormKey: formKey})
	if err != nil {
		t.Fatal(err)
	}
	return v, review, id
}

// serve sends a request as who (none when empty) from the viewer's own
// page, a form when form is set.
func serve(t *testing.T, h http.Handler, method, path, who string, form url.Values, origin string) (int, string) {
	t.Helper()
	var r *http.Request
	if form != nil {
		r = httptest.NewRequest(method, path, strings.NewReader(form.Encode()))
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		r.Header.Set("Origin", origin)
	} else {
		r = httptest.NewRequest(method, path, nil)
	}
	r.Host = "localhost:8080"
	if who != "" {
		r.Header.Set("Authorization", bearer(who))
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	return rec.Code, rec.Body.String()
}

var causeFormRE = regexp.MustCompile(`<form class="decision-cause" method="post" action="([^"]+)">\s*<input type="hidden" name="jeton" value="([^"]+)">`)

// Each cause of a hand-off is decided apart, once, with a reason; the
// resolution waits until every cause is decided, and « validé » is refused
// over a rejected one. The header and the worklist show the decisions.
func TestDecisionsPerCause(t *testing.T) {
	t.Parallel()
	h, review, id := twoCauses(t)
	const ana, bob, self = "ana@example.com", "bob@example.com", "http://localhost:8080"
	_, page := serve(t, h, "GET", reportURL(id), ana, nil, "")
	forms := causeFormRE.FindAllStringSubmatch(page, -1)
	if len(forms) != 2 {
		t.Fatalf("%d cause forms, want 2:\n%.3000s", len(forms), page)
	}
	if strings.Contains(page, `class="resolution"`) || !strings.Contains(page, "0 cause décidée sur 2") {
		t.Error("the resolution is offered before the causes are decided, or the page does not say how many are")
	}
	if !strings.Contains(page, "relais à relire, 0 cause décidée sur 2") {
		t.Error("the header does not count the decided causes")
	}
	resolveToken := formTokenFor(id, ana)
	resolution := func(d schema.Decision) url.Values {
		return url.Values{"jeton": {resolveToken}, "decision": {string(d)}, "commentaire": {"relu"}}
	}
	if code, body := serve(t, h, "POST", reportURL(id)+"/relais", ana, resolution(schema.Corrected), self); code != 409 || !strings.Contains(body, "2 causes sur 2 restent à décider") {
		t.Errorf("resolution before the causes: %d, want 409 saying how many remain:\n%.2000s", code, body)
	}
	decide := func(form []string, verdict, reason string) url.Values {
		return url.Values{"jeton": {form[2]}, "decision": {verdict}, "motif": {reason}}
	}
	first, second := forms[0], forms[1]
	tests := []struct {
		name, who, path string
		form            url.Values
		origin          string
		code            int
		says            string
	}{
		{"no verdict", ana, first[1], decide(first, "peut-etre", "vu"), self, 400, "accepter ou de rejeter"},
		{"no reason", ana, first[1], decide(first, "acceptee", "  "), self, 400, "motif"},
		{"a reason too long", ana, first[1], decide(first, "acceptee", strings.Repeat("é", MaxComment+1)), self, 400, "dépasse"},
		{"another cause's token", ana, first[1], decide(second, "acceptee", "vu"), self, 403, "jeton"},
		{"another reviewer's token", bob, first[1], decide(first, "acceptee", "vu"), self, 403, "jeton"},
		{"from another site", ana, first[1], decide(first, "acceptee", "vu"), "http://evil.example", 403, "refusée"},
		{"no identity", "", first[1], decide(first, "acceptee", "vu"), self, 403, "identité"},
		{"a cause not in the hand-off", ana, causeURL(id, "0000000000000000"),
			url.Values{"jeton": {formTokens{key: formKey, now: time.Now}.mint(purposeCause, ana, id+"/0000000000000000")}, "decision": {"acceptee"}, "motif": {"vu"}},
			self, 404, "ne figure pas"},
		{"the first cause accepted", ana, first[1], decide(first, "acceptee", "Total du passif relu page 8 : 1 000, la lecture tient."), self, 303, ""},
		{"the first cause again", ana, first[1], decide(first, "rejetee", "non"), self, 409, "acceptée par ana@example.com"},
	}
	for _, tt := range tests {
		if code, body := serve(t, h, "POST", tt.path, tt.who, tt.form, tt.origin); code != tt.code || !strings.Contains(body, tt.says) {
			t.Errorf("%s: %d, want %d with %q:\n%.1500s", tt.name, code, tt.code, tt.says, body)
		}
	}
	if _, dash := serve(t, h, "GET", "/", ana, nil, ""); !strings.Contains(dash, "1 cause décidée sur 2") {
		t.Errorf("the dashboard's row does not count the decided causes:\n%.3000s", dash)
	}
	_, page = serve(t, h, "GET", reportURL(id), ana, nil, "")
	if n := len(causeFormRE.FindAllString(page, -1)); n != 1 || !strings.Contains(page, "relais à relire, 1 cause décidée sur 2") ||
		!strings.Contains(page, "Cause acceptée</strong> par ana@example.com") {
		t.Errorf("after one decision: %d forms, or the header or the card does not show it", n)
	}
	if code, _ := serve(t, h, "POST", reportURL(id)+"/relais", ana, resolution(schema.Corrected), self); code != 409 {
		t.Errorf("resolution with one cause open: %d, want 409", code)
	}
	if code, body := serve(t, h, "POST", second[1], bob, url.Values{"jeton": {causeFormRE.FindStringSubmatch(mustGet(t, h, id, bob))[2]},
		"decision": {"rejetee"}, "motif": {"9,9 % ne figure dans aucun fait : à retirer."}}, self); code != 303 {
		t.Fatalf("second cause by another reviewer: %d\n%.1500s", code, body)
	}
	_, page = serve(t, h, "GET", reportURL(id), ana, nil, "")
	if !strings.Contains(page, `class="resolution"`) || strings.Contains(page, `id="decision-valide"`) {
		t.Error("every cause decided, one rejected: the resolution form is not offered, or offers validé")
	}
	if !strings.Contains(page, "causes toutes décidées (1 acceptée, 1 rejetée)") {
		t.Error("the header does not say every cause is decided")
	}
	if code, body := serve(t, h, "POST", reportURL(id)+"/relais", ana, resolution(schema.Validated), self); code != 409 || !strings.Contains(body, "rejetée") {
		t.Errorf("validé over a rejected cause: %d\n%.1500s", code, body)
	}
	if code, _ := serve(t, h, "POST", reportURL(id)+"/relais", ana, resolution(schema.Corrected), self); code != 303 {
		t.Errorf("resolution once every cause is decided: %d, want 303", code)
	}
	if _, ok := review.resolutions[id]; !ok {
		t.Error("the resolution is not recorded")
	}
	_, page = serve(t, h, "GET", reportURL(id), ana, nil, "")
	if causeFormRE.MatchString(page) || !strings.Contains(page, "relais corrigé par ana@example.com") {
		t.Error("a resolved hand-off still offers cause forms, or its header does not say it is resolved")
	}
}

func mustGet(t *testing.T, h http.Handler, id, who string) string {
	t.Helper()
	code, page := serve(t, h, "GET", reportURL(id), who, nil, "")
	if code != 200 {
		t.Fatalf("report: %d", code)
	}
	return page
}
