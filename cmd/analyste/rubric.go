package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/memo"
)

// runRubric scores memos on the rubric's mechanical parts
// (docs/memo-rubric.md): one line per memo, then the total. A PDF goes
// through the whole chain first; a JSON file is a memo ({"paragraphes"})
// or the output of run --json.
func runRubric(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("rubric", flag.ContinueOnError)
	c := newCLI("rubric", fs, stderr).withModel(fs)
	asJSON := fs.Bool("json", false, "écrit, pour chaque mémo, la note mécanique en JSON")
	if !c.parse(fs, args, "[--model offline|vertex] [--json] FICHIER.pdf|MEMO.json…", atLeastOne) {
		return 2
	}
	code := 0
	var got, max int
	for _, path := range fs.Args() {
		m, err := c.memoOf(ctx, path)
		if err != nil {
			code = c.fail(path, err)
			continue
		}
		r := memo.Score(m)
		g, x := r.Total()
		got, max = got+g, max+x
		if *asJSON {
			if err := writeJSON(stdout, map[string]any{"fichier": path, "note": r}); err != nil {
				return c.fail(path, err)
			}
			continue
		}
		fmt.Fprintf(stdout, "%s | %s\n", path, r.Line())
	}
	if !*asJSON && max > 0 {
		fmt.Fprintf(stdout, "total : %d/%d points mécaniques (%s)\n", got, max, frnum.FormatPercent(100*float64(got)/float64(max)))
	}
	return code
}

// memoOf is the memo of a PDF (the chain, run in process) or of a JSON file.
func (c *cli) memoOf(ctx context.Context, path string) (memo.Memo, error) {
	if !strings.EqualFold(filepath.Ext(path), ".json") {
		p, err := c.pipeline()
		if err != nil {
			return memo.Memo{}, err
		}
		r, err := runChain(ctx, p, path, func(string) {})
		return memo.Memo{Paragraphs: r.memo.Paragraphs}, err
	}
	var file struct {
		memo.Memo
		Run *json.RawMessage `json:"memo"`
	}
	if err := readJSON(path, &file); err != nil {
		return memo.Memo{}, err
	}
	if file.Run != nil && len(file.Paragraphs) == 0 {
		var m memo.Memo
		if err := json.Unmarshal(*file.Run, &m); err != nil {
			return m, fmt.Errorf("%s : %w", path, err)
		}
		return m, nil
	}
	return readMemo(path)
}
