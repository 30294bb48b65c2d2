package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strconv"

	"analyste.dev/analyste/shared/quotes"
)

// runVerifyQuote checks one quote against one page of a PDF with the
// pipeline's own verification: exit 0 and "vérifiée", or exit 1 and why.
func runVerifyQuote(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("verify-quote", flag.ContinueOnError)
	c := newCLI("verify-quote", fs, stderr)
	if !c.parse(fs, args, `FICHIER.pdf PAGE "CITATION"`, exactly(3)) {
		return 2
	}
	page, err := strconv.Atoi(fs.Arg(1))
	if err != nil {
		fmt.Fprintf(stderr, "analyste verify-quote : page %q : un numéro de page est attendu\n", fs.Arg(1))
		return 2
	}
	doc, err := c.readPDF(ctx, fs.Arg(0))
	if err != nil {
		return c.fail(fs.Arg(0), err)
	}
	res := quotes.Verify(doc.Texts(), page, fs.Arg(2))
	if !res.OK {
		fmt.Fprintln(stdout, res.Reason)
		return 1
	}
	fmt.Fprintln(stdout, "vérifiée")
	return 0
}
