package memo

import (
	"context"
	"strings"
	"testing"

	"analyste.dev/analyste/shared/facts"
)

// The memo checked as a whole: each memo below says a thing and its
// opposite, or "rien à signaler" under an alert or a grave risk, and must
// block with both sides shown; the coherent ones pass.
func TestCoherence(t *testing.T) {
	covenantRisk := facts.Fact{ID: "Q-acme-1", State: facts.Verified, Category: "covenant", Severity: "elevee",
		Text: "Acme SA - « Le ratio de levier ne doit pas dépasser 3,0x ; il s'établit à 2,9x. » (p. 4)"}
	concernRisk := facts.Fact{ID: "Q-acme-2", State: facts.Verified, Category: "continuite_exploitation", Severity: "elevee",
		Text: "Acme SA - « Il existe une incertitude significative sur la continuité d'exploitation. » (p. 9)"}
	alert := facts.Fact{ID: "A-acme-1", State: facts.Verified, Text: "Acme SA - Capitaux propres négatifs de -1 200 k€ en 2025."}
	dueAlert := facts.Fact{ID: "A-acme-2", State: facts.Verified, Text: "Acme SA - Échéances à moins d'un an de 9 000 k€ en 2025, au-dessus de la trésorerie et des lignes non tirées (4 000 k€)."}
	headroom := facts.Fact{ID: "C-acme-covenant-1", State: facts.Verified, Text: "Acme SA - Covenant (engagement financier) sur le ratio de levier : plafond de 3,5x ; ratio publié : 3,2x, soit une marge de 8,6 % du plafond ; levier calculé sur les comptes : 5,5x en 2025, selon une autre définition"}
	noCov := facts.Fact{ID: "C-acme-covenants-aucun", State: facts.Verified, Text: "Acme SA - Covenants : aucun covenant relevé dans le texte du rapport"}
	p := func(k Kind, text string, src ...string) Paragraph {
		return Paragraph{Kind: k, Text: text, Sources: src}
	}
	tests := []struct {
		name  string
		facts []facts.Fact
		memo  []Paragraph
		want  string // in the defect, "" when coherent
	}{
		{"no covenant beside a covenant risk", []facts.Fact{covenantRisk},
			[]Paragraph{p(Risks, "Risque covenant, gravité élevée.", "Q-acme-1"), p(Covenants, "Aucun covenant relevé.", "Q-acme-1")},
			"« Risque covenant, gravité élevée. » (paragraphe 1, risques principaux) dit que un covenant est présent, « Aucun covenant relevé. »"},
		{"no covenant against the facts", []facts.Fact{covenantRisk},
			[]Paragraph{p(Covenants, "La société n'est soumise à aucun covenant.", "Q-acme-1")}, "contredit le fait Q-acme-1"},
		{"none breached is not none", []facts.Fact{covenantRisk},
			[]Paragraph{p(Risks, "Risque covenant, gravité élevée.", "Q-acme-1"), p(Covenants, "Aucun covenant n'est rompu à la clôture.", "Q-acme-1")}, ""},
		{"no covenant, the reader found none", []facts.Fact{noCov},
			[]Paragraph{p(Covenants, "Covenants : aucun covenant relevé dans le texte du rapport.", noCov.ID)}, ""},
		{"liquidity both ways", []facts.Fact{alert},
			[]Paragraph{p(Synthesis, "La trésorerie est suffisante.", alert.ID), p(DebtLiquidity, "La trésorerie ne couvre pas les échéances de l'année.", alert.ID)},
			"se contredit sur liquidité"},
		{"sufficient against the due-debt alert", []facts.Fact{dueAlert},
			[]Paragraph{p(DebtLiquidity, "La trésorerie couvre les échéances de l'exercice.", dueAlert.ID)}, "contredit le fait A-acme-2 sur liquidité"},
		{"going concern both ways", []facts.Fact{concernRisk},
			[]Paragraph{p(Risks, "Le rapport fait état d'une incertitude significative sur la continuité d'exploitation.", concernRisk.ID),
				p(Quality, "Aucune incertitude sur la continuité d'exploitation n'est relevée.", concernRisk.ID)}, "se contredit sur continuité d'exploitation"},
		{"no doubt against a going-concern risk", []facts.Fact{concernRisk},
			[]Paragraph{p(Synthesis, "La continuité d'exploitation n'est pas remise en cause.", concernRisk.ID)}, "contredit le fait Q-acme-2"},
		{"nothing to report under an alert", []facts.Fact{alert},
			[]Paragraph{p(ToVerify, "Points à vérifier : rien à signaler.", alert.ID)}, "dit « rien à signaler » alors que l'alerte A-acme-1 tient"},
		{"nothing to report under a grave risk", []facts.Fact{concernRisk},
			[]Paragraph{p(ToVerify, "Rien à signaler.", concernRisk.ID)}, "alors que le risque de gravité élevée Q-acme-2 tient"},
		{"nothing to report on covenants under an equity alert", []facts.Fact{alert, noCov},
			[]Paragraph{p(Covenants, "Covenants : rien à signaler.", noCov.ID)}, ""},
		{"breach concluded on the computed leverage", []facts.Fact{headroom},
			[]Paragraph{p(Covenants, "Le covenant est dépassé : le levier calculé de 5,5x excède le plafond de 3,5x.", headroom.ID)}, "contredit le fait C-acme-covenant-1 sur respect du covenant"},
		{"a breach supposed, not stated", []facts.Fact{headroom},
			[]Paragraph{p(Synthesis, "Conditions : confirmation que les lignes non tirées restent disponibles si le covenant est dépassé.", headroom.ID)}, ""},
		{"breached and met", []facts.Fact{covenantRisk},
			[]Paragraph{p(Risks, "Le covenant est respecté.", "Q-acme-1"), p(Synthesis, "Le covenant de levier n'est pas respecté.", "Q-acme-1")}, "se contredit sur respect du covenant"},
		{"met, as the facts say", []facts.Fact{headroom},
			[]Paragraph{p(Covenants, "Le covenant est respecté, avec une marge de 8,6 % du plafond.", headroom.ID)}, ""},
		{"no financial undertaking beside a covenant risk", []facts.Fact{covenantRisk},
			[]Paragraph{p(Risks, "Risque covenant, gravité élevée.", "Q-acme-1"), p(Covenants, "Le crédit n'est assorti d'aucun engagement financier.", "Q-acme-1")}, "se contredit sur covenant"},
		{"néant under an alert", []facts.Fact{alert},
			[]Paragraph{p(ToVerify, "Points à vérifier : néant.", alert.ID)}, "alors que l'alerte A-acme-1 tient"},
		{"no point in particular under an alert", []facts.Fact{alert},
			[]Paragraph{p(Synthesis, "Aucun point particulier n'est à signaler.", alert.ID)}, "alors que l'alerte A-acme-1 tient"},
		{"nothing to report, nothing stands", []facts.Fact{noCov},
			[]Paragraph{p(ToVerify, "Points à vérifier : rien à signaler.", noCov.ID)}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Coherence(Memo{Paragraphs: tt.memo}, tt.facts)
			if tt.want == "" {
				if len(got) > 0 {
					t.Fatalf("défauts %+v, veut aucun", got)
				}
				return
			}
			if len(got) == 0 || !strings.Contains(got[0].Message, tt.want) || got[0].Step != StepCoherence {
				t.Fatalf("défauts %+v, veut « %s »", got, tt.want)
			}
			v, err := NewVerifier(OfflineJudge{})
			if err != nil {
				t.Fatal(err)
			}
			res, err := v.Verify(context.Background(), Input{Company: "Acme SA", Facts: tt.facts, Years: []int{2025}}, Memo{Paragraphs: tt.memo})
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != Blocked || !strings.Contains(res.Reason, tt.want) {
				t.Errorf("statut %s (%s), veut bloque", res.Status, res.Reason)
			}
		})
	}
}

