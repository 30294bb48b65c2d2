package viewer

import (
	"fmt"
	"log/slog"
	"maps"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"analyste.dev/analyste/shared/checks"
	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/ratios"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/statements"
	"analyste.dev/analyste/shared/store"
	"analyste.dev/analyste/shared/store/storetest"
)

// checkedLine is the line the first check of the dictionary reads, and a
// year that reads v on it.
func checkedLine() (label string, k statements.Key, year func(v float64) statements.Year) {
	label = slices.Sorted(maps.Keys(involvedKeys()))[0]
	k = involvedKeys()[label][0]
	return label, k, func(v float64) statements.Year {
		var y statements.Year
		y.Set(k, v)
		return y
	}
}

// corrected is a run whose chain reading fails a check on one amount, and
// its version 2, where a reviewer corrected that amount: the check passes,
// the leverage falls, and the memo's hand-off keeps only the claim whose
// number no fact holds.
func corrected(t *testing.T) (h *memReview, v http.Handler, id string, k statements.Key) {
	t.Helper()
	id = "r-corrige"
	label, k, year := checkedLine()
	at := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	chain := schema.ExtractionRecord{Company: "Société test SA", Years: map[int]statements.Year{2025: year(100), 2024: year(90)},
		Checks: []checks.Check{{Year: 2025, Label: label, Status: checks.Failed, Expected: 110, Read: 100, Message: "écart de la chaîne"}},
		Ratios: map[int]ratios.Ratios{2025: {Leverage: ratios.Value{Number: 5.5}}, 2024: {Leverage: ratios.Value{Number: 4}}}}
	latest := chain
	latest.Years = map[int]statements.Year{2025: year(110), 2024: year(90)}
	latest.Checks = []checks.Check{{Year: 2025, Label: label, Status: checks.Passed, Expected: 110, Read: 110, Message: "conforme après correction"}}
	latest.Ratios = map[int]ratios.Ratios{2025: {Leverage: ratios.Value{Number: 2.1}}, 2024: {Leverage: ratios.Value{Number: 4}}}
	numbers := memo.HandoffClaim{Paragraph: 2, Claim: "La marge progresse de 9,9 %.", Step: memo.StepNumbers, Reason: "9,9 % absent des faits cités"}
	hand := memo.Handoff{Report: chain.Company, Status: memo.Abstained, Reason: "abstention sur 2 point(s)", Claims: []memo.HandoffClaim{
		{Paragraph: 1, Claim: "Le levier atteint 5,5x.", Step: memo.StepEvidence,
			Facts: []facts.Fact{{ID: "R-levier", State: facts.Unverified, Reasons: []string{"contrôle en échec : écart de la chaîne"}}}},
		numbers}}
	reader := memReader{docs: map[string][]byte{}}
	run := schema.Report{Status: schema.Abstention, Company: chain.Company}
	run.Counters.FailedChecks = 1
	reader.put(t, schema.Reports, id, run)
	reader.put(t, schema.Extractions, id, chain)
	reader.put(t, schema.Signals, id, schema.SignalsRecord{})
	reader.put(t, schema.Memos, id, memo.Result{Status: memo.Abstained, Reason: hand.Reason, Handoff: &hand})
	reader.put(t, schema.Handoffs, id, schema.HandoffRecord{Handoff: hand})
	latestHand := memo.Handoff{Report: chain.Company, Status: memo.Abstained, Reason: "abstention sur 1 point(s)", Claims: []memo.HandoffClaim{numbers}}
	h = &memReview{decisions: map[string]schema.CauseDecision{}, resolutions: map[string]schema.Resolution{}, reader: reader,
		corrections: []store.Keyed{{Key: "k1", Correction: schema.Correction{Report: id, Field: k.String(), Year: 2025, Before: "100", After: "110",
			Reason: "page 8 : 110", By: "ana@example.com", At: at, State: schema.Applied, Version: 2}}},
		revisions: []schema.Revision{{Report: id, Version: 2, Corrections: []string{"k1"}, By: "ana@example.com", At: at, Extraction: latest,
			Memo: memo.Result{Status: memo.Abstained, Reason: latestHand.Reason, Handoff: &latestHand,
				Opinion: &memo.Opinion{Level: memo.OpinionLevel(facts.LevelFavorable)}}}}}
	hd, err := New(Deps{Reader: reader, Resolver: h, Corrections: h, Log: slog.New(slog.DiscardHandler), FormKey: formKey})
	if err != nil {
		t.Fatal(err)
	}
	return h, hd, id, k
}

