// Package pipeline runs the stages of the chain in process: each cloud
// function calls one stage, the CLI and the evaluation run them in sequence.
// The same code serves both, so what the CLI measures is what is deployed.
package pipeline

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"

	"analyste.dev/analyste/shared/checks"
	"analyste.dev/analyste/shared/covenants"
	"analyste.dev/analyste/shared/extraction"
	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/locate"
	"analyste.dev/analyste/shared/model"
	"analyste.dev/analyste/shared/ocr"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/ratios"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/statementreader"
	"analyste.dev/analyste/shared/statements"
)

// generator is the structured-generation call of every model role.
type generator interface {
	Generate(ctx context.Context, req model.Request, out any) (model.Usage, error)
}

// Readers names who reads: the model, or the offline readers.
const (
	ModeModel   = "vertex"
	ModeOffline = "offline"
)

// DefaultMode is who reads when a command is not told: the model where a
// cloud project is configured (GOOGLE_CLOUD_PROJECT), else the offline
// readers.
func DefaultMode(getenv func(string) string) string {
	if getenv("GOOGLE_CLOUD_PROJECT") != "" {
		return ModeModel
	}
	return ModeOffline
}

// ErrNoStatements means the page finder found no statement page.
var ErrNoStatements = errors.New("aucune page d'états financiers trouvée dans le rapport")

// Options tune the pipeline.
type Options struct {
	MaxRereads int // re-reads after a failed check, model only (extraction.DefaultMaxRereads)
	// TokenBudget bounds the tokens the extraction of one report may spend
	// before a re-read (extraction.WithTokenBudget); 0 means no budget.
	TokenBudget int
	Limits      pdftext.Limits
	// OCR reads the pages without a text layer; nil leaves a scan
	// refused (pdftext.ErrNoText).
	OCR *ocr.Reader
	// CrossCheck has the OCR check the text layer of the statement pages
	// and of the quoted sentences against the printed page, in a text PDF
	// too (within CheckBudget, zero for ocr.DefaultCheckBudget): a font
	// whose ToUnicode lies is seen only there.
	CrossCheck  bool
	CheckBudget ocr.Budget
}

// Pipeline holds the readers of every stage.
type Pipeline struct {
	gen  generator
	opts Options
}

// New returns a pipeline reading with gen, or with the offline readers when
// gen is nil.
func New(gen generator, opts Options) *Pipeline {
	return &Pipeline{gen: gen, opts: opts}
}

// Mode tells who reads.
func (p *Pipeline) Mode() string {
	if p.gen == nil {
		return ModeOffline
	}
	return ModeModel
}

// Read extracts the text of each page of a PDF within the pipeline's
// limits; with an OCR, the pages without a text layer are read on their
// image, page by page, and with CrossCheck the text layer of the others
// is checked against their print (crossCheck).
func (p *Pipeline) Read(ctx context.Context, r io.ReaderAt, size int64) (*pdftext.Document, error) {
	if p.opts.OCR == nil {
		doc, err := pdftext.Read(ctx, r, size, p.opts.Limits)
		if err != nil {
			return nil, fmt.Errorf("texte du PDF : %w", err)
		}
		return doc, nil
	}
	doc, err := pdftext.ReadScanned(ctx, r, size, p.opts.Limits)
	if err != nil {
		return nil, fmt.Errorf("texte du PDF : %w", err)
	}
	scanned := slices.ContainsFunc(doc.Pages, pdftext.Page.NeedsOCR)
	if !scanned && !p.opts.CrossCheck {
		return doc, nil // no copy of the file held for an OCR that reads nothing
	}
	data := make([]byte, size) // within the limits ReadScanned checked
	if _, err := r.ReadAt(data, 0); err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("lecture du PDF : %w", err)
	}
	if err := p.opts.OCR.Fill(ctx, data, doc); err != nil {
		return nil, fmt.Errorf("OCR du PDF : %w", err)
	}
	if p.opts.CrossCheck {
		if err := p.crossCheck(ctx, data, doc, scanned); err != nil {
			return nil, err
		}
	}
	return p.reread(ctx, data, doc), nil
}

