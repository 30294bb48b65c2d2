package statements

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// dictionaryPath is the data dictionary, relative to this package.
const dictionaryPath = "../../docs/dictionary.md"

// rowKey is the key in the first cell of a table row ("| `stocks` | …"),
// and in the second for the optional keys' rows ("| `bilan` | `autres_actifs` | …").
var (
	rowKey         = regexp.MustCompile("^\\| `([a-z_]+)` \\|")
	optionalRowKey = regexp.MustCompile("^\\| `([a-z_]+)` \\| `([a-z_]+)` \\|")
)

// sections splits a Markdown page by its "## " headings.
func sections(page string) map[string][]string {
	out := map[string][]string{}
	heading := ""
	for line := range strings.SplitSeq(page, "\n") {
		if h, ok := strings.CutPrefix(line, "## "); ok {
			heading = h
			continue
		}
		out[heading] = append(out[heading], line)
	}
	return out
}

// The dictionary in docs/ lists every key of the code in its statement's
// table, and the optional ones in the table of optional keys, with their
// statement; and it lists no key the code does not know.
func TestDictionaryListsEveryKey(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile(dictionaryPath)
	if err != nil {
		t.Fatal(err)
	}
	secs := sections(string(b))
	listed := map[Key]bool{}
	for _, s := range All {
		var rows []string
		for h, lines := range secs {
			if strings.HasPrefix(h, "`"+string(s)+"`") {
				rows = lines
			}
		}
		if rows == nil {
			t.Fatalf("%s: no section headed `%s`", dictionaryPath, s)
		}
		for _, l := range rows {
			if m := rowKey.FindStringSubmatch(l); m != nil {
				listed[Key{s, m[1]}] = true
			}
		}
	}
	optional := map[Key]bool{}
	for _, l := range secs["Optional keys"] {
		if m := optionalRowKey.FindStringSubmatch(l); m != nil {
			optional[Key{Statement(m[1]), m[2]}] = true
		}
	}
	for _, k := range AllKeys() {
		switch {
		case Optional(k) && !optional[k]:
			t.Errorf("optional key %s missing from the table of optional keys of %s", k, dictionaryPath)
		case !Optional(k) && !listed[k]:
			t.Errorf("key %s missing from the %s table of %s", k, k.Statement, dictionaryPath)
		}
	}
	for k := range listed {
		if !Known(k) || Optional(k) {
			t.Errorf("%s lists %s among the %s fields: not one of the code's", dictionaryPath, k, k.Statement)
		}
	}
	for k := range optional {
		if !Optional(k) {
			t.Errorf("%s lists %s as optional: the code does not", dictionaryPath, k)
		}
	}
	if n := len(listed) + len(optional); n != len(AllKeys()) {
		t.Errorf("%s lists %d keys, the code has %d", dictionaryPath, n, len(AllKeys()))
	}
}
