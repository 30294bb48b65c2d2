// Command package writes the source archive the Cloud Functions Go buildpack
// builds (dist/function-source.zip by default, relative to the module root):
// go.mod, go.sum and the module's packages the root package imports, without
// tests. The archive is deterministic, so that Terraform, which names it by
// its MD5, redeploys only when the source changes.
//
//	go run ./cmd/package [-o dist/function-source.zip]
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

// defaultArchive is where `make package` writes, from the module root, and
// where Terraform's source_archive points by default.
const defaultArchive = "dist/function-source.zip"

func main() {
	out := flag.String("o", defaultArchive, "archive to write; a relative path is taken from the module root")
	flag.Parse()
	if err := run(*out); err != nil {
		fmt.Fprintln(os.Stderr, "package:", err)
		os.Exit(1)
	}
}

func run(out string) error {
	root, err := moduleRoot(".")
	if err != nil {
		return err
	}
	if !filepath.IsAbs(out) {
		out = filepath.Join(root, filepath.FromSlash(out))
	}
	files, err := sourceFiles(root)
	if err != nil {
		return err
	}
	if err := writeFile(out, root, files); err != nil {
		return err
	}
	fmt.Printf("%s: %d files\n", out, len(files))
	return nil
}
