package e2e

import (
	"context"
	"html"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/statements"
)

// view saves a screenshot of what the window shows, not the whole page:
// what a reviewer sees first.
func view(t *testing.T, name string) chromedp.Action[chromedp.Void] {
	dir := artefacts(t)
	return chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
		png, err := chromedp.CaptureScreenshot()(ctx, target)
		if err != nil {
			return err
		}
		path := filepath.Join(dir, name)
		t.Logf("capture d'écran : %s", path)
		return os.WriteFile(path, png, 0o644)
	})
}

// evaluate runs a script in the page and returns its value.
func evaluate[T any](t *testing.T, ctx context.Context, script string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](script))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// The decision header is the first screen of a report: processing and
// review apart, the proposed opinion (or that none is proposed), the key
// figures against their limits; the pipeline's details are folded at the
// bottom. The dashboard shows the same for each report.
func TestDecisionHeader(t *testing.T) {
	ctx, srv, st, _ := browser(t)
	id := runs["Maison Ferlac SAS"]
	var res memo.Result
	if err := st.Get(t.Context(), schema.Memos, id, &res); err != nil {
		t.Fatal(err)
	}
	var ex schema.ExtractionRecord
	if err := st.Get(t.Context(), schema.Extractions, id, &ex); err != nil {
		t.Fatal(err)
	}
	// The header reads the memo version in force: a correction test may
	// have made one.
	published := "mémo publié" // as the header writes the status
	review := reviewStore(t)
	if revs, err := review.Revisions(t.Context(), id); err != nil {
		t.Fatal(err)
	} else if len(revs) > 0 {
		rev, _, err := review.Revision(t.Context(), id, revs[len(revs)-1].Version)
		if err != nil {
			t.Fatal(err)
		}
		res, ex = rev.Memo, rev.Extraction
		published = "mémo " + map[memo.Status]string{memo.Published: "publié", memo.Blocked: "bloqué", memo.Abstained: "abstention"}[res.Status]
	}
	want := "avis non proposé"
	if res.Opinion != nil {
		want = facts.LevelLabels[string(res.Opinion.Level)]
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(srv+"/rapports/"+id), chromedp.WaitVisible(chromedp.CSS("section.decision")),
		view(t, "8-en-tete-decision.png")); err != nil {
		t.Fatal(err)
	}
	header, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("section.decision")))
	if err != nil {
		t.Fatal(err)
	}
	header = strings.ToLower(header) // the labels print in capitals
	for _, w := range []string{"traitement", "traitement terminé", "revue", published, "avis proposé", "chiffres clés, n contre n-1",
		"levier", "seuil 3,5x", "couverture des frais financiers", "capitaux propres", "trois risques principaux", "points à vérifier"} {
		if !strings.Contains(header, w) {
			t.Errorf("decision header lacks %q", w)
		}
	}
	if !strings.Contains(header, strings.ToLower(want)) {
		t.Errorf("decision header lacks the opinion %q", want)
	}
	// It fits the first screen; the pipeline's details are folded last.
	bottom := evaluate[float64](t, ctx, `document.querySelector("section.decision").getBoundingClientRect().bottom`)
	height := evaluate[float64](t, ctx, `window.innerHeight`)
	if bottom > 1.6*height {
		t.Errorf("the decision header ends at %.0f px, the window is %.0f px high", bottom, height)
	}
	if last := evaluate[string](t, ctx, `[...document.querySelectorAll("main > *")].pop().id`); last != "chaine" {
		t.Errorf("the page ends with %q, want the folded pipeline details", last)
	}
	if open := evaluate[bool](t, ctx, `document.getElementById("chaine").open`); open {
		t.Error("the pipeline details are unfolded")
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(srv+"/"), chromedp.WaitVisible(chromedp.CSS("#graphe-statuts")), view(t, "9-tableau-de-bord-decisions.png")); err != nil {
		t.Fatal(err)
	}
	list, err := chromedp.Run(ctx, chromedp.Text(`//table[caption[contains(., "rapports les plus récents")]]`))
	if err != nil {
		t.Fatal(err)
	}
	// Ferlac's row reads the same version: its leverage.
	leverage := ex.Ratios[statements.YearsDesc(ex.Years)[0]].Leverage
	if !leverage.OK() {
		t.Fatalf("Ferlac's leverage: %s", leverage.Reason)
	}
	for _, w := range []string{"mémo bloqué", "échec définitif", "mémo publié", "avis", frnum.FormatRatio(leverage.Number)} {
		if !strings.Contains(list, w) {
			t.Errorf("dashboard list lacks %q", w)
		}
	}
}

