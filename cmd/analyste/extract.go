package main

import (
	"context"
	"flag"
	"fmt"
	"io"
)

// runExtract prints the statements of one report, checked, as JSON.
func runExtract(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("extract", flag.ContinueOnError)
	c := newCLI("extract", fs, stderr).withModel(fs)
	if !c.parse(fs, args, "[--model offline|vertex] FICHIER.pdf", exactly(1)) {
		return 2
	}
	p, err := c.pipeline()
	if err != nil {
		fmt.Fprintf(stderr, "analyste extract : %v\n", err)
		return 2
	}
	path := fs.Arg(0)
	doc, err := p.ReadFile(ctx, path)
	if err != nil {
		return c.fail(path, err)
	}
	ex, err := p.Extract(ctx, doc)
	if err != nil {
		return c.fail(path, err)
	}
	if err := writeJSON(stdout, p.Record(ex, len(doc.Pages))); err != nil {
		return c.fail(path, err)
	}
	return 0
}
