// Package risks scores a risk reader on the labelled sentences of
// testdata/signals (analyste eval-signals, make eval): their format, the
// sets the manifest gives a role, precision and recall per category and the
// confusion of severities, on the tuned and the held-out parts apart.
package risks

import (
	"analyste.dev/analyste/shared/dev/labelled"
	"analyste.dev/analyste/shared/signals"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"analyste.dev/analyste/shared/frnum"
)

// Corpus is a labelled set of sentences (testdata/signals/phrases.json):
// each sentence is a risk of a category with an expected severity, or not a
// risk; a quarter of them, marked held out, is never tuned on.
type Corpus struct {
	// Sources are the documents the sentences come from, with the context
	// a reader is given before them: the closing date and the equity,
	// EBITDA and cash the document states.
	Sources   map[string]Source `json:"sources"`
	Sentences []Labelled        `json:"phrases"`
}

// Source is a document of the labelled set.
type Source struct {
	File    string `json:"fichier,omitempty"`
	Context string `json:"contexte,omitempty"`
}

// Labelled is one sentence and what a right reader says of it.
type Labelled struct {
	ID       string           `json:"id"`
	Source   string           `json:"source"`
	Page     int              `json:"page,omitempty"`
	Sentence string           `json:"phrase"`
	Risk     bool             `json:"risque"`
	Category signals.Category `json:"categorie,omitempty"`
	// Also are the categories a reader may give instead, for a sentence
	// that tells two risks at once.
	Also     []signals.Category `json:"aussi,omitempty"`
	Severity signals.Severity   `json:"gravite,omitempty"`
	Note     string             `json:"note,omitempty"`
	HeldOut  bool               `json:"retenue"`
}

// ParseCorpus decodes a labelled set and reports every inconsistency.
func ParseCorpus(data []byte) (Corpus, error) {
	var c Corpus
	if err := json.Unmarshal(data, &c); err != nil {
		return c, fmt.Errorf("phrases étiquetées : %w", err)
	}
	var errs []error
	seen := map[string]bool{}
	for i, l := range c.Sentences {
		switch {
		case l.ID == "" || seen[l.ID]:
			errs = append(errs, fmt.Errorf("phrase %d : identifiant %q vide ou répété", i+1, l.ID))
		case l.Sentence == "":
			errs = append(errs, fmt.Errorf("phrase %s : texte vide", l.ID))
		case l.Risk && (!slices.Contains(signals.Categories, l.Category) || !slices.Contains(signals.Severities, l.Severity)):
			errs = append(errs, fmt.Errorf("phrase %s : catégorie %q ou gravité %q inconnue", l.ID, l.Category, l.Severity))
		case !l.Risk && (l.Category != "" || l.Severity != ""):
			errs = append(errs, fmt.Errorf("phrase %s : une phrase sans risque n'a ni catégorie ni gravité", l.ID))
		}
		if _, ok := c.Sources[l.Source]; !ok {
			errs = append(errs, fmt.Errorf("phrase %s : source %q inconnue", l.ID, l.Source))
		}
		seen[l.ID] = true
	}
	return c, errors.Join(errs...)
}

// Join adds the sources and sentences of o to c: several labelled sets
// are scored as one. A source both name must be the same document, and an
// id is used once across them.
func (c *Corpus) Join(o Corpus) error {
	if c.Sources == nil {
		c.Sources = map[string]Source{}
	}
	for name, s := range o.Sources {
		if had, ok := c.Sources[name]; ok && had != s {
			return fmt.Errorf("source %q : deux documents différents portent ce nom", name)
		}
		c.Sources[name] = s
	}
	ids := make(map[string]bool, len(c.Sentences))
	for _, l := range c.Sentences {
		ids[l.ID] = true
	}
	for _, l := range o.Sentences {
		if ids[l.ID] {
			return fmt.Errorf("phrase %s : identifiant déjà utilisé par un autre ensemble", l.ID)
		}
	}
	c.Sentences = append(c.Sentences, o.Sentences...)
	return nil
}