// crossCheck checks the statement pages' text layer against their printed
// figures, then the figures of the sentences quoted elsewhere: an amount
// printed otherwise is withheld and told (TextIssues). A text PDF, which
// costs no OCR otherwise, is checked within the smaller CheckBudget.
func (p *Pipeline) crossCheck(ctx context.Context, data []byte, doc *pdftext.Document, scanned bool) error {
	checker := *p.opts.OCR
	if !scanned {
		checker.Budget = cmp.Or(p.opts.CheckBudget, ocr.DefaultCheckBudget())
	}
	statementPages := locate.Find(doc).Neighbours(0, len(doc.Pages))
	if _, err := checker.CrossCheck(ctx, data, doc, statementPages, quotedSentences(doc, statementPages), p.opts.Limits); err != nil {
		return fmt.Errorf("contrôle de la couche texte par OCR : %w", err)
	}
	return nil
}

// ReadFile is Read on the file at path.
func (p *Pipeline) ReadFile(ctx context.Context, path string) (*pdftext.Document, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("ouverture de %s : %w", path, err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("lecture de %s : %w", path, err)
	}
	return p.Read(ctx, f, info.Size())
}

// Extracted is the extract stage's output.
type Extracted struct {
	Result      extraction.Result
	Divergences []ratios.Alert // fields the two readers read differently
	Ratios      map[int]ratios.Ratios
	Alerts      []ratios.Alert
	Facts       []facts.Fact // R-, A-, C- then K- facts
	// Identity is the borrower's legal identity as the document prints it
	// (facts.Identify); CompanyIssue says why none can be established, and
	// the facts are then named after facts.Unidentified.
	Identity     facts.Identity
	CompanyIssue string
	// TextIssues: text the pages do not print that holds a figure or a
	// risk, digits of a lying font (TextIssues); Invisible counts the
	// glyphs the pages do not print.
	TextIssues []string
	Invisible  int
	// OCR lists the pages read by OCR; Unchecked those whose text layer
	// the cross-check's budget left unchecked against the printed page.
	OCR       []facts.OCRPage
	Unchecked []int
}

// presentations compares, in a filing that holds the liasse's forms and the
// accountant's own statements, the two presentations of the same figures:
// forms is the offline reader's reading, which takes the forms where they
// print a statement. Every field where they disagree is a divergence,
// whichever reader read the report.
func presentations(doc *pdftext.Document, forms statements.Report) []ratios.Alert {
	own, ok := statementreader.Presentation(doc)
	if !ok {
		return nil
	}
	b, err := statements.Normalise(own)
	if err != nil {
		return nil
	}
	return extraction.DivergeWhereBoth(forms, b, "formulaires de la liasse", "états de la plaquette")
}

// Borrower is the name the facts and the memo use.
func (e Extracted) Borrower() string {
	return schema.ExtractionRecord{Company: e.Identity.Name, CompanyIssue: e.CompanyIssue}.Borrower()
}

