package e2e

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/xuri/excelize/v2"

	"analyste.dev/analyste/functions/viewer"
	"analyste.dev/analyste/shared/checks"
	"analyste.dev/analyste/shared/dev/localchain"
	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/statements"
	"analyste.dev/analyste/shared/store"
)

// newViewer is the viewer over the chain's emulators with d's settings,
// its resolutions and corrections in the review database; st is the
// pipeline's store.
func newViewer(t *testing.T, d viewer.Deps) (h http.Handler, st *store.Store) {
	t.Helper()
	st, err := store.New(chain.Firestore(), time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	pages, err := store.NewPageTexts(chain.Storage(), localchain.ArtifactsBucket)
	if err != nil {
		t.Fatal(err)
	}
	review := reviewStore(t)
	reader, err := viewer.NewFirestoreReader(st, pages, chain.Storage(), viewer.WithReview(review))
	if err != nil {
		t.Fatal(err)
	}
	d.Reader, d.Resolver, d.Corrections, d.Log = reader, reader, review, slog.New(slog.DiscardHandler)
	if h, err = viewer.New(d); err != nil {
		t.Fatal(err)
	}
	return h, st
}

// reviewStore is the review database of the chain's emulator, as the
// viewer `make run` serves reads it.
func reviewStore(t *testing.T) *store.Review {
	t.Helper()
	c, err := chain.Stack().FirestoreDatabaseClient(t.Context(), viewer.DefaultReviewDatabase)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	r, err := store.NewReview(c)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// correctable is a field of the latest year a passed check reads: a wrong
// amount there fails it.
func correctable(t *testing.T, ex schema.ExtractionRecord) (statements.FieldRef, float64) {
	t.Helper()
	year := statements.YearsDesc(ex.Years)[0]
	for _, c := range ex.Checks {
		if c.Year != year || c.Status != checks.Passed {
			continue
		}
		for _, ref := range checks.Reads(c, statements.PreviousYear(statements.YearsDesc(ex.Years), year)) {
			if v, ok := ex.Years[ref.Year].Get(ref.Key); ok && ref.Year == year && v != 0 {
				return ref, v
			}
		}
	}
	t.Fatal("no field a passed check reads")
	return statements.FieldRef{}, 0
}

var tokenField = regexp.MustCompile(`name="jeton" value="([^"]+)"`)

// requester sends requests to the viewer at srv as who, without following
// redirects; a form is posted with origin as its Origin.
func requester(t *testing.T, srv, who string) func(method, path string, form url.Values, origin string) (*http.Response, string) {
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	return func(method, path string, form url.Values, origin string) (*http.Response, string) {
		t.Helper()
		var body io.Reader
		if form != nil {
			body = strings.NewReader(form.Encode())
		}
		req, err := http.NewRequestWithContext(t.Context(), method, srv+path, body)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", idToken(who))
		if form != nil {
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.Header.Set("Origin", origin)
		}
		res, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res, string(b)
	}
}

// A correction posted to the viewer `make run` serves re-runs the chain on
// the corrected reading: a new memo version, the chain's own kept, the
// uploaded PDF and the stored reading unchanged; the same form sent twice
// recomputes once; a request from another site is refused.
func TestCorrectionRerunsTheChain(t *testing.T) {
	if chain == nil {
		t.Skip("-short ou sans Chromium : pas de chaîne locale")
	}
	ctx := t.Context()
	srv, stop, err := chain.ServeViewer(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	srv = strings.TrimSuffix(srv, "/")
	id := runs["Maison Ferlac SAS"]
	exRef := chain.Firestore().Collection(schema.Extractions).Doc(id)
	before, err := exRef.Get(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var ex schema.ExtractionRecord
	if err := schema.Decode(before.Data(), &ex); err != nil {
		t.Fatal(err)
	}
	var chainMemo memo.Result
	memoSnap, err := chain.Firestore().Collection(schema.Memos).Doc(id).Get(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := schema.Decode(memoSnap.Data(), &chainMemo); err != nil {
		t.Fatal(err)
	}
	run, err := chain.Report(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	pdfBefore, err := chain.Storage().Bucket(run.Source.Bucket).Object(run.Source.Object).Attrs(ctx)
	if err != nil {
		t.Fatal(err)
	}
	do := requester(t, srv, reviewer)
	_, page := do("GET", "/rapports/"+id+"/corrections", nil, "")
	m := tokenField.FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("no correction form on the page:\n%.2000s", page)
	}
	ref, v := correctable(t, ex)
	form := url.Values{"jeton": {m[1]}, "champ": {strconv.Itoa(ref.Year) + "|" + ref.Key.String()},
		"apres": {strconv.FormatFloat(v+1000, 'f', -1, 64)}, "motif": {"essai : montant volontairement faux"}}
	for _, origin := range []string{"http://evil.example", ""} {
		if res, _ := do("POST", "/rapports/"+id+"/corrections", form, origin); res.StatusCode != http.StatusForbidden {
			t.Errorf("Origin %q: %d, want 403", origin, res.StatusCode)
		}
	}
	for range 2 { // the same form twice
		res, body := do("POST", "/rapports/"+id+"/corrections", form, srv)
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("correction: %d %s", res.StatusCode, body)
		}
	}
	review := reviewStore(t)
	revs, err := review.Revisions(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(revs) != 1 || revs[0].Version != 2 || revs[0].By != reviewer {
		t.Fatalf("versions %+v, want version 2 only, by %s", revs, reviewer)
	}
	rev, _, err := review.Revision(ctx, id, 2)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := rev.Extraction.Years[ref.Year].Get(ref.Key); got != v+1000 {
		t.Errorf("version 2 reads %s = %v, want %v", ref, got, v+1000)
	}
	failed := func(cs []checks.Check) int {
		n := 0
		for _, c := range cs {
			if c.Status == checks.Failed {
				n++
			}
		}
		return n
	}
	if failed(rev.Extraction.Checks) <= failed(ex.Checks) {
		t.Errorf("%d failed checks after a wrong amount, %d before", failed(rev.Extraction.Checks), failed(ex.Checks))
	}
	if chainMemo.Status == memo.Published && rev.Memo.Status == memo.Published {
		t.Error("the memo of a reading whose check fails is published")
	}
	after, err := exRef.Get(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !after.UpdateTime.Equal(before.UpdateTime) {
		t.Error("extractions/" + id + " was written")
	}
	pdfAfter, err := chain.Storage().Bucket(run.Source.Bucket).Object(run.Source.Object).Attrs(ctx)
	if err != nil || pdfAfter.Generation != pdfBefore.Generation || !bytes.Equal(pdfAfter.MD5, pdfBefore.MD5) {
		t.Errorf("the uploaded PDF changed: %v", err)
	}
	_, report := do("GET", "/rapports/"+id, nil, "")
	if !strings.Contains(report, "Lecture corrigée par <strong>"+reviewer+"</strong>") {
		t.Error("the report does not say who corrected it")
	}
	// The statements, checks and ratios are version 2's, the amount
	// corrected saying who corrected it and what the chain read.
	if !strings.Contains(report, frnum.Format(v+1000)) || !strings.Contains(report, "corrigé par "+reviewer) || !strings.Contains(report, "lu : "+frnum.Format(v)) {
		t.Errorf("the report's statements do not show version 2's %s, who corrected it and the value read before", ref)
	}
	if want := fmt.Sprintf("dont %d en échec", failed(rev.Extraction.Checks)); !strings.Contains(report, want) {
		t.Errorf("the report's checks are not version 2's (%q)", want)
	}
	if chromium != "" {
		ctx, srv, _, _ := browser(t)
		cell := chromedp.CSS("td.corrigee")
		if err := chromedp.Do(ctx, chromedp.Navigate(srv+"/rapports/"+id), chromedp.WaitVisible(cell), chromedp.ScrollIntoView(cell)); err != nil {
			t.Fatal(err)
		}
		compactMark(t, ctx, reviewer, frnum.Format(v))
		if err := chromedp.Do(ctx, view(t, "correction-5-montant-corrige.png")); err != nil {
			t.Fatal(err)
		}
		if chainMemo.Status == memo.Published {
			versionHandoff(t, ctx, srv, id, rev)
		}
	}
	res, sheet := do("GET", "/rapports/"+id+"/liasse.xlsx", nil, "")
	if res.StatusCode != http.StatusOK {
		t.Fatalf("workbook: %d", res.StatusCode)
	}
	f, err := excelize.OpenReader(strings.NewReader(sheet))
	if err != nil {
		t.Fatalf("the workbook does not open: %v", err)
	}
	defer f.Close()
	rows, err := f.GetRows("Liasse", excelize.Options{RawCellValue: true})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, r := range rows {
		if len(r) > 3 && r[2] == ref.Key.String() {
			found = r[3] == strconv.FormatFloat(v+1000, 'f', -1, 64)
		}
	}
	if !found || !strings.Contains(rows[1][1], "corrigée par "+reviewer) {
		t.Errorf("the workbook does not hold version 2's %s: %v", ref, rows[1])
	}
}

// versionHandoff checks, over a chain memo that was published, the hand-off
// of version 2, which abstains: its worklist on the report, one of its
// causes decided in the browser. Its resolution is left: the desk's tests
// read Ferlac's review after this one.
func versionHandoff(t *testing.T, ctx context.Context, srv, id string, rev schema.Revision) {
	t.Helper()
	if rev.Memo.Handoff == nil {
		t.Fatalf("version 2's memo is %s with no hand-off", rev.Memo.Status)
	}
	form := chromedp.CSS("section.relais li.cause form.decision-cause")
	if err := chromedp.Do(ctx, chromedp.Navigate(srv+"/rapports/"+id), chromedp.WaitVisible(form),
		chromedp.ScrollIntoView(chromedp.CSS("#titre-relais")), view(t, "correction-8-relais-de-la-version.png")); err != nil {
		t.Fatal(err)
	}
	relay := evaluate[string](t, ctx, `document.querySelector("section.relais").innerText`)
	if !strings.Contains(relay, "relais ouvert par la version 2 du mémo") || !strings.Contains(relay, "Décision sur cette cause") {
		t.Fatalf("the report does not open version 2's hand-off:\n%s", relay)
	}
	anchor := evaluate[string](t, ctx, `document.querySelector("section.relais li.cause:has(form.decision-cause)").id`)
	const reason = "Montant volontairement faux : l'écart est celui de l'essai."
	err := chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS("#"+anchor+"-rejetee")),
		chromedp.SendKeys(chromedp.CSS("#"+anchor+"-motif"), reason),
		chromedp.Click(chromedp.CSS("#"+anchor+` form.decision-cause button[type="submit"]`)),
		chromedp.WaitVisible(chromedp.CSS("#"+anchor+" p.decision-cause[role=status]")),
		view(t, "correction-9-cause-de-la-version-decidee.png"))
	if err != nil {
		t.Fatal(err)
	}
	if card := evaluate[string](t, ctx, `document.getElementById("`+anchor+`").innerText`); !strings.Contains(card, "rejetée par "+reviewer) || !strings.Contains(card, reason) {
		t.Errorf("the decided cause does not say who rejected it and why:\n%s", card)
	}
	// The dashboard's queue has the version's hand-off, still open.
	line := chromedp.CSS(`section[aria-labelledby="titre-relais"] tr:has(a[href="/rapports/` + id + `#titre-relais"])`)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv+"/"), chromedp.WaitVisible(line), chromedp.ScrollIntoView(line),
		view(t, "correction-10-relais-de-la-version-dans-la-file.png")); err != nil {
		t.Fatal(err)
	}
	row := evaluate[string](t, ctx, `document.querySelector('section[aria-labelledby="titre-relais"] tr:has(a[href="/rapports/`+id+`#titre-relais"])').innerText`)
	if !strings.Contains(row, "abstention · version 2 du mémo") || !strings.Contains(row, "ouvert") {
		t.Errorf("the queue's line of version 2's hand-off:\n%s", row)
	}
}

// A reviewer corrects the borrower's name in the browser: the report
// before, the form, the new version, the report naming who corrected it,
// its export links and the memo to print.
func TestReviewerCorrectsTheName(t *testing.T) {
	ctx, srv, _, shot := browser(t)
	id := others(t)[0]
	const name = "Société corrigée par essai SA"
	// Another test may have corrected the same run before this one (the
	// tests run shuffled): the correction makes the version after the last.
	revs, err := reviewStore(t).Revisions(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	next := len(revs) + 2 // version 1 is the chain's
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	err = chromedp.Do(ctx,
		chromedp.Navigate(srv+"/rapports/"+id),
		chromedp.WaitVisible(chromedp.CSS("nav.revue")),
		shot("correction-1-avant.png"),
		chromedp.Click(`//nav[@class="revue"]//a[normalize-space()="Corriger la lecture"]`),
		chromedp.WaitVisible(chromedp.CSS("form.correction")),
		chromedp.SetValue(chromedp.CSS("#champ"), schema.CompanyField),
		chromedp.SendKeys(chromedp.CSS("#apres"), name),
		chromedp.SendKeys(chromedp.CSS("#motif"), "Dénomination imprimée en couverture, page 1."),
		shot("correction-2-formulaire.png"),
		chromedp.Click(chromedp.CSS(`form.correction button[type="submit"]`)),
		chromedp.WaitVisible(fmt.Sprintf(`//main//*[@id="version-%d" or self::h1[contains(., "refusée") or contains(., "introuvable") or contains(., "impossible") or contains(., "Déjà")]]`, next)),
		shot("correction-3-apres.png"),
	)
	if err != nil {
		t.Fatal(err)
	}
	if body, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("main"))); err != nil || !strings.Contains(body, fmt.Sprintf("Version %d : corrigée par %s", next, reviewer)) {
		t.Fatalf("after the correction, the page says %q (%v)", body, err)
	}
	err = chromedp.Do(ctx,
		chromedp.Navigate(srv+"/rapports/"+id),
		chromedp.WaitVisible(chromedp.CSS("#version-corrigee")),
		shot("correction-4-rapport-corrige.png"),
	)
	if err != nil {
		t.Fatal(err)
	}
	banner, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#version-corrigee")))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(banner, "corrigée par "+reviewer) || !strings.Contains(banner, fmt.Sprintf("version %d", next)) {
		t.Errorf("banner %q", banner)
	}
	if mark, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#denomination-corrigee"))); err != nil || !strings.Contains(mark, "corrigée par "+reviewer) {
		t.Errorf("the report does not mark the corrected name: %q, %v", mark, err)
	}
	href, err := chromedp.Run(ctx, chromedp.AttributeValue(`//nav[@class="revue"]//a[contains(., "XLSX")]`, "href"))
	if err != nil || href.Value != "/rapports/"+id+"/liasse.xlsx" {
		t.Errorf("export link %q, %v", href.Value, err)
	}
	err = chromedp.Do(ctx,
		chromedp.Click(`//nav[@class="revue"]//a[normalize-space()="Mémo imprimable"]`),
		chromedp.WaitVisible(`//h1[contains(., "`+name+`")]`),
		shot("export-memo-ecran.png"),
	)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, shot("export-memo-impression.png")); err != nil {
		t.Fatal(err)
	}
	if csp, err := chromedp.Run(ctx, chromedp.Evaluate[[]string]("window.__csp")); err != nil || len(csp) > 0 {
		t.Errorf("CSP violations %v, %v", csp, err)
	}
}

