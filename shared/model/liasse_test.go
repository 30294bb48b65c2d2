package model_test

import (
	"encoding/json"
	"strings"
	"testing"

	"analyste.dev/analyste/shared/checks"
	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/dev/fixtures/pdfs"
	"analyste.dev/analyste/shared/extraction"
	"analyste.dev/analyste/shared/model"
	"analyste.dev/analyste/shared/statements"
)

// liasseAnswer is Gemini's transcription of the Cerfa 2051 (bilan passif) of
// La Compagnie des Châteaux, as the schema asks: free lines, amounts as
// printed in euros, one category each, the unit deduced from the form.
const liasseAnswer = `{"societe": "La Compagnie des Châteaux", "unite_imprimee": "€",
 "unite_deduite": "formulaire Cerfa 2051 sans unité imprimée : montants en euros",
 "tableaux": [{"etat": "bilan", "page": 2, "exercices": [2019], "lignes": [
  {"libelle": "Capital social ou individuel", "montants": [84793365], "categorie": "capitaux_propres"},
  {"libelle": "Primes d'émission, de fusion, d'apport", "montants": [580806], "categorie": "capitaux_propres"},
  {"libelle": "Réserve légale", "montants": [3472484], "categorie": "capitaux_propres"},
  {"libelle": "Report à nouveau", "montants": [65929986], "categorie": "capitaux_propres"},
  {"libelle": "RÉSULTAT DE L'EXERCICE (bénéfice ou perte)", "montants": [4163230], "categorie": "capitaux_propres"},
  {"libelle": "TOTAL (I)", "montants": [158939871], "categorie": "sous-total", "couvre": ["capitaux_propres"]},
  {"libelle": "Provisions pour risques", "montants": [448325], "categorie": "provisions"},
  {"libelle": "TOTAL (III)", "montants": [448325], "categorie": "sous-total", "couvre": ["provisions"]},
  {"libelle": "Emprunts et dettes auprès des établissements de crédit", "montants": [7421202], "categorie": "dettes_financieres"},
  {"libelle": "Emprunts et dettes financières divers", "montants": [9901063], "categorie": "dettes_financieres"},
  {"libelle": "Dettes fournisseurs et comptes rattachés", "montants": [32979], "categorie": "dettes_fournisseurs"},
  {"libelle": "Dettes fiscales et sociales", "montants": [135275], "categorie": "autres_passifs_courants"},
  {"libelle": "Autres dettes", "montants": [10746], "categorie": "autres_passifs_courants"},
  {"libelle": "Produits constatés d'avance", "montants": [192960], "categorie": "autres_passifs_courants"},
  {"libelle": "TOTAL (IV)", "montants": [17694226], "categorie": "sous-total", "couvre": ["dettes_financieres", "dettes_fournisseurs", "autres_passifs_courants"]},
  {"libelle": "TOTAL GÉNÉRAL (I à V)", "montants": [177082421], "categorie": "total_passif"},
  {"libelle": "Dettes et produits constatés d'avance à moins d'un an", "montants": [2931244], "categorie": "autre"}
 ]}]}`

// TestModelReaderOnALiassePage runs the extraction's model reader through
// the real genai client against the fake endpoint on a real Cerfa page: the
// page text and the free-line schema go out, and what comes back normalises
// into the fields the form prints, the others absent.
func TestModelReaderOnALiassePage(t *testing.T) {
	t.Parallel()
	doc := pdfs.Read(t, fixtures.Real(t, "fr_compagnie-des-chateaux_2019_liasse-2050.pdf"))
	client, sent := model.FakeClient(t, liasseAnswer)
	reader, err := extraction.NewModelReader(client)
	if err != nil {
		t.Fatal(err)
	}
	tr, usage, err := reader.Transcribe(t.Context(), doc, []int{2}, nil)
	if err != nil {
		t.Fatalf("Transcribe: %v", err)
	}
	if usage.InputTokens != 2000 || usage.OutputTokens != 400 {
		t.Errorf("usage %+v, want the endpoint's 2000 / 400 tokens", usage)
	}

	reqs := sent()
	if len(reqs) != 1 {
		t.Fatalf("%d requests, want 1", len(reqs))
	}
	text := reqs[0].Contents[0].Parts[0].Text
	for _, want := range []string{"=== page 2 ===", "Emprunts et dettes auprès des établissements de crédit", "TOTAL GÉNÉRAL"} {
		if !strings.Contains(text, want) {
			t.Errorf("the request lacks %q from the page", want)
		}
	}
	if strings.Contains(text, "=== page 1 ===") {
		t.Error("a page not asked for was sent")
	}
	schema, err := json.Marshal(reqs[0].GenerationConfig.ResponseJsonSchema)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"unite_deduite"`, `"autres_passifs"`, `"autres_produits_exploitation"`, `"sous-total"`} {
		if !strings.Contains(string(schema), want) {
			t.Errorf("the response schema lacks %s", want)
		}
	}

	if tr.UnitDeduced == "" {
		t.Error("the deduced unit's reason was lost")
	}
	rep, err := statements.Normalise(tr)
	if err != nil {
		t.Fatalf("Normalise: %v", err)
	}
	truth := fixtures.ReadTruth(t, fixtures.Testdata(t, "real", "chateaux", "truth.json"))
	for _, name := range []string{"capitaux_propres", "provisions", "dettes_financieres", "dettes_fournisseurs", "autres_passifs_courants", "total_passif"} {
		k := statements.Key{Statement: statements.Balance, Name: name}
		want, _ := truth.Years[2019].Get(k)
		if got, ok := rep.Years[2019].Get(k); !ok || got != want {
			t.Errorf("%s = %v (printed %v), want %v", k, got, ok, want)
		}
	}
	if rep.Has(2019, statements.Key{Statement: statements.Balance, Name: "autres_passifs"}) {
		t.Error("autres_passifs is not printed on the form, yet present")
	}
	for _, c := range checks.Identities(rep) {
		if c.Year == 2019 && c.Label == "total passif = somme des postes" && c.Status != checks.Passed {
			t.Errorf("identity 4 on the transcription: %s", c.Message)
		}
	}
}