// undecidedCauses is run id's report as who reads it, and its cause
// forms: want of them, each counted among the causes to decide and none
// decided.
func undecidedCauses(t *testing.T, v http.Handler, id, who string, want int) (page string, forms [][]string) {
	t.Helper()
	_, page = serve(t, v, "GET", reportURL(id), who, nil, "")
	if forms = causeFormRE.FindAllStringSubmatch(page, -1); len(forms) != want {
		t.Fatalf("%d cause forms, want %d:\n%.6000s", len(forms), want, page)
	}
	if n := fmt.Sprintf("0 cause décidée sur %d", want); !strings.Contains(page, n) {
		t.Errorf("the page does not count %d causes to decide (%q)", want, n)
	}
	return page, forms
}

// section cuts the page from the element whose id is from to the end of
// its table.
func section(page, from string) string {
	i := strings.Index(page, `id="`+from+`"`)
	if i < 0 {
		return ""
	}
	j := strings.Index(page[i:], "</table>")
	if j < 0 {
		return page[i:]
	}
	return page[i : i+j]
}

// Under a corrected version, the report shows that version's figures, a
// corrected one saying who corrected it, when, and what was read before;
// the checks and ratios are the version's, and so is the dashboard's row.
func TestReportShowsTheCorrectedVersion(t *testing.T) {
	t.Parallel()
	_, v, id, k := corrected(t)
	code, page := serve(t, v, "GET", reportURL(id), "bob@example.com", nil, "")
	if code != 200 {
		t.Fatalf("report: %d\n%.2000s", code, page)
	}
	row := section(page, rowAnchor(k))
	cells := regexp.MustCompile(`(?s)<td class="nombre[^"]*">(.*?)</td>`).FindAllStringSubmatch(row, -1)
	if len(cells) != 2 {
		t.Fatalf("%d amount cells in the row of %s, want 2:\n%s", len(cells), k, row)
	}
	if c := cells[0][1]; !strings.Contains(c, frnum.Format(110)) || !strings.Contains(c, "corrigé par ana@example.com") ||
		!strings.Contains(c, "lu : "+frnum.Format(100)) || !strings.Contains(c, "02/03/2026") {
		t.Errorf("the 2025 cell does not show the corrected amount, who, when and the value read before:\n%s", c)
	}
	if c := cells[1][1]; strings.Contains(c, "corrigé") || !strings.Contains(c, frnum.Format(90)) {
		t.Errorf("the 2024 cell, not corrected, is marked or changed:\n%s", c)
	}
	if all := section(page, "controles"); !strings.Contains(all, "conforme après correction") || strings.Contains(all, "écart de la chaîne") {
		t.Error("the checks are not the version's")
	}
	ratioTable := page[strings.Index(page, `id="titre-ratios"`):]
	ratioTable = ratioTable[:strings.Index(ratioTable, "</table>")]
	if !strings.Contains(ratioTable, frnum.FormatRatio(2.1)) || strings.Contains(ratioTable, frnum.FormatRatio(5.5)) {
		t.Error("the ratios are not the version's")
	}
	if !strings.Contains(page, "version 2") || strings.Contains(page, "restent la lecture de la chaîne") {
		t.Error("the statements do not say which version they show")
	}
	if _, dash := serve(t, v, "GET", "/", "bob@example.com", nil, ""); !strings.Contains(dash, `<td class="avis avis-favorable">`) ||
		strings.Contains(dash, `<span class="echec">1</span>`) {
		t.Error("the dashboard's row does not read the version's opinion and checks")
	}
}