// The page beside its figures: clicking N-1's amount marks that cell only,
// on the printed page and in its text, with the value read; the page stays
// in view while the figures scroll; back returns to the report's row.
func TestSideBySide(t *testing.T) {
	ctx, srv, _, _ := browser(t)
	id := runs["Maison Ferlac SAS"]
	const cell = `//table[caption[starts-with(normalize-space(), "Compte de résultat")]]//tr[th[normalize-space()="Chiffre d'affaires net"]]/td[2]/a`
	if err := chromedp.Do(ctx, chromedp.Navigate(srv+"/rapports/"+id), chromedp.WaitVisible(cell)); err != nil {
		t.Fatal(err)
	}
	value, p, mark := follow(t, ctx, cell, view(t, "10-cote-a-cote.png"))
	if strings.Join(strings.Fields(mark), " ") != strings.Join(strings.Fields(value), " ") {
		t.Errorf("text view marks %q, want the N-1 cell %q only", mark, value)
	}
	if len(p.Drawn) != 1 {
		t.Errorf("%d rectangles, want the cell's one", len(p.Drawn))
	}
	read, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(".valeur-lue")))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(read, "valeur lue : ") || !strings.Contains(read, "2024") {
		t.Errorf("value read %q", read)
	}
	// Beside the page, N's amount marks its cell in place: the printed
	// page is not drawn again.
	evaluate[bool](t, ctx, `document.getElementById("page-imprimee").__kept = true`)
	const beside = `//table[contains(@class, "montants-page")]//tr[th[normalize-space()="Chiffre d'affaires net"]]/td[1]/a`
	n, err := chromedp.Run(ctx, chromedp.Text(beside))
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Click(beside), chromedp.WaitVisible(`//p[contains(@class, "valeur-lue")][contains(., "2025")]`)); err != nil {
		t.Fatal(err)
	}
	if !evaluate[bool](t, ctx, `document.getElementById("page-imprimee").__kept === true`) {
		t.Error("the printed page was drawn again")
	}
	now := evaluate[string](t, ctx, `document.getElementById("citation").textContent`)
	if strings.Join(strings.Fields(now), " ") != strings.Join(strings.Fields(n), " ") {
		t.Errorf("in place, the text view marks %q, want N's cell %q", now, n)
	}
	if drawn := evaluate[int](t, ctx, `JSON.parse(document.querySelector("canvas.marques").dataset.dessins).length`); drawn != 1 {
		t.Errorf("in place, %d rectangles drawn", drawn)
	}
	// Side by side: the printed page left of the figures, and still in view
	// once the window has scrolled to the page's text.
	left := evaluate[bool](t, ctx, `document.querySelector(".page-fixe").getBoundingClientRect().right <= document.querySelector(".a-cote").getBoundingClientRect().left + 1`)
	if !left {
		t.Error("the printed page is not beside the figures")
	}
	top := evaluate[float64](t, ctx, `window.scrollTo(0, document.querySelector("pre.page").getBoundingClientRect().top + window.scrollY); document.querySelector(".page-fixe").getBoundingClientRect().top`)
	if top < -1 || top > 200 {
		t.Errorf("scrolled down, the printed page's frame is at %.0f px", top)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#retour")), chromedp.WaitVisible(chromedp.CSS("section.decision"))); err != nil {
		t.Fatal(err)
	}
	loc, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(loc, "#poste-compte-resultat-chiffre-affaires") {
		t.Errorf("back leads to %s, want the row the reviewer came from", loc)
	}
	if y := evaluate[float64](t, ctx, `document.getElementById("poste-compte-resultat-chiffre-affaires").getBoundingClientRect().top`); y < -1 || y > 1000 { // a scroll may stop a fraction of a pixel short
		t.Errorf("back, the row is at %.0f px, out of the window", y)
	}
}

