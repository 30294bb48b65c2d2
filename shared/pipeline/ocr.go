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
// total. First the figures the engine was unsure of, each on its own box;
// then, if an identity still fails, the pages whole. A reading is kept
// only if it fails fewer identities and passes as many (a reading that
// loses rows fails fewer too); a failure no reading cures is shown as for
// any document.
func (p *Pipeline) reread(ctx context.Context, data []byte, doc *pdftext.Document) *pdftext.Document {
	statements := locate.Find(doc).Neighbours(0, len(doc.Pages))
	if !slices.ContainsFunc(statements, func(n int) bool { return doc.Pages[n-1].OCR != nil }) {
		return doc
	}
	best := checked(ctx, doc)
	keep := func(other *pdftext.Document) {
		if after := checked(ctx, other); after.failed < best.failed && after.passed >= best.passed {
			doc, best = other, after
		}
	}
	if best.failed > 0 {
		keep(p.opts.OCR.RereadCells(ctx, data, doc, statements))
	}
	if best.failed > 0 {
		whole := p.opts.OCR.Reread(ctx, data, doc, statements)
		keep(whole)
		if best.failed > 0 {
			keep(p.opts.OCR.RereadCells(ctx, data, whole, statements))
		}
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
