package extraction

import (
	"context"

	"analyste.dev/analyste/shared/model"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/statements"
)

// documentReader reads a whole document without a model.
type documentReader interface {
	Transcribe(ctx context.Context, doc *pdftext.Document) (statements.Transcription, error)
}

// Deterministic adapts a reader that needs no model to the loop. It reads
// the whole document (it finds the statement pages itself), costs nothing,
// and gives the same answer at every attempt: run it with no re-read.
type Deterministic struct {
	r documentReader
}

var _ Transcriber = Deterministic{}

// NewDeterministic wraps r.
func NewDeterministic(r documentReader) Deterministic { return Deterministic{r: r} }

// Transcribe reads doc; pages and feedback do not change its answer.
func (d Deterministic) Transcribe(ctx context.Context, doc *pdftext.Document, _ []int, _ []string) (statements.Transcription, model.Usage, error) {
	tr, err := d.r.Transcribe(ctx, doc)
	return tr, model.Usage{}, err
}