// The worklist is the latest version's hand-off: a cause the correction
// lifted is shown as lifted, with no form, and is neither counted nor
// decided; the resolution opens once the causes left are decided.
func TestWorklistOfTheLatestVersion(t *testing.T) {
	t.Parallel()
	review, v, id, _ := corrected(t)
	const ana, self = "ana@example.com", "http://localhost:8080"
	page, forms := undecidedCauses(t, v, id, ana, 1)
	lifted := regexp.MustCompile(`(?s)<li class="cause cause-levee" id="([^"]+)">(.*?)</li>`).FindStringSubmatch(page)
	if lifted == nil || !strings.Contains(lifted[2], "Contrôle en échec") || !strings.Contains(lifted[2], "levée par la version 2") {
		t.Fatalf("the cause the correction lifted is not shown as lifted:\n%.6000s", page)
	}
	chainCause := causeURL(id, causeID("controle:écart de la chaîne"))
	f := formTokens{key: formKey, now: time.Now}
	form := url.Values{"jeton": {f.mint(purposeCause, ana, id+"/"+causeID("controle:écart de la chaîne"))}, "decision": {"acceptee"}, "motif": {"vu"}}
	if code, body := serve(t, v, "POST", chainCause, ana, form, self); code != 409 || !strings.Contains(body, "levée") {
		t.Errorf("a decision on the lifted cause: %d, want 409 saying it is lifted:\n%.1500s", code, body)
	}
	if len(review.decisions) != 0 {
		t.Error("a decision on the lifted cause was recorded")
	}
	if code, _ := serve(t, v, "POST", forms[0][1], ana, url.Values{"jeton": {forms[0][2]}, "decision": {"rejetee"}, "motif": {"9,9 % n'est dans aucun fait."}}, self); code != 303 {
		t.Fatalf("the cause left: %d, want 303", code)
	}
	_, page = serve(t, v, "GET", reportURL(id), ana, nil, "")
	if !strings.Contains(page, `class="resolution"`) {
		t.Error("every cause left decided: no resolution form")
	}
	if _, dash := serve(t, v, "GET", "/", ana, nil, ""); !strings.Contains(dash, "1 cause décidée sur 1") {
		t.Error("the dashboard's row counts the lifted cause")
	}
}

// A check a correction leaves failing, its amounts changed, is not lifted:
// the version's card for it is the one to decide.
func TestCheckStillFailingIsNotLifted(t *testing.T) {
	t.Parallel()
	label := "total de l'actif = total du passif"
	fail := func(read float64, msg string) schema.ExtractionRecord {
		return schema.ExtractionRecord{Years: map[int]statements.Year{2025: {}},
			Checks: []checks.Check{{Year: 2025, Label: label, Status: checks.Failed, Expected: 1000, Read: read, Message: msg}}}
	}
	chain, latest := fail(990, "attendu 1 000, lu 990"), fail(995, "attendu 1 000, lu 995")
	src := causeSources{chain: &chain, last: &schema.Revision{Version: 2, Extraction: latest}}
	live, lifted := src.worklist("r1", schema.HandoffRecord{})
	if len(live) != 1 || live[0].Read != frnum.Format(995) || len(lifted) != 0 {
		t.Errorf("%d live (%+v), %d lifted; want the version's card only", len(live), live, len(lifted))
	}
	src.last.Extraction.Checks[0].Status = checks.Passed
	if live, lifted = src.worklist("r1", schema.HandoffRecord{}); len(live) != 0 || len(lifted) != 1 {
		t.Errorf("the check passing: %d live, %d lifted; want it lifted", len(live), len(lifted))
	}
}

