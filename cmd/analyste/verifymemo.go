package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/memo"
)

// runVerifyMemo checks a memo written by anyone against facts: defects,
// each claim's verdict and the status; exit 0 only for publie.
func runVerifyMemo(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	return verifyMemo(ctx, args, stdout, stderr, os.Getenv)
}

func verifyMemo(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	fs := flag.NewFlagSet("verify-memo", flag.ContinueOnError)
	c := newCLI("verify-memo", fs, stderr)
	c.getenv = getenv
	c.withModel(fs)
	factsPath := fs.String("facts", "", "fichier JSON des faits : [{\"id\", \"texte\"}]")
	report := fs.String("report", "", "nom du rapport dans le relais (par défaut le fichier du mémo)")
	asJSON := fs.Bool("json", false, "écrit le résultat en JSON")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage : analyste verify-memo --facts FAITS.json MEMO.json [--model offline|vertex] [--json]")
		fs.PrintDefaults()
	}
	// Flags may follow the memo's path: parse again after each positional.
	var positional []string
	for rest := args; ; {
		if err := fs.Parse(rest); err != nil {
			return 2
		}
		if fs.NArg() == 0 {
			break
		}
		positional = append(positional, fs.Arg(0))
		rest = fs.Args()[1:]
	}
	if *factsPath == "" || len(positional) != 1 {
		fs.Usage()
		return 2
	}
	memoPath := positional[0]
	if *report == "" {
		*report = memoPath
	}
	var fts []facts.Fact
	if err := readJSON(*factsPath, &fts); err != nil {
		fmt.Fprintf(stderr, "verify-memo : faits : %v\n", err)
		return 2
	}
	m, err := readMemo(memoPath)
	if err != nil {
		fmt.Fprintf(stderr, "verify-memo : mémo : %v\n", err)
		return 2
	}
	judge, err := newJudge(c)
	if err != nil {
		fmt.Fprintf(stderr, "verify-memo : %v\n", err)
		return 2
	}
	v, err := memo.NewVerifier(judge)
	if err != nil {
		fmt.Fprintf(stderr, "verify-memo : %v\n", err)
		return 2
	}
	res, err := v.Verify(ctx, memo.Input{Company: *report, Facts: fts, Years: memo.FactYears(fts)}, m)
	if err != nil {
		fmt.Fprintf(stderr, "verify-memo : %v\n", err)
		return 1
	}
	if *asJSON {
		if err := writeJSON(stdout, res); err != nil {
			fmt.Fprintf(stderr, "verify-memo : %v\n", err)
			return 1
		}
	} else {
		printResult(stdout, res)
	}
	if res.Status != memo.Published {
		return 1
	}
	return 0
}

// newJudge is the judge the --model flag names: the offline rule or a model.
func newJudge(c *cli) (memo.Judge, error) {
	gen, err := c.model()
	if err != nil || gen == nil {
		return memo.OfflineJudge{}, err
	}
	return memo.NewModelJudge(gen)
}

func readJSON(path string, out any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, out); err != nil {
		return fmt.Errorf("%s : %w", path, err)
	}
	return nil
}

// readMemo reads a memo whose kinds may be written as slugs or labels
// ("liquidité et échéances"); a section of another name (a memo written by
// anyone) keeps its name and is verified like the others.
func readMemo(path string) (memo.Memo, error) {
	var m memo.Memo
	if err := readJSON(path, &m); err != nil {
		return m, err
	}
	for i, p := range m.Paragraphs {
		k, ok := memo.ParseKind(string(p.Kind))
		if !ok {
			k = memo.Kind(strings.TrimSpace(string(p.Kind)))
		}
		m.Paragraphs[i].Kind = k
	}
	return m, nil
}

func printResult(w io.Writer, res memo.Result) {
	fmt.Fprintf(w, "Défauts (%d) :\n", len(res.Defects))
	for _, d := range res.Defects {
		fmt.Fprintf(w, "  - %s\n", d.Message)
	}
	fmt.Fprintln(w, "Verdicts :")
	for _, v := range res.Verdicts {
		fmt.Fprintf(w, "  - paragraphe %d, « %s »\n", v.Paragraph, v.Claim)
		fmt.Fprintf(w, "    juge (%s) : %s, fait %q : %s\n", v.Judge, v.Verdict, v.Fact, v.Judgement.Reason)
		fmt.Fprintf(w, "    statut : %s", v.Status)
		if v.Reason != "" {
			fmt.Fprintf(w, " (%s : %s)", v.Step, v.Reason)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "Statut : %s — %s\n", res.Status, res.Reason)
}