// The blocked memo's hand-off is a worklist: the form first, one card per
// cause, within bounds; the queue gives it one line.
func TestHandoffWorklist(t *testing.T) {
	ctx, srv, _, _ := browser(t)
	id := runs["Groupe Vernet Industrie SA"]
	if id == "" {
		t.Fatal("no Vernet run")
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(srv+"/rapports/"+id+"#titre-relais"), chromedp.WaitVisible(chromedp.CSS("section.relais")),
		view(t, "11-relais-liste-de-travail.png")); err != nil {
		t.Fatal(err)
	}
	// Each cause is decided apart; until all are, the top of the hand-off
	// says how many remain where the resolution's form will be.
	formFirst := evaluate[bool](t, ctx, `!!(document.querySelector("section.relais form.resolution, #causes-a-decider").compareDocumentPosition(document.querySelector("ol.causes")) & Node.DOCUMENT_POSITION_FOLLOWING)`)
	if !formFirst {
		t.Error("the form, or what it waits for, is not above the causes")
	}
	if open, forms := evaluate[int](t, ctx, `document.querySelectorAll("li.cause:not(.cause-acceptee):not(.cause-rejetee)").length`),
		evaluate[int](t, ctx, `document.querySelectorAll("li.cause form.decision-cause").length`); open != forms {
		t.Errorf("%d causes undecided, %d with a form to decide them", open, forms)
	}
	size := evaluate[int](t, ctx, `document.querySelector("section.relais").innerText.length`)
	reason := evaluate[int](t, ctx, `document.querySelector(".motif-court").innerText.length`)
	cards := evaluate[int](t, ctx, `document.querySelectorAll("li.cause").length`)
	t.Logf("hand-off: %d characters, reason %d, %d causes", size, reason, cards)
	if size > 30000 || reason > 3000+len("Motif : ") || cards == 0 {
		t.Errorf("hand-off of %d characters, reason of %d, %d cards", size, reason, cards)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(srv+"/"), chromedp.WaitVisible(chromedp.CSS("#graphe-statuts"))); err != nil {
		t.Fatal(err)
	}
	line := evaluate[int](t, ctx, `Math.max(...[...document.querySelectorAll("td.file-motif")].map((td) => td.innerText.length))`)
	if line > 200 {
		t.Errorf("a queue row's reason has %d characters", line)
	}
}

// On a phone's width the pages fit the screen; wide tables scroll in
// their frame with their first column fixed.
func TestMobile(t *testing.T) {
	ctx, srv, _, _ := browser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844)); err != nil {
		t.Fatal(err)
	}
	for _, pg := range []struct{ path, shot string }{
		{"/", "12-mobile-tableau-de-bord.png"},
		{"/rapports/" + runs["Maison Ferlac SAS"], "13-mobile-rapport.png"},
		{"/rapports/" + runs["Maison Ferlac SAS"] + "/pages/1", "14-mobile-page.png"},
	} {
		if err := chromedp.Do(ctx, chromedp.Navigate(srv+pg.path), chromedp.WaitVisible(chromedp.CSS("main h1")), view(t, pg.shot)); err != nil {
			t.Fatal(err)
		}
		if w := evaluate[int](t, ctx, `document.documentElement.scrollWidth`); w > 390 {
			t.Errorf("%s: %d px wide on a 390 px screen", pg.path, w)
		}
		sticky := evaluate[bool](t, ctx, `[...document.querySelectorAll(".defile th:first-child")].every((th) => getComputedStyle(th).position === "sticky")`)
		if !sticky {
			t.Errorf("%s: a table's first column scrolls away", pg.path)
		}
	}
}

// Every line link of every report marks its line, or says beforehand that
// it cannot: the link's class tells it, and the page it opens agrees.
func TestEveryLineLink(t *testing.T) {
	_, srv, _, _ := browser(t)
	link := regexp.MustCompile(`<a href="([^"]*ligne=[^"]*)" class="(reperable|non-reperable)"`)
	total, lost, said := 0, 0, 0
	for company, id := range runs {
		body := fetch(t, srv+"/rapports/"+id)
		seen := map[string]bool{}
		for _, m := range link.FindAllStringSubmatch(body, -1) {
			u := html.UnescapeString(m[1])
			if seen[u] {
				continue
			}
			seen[u] = true
			total++
			page := fetch(t, srv+u)
			missing := strings.Contains(page, "Non retrouvée")
			switch {
			case m[2] == "non-reperable":
				said++
			case missing:
				lost++
				t.Errorf("%s: %s marks nothing, and its link did not say so", company, u)
			}
		}
	}
	t.Logf("%d line links, %d that say beforehand they cannot mark, %d that mark nothing unsaid", total, said, lost)
	if total == 0 {
		t.Error("no line link")
	}
}

// The failed run says it will not continue, instead of "pas encore".
func TestFailedRun(t *testing.T) {
	_, srv, _, _ := browser(t)
	if failedRun == "" {
		t.Fatal("no failed run")
	}
	body := fetch(t, srv+"/rapports/"+failedRun)
	if strings.Contains(body, "pas encore") || !strings.Contains(body, "ne reprendra pas") {
		t.Errorf("the failed run's page promises more: %s", body[:min(len(body), 2000)])
	}
}

func fetch(t *testing.T, url string) string {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("%s: %d %v", url, resp.StatusCode, err)
	}
	return string(b)
}
