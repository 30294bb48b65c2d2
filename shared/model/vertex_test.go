package model

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"google.golang.org/genai"
)

// decision is a typical answer type: enum, nullable amounts, optional note.
type decision struct {
	Verdict string     `json:"verdict" enum:"accorder,refuser" desc:"Décision proposée au comité"`
	Amounts []*float64 `json:"montants" desc:"Montant tel qu'imprimé dans le tableau, dans l'unité du tableau ; entre parenthèses = négatif"`
	Note    string     `json:"note,omitempty" desc:"Remarque libre"`
}

var testRequest = Request{
	Role:         "extraction",
	Instructions: "Extrais les montants du tableau.",
	Content:      "Page 12 : Chiffre d'affaires 1 234 (56) —",
}

const validAnswer = `{"verdict":"accorder","montants":[1234,-56,null]}`

func ptr[T any](v T) *T { return &v }

var validDecision = decision{Verdict: "accorder", Amounts: []*float64{ptr(1234.0), ptr(-56.0), nil}}

func user(text string) sentContent  { return content("user", text) }
func model(text string) sentContent { return content("model", text) }

func content(role, text string) sentContent {
	c := sentContent{Role: role}
	c.Parts = append(c.Parts, struct {
		Text string `json:"text"`
	}{text})
	return c
}

func fix(reason string) sentContent {
	return user("Ta réponse précédente n'est pas valide : " + reason + ". Réponds uniquement avec un JSON conforme au schéma.")
}

// attemptSummary is an Attempt without what varies from run to run.
type attemptSummary struct {
	Role, Model        string
	Number, Input, Out int
	Failed             bool
}

func ok(n, in, out int) attemptSummary {
	return attemptSummary{"extraction", testModel, n, in, out, false}
}

func failed(n, in, out int) attemptSummary {
	return attemptSummary{"extraction", testModel, n, in, out, true}
}

func summarize(u Usage) []attemptSummary {
	var s []attemptSummary
	for _, a := range u.Attempts {
		s = append(s, attemptSummary{a.Role, a.Model, a.Number, a.InputTokens, a.OutputTokens, a.Error != ""})
	}
	return s
}

func TestGenerateSendsSchemaTemperatureLabelsAndOnlyTheContent(t *testing.T) {
	t.Parallel()
	client, fake, _ := newTestClient(t, RetryPolicy{}, answer(validAnswer, 1, 1))
	var got decision
	ctx := WithLabels(WithLabels(t.Context(), map[string]string{"rapport": "r1", "prise": "1"}), map[string]string{"prise": "2"})
	if _, err := client.Generate(ctx, testRequest, &got); err != nil {
		t.Fatalf("Generate: %v", err)
	}

	// Written out by hand so that the test does not trust Schema's encoding.
	const schema = `{
		"type": "object",
		"properties": {
			"verdict": {"type": "string", "description": "Décision proposée au comité", "enum": ["accorder", "refuser"]},
			"montants": {
				"type": "array",
				"description": "Montant tel qu'imprimé dans le tableau, dans l'unité du tableau ; entre parenthèses = négatif",
				"items": {"type": ["number", "null"]}
			},
			"note": {"type": "string", "description": "Remarque libre"}
		},
		"propertyOrdering": ["verdict", "montants", "note"],
		"required": ["verdict", "montants"]
	}`
	want := sentRequest{
		Path:          "POST " + testPath,
		Authorization: "Bearer " + testToken,
		Contents:      []sentContent{user(testRequest.Content)},
		// genai gives the system instruction the user role.
		SystemInstruction: user(testRequest.Instructions),
		Labels:            map[string]string{"rapport": "r1", "prise": "2", RoleLabel: testRequest.Role},
	}
	want.GenerationConfig.Temperature = ptr(0.0)
	want.GenerationConfig.ResponseMimeType = "application/json"
	if err := json.Unmarshal([]byte(schema), &want.GenerationConfig.ResponseJsonSchema); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]sentRequest{want}, fake.requests()); diff != "" {
		t.Errorf("requests (-want +got):\n%s", diff)
	}
}