// ReadSets joins the labelled sets at paths; on an error it names the
// file.
func ReadSets(paths []string) (Corpus, string, error) {
	var corpus Corpus
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			return corpus, path, err
		}
		set, err := ParseCorpus(data)
		if err == nil {
			err = corpus.Join(set)
		}
		if err != nil {
			return corpus, path, err
		}
	}
	return corpus, "", nil
}

// ReadRole joins the labelled sets of dir the manifest gives role.
func ReadRole(dir, role string) (Corpus, error) {
	paths, err := labelled.Paths(dir, role)
	if err != nil {
		return Corpus{}, err
	}
	c, path, err := ReadSets(paths)
	if err != nil {
		return c, fmt.Errorf("%s : %w", path, err)
	}
	return c, nil
}

// ReadFunc reads the verified signals of page texts, page 1 first.
type ReadFunc func(ctx context.Context, pages []string) ([]signals.Signal, error)

// Evaluation scores a reader on the two parts of a labelled set.
type Evaluation struct {
	Tuned   Part `json:"reglage"`
	HeldOut Part `json:"retenue"`
}

// Part is the score of one part of the set.
type Part struct {
	Sentences  int             `json:"phrases"`
	Risks      int             `json:"risques"`
	Overall    Score           `json:"ensemble"`
	Categories []CategoryScore `json:"categories"`
	// Severity counts the risks read in the right category by expected
	// severity (row) and severity read (column), mildest first.
	Severity [3][3]int `json:"gravites"`
	// Errors are the sentences read wrong, kept for the tuned part only:
	// the held-out one is measured, never looked into.
	Errors []Miss `json:"erreurs,omitempty"`
}

// Score counts the risks read in their category (TP), the signals read
// where there is none or of another category (FP), and the risks missed or
// read in another category (FN).
type Score struct {
	TP int `json:"vrais_positifs"`
	FP int `json:"faux_positifs"`
	FN int `json:"faux_negatifs"`
}

// Precision is TP / (TP + FP), 1 when nothing was read.
func (s Score) Precision() float64 { return ratio(s.TP, s.TP+s.FP) }

// Recall is TP / (TP + FN), 1 when there was nothing to read.
func (s Score) Recall() float64 { return ratio(s.TP, s.TP+s.FN) }

func ratio(n, d int) float64 {
	if d == 0 {
		return 1
	}
	return float64(n) / float64(d)
}

// CategoryScore is the score of one category.
type CategoryScore struct {
	Category signals.Category `json:"categorie"`
	Score
}

// Miss is a sentence read wrong: a risk missed, put in another category or
// graded otherwise, or a signal where there is none.
type Miss struct {
	ID               string           `json:"id"`
	Sentence         string           `json:"phrase"`
	Expected         signals.Category `json:"attendue,omitempty"`
	Read             signals.Category `json:"lue,omitempty"`
	ExpectedSeverity signals.Severity `json:"gravite_attendue,omitempty"`
	ReadSeverity     signals.Severity `json:"gravite_lue,omitempty"`
}

// Evaluate reads the sentences of c with read, batch sentences of one
// source at a time, each on a page of its own after a page holding its
// source's context, and scores what it finds on each sentence's page.
func Evaluate(ctx context.Context, read ReadFunc, c Corpus, batch int) (Evaluation, error) {
	var out Evaluation
	parts := map[bool]*tally{false: newTally(), true: newTally()}
	for _, b := range batches(c, batch) {
		pages := []string{c.Sources[b[0].Source].Context}
		for _, l := range b {
			pages = append(pages, l.Sentence)
		}
		got, err := read(ctx, pages)
		if err != nil {
			return out, fmt.Errorf("phrases %s à %s : %w", b[0].ID, b[len(b)-1].ID, err)
		}
		for i, l := range b {
			parts[l.HeldOut].add(l, readOn(got, i+2, l))
		}
	}
	out.Tuned, out.HeldOut = parts[false].part(true), parts[true].part(false)
	return out, nil
}

// batches groups the sentences by source, in order, at most n at a time.
func batches(c Corpus, n int) [][]Labelled {
	var out [][]Labelled
	for _, l := range c.Sentences {
		if k := len(out); k > 0 && out[k-1][0].Source == l.Source && len(out[k-1]) < n {
			out[k-1] = append(out[k-1], l)
			continue
		}
		out = append(out, []Labelled{l})
	}
	return out
}

