// Package e2e drives the viewer in headless Chromium over the local chain:
// the three test reports go through the real functions on the emulators,
// then a browser follows a reviewer's path to a quote.
package e2e

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"analyste.dev/analyste/functions/local"
	"analyste.dev/analyste/functions/viewer"
	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/quotes"
	"analyste.dev/analyste/shared/store"
)

// chain runs while the tests do; nil when Chromium is absent outside CI.
var (
	chain    *local.Chain
	chromium string
	runs     map[string]string // company → run id
)

func TestMain(m *testing.M) {
	chromium, _ = exec.LookPath("chromium")
	if chromium == "" && os.Getenv("CI") != "true" {
		os.Exit(m.Run()) // the test skips, saying why
	}
	opts := local.Options{Readers: pipeline.ModeOffline, Log: slog.New(slog.DiscardHandler)}
	os.Exit(local.RunTests(m, opts, func(ctx context.Context, c *local.Chain) int {
		chain = c
		return upload(ctx)
	}))
}

// upload sends the three test reports through the chain and waits for them.
func upload(ctx context.Context) int {
	paths, err := filepath.Glob("../../../testdata/*/rapport.pdf")
	if err != nil || len(paths) == 0 {
		fmt.Fprintln(os.Stderr, "aucun rapport de test :", err)
		return 1
	}
	var ids []string
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		id, err := chain.Upload(ctx, filepath.Base(filepath.Dir(p))+"/rapport.pdf", data)
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
	runs = map[string]string{}
	for id, r := range reports {
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

// A reviewer opens the dashboard, opens Ferlac, follows a Q- source of the
// memo and lands on the page with the quote highlighted.
func TestReviewerFollowsAQuote(t *testing.T) {
	if chromium == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("chromium introuvable dans le PATH : `make deps` l'installe (apt-get install -y chromium)")
		}
		t.Skip("chromium introuvable dans le PATH : installez-le (apt-get install -y chromium) pour le test de bout en bout")
	}
	st, err := store.New(chain.Firestore(), time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	pages, err := store.NewPageTexts(chain.Storage(), local.ArtifactsBucket)
	if err != nil {
		t.Fatal(err)
	}
	reader, err := viewer.NewFirestoreReader(st, pages)
	if err != nil {
		t.Fatal(err)
	}
	h, err := viewer.New(viewer.Deps{Reader: reader, Log: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptestServer(t, h)

	ctx, cancel := chromedp.NewExecAllocator(t.Context(),
		chromedp.ExecPath(chromium), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck, chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1280, 1000))
	defer cancel()
	ctx, cancel = chromedp.NewContext(ctx)
	defer cancel()

	dir := artefacts(t)
	shot := func(name string) chromedp.Action[chromedp.Void] {
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
	const qSource = `#memo .sources a[href*="fait=Q-"]`
	err = chromedp.Do(ctx,
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
	fact, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(qSource)))
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(qSource)), chromedp.WaitVisible(chromedp.CSS("mark#citation")),
		shot("3-page-citation.png")); err != nil {
		t.Fatal(err)
	}
	mark, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("mark#citation")))
	if err != nil {
		t.Fatal(err)
	}
	location, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	var sig pipeline.SignalsRecord
	if err := st.Get(t.Context(), store.Signals, runs["Maison Ferlac SAS"], &sig); err != nil {
		t.Fatal(err)
	}
	quote := ""
	for i, f := range sig.Facts {
		if f.ID == strings.TrimSpace(fact) {
			quote = sig.Verified[i].Quote
		}
	}
	if quote == "" {
		t.Fatalf("the memo's first Q- source %q is not a verified signal of Ferlac", fact)
	}
	if quotes.Normalise(mark) != quotes.Normalise(quote) {
		t.Errorf("highlighted %q on %s, want the quote of %s %q", mark, location, fact, quote)
	}
	if !strings.Contains(location, "/pages/") {
		t.Errorf("landed on %s, not a page view", location)
	}
}
