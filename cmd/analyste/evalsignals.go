package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"analyste.dev/analyste/shared/critical"
	"analyste.dev/analyste/shared/dev/evaluation/risks"
	"analyste.dev/analyste/shared/dev/labelled"
	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/riskmodel"
	"analyste.dev/analyste/shared/riskrules"
	"analyste.dev/analyste/shared/signals"
)

// Sentences per model call in eval-signals: each on a page of its own, so
// that a call reads a short report. The offline reader reads them one by one.
const modelBatch = 20

// runEvalSignals reads the labelled sentences with the risk reader (offline
// or the model) and prints precision and recall per category and overall,
// and the confusion of severities, for the tuned and the held-out parts.
func runEvalSignals(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("eval-signals", flag.ContinueOnError)
	c := newCLI("eval-signals", fs, stderr).withModel(fs)
	var paths fileList
	fs.Var(&paths, "sentences", "fichier JSON des phrases étiquetées, répétable : les ensembles sont lus comme un seul (défaut "+defaultSentences+")")
	var roles fileList
	fs.Var(&roles, "set", "ajoute les ensembles d'un rôle du manifeste "+filepath.Join(labelled.Dir, labelled.Manifest)+" ("+strings.Join(labelled.Roles, ", ")+"), répétable")
	asJSON := fs.Bool("json", false, "écrit l'évaluation complète en JSON")
	net := fs.Bool("filet", false, "lit avec le seul filet des risques critiques (shared/critical), sans modèle : sa précision")
	misses := fs.Bool("misses", false, "liste les phrases mal lues de la partie de réglage (jamais celles de la partie retenue)")
	minRecall := fs.Float64("min-recall", 0, "sort en erreur si le rappel d'ensemble d'une partie (en %) est en dessous")
	minPrecision := fs.Float64("min-precision", 0, "sort en erreur si la précision d'ensemble d'une partie (en %) est en dessous")
	minCategoryRecall := fs.Float64("min-category-recall", 0, "sort en erreur si le rappel d'une catégorie de la partie de réglage (en %) est en dessous")
	maxFalse := fs.Int("max-false-positives", -1, "sort en erreur si plus de N risques sont lus à tort (toutes parties) : 0 pour les paragraphes types, d'où aucun risque ne doit être publié")
	if !c.parse(fs, args, "[--model offline|vertex] [--filet] [--sentences FICHIER.json]... [--set RÔLE]... [--json] [--misses] [--min-recall P] [--min-precision P] [--min-category-recall P] [--max-false-positives N]", exactly(0)) {
		return 2
	}
	gen, err := c.model()
	if err != nil {
		fmt.Fprintf(stderr, "analyste eval-signals : %v\n", err)
		return 2
	}
	for _, role := range roles {
		sets, err := labelled.Paths(labelled.Dir, role)
		if err != nil {
			fmt.Fprintf(stderr, "analyste eval-signals : %v\n", err)
			return 2
		}
		paths = append(paths, sets...)
	}
	if len(paths) == 0 {
		paths = fileList{defaultSentences}
	}
	corpus, path, err := risks.ReadSets(paths)
	if err != nil {
		return c.fail(path, err)
	}
	read, batch := func(_ context.Context, pages []string) ([]signals.Signal, error) {
		return riskrules.Offline(pages), nil
	}, 1
	switch {
	case *net:
		read = func(_ context.Context, pages []string) ([]signals.Signal, error) {
			return critical.Signals(critical.Read(pages)), nil
		}
	case gen != nil:
		reader, err := riskmodel.NewReader(gen)
		if err != nil {
			return c.fail("lecteur de signaux", err)
		}
		read = func(ctx context.Context, pages []string) ([]signals.Signal, error) {
			r, err := reader.Read(ctx, pages)
			return r.Verified, err
		}
		batch = modelBatch
	}
	e, err := risks.Evaluate(ctx, read, corpus, batch)
	if err != nil {
		return c.fail("lecture des phrases", err)
	}
	switch {
	case *asJSON:
		err = writeJSON(stdout, e)
	default:
		err = e.Write(stdout)
	}
	if err == nil && *misses {
		err = writeMisses(stdout, e.Tuned.Errors)
	}
	if err != nil {
		return c.fail("sortie", err)
	}
	code := 0
	below := func(what string, got, min float64) {
		if got < min {
			fmt.Fprintf(stderr, "analyste eval-signals : %s %s, sous le seuil de %s\n", what, frnum.FormatPercent(got), frnum.FormatPercent(min))
			code = 1
		}
	}
	for _, p := range []struct {
		name string
		part risks.Part
	}{{"réglage", e.Tuned}, {"retenue", e.HeldOut}} {
		below("rappel de la partie "+p.name, 100*p.part.Overall.Recall(), *minRecall)
		below("précision de la partie "+p.name, 100*p.part.Overall.Precision(), *minPrecision)
	}
	for _, cs := range e.Tuned.Categories {
		below("rappel de la catégorie "+string(cs.Category), 100*cs.Recall(), *minCategoryRecall)
	}
	if n := e.Tuned.Overall.FP + e.HeldOut.Overall.FP; *maxFalse >= 0 && n > *maxFalse {
		fmt.Fprintf(stderr, "analyste eval-signals : %d risques lus à tort, au-delà de %d\n", n, *maxFalse)
		code = 1
	}
	return code
}

var defaultSentences = filepath.Join("testdata", "signals", "phrases.json")

// fileList is a repeated flag's files, in order.
type fileList []string

func (f *fileList) String() string { return strings.Join(*f, ",") }

func (f *fileList) Set(path string) error {
	*f = append(*f, path)
	return nil
}

func writeMisses(w io.Writer, misses []risks.Miss) error {
	if _, err := fmt.Fprintf(w, "\nPhrases mal lues (réglage) : %d\n", len(misses)); err != nil {
		return err
	}
	for _, m := range misses {
		if _, err := fmt.Fprintf(w, "- %s : attendue %q %q, lue %q %q : %s\n", m.ID, m.Expected, m.ExpectedSeverity, m.Read, m.ReadSeverity, m.Sentence); err != nil {
			return err
		}
	}
	return nil
}
