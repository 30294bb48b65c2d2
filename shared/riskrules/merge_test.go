package riskrules

import (
	"strings"
	"testing"

	"analyste.dev/analyste/shared/signals"
	"github.com/google/go-cmp/cmp"
)

func TestOfflineMerges(t *testing.T) {
	t.Parallel()
	pages := []string{
		"Rapport de gestion de l'exercice clos le 31 décembre 2025.\n" +
			"Les capitaux propres s'élèvent à 20 000 k€ et la trésorerie disponible à 4 000 k€.",
		"Un ancien agent commercial a assigné la Société devant le tribunal de Lyon et réclame 2 400 k€.\n" +
			"La Société conteste cette demande et a constitué une provision de 600 k€.\n" +
			"Par ailleurs, un litige oppose la Société au constructeur de la centrale de Montclar au sujet de pénalités de 300 k€.\n" +
			"Le premier client a représenté 38 % du chiffre d'affaires de l'exercice.",
		"Les provisions couvrent le litige commercial décrit dans le rapport de gestion (600 k€).\n" +
			"La concentration de la clientèle expose la Société à la décision de quelques donneurs d'ordre.\n" +
			"Le recours contre la centrale de Montclar est pendant devant la cour administrative d'appel.",
	}
	got := Offline(pages)
	if _, rejected := signals.Check(pages, got); len(rejected) > 0 {
		t.Fatalf("Offline returned quotes that do not verify: %+v", rejected)
	}
	type view struct {
		Category  signals.Category
		Severity  signals.Severity
		Page      int
		Others    []int
		Mitigants int
	}
	var views []view
	for _, s := range got {
		v := view{Category: s.Category, Severity: s.Severity, Page: s.Page, Mitigants: len(s.Mitigants)}
		for _, o := range s.Others {
			v.Others = append(v.Others, o.Page)
		}
		views = append(views, v)
	}
	want := []view{
		// The claim on page 2, told again on page 3 ("décrit"), with its mitigant.
		{signals.Litigation, signals.Medium, 2, []int{3}, 1},
		// Montclar, another litigation, told on pages 2 and 3.
		{signals.Litigation, signals.Low, 2, []int{3}, 0},
		// One customer concentration, whatever the pages share.
		{signals.CustomerConcentration, signals.High, 2, []int{3}, 0},
	}
	if diff := cmp.Diff(want, views); diff != "" {
		t.Errorf("signals mismatch (-want +got):\n%s", diff)
	}
	if len(got) > 0 {
		if s := got[0]; s.Summary != "Litige en cours : le tribunal de Lyon et réclame 2 400 k€." || !strings.Contains(s.SeverityReason, "12,0 % des capitaux propres") {
			t.Errorf("summary %q, reason %q", s.Summary, s.SeverityReason)
		}
	}
}

// A risk repeated on every page of a long report stays one signal of
// bounded size.
func TestOfflineBoundsQuotes(t *testing.T) {
	t.Parallel()
	pages := make([]string, 30)
	for i := range pages {
		pages[i] = "Le premier client a représenté 38 % du chiffre d'affaires de l'exercice."
	}
	got := Offline(pages)
	if len(got) != 1 || len(got[0].Others) != maxRefs {
		t.Fatalf("got %d signals, the first with %d other quotes; want 1 with %d", len(got), len(got[0].Others), maxRefs)
	}
	// A store bounds a document by every text a signal holds.
	if n := len(got[0].Texts()); n != 3+maxRefs {
		t.Errorf("Texts gives %d texts, want reason, summary, quote and %d others", n, maxRefs)
	}
}
