package modeltest_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"analyste.dev/analyste/shared/model"
	"analyste.dev/analyste/shared/model/modeltest"
)

// generator is how consumers see the model; both implementations must fit.
type generator interface {
	Generate(ctx context.Context, req model.Request, out any) (model.Usage, error)
}

var (
	_ generator = (*model.Client)(nil)
	_ generator = (*modeltest.Fake)(nil)
)

type signal struct {
	Level string `json:"niveau" enum:"faible,fort"`
	Quote string `json:"citation"`
}

var req = model.Request{Role: "signaux", Instructions: "Relève les signaux.", Content: "Page 3 : perte de 2 M€."}

func TestFakeGenerate(t *testing.T) {
	t.Parallel()
	outage := fmt.Errorf("scripted outage: %w", model.ErrTransient)
	tests := []struct {
		name        string
		replies     []modeltest.Reply
		req         model.Request
		canceled    bool
		want        signal
		wantErr     error // matched with errors.Is; nil for success
		wantUsage   model.Usage
		wantPending int
	}{
		{
			name:    "valid answer decoded",
			replies: []modeltest.Reply{{JSON: `{"niveau":"fort","citation":"perte de 2 M€"}`, InputTokens: 30, OutputTokens: 8}},
			req:     req,
			want:    signal{Level: "fort", Quote: "perte de 2 M€"},
			wantUsage: model.Usage{
				Attempts:    []model.Attempt{{Role: "signaux", Model: modeltest.FakeModel, Number: 1, InputTokens: 30, OutputTokens: 8}},
				InputTokens: 30, OutputTokens: 8,
			},
		},
		{
			name:    "answer outside the schema",
			replies: []modeltest.Reply{{JSON: `{"niveau":"moyen","citation":"x"}`, InputTokens: 30, OutputTokens: 8}},
			req:     req,
			wantErr: model.ErrInvalidAnswer,
			wantUsage: model.Usage{
				Attempts: []model.Attempt{{
					Role: "signaux", Model: modeltest.FakeModel, Number: 1, InputTokens: 30, OutputTokens: 8,
					Error: `model: invalid answer: $.niveau : "moyen" n'est pas une valeur permise (faible, fort)`,
				}},
				InputTokens: 30, OutputTokens: 8,
			},
		},
		{
			name:    "scripted error",
			replies: []modeltest.Reply{{Err: outage}},
			req:     req,
			wantErr: model.ErrTransient,
			wantUsage: model.Usage{Attempts: []model.Attempt{{
				Role: "signaux", Model: modeltest.FakeModel, Number: 1, Error: outage.Error(),
			}}},
		},
		{
			name:        "incomplete request spends nothing",
			replies:     []modeltest.Reply{{JSON: `{"niveau":"fort","citation":"x"}`}},
			req:         model.Request{Role: "signaux"},
			wantErr:     errAny,
			wantPending: 1,
		},
		{
			name:        "canceled context spends nothing",
			replies:     []modeltest.Reply{{JSON: `{"niveau":"fort","citation":"x"}`}},
			req:         req,
			canceled:    true,
			wantErr:     context.Canceled,
			wantPending: 1,
		},
		{
			name:    "nothing queued",
			req:     req,
			wantErr: errAny,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			fake := modeltest.New(tt.replies...)
			ctx, cancel := context.WithCancel(t.Context())
			if tt.canceled {
				cancel()
			}
			defer cancel()
			var got signal
			usage, err := fake.Generate(ctx, tt.req, &got)
			if !matches(err, tt.wantErr) {
				t.Errorf("error %v, want %v", err, tt.wantErr)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("decoded (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantUsage, usage); diff != "" {
				t.Errorf("usage (-want +got):\n%s", diff)
			}
			if got := fake.Pending(); got != tt.wantPending {
				t.Errorf("%d replies pending, want %d", got, tt.wantPending)
			}
		})
	}
}

// errAny stands for "some error" where its identity does not matter.
var errAny = errors.New("any error")

func matches(err, want error) bool {
	switch want {
	case nil:
		return err == nil
	case errAny:
		return err != nil
	default:
		return errors.Is(err, want)
	}
}

func TestFakeRecordsCallsInOrder(t *testing.T) {
	t.Parallel()
	fake := modeltest.New(modeltest.Answer(t, signal{Level: "faible", Quote: "a"}))
	fake.Queue(modeltest.Reply{JSON: `{"niveau":"fort","citation":"b"}`, InputTokens: 10, OutputTokens: 2})
	other := model.Request{Role: "jugement", Instructions: "Juge.", Content: "Dossier."}

	var first, second signal
	if _, err := fake.Generate(t.Context(), req, &first); err != nil {
		t.Fatal(err)
	}
	if _, err := fake.Generate(t.Context(), other, &second); err != nil {
		t.Fatal(err)
	}

	if diff := cmp.Diff([]signal{{"faible", "a"}, {"fort", "b"}}, []signal{first, second}); diff != "" {
		t.Errorf("answers (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]model.Request{req, other}, fake.Requests()); diff != "" {
		t.Errorf("requests (-want +got):\n%s", diff)
	}
	want := model.Usage{
		Attempts: []model.Attempt{
			{Role: "signaux", Model: modeltest.FakeModel, Number: 1},
			{Role: "jugement", Model: modeltest.FakeModel, Number: 1, InputTokens: 10, OutputTokens: 2},
		},
		InputTokens: 10, OutputTokens: 2,
	}
	if diff := cmp.Diff(want, fake.Usage()); diff != "" {
		t.Errorf("usage (-want +got):\n%s", diff)
	}
}
