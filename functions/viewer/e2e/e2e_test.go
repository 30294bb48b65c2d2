// Package e2e drives the viewer in headless Chromium over the local chain:
// the three test reports go through the real functions on the emulators,
// then a browser follows a reviewer's path: to a quote and a statement's
// line marked on the printed page (PDF.js), and to a hand-off resolved.
package e2e

import (
	"bytes"
	"context"
	"encoding/base64"
	"flag"
	"fmt"
	"log/slog"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"analyste.dev/analyste/functions/viewer"
	"analyste.dev/analyste/shared/dev/localchain"
	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/quotes"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/store"
)

// chain runs while the tests do; nil when Chromium is absent outside CI.
var (
	chain    *localchain.Chain
	chromium string
	runs     map[string]string // company → run id
	// failedRun is the run that fails (no statements in the document).
	failedRun string
)

func TestMain(m *testing.M) {
	flag.Parse()
	chromium, _ = exec.LookPath("chromium")
	if testing.Short() || chromium == "" && os.Getenv("CI") != "true" {
		os.Exit(m.Run()) // the test skips, saying why
	}
	opts := localchain.Options{Readers: pipeline.ModeOffline, Log: slog.New(slog.DiscardHandler)}
	os.Exit(localchain.RunTests(m, opts, func(ctx context.Context, c *localchain.Chain) int {
		chain = c
		return upload(ctx)
	}))
}

// upload sends the three test reports through the chain, with a memo the
// verifier blocks (Vernet), a tax form (Hyvia) and a document with no
// statements (Walmart, which fails), and waits for them.
func upload(ctx context.Context) int {
	paths, err := filepath.Glob("../../../testdata/*/rapport.pdf")
	if err != nil || len(paths) == 0 {
		fmt.Fprintln(os.Stderr, "aucun rapport de test :", err)
		return 1
	}
	paths = append(paths, "../../../testdata/families/vernet/rapport.pdf",
		"../../../testdata/real/hyvia/fr_hyvia_2022_liasse-2065-2050.pdf", "../../../testdata/real/walmart/en_walmart_fy2023_annual-report.pdf")
	var ids []string
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		id, err := chain.Upload(ctx, filepath.Base(filepath.Dir(p))+"/"+filepath.Base(p), data)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		ids = append(ids, id)
	}
	wctx, cancel := context.WithTimeout(ctx, 3*time.Minute)
	defer cancel()
	reports, err := chain.Wait(wctx, ids)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	runs, failedRun = map[string]string{}, ""
	for id, r := range reports {
		if r.Status == schema.Failed {
			failedRun = id
			continue
		}
		runs[r.Company] = id
	}
	return 0
}

// artefacts is where the screenshots go: ANALYSTE_ARTEFACTS, or a
// temporary directory.
func artefacts(t *testing.T) string {
	dir := os.Getenv("ANALYSTE_ARTEFACTS")
	if dir == "" {
		return t.TempDir()
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// reviewer is the identity the browser presents, as Cloud Run passes an
// ID token it has checked (the gcloud proxy adds it to every request).
const reviewer = "ana@example.com"

// cspViolations records, in the page, what the Content-Security-Policy
// blocked: the test fails on any.
const cspViolations = `window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => window.__csp.push(e.violatedDirective + " " + e.blockedURI));`

// browser serves the viewer on the chain and opens Chromium on it, with
// the reviewer's identity; shot saves a screenshot under name.
func browser(t *testing.T) (ctx context.Context, srv string, st *store.Store, shot func(name string) chromedp.Action[chromedp.Void]) {
	if testing.Short() {
		t.Skip("-short : sans émulateurs ni navigateur (make test les lance)")
	}
	if chromium == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("chromium introuvable dans le PATH : `make deps` l'installe (apt-get install -y chromium)")
		}
		t.Skip("chromium introuvable dans le PATH : installez-le (apt-get install -y chromium) pour le test de bout en bout")
	}
	h, st := newViewer(t, viewer.Deps{FormKey: bytes.Repeat([]byte("e"), viewer.MinFormKey)})
	srv = httptestServer(t, h)

	ctx, cancel := chromedp.NewExecAllocator(t.Context(),
		chromedp.ExecPath(chromium), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck, chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1280, 1000))
	t.Cleanup(cancel)
	ctx, cancel = chromedp.NewContext(ctx)
	t.Cleanup(cancel)
	ctx, cancel = context.WithTimeout(ctx, 2*time.Minute) // a selector that never shows fails the test
	t.Cleanup(cancel)
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, network.SetExtraHTTPHeaders, network.SetExtraHTTPHeadersParams{
		Headers: network.Headers{"Authorization": idToken(reviewer)}}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: cspViolations}); err != nil {
		t.Fatal(err)
	}
	dir := artefacts(t)
	shot = func(name string) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
			png, err := chromedp.FullScreenshot(100)(ctx, target) // 100: PNG; below, JPEG
			if err != nil {
				return err
			}
			path := filepath.Join(dir, name)
			t.Logf("capture d'écran : %s", path)
			return os.WriteFile(path, png, 0o644)
		})
	}
	return ctx, srv, st, shot
}

