package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"analyste.dev/analyste/shared/dev/evaluation"
	"analyste.dev/analyste/shared/memo"
)

// runEvalJudge runs the memo judge (the offline rule, or the model) over the
// labelled claims and prints its confusion matrix and its rate of false
// "soutenu".
func runEvalJudge(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("eval-judge", flag.ContinueOnError)
	c := newCLI("eval-judge", fs, stderr).withModel(fs)
	casesPath := fs.String("cases", "", "fichier JSON de cas étiquetés ; par défaut le jeu du projet (shared/dev/evaluation/testdata/jugements.json)")
	asJSON := fs.Bool("json", false, "écrit le rapport complet en JSON")
	if !c.parse(fs, args, "[--model offline|vertex] [--cases FICHIER.json] [--json]", exactly(0)) {
		return 2
	}
	gen, err := c.model()
	if err != nil {
		fmt.Fprintf(stderr, "analyste eval-judge : %v\n", err)
		return 2
	}
	var judge memo.Judge = memo.OfflineJudge{}
	if gen != nil {
		if judge, err = memo.NewModelJudge(gen); err != nil {
			return c.fail("juge", err)
		}
	}
	cases, err := judgeCases(*casesPath)
	if err != nil {
		return c.fail(cmp.Or(*casesPath, "cas de jugement"), err)
	}
	r, err := evaluation.RunJudge(ctx, judge, cases)
	if err != nil {
		return c.fail("juge", err)
	}
	if *asJSON {
		err = writeJSON(stdout, r)
	} else {
		err = r.Write(stdout)
	}
	if err != nil {
		return c.fail("sortie", err)
	}
	return 0
}

// judgeCases reads the labelled set at path, or the project's when path is
// empty.
func judgeCases(path string) ([]evaluation.JudgeCase, error) {
	if path == "" {
		return evaluation.JudgeCases()
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return evaluation.ParseJudgeCases(data)
}
