package signals

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"analyste.dev/analyste/shared/model"
	"analyste.dev/analyste/shared/model/modeltest"
)

func TestModelReader(t *testing.T) {
	t.Parallel()
	r := loadReport(t, "ferlac")
	answer := summarisedAnswer()
	fixed := append([]Signal(nil), answer...)
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
		{"retry fixes nothing", []modeltest.Reply{modeltest.Answer(t, RiskReading{answer}), modeltest.Answer(t, RiskReading{answer})}, 1, 3, 2, nil, true},
		{"retry fixes one, withdraws one", []modeltest.Reply{modeltest.Answer(t, RiskReading{answer}), modeltest.Answer(t, RiskReading{fixed[:3]})}, 2, 2, 2, nil, true},
		{"all verified at once", []modeltest.Reply{modeltest.Answer(t, RiskReading{answer[3:]})}, 1, 0, 1, nil, false},
		{"outage", []modeltest.Reply{{Err: model.ErrTransient}}, 0, 0, 1, model.ErrTransient, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			for i := range tt.replies {
				tt.replies[i].Latency = time.Second
			}
			fake := modeltest.New(tt.replies...)
			reader, err := NewModelReader(fake)
			if err != nil {
				t.Fatal(err)
			}
			got, err := reader.Read(context.Background(), r.pages)
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
				first, rejected := Check(r.pages, answer)
				if !strings.HasSuffix(reqs[1].Content, RetryInstruction(rejected)) {
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
		replies[i] = modeltest.Answer(t, RiskReading{Signals: []Signal{}})
	}
	fake := modeltest.New(replies...)
	reader, err := NewModelReader(fake)
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
