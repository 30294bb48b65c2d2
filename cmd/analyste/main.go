// Command analyste is the local CLI of the pipeline: it runs the stages of
// the chain on PDF files without any cloud service.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"

	"analyste.dev/analyste/shared/gcpace"
)

// command is one sub-command; run returns the process exit code.
type command struct {
	summary string
	run     func(ctx context.Context, args []string, stdout, stderr io.Writer) int
}

// commands lists every sub-command by name.
var commands = map[string]command{
	"pages":         {summary: "affiche le texte de chaque page d'un PDF", run: runPages},
	"eval":          {summary: "évalue la chaîne sur des dossiers (PDF + truth.json) : tableau du cours, coût des appels", run: runEval},
	"eval-judge":    {summary: "évalue le juge du mémo sur les cas étiquetés : matrice de confusion, taux de faux « soutenu »", run: runEvalJudge},
	"eval-rapports": {summary: "évalue la lecture des risques sur des rapports entiers (PDF + truth.json) : risques trouvés, manqués, lus sans risque", run: runEvalReports},
	"eval-signals":  {summary: "évalue le lecteur de risques sur les phrases étiquetées : précision et rappel par catégorie, gravités", run: runEvalSignals},
	"extract":       {summary: "transcrit et contrôle les états financiers d'un rapport (JSON)", run: runExtract},
	"run":           {summary: "chaîne complète en local : états, signaux, mémo (une ligne ou JSON par rapport)", run: runRun},
	"rubric":        {summary: "note les mémos sur les parties mécaniques de la grille (docs/memo-rubric.md) : longueur, répétitions, clés brutes, avis, liquidité, covenant", run: runRubric},
	"verify-quote":  {summary: "vérifie qu'une citation figure mot pour mot à la page indiquée", run: runVerifyQuote},
	"verify-memo":   {summary: "vérifie un mémo (nombres, sources, jugement) contre des faits", run: runVerifyMemo},
}

func main() {
	gcpace.Start(gcpace.Headroom)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := dispatch(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

func dispatch(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "analyste : commande inconnue %q\n", args[0])
		usage(stderr)
		return 2
	}
	return cmd.run(ctx, args[1:], stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage : analyste <commande> [options] [arguments]")
	names := make([]string, 0, len(commands))
	for name := range commands {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		fmt.Fprintf(w, "  %-20s %s\n", name, commands[name].summary)
	}
	fmt.Fprintln(w, "la chaîne serverless en local (émulateurs, fonctions, événements) : analyste-local FICHIER.pdf… (go run ./cmd/analyste-local)")
}
