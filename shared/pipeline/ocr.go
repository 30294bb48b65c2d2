package pipeline

import (
	"context"
	"slices"

	"analyste.dev/analyste/shared/checks"
	"analyste.dev/analyste/shared/extraction"
	"analyste.dev/analyste/shared/locate"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/statementreader"
)

// reread has the OCR read a scan's statement pages once more when the
// offline reading of them fails an identity: a misread digit fails a
// total. The reading whose identities fail less is kept; a failure the
// second reading does not cure is shown as for any document.
func (p *Pipeline) reread(ctx context.Context, data []byte, doc *pdftext.Document) *pdftext.Document {
	statements := locate.Find(doc).Neighbours(0, len(doc.Pages))
	if !slices.ContainsFunc(statements, func(n int) bool { return doc.Pages[n-1].OCR != nil }) {
		return doc
	}
	before := checked(ctx, doc)
	if before.failed == 0 {
		return doc
	}
	// A reading that loses rows fails fewer identities too: the second
	// reading is kept only if it fails fewer and passes as many.
	again := p.opts.OCR.Reread(ctx, data, doc, statements)
	if after := checked(ctx, again); after.failed < before.failed && after.passed >= before.passed {
		return again
	}
	return doc
}

// outcome counts the identities a reading passes and fails.
type outcome struct{ passed, failed int }

// checked counts the identities the offline reading of doc passes and
// fails, on the pages Extract reads; a reading that finds no statement
// passes none and fails them all.
func checked(ctx context.Context, doc *pdftext.Document) outcome {
	unread := outcome{failed: 1 << 20}
	pages := locate.Find(doc).Neighbours(1, len(doc.Pages))
	if len(pages) == 0 {
		return unread
	}
	res, err := run(ctx, extraction.NewDeterministic(statementreader.Reader{}), 0, doc, pages)
	if err != nil {
		return unread
	}
	var o outcome
	for _, c := range res.Checks {
		switch c.Status {
		case checks.Passed:
			o.passed++
		case checks.Failed:
			o.failed++
		}
	}
	return o
}
