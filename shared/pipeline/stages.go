package pipeline

import (
	"context"

	"analyste.dev/analyste/shared/critical"
	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/riskmodel"
	"analyste.dev/analyste/shared/riskrules"
	"analyste.dev/analyste/shared/signals"
)

// Signaled is the signals stage's output.
type Signaled struct {
	riskmodel.Reading
	Facts []facts.Fact // Q- facts of the verified signals
	// CriticalAdded counts the critical signals the net found that the
	// reader did not return.
	CriticalAdded int
}

// Signals reads the risk signals of a report from its page texts (page 1
// first) and keeps those whose quote is verified on its page. The
// critical-risk net reads the pages too: what it finds that the reader
// left out is added, and the facts of the critical signals are marked so
// that the memo must address them.
func (p *Pipeline) Signals(ctx context.Context, company string, years []int, pages []string) (Signaled, error) {
	var out Signaled
	if p.gen == nil {
		// The offline reader returns verified quotes only; Check says so again.
		out.Verified, out.Rejected = signals.Check(pages, riskrules.Offline(pages))
	} else {
		reader, err := riskmodel.NewReader(p.gen)
		if err != nil {
			return out, err
		}
		if out.Reading, err = reader.Read(ctx, pages); err != nil {
			return out, err
		}
	}
	var marked []int
	out.Verified, marked, out.CriticalAdded = critical.Net(pages, out.Verified)
	out.Facts = signals.Facts(company, years, out.Verified)
	critical := map[string]bool{}
	for _, i := range marked {
		critical[out.Verified[i].Fact] = true
	}
	for i := range out.Facts {
		out.Facts[i].Critical = critical[out.Facts[i].ID]
	}
	return out, nil
}

// Memo writes the credit memo from the facts only, checks every number
// against the cited facts, has each claim judged, and decides: publie,
// bloque or abstention (with a hand-off for a person).
func (p *Pipeline) Memo(ctx context.Context, in memo.Input) (memo.Result, error) {
	var (
		writer memo.Writer = memo.OfflineWriter{}
		judge  memo.Judge  = memo.OfflineJudge{}
	)
	if p.gen != nil {
		w, err := memo.NewModelWriter(p.gen)
		if err != nil {
			return memo.Result{}, err
		}
		j, err := memo.NewModelJudge(p.gen)
		if err != nil {
			return memo.Result{}, err
		}
		writer, judge = w, j
	}
	v, err := memo.NewVerifier(judge)
	if err != nil {
		return memo.Result{}, err
	}
	c, err := memo.NewComposer(writer, v)
	if err != nil {
		return memo.Result{}, err
	}
	return c.Compose(ctx, in)
}
