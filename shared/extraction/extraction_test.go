package extraction

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/dev/fixtures/pdfs"
	"analyste.dev/analyste/shared/model"
	"analyste.dev/analyste/shared/model/modeltest"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/statementreader"
	"analyste.dev/analyste/shared/statements"
)

// transcribe reads a report as a model should: its printed lines, as the
// offline reader gives them.
func transcribe(t *testing.T, doc *pdftext.Document) statements.Transcription {
	t.Helper()
	tr, err := statementreader.Read(doc)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

func ferlac(t *testing.T) (*pdftext.Document, statements.Truth) {
	t.Helper()
	r := fixtures.ReportOf(t, "ferlac")
	return pdfs.Read(t, r.PDF), r.Truth
}

func TestLoop(t *testing.T) {
	t.Parallel()
	doc, truth := ferlac(t)
	good := transcribe(t, doc)
	bad := fixtures.Misread(good)
	statementPages := []int{truth.Pages.Income, truth.Pages.Balance, truth.Pages.CashFlow}
	tests := []struct {
		name       string
		replies    []statements.Transcription
		attempts   int
		failedLast bool
	}{
		{"right at once", []statements.Transcription{good}, 1, false},
		{"misread once then fixed", []statements.Transcription{bad, good}, 2, false},
		{"always misread", []statements.Transcription{bad, bad, bad}, 3, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			fake := modeltest.New()
			for _, r := range tt.replies {
				fake.Queue(modeltest.Answer(t, r))
			}
			reader, err := NewModelReader(fake)
			if err != nil {
				t.Fatal(err)
			}
			ex, err := New(reader, DefaultMaxRereads)
			if err != nil {
				t.Fatal(err)
			}
			res, err := ex.Run(context.Background(), doc, statementPages)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Attempts) != tt.attempts || fake.Pending() != 0 {
				t.Fatalf("%d attempts, %d replies unused; want %d attempts", len(res.Attempts), fake.Pending(), tt.attempts)
			}
			if got := len(res.Failed()) > 0; got != tt.failedLast {
				t.Errorf("failed checks at the end: %v, want %v", res.Failed(), tt.failedLast)
			}
			if len(res.Usage.Attempts) != tt.attempts {
				t.Errorf("usage counts %d calls, want %d", len(res.Usage.Attempts), tt.attempts)
			}
			reqs := fake.Requests()
			for i, req := range reqs {
				if strings.Contains(req.Content, "=== page 1 ===") || !strings.Contains(req.Content, "=== page 8 ===") {
					t.Errorf("request %d is not limited to the statement pages", i+1)
				}
				if hasFeedback := strings.Contains(req.Content, "Ta transcription précédente viole ces contrôles comptables"); hasFeedback != (i > 0) {
					t.Errorf("request %d: feedback present = %v", i+1, hasFeedback)
				}
			}
			if tt.attempts > 1 {
				// The first attempt's failures, and only they, reach the model.
				want := "2025 - total actif = somme des postes : attendu 170 320, lu 167 320 (k€)"
				if !strings.Contains(reqs[1].Content, want) || !slices.Contains(res.Attempts[0].Failed, want) {
					t.Errorf("re-read request or history lacks %q:\n%v", want, res.Attempts[0].Failed)
				}
			}
			if tt.failedLast {
				if diff := cmp.Diff(res.Attempts[0].Failed, res.Attempts[2].Failed); diff != "" {
					t.Errorf("persistent failure changed (-first +last):\n%s", diff)
				}
			}
		})
	}
}

func TestLoopErrors(t *testing.T) {
	t.Parallel()
	doc, _ := ferlac(t)
	unreadable := statements.Transcription{Company: "X", PrintedUnit: "k€", Tables: []statements.Table{{Statement: statements.Balance, Page: 8, Years: []int{2025, 2025}, Lines: []statements.Line{}}}}
	tests := []struct {
		name  string
		reply modeltest.Reply
		want  error
	}{
		{"transient outage", modeltest.Reply{Err: model.ErrTransient}, model.ErrTransient},
		{"never a usable transcription", modeltest.Answer(t, unreadable), ErrUnreadable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			fake := modeltest.New(tt.reply, tt.reply, tt.reply)
			reader, _ := NewModelReader(fake)
			ex, _ := New(reader, DefaultMaxRereads)
			if _, err := ex.Run(context.Background(), doc, []int{8}); !errors.Is(err, tt.want) {
				t.Errorf("err = %v, want %v", err, tt.want)
			}
		})
	}
}

func TestPromptSize(t *testing.T) {
	t.Parallel()
	doc, _ := ferlac(t)
	fake := modeltest.New()
	reader, _ := NewModelReader(fake)
	ex, _ := New(reader, 0)
	fake.Queue(modeltest.Reply{Err: model.ErrTransient})
	res, _ := ex.Run(context.Background(), doc, []int{7, 8, 9})
	if res.Prompt.Sent == 0 || res.Prompt.Sent*3 > res.Prompt.Total {
		t.Errorf("prompt %+v: three pages of fifteen should be a small part of the report", res.Prompt)
	}
}

func TestTokenBudget(t *testing.T) {
	t.Parallel()
	doc, _ := ferlac(t)
	good := transcribe(t, doc)
	bad := fixtures.Misread(good)
	tests := []struct {
		name     string
		budget   int
		replies  []statements.Transcription
		attempts int
		spent    bool
	}{
		{"no budget", 0, []statements.Transcription{bad, bad, bad}, 3, false},
		{"spent after the second attempt", 100, []statements.Transcription{bad, bad, bad}, 2, true},
		{"spent at once", 60, []statements.Transcription{bad, bad, bad}, 1, true},
		{"spent but the checks pass", 60, []statements.Transcription{good}, 1, false},
		{"spent on the last attempt allowed", 150, []statements.Transcription{bad, bad, bad}, 3, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			fake := modeltest.New()
			for _, r := range tt.replies {
				reply := modeltest.Answer(t, r)
				reply.InputTokens, reply.OutputTokens, reply.Latency = 50, 10, time.Second
				fake.Queue(reply)
			}
			reader, err := NewModelReader(fake)
			if err != nil {
				t.Fatal(err)
			}
			ex, err := New(reader, DefaultMaxRereads, WithTokenBudget(tt.budget))
			if err != nil {
				t.Fatal(err)
			}
			res, err := ex.Run(context.Background(), doc, []int{7, 8, 9})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Attempts) != tt.attempts || len(fake.Requests()) != tt.attempts {
				t.Errorf("%d attempts, %d calls; want %d", len(res.Attempts), len(fake.Requests()), tt.attempts)
			}
			if got := res.BudgetSpent(); got != tt.spent {
				t.Errorf("budget spent %v, want %v (history %+v)", got, tt.spent, res.Attempts)
			}
			if got, want := res.Usage.InputTokens+res.Usage.OutputTokens, 60*tt.attempts; got != want {
				t.Errorf("usage %d tokens, want %d", got, want)
			}
			if got, want := res.Usage.Latency, time.Duration(tt.attempts)*time.Second; got != want {
				t.Errorf("usage latency %v, want %v", got, want)
			}
		})
	}
}

func TestNegativeBudgetRefused(t *testing.T) {
	t.Parallel()
	reader, _ := NewModelReader(modeltest.New())
	if _, err := New(reader, DefaultMaxRereads, WithTokenBudget(-1)); err == nil {
		t.Error("a negative budget was accepted")
	}
}
