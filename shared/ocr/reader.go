package ocr

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"analyste.dev/analyste/shared/locate"
	"analyste.dev/analyste/shared/pdftext"
)

// Budget bounds the OCR of one document: a scan of hundreds of pages must
// not hold an instance for an hour.
type Budget struct {
	MaxPages int           // pages read in full
	Page     time.Duration // one page's reading
	Document time.Duration // the whole document's, title pass included
}

// DefaultBudget reads a filing's statements and the pages around them,
// and leaves the extract function (9 minutes) time to record the reason
// of a scan it gives up on.
func DefaultBudget() Budget {
	return Budget{MaxPages: 40, Page: 2 * time.Minute, Document: 6 * time.Minute}
}

// DefaultCheckBudget bounds the cross-check of a document whose pages all
// have a text layer, which costs no OCR otherwise: a filing's statements
// (four to eight pages) and the pages of its quoted sentences fit in 12
// pages, read at a few seconds each; 2 minutes leave the extract function
// most of its 9 for the model's reading, and a minute a page covers a
// loaded instance.
func DefaultCheckBudget() Budget {
	return Budget{MaxPages: 12, Page: time.Minute, Document: 2 * time.Minute}
}

// DPI is the resolution pages are read at; titleDPI that of the quick pass
// over the top of each page that finds the statement pages of a scan
// longer than the budget.
const (
	DPI      = 300
	titleDPI = 100
	// titleBand is the top part of a page where a statement's title is.
	titleBand = 0.3
)

// ErrBudget means the document's scanned pages could not be read within
// the budget.
var ErrBudget = errors.New("budget de reconnaissance de caractères dépassé")

// Reason tells a person what to do about an OCR error, or "" when err is
// not one.
func Reason(err error) string {
	switch {
	case errors.Is(err, ErrBudget):
		return "Le document numérisé dépasse le temps de reconnaissance de caractères (OCR) imparti sans que ses états financiers aient été lus : déposez uniquement les pages des états financiers."
	case errors.Is(err, ErrUnavailable):
		return "Le PDF est un document numérisé et la reconnaissance de caractères (OCR) n'est pas disponible : déposez une version avec sa couche texte, ou signalez-le à l'équipe plateforme."
	}
	return ""
}

// Reader fills the pages of a document that have no text layer with what
// its engine reads on them.
type Reader struct {
	Engine Engine
	Budget Budget
}

// Fill reads by OCR every page of doc (read from data) that has no text,
// statement pages first when they are more than the budget allows. A page
// the engine fails on, or that the budget leaves unread, keeps its error
// and the others their text; Fill fails when pages were left unread and
// no statement page was read.
func (r Reader) Fill(ctx context.Context, data []byte, doc *pdftext.Document) error {
	var scanned []int // indexes in doc.Pages
	for i, p := range doc.Pages {
		if p.NeedsOCR() {
			scanned = append(scanned, i)
		}
	}
	if len(scanned) == 0 {
		return nil
	}
	src := NewSource(data)
	defer src.Close()
	ctx, cancel := context.WithTimeout(ctx, r.Budget.Document)
	defer cancel()
	order := scanned
	if len(scanned) > r.Budget.MaxPages {
		order = r.statementsFirst(ctx, src, doc, scanned)
	}
	read := 0
	for _, i := range order {
		p := &doc.Pages[i]
		if read == r.Budget.MaxPages || ctx.Err() != nil {
			p.Err = fmt.Errorf("page %d : %w", p.Number, ErrBudget)
			continue
		}
		read++
		if err := r.page(ctx, src, p, Request{Page: p.Number, DPI: DPI, Mode: Column, Also: Auto, Region: Whole}); err != nil {
			if errors.Is(err, context.Canceled) {
				return err
			}
			p.Err = fmt.Errorf("page %d : %w", p.Number, err)
		}
	}
	if read < len(order) && len(locate.Find(doc)) == 0 {
		return fmt.Errorf("%w : %d pages numérisées, %d lues", ErrBudget, len(scanned), read)
	}
	return nil
}

