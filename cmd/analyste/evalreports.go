package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"analyste.dev/analyste/shared/critical"
	"analyste.dev/analyste/shared/dev/evaluation/risks"
	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/signals"
)

// runEvalReports reads whole reports for their risks, as the signals stage
// does (the reader, then the critical-risk net beside it), and scores the
// verified signals against each folder's truth: the risks found, missed or
// read under another category, the signals read from passages that state
// no risk, and the others for a person to judge.
func runEvalReports(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("eval-rapports", flag.ContinueOnError)
	c := newCLI("eval-rapports", fs, stderr).withModel(fs)
	asJSON := fs.Bool("json", false, "écrit les résultats en JSON")
	net := fs.Bool("filet", false, "lit avec le seul filet des risques critiques, sans lecteur")
	minFound := fs.Float64("min-found", 0, "sort en erreur si la part des risques trouvés (en %) est en dessous")
	maxFromNone := fs.Int("max-from-non-risks", -1, "sort en erreur si plus de N signaux citent un passage sans risque")
	if !c.parse(fs, args, "[--model offline|vertex] [--filet] [--json] [--min-found P] [--max-from-non-risks N] DOSSIER...", atLeastOne) {
		return 2
	}
	p, err := c.pipeline()
	if err != nil {
		fmt.Fprintf(stderr, "analyste eval-rapports : %v\n", err)
		return 2
	}
	var scores []risks.ReportScore
	for _, dir := range fs.Args() {
		pdf, data, err := readDir(dir)
		if err != nil {
			return c.fail(dir, err)
		}
		truth, err := risks.ParseReportTruth(data)
		if err != nil {
			return c.fail(dir, err)
		}
		doc, err := p.ReadFile(ctx, pdf)
		if err != nil {
			return c.fail(pdf, err)
		}
		var verified []signals.Signal
		if *net {
			verified, _, _ = critical.Net(doc.Texts(), nil)
		} else {
			read, err := p.Signals(ctx, truth.Company, nil, doc.Texts())
			if err != nil {
				return c.fail(pdf, err)
			}
			verified = read.Verified
		}
		scores = append(scores, risks.MeasureReport(truth, verified))
	}
	if *asJSON {
		err = writeJSON(stdout, scores)
	} else {
		err = risks.WriteReports(stdout, scores)
	}
	if err != nil {
		return c.fail("sortie", err)
	}
	found, expected, fromNone := risks.Totals(scores)
	code := 0
	if share := 100 * float64(found) / float64(max(expected, 1)); share < *minFound {
		fmt.Fprintf(stderr, "analyste eval-rapports : %s des risques trouvés, sous le seuil de %s\n", frnum.FormatPercent(share), frnum.FormatPercent(*minFound))
		code = 1
	}
	if *maxFromNone >= 0 && fromNone > *maxFromNone {
		fmt.Fprintf(stderr, "analyste eval-rapports : %d signaux citent un passage sans risque, au-delà de %d\n", fromNone, *maxFromNone)
		code = 1
	}
	return code
}
