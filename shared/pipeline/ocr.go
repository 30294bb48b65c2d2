package pipeline

import (
	"context"
	"slices"

	"analyste.dev/analyste/shared/checks"
	"analyste.dev/analyste/shared/extraction"
	"analyste.dev/analyste/shared/locate"
	"analyste.dev/analyste/shared/offline"
	"analyste.dev/analyste/shared/pdftext"
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
	before := failedChecks(ctx, doc)
	if before == 0 {
		return doc
	}
	again := p.opts.OCR.Reread(ctx, data, doc, statements)
	if failedChecks(ctx, again) < before {
		return again
	}
	return doc
}

// failedChecks counts the identities the offline reading of doc fails, on
// the pages Extract reads; a reading that finds no statement fails them
// all.
func failedChecks(ctx context.Context, doc *pdftext.Document) int {
	const unread = 1 << 20
	pages := locate.Find(doc).Neighbours(1, len(doc.Pages))
	if len(pages) == 0 {
		return unread
	}
	res, err := run(ctx, extraction.NewDeterministic(offline.Reader{}), 0, doc, pages)
	if err != nil {
		return unread
	}
	n := 0
	for _, c := range res.Checks {
		if c.Status == checks.Failed {
			n++
		}
	}
	return n
}