// page reads one page within the page's bound and lays its words out.
func (r Reader) page(ctx context.Context, src *Source, p *pdftext.Page, req Request) error {
	ctx, cancel := context.WithTimeout(ctx, r.Budget.Page)
	defer cancel()
	req.Width, req.Height = p.CropBox.X1-p.CropBox.X0, p.CropBox.Y1-p.CropBox.Y0
	words, err := r.Engine.Read(ctx, src, req)
	if err != nil {
		return err
	}
	var conf []float64
	p.Lines, p.Glyphs, conf = Layout(words, p.CropBox)
	p.OCR = &pdftext.Recognition{Engine: r.Engine.Name(), DPI: req.DPI, Confidence: conf}
	return nil
}

// statementTitles are the folded openings of statement titles in the PCG
// and IAS 1 models (locate holds the full rule; the title pass reads only
// the top of each page, at low resolution).
var statementTitles = []string{"bilan", "compte de resultat", "comptes de resultat", "tableau des flux", "tableau de financement",
	"etat de la situation financiere", "etat du resultat", "actif", "passif"}

// statementsFirst orders the scanned pages: those whose top prints a
// statement's title and their neighbours first, then the others in page
// order. The quick pass reads only the top of each page, at low
// resolution, within the document's bound.
func (r Reader) statementsFirst(ctx context.Context, src *Source, doc *pdftext.Document, scanned []int) []int {
	var first, rest []int
	for _, i := range scanned {
		p := doc.Pages[i]
		if ctx.Err() != nil {
			rest = append(rest, i)
			continue
		}
		pctx, cancel := context.WithTimeout(ctx, r.Budget.Page)
		words, err := r.Engine.Read(pctx, src, Request{Page: p.Number, DPI: titleDPI, Mode: Auto, Region: Region{0, 0, 1, titleBand},
			Width: p.CropBox.X1 - p.CropBox.X0, Height: p.CropBox.Y1 - p.CropBox.Y0})
		cancel()
		if err == nil && titled(words) {
			first = append(first, i)
		} else {
			rest = append(rest, i)
		}
	}
	var near []int
	for _, i := range first {
		for _, j := range []int{i - 1, i + 1} {
			if slices.Contains(rest, j) && !slices.Contains(near, j) {
				near = append(near, j)
			}
		}
	}
	out := append(first, near...)
	for _, i := range rest {
		if !slices.Contains(near, i) {
			out = append(out, i)
		}
	}
	return out
}

// titled tells whether the words hold a statement's title.
func titled(words []Word) bool {
	var b strings.Builder
	for _, w := range words {
		b.WriteString(w.Text + " ")
	}
	text := " " + locate.Fold(b.String()) + " "
	for _, t := range statementTitles {
		if strings.Contains(text, " "+t+" ") {
			return true
		}
	}
	return false
}

// The second reading of a page whose figures fail an identity: more
// pixels a digit, and one block of rows rather than a column of lines,
// so that what Tesseract misread the first time it reads otherwise.
const (
	RereadDPI  = 400
	RereadMode = Block
)

// Reread returns a copy of doc whose OCR pages among pages (from 1) are
// read again at RereadDPI in RereadMode, within the budget; a page the
// second reading fails on keeps its first. doc is left as it was.
func (r Reader) Reread(ctx context.Context, data []byte, doc *pdftext.Document, pages []int) *pdftext.Document {
	return r.rereadPages(ctx, data, doc, pages, func(ctx context.Context, src *Source, p pdftext.Page) (pdftext.Page, bool) {
		p.Lines, p.Glyphs, p.OCR = nil, nil, nil
		err := r.page(ctx, src, &p, Request{Page: p.Number, DPI: RereadDPI, Mode: RereadMode, Region: Whole})
		return p, err == nil
	})
}

// rereadPages returns a copy of doc whose OCR pages among pages (from 1)
// are what again gives for them, within the document's budget; a page
// again gives nothing for (false) is kept as it was.
func (r Reader) rereadPages(ctx context.Context, data []byte, doc *pdftext.Document, pages []int,
	again func(context.Context, *Source, pdftext.Page) (pdftext.Page, bool)) *pdftext.Document {
	out := &pdftext.Document{Pages: slices.Clone(doc.Pages)}
	src := NewSource(data)
	defer src.Close()
	ctx, cancel := context.WithTimeout(ctx, r.Budget.Document)
	defer cancel()
	for _, n := range pages {
		if n < 1 || n > len(out.Pages) || out.Pages[n-1].OCR == nil || ctx.Err() != nil {
			continue
		}
		if p, ok := again(ctx, src, out.Pages[n-1]); ok {
			out.Pages[n-1] = p
		}
	}
	return out
}
