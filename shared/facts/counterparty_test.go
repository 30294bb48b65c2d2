package facts

import (
	"strings"
	"testing"
)

// Pages shaped like an annual report: the activity section and the
// auditor's report (NEP 700 wording), one written for this test.
func TestCounterpartyFacts(t *testing.T) {
	t.Parallel()
	activity := "Rapport de gestion\nPrésentation de la Société\nFondée en 1990, Acme conçoit et fabrique des pompes\nindustrielles vendues en Europe.\nLa Société emploie 210 salariés.\n"
	audit := func(opinion, extra string) string {
		return "Rapport du commissaire aux comptes sur les comptes annuels\nOpinion\n" + opinion + "\n" + extra +
			"\nLyon, le 2 avril 2026\nLe commissaire aux comptes\nCabinet Exemple Audit – Jeanne Martin, associée\n"
	}
	certify := "Nous certifions que les comptes annuels sont réguliers et sincères et donnent une image fidèle."
	tests := []struct {
		name, page, opinion string
		observation, gc     bool
	}{
		{"without reservation", audit(certify, ""), OpinionUnqualified, false, false},
		{"with an observation", audit(certify, "Observation\nSans remettre en cause l’opinion exprimée ci-dessus, nous attirons votre attention sur la note 2."), OpinionUnqualified, true, false},
		{"going concern", audit(certify, "Incertitude significative liée à la continuité d’exploitation\nNous attirons votre attention sur la note 3."), OpinionUnqualified, false, true},
		{"with reservations", audit("Sous la réserve décrite ci-dessous, nous certifions que les comptes annuels sont réguliers et sincères.", ""), OpinionQualified, false, false},
		{"disclaimed", audit("Nous ne sommes pas en mesure de certifier que les comptes annuels sont réguliers et sincères.", ""), OpinionDisclaimed, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			fs := CounterpartyFacts("Acme SA", []string{"Acme SA\nRapport annuel 2025", activity, tt.page})
			if len(fs) != 2 {
				t.Fatalf("%d facts, want activity and audit: %+v", len(fs), fs)
			}
			if want := "« Fondée en 1990, Acme conçoit et fabrique des pompes industrielles vendues en Europe. La Société emploie 210 salariés. » (p. 2)"; !strings.Contains(fs[0].Text, want) {
				t.Errorf("activity %q, want %q", fs[0].Text, want)
			}
			a := fs[1].Audit
			if a == nil || a.Opinion != tt.opinion || a.Observation != tt.observation || a.GoingConcern != tt.gc {
				t.Errorf("audit %+v, want %s observation=%v going concern=%v", a, tt.opinion, tt.observation, tt.gc)
			}
			if !strings.Contains(fs[1].Text, "Commissaire aux comptes : Cabinet Exemple Audit – Jeanne Martin, associée ; opinion : "+tt.opinion) || fs[1].Page != 3 {
				t.Errorf("audit fact %q (p. %d)", fs[1].Text, fs[1].Page)
			}
		})
	}
	// Without an auditor's report, the fact says so, and quotes an
	// accountant's attestation that the accounts are not audited.
	for _, tt := range []struct{ page, want string }{
		{"Bilan\nTotal actif 100", "Acme SA - Commissaire aux comptes : aucun rapport de commissaire aux comptes dans le document"},
		{"Attestation de présentation des comptes annuels\nNos travaux ne constituent ni un audit ni un examen limité ; ils n’ont pas mis en évidence d’élément de nature à remettre en cause la cohérence des comptes.\n",
			"dans le document ; comptes présentés par un expert-comptable, sans audit : « Nos travaux ne constituent ni un audit ni un examen limité ; ils n’ont pas mis en évidence d’élément de nature à remettre en cause la cohérence des comptes. » (p. 1)"},
	} {
		fs := CounterpartyFacts("Acme SA", []string{tt.page})
		if len(fs) != 1 || fs[0].ID != "C-acme-audit" || fs[0].Audit != nil || !strings.HasSuffix(fs[0].Text, tt.want) {
			t.Errorf("facts from %q: %+v, want one audit fact without an opinion ending %q", tt.page, fs, tt.want)
		}
	}
}
