package pipeline_test

import (
	"context"
	"testing"

	"analyste.dev/analyste/shared/fixtures"
	"analyste.dev/analyste/shared/model/modeltest"
	"analyste.dev/analyste/shared/offline"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/statements"
)

// misread is tr with the first amount of every balance-sheet stock line
// raised, as a reader that slipped a digit would print it.
func misread(tr statements.Transcription) statements.Transcription {
	out := tr
	out.Tables = make([]statements.Table, len(tr.Tables))
	for i, tab := range tr.Tables {
		tab.Lines = append([]statements.Line(nil), tab.Lines...)
		for j, l := range tab.Lines {
			if tab.Statement == statements.Balance && l.Category == "stocks" && len(l.Amounts) > 0 && l.Amounts[0] != nil {
				v := *l.Amounts[0] + 3000
				tab.Lines[j].Amounts = append([]*float64{&v}, l.Amounts[1:]...)
			}
		}
		out.Tables[i] = tab
	}
	return out
}

func TestTokenBudget(t *testing.T) {
	t.Parallel()
	r := fixtures.Reports(t)[0]
	doc, err := pdftext.ReadFile(context.Background(), r.PDF, pdftext.DefaultLimits())
	if err != nil {
		t.Fatal(err)
	}
	good, err := offline.Reader{}.Transcribe(context.Background(), doc)
	if err != nil {
		t.Fatal(err)
	}
	bad := misread(good)
	tests := []struct {
		name     string
		budget   int
		attempts int
		spent    bool
	}{
		{"no budget", 0, 3, false},
		{"budget spent after two calls", 100, 2, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			fake := modeltest.New()
			for range 3 {
				reply := modeltest.Answer(t, bad)
				reply.InputTokens, reply.OutputTokens = 50, 10
				fake.Queue(reply)
			}
			p := pipeline.New(fake, pipeline.Options{MaxRereads: 2, TokenBudget: tt.budget, Limits: pdftext.DefaultLimits()})
			ex, err := p.Extract(context.Background(), doc)
			if err != nil {
				t.Fatal(err)
			}
			res := ex.Result
			if len(res.Attempts) != tt.attempts || res.BudgetSpent() != tt.spent || len(res.Failed()) == 0 {
				t.Errorf("%d attempts, budget spent %v, %d failed checks; want %d attempts, spent %v, failed checks",
					len(res.Attempts), res.BudgetSpent(), len(res.Failed()), tt.attempts, tt.spent)
			}
			if rec := p.Record(ex, len(doc.Pages)); rec.Attempts[len(rec.Attempts)-1].BudgetSpent != tt.spent {
				t.Errorf("the stored history does not say the budget stopped the re-reads")
			}
		})
	}
}