func TestGenerate(t *testing.T) {
	t.Parallel()
	const (
		succeeds  = "succeeds"
		exhausted = "exhausted"
		invalid   = "invalid"
		permanent = "permanent"
	)
	u := user(testRequest.Content)
	tests := []struct {
		name         string
		policy       RetryPolicy
		replies      []reply
		wantOutcome  string
		wantCode     int // HTTP code in the error, if any
		wantAttempts []attemptSummary
		wantSleeps   []time.Duration
		wantContents [][]sentContent // per request
	}{
		{
			name:         "valid answer at once",
			replies:      []reply{answer(validAnswer, 100, 20)},
			wantOutcome:  succeeds,
			wantAttempts: []attemptSummary{ok(1, 100, 20)},
			wantContents: [][]sentContent{{u}},
		},
		{
			name: "thinking tokens count as output",
			replies: []reply{{status: 200, body: `{"candidates":[{"content":{"role":"model","parts":[{"text":` +
				strconv.Quote(validAnswer) + `}]},"finishReason":"STOP"}],` +
				`"usageMetadata":{"promptTokenCount":100,"candidatesTokenCount":20,"thoughtsTokenCount":30,"totalTokenCount":150}}`}},
			wantOutcome:  succeeds,
			wantAttempts: []attemptSummary{ok(1, 100, 50)},
			wantContents: [][]sentContent{{u}},
		},
		{
			name:         "429 then success",
			replies:      []reply{apiError(429, "RESOURCE_EXHAUSTED"), answer(validAnswer, 100, 20)},
			wantOutcome:  succeeds,
			wantAttempts: []attemptSummary{failed(1, 0, 0), ok(2, 100, 20)},
			wantSleeps:   []time.Duration{time.Second},
			wantContents: [][]sentContent{{u}, {u}},
		},
		{
			name:         "dropped connection then success",
			replies:      []reply{{hangUp: true}, answer(validAnswer, 100, 20)},
			wantOutcome:  succeeds,
			wantAttempts: []attemptSummary{failed(1, 0, 0), ok(2, 100, 20)},
			wantSleeps:   []time.Duration{time.Second},
			wantContents: [][]sentContent{{u}, {u}},
		},
		{
			name:         "attempt deadline then success",
			policy:       RetryPolicy{AttemptTimeout: 50 * time.Millisecond},
			replies:      []reply{{stall: true}, answer(validAnswer, 100, 20)},
			wantOutcome:  succeeds,
			wantAttempts: []attemptSummary{failed(1, 0, 0), ok(2, 100, 20)},
			wantSleeps:   []time.Duration{time.Second},
			wantContents: [][]sentContent{{u}, {u}},
		},
		{
			name:         "attempt deadline while reading the body then success",
			policy:       RetryPolicy{AttemptTimeout: 50 * time.Millisecond},
			replies:      []reply{{stall: true, status: 200}, answer(validAnswer, 100, 20)},
			wantOutcome:  succeeds,
			wantAttempts: []attemptSummary{failed(1, 0, 0), ok(2, 100, 20)},
			wantSleeps:   []time.Duration{time.Second},
			wantContents: [][]sentContent{{u}, {u}},
		},
		{
			name:        "server errors with backoff doubling up to its cap",
			policy:      RetryPolicy{BaseDelay: time.Second, MaxDelay: 3 * time.Second},
			replies:     []reply{apiError(500, "INTERNAL"), apiError(503, "UNAVAILABLE"), apiError(504, "DEADLINE_EXCEEDED"), apiError(429, "RESOURCE_EXHAUSTED"), answer(validAnswer, 100, 20)},
			wantOutcome: succeeds,
			wantAttempts: []attemptSummary{
				failed(1, 0, 0), failed(2, 0, 0), failed(3, 0, 0), failed(4, 0, 0), ok(5, 100, 20),
			},
			wantSleeps:   []time.Duration{time.Second, 2 * time.Second, 3 * time.Second, 3 * time.Second},
			wantContents: [][]sentContent{{u}, {u}, {u}, {u}, {u}},
		},
		{
			name:         "503 until the attempts run out",
			policy:       RetryPolicy{MaxAttempts: 3},
			replies:      []reply{apiError(503, "UNAVAILABLE"), apiError(503, "UNAVAILABLE"), apiError(503, "UNAVAILABLE")},
			wantOutcome:  exhausted,
			wantCode:     503,
			wantAttempts: []attemptSummary{failed(1, 0, 0), failed(2, 0, 0), failed(3, 0, 0)},
			wantSleeps:   []time.Duration{time.Second, 2 * time.Second},
			wantContents: [][]sentContent{{u}, {u}, {u}},
		},
		{
			name:         "wait longer than the time budget",
			policy:       RetryPolicy{MaxElapsed: time.Minute, BaseDelay: time.Hour, MaxDelay: time.Hour},
			replies:      []reply{apiError(503, "UNAVAILABLE")},
			wantOutcome:  exhausted,
			wantCode:     503,
			wantAttempts: []attemptSummary{failed(1, 0, 0)},
			wantContents: [][]sentContent{{u}},
		},
		{
			name:         "400 fails at once",
			replies:      []reply{apiError(400, "INVALID_ARGUMENT")},
			wantOutcome:  permanent,
			wantCode:     400,
			wantAttempts: []attemptSummary{failed(1, 0, 0)},
			wantContents: [][]sentContent{{u}},
		},
		{
			name:         "403 fails at once",
			replies:      []reply{apiError(403, "PERMISSION_DENIED")},
			wantOutcome:  permanent,
			wantCode:     403,
			wantAttempts: []attemptSummary{failed(1, 0, 0)},
			wantContents: [][]sentContent{{u}},
		},
		{
			name:         "malformed JSON then valid",
			replies:      []reply{answer("pas du JSON", 80, 7), answer(validAnswer, 120, 20)},
			wantOutcome:  succeeds,
			wantAttempts: []attemptSummary{failed(1, 80, 7), ok(2, 120, 20)},
			wantContents: [][]sentContent{
				{u},
				{u, model("pas du JSON"), fix("JSON illisible : invalid character 'p' looking for beginning of value")},
			},
		},
		{
			name:         "malformed JSON twice",
			replies:      []reply{answer("pas du JSON", 80, 7), answer(`{"verdict":`, 120, 9)},
			wantOutcome:  invalid,
			wantAttempts: []attemptSummary{failed(1, 80, 7), failed(2, 120, 9)},
			wantContents: [][]sentContent{
				{u},
				{u, model("pas du JSON"), fix("JSON illisible : invalid character 'p' looking for beginning of value")},
			},
		},
		{
			name:         "missing required field then fixed",
			replies:      []reply{answer(`{"verdict":"accorder"}`, 80, 7), answer(validAnswer, 120, 20)},
			wantOutcome:  succeeds,
			wantAttempts: []attemptSummary{failed(1, 80, 7), ok(2, 120, 20)},
			wantContents: [][]sentContent{
				{u},
				{u, model(`{"verdict":"accorder"}`), fix("$.montants : champ obligatoire absent")},
			},
		},
		{
			name:         "value outside the enum then fixed",
			replies:      []reply{answer(`{"verdict":"peut-être","montants":[]}`, 80, 7), answer(validAnswer, 120, 20)},
			wantOutcome:  succeeds,
			wantAttempts: []attemptSummary{failed(1, 80, 7), ok(2, 120, 20)},
			wantContents: [][]sentContent{
				{u},
				{u, model(`{"verdict":"peut-être","montants":[]}`), fix(`$.verdict : "peut-être" n'est pas une valeur permise (accorder, refuser)`)},
			},
		},
		{
			name:         "empty answer then valid",
			replies:      []reply{answer("", 80, 0), answer(validAnswer, 120, 20)},
			wantOutcome:  succeeds,
			wantAttempts: []attemptSummary{failed(1, 80, 0), ok(2, 120, 20)},
			wantContents: [][]sentContent{{u}, {u, fix("JSON illisible : EOF")}},
		},
		{
			name:         "transient failure of the corrective request",
			replies:      []reply{answer("pas du JSON", 80, 7), apiError(503, "UNAVAILABLE"), answer(validAnswer, 120, 20)},
			wantOutcome:  succeeds,
			wantAttempts: []attemptSummary{failed(1, 80, 7), failed(2, 0, 0), ok(3, 120, 20)},
			wantSleeps:   []time.Duration{time.Second},
			wantContents: [][]sentContent{
				{u},
				{u, model("pas du JSON"), fix("JSON illisible : invalid character 'p' looking for beginning of value")},
				{u, model("pas du JSON"), fix("JSON illisible : invalid character 'p' looking for beginning of value")},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			client, fake, sleeps := newTestClient(t, tt.policy, tt.replies...)
			var got decision
			usage, err := client.Generate(t.Context(), testRequest, &got)

			outcome := succeeds
			switch {
			case errors.Is(err, ErrTransient):
				outcome = exhausted
			case errors.Is(err, ErrInvalidAnswer):
				outcome = invalid
			case err != nil:
				outcome = permanent
			}
			if outcome != tt.wantOutcome {
				t.Errorf("outcome %s (error %v), want %s", outcome, err, tt.wantOutcome)
			}
			var apiErr genai.APIError
			if errors.As(err, &apiErr) != (tt.wantCode != 0) || apiErr.Code != tt.wantCode {
				t.Errorf("HTTP code in error %v: %d, want %d", err, apiErr.Code, tt.wantCode)
			}
			want := decision{}
			if tt.wantOutcome == succeeds {
				want = validDecision
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("decoded answer (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantAttempts, summarize(usage)); diff != "" {
				t.Errorf("attempts (-want +got):\n%s", diff)
			}
			var in, out int
			for _, a := range tt.wantAttempts {
				in, out = in+a.Input, out+a.Out
			}
			if usage.InputTokens != in || usage.OutputTokens != out {
				t.Errorf("total tokens %d in, %d out; want %d, %d", usage.InputTokens, usage.OutputTokens, in, out)
			}
			if diff := cmp.Diff(tt.wantSleeps, *sleeps); diff != "" {
				t.Errorf("waits (-want +got):\n%s", diff)
			}
			var contents [][]sentContent
			for _, r := range fake.requests() {
				contents = append(contents, r.Contents)
			}
			if diff := cmp.Diff(tt.wantContents, contents); diff != "" {
				t.Errorf("contents sent (-want +got):\n%s", diff)
			}
		})
	}
}

func TestGenerateCanceledIsNotTransient(t *testing.T) {
	t.Parallel()
	client, _, sleeps := newTestClient(t, RetryPolicy{}, answer(validAnswer, 1, 1))
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	var got decision
	usage, err := client.Generate(ctx, testRequest, &got)
	if !errors.Is(err, context.Canceled) || errors.Is(err, ErrTransient) {
		t.Errorf("error %v, want context.Canceled and not ErrTransient", err)
	}
	if len(usage.Attempts) != 1 || len(*sleeps) != 0 {
		t.Errorf("%d attempts and %d waits, want 1 and 0", len(usage.Attempts), len(*sleeps))
	}
}

func TestGenerateRejectsBeforeSending(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		req  Request
		out  any
		want string
	}{
		{name: "empty request", req: Request{}, out: &decision{}, want: "generate: request: role is required\nrequest: instructions are required\nrequest: content is required"},
		{name: "out not a pointer", req: testRequest, out: decision{}, want: "generate extraction: schema: out must be a non-nil pointer, got model.decision"},
		{name: "out without a schema", req: testRequest, out: &struct{ F func() }{}, want: "generate extraction: schema of struct { F func() }: field F: kind func has no JSON schema"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			client, fake, _ := newTestClient(t, RetryPolicy{})
			usage, err := client.Generate(t.Context(), tt.req, tt.out)
			if err == nil || err.Error() != tt.want {
				t.Errorf("error %v, want %q", err, tt.want)
			}
			if len(usage.Attempts) != 0 || len(fake.requests()) != 0 {
				t.Errorf("%d attempts, %d requests; want none", len(usage.Attempts), len(fake.requests()))
			}
		})
	}
}
