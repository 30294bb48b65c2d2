package viewer

import (
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"golang.org/x/net/html"

	"analyste.dev/analyste/shared/checks"
	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/ratios"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/signals"
	"analyste.dev/analyste/shared/statements"
)

// manyFailures is a document whose six failed checks leave every fact
// unverified: the memo's 393 claims stop, each on a failed check, and the
// reason repeats them all, as the chain writes it.
func manyFailures() (schema.ExtractionRecord, schema.HandoffRecord) {
	ex := schema.ExtractionRecord{Company: "Société test", Years: map[int]statements.Year{2025: {}, 2024: {}}}
	var reasons []string
	for i := range 6 {
		c := checks.Check{Year: 2025 - i%2, Label: fmt.Sprintf("sous-total %d (bilan, page 8) = somme de ses lignes", i), Status: checks.Failed,
			Expected: 1000, Read: float64(990 - i), Message: fmt.Sprintf("écart de %d sur le sous-total %d", 10+i, i)}
		ex.Checks = append(ex.Checks, c)
		reasons = append(reasons, "contrôle en échec : "+c.Message)
	}
	h := schema.HandoffRecord{Handoff: memo.Handoff{Report: ex.Company, Status: memo.Abstained}}
	var parts []string
	for i := range 393 {
		f := facts.Fact{ID: fmt.Sprintf("R-%d", i%40), State: facts.Unverified, Reasons: []string{reasons[i%6]}}
		claim := fmt.Sprintf("Affirmation %d : la dette nette progresse de %d %% sur l'exercice, ce que les faits cités ne vérifient pas.", i, i)
		h.Claims = append(h.Claims, memo.HandoffClaim{Paragraph: 1 + i%7, Claim: claim, Facts: []facts.Fact{f}, Step: memo.StepEvidence,
			Reason: "fait non vérifié : " + reasons[i%6]})
		parts = append(parts, fmt.Sprintf("paragraphe %d, « %s » : %s non vérifié : %s", 1+i%7, claim, f.ID, reasons[i%6]))
	}
	h.Reason = fmt.Sprintf("abstention sur %d point(s) : %s", len(parts), strings.Join(parts, " ; "))
	return ex, h
}