// With a second reviewer required, a correction waits: its author cannot
// apply it, another reviewer accepts it and the chain re-runs then.
func TestCorrectionCheckedByASecondReviewer(t *testing.T) {
	if chain == nil {
		t.Skip("-short ou sans Chromium : pas de chaîne locale")
	}
	h, _ := newViewer(t, viewer.Deps{FormKey: bytes.Repeat([]byte("c"), viewer.MinFormKey), Checker: true})
	review := reviewStore(t)
	srv := httptestServer(t, h)
	id := others(t)[1]
	start, err := review.Revisions(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	ana, bob := requester(t, srv, reviewer), requester(t, srv, "bob@example.com")
	_, page := ana("GET", "/rapports/"+id+"/corrections", nil, "")
	m := tokenField.FindStringSubmatch(page)
	if m == nil {
		t.Fatal("no correction form")
	}
	form := url.Values{"jeton": {m[1]}, "champ": {schema.CompanyField}, "apres": {"Nom vérifié SA"}, "motif": {"page 1"}}
	if res, body := ana("POST", "/rapports/"+id+"/corrections", form, srv); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("proposal: %d %s", res.StatusCode, body)
	}
	if revs, _ := review.Revisions(t.Context(), id); len(revs) != len(start) {
		t.Fatalf("%d versions after a proposal, want %d: it waits for a second reviewer", len(revs), len(start))
	}
	if _, page := ana("GET", "/rapports/"+id+"/corrections", nil, ""); strings.Contains(page, `class="verification"`) {
		t.Error("the author is offered to check their own correction")
	}
	_, page = bob("GET", "/rapports/"+id+"/corrections", nil, "")
	check := regexp.MustCompile(`<form class="verification" method="post" action="([^"]+)"><input type="hidden" name="jeton" value="([^"]+)"`).FindStringSubmatch(page)
	if check == nil {
		t.Fatal("no check form for a second reviewer")
	}
	decision := url.Values{"jeton": {check[2]}, "decision": {"acceptee"}, "commentaire": {"vu en couverture"}}
	if res, _ := ana("POST", check[1], decision, srv); res.StatusCode != http.StatusForbidden {
		t.Errorf("the author posting the check: %d, want 403", res.StatusCode)
	}
	if res, body := bob("POST", check[1], decision, srv); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("check: %d %s", res.StatusCode, body)
	}
	revs, err := review.Revisions(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	if len(revs) != len(start)+1 || revs[len(revs)-1].By != "bob@example.com" {
		t.Fatalf("versions %+v, want one more, applied by bob", revs)
	}
	if res, _ := bob("POST", check[1], decision, srv); res.StatusCode != http.StatusConflict {
		t.Errorf("second check: %d, want 409", res.StatusCode)
	}
}