// idToken is an ID token for email as Cloud Run passes it on, once it has
// checked its signature: the viewer reads its claims.
func idToken(email string) string {
	enc := base64.RawURLEncoding.EncodeToString
	return "Bearer " + enc([]byte(`{"alg":"RS256"}`)) + "." + enc([]byte(`{"email":"`+email+`","email_verified":true}`)) + ".c2ln"
}

// printed is what the printed page shows: the rectangles drawn on the
// marks' canvas and the spans of PDF.js's text layer, both in CSS pixels
// from the canvas's corner, and what the CSP blocked on the page.
type printed struct {
	State string      `json:"state"`
	Drawn [][]float64 `json:"drawn"` // x, y, width, height
	Spans []struct {
		Text       string
		X, Y, W, H float64
	} `json:"spans"`
	CSP []string `json:"csp"`
}

const readPrinted = `(() => {
  const fig = document.getElementById("page-imprimee");
  if (fig.dataset.etat !== "rendue") return { state: fig.dataset.etat, csp: window.__csp };
  const marks = fig.querySelector("canvas.marques");
  const box = marks.getBoundingClientRect();
  const spans = [...fig.querySelectorAll(".textLayer span")].filter((s) => s.textContent.trim() !== "").map((s) => {
    const r = s.getBoundingClientRect();
    return { Text: s.textContent, X: r.left - box.left, Y: r.top - box.top, W: r.width, H: r.height };
  });
  return { state: fig.dataset.etat, drawn: JSON.parse(marks.dataset.dessins), spans, csp: window.__csp };
})()`

// waitPrinted waits for PDF.js to render the page and reads it.
func waitPrinted(t *testing.T, ctx context.Context) printed {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.WaitReady(chromedp.CSS(`#page-imprimee[data-etat]`))); err != nil {
		t.Fatal(err)
	}
	p, err := chromedp.Run(ctx, chromedp.Evaluate[printed](readPrinted))
	if err != nil {
		t.Fatal(err)
	}
	if p.State != "rendue" {
		status, _ := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#page-imprimee-etat")))
		t.Fatalf("page imprimée %q : %s", p.State, status)
	}
	if len(p.CSP) > 0 {
		t.Errorf("the Content-Security-Policy blocked %v", p.CSP)
	}
	return p
}

// follow clicks the link, waits for the printed page, takes the shot and
// returns the link's text, the printed page and the text view's mark.
func follow[S chromedp.Selectable](t *testing.T, ctx context.Context, link S, shot chromedp.Action[chromedp.Void]) (string, printed, string) {
	t.Helper()
	text, err := chromedp.Run(ctx, chromedp.Text(link))
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Click(link), chromedp.WaitReady(chromedp.CSS("mark#citation"))); err != nil {
		t.Fatal(err)
	}
	p := waitPrinted(t, ctx)
	if err := chromedp.Do(ctx, shot); err != nil {
		t.Fatal(err)
	}
	mark, err := chromedp.Run(ctx, chromedp.TextContent(chromedp.CSS("mark#citation")))
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(text), p, mark
}

// overlap is the area two boxes share.
func overlap(ax, ay, aw, ah, bx, by, bw, bh float64) float64 {
	return max(0, min(ax+aw, bx+bw)-max(ax, bx)) * max(0, min(ay+ah, by+bh)-max(ay, by))
}