// The hand-off of a document with several failed checks fits one screen:
// one card per failed check, the reason bounded, the whole hand-off too,
// the form above the cards.
func TestHandoffFitsOneScreen(t *testing.T) {
	t.Parallel()
	ex, h := manyFailures()
	if n := utf8.RuneCountInString(h.Reason); n < 60000 {
		t.Fatalf("the reason has %d characters: the case is too small", n)
	}
	v := &viewer{forms: formTokens{key: formKey, now: time.Now}}
	e := extractionOf("r1", ex, nil)
	hv := &handoffView{HandoffRecord: h, ShortReason: shortReason(h.Reason), Causes: worklist("r1", h, &ex, e, nil),
		Form: &resolveForm{Action: "/rapports/r1/relais", Token: v.forms.mint(purposeResolve, "ana@example.com", "r1"), Who: "ana@example.com", Decisions: decisions, MaxComment: MaxComment}}
	if len(hv.Causes) != 6 {
		t.Errorf("%d causes, want one per failed check (6)", len(hv.Causes))
	}
	claims := 0
	for _, c := range hv.Causes {
		claims += len(c.Claims) + c.MoreClaims
		if c.Expected == "" || c.Gap == "" || c.Action == "" {
			t.Errorf("card %q lacks what it expected, its gap or an action", c.Title)
		}
	}
	if claims != 393 {
		t.Errorf("the cards count %d claims, want 393", claims)
	}
	// The page a reviewer gets: each cause with the form that decides it.
	reader := memReader{docs: map[string][]byte{}}
	reader.put(t, schema.Reports, "r1", schema.Report{Status: schema.Abstention, Company: ex.Company})
	reader.put(t, schema.Extractions, "r1", ex)
	reader.put(t, schema.Memos, "r1", memo.Result{Status: memo.Abstained, Reason: h.Reason, Handoff: &h.Handoff})
	reader.put(t, schema.Handoffs, "r1", h)
	review := &memReview{decisions: map[string]schema.CauseDecision{}, resolutions: map[string]schema.Resolution{}, reader: reader}
	hd, err := New(Deps{Reader: reader, Resolver: review, Corrections: review, Log: slog.New(slog.DiscardHandler), FormKey: formKey})
	if err != nil {
		t.Fatal(err)
	}
	code, page := serve(t, hd, "GET", reportURL("r1"), "ana@example.com", nil, "")
	if code != 200 {
		t.Fatalf("report: %d", code)
	}
	if n := len(causeFormRE.FindAllString(page, -1)); n != 6 {
		t.Errorf("%d cause forms, want one per cause (6)", n)
	}
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	sections := all(doc, func(n *html.Node) bool { return n.Data == "section" && strings.Contains(attr(n, "class"), "relais") })
	if len(sections) != 1 {
		t.Fatalf("%d hand-off sections", len(sections))
	}
	whole, reason := text(sections[0]), ""
	for _, n := range all(sections[0], func(n *html.Node) bool { return attr(n, "class") == "motif-court" }) {
		reason = text(n)
	}
	if n := utf8.RuneCountInString(reason); n > MaxReason+len("Motif : ") || n == 0 {
		t.Errorf("reason of %d characters", n)
	}
	if n := utf8.RuneCountInString(whole); n > 30000 {
		t.Errorf("hand-off of %d characters", n)
	}
	if strings.Index(whole, "décidez chaque cause") > strings.Index(whole, "Contrôle en échec") {
		t.Error("what the resolution waits for comes after the causes")
	}
	t.Logf("reason %d → %d characters, hand-off %d characters, %d cards", utf8.RuneCountInString(h.Reason), utf8.RuneCountInString(reason),
		utf8.RuneCountInString(whole), len(hv.Causes))
	if q := queueSummary(h); utf8.RuneCountInString(q) > 200 || !strings.Contains(q, "393 affirmations arrêtées") {
		t.Errorf("queue line %q", q)
	}
}

