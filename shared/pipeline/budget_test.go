package pipeline_test

import (
	"context"
	"testing"

	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/dev/fixtures/pdfs"
	"analyste.dev/analyste/shared/model/modeltest"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/statementreader"
)

func TestTokenBudget(t *testing.T) {
	t.Parallel()
	doc := pdfs.Read(t, fixtures.Reports(t)[0].PDF)
	good, err := statementreader.Reader{}.Transcribe(context.Background(), doc)
	if err != nil {
		t.Fatal(err)
	}
	bad := fixtures.Misread(good)
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
