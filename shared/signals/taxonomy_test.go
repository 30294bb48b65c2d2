package signals

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The categories must all be in the taxonomy, under their keys.
func TestTaxonomyKeys(t *testing.T) {
	t.Parallel()
	want := []Category{"covenant", "exigibilite_anticipee", "refinancement", "liquidite", "continuite_exploitation",
		"concentration_clients", "dependance_fournisseur", "personnes_cles", "litiges", "controles_fiscaux_sociaux",
		"garanties_donnees", "engagements_hors_bilan", "decouvert_bancaire", "retards_paiement", "attrition",
		"matieres_premieres", "climat", "change_taux", "reserves_cac", "parties_liees", "reglementaire"}
	for _, c := range want {
		if !slices.Contains(Categories, c) {
			t.Errorf("category %q missing from the taxonomy", c)
		}
	}
	if Category("inconnue").Label() != "inconnue" {
		t.Error("an unknown category should be labelled by its key")
	}
}

// Every category says what it is, what it is not and how it is graded:
// the prompt, the memo and the viewer need all of it.
func TestTaxonomyComplete(t *testing.T) {
	t.Parallel()
	key := regexp.MustCompile(`^[a-z]+(_[a-z]+)*$`)
	labels := map[string]bool{}
	for _, d := range taxonomy {
		t.Run(string(d.category), func(t *testing.T) {
			t.Parallel()
			if !key.MatchString(string(d.category)) {
				t.Errorf("key %q is not snake_case", d.category)
			}
			for name, text := range map[string]string{"label": d.label, "summary": d.summary, "definition": d.definition,
				"notRisk": d.notRisk, "severity": d.severity} {
				if strings.TrimSpace(text) == "" {
					t.Errorf("%s is empty", name)
				}
			}
		})
		if labels[d.label] {
			t.Errorf("label %q used twice", d.label)
		}
		labels[d.label] = true
	}
}