// The decision header shows the memo's opinion when it proposes one, and
// says none is proposed otherwise; alerts are grouped worst first; the key
// figures compare N with N-1 against their limit, N-1 flagged too.
func TestDecision(t *testing.T) {
	t.Parallel()
	num := func(v float64) ratios.Value { return ratios.Value{Number: v} }
	eq := func(v float64) statements.Year {
		return statements.Year{Balance: statements.BalanceSheet{Equity: statements.Amount(v)}}
	}
	ex := schema.ExtractionRecord{
		Years:  map[int]statements.Year{2025: eq(-120), 2024: eq(300)},
		Ratios: map[int]ratios.Ratios{2025: {Leverage: num(5.5), InterestCover: num(2)}, 2024: {Leverage: num(3.8), InterestCover: num(4)}},
		Alerts: []ratios.Alert{{Rule: ratios.RuleLeverage, Year: 2025, Text: "Levier de 5,5x en 2025, au-dessus du seuil d'alerte de 3,5x."}},
	}
	sig := schema.SignalsRecord{Verified: []signals.Signal{
		{Category: "litiges", Severity: signals.Low, Summary: "un litige", Page: 3},
		{Category: "continuite_exploitation", Severity: signals.High, Summary: "incertitude sur la continuité", Page: 9},
		{Category: "covenant", Severity: signals.Medium, Summary: "marge de 2,9 % au covenant", Page: 8},
	}}
	run := schema.Report{Status: schema.Done}
	cover := 0.8
	res := memo.Result{Status: memo.Published, Opinion: &memo.Opinion{Level: memo.Reserved, Reasons: []string{"levier élevé"}},
		Liquidity: &memo.Liquidity{Sources: []memo.LiquidityLine{{Label: "trésorerie", Amount: 800}}, Uses: []memo.LiquidityLine{{Label: "échéances", Amount: 1000}}, Cover: &cover, Unit: "k€"}}
	d := newDecision(decisionInputs{ID: "r1", Run: run, Extraction: &ex, Signals: &sig, Memo: &res})
	if d.Processing != "traitement terminé" || !strings.HasPrefix(d.Review, "mémo publié") || d.Opinion != "réservé" {
		t.Errorf("processing %q, review %q, opinion %q", d.Processing, d.Review, d.Opinion)
	}
	var groups []string
	for _, g := range d.Alerts {
		groups = append(groups, fmt.Sprintf("%s %d", g.Label, len(g.Items)))
	}
	if got := strings.Join(groups, ", "); got != "gravité élevée 1, gravité moyenne 1, gravité faible 1, règles d'alerte des ratios 1" {
		t.Errorf("alerts %s", got)
	}
	if len(d.Risks) != 3 || d.Risks[0].Severity != "élevée" || d.Risks[2].Severity != "faible" {
		t.Errorf("risks %+v", d.Risks)
	}
	figures := map[string]keyFigure{}
	for _, f := range d.Figures {
		figures[f.Label] = f
	}
	if l := figures["Levier"]; l.N != "5,5x" || l.Prev != "3,8x" || l.Change != "+1,7x" || !l.Alert || !l.PrevAlert {
		t.Errorf("leverage %+v", l)
	}
	if c := figures["Couverture des frais financiers"]; !c.Alert || c.PrevAlert {
		t.Errorf("cover %+v", c)
	}
	if e := figures["Capitaux propres"]; !e.Alert || e.PrevAlert || !strings.HasPrefix(e.Change, "−") {
		t.Errorf("equity %+v", e)
	}
	if s := figures["Sources / emplois à douze mois"]; s.N != "0,8x" || !s.Alert {
		t.Errorf("liquidity %+v", s)
	}
	res.Opinion = nil
	if d := newDecision(decisionInputs{ID: "r1", Run: run, Memo: &res}); d.Opinion != "avis non proposé" {
		t.Errorf("no opinion shows %q", d.Opinion)
	}
	failed := schema.Report{Status: schema.Failed, Failure: &schema.Failure{Stage: schema.Extraction, Reason: "pas un PDF"}}
	if d := newDecision(decisionInputs{ID: "r1", Run: failed}); !strings.Contains(d.Processing, "ne reprendra pas") || d.Review != "aucun mémo : le traitement a échoué" {
		t.Errorf("failed run: %q, %q", d.Processing, d.Review)
	}
}

// Each number of a memo's sentence links to the cited fact that states it;
// a year, or a number no cited fact states, stays plain.
func TestLinkNumbers(t *testing.T) {
	t.Parallel()
	lev := factView{Fact: facts.Fact{ID: "R-levier-2025", Text: "Levier de 5,5x en 2025 (dette nette de 95 110 k€)."}}
	sources := []sourceLink{{ID: "R-levier-2025", URL: "#fait-R-levier-2025", Fact: &lev}, {ID: "Q-9"}}
	pieces := linkNumbers("En 2025, le levier atteint 5,5x pour une dette nette de 95 110 k€ et 12 salariés.", sources)
	var linked, all []string
	for _, p := range pieces {
		all = append(all, p.Text)
		if p.URL != "" {
			linked = append(linked, p.Text+" → "+p.Fact)
		}
	}
	if got := strings.Join(linked, " ; "); got != "5,5x → R-levier-2025 ; 95 110 k€ → R-levier-2025" {
		t.Errorf("linked %q", got)
	}
	if strings.Join(all, "") != "En 2025, le levier atteint 5,5x pour une dette nette de 95 110 k€ et 12 salariés." {
		t.Errorf("the sentence is not whole: %q", all)
	}
}
