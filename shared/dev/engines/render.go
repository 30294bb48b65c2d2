// Package engines writes statements documents the team did not lay out:
// annual accounts drawn from the official presentation models, with
// captions, widths, column orders, units and signs chosen by a seed, written
// as HTML and printed to PDF by LibreOffice and by Chromium, each with the
// truth.json of what it prints. It is a development tool, outside the
// deployed code.
package engines

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"golang.org/x/text/unicode/norm"

	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/statements"
)

// Engine is a layout engine that prints HTML to PDF.
type Engine string

// The engines: LibreOffice's Writer/Web import and Chromium's print.
const (
	LibreOffice Engine = "libreoffice"
	Chromium    Engine = "chromium"
)

// Engines lists every engine, in the order the test runs them.
var Engines = []Engine{LibreOffice, Chromium}

// command is the executable of an engine, looked up in PATH.
func (e Engine) command() string {
	if e == LibreOffice {
		return "soffice"
	}
	return "chromium"
}

// Available tells whether the engine's executable is installed.
func (e Engine) Available() bool {
	_, err := exec.LookPath(e.command())
	return err == nil
}

// Folder is where a document is written: one PDF and its truth.json, as
// `analyste eval` reads a folder.
func Folder(root string, e Engine, d Document) string {
	name := fmt.Sprintf("%s-%d", e, d.Seed)
	if d.Variant != "" {
		name += "-" + d.Variant
	}
	return filepath.Join(root, name)
}

// Write renders docs with engine under root, one Folder each, and writes
// their truth.json with the pages where each statement starts. LibreOffice
// converts every document in one run, its start being slow.
func Write(ctx context.Context, root string, e Engine, docs []Document) ([]string, error) {
	dirs := make([]string, len(docs))
	htmls := make([]string, len(docs))
	for i, d := range docs {
		dirs[i] = Folder(root, e, d)
		if err := os.MkdirAll(dirs[i], 0o755); err != nil {
			return nil, err
		}
		htmls[i] = filepath.Join(dirs[i], "comptes.html")
		if err := os.WriteFile(htmls[i], d.HTML, 0o644); err != nil {
			return nil, err
		}
	}
	if err := render(ctx, root, e, htmls); err != nil {
		return nil, err
	}
	for i, d := range docs {
		pdf := filepath.Join(dirs[i], "comptes.pdf")
		truth, err := withPages(ctx, d, pdf)
		if err != nil {
			return nil, fmt.Errorf("%s : %w", pdf, err)
		}
		truth.Family = fmt.Sprintf("%s : %s", e, d.Traits)
		data, err := json.MarshalIndent(truth, "", "  ")
		if err != nil {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(dirs[i], "truth.json"), append(data, '\n'), 0o644); err != nil {
			return nil, err
		}
	}
	return dirs, nil
}

// render prints each html file to the PDF of the same name beside it.
func render(ctx context.Context, root string, e Engine, htmls []string) error {
	profile, err := os.MkdirTemp(root, "profil-"+string(e)+"-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(profile)
	switch e {
	case LibreOffice:
		// --outdir is one folder for the whole run: convert copies there, then move each PDF home.
		stage := filepath.Join(profile, "sortie")
		args := []string{"-env:UserInstallation=file://" + filepath.Join(profile, "lo"), "--headless", "--norestore", "--convert-to", "pdf", "--outdir", stage}
		for i, h := range htmls {
			data, err := os.ReadFile(h)
			if err != nil {
				return err
			}
			staged := filepath.Join(profile, fmt.Sprintf("doc%d.html", i))
			if err := os.WriteFile(staged, data, 0o644); err != nil {
				return err
			}
			args = append(args, staged)
		}
		if err := run(ctx, "soffice", args...); err != nil {
			return err
		}
		for i, h := range htmls {
			out := filepath.Join(stage, fmt.Sprintf("doc%d.pdf", i))
			if err := os.Rename(out, strings.TrimSuffix(h, ".html")+".pdf"); err != nil {
				return fmt.Errorf("soffice n'a pas produit %s : %w", out, err)
			}
		}
	case Chromium:
		for _, h := range htmls {
			pdf := strings.TrimSuffix(h, ".html") + ".pdf"
			if err := run(ctx, "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
				"--user-data-dir="+filepath.Join(profile, "chromium"), "--no-pdf-header-footer",
				"--print-to-pdf="+pdf, "file://"+h); err != nil {
				return err
			}
		}
	default:
		return fmt.Errorf("moteur inconnu %q", e)
	}
	return nil
}

func run(ctx context.Context, name string, args ...string) error {
	var out bytes.Buffer
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s : %w : %s", name, err, strings.TrimSpace(out.String()))
	}
	return nil
}

// withPages gives the document's truth with the page where each statement's
// title is printed, read from the PDF's text.
func withPages(ctx context.Context, d Document, pdf string) (statements.Truth, error) {
	doc, err := pdftext.ReadFile(ctx, pdf, pdftext.DefaultLimits())
	if err != nil {
		return d.Truth, err
	}
	t := d.Truth
	find := func(st statements.Statement) (int, error) {
		title, ok := d.titles[st]
		if !ok {
			return 0, nil
		}
		for _, p := range doc.Pages {
			if strings.Contains(collapse(p.Text()), collapse(title)) {
				return p.Number, nil
			}
		}
		return 0, fmt.Errorf("titre %q introuvable dans le PDF", title)
	}
	var e1, e2, e3 error
	t.Pages.Balance, e1 = find(statements.Balance)
	t.Pages.Income, e2 = find(statements.Income)
	t.Pages.CashFlow, e3 = find(statements.CashFlow)
	return t, errors.Join(e1, e2, e3)
}

// collapse folds compatibility forms (Chromium's text layer keeps the "ﬂ"
// of its ligatures) and runs of white space, so that a title matches
// whatever the text layer gives.
func collapse(s string) string { return strings.Join(strings.Fields(norm.NFKC.String(s)), " ") }
