package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"analyste.dev/analyste/shared/dev/evaluation"
	"analyste.dev/analyste/shared/frnum"
)

// evalInput is one report to evaluate: its PDF and its truth.
type evalInput struct {
	dir   string
	pdf   string
	truth evaluation.Truth
}

// readEvalInput finds the one PDF of dir and reads its truth.json.
func readEvalInput(dir string) (evalInput, error) {
	in := evalInput{dir: dir}
	pdf, data, err := readDir(dir)
	if err != nil {
		return in, err
	}
	in.pdf = pdf
	in.truth, err = evaluation.ParseTruth(data)
	return in, err
}

// readDir finds the one PDF of an evaluation folder and reads its
// truth.json.
func readDir(dir string) (pdf string, truth []byte, err error) {
	pdfs, err := filepath.Glob(filepath.Join(dir, "*.pdf"))
	if err != nil {
		return "", nil, err
	}
	if len(pdfs) != 1 {
		return "", nil, fmt.Errorf("%d fichiers PDF dans %s, il en faut un seul", len(pdfs), dir)
	}
	truth, err = os.ReadFile(filepath.Join(dir, "truth.json"))
	return pdfs[0], truth, err
}

// runEval runs the whole chain on each report folder, --repeat times, and
// scores every run against the folder's truth.json: the course's table and
// totals line, or with --json the whole evaluation.
func runEval(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	c := newCLI("eval", fs, stderr).withModel(fs)
	repeat := fs.Int("repeat", 1, "nombre de passages de la chaîne sur chaque rapport ; au-delà d'un, moyenne et pire cas de chaque chiffre")
	asJSON := fs.Bool("json", false, "écrit l'évaluation complète en JSON (chaque passage, grand livre des appels au modèle)")
	minFields := fs.Float64("min-fields", 0, "sort en erreur si l'exactitude des champs du pire passage (en %) est en dessous")
	minRecall := fs.Float64("min-recall", 0, "sort en erreur si le rappel des signaux du pire passage (en %) est en dessous")
	maxInvented := fs.Int("max-invented", -1, "sort en erreur si le pire passage donne plus de N champs que le document n'imprime pas (-1 : pas de seuil)")
	usage := "[--model offline|vertex] [--repeat N] [--json] [--min-fields P] [--min-recall P] [--max-invented N] DOSSIER…\nchaque DOSSIER contient un rapport PDF et sa vérité terrain truth.json"
	if !c.parse(fs, args, usage, func(n int) bool { return n > 0 && *repeat >= 1 }) {
		return 2
	}
	inputs := make([]evalInput, fs.NArg())
	for i, dir := range fs.Args() {
		in, err := readEvalInput(dir)
		if err != nil {
			return c.fail(dir, err)
		}
		inputs[i] = in
	}
	p, err := c.pipeline()
	if err != nil {
		fmt.Fprintf(stderr, "analyste eval : %v\n", err)
		return 2
	}
	fmt.Fprintf(stderr, "analyste eval : lecteurs %s, %d passage(s)\n", p.Mode(), *repeat)

	code := 0
	prog := newProgress("eval", stderr, len(inputs)**repeat)
	passes := make([][]evaluation.Score, *repeat)
	for pass := range passes {
		for i, in := range inputs {
			label := in.dir
			if *repeat > 1 {
				label = fmt.Sprintf("%s, passage %d", in.dir, pass+1)
			}
			r, err := runChain(ctx, p, in.pdf, prog.report(pass*len(inputs)+i+1, label))
			if ctx.Err() != nil {
				return c.fail(in.dir, ctx.Err())
			}
			var score evaluation.Score
			if err != nil {
				code = c.fail(in.dir, err)
				score = evaluation.Failed(in.truth, err)
			} else if score, err = evaluation.Measure(in.truth, r.run()); err != nil {
				return c.fail(in.dir, err)
			}
			passes[pass] = append(passes[pass], score)
		}
	}
	e := evaluation.Evaluate(passes)
	if *asJSON {
		err = writeJSON(stdout, e)
	} else {
		err = e.WriteTable(stdout)
	}
	if err != nil {
		return c.fail("sortie", err)
	}
	if got := e.Worst.FieldsPercent(); got < *minFields {
		fmt.Fprintf(stderr, "analyste eval : exactitude des champs %s, sous le seuil de %s\n", frnum.FormatPercent(got), frnum.FormatPercent(*minFields))
		code = 1
	}
	if e.Worst.Unsafe() {
		fmt.Fprintf(stderr, "analyste eval : %s affirmation(s) publiée(s) fausse(s) et %s mémo(s) publié(s) sur un contrôle en échec : rien de cela ne doit être publié\n",
			frnum.Format(e.Worst.FalseClaims), frnum.Format(e.Worst.OnFailedCheck))
		code = 1
	}
	if e.Worst.Unprinted > 0 {
		fmt.Fprintf(stderr, "analyste eval : %s montant(s) lu(s) imprimé(s) nulle part : un lecteur ne donne que des montants imprimés\n", frnum.Format(e.Worst.Unprinted))
		code = 1
	}
	if *maxInvented >= 0 && e.Worst.Invented > float64(*maxInvented) {
		fmt.Fprintf(stderr, "analyste eval : %s champ(s) inventé(s), au-delà du seuil de %d\n", frnum.Format(e.Worst.Invented), *maxInvented)
		code = 1
	}
	if got := e.Worst.Recall(); got < *minRecall {
		fmt.Fprintf(stderr, "analyste eval : rappel des signaux %s, sous le seuil de %s\n", frnum.FormatPercent(got), frnum.FormatPercent(*minRecall))
		code = 1
	}
	return code
}
