package engines

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"analyste.dev/analyste/shared/checks"
	"analyste.dev/analyste/shared/dev/evaluation"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/statements"
)

// minFieldsPercent is the share of fields the offline reader must read
// exactly over one run of the property test: issue 23's target. A run
// reads a dozen documents, the same seeds printed by both engines; over a
// hundred fresh seeds one seed in fifty missed a few fields, which a run
// absorbs, two such seeds in one run fail it. No run may give a field the
// truth does not list.
const minFieldsPercent = 99

// Every seed gives a document whose printed figures add up: each identity of
// the dictionary holds on its truth, and the rows of each key add up to it
// (Generate refuses otherwise).
func TestGenerateTruthHolds(t *testing.T) {
	for seed := uint64(1); seed <= 300; seed++ {
		d, err := Generate(seed)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := statements.FromTruth(d.Truth)
		if err != nil {
			t.Fatalf("graine %d : %v", seed, err)
		}
		for _, c := range checks.Identities(rep) {
			if c.Status == checks.Failed {
				t.Errorf("graine %d (%s) : %s", seed, d.Traits, c.Message)
			}
		}
		if len(d.Truth.Years) != 2 || d.Truth.Years[rep.YearsDesc()[0]].Count() < 20 {
			t.Errorf("graine %d : vérité trop maigre %+v", seed, d.Truth.Years)
		}
	}
}

func TestGenerateIsDeterministic(t *testing.T) {
	a, errA := Generate(42)
	b, errB := Generate(42)
	c, errC := Generate(43)
	if errA != nil || errB != nil || errC != nil {
		t.Fatal(errA, errB, errC)
	}
	if !bytes.Equal(a.HTML, b.HTML) || bytes.Equal(a.HTML, c.HTML) {
		t.Error("the same seed must give the same document, another seed another one")
	}
}

// The seeds drawn vary: over many seeds every presentation trait appears.
func TestGenerateCoversPresentations(t *testing.T) {
	seen := map[string]bool{}
	for seed := uint64(1); seed <= 200; seed++ {
		d, err := Generate(seed)
		if err != nil {
			t.Fatal(err)
		}
		for _, trait := range strings.Split(d.Traits, ", ") {
			if strings.HasPrefix(trait, "libellés") {
				trait = "libellés étroits"
			}
			seen[trait] = true
		}
	}
	for _, want := range []string{modelBase, modelAbrege, modelIFRS, "€", "k€", "M€", "brut/amort./net", "N-1 en premier", "libellés étroits", "flux", "société dans le titre", "négatifs ()", "négatifs -", "négatifs −", "en-têtes centrés"} {
		if !seen[want] {
			t.Errorf("no seed of 200 drew %q", want)
		}
	}
}

// envUint reads a positive integer from the environment, or def.
func envUint(t *testing.T, name string, def uint64) uint64 {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		t.Fatalf("%s=%q : %v", name, v, err)
	}
	return n
}

// The offline reader, on documents printed by engines the team did not
// write, from fresh seeds at every run. ANALYSTE_ENGINES_SEED replays a run
// (its first seed), ANALYSTE_ENGINES_K sets how many documents each engine
// prints.
func TestEnginesFirstContact(t *testing.T) {
	if testing.Short() {
		t.Skip("-short : sans LibreOffice ni Chromium (make test les lance)")
	}
	for _, e := range Engines {
		if !e.Available() {
			t.Skipf("%s introuvable dans le PATH : make deps l'installe", e.command())
		}
	}
	first := envUint(t, "ANALYSTE_ENGINES_SEED", uint64(time.Now().UnixNano()%1_000_000_000))
	k := envUint(t, "ANALYSTE_ENGINES_K", 6)
	docs := make([]Document, k)
	for i := range docs {
		var err error
		if docs[i], err = Generate(first + uint64(i)); err != nil {
			t.Fatal(err)
		}
	}
	ctx := t.Context()
	root := t.TempDir()
	exact, total, invented := 0, 0, 0
	for _, e := range Engines {
		dirs, err := Write(ctx, root, e, docs)
		if err != nil {
			t.Fatalf("%s : %v", e, err)
		}
		for i, dir := range dirs {
			s, err := readAndScore(ctx, dir)
			if err != nil {
				t.Fatalf("%s graine %d : %v", e, docs[i].Seed, err)
			}
			exact += s.FieldsExact
			total += s.FieldsTotal
			invented += len(s.Invented)
			t.Logf("%s graine %d (%s) : %d/%d champs exacts%s", e, docs[i].Seed, docs[i].Traits, s.FieldsExact, s.FieldsTotal, misses(s))
		}
	}
	pct := 100 * float64(exact) / float64(max(total, 1))
	t.Logf("%d/%d champs exacts (%.1f %%), %d champ(s) donné(s) que la vérité ne liste pas ; rejouer : ANALYSTE_ENGINES_SEED=%d ANALYSTE_ENGINES_K=%d", exact, total, pct, invented, first, k)
	if invented > 0 {
		t.Errorf("%d champ(s) donné(s) que la vérité ne liste pas ; rejouer : ANALYSTE_ENGINES_SEED=%d ANALYSTE_ENGINES_K=%d go test -run TestEnginesFirstContact ./shared/dev/engines", invented, first, k)
	}
	if pct < minFieldsPercent {
		t.Errorf("%.1f %% des champs exacts, sous le seuil de %d %% ; rejouer : ANALYSTE_ENGINES_SEED=%d ANALYSTE_ENGINES_K=%d go test -run TestEnginesFirstContact ./shared/dev/engines", pct, minFieldsPercent, first, k)
	}
}

// readAndScore reads a written folder as `analyste eval` does (the offline
// reader through the pipeline) and scores its fields against truth.json.
func readAndScore(ctx context.Context, dir string) (evaluation.Score, error) {
	data, err := os.ReadFile(filepath.Join(dir, "truth.json"))
	if err != nil {
		return evaluation.Score{}, err
	}
	truth, err := evaluation.ParseTruth(data)
	if err != nil {
		return evaluation.Score{}, err
	}
	doc, err := pdftext.ReadFile(ctx, filepath.Join(dir, "comptes.pdf"), pdftext.DefaultLimits())
	if err != nil {
		return evaluation.Score{}, err
	}
	p := pipeline.New(nil, pipeline.Options{Limits: pdftext.DefaultLimits()})
	ex, err := p.Extract(ctx, doc)
	if err != nil {
		return evaluation.Failed(truth, err), nil
	}
	return evaluation.Measure(truth, evaluation.Run{Extraction: ex.Result})
}

// misses lists what a score got wrong, for the log.
func misses(s evaluation.Score) string {
	var parts []string
	if s.Error != "" {
		parts = append(parts, "erreur : "+s.Error)
	}
	for _, f := range s.WrongFields {
		got := "absent"
		if f.Got != nil {
			got = strconv.FormatFloat(*f.Got, 'f', -1, 64)
		}
		parts = append(parts, fmt.Sprintf("%d %s attendu %v lu %s", f.Year, f.Key, f.Want, got))
	}
	parts = append(parts, s.WrongPeriods...)
	for _, inv := range s.Invented {
		parts = append(parts, "inventé "+inv)
	}
	if len(parts) == 0 {
		return ""
	}
	return "\n\t" + strings.Join(parts, "\n\t")
}