// A check the correction leaves failing with other amounts, and one it
// makes fail, are new causes of the version: each with its form, counted
// among those to decide; the decision taken on the chain's cause before
// the correction is shown on the new one and not carried, and a form of
// the chain's cause posted after it is refused.
func TestCheckFailingOtherwiseIsANewCause(t *testing.T) {
	t.Parallel()
	review, v, id, _ := corrected(t)
	const ana, self = "ana@example.com", "http://localhost:8080"
	labels := slices.Sorted(maps.Keys(involvedKeys()))
	chainCause := causeID("controle:écart de la chaîne")
	review.decisions[chainCause] = schema.CauseDecision{Report: id, Cause: chainCause, Title: "Contrôle en échec (2025) : " + labels[0],
		Verdict: schema.CauseAccepted, Reason: "110 lu à la page 8", By: "bob@example.com", At: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)}
	review.revisions[0].Extraction.Checks = []checks.Check{
		{Year: 2025, Label: labels[0], Status: checks.Failed, Expected: 110, Read: 105, Message: "écart après correction"},
		{Year: 2025, Label: labels[1], Status: checks.Failed, Expected: 50, Read: 40, Message: "en échec depuis la correction"}}
	page, forms := undecidedCauses(t, v, id, ana, 3) // two checks of the version, the claim left
	news := regexp.MustCompile(`(?s)<p class="nouvelle-cause">(.*?)</p>`).FindAllStringSubmatch(page, -1)
	if len(news) != 2 {
		t.Fatalf("%d cards say they are new, want 2:\n%.6000s", len(news), page)
	}
	if n := news[0][1]; !strings.Contains(n, "version 2") || !strings.Contains(n, "lu "+frnum.Format(100)) ||
		!strings.Contains(n, "acceptée par bob@example.com le 01/03/2026") || !strings.Contains(n, "n'est pas reprise") {
		t.Errorf("the check failing with other amounts does not say what the chain read and that the decision is not carried:\n%s", n)
	}
	if n := news[1][1]; !strings.Contains(n, "n'était pas en échec") {
		t.Errorf("the check the correction makes fail does not say so:\n%s", n)
	}
	if strings.Contains(page, "cause-levee") {
		t.Error("a check still failing is shown as lifted")
	}
	if !strings.Contains(section(page, "titre-relais"), "110 lu à la page 8 (sur des montants qu'une correction a changés") {
		t.Error("the history loses the decision taken before the correction")
	}
	f := formTokens{key: formKey, now: time.Now}
	stale := url.Values{"jeton": {f.mint(purposeCause, ana, id+"/"+chainCause)}, "decision": {"acceptee"}, "motif": {"vu"}}
	if code, body := serve(t, v, "POST", causeURL(id, chainCause), ana, stale, self); code != 404 || !strings.Contains(body, "nouvelle cause") {
		t.Errorf("a form of the chain's cause after the correction: %d, want 404 naming the new cause:\n%.1500s", code, body)
	}
	newCause := causeURL(id, causeID("controle:écart après correction"))
	var posted bool
	for _, m := range forms {
		if m[1] == newCause {
			posted = true
			if code, _ := serve(t, v, "POST", m[1], ana, url.Values{"jeton": {m[2]}, "decision": {"rejetee"}, "motif": {"105 ne s'additionne toujours pas"}}, self); code != 303 {
				t.Fatalf("the new cause: %d, want 303", code)
			}
		}
	}
	if !posted {
		t.Fatalf("no form for %s", newCause)
	}
	if _, dash := serve(t, v, "GET", "/", ana, nil, ""); !strings.Contains(dash, "1 cause décidée sur 3") {
		t.Error("the dashboard's row does not count the version's causes")
	}
	// A version whose memo is published, its checks still failing: the
	// reason says causes are left, not that none is.
	review.revisions[0].Memo = memo.Result{Status: memo.Published}
	if _, page = serve(t, v, "GET", reportURL(id), ana, nil, ""); !strings.Contains(page, "la version 2 du mémo est publié ; 2 causes restent à décider") {
		t.Errorf("the reason of a published version with failed checks:\n%.3000s", section(page, "titre-relais"))
	}
}

// publishedThenAbstains is a run whose chain published its memo, so wrote
// no hand-off, and its version 2, where a correction makes a check fail:
// the version's memo abstains, or is published when abstains is false.
// The reader is the store's, over the in-memory runs, as deployed.
func publishedThenAbstains(t *testing.T, abstains bool) (review *memReview, v http.Handler, id string) {
	t.Helper()
	id = runID("publie-puis-corrige")
	label, k, year := checkedLine()
	at := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	chain := schema.ExtractionRecord{Company: "Société publiée SA", Years: map[int]statements.Year{2025: year(110), 2024: year(90)},
		Checks: []checks.Check{{Year: 2025, Label: label, Status: checks.Passed, Expected: 110, Read: 110, Message: "conforme"}}}
	latest := chain
	latest.Years = map[int]statements.Year{2025: year(100), 2024: year(90)}
	latest.Checks = []checks.Check{{Year: 2025, Label: label, Status: checks.Failed, Expected: 110, Read: 100, Message: "écart après correction"}}
	version := memo.Result{Status: memo.Published}
	if abstains {
		hand := memo.Handoff{Report: chain.Company, Status: memo.Abstained, Reason: "abstention sur 1 point(s)", Claims: []memo.HandoffClaim{
			{Paragraph: 2, Claim: "La marge progresse de 9,9 %.", Step: memo.StepNumbers, Reason: "9,9 % absent des faits cités"}}}
		version = memo.Result{Status: memo.Abstained, Reason: hand.Reason, Handoff: &hand}
	}
	runs := storetest.New(time.Minute)
	for coll, doc := range map[string]any{schema.Reports: schema.Report{Status: schema.Done, Company: chain.Company},
		schema.Extractions: chain, schema.Signals: schema.SignalsRecord{}, schema.Memos: memo.Result{Status: memo.Published}} {
		if err := runs.Put(coll, id, doc); err != nil {
			t.Fatal(err)
		}
	}
	review = &memReview{decisions: map[string]schema.CauseDecision{}, resolutions: map[string]schema.Resolution{}, reader: memReader{docs: map[string][]byte{}},
		corrections: []store.Keyed{{Key: "k1", Correction: schema.Correction{Report: id, Field: k.String(), Year: 2025, Before: "110", After: "100",
			Reason: "page 8 : 100", By: "ana@example.com", At: at, State: schema.Applied, Version: 2}}},
		revisions: []schema.Revision{{Report: id, Version: 2, Corrections: []string{"k1"}, By: "ana@example.com", At: at, Extraction: latest, Memo: version}}}
	r, err := NewFirestoreReader(runs, &storetest.Pages{}, noStorage(t), WithReview(review))
	if err != nil {
		t.Fatal(err)
	}
	if v, err = New(Deps{Reader: r, Resolver: r, Corrections: review, Log: slog.New(slog.DiscardHandler), FormKey: formKey}); err != nil {
		t.Fatal(err)
	}
	return review, v, id
}

