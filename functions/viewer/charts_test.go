package viewer

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"analyste.dev/analyste/shared/checks"
	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/ratios"
	"analyste.dev/analyste/shared/schema"
)

func TestRatioPanels(t *testing.T) {
	t.Parallel()
	num := func(v float64) ratios.Value { return ratios.Value{Number: v} }
	values := map[int]ratios.Ratios{
		2024: {Leverage: num(3.0), FreeCashFlow: num(1200), WorkingCapitalDays: num(40), InterestCover: num(5), EBITDAMargin: num(8),
			CashRunway: ratios.Value{Reason: ratios.NotSignificant}},
		2025: {Leverage: num(4.2), FreeCashFlow: num(-300), WorkingCapitalDays: num(50), InterestCover: num(2.5),
			EBITDAMargin: ratios.Value{Reason: "non disponible (2025 compte_resultat.chiffre_affaires non imprimé)"},
			CashRunway:   ratios.Value{Reason: ratios.NotSignificant}},
	}
	ceiling := 4.0
	panels := ratioPanels([]int{2025, 2024}, values, ratios.DefaultThresholds, &ceiling)
	byLabel := map[string]ratioPanel{}
	for _, p := range panels {
		byLabel[p.Label] = p
	}
	tests := []struct {
		label  string
		points int
		lines  []string
		alert  bool
		note   string
	}{
		{"Levier", 2, []string{"seuil d'alerte 3,5x", "plafond du covenant 4,0x"}, true, ""},
		{"Free cash-flow", 2, []string{"free cash-flow négatif sous 0"}, true, ""},
		{"BFR en jours de chiffre d'affaires", 2, []string{"hausse de plus de 15 jours"}, false, ""},
		{"Couverture des frais financiers", 2, []string{"seuil d'alerte 3,0x"}, true, ""},
		{"Marge d'EBITDA", 1, []string{"EBITDA négatif sous 0 %"}, false, "2025 : non disponible (2025"},
		{"Mois de trésorerie", 0, nil, false, "2024 : non significatif. 2025 : non significatif."},
	}
	for _, tt := range tests {
		p, ok := byLabel[tt.label]
		if !ok {
			t.Errorf("no panel %q", tt.label)
			continue
		}
		var lines []string
		for _, l := range p.Lines {
			lines = append(lines, l.Label)
			if l.Y < panelTop || l.Y > panelBottom {
				t.Errorf("%s: line %q at y %v, off the plot", tt.label, l.Label, l.Y)
			}
		}
		if diff := cmp.Diff(tt.lines, lines); diff != "" {
			t.Errorf("%s: lines (-want +got):\n%s", tt.label, diff)
		}
		if len(p.Points) != tt.points || p.Alert != tt.alert || !strings.Contains(p.Note, tt.note) {
			t.Errorf("%s: %d points, alert %v, note %q; want %d, %v, %q", tt.label, len(p.Points), p.Alert, p.Note, tt.points, tt.alert, tt.note)
		}
		for _, pt := range p.Points {
			if pt.Y < panelTop || pt.Y > panelBottom {
				t.Errorf("%s: point %s at y %v, off the plot", tt.label, pt.Value, pt.Y)
			}
		}
	}
	// Higher values are drawn higher: 4,2x above 3,0x, the threshold between.
	lv := byLabel["Levier"]
	if !(lv.Points[1].Y < lv.Lines[0].Y && lv.Lines[0].Y < lv.Points[0].Y) || lv.Points[0].X >= lv.Points[1].X {
		t.Errorf("leverage drawn %+v, lines %+v", lv.Points, lv.Lines)
	}
}

func TestCheckMatrix(t *testing.T) {
	t.Parallel()
	check := func(year int, label string, st checks.Status) checkRow {
		return checkRow{Check: checks.Check{Year: year, Label: label, Status: st}, StatusLabel: checkStatuses[st], Anchor: label}
	}
	rows := []checkRow{
		check(2025, "total actif = total passif", checks.Passed),
		check(2025, "sous-total « Total dettes » (bilan, page 8) = somme de ses lignes", checks.Failed),
		check(2025, "résultat d'exploitation = chiffre d'affaires - charges", checks.Passed),
		check(2025, "résultat net du tableau de flux = compte de résultat", checks.Unverifiable),
		check(2025, "échelle des tableaux = montants cités dans le texte", checks.Passed),
		check(2024, "total actif = total passif", checks.Passed),
	}
	m := newCheckMatrix(rows, []int{2025, 2024})
	if got := []string{m.Years[0].Label, m.Years[1].Label}; !slices.Equal(got, []string{"2025", "2024"}) {
		t.Errorf("columns %v, want N then N-1, as the tables", got)
	}
	got := map[string][]string{}
	for _, r := range m.Rows {
		for i, c := range r.Cells {
			for _, sq := range c.Squares {
				got[r.Label] = append(got[r.Label], m.Years[i].Label+" "+sq.Status)
			}
		}
	}
	want := map[string][]string{
		"Compte de résultat":     {"2025 ok"},
		"Bilan":                  {"2025 ok", "2025 echec", "2024 ok"},
		"Entre états et échelle": {"2025 non_verifiable", "2025 ok"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("squares by row (-want +got):\n%s", diff)
	}
	if m.Passed != 4 || m.Failed != 1 || m.Unverifiable != 1 {
		t.Errorf("counts %d/%d/%d", m.Passed, m.Failed, m.Unverifiable)
	}
}

// Open hand-offs first, oldest first, an unknown opening last; then the
// resolved ones, latest decision first. Their ages are counted by range.
func TestQueueOrder(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 4, 10, 12, 0, 0, 0, time.UTC)
	pend := func(id string, opened time.Time, resolvedAt time.Time) Pending {
		p := Pending{ID: id, Opened: opened, HandoffRecord: schema.HandoffRecord{Handoff: memo.Handoff{Report: id, Status: memo.Abstained}}}
		if !resolvedAt.IsZero() {
			p.Resolution = &schema.Resolution{Decision: schema.Validated, By: "ana@example.com", At: resolvedAt}
		}
		return p
	}
	day := 24 * time.Hour
	p := buildDashboard(nil, map[schema.Status]int{}, []Pending{
		pend("recent", now.Add(-2*time.Hour), time.Time{}),
		pend("resolu-ancien", now.Add(-20*day), now.Add(-5*day)),
		pend("inconnu", time.Time{}, time.Time{}),
		pend("ancien", now.Add(-10*day), time.Time{}),
		pend("resolu-recent", now.Add(-3*day), now.Add(-day)),
		pend("moyen", now.Add(-50*time.Hour), time.Time{}),
	}, "", 10, now)
	var order, ages []string
	for _, q := range p.Queue {
		order, ages = append(order, q.ID), append(ages, q.Age)
	}
	if want := []string{"ancien", "moyen", "recent", "inconnu", "resolu-recent", "resolu-ancien"}; !slices.Equal(order, want) {
		t.Errorf("queue %v, want %v", order, want)
	}
	if want := []string{"10 jours", "2 jours", "2 h", "", "", ""}; !slices.Equal(ages, want) {
		t.Errorf("ages %v, want %v", ages, want)
	}
	if p.Open != 4 || p.Ages.Desc != "moins d'un jour : 1 ; 1 à 3 jours : 1 ; 3 à 7 jours : 0 ; plus de 7 jours : 1." {
		t.Errorf("%d open, ages %q", p.Open, p.Ages.Desc)
	}
}
