package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"golang.org/x/term"

	"analyste.dev/analyste/shared/dev/evaluation"
	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/schema"
)

// chainResult is one report through the whole chain, in process.
type chainResult struct {
	pages     int
	extracted pipeline.Extracted
	signaled  pipeline.Signaled
	memo      memo.Result
	facts     []facts.Fact
}

// runChain runs extraction, signals and memo on one PDF, as the functions
// do; stage is told each stage as it starts.
func runChain(ctx context.Context, p *pipeline.Pipeline, path string, stage func(string)) (chainResult, error) {
	var out chainResult
	stage("texte des pages")
	doc, err := p.ReadFile(ctx, path)
	if err != nil {
		return out, err
	}
	out.pages = len(doc.Pages)
	stage("états financiers")
	if out.extracted, err = p.Extract(ctx, doc); err != nil {
		return out, err
	}
	rep := out.extracted.Result.Report
	stage("signaux")
	company := out.extracted.Borrower()
	if out.signaled, err = p.Signals(ctx, company, rep.YearsDesc(), doc.Texts()); err != nil {
		return out, err
	}
	facts.MarkQuotes(out.signaled.Facts, out.extracted.OCR)
	in := pipeline.MemoInput(p.Record(out.extracted, out.pages), out.signaled.Record())
	out.facts = in.Facts
	stage("mémo")
	out.memo, err = p.Memo(ctx, in)
	return out, err
}

// run is what the evaluation scores.
func (r chainResult) run() evaluation.Run {
	return evaluation.Run{Extraction: r.extracted.Result, Signals: r.signaled.Reading, Memo: r.memo, Facts: r.facts}
}

// progress tells on stderr which report and stage is running and the time
// elapsed, when stderr is a terminal and there is more than one report.
type progress struct {
	w     io.Writer // nil: silent
	name  string
	total int
	start time.Time
}

func newProgress(name string, stderr io.Writer, reports int) *progress {
	p := &progress{name: name, total: reports, start: time.Now()}
	if reports > 1 && isTerminal(stderr) {
		p.w = stderr
	}
	return p
}

// isTerminal reports whether f is a terminal (not a file, a pipe or /dev/null).
func isTerminal(w any) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// report gives the stage hook of the n-th report (from 1), named label.
func (p *progress) report(n int, label string) func(stage string) {
	return func(stage string) {
		if p.w != nil {
			fmt.Fprintf(p.w, "analyste %s : [%d/%d] %s : %s (%s)\n", p.name, n, p.total, label, stage, evaluation.Elapsed(time.Since(p.start)))
		}
	}
}

// summary is the course's one line per report.
func (r chainResult) summary() string {
	res := r.extracted.Result
	return fmt.Sprintf("%s | champs contrôlés : %d | contrôles en échec : %d | relectures : %d | signaux cités : %d, rejetés : %d | texte invisible : %d caractères | mémo : %s",
		res.Report.Company, res.Report.FieldsFound(), len(res.Failed()), res.Rereads(),
		len(r.signaled.Verified), len(r.signaled.Rejected), r.extracted.Invisible, r.memo.Status)
}

// runOutput is `run --json`: the extract output plus facts, signals and memo.
type runOutput struct {
	schema.ExtractionRecord
	Facts []facts.Fact `json:"faits"` // R-, A- and Q- facts

	Signals schema.SignalsRecord `json:"signaux"`
	Memo    memo.Result          `json:"memo"`
}

func (r chainResult) output(p *pipeline.Pipeline) runOutput {
	return runOutput{ExtractionRecord: p.Record(r.extracted, r.pages), Facts: r.facts, Signals: r.signaled.Record(), Memo: r.memo}
}

// runRun runs the whole chain on each PDF and prints one line per report,
// or with --json one JSON object per report.
func runRun(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	c := newCLI("run", fs, stderr).withModel(fs)
	asJSON := fs.Bool("json", false, "écrit, pour chaque rapport, le JSON complet (états, contrôles, faits, signaux, mémo)")
	if !c.parse(fs, args, "[--model offline|vertex] [--json] FICHIER.pdf…", atLeastOne) {
		return 2
	}
	p, err := c.pipeline()
	if err != nil {
		fmt.Fprintf(stderr, "analyste run : %v\n", err)
		return 2
	}
	fmt.Fprintf(stderr, "analyste run : lecteurs %s\n", p.Mode())
	code := 0
	prog := newProgress("run", stderr, fs.NArg())
	for i, path := range fs.Args() {
		r, err := runChain(ctx, p, path, prog.report(i+1, path))
		if err != nil {
			code = c.fail(path, err)
			continue
		}
		if *asJSON {
			if err := writeJSON(stdout, r.output(p)); err != nil {
				return c.fail(path, err)
			}
			continue
		}
		fmt.Fprintln(stdout, r.summary())
	}
	return code
}
