// Command gentestdata rebuilds the test reports: for each testdata/<slug>
// and testdata/families/<slug> holding truth.json and rapport.json it writes
// rapport.pdf beside them, byte for byte the same at every run. With
// -moteurs DIR it writes instead -n seeded documents per third-party engine
// (LibreOffice, Chromium) into DIR, each folder a PDF and its truth.json,
// for `analyste eval DIR/*`.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"analyste.dev/analyste/shared/dev/engines"
)

func main() {
	root := flag.String("racine", "", "racine du module (par défaut : le dossier de go.mod le plus proche)")
	enginesDir := flag.String("moteurs", "", "écrit dans ce dossier des documents imprimés par LibreOffice et Chromium au lieu des rapports de testdata")
	n := flag.Int("n", 20, "avec -moteurs : nombre de documents par moteur")
	seed := flag.Uint64("graine", 1, "avec -moteurs : graine du premier document (les suivants : graine+1, …)")
	only := flag.String("moteur", "", "avec -moteurs : un seul moteur (libreoffice ou chromium)")
	isolate := flag.Bool("isoler", false, "avec -moteurs : chaque graine dans une présentation simple, puis avec un seul trait changé (famille « isolé : trait »)")
	flag.Parse()
	var err error
	if *enginesDir != "" {
		err = writeEngines(context.Background(), *enginesDir, *seed, *n, engines.Engine(*only), *isolate)
	} else {
		err = run(*root)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gentestdata :", err)
		os.Exit(1)
	}
}

func run(root string) error {
	if root == "" {
		wd, err := os.Getwd()
		if err != nil {
			return fmt.Errorf("dossier courant : %w", err)
		}
		if root, err = moduleRoot(wd); err != nil {
			return err
		}
	}
	dirs, err := companyDirs(root)
	if err != nil {
		return err
	}
	for _, dir := range dirs {
		out := filepath.Join(dir, "rapport.pdf")
		if err := generate(dir, out); err != nil {
			return err
		}
		fmt.Println(out)
	}
	return nil
}

// writeEngines writes n seeded documents per engine into dir (only: one
// engine); isolate writes each seed's trait variants instead.
func writeEngines(ctx context.Context, dir string, first uint64, n int, only engines.Engine, isolate bool) error {
	var docs []engines.Document
	for i := range n {
		seed := first + uint64(i)
		if isolate {
			ds, err := engines.Isolated(seed)
			if err != nil {
				return err
			}
			docs = append(docs, ds...)
			continue
		}
		d, err := engines.Generate(seed)
		if err != nil {
			return err
		}
		docs = append(docs, d)
	}
	for _, e := range engines.Engines {
		if only != "" && e != only {
			continue
		}
		dirs, err := engines.Write(ctx, dir, e, docs)
		if err != nil {
			return fmt.Errorf("%s : %w", e, err)
		}
		for _, d := range dirs {
			fmt.Println(d)
		}
	}
	return nil
}

// generate builds the report of the company in dir and writes it to out.
func generate(dir, out string) error {
	c, err := loadCompany(dir)
	if err != nil {
		return err
	}
	pdf, err := build(c)
	if err != nil {
		return fmt.Errorf("%s : %w", c.slug, err)
	}
	if err := os.WriteFile(out, pdf, 0o644); err != nil {
		return fmt.Errorf("écriture de %s : %w", out, err)
	}
	return nil
}

// moduleRoot walks up from dir to the folder holding go.mod.
func moduleRoot(dir string) (string, error) {
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("go.mod introuvable")
		}
		dir = parent
	}
}

// familiesDir holds the generated presentation families, apart from the
// course reports that other tests iterate over.
const familiesDir = "families"

// companyDirs lists, in name order, the folders with a rapport.json of
// testdata/ and of testdata/families/.
func companyDirs(root string) ([]string, error) {
	var dirs []string
	for _, parent := range []string{filepath.Join(root, "testdata"), filepath.Join(root, "testdata", familiesDir)} {
		entries, err := os.ReadDir(parent)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("lecture de %s : %w", parent, err)
		}
		for _, e := range entries {
			dir := filepath.Join(parent, e.Name())
			if _, err := os.Stat(filepath.Join(dir, "rapport.json")); e.IsDir() && err == nil {
				dirs = append(dirs, dir)
			}
		}
	}
	return dirs, nil
}
