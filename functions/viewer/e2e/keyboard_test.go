package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// focused describes the element that has the focus: its tag, what names
// it, its focus ring and whether it shows on the screen.
type focused struct {
	Tag, Name, Outline string
	Contrast           float64 // the outline's against its background
	Visible            bool
	Index              int // its place among the page's focusable elements, -1 if none
}

// focusables is an expression listing, in the page, the elements Tab
// reaches, in document order (no positive tabindex changes it: the test
// checks there is none): a radio group is one stop, a folded section's
// content none (it is laid out, but hidden by content-visibility).
const focusables = `(() => {
  const groups = new Set();
  return [...document.querySelectorAll("a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]")]
    .filter((e) => e.tabIndex >= 0 && !e.disabled && e.getClientRects().length > 0 && e.checkVisibility({visibilityProperty: true}))
    .filter((e) => {
      if (e.type !== "radio") return true;
      const g = (e.form ? e.form.action : "") + "|" + e.name;
      if (groups.has(g)) return false;
      groups.add(g);
      return true;
    });
})()`

// describe is the script that describes document.activeElement: its
// outline, and the outline's contrast with the background behind it (the
// first ancestor's that is not transparent).
const describe = `(() => {
  const e = document.activeElement, s = getComputedStyle(e), r = e.getBoundingClientRect();
  const rgb = (c) => (c.match(/[\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((a, v, i) => a + v * [0.2126, 0.7152, 0.0722][i], 0);
  let bg = [255, 255, 255];
  for (let p = e.parentElement; p; p = p.parentElement) {
    const c = rgb(getComputedStyle(p).backgroundColor);
    if (c.length >= 3 && (c.length < 4 || c[3] > 0)) { bg = c; break; }
  }
  const [a, b] = [lum(rgb(s.outlineColor)), lum(bg)];
  return {Tag: e.tagName.toLowerCase(), Name: (e.id || e.getAttribute("href") || e.name || e.innerText || "").slice(0, 80),
    Outline: s.outlineStyle + " " + s.outlineWidth, Contrast: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05),
    Visible: r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < window.innerHeight,
    Index: ` + focusables + `.indexOf(e)};
})()`

// press sends one key to the page.
func press(key string) chromedp.Action[chromedp.Void] { return chromedp.KeyEvent(key) }

// shiftTab moves the focus back.
func shiftTab() chromedp.Action[chromedp.Void] {
	return chromedp.KeyEvent(kb.Tab, chromedp.KeyModifiers(chromedp.ModifierShift))
}

// tabTo presses Tab (Shift+Tab when back) until the focus is on an
// element matching selector, at most max times; it fails the test
// otherwise.
func tabTo(t *testing.T, ctx context.Context, selector string, back bool, max int) {
	t.Helper()
	key := press(kb.Tab)
	if back {
		key = shiftTab()
	}
	for range max {
		if err := chromedp.Do(ctx, key); err != nil {
			t.Fatal(err)
		}
		if evaluate[bool](t, ctx, fmt.Sprintf(`document.activeElement.matches(%q)`, selector)) {
			return
		}
	}
	t.Fatalf("%d Tabs do not reach %s", max, selector)
}

// The desk is usable by keyboard alone: Tab goes through every link,
// summary and control in the order they are printed (no positive
// tabindex), the first stop being the link that skips to the content;
// each stop shows the viewer's focus ring (3:1 at least against its
// background) and is scrolled into view; Shift+Tab
// comes back; Enter follows a link and opens a folded section.
func TestKeyboard(t *testing.T) {
	ctx, srv, _, shot := browser(t)
	id := runs["Maison Ferlac SAS"]
	for _, path := range []string{"/", "/rapports/" + id, "/rapports/" + id + "/corrections"} {
		t.Run(strings.TrimPrefix(path, "/"), func(t *testing.T) {
			if err := chromedp.Do(ctx, chromedp.Navigate(srv+path), chromedp.WaitVisible(chromedp.CSS("main h1"))); err != nil {
				t.Fatal(err)
			}
			if n := evaluate[int](t, ctx, `[...document.querySelectorAll("[tabindex]")].filter((e) => e.tabIndex > 0).length`); n > 0 {
				t.Errorf("%d elements with a positive tabindex reorder the focus", n)
			}
			total := evaluate[int](t, ctx, focusables+`.length`)
			stops := min(total, 60)
			prev := -1
			var seen []focused
			for i := range stops {
				if err := chromedp.Do(ctx, press(kb.Tab)); err != nil {
					t.Fatal(err)
				}
				f := evaluate[focused](t, ctx, describe)
				seen = append(seen, f)
				switch {
				case i == 0 && f.Name != "#contenu":
					t.Errorf("the first Tab reaches %s %q, want the link to the content", f.Tag, f.Name)
				case f.Index < 0 && f.Tag == "div":
					// A scrolling table without links: Chromium stops on
					// it so that it scrolls by keyboard.
					f.Index = prev
				case f.Index != prev+1:
					t.Errorf("Tab %d reaches %s %q, focusable #%d, after #%d: not the printed order", i+1, f.Tag, f.Name, f.Index, prev)
				}
				// The viewer's own ring (a browser's default may not
				// contrast), at least 3:1 against what is behind it.
				if !strings.HasPrefix(f.Outline, "solid 3px") || f.Contrast < 3 {
					t.Errorf("Tab %d: %s %q shows no ring of its own (%s, contrast %.2f:1)", i+1, f.Tag, f.Name, f.Outline, f.Contrast)
				}
				if !f.Visible {
					t.Errorf("Tab %d: %s %q is focused off the screen", i+1, f.Tag, f.Name)
				}
				prev = f.Index
			}
			if len(seen) < 2 {
				t.Fatalf("%d stops on %s", len(seen), path)
			}
			if err := chromedp.Do(ctx, shiftTab()); err != nil {
				t.Fatal(err)
			}
			if back := evaluate[focused](t, ctx, describe); back.Index != seen[len(seen)-2].Index {
				t.Errorf("Shift+Tab reaches #%d, want #%d", back.Index, seen[len(seen)-2].Index)
			}
			t.Logf("%s: %d focusable elements, %d stops checked", path, total, stops)
		})
	}

	// The folded pipeline details are the last stop (Shift+Tab from the
	// top reaches them); Enter opens them, and follows a link.
	if err := chromedp.Do(ctx, chromedp.Navigate(srv+"/rapports/"+id), chromedp.WaitVisible(chromedp.CSS("main h1"))); err != nil {
		t.Fatal(err)
	}
	tabTo(t, ctx, "#chaine > summary", true, 1)
	if err := chromedp.Do(ctx, press(kb.Enter)); err != nil {
		t.Fatal(err)
	}
	if !evaluate[bool](t, ctx, `document.getElementById("chaine").open`) {
		t.Error("Enter on the folded details' summary does not open them")
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(srv+"/rapports/"+id), chromedp.WaitVisible(chromedp.CSS("main h1"))); err != nil {
		t.Fatal(err)
	}
	tabTo(t, ctx, `nav.revue a[href$="/corrections"]`, false, 400)
	err := chromedp.Do(ctx, shot("clavier-1-focus.png"), press(kb.Enter), chromedp.WaitVisible(chromedp.CSS("form.correction")))
	if err != nil {
		t.Fatal(err)
	}
}