// relay cuts the page's hand-off section.
func relay(page string) string {
	i := strings.Index(page, `id="titre-relais"`)
	if i < 0 {
		return ""
	}
	return page[i : i+strings.Index(page[i:], "</section>")]
}

// When the chain published its memo and a correction makes the version
// abstain, the hand-off is that version's: its causes are listed and
// decided, and it is resolved once, in the review database; a version
// that publishes opens none.
func TestVersionAbstainingOpensAHandoff(t *testing.T) {
	t.Parallel()
	review, v, id := publishedThenAbstains(t, true)
	const ana, bob, self = "ana@example.com", "bob@example.com", "http://localhost:8080"
	page, forms := undecidedCauses(t, v, id, ana, 2) // the check the correction makes fail, the claim
	rel := relay(page)
	if !strings.Contains(rel, "2 causes à examiner") || !strings.Contains(rel, "relais ouvert par la version 2 du mémo") ||
		!strings.Contains(rel, "n'était pas en échec dans la lecture de la chaîne") || !strings.Contains(rel, "La marge progresse de 9,9 %.") {
		t.Fatalf("the hand-off does not show the version's causes:\n%s", rel)
	}
	f := formTokens{key: formKey, now: time.Now}
	resolve := func(who string) url.Values {
		return url.Values{"jeton": {f.mint(purposeResolve, who, id)}, "decision": {string(schema.Corrected)}, "commentaire": {"Montant repris page 8."}}
	}
	if code, body := serve(t, v, "POST", reportURL(id)+"/relais", ana, resolve(ana), self); code != 409 || !strings.Contains(body, "à décider") {
		t.Errorf("a resolution before the causes are decided: %d, want 409:\n%.1500s", code, body)
	}
	for i, verdict := range []string{"rejetee", "acceptee"} {
		if code, body := serve(t, v, "POST", forms[i][1], ana, url.Values{"jeton": {forms[i][2]}, "decision": {verdict}, "motif": {"vu page 8"}}, self); code != 303 {
			t.Fatalf("cause %d: %d, want 303:\n%.1500s", i+1, code, body)
		}
	}
	if len(review.decisions) != 2 {
		t.Errorf("%d decisions recorded, want 2", len(review.decisions))
	}
	_, page = serve(t, v, "GET", reportURL(id), ana, nil, "")
	m := resolveTokenRE.FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("every cause decided: no resolution form:\n%s", relay(page))
	}
	form := url.Values{"jeton": {m[1]}, "decision": {string(schema.Corrected)}, "commentaire": {"Montant repris page 8."}}
	if code, body := serve(t, v, "POST", reportURL(id)+"/relais", ana, form, self); code != 303 {
		t.Fatalf("the resolution: %d, want 303:\n%.1500s", code, body)
	}
	if got := review.resolutions[id]; got.By != ana || got.Decision != schema.Corrected {
		t.Errorf("resolution %+v, want ana's", got)
	}
	for _, again := range []struct {
		who  string
		form url.Values
	}{{ana, form}, {bob, resolve(bob)}} {
		if code, body := serve(t, v, "POST", reportURL(id)+"/relais", again.who, again.form, self); code != 409 || !strings.Contains(body, "déjà été résolu") {
			t.Errorf("a second resolution by %s: %d, want 409:\n%.1500s", again.who, code, body)
		}
	}
	if review.resolutions[id].By != ana {
		t.Error("a second resolution replaced the first")
	}
	_, page = serve(t, v, "GET", reportURL(id), bob, nil, "")
	if rel := relay(page); !strings.Contains(rel, "Ce relais est résolu") || strings.Contains(rel, `class="resolution"`) {
		t.Errorf("the resolved hand-off:\n%s", rel)
	}
	if !strings.Contains(page, "relais corrigé par ana@example.com") {
		t.Error("the decision header does not show the resolution")
	}

	_, v, id = publishedThenAbstains(t, false)
	if _, page := serve(t, v, "GET", reportURL(id), ana, nil, ""); strings.Contains(page, `id="titre-relais"`) {
		t.Error("a published version shows a hand-off")
	}
	if code, _ := serve(t, v, "POST", reportURL(id)+"/relais", ana, resolve(ana), self); code != 404 {
		t.Errorf("resolving a published version: %d, want 404", code)
	}
}