// readOn is the signal read on page, nil for none: the one of the expected
// category when there are several.
func readOn(got []signals.Signal, page int, l Labelled) *signals.Signal {
	var first *signals.Signal
	for i, s := range got {
		if !slices.ContainsFunc(s.Proofs(), func(q signals.QuoteRef) bool { return q.Page == page }) {
			continue
		}
		if l.accepts(s.Category) {
			return &got[i]
		}
		if first == nil {
			first = &got[i]
		}
	}
	return first
}

func (l Labelled) accepts(c signals.Category) bool {
	return l.Risk && (c == l.Category || slices.Contains(l.Also, c))
}

type tally struct {
	sentences, risks int
	byCategory       map[signals.Category]*Score
	severity         [3][3]int
	misses           []Miss
}

func newTally() *tally {
	t := &tally{byCategory: map[signals.Category]*Score{}}
	for _, c := range signals.Categories {
		t.byCategory[c] = &Score{}
	}
	return t
}

func (t *tally) add(l Labelled, s *signals.Signal) {
	t.sentences++
	miss := Miss{ID: l.ID, Sentence: l.Sentence, Expected: l.Category, ExpectedSeverity: l.Severity}
	if s != nil {
		miss.Read, miss.ReadSeverity = s.Category, s.Severity
	}
	if l.Risk {
		t.risks++
	}
	switch {
	case s != nil && l.accepts(s.Category):
		t.byCategory[l.Category].TP++
		t.severity[slices.Index(signals.Severities, l.Severity)][slices.Index(signals.Severities, s.Severity)]++
		if s.Severity != l.Severity {
			t.misses = append(t.misses, miss)
		}
		return
	case l.Risk:
		t.byCategory[l.Category].FN++
	}
	if s != nil {
		if sc, ok := t.byCategory[s.Category]; ok {
			sc.FP++
		}
	}
	if l.Risk || s != nil {
		t.misses = append(t.misses, miss)
	}
}

func (t *tally) part(withErrors bool) Part {
	p := Part{Sentences: t.sentences, Risks: t.risks, Severity: t.severity}
	for _, c := range signals.Categories {
		sc := *t.byCategory[c]
		p.Categories = append(p.Categories, CategoryScore{c, sc})
		p.Overall.TP += sc.TP
		p.Overall.FP += sc.FP
		p.Overall.FN += sc.FN
	}
	if withErrors {
		p.Errors = t.misses
	}
	return p
}

// Write prints each part that holds sentences: per category and overall
// precision and recall, then the confusion of severities.
func (e Evaluation) Write(w io.Writer) error {
	var b strings.Builder
	for _, p := range []struct {
		name string
		part Part
	}{{"réglage", e.Tuned}, {"retenue (jamais réglée)", e.HeldOut}} {
		if p.part.Sentences == 0 {
			continue
		}
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		p.part.write(&b, p.name)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func (p Part) write(b *strings.Builder, name string) {
	fmt.Fprintf(b, "Partie %s : %d phrases, %d risques\n", name, p.Sentences, p.Risks)
	row := func(label string, s Score) {
		fmt.Fprintf(b, "  %-27s %10s %8s %4d %4d %4d\n", label, percent(s.TP, s.TP+s.FP), percent(s.TP, s.TP+s.FN), s.TP, s.FP, s.FN)
	}
	fmt.Fprintf(b, "  %-27s %10s %8s %4s %4s %4s\n", "catégorie", "précision", "rappel", "VP", "FP", "FN")
	for _, c := range p.Categories {
		row(string(c.Category), c.Score)
	}
	row("ensemble", p.Overall)
	fmt.Fprintf(b, "  %-22s %8s %8s %8s\n", "gravité attendue \\ lue", signals.Low, signals.Medium, signals.High)
	for i, r := range p.Severity {
		fmt.Fprintf(b, "  %-22s %8d %8d %8d\n", signals.Severities[i], r[0], r[1], r[2])
	}
}

// percent writes n/d as a percentage, "–" when d is 0.
func percent(n, d int) string {
	if d == 0 {
		return "–"
	}
	return frnum.FormatPercent(100 * float64(n) / float64(d))
}
