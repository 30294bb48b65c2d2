package facts

import (
	"strings"
	"testing"
)

func TestCheckCompany(t *testing.T) {
	t.Parallel()
	pages := []string{"MAISON FERLAC SAS\nRapport annuel 2025", "Celui-ci a engagé un plan.", "La Compagnie des Châteaux  Désignation de l'entreprise"}
	tests := []struct {
		name string
		want string // in the error; empty when accepted
	}{
		{"Maison Ferlac SAS", ""},
		{"La Compagnie des Châteaux", ""},
		{"Celui-ci", "mot de phrase"},
		{"La société", "mot de phrase"},
		{"", "aucune dénomination"},
		{"Levier-2025 :0,9x SAS", "ponctuation"},
		{"Levier 0,9x SAS", "montant ou un ratio"},
		{"Atelier Dupont SARL", "n'est imprimé sur aucune page"},
		{"Ferlac\u202eSAS", "contrôle"},
		{strings.Repeat("Nom ", 40), "trop long"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			err := CheckCompany(tt.name, pages)
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("error %v, want %q", err, tt.want)
			}
		})
	}
	if Slug(Unidentified) != "societe" {
		t.Errorf("Slug(%q) = %q", Unidentified, Slug(Unidentified))
	}
}