// others are the runs but Ferlac's, by company, so that each correcting
// test has its own.
func others(t *testing.T) []string {
	var out []string
	for _, c := range slices.Sorted(maps.Keys(runs)) {
		if c != "Maison Ferlac SAS" {
			out = append(out, runs[c])
		}
	}
	if len(out) < 2 {
		t.Fatalf("runs %v: two besides Ferlac's wanted", runs)
	}
	return out
}

var roleForm = regexp.MustCompile(`<form class="correction-role" method="post" action="([^"]+)">\s*<input type="hidden" name="jeton" value="([^"]+)">`)

// A line read as financial debt corrected to another liability, on the
// viewer over the chain: a new version whose reading moves the line's
// amount from one field to the other, the ratios recomputed, and the
// report showing that version's memo in place.
func TestRoleCorrectionRerunsTheChain(t *testing.T) {
	if chain == nil {
		t.Skip("-short ou sans Chromium : pas de chaîne locale")
	}
	ctx := t.Context()
	h, _ := newViewer(t, viewer.Deps{FormKey: bytes.Repeat([]byte("r"), viewer.MinFormKey)})
	srv := httptestServer(t, h)
	debt := statements.Key{Statement: statements.Balance, Name: "dettes_financieres"}
	other := statements.Key{Statement: statements.Balance, Name: "autres_passifs"}
	var (
		id          string
		ex          schema.ExtractionRecord
		table, line int
	)
	for _, run := range others(t)[2:] {
		snap, err := chain.Firestore().Collection(schema.Extractions).Doc(run).Get(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var rec schema.ExtractionRecord
		if err := schema.Decode(snap.Data(), &rec); err != nil {
			t.Fatal(err)
		}
		if rec.Reading == nil {
			continue
		}
		year := statements.YearsDesc(rec.Years)[0]
		for ti, tab := range rec.Reading.Transcription.Tables {
			for li, l := range tab.Lines {
				for col, a := range l.Amounts {
					if id == "" && tab.Statement == statements.Balance && l.Category == debt.Name && a != nil && *a != 0 && tab.Years[col] == year {
						id, ex, table, line = run, rec, ti+1, li+1
					}
				}
			}
		}
	}
	if id == "" {
		t.Fatal("no report whose balance has a line read as dettes_financieres")
	}
	do := requester(t, srv, reviewer)
	_, page := do("GET", "/rapports/"+id+"/corrections", nil, "")
	m := roleForm.FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("no role form on the corrections page:\n%.2000s", page)
	}
	form := url.Values{"jeton": {m[2]}, "champ": {fmt.Sprintf("role|%d|%d", table, line)}, "role": {other.String()},
		"motif": {"essai : la ligne est un compte courant d'associé, pas une dette bancaire"}}
	if res, body := do("POST", m[1], form, srv); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("role correction: %d %.2000s", res.StatusCode, body)
	}
	review := reviewStore(t)
	revs, err := review.Revisions(ctx, id)
	if err != nil || len(revs) == 0 {
		t.Fatalf("versions %v, %v", revs, err)
	}
	rev, _, err := review.Revision(ctx, id, revs[len(revs)-1].Version)
	if err != nil {
		t.Fatal(err)
	}
	year := statements.YearsDesc(ex.Years)[0]
	get := func(rec schema.ExtractionRecord, k statements.Key) float64 { v, _ := rec.Years[year].Get(k); return v }
	if get(rev.Extraction, debt) >= get(ex, debt) {
		t.Errorf("dettes_financieres %v in version %d, %v read by the chain", get(rev.Extraction, debt), rev.Version, get(ex, debt))
	}
	if d := get(rev.Extraction, debt) + get(rev.Extraction, other) - get(ex, debt) - get(ex, other); d > 1e-6 || d < -1e-6 {
		t.Errorf("the line's amount is lost between the two fields (%v)", d)
	}
	if rev.Extraction.Ratios[year].Leverage == ex.Ratios[year].Leverage && ex.Ratios[year].Leverage.OK() {
		t.Error("the leverage did not follow the debt")
	}
	_, report := do("GET", "/rapports/"+id, nil, "")
	if !strings.Contains(report, fmt.Sprintf("Version %d du mémo, en vigueur", rev.Version)) || !strings.Contains(report, `id="memo-chaine"`) {
		t.Error("the report does not show the latest memo version in place, the chain's folded")
	}
	_, page = do("GET", "/rapports/"+id+"/corrections", nil, "")
	if !strings.Contains(page, "rôle de la ligne") || !strings.Contains(page, "Autres fonds propres, écarts de conversion passif") {
		t.Errorf("the corrections' history does not show the role's correction")
	}
}

