package viewer

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"analyste.dev/analyste/shared/checks"
	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/statements"
)

func TestInvolvedKeys(t *testing.T) {
	t.Parallel()
	bal := func(n string) statements.Key { return statements.Key{Statement: statements.Balance, Name: n} }
	inc := func(n string) statements.Key { return statements.Key{Statement: statements.Income, Name: n} }
	cf := func(n string) statements.Key { return statements.Key{Statement: statements.CashFlow, Name: n} }
	tests := []struct {
		label string
		want  []statements.Key
	}{
		{"total actif = total passif", []statements.Key{bal("total_actif"), bal("total_passif")}},
		{"résultat net du tableau de flux = compte de résultat", []statements.Key{inc("resultat_net"), cf("resultat_net")}},
		{"trésorerie d'ouverture = clôture de l'exercice précédent", []statements.Key{cf("tresorerie_ouverture"), cf("tresorerie_cloture")}},
		{"capitaux propres = précédents + résultat net + dividendes + augmentation de capital",
			[]statements.Key{inc("resultat_net"), bal("capitaux_propres"), cf("dividendes_verses"), cf("augmentation_capital")}},
		{"variation du BFR = -(BFR - BFR précédent)", []statements.Key{bal("stocks"), bal("creances_clients"),
			bal("autres_actifs_courants"), bal("dettes_fournisseurs"), bal("autres_passifs_courants"), cf("variation_bfr")}},
	}
	for _, tt := range tests {
		t.Run(tt.label, func(t *testing.T) {
			t.Parallel()
			if diff := cmp.Diff(tt.want, involvedKeys()[tt.label]); diff != "" {
				t.Errorf("keys (-want +got):\n%s", diff)
			}
		})
	}
}

// Every identity a real report is checked against has its lines, and every
// line has its label.
func TestEveryIdentityAndLineIsLabelled(t *testing.T) {
	t.Parallel()
	for _, c := range checks.Identities(fixtures.TruthReport(t, fixtures.SmallTruth(t))) {
		if len(involvedKeys()[c.Label]) < 2 {
			t.Errorf("identity %q involves %v", c.Label, involvedKeys()[c.Label])
		}
	}
	if n := len(involvedKeys()); n != 16 {
		t.Errorf("%d identities, want 16", n)
	}
	for _, k := range statements.AllKeys() {
		if lineLabels[k] == "" {
			t.Errorf("no label for %s", k)
		}
	}
}
