package riskmodel

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/dev/fixtures/pdfs"
	"analyste.dev/analyste/shared/model"
	"analyste.dev/analyste/shared/model/modeltest"
	"analyste.dev/analyste/shared/signals"
)

// ferlacPages are the page texts of testdata/ferlac/rapport.pdf, read by
// the pipeline's own text extraction.
func ferlacPages(t *testing.T) []string {
	t.Helper()
	return pdfs.Read(t, fixtures.ReportOf(t, "ferlac").PDF).Texts()
}

// summarisedAnswer is a model answer on Ferlac where three quotes are
// summaries and the fourth has a final period the page lacks.
func summarisedAnswer() []signals.Signal {
	return []signals.Signal{
		{Category: signals.Covenant, Severity: signals.High, Summary: "Covenant de levier proche du plafond", Page: 12,
			Quote: "L’emprunt syndiqué est soumis à un covenant de levier plafonné à 3,5x."},
		{Category: signals.CustomerConcentration, Severity: signals.High, Summary: "Premier client à 38 % du CA", Page: 4,
			Quote: "Le premier client pèse 38 % du chiffre d’affaires."},
		{Category: signals.Litigation, Severity: signals.Medium, Summary: "Litige avec un ancien distributeur", Page: 6,
			Quote: "Un ancien distributeur réclame 2 400 k€ devant le tribunal de commerce de Lyon."},
		{Category: signals.OffBalanceSheet, Severity: signals.Medium, Summary: "Bail résiliable avec un préavis de 90 jours", Page: 13,
			Quote: "Le bail comporte une clause permettant au bailleur de résilier le bail du site principal moyennant un préavis de 90 jours."},
	}
}

// The acceptance case for the retry: a model turns three quotes
// into summaries and adds a final period to a fourth; only the fourth passes.
func TestCheckModelAnswer(t *testing.T) {
	t.Parallel()
	pages := ferlacPages(t)
	in := summarisedAnswer()
	verified, rejected := signals.Check(pages, in)
	if diff := cmp.Diff(in[3:], verified); diff != "" {
		t.Errorf("verified mismatch (-want +got):\n%s", diff)
	}
	want := []signals.Rejected{
		{Signal: in[0], Reason: "citation introuvable à la page 12"},
		{Signal: in[1], Reason: "citation introuvable à la page 4"},
		{Signal: in[2], Reason: "citation introuvable à la page 6"},
	}
	if diff := cmp.Diff(want, rejected); diff != "" {
		t.Errorf("rejected mismatch (-want +got):\n%s", diff)
	}
	instruction := signals.RetryInstruction(rejected)
	if !strings.HasPrefix(instruction, "Recopie chaque extrait exactement ou retire le signal") {
		t.Errorf("instruction does not ask to copy exactly: %q", instruction)
	}
	for _, r := range rejected {
		if !strings.Contains(instruction, r.Reason) || !strings.Contains(instruction, r.Signal.Quote) {
			t.Errorf("instruction lacks %q: %q", r.Signal.Quote, instruction)
		}
	}
}

