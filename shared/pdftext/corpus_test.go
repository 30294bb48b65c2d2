package pdftext

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"analyste.dev/analyste/shared/dev/fixtures"
)

// outcome is what the bad-corpus README expects of a file.
type outcome struct {
	err   error      // the sentinel expected, or nil
	texts []string   // else text that must come out, in this order
	rows  [][]string // and table rows that must come out as one line each
	any   bool       // an error or partial text: only no panic, no hang
	// pageErr is the sentinel some pages fail with while the others read.
	pageErr error
}

var readable = outcome{rows: [][]string{{"Chiffre d’affaires", "157 275", "143 210"}, {"Impôt sur les bénéfices", "(9 702)", "(8 311)"}}}

var badCorpus = map[string]outcome{
	"zero_byte.pdf":             {err: ErrNotPDF},
	"not_pdf.pdf":               {err: ErrNotPDF},
	"png_renamed.pdf":           {err: ErrNotPDF},
	"trunc50_lo.pdf":            {err: ErrDamaged},
	"trunc50_fpdf100.pdf":       {err: ErrDamaged},
	"trunc90_lo.pdf":            {err: ErrDamaged},
	"trunc_tail30_lo.pdf":       readable,
	"trailing_garbage_lo.pdf":   readable,
	"corrupt_startxref.pdf":     readable,
	"corrupt_flip0.pdf":         {any: true},
	"corrupt_flip1.pdf":         {any: true},
	"corrupt_flip2.pdf":         {any: true},
	"corrupt_flip3.pdf":         {any: true},
	"corrupt_flip4.pdf":         {any: true},
	"corrupt_flip5.pdf":         {any: true},
	"corrupt_zeroblock.pdf":     {any: true},
	"pdf20_header.pdf":          readable,
	"linearized_lo.pdf":         readable,
	"objstreams_lo.pdf":         readable,
	"merged_fpdf_lo.pdf":        {texts: []string{"Chiffre d’affaires", "Chiffre d’affaires", "Effectif moyen (« ETP »)"}},
	"merged_lo_lo.pdf":          {texts: []string{"Chiffre d’affaires", "Au cours de l’exercice clos le 31 décembre 2025"}},
	"enc_rc4_128_emptyuser.pdf": readable,
	"enc_aes128_emptyuser.pdf":  readable,
	"enc_aes256_emptyuser.pdf":  {err: ErrEncryptionUnsupported},
	"enc_rc4_40_emptyuser.pdf":  {err: ErrEncryptionUnsupported},
	"enc_aes128_userpw.pdf":     {err: ErrPasswordRequired},
	"enc_aes256_userpw.pdf":     {err: ErrPasswordRequired},
	"bad_Tm_args.pdf":           {texts: []string{"Compte de résultat consolidé", "Chiffre d’affaires"}},
	"unbalanced_Q_fpdf.pdf":     {texts: []string{"Compte de résultat consolidé", "Chiffre d’affaires"}},
	"cycle_kids.pdf":            {err: ErrPageTreeLoop},
	"cycle_parent.pdf":          {any: true},
	"huge_count.pdf":            {err: ErrTooLarge},
	"deep_nesting.pdf":          {any: true},
}

func TestBadCorpus(t *testing.T) {
	t.Parallel()
	dir := fixtures.Testdata(t, "bad")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".pdf") {
			continue
		}
		want, ok := badCorpus[e.Name()]
		if !ok {
			t.Errorf("%s : pas d'issue attendue dans la table", e.Name())
			continue
		}
		seen++
		t.Run(e.Name(), func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			checkOutcome(t, data, want)
		})
	}
	if seen != len(badCorpus) {
		t.Errorf("%d fichiers de la table trouvés sur %d", seen, len(badCorpus))
	}
}

// The fuzz crashers made the library panic. Most are broken operands or
// objects of one page: the text of the other pages is kept, so the outcome
// is an error or a document, never a panic.
func TestFuzzCrashers(t *testing.T) {
	t.Parallel()
	dir := fixtures.Testdata(t, "bad", "fuzz-crashers")
	paths, err := filepath.Glob(filepath.Join(dir, "[0-9a-f]*"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("aucun crasher dans %s (%v)", dir, err)
	}
	for _, p := range paths {
		t.Run(filepath.Base(p), func(t *testing.T) {
			t.Parallel()
			checkOutcome(t, fuzzInput(t, p), outcome{any: true})
		})
	}
}

func checkOutcome(t *testing.T, data []byte, want outcome) {
	t.Helper()
	doc, err := Read(context.Background(), bytes.NewReader(data), int64(len(data)), Limits{})
	checkResult(t, doc, err, want)
}

// checkResult checks what Read returned against want.
func checkResult(t *testing.T, doc *Document, err error, want outcome) {
	t.Helper()
	switch {
	case want.any:
		if (doc == nil) == (err == nil) {
			t.Fatalf("doc %v, erreur %v : il faut l'un ou l'autre", doc != nil, err)
		}
		if err != nil && Reason(err) == "" {
			t.Errorf("erreur %v sans explication", err)
		}
	case want.err != nil:
		if !errors.Is(err, want.err) {
			t.Fatalf("erreur %v, attendu %v", err, want.err)
		}
	default:
		if err != nil {
			t.Fatalf("erreur %v", err)
		}
		var all []string
		for _, p := range doc.Pages {
			if p.Err != nil && (want.pageErr == nil || !errors.Is(p.Err, want.pageErr)) {
				t.Errorf("page %d : %v", p.Number, p.Err)
			}
			all = append(all, p.Text())
		}
		text := strings.Join(all, "\n\f")
		at := 0
		for _, s := range want.texts {
			i := strings.Index(text[at:], s)
			if i < 0 {
				t.Fatalf("%q absent (ou pas dans l'ordre) du texte :\n%s", s, text)
			}
			at += i + len(s)
		}
		lines := map[string]bool{}
		for _, l := range strings.Split(text, "\n") {
			lines[strings.Join(columnSep.Split(l, -1), "|")] = true
		}
		for _, r := range want.rows {
			if !lines[strings.Join(r, "|")] {
				t.Errorf("ligne de tableau %q absente du texte :\n%s", r, text)
			}
		}
	}
}
