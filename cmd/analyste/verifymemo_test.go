package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The files are written from the test so that each case shows its facts and
// memo beside its expectation.
const verifierFacts = `[
 {"id": "R-ferlac-levier", "texte": "Maison Ferlac SAS - Levier 2025 : 5,5x (2024 : 3,6x) ; formule : dette nette / EBITDA", "etat": "verifie"},
 {"id": "R-ferlac-marge-nette", "texte": "Maison Ferlac SAS - Marge nette 2025 : -0,5 % (2024 : 3,7 %) ; formule : résultat net / chiffre d'affaires", "etat": "verifie"},
 {"id": "R-ferlac-dso", "texte": "Maison Ferlac SAS - Délai clients (DSO) 2025 : 71,8 jours (2024 : 66,5 jours)", "etat": "non_verifie",
  "motifs": ["contrôle en échec : 2025 - total actif = somme des postes : attendu 157 275, lu 120 375 (k€)"],
  "champs": [{"annee": 2025, "bloc": "bilan", "cle": "creances_clients", "lignes": [{"libelle": "Créances clients", "page": 8}]}]},
 {"id": "Q-ferlac-9", "texte": "Maison Ferlac SAS - « Le prêt de 12 000 k€ arrive à échéance en 2027. » (p. 14)", "etat": "verifie"}
]`

func TestVerifierMemo(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		memo     string
		args     []string // before the files
		getenv   map[string]string
		wantCode int
		wantOut  []string
	}{
		{"published, accented kind, flags after the memo", `{"paragraphes":[{"type":"Liquidité et échéances","texte":"Le levier est de 5,5x en 2025 contre 3,6x en 2024.","sources":["R-ferlac-levier"]}]}`,
			nil, nil, 0, []string{"Statut : publie", "règle hors ligne"}},
		{"unsigned negative margin", `{"paragraphes":[{"type":"rentabilite","texte":"La marge nette est de 0,5 %.","sources":["R-ferlac-marge-nette"]}]}`,
			nil, nil, 1, []string{"« 0,5 % » est écrit sans signe", "Statut : bloque"}},
		{"missing source", `{"paragraphes":[{"type":"synthèse","texte":"Le levier est élevé.","sources":[]}]}`,
			nil, nil, 1, []string{"aucun fait cité", "Statut : abstention"}},
		{"explicit offline judge with a project set", `{"paragraphes":[{"type":"synthese","texte":"Le levier est de 5,5x en 2025.","sources":["R-ferlac-levier"]}]}`,
			[]string{"--model", "offline"}, map[string]string{"GOOGLE_CLOUD_PROJECT": "p"}, 0, []string{"Statut : publie"}},
		{"a fact whose check failed", `{"paragraphes":[{"type":"risques","texte":"Le DSO est de 71,8 jours en 2025.","sources":["R-ferlac-dso"]}]}`,
			nil, nil, 1, []string{"R-ferlac-dso non vérifié : contrôle en échec : 2025 - total actif", "« Créances clients » p. 8", "Statut : abstention"}},
		{"a section of any name", `{"paragraphes":[{"type":"Conclusion du rédacteur","texte":"Le levier est de 5,5x en 2025.","sources":["R-ferlac-levier"]}]}`,
			nil, nil, 0, []string{"Statut : publie"}},
		{"each figure from its own fact", `{"paragraphes":[{"type":"synthese","texte":"Le levier est de 5,5x en 2025 et la marge nette de -0,5 %.","sources":["R-ferlac-levier","R-ferlac-marge-nette"]}]}`,
			nil, nil, 0, []string{"Statut : publie"}},
		{"figures swapped between two facts", `{"paragraphes":[{"type":"synthese","texte":"Le levier est de -0,5 % en 2025 et la marge nette de 5,5x.","sources":["R-ferlac-levier","R-ferlac-marge-nette"]}]}`,
			nil, nil, 1, []string{"Statut : bloque"}},
		{"a quote's year is not a fiscal year", `{"paragraphes":[{"type":"synthese","texte":"Le levier est de 5,5x en 2027.","sources":["R-ferlac-levier"]}]}`,
			nil, nil, 1, []string{"le nombre « 2027 » ne figure dans aucun des faits cités", "Statut : bloque"}},
		{"unknown judge", `{"paragraphes":[]}`, []string{"--model", "gpt"}, nil, 2, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			factsPath, memoPath := filepath.Join(dir, "faits.json"), filepath.Join(dir, "memo.json")
			for path, body := range map[string]string{factsPath: verifierFacts, memoPath: tt.memo} {
				if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			args := append(append([]string{}, tt.args...), "--facts", factsPath, memoPath, "--report", "ferlac")
			var stdout, stderr bytes.Buffer
			code := verifyMemo(context.Background(), args, &stdout, &stderr, func(k string) string { return tt.getenv[k] })
			if code != tt.wantCode {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tt.wantCode, stdout.String(), stderr.String())
			}
			for _, want := range tt.wantOut {
				if !strings.Contains(stdout.String(), want) {
					t.Errorf("stdout lacks %q:\n%s", want, stdout.String())
				}
			}
		})
	}
}

func TestVerifierMemoJSON(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	factsPath, memoPath := filepath.Join(dir, "faits.json"), filepath.Join(dir, "memo.json")
	memoBody := `{"paragraphes":[{"type":"liquidite","texte":"Le levier a gagné 1,9 point.","sources":["R-ferlac-levier"]}]}`
	for path, body := range map[string]string{factsPath: verifierFacts, memoPath: memoBody} {
		if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	var stdout, stderr bytes.Buffer
	code := verifyMemo(context.Background(), []string{"--json", "--facts", factsPath, memoPath}, &stdout, &stderr, func(string) string { return "" })
	if code != 1 {
		t.Fatalf("exit %d, want 1: %s", code, stderr.String())
	}
	var got struct {
		Status  string `json:"statut"`
		Handoff struct {
			Report string `json:"rapport"`
			Claims []struct {
				Step string `json:"controle"`
			} `json:"affirmations"`
		} `json:"relais"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if got.Status != "bloque" || got.Handoff.Report != memoPath || len(got.Handoff.Claims) != 1 || got.Handoff.Claims[0].Step != "nombres" {
		t.Errorf("result = %+v, want bloque at nombres, relayed with the memo's path", got)
	}
}
