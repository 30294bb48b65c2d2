// Command analyste-local runs the serverless chain on this machine (make
// run): the emulators, the functions and their events as production wires
// them. It is a binary of its own because it links the serverless stack
// (Firestore, Pub/Sub, the functions framework, the viewer, fake-gcs-server):
// three hundred packages whose start-up the CLI's commands, `analyste
// pages` first, would otherwise pay at every run (docs/design.md).
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"text/tabwriter"
	"time"

	"golang.org/x/term"

	"analyste.dev/analyste/shared/dev/localchain"
	"analyste.dev/analyste/shared/pipeline"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := runLocal(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// runLocal runs the serverless chain on this machine: emulators, functions,
// events wired as in production; it uploads the PDFs, waits for their runs
// and prints what Firestore holds.
func runLocal(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("analyste-local", flag.ContinueOnError)
	flags.SetOutput(stderr)
	mode := flags.String("model", pipeline.DefaultMode(os.Getenv), "lecteurs : vertex (Gemini sur Vertex AI) ou offline (sans compte cloud) ; vertex par défaut si GOOGLE_CLOUD_PROJECT est défini")
	timeout := flags.Duration("timeout", 10*time.Minute, "attente maximale de la fin des rapports")
	keep := flags.Bool("keep", term.IsTerminal(int(os.Stdin.Fd())), "garde la chaîne et le visualiseur en marche jusqu'à Ctrl-C (par défaut sur un terminal)")
	flags.Usage = func() {
		fmt.Fprintln(stderr, "usage : analyste-local [--model offline|vertex] [--timeout 10m] [--keep] FICHIER.pdf…")
		flags.PrintDefaults()
	}
	if err := flags.Parse(args); err != nil {
		return 2
	}
	if flags.NArg() == 0 {
		flags.Usage()
		return 2
	}
	start := time.Now()
	logDir, err := os.MkdirTemp("", "analyste-local-")
	if err != nil {
		return fail(stderr, "journaux", err)
	}
	fmt.Fprintf(stderr, "analyste-local : lecteurs %s ; journaux des émulateurs et des fonctions dans %s\n", *mode, logDir)
	logFile, err := os.Create(filepath.Join(logDir, "relais.log"))
	if err != nil {
		return fail(stderr, "journaux", err)
	}
	defer logFile.Close()
	chain, err := localchain.Start(ctx, localchain.Options{Readers: *mode, LogDir: logDir, CrossCheck: true, Log: slog.New(slog.NewJSONHandler(logFile, nil))})
	if err != nil {
		return fail(stderr, "démarrage de la chaîne", err)
	}
	defer chain.Stop()
	fmt.Fprintf(stderr, "analyste-local : chaîne prête en %.1f s (projet %s)\n", time.Since(start).Seconds(), chain.Project())
	ids := make([]string, 0, flags.NArg())
	names := map[string]string{}
	for _, path := range flags.Args() {
		data, err := os.ReadFile(path)
		if err != nil {
			return fail(stderr, path, err)
		}
		name := filepath.Base(filepath.Dir(path)) + "/" + filepath.Base(path)
		id, err := chain.Upload(ctx, name, data)
		if err != nil {
			return fail(stderr, path, err)
		}
		ids = append(ids, id)
		names[id] = name
	}
	wctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()
	reports, err := chain.Wait(wctx, ids)
	w := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "rapport\tsociété\tstatut\tchamps\tcontrôles en échec\trelectures\tsignaux vérifiés / rejetés\tréécritures du mémo\tdurée\tmotif")
	for _, id := range ids {
		r, ok := reports[id]
		if !ok {
			fmt.Fprintf(w, "%s\t\tnon terminé\t\t\t\t\t\t\t\n", names[id])
			continue
		}
		reason := ""
		if r.Failure != nil {
			reason = r.Failure.Reason
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%d\t%d\t%d\t%d / %d\t%d\t%.2f s\t%s\n", names[id], r.Company, r.Status,
			r.Counters.FieldsRead, r.Counters.FailedChecks, r.Counters.Rereads,
			r.Counters.SignalsVerified, r.Counters.SignalsRejected, r.Counters.MemoRewrites,
			r.Updated.Sub(r.Created).Seconds(), reason)
	}
	w.Flush()
	fmt.Fprintf(stdout, "Lu depuis l'émulateur Firestore (projet %s) ; durée totale %.1f s.\n", chain.Project(), time.Since(start).Seconds())
	if err != nil {
		return fail(stderr, "attente des rapports", err)
	}
	if !*keep {
		// Everything stops with the command: a URL would lead nowhere.
		fmt.Fprintln(stdout, "Visualiseur : non lancé, la chaîne s'arrête avec la commande (hors terminal) ; --keep le garde ouvert jusqu'à Ctrl-C.")
		return 0
	}
	url, stopViewer, err := chain.ServeViewer(ctx)
	if err != nil {
		return fail(stderr, "visualiseur", err)
	}
	fmt.Fprintf(stdout, "Visualiseur : %s (Ctrl-C pour tout arrêter)\n", url)
	<-ctx.Done()
	stopViewer()
	fmt.Fprintln(stdout, "Visualiseur arrêté.")
	return 0
}

// fail tells why the chain could not run, its error in full (emulators,
// functions, uploads: what a developer acts on), and gives the exit code 1.
func fail(stderr io.Writer, subject string, err error) int {
	fmt.Fprintf(stderr, "analyste-local : %s : %v\n", subject, err)
	return 1
}
