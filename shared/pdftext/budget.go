package pdftext

import (
	"context"
	"errors"
	"fmt"
)

// budget is the work left for one document (Limits.MaxOps, MaxGlyphs,
// MaxText, MaxContent). Its pages and their form XObjects draw on it
// together, so a content stream shared by 2 000 pages, or a form drawn a
// thousand times through a DAG of forms, costs each time it runs, and a
// small file cannot multiply its cost. Every unit of work also counts
// towards a context check.
type budget struct {
	ctx     context.Context
	lim     Limits
	ops     int
	glyphs  int
	text    int
	content int64
	work    int // units since the start, for the context checks
}

func newBudget(ctx context.Context, lim Limits) *budget {
	return &budget{ctx: ctx, lim: lim.withDefaults()}
}

// budgetError is the document's budget running out: it ends the reading,
// unlike a page's own bounds, which fail that page only.
type budgetError struct {
	what  string
	limit int64
}

func (e *budgetError) Error() string {
	return fmt.Sprintf("%v : plus de %d %s dans le document", ErrTooComplex, e.limit, e.what)
}

func (e *budgetError) Unwrap() error { return ErrTooComplex }

// tick counts n units of work and checks the context every ctxCheckEvery.
func (b *budget) tick(n int) error {
	before := b.work
	if b.work += n; b.work/ctxCheckEvery != before/ctxCheckEvery {
		return b.ctx.Err()
	}
	return nil
}

func (b *budget) op() error {
	if b.ops++; b.ops > b.lim.MaxOps {
		return &budgetError{"opérateurs", int64(b.lim.MaxOps)}
	}
	return b.tick(1)
}

func (b *budget) glyph() error {
	if b.glyphs++; b.glyphs > b.lim.MaxGlyphs {
		return &budgetError{"codes de caractères", int64(b.lim.MaxGlyphs)}
	}
	return b.tick(1)
}

func (b *budget) addText(n int) error {
	if b.text += n; b.text > b.lim.MaxText {
		return &budgetError{"octets de texte", int64(b.lim.MaxText)}
	}
	return nil
}

// textLeft is what MaxText leaves.
func (b *budget) textLeft() int {
	return max(b.lim.MaxText-b.text, 0)
}

// contentLeft is what MaxContent leaves: decoding can stop there.
func (b *budget) contentLeft() int64 {
	return max(b.lim.MaxContent-b.content, 0)
}

func (b *budget) addContent(n int) error {
	if b.content += int64(n); b.content > b.lim.MaxContent {
		return &budgetError{"octets de flux de contenu lus", b.lim.MaxContent}
	}
	return b.ctx.Err()
}

func isContextError(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}
