package wordmodel

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/dev/labelled"
	"analyste.dev/analyste/shared/riskrules"
	"analyste.dev/analyste/shared/signals"
)

// committed reads the model as committed and the sentences it must come
// from.
func committed(t *testing.T) (*riskrules.WordModel, []byte, string) {
	t.Helper()
	root := fixtures.Root(t)
	data, err := os.ReadFile(filepath.Join(root, File))
	if err != nil {
		t.Fatal(err)
	}
	w, err := riskrules.ParseWordModel(data)
	if err != nil {
		t.Fatal(err)
	}
	return w, data, root
}

// The committed model was trained on the labelled sets as they are: a set
// changed since fails here, and make words retrains it.
func TestCommittedModelDigest(t *testing.T) {
	t.Parallel()
	w, _, root := committed(t)
	data, err := Sentences(filepath.Join(root, labelled.Dir))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := w.TrainedOn, Digest(data); got != want {
		t.Fatalf("%s was trained on other sentences or settings (%.12s, now %.12s): run make words", File, got, want)
	}
	if !slices.Equal(w.Classes, append([]signals.Category{""}, signals.Categories...)) {
		t.Errorf("%s classes %v, not the taxonomy's", File, w.Classes)
	}
}

// Training on the committed sets gives the committed file byte for byte.
func TestTrainingReproducesCommittedModel(t *testing.T) {
	if testing.Short() {
		t.Skip("trains the model: seconds")
	}
	t.Parallel()
	_, file, root := committed(t)
	data, err := Sentences(filepath.Join(root, labelled.Dir))
	if err != nil {
		t.Fatal(err)
	}
	if got := Train(data).Format(); !bytes.Equal(got, file) {
		t.Errorf("training gives another model than %s (%d bytes, committed %d): run make words", File, len(got), len(file))
	}
}