// The hand-off a version opens over a published chain memo has its line
// in the dashboard's queue, as the chain's have, and its run's row says
// it is to review; once resolved, both say so. A version that publishes
// opens none, and a run with the chain's hand-off is listed once.
func TestVersionHandoffInTheQueue(t *testing.T) {
	t.Parallel()
	review, v, id := publishedThenAbstains(t, true)
	const ana = "ana@example.com"
	queue := func(v http.Handler) (rows []string, page string) {
		t.Helper()
		code, page := serve(t, v, "GET", "/", ana, nil, "")
		if code != 200 {
			t.Fatalf("dashboard: %d\n%.1500s", code, page)
		}
		if trs := strings.Split(relay(page), "<tr>"); len(trs) > 2 { // the header's row first
			rows = trs[2:]
		}
		return rows, page
	}
	rows, page := queue(v)
	if len(rows) != 1 {
		t.Fatalf("queue %q, want the version's hand-off", rows)
	}
	for _, want := range []string{reportURL(id) + "#titre-relais", "Société publiée SA", "abstention · version 2 du mémo",
		"1 affirmation arrêtée", "02/03/2026", "ouvert depuis"} {
		if !strings.Contains(rows[0], want) {
			t.Errorf("queue line lacks %q:\n%s", want, rows[0])
		}
	}
	if !strings.Contains(page, "1 relais ouvert à relire") || !strings.Contains(page, `<td class="a-relire">mémo abstention<br><span class="discret">0 cause décidée sur 2</span>`) {
		t.Errorf("the dashboard does not count the version's hand-off open:\n%.4000s", page)
	}

	review.resolutions[id] = schema.Resolution{Decision: schema.Corrected, By: ana, At: time.Date(2026, 3, 3, 9, 0, 0, 0, time.UTC)}
	rows, page = queue(v)
	if len(rows) != 1 || !strings.Contains(rows[0], "corrigé par ana@example.com le 03/03/2026") || strings.Contains(rows[0], "ouvert depuis") {
		t.Errorf("the resolved hand-off's line:\n%q", rows)
	}
	if !strings.Contains(page, "0 relais ouvert à relire") || !strings.Contains(page, `<td class="resolu-corrige">`) {
		t.Errorf("the dashboard still counts the resolved hand-off open:\n%.4000s", page)
	}

	if _, v, _ = publishedThenAbstains(t, false); len(first(queue(v))) != 0 {
		t.Error("a published version has a line in the queue")
	}

	// The chain abstained too: its hand-off's line stands for the run.
	runs := storetest.New(time.Minute)
	if err := runs.Put(schema.Handoffs, id, schema.HandoffRecord{Handoff: *review.revisions[0].Memo.Handoff}); err != nil {
		t.Fatal(err)
	}
	r, err := NewFirestoreReader(runs, &storetest.Pages{}, noStorage(t), WithReview(review))
	if err != nil {
		t.Fatal(err)
	}
	if got, err := r.Handoffs(t.Context(), 10); err != nil || len(got) != 1 || got[0].Version != 0 {
		t.Errorf("hand-offs %+v (%v), want the chain's only", got, err)
	}
}

func first[A, B any](a A, _ B) A { return a }