// checkMarks holds the rectangles drawn to the spans of PDF.js's text
// layer, which PDF.js places from its own reading of the PDF while the
// rectangles come from ours. A span inside the marked text (the text
// view's mark) is mostly under the rectangles; a span the marked text
// starts in or ends in is under them in part; every other span of five
// characters or more mostly outside; and each rectangle lies on the marked
// text.
func checkMarks(t *testing.T, p printed, marked string) {
	t.Helper()
	if len(p.Drawn) == 0 {
		t.Fatal("no rectangle drawn on the printed page")
	}
	m := quotes.Normalise(marked)
	lines := strings.Split(marked, "\n")
	first, last := quotes.Normalise(lines[0]), quotes.Normalise(lines[len(lines)-1])
	// edge: the mark starts at the end of the span's line, or ends at the
	// start of it.
	edge := func(s string) bool { return strings.HasSuffix(s, first) || strings.HasPrefix(s, last) }
	onMark := make([]bool, len(p.Drawn))
	inside := 0
	for _, s := range p.Spans {
		ns := quotes.Normalise(s.Text)
		if len([]rune(ns)) < 5 || !strings.Contains(ns, " ") {
			continue // "13", "•", a heading of one word: too short to tell where they belong
		}
		area, covered := s.W*s.H, 0.0
		for i, d := range p.Drawn {
			o := overlap(s.X, s.Y, s.W, s.H, d[0], d[1], d[2], d[3])
			covered += o
			if o > 0 && (strings.Contains(m, ns) || edge(ns)) {
				onMark[i] = true
			}
		}
		switch {
		case strings.Contains(m, ns):
			inside++
			if covered < 0.6*area {
				t.Errorf("span %q of the marked text is %.0f %% under the rectangles", s.Text, 100*covered/area)
			}
		case edge(ns):
			if covered == 0 {
				t.Errorf("span %q, where the marked text starts or ends, is under no rectangle", s.Text)
			}
		case covered > 0.3*area:
			t.Errorf("span %q, not marked, is %.0f %% under the rectangles", s.Text, 100*covered/area)
		}
	}
	for i, on := range onMark {
		if !on {
			t.Errorf("rectangle %v lies on no span of the marked text", p.Drawn[i])
		}
	}
	if inside == 0 {
		t.Logf("no span lies wholly inside %q: checked by its edges", marked)
	}
}

// A reviewer opens the dashboard, opens Ferlac, follows a Q- source of the
// memo and lands on the printed page with the quote marked where the text
// layer of PDF.js prints it, and in the page's text below.
func TestReviewerFollowsAQuote(t *testing.T) {
	ctx, srv, st, shot := browser(t)
	const qSource = `#memo .sources a[href*="fait=Q-"]`
	err := chromedp.Do(ctx,
		chromedp.Navigate(srv+"/"),
		chromedp.WaitVisible(`//h1[normalize-space()="Tableau de bord"]`),
		shot("1-tableau-de-bord.png"),
		chromedp.Click(`(//table//a[contains(., "Ferlac")])[1]`),
		chromedp.WaitVisible(`//h1[contains(., "Ferlac")]`),
		shot("2-rapport-ferlac.png"),
	)
	if err != nil {
		t.Fatal(err)
	}
	fact, p, mark := follow(t, ctx, chromedp.CSS(qSource), shot("3-page-citation.png"))
	var sig schema.SignalsRecord
	if err := st.Get(t.Context(), schema.Signals, runs["Maison Ferlac SAS"], &sig); err != nil {
		t.Fatal(err)
	}
	quote := ""
	for i, f := range sig.Facts {
		if f.ID == fact {
			quote = sig.Verified[i].Quote
		}
	}
	if quote == "" {
		t.Fatalf("the memo's first Q- source %q is not a verified signal of Ferlac", fact)
	}
	if quotes.Normalise(mark) != quotes.Normalise(quote) {
		t.Errorf("text view marks %q, want the quote of %s %q", mark, fact, quote)
	}
	if want := strings.Count(mark, "\n") + 1; len(p.Drawn) != want {
		t.Errorf("%d rectangles, want one per line of the quote (%d)", len(p.Drawn), want)
	}
	checkMarks(t, p, mark)
}

// From a statement's amount to its printed cell, that year's only, marked
// on its line of its page.
func TestReviewerFollowsAStatementLine(t *testing.T) {
	ctx, srv, _, shot := browser(t)
	const amount = `//table[caption[starts-with(normalize-space(), "Compte de résultat")]]//tr[th[normalize-space()="Chiffre d'affaires net"]]/td[1]/a`
	if err := chromedp.Do(ctx, chromedp.Navigate(srv+"/rapports/"+runs["Maison Ferlac SAS"]), chromedp.WaitVisible(amount)); err != nil {
		t.Fatal(err)
	}
	value, p, mark := follow(t, ctx, amount, shot("4-ligne-chiffre-affaires.png"))
	if quotes.Normalise(mark) != quotes.Normalise(value) {
		t.Errorf("text view marks %q, want the cell printing %s", mark, value)
	}
	if len(p.Drawn) != 1 {
		t.Errorf("%d rectangles, want the cell's one", len(p.Drawn))
	}
	checkMarks(t, p, mark)
}

