package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/quotes"
)

// runPages prints the text of every page of a PDF under a header line.
// A page that failed is reported on stderr and the others still print.
func runPages(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("pages", flag.ContinueOnError)
	c := newCLI("pages", fs, stderr)
	if !c.parse(fs, args, "FICHIER.pdf", exactly(1)) {
		return 2
	}
	path := fs.Arg(0)
	doc, err := c.readPDF(ctx, path)
	if err != nil {
		return c.fail(path, err)
	}
	for _, p := range doc.Pages {
		fmt.Fprintf(stdout, "=== page %d / %d ===\n", p.Number, len(doc.Pages))
		if p.Err != nil {
			fmt.Fprintf(stderr, "analyste pages : page %d illisible : %s (%v)\n", p.Number, pdftext.Reason(p.Err), p.Err)
		}
		if text := p.Text(); text != "" {
			fmt.Fprintln(stdout, quotes.Sanitize(text)) // no escape sequence from a ToUnicode map reaches the terminal
		}
		for _, h := range p.Hidden {
			fmt.Fprintf(stderr, "analyste pages : page %d, texte invisible (%s) : %d caractères : « %s »\n", p.Number, h.Reason, h.Chars, quotes.Sanitize(h.Text))
		}
		if p.Remapped > 0 {
			fmt.Fprintf(stderr, "analyste pages : page %d, %d chiffres d'une police dont la table ToUnicode contredit l'encodage, illisibles (�)\n", p.Number, p.Remapped)
		}
	}
	return 0
}