// A correction that makes a check of a hand-off's report fail brings a
// new cause to its worklist, decided in the browser like the others; a
// second correction that leaves it failing with other amounts brings
// another, the first decision shown and not carried.
func TestCorrectionBringsANewCause(t *testing.T) {
	ctx, srv, _, _ := browser(t)
	id := runs["Groupe Vernet Industrie SA"]
	if id == "" {
		t.Fatal("no Vernet run")
	}
	var ex schema.ExtractionRecord
	snap, err := chain.Firestore().Collection(schema.Extractions).Doc(id).Get(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if err := schema.Decode(snap.Data(), &ex); err != nil {
		t.Fatal(err)
	}
	ref, v := correctable(t, ex)
	do := requester(t, srv, reviewer)
	correct := func(after float64) {
		t.Helper()
		_, page := do("GET", "/rapports/"+id+"/corrections", nil, "")
		m := tokenField.FindStringSubmatch(page)
		if m == nil {
			t.Fatalf("no correction form:\n%.2000s", page)
		}
		form := url.Values{"jeton": {m[1]}, "champ": {strconv.Itoa(ref.Year) + "|" + ref.Key.String()},
			"apres": {strconv.FormatFloat(after, 'f', -1, 64)}, "motif": {"essai : montant volontairement faux"}}
		if res, body := do("POST", "/rapports/"+id+"/corrections", form, srv); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("correction: %d %.2000s", res.StatusCode, body)
		}
	}
	newCard := `document.querySelector("li.cause:has(p.nouvelle-cause)")`
	correct(v + 1000)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv+"/rapports/"+id), chromedp.WaitVisible(chromedp.CSS("li.cause p.nouvelle-cause")),
		chromedp.ScrollIntoView(chromedp.CSS("li.cause p.nouvelle-cause")), view(t, "correction-6-nouvelle-cause.png")); err != nil {
		t.Fatal(err)
	}
	card := evaluate[string](t, ctx, newCard+`.innerText`)
	if !strings.Contains(card, "n'était pas en échec dans la lecture de la chaîne") || !strings.Contains(card, "Décision sur cette cause") {
		t.Fatalf("the check the correction makes fail is not a new cause to decide:\n%s", card)
	}
	anchor := evaluate[string](t, ctx, newCard+`.id`)
	const reason = "Montant volontairement faux : l'écart est celui de l'essai."
	err = chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS("#"+anchor+`-acceptee`)),
		chromedp.SendKeys(chromedp.CSS("#"+anchor+"-motif"), reason),
		chromedp.Click(chromedp.CSS("#"+anchor+` form.decision-cause button[type="submit"]`)),
		chromedp.WaitVisible(chromedp.CSS("#"+anchor+" p.decision-cause[role=status]")))
	if err != nil {
		t.Fatal(err)
	}
	correct(v + 2000)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv+"/rapports/"+id), chromedp.WaitVisible(chromedp.CSS("li.cause p.nouvelle-cause")),
		chromedp.ScrollIntoView(chromedp.CSS("li.cause p.nouvelle-cause")), view(t, "correction-7-cause-autres-montants.png")); err != nil {
		t.Fatal(err)
	}
	card = evaluate[string](t, ctx, newCard+`.innerText`)
	if !strings.Contains(card, "acceptée par "+reviewer) || !strings.Contains(card, "n'est pas reprise") || !strings.Contains(card, "Décision sur cette cause") {
		t.Errorf("the check failing with other amounts does not have its own form and the earlier decision apart:\n%s", card)
	}
	if strings.Contains(card, "Cause acceptée par "+reviewer) {
		t.Errorf("the decision on the earlier amounts is carried to the new cause:\n%s", card)
	}
	if lifted := evaluate[int](t, ctx, `document.querySelectorAll("li.cause-levee").length`); lifted != 0 {
		t.Errorf("%d causes shown as lifted: a check still failing is not lifted", lifted)
	}
}