// unrevised is a run no correction revised, but Ferlac's and Vernet's
// (their own tests read them): the hand-off a test writes there is the
// one the worklist shows, since no later version has another.
func unrevised(t *testing.T) (company, id string) {
	t.Helper()
	review := reviewStore(t)
	for _, c := range slices.Sorted(maps.Keys(runs)) {
		if c == "Maison Ferlac SAS" || c == "Groupe Vernet Industrie SA" {
			continue
		}
		revs, err := review.Revisions(t.Context(), runs[c])
		if err != nil {
			t.Fatal(err)
		}
		if len(revs) == 0 {
			return c, runs[c]
		}
	}
	t.Fatalf("every run of %v has a corrected version", runs)
	return "", ""
}

// A reviewer resolves a hand-off from the report, by keyboard alone:
// first its cause (accepted, with a reason), then the hand-off, whose form
// opens once every cause is decided. The decisions show in its history,
// and the queue lists it as resolved.
func TestReviewerResolvesAHandoff(t *testing.T) {
	ctx, srv, _, shot := browser(t)
	company, id := unrevised(t)
	_, err := chain.Firestore().Collection(schema.Handoffs).Doc(id).Set(t.Context(), map[string]any{
		"rapport": company, "statut": "abstention", "motif": "paragraphe 2 : un fait cité n'est pas vérifié",
		"affirmations": []map[string]any{{"paragraphe": 2, "affirmation": "Le levier reste élevé.", "controle": "faits_non_verifies", "motif": "R-levier non vérifié"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	const reason, comment = "Levier relu sur les pages 8 et 9 : la lecture tient.", "Levier recalculé sur les pages 8 et 9 : conforme."
	if err := chromedp.Do(ctx, chromedp.Navigate(srv+"/rapports/"+id), chromedp.WaitVisible(chromedp.CSS("form.decision-cause"))); err != nil {
		t.Fatal(err)
	}
	if n := evaluate[int](t, ctx, `document.querySelectorAll("form.resolution").length`); n != 0 {
		t.Error("the resolution is offered before the cause is decided")
	}
	// The cause: Tab to its first choice (acceptée), a reason, Enter.
	tabTo(t, ctx, `form.decision-cause input[value="acceptee"]`, false, 400)
	// A radio group is one stop: Tab leaves it for the reason.
	err = chromedp.Do(ctx, press(" "), press(kb.Tab), press(reason), shot("5a-cause-a-decider.png"), press(kb.Tab), press(kb.Enter),
		chromedp.WaitVisible(`//p[@class="decision-cause"][contains(., "acceptée")]`), shot("5b-cause-decidee.png"))
	if err != nil {
		t.Fatal(err)
	}
	if card := evaluate[string](t, ctx, `document.querySelector("li.cause").innerText`); !strings.Contains(card, "Cause acceptée par "+reviewer+" le") {
		t.Errorf("the card does not say who decided the cause: %q", card)
	}
	// The hand-off: Tab to validé, then the comment and the button.
	if err := chromedp.Do(ctx, chromedp.Navigate(srv+"/rapports/"+id), chromedp.WaitVisible(chromedp.CSS("form.resolution"))); err != nil {
		t.Fatal(err)
	}
	tabTo(t, ctx, "#decision-valide", false, 400)
	err = chromedp.Do(ctx, press(" "), press(kb.Tab), press(comment),
		shot("5-relais-a-resoudre.png"), press(kb.Tab), press(kb.Enter),
		chromedp.WaitVisible(`//ol[@class="historique"]/li[contains(., "validé")]`),
		shot("6-relais-resolu.png"),
	)
	if err != nil {
		t.Fatal(err)
	}
	history, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("ol.historique")))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(history, "validé par "+reviewer+" — "+comment) || !strings.Contains(history, "acceptée par "+reviewer+" — "+reason) {
		t.Errorf("history %q lacks the decisions", history)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(srv+"/"), chromedp.WaitVisible(chromedp.CSS("#graphe-statuts")), shot("7-tableau-de-bord-relais.png")); err != nil {
		t.Fatal(err)
	}
	queue, err := chromedp.Run(ctx, chromedp.Text(`//table[caption[starts-with(., "Mémos non publiés")]]`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(queue, "validé par "+reviewer) {
		t.Errorf("queue %q does not show the resolution", queue)
	}
}
