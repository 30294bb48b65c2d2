package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"

	"analyste.dev/analyste/shared/extraction"
	"analyste.dev/analyste/shared/model"
	"analyste.dev/analyste/shared/ocr"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/platform"
)

// cli is what every sub-command shares: its name for messages, the model
// flag and the way errors are told.
type cli struct {
	name   string
	stderr io.Writer
	mode   *string
	getenv func(string) string
}

// newCLI sets fs to write its errors where the command does.
func newCLI(name string, fs *flag.FlagSet, stderr io.Writer) *cli {
	fs.SetOutput(stderr)
	return &cli{name: name, stderr: stderr, getenv: os.Getenv}
}

// withModel declares the --model flag of the commands that run stages.
func (c *cli) withModel(fs *flag.FlagSet) *cli {
	c.mode = fs.String("model", pipeline.DefaultMode(c.getenv), "lecteurs : vertex (Gemini sur Vertex AI) ou offline (sans compte cloud) ; vertex par défaut si GOOGLE_CLOUD_PROJECT est défini")
	return c
}

// generator is the model call of every stage.
type generator interface {
	Generate(ctx context.Context, req model.Request, out any) (model.Usage, error)
}

// model builds the model the --model flag names: nil for the offline
// readers.
func (c *cli) model() (generator, error) {
	switch *c.mode {
	case pipeline.ModeOffline:
		return nil, nil
	case pipeline.ModeModel:
		cfg := model.ConfigFromEnv(c.getenv)
		if err := cfg.Validate(); err != nil {
			return nil, fmt.Errorf("configuration Vertex AI : %w", err)
		}
		client, err := model.NewClient(cfg, slog.New(slog.NewJSONHandler(c.stderr, nil)))
		if err != nil {
			return nil, err // not a nil *model.Client inside the interface
		}
		return client, nil
	}
	return nil, fmt.Errorf("--model %q : valeurs possibles vertex ou offline", *c.mode)
}

// pipeline builds the readers the --model flag names.
func (c *cli) pipeline() (*pipeline.Pipeline, error) {
	gen, err := c.model()
	if err != nil {
		return nil, err
	}
	opts, err := c.options()
	if err != nil {
		return nil, err
	}
	opts.MaxRereads = extraction.DefaultMaxRereads
	return pipeline.New(gen, opts), nil
}

// options are what every command reads a PDF with: Tesseract where it is
// installed, checking text layers against their print only when
// ANALYSTE_CONTROLE_OCR=oui, since the evaluation reads every test PDF and
// the check adds its OCR to each.
func (c *cli) options() (pipeline.Options, error) {
	check, err := platform.CrossCheckEnv(c.getenv, false)
	if err != nil {
		return pipeline.Options{}, err
	}
	return pipeline.Options{Limits: pdftext.DefaultLimits(), OCR: c.ocr(), CrossCheck: check}, nil
}

// ocr is Tesseract where it is installed (make deps), else none: a scan is
// then refused with its reason.
func (c *cli) ocr() *ocr.Reader {
	engine, err := ocr.NewTesseract()
	if err != nil {
		return nil
	}
	return &ocr.Reader{Engine: engine, Budget: ocr.DefaultBudget()}
}

// readPDF reads the text of a PDF as the pipeline does, scanned pages by OCR.
func (c *cli) readPDF(ctx context.Context, path string) (*pdftext.Document, error) {
	opts, err := c.options()
	if err != nil {
		return nil, err
	}
	return pipeline.New(nil, opts).ReadFile(ctx, path)
}

// fail tells err to a person and gives the exit code 1.
func (c *cli) fail(subject string, err error) int {
	reason, _ := pipeline.Explain(err)
	if errors.Is(err, fs.ErrNotExist) {
		reason = "fichier introuvable"
	}
	fmt.Fprintf(c.stderr, "analyste %s : %s : %s\n", c.name, subject, reason)
	fmt.Fprintf(c.stderr, "  (détail : %v)\n", err)
	return 1
}

// writeJSON writes v as indented JSON, the form every --json output takes.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// parse reads the command line: flags, then the positional arguments that
// argsOK accepts (by their count). On a usage error it prints usage with the
// flags and reports false: the command exits with 2.
func (c *cli) parse(fs *flag.FlagSet, args []string, usage string, argsOK func(n int) bool) bool {
	fs.Usage = func() {
		fmt.Fprintln(c.stderr, "usage : analyste "+c.name+" "+usage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return false
	}
	if !argsOK(fs.NArg()) {
		fs.Usage()
		return false
	}
	return true
}

// exactly accepts n positional arguments; atLeastOne accepts one or more.
func exactly(n int) func(int) bool { return func(got int) bool { return got == n } }

func atLeastOne(n int) bool { return n > 0 }
