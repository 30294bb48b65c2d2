package main

import (
	"os"
	"path/filepath"
	"testing"

	"analyste.dev/analyste/shared/dev/fixtures"
)

func TestRunEvalReports(t *testing.T) {
	t.Parallel()
	report := fixtures.Testdata(t, "rapports-risques", "maurillac")
	// The same report with a truth expecting a risk it does not state.
	wrong := t.TempDir()
	pdf, err := os.ReadFile(filepath.Join(report, "maurillac.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	truth := `{"societe": "Transports Maurillac SAS", "signaux_attendus": [
		{"id": "meteo", "categorie": "climat", "page": 2, "indice": "tempête de grêle"}],
		"non_risques": [{"page": 3, "indice": "réalisées en euros"}]}`
	if err := os.WriteFile(filepath.Join(wrong, "r.pdf"), pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(wrong, "truth.json"), []byte(truth), 0o644); err != nil {
		t.Fatal(err)
	}
	badTruth := t.TempDir()
	if err := os.WriteFile(filepath.Join(badTruth, "r.pdf"), pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(badTruth, "truth.json"), []byte(`{"societe": "S", "signaux_attendus": []}`), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []commandCase{
		{"a held-out report", []string{"--model=offline", report}, 0, []string{"Transports Maurillac SAS : ", "Ensemble : "}, ""},
		{"the net alone", []string{"--filet", report}, 0, []string{"Ensemble : "}, ""},
		{"a risk the report does not state", []string{"--model=offline", "--min-found", "50", wrong}, 1, []string{"manqué : meteo (climat, p. 2"}, "sous le seuil"},
		{"a truth without risks", []string{"--model=offline", badTruth}, 1, nil, "aucun signal attendu"},
		{"no folder", []string{"--model=offline"}, 2, nil, "usage : analyste eval-rapports"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tt.expect(t, runEvalReports)
		})
	}
}