func TestModelReader(t *testing.T) {
	t.Parallel()
	pages := ferlacPages(t)
	answer := summarisedAnswer()
	fixed := append([]signals.Signal(nil), answer...)
	fixed[0].Quote = "L’emprunt syndiqué de 85 000 k€ est assorti d’un covenant"
	tests := []struct {
		name             string
		replies          []modeltest.Reply
		verified         int
		rejected         int
		requests         int
		wantErr          error
		retryInstruction bool
	}{
		{"retry fixes nothing", []modeltest.Reply{modeltest.Answer(t, signals.RiskReading{Signals: answer}), modeltest.Answer(t, signals.RiskReading{Signals: answer})}, 1, 3, 2, nil, true},
		{"retry fixes one, withdraws one", []modeltest.Reply{modeltest.Answer(t, signals.RiskReading{Signals: answer}), modeltest.Answer(t, signals.RiskReading{Signals: fixed[:3]})}, 2, 2, 2, nil, true},
		{"all verified at once", []modeltest.Reply{modeltest.Answer(t, signals.RiskReading{Signals: answer[3:]})}, 1, 0, 1, nil, false},
		{"outage", []modeltest.Reply{{Err: model.ErrTransient}}, 0, 0, 1, model.ErrTransient, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			for i := range tt.replies {
				tt.replies[i].Latency = time.Second
			}
			fake := modeltest.New(tt.replies...)
			reader, err := NewReader(fake)
			if err != nil {
				t.Fatal(err)
			}
			got, err := reader.Read(context.Background(), pages)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("err = %v, want %v", err, tt.wantErr)
			}
			reqs := fake.Requests()
			if len(got.Verified) != tt.verified || len(got.Rejected) != tt.rejected || len(reqs) != tt.requests || fake.Pending() != 0 {
				t.Fatalf("%d verified, %d rejected, %d requests; want %d, %d, %d", len(got.Verified), len(got.Rejected), len(reqs), tt.verified, tt.rejected, tt.requests)
			}
			if got.Retried != tt.retryInstruction || len(got.Usage.Attempts) != tt.requests {
				t.Errorf("retried %v, %d calls counted", got.Retried, len(got.Usage.Attempts))
			}
			if want := time.Duration(tt.requests) * time.Second; got.Usage.Latency != want {
				t.Errorf("latency %v counted, want %v", got.Usage.Latency, want)
			}
			if !strings.Contains(reqs[0].Content, "=== page 15 ===") {
				t.Error("the risk reader must receive every page's text")
			}
			if tt.retryInstruction {
				first, rejected := signals.Check(pages, answer)
				if !strings.HasSuffix(reqs[1].Content, signals.RetryInstruction(rejected)) {
					t.Errorf("retry request lacks the instruction:\n%s", reqs[1].Content[len(reqs[1].Content)-300:])
				}
				if diff := cmp.Diff(first, got.Verified[:1]); diff != "" {
					t.Errorf("first answer's verified signals lost (-want +got):\n%s", diff)
				}
			}
		})
	}
}

// A long report goes to the model in chunks of whole pages, each within
// maxChunkBytes of text, every page in exactly one, in order.
func TestModelReaderChunks(t *testing.T) {
	t.Parallel()
	pages := make([]string, 9)
	for i := range pages {
		pages[i] = strings.Repeat("a", maxChunkBytes/3) // three fill a chunk
	}
	pages[4] = strings.Repeat("x", maxChunkBytes+1) // alone in its chunk
	want := [][]int{{1, 2, 3}, {4}, {5}, {6, 7, 8}, {9}}
	if diff := cmp.Diff(want, chunks(pages, maxChunkBytes)); diff != "" {
		t.Fatalf("chunks (-want +got):\n%s", diff)
	}
	replies := make([]modeltest.Reply, len(want))
	for i := range replies {
		replies[i] = modeltest.Answer(t, signals.RiskReading{Signals: []signals.Signal{}})
	}
	fake := modeltest.New(replies...)
	reader, err := NewReader(fake)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := reader.Read(context.Background(), pages); err != nil {
		t.Fatal(err)
	}
	reqs := fake.Requests()
	if len(reqs) != len(want) {
		t.Fatalf("%d requests, want %d", len(reqs), len(want))
	}
	for i, chunk := range want {
		for _, n := range chunk {
			if c := strings.Count(reqs[i].Content, fmt.Sprintf("=== page %d ===", n)); c != 1 {
				t.Errorf("request %d holds page %d %d times", i+1, n, c)
			}
		}
		if strings.Count(reqs[i].Content, "=== page ") != len(chunk) {
			t.Errorf("request %d holds other pages than %v", i+1, chunk)
		}
	}
}

// The model reads the same taxonomy: every key, definition and non-risk.
func TestInstructionsCarryTaxonomy(t *testing.T) {
	t.Parallel()
	for _, d := range signals.Definitions() {
		for _, want := range []string{string(d.Category), d.Label, d.Meaning, d.NotRisk, d.Graded} {
			if !strings.Contains(instructions, want) {
				t.Errorf("the prompt lacks %q", want)
			}
		}
	}
}
