package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"analyste.dev/analyste/shared/checks"
	"analyste.dev/analyste/shared/extraction"
	"analyste.dev/analyste/shared/model"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/ratios"
	"analyste.dev/analyste/shared/statements"
)

// extractOutput has truth.json's shape plus what the loop did.
type extractOutput struct {
	Company     string                  `json:"societe"`
	PrintedUnit string                  `json:"unite_imprimee"`
	Pages       statements.Pages        `json:"pages"`
	Years       map[int]statements.Year `json:"exercices"`
	Checks      []checks.Check          `json:"controles"`
	Attempts    []extraction.Attempt    `json:"tentatives"`
	Usage       model.Usage             `json:"usage"`
	Prompt      extraction.PromptSize   `json:"prompt"`
	Divergences []ratios.Alert          `json:"lectures_divergentes,omitempty"`
	Readers     string                  `json:"lecteurs"`
}

func newExtractOutput(mode string, ex pipeline.Extracted) extractOutput {
	res := ex.Result
	return extractOutput{
		Company: res.Transcription.Company, PrintedUnit: res.Transcription.PrintedUnit,
		Pages: res.Report.Pages, Years: res.Report.Years, Checks: res.Checks,
		Attempts: res.Attempts, Usage: res.Usage, Prompt: res.Prompt,
		Divergences: ex.Divergences, Readers: mode,
	}
}

// runExtract prints the statements of one report, checked, as JSON.
func runExtract(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("extract", flag.ContinueOnError)
	c := newCLI("extract", fs, stderr).withModel(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage : analyste extract [--model offline|vertex] FICHIER.pdf")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	p, err := c.pipeline()
	if err != nil {
		fmt.Fprintf(stderr, "analyste extract : %v\n", err)
		return 2
	}
	path := fs.Arg(0)
	doc, err := pdftext.ReadFile(ctx, path, pdftext.DefaultLimits())
	if err != nil {
		return c.fail(path, err)
	}
	ex, err := p.Extract(ctx, doc)
	if err != nil {
		return c.fail(path, err)
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(newExtractOutput(p.Mode(), ex)); err != nil {
		return c.fail(path, err)
	}
	return 0
}