// markOf describes a corrected amount's mark: its size and colours'
// contrast, its details' box and text, and its accessible description.
const markOf = `(() => {
  const m = document.querySelector("td.corrigee .marque-corrige"), cell = m.closest("td");
  const bubble = document.getElementById(m.getAttribute("aria-describedby"));
  const rgb = (c) => (c.match(/[\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((a, v, i) => a + v * [0.2126, 0.7152, 0.0722][i], 0);
  const ratio = (x, y) => { const [a, b] = [lum(rgb(x)), lum(rgb(y))]; return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05); };
  const s = getComputedStyle(m), mr = m.getBoundingClientRect(), br = bubble.getBoundingClientRect();
  return {Width: mr.width, Cell: cell.getBoundingClientRect().width, Text: ratio(s.color, s.backgroundColor),
    Border: ratio(s.borderTopColor, getComputedStyle(cell).backgroundColor), Bubble: br.width * br.height,
    Description: bubble.textContent, Label: m.getAttribute("aria-label") || "", Focused: document.activeElement === m};
})()`

type mark struct {
	Width, Cell, Text, Border, Bubble float64
	Description, Label                string
	Focused                           bool
}

// compactMark checks the first corrected amount's mark on the page: one
// character wide, its details (who corrected it, the value read) hidden
// until it has the focus, and its accessible description all along; its
// text and border 3:1 at least against what is behind them.
func compactMark(t *testing.T, ctx context.Context, who, read string) {
	t.Helper()
	m := evaluate[mark](t, ctx, markOf)
	t.Logf("corrected mark: %.0f px in a cell of %.0f px, contrast %.2f:1 (text), %.2f:1 (border)", m.Width, m.Cell, m.Text, m.Border)
	if m.Width > 24 || m.Bubble > 4 {
		t.Errorf("the mark is %.0f px wide, its details %.0f px² before the focus: want a one-character mark, the details hidden", m.Width, m.Bubble)
	}
	if !strings.Contains(m.Description, "corrigé par "+who) || !strings.Contains(m.Description, "lu : "+read) || m.Label == "" {
		t.Errorf("the mark's name %q and description %q do not say who corrected it and what was read", m.Label, m.Description)
	}
	if m.Text < 3 || m.Border < 3 {
		t.Errorf("the mark's contrast: %.2f:1 (text), %.2f:1 (border), want 3:1", m.Text, m.Border)
	}
	// The pointer over the mark shows its details, and away hides them.
	xy := evaluate[[]float64](t, ctx, `(() => { const r = document.querySelector("td.corrigee .marque-corrige").getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`)
	if err := chromedp.Do(ctx, chromedp.MouseEvent(chromedp.MouseMoved, xy[0], xy[1])); err != nil {
		t.Fatal(err)
	}
	if m = evaluate[mark](t, ctx, markOf); m.Bubble < 1000 {
		t.Errorf("under the pointer, the mark shows %.0f px² of details", m.Bubble)
	}
	if err := chromedp.Do(ctx, chromedp.MouseEvent(chromedp.MouseMoved, 1, 1)); err != nil {
		t.Fatal(err)
	}
	// By keyboard: Tab from the amount's link reaches the mark, which
	// shows its details while it has the focus.
	if _, err := chromedp.Call(ctx, emulation.SetFocusEmulationEnabled, emulation.SetFocusEmulationEnabledParams{Enabled: true}); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.CSS("td.corrigee a")), press(kb.Tab)); err != nil {
		t.Fatal(err)
	}
	if m = evaluate[mark](t, ctx, markOf); !m.Focused || m.Bubble < 1000 {
		t.Errorf("Tab from the amount: the mark has the focus (%v) and shows %.0f px² of details", m.Focused, m.Bubble)
	}
}