// The offline writer never writes "rien à signaler" under a grave risk:
// the risk is stated, the points to verify say nothing of it twice, and
// the memo stays coherent.
func TestOfflinePointsUnderGraveRisk(t *testing.T) {
	risk := facts.Fact{ID: "Q-acme-2", State: facts.Verified, Category: "continuite_exploitation", Severity: "elevee",
		Text: "Acme SA - « Il existe une incertitude significative sur la continuité d'exploitation. » (p. 9)"}
	points := facts.Fact{ID: "K-acme-points", State: facts.Verified, Text: "Acme SA - Points à vérifier : rien à signaler"}
	in := Input{Company: "Acme SA", Facts: []facts.Fact{risk, points}, Years: []int{2025}}
	m, _, err := OfflineWriter{}.Write(context.Background(), in, nil)
	if err != nil {
		t.Fatal(err)
	}
	if d := Coherence(m, in.Facts); len(d) > 0 {
		t.Fatalf("mémo incohérent : %+v", d)
	}
	stated := 0
	for _, p := range m.Paragraphs {
		if strings.Contains(p.Text, "rien à signaler") {
			t.Errorf("%s says rien à signaler: %q", p.Kind, p.Text)
		}
		stated += strings.Count(p.Text, "continuité d'exploitation, gravité élevée")
	}
	if stated != 1 {
		t.Errorf("the grave risk is stated %d times, want once: %+v", stated, m.Paragraphs)
	}
}