// Extract reads the statements of doc, checks them and computes the ratio
// and alert facts. With a model, the offline reader reads too, and every
// field where they disagree becomes an alert.
func (p *Pipeline) Extract(ctx context.Context, doc *pdftext.Document) (Extracted, error) {
	pages := locate.Find(doc).Neighbours(1, len(doc.Pages))
	if len(pages) == 0 {
		return Extracted{}, ErrNoStatements
	}
	deterministic := extraction.NewDeterministic(statementreader.Reader{})
	var out Extracted
	var ours *statements.Report // the offline reader's reading
	if p.gen == nil {
		res, err := run(ctx, deterministic, 0, doc, pages)
		if err != nil {
			return out, err
		}
		out.Result = res
		ours = &out.Result.Report
	} else {
		reader, err := extraction.NewModelReader(p.gen)
		if err != nil {
			return out, err
		}
		if out.Result, err = run(ctx, reader, p.opts.MaxRereads, doc, pages, extraction.WithTokenBudget(p.opts.TokenBudget)); err != nil {
			return out, err
		}
		// The second reader's failure costs the comparison, not the report.
		if second, err := run(ctx, deterministic, 0, doc, pages); err == nil {
			out.Divergences = extraction.Diverge(out.Result.Report, second.Report, "modèle", "lecteur hors ligne")
			ours = &second.Report
		}
	}
	if ours != nil {
		out.Divergences = append(out.Divergences, presentations(doc, *ours)...)
	}
	rep := out.Result.Report
	id, err := facts.Identify(doc.Texts(), rep.Company)
	if err != nil {
		out.CompanyIssue = "société non identifiée : " + err.Error()
	}
	out.Identity = id
	out.TextIssues, out.Invisible = TextIssues(doc), doc.InvisibleChars()
	out.Ratios, out.Alerts, out.Facts = derive(out.Borrower(), rep, out.Result.Transcription, out.Result.Checks, out.Divergences, doc.Texts())
	out.OCR, out.Unchecked = facts.OCRPages(doc), uncheckedPages(doc)
	facts.MarkFigures(out.Facts, doc)
	facts.MarkQuotes(out.Facts, out.OCR)
	return out, nil
}

// uncheckedPages lists the pages of doc (from 1) the cross-check left
// unchecked.
func uncheckedPages(doc *pdftext.Document) []int {
	var out []int
	for _, p := range doc.Pages {
		if p.Unchecked {
			out = append(out, p.Number)
		}
	}
	return out
}

// derive computes from a checked reading what the chain computes from it:
// the ratios, the alerts (divergences between readers included) and the
// facts the memo cites. The extract stage and a reviewer's correction
// (Revise) both call it.
func derive(company string, rep statements.Report, tr statements.Transcription, cs []checks.Check, divergences []ratios.Alert, texts []string) (map[int]ratios.Ratios, []ratios.Alert, []facts.Fact) {
	rs := ratios.Compute(rep)
	alerts := append(ratios.Alerts(rep, rs, ratios.DefaultThresholds), divergences...)
	var diverging []facts.Divergence
	for _, d := range divergences {
		for _, ref := range d.Reads {
			diverging = append(diverging, facts.Divergence{Field: ref, Text: d.Text})
		}
	}
	ev := facts.NewEvidence(rep, tr, cs, diverging)
	years := rep.YearsDesc()
	var covFacts []facts.Fact
	if len(years) > 0 {
		var covAlerts []ratios.Alert
		covFacts, covAlerts = covenants.Facts(company, covenants.Read(texts, years[0]),
			covenants.Statements{Year: years[0], Leverage: rs[years[0]].Leverage, Evidence: ev, Report: rep}, ratios.DefaultThresholds)
		alerts = append(alerts, covAlerts...)
	}
	fs := append(facts.RatioFacts(company, years, rs, ev), facts.AlertFacts(company, alerts, ev)...)
	fs = append(fs, covFacts...)
	lender := facts.LenderFacts(company, years, rs, ev, texts)
	fs = append(fs, facts.HeadroomFacts(company, covFacts, facts.AdjustedEBITDA(lender))...)
	if len(years) > 0 {
		fs = append(fs, facts.AccountsHeadroomFacts(company, covFacts, years[0], rs, ev)...)
	}
	fs = append(fs, lender...)
	if f, ok := facts.LiquidityFact(company, years, rs, ev, append(slices.Clone(covFacts), lender...)); ok {
		fs = append(fs, f)
	}
	fs = append(fs, facts.CounterpartyFacts(company, texts)...)
	fs = append(fs, facts.OpinionFact(company, fs, years))
	return rs, alerts, append(fs, facts.QualityFacts(company, cs, fs)...)
}

func run(ctx context.Context, r extraction.Transcriber, rereads int, doc *pdftext.Document, pages []int, opts ...extraction.Option) (extraction.Result, error) {
	ex, err := extraction.New(r, rereads, opts...)
	if err != nil {
		return extraction.Result{}, err
	}
	return ex.Run(ctx, doc, pages)
}
