package viewer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"analyste.dev/analyste/shared/checks"
	"analyste.dev/analyste/shared/localstack"
	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/quotes"
	"analyste.dev/analyste/shared/signals"
	"analyste.dev/analyste/shared/statements"
	"analyste.dev/analyste/shared/store"
)

// The runs seeded in the emulator, oldest first.
var (
	published = runID("publie-ferlac") // Ferlac read offline, memo published
	blocked   = runID("bloque-ferlac") // read by the model: a failed check, a rejected signal, memo blocked
	failed    = runID("echec-pdf")     // not a PDF
	hostile   = runID("balises")       // a company name made of markup
)

// runID is the id of the run of an upload named name.
func runID(name string) string {
	return store.RunID(store.Source{Bucket: "depots", Object: name + ".pdf", Generation: 1})
}

// seeded holds what the tests compare the pages with.
var seeded struct {
	srv     *httptest.Server
	signals pipeline.SignalsRecord
	handoff memo.Handoff
}

func TestMain(m *testing.M) {
	code, err := run(m)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(code)
}

func run(m *testing.M) (int, error) {
	ctx := context.Background()
	st, err := localstack.Start(ctx, localstack.Options{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		return 0, err
	}
	defer st.Stop()
	st.CreateBucket("artefacts", "")
	fs, err := st.FirestoreClient(ctx)
	if err != nil {
		return 0, err
	}
	defer fs.Close()
	gcs, err := st.StorageClient(ctx)
	if err != nil {
		return 0, err
	}
	defer gcs.Close()
	sto, err := store.New(fs, time.Minute)
	if err != nil {
		return 0, err
	}
	pages, err := store.NewPageTexts(gcs, "artefacts")
	if err != nil {
		return 0, err
	}
	if err := seed(ctx, sto, pages); err != nil {
		return 0, fmt.Errorf("données de test : %w", err)
	}
	r, err := NewFirestoreReader(sto, pages)
	if err != nil {
		return 0, err
	}
	h, err := New(Deps{Reader: r, Log: slog.New(slog.DiscardHandler)})
	if err != nil {
		return 0, err
	}
	seeded.srv = httptest.NewServer(h)
	defer seeded.srv.Close()
	return m.Run(), nil
}

// seed writes the runs through the store, as the functions do: Ferlac read
// by the offline pipeline, then variants of it.
func seed(ctx context.Context, sto *store.Store, pages *store.PageTexts) error {
	p := pipeline.New(nil, pipeline.Options{Limits: pdftext.DefaultLimits()})
	doc, err := pdftext.ReadFile(ctx, "../../testdata/ferlac/rapport.pdf", pdftext.DefaultLimits())
	if err != nil {
		return err
	}
	ex, err := p.Extract(ctx, doc)
	if err != nil {
		return err
	}
	rec := p.Record(ex, len(doc.Pages))
	if rec.PageTexts, err = pages.Save(ctx, published, doc.Texts()); err != nil {
		return err
	}
	sig, err := p.Signals(ctx, rec.Company, statements.YearsDesc(rec.Years), doc.Texts())
	if err != nil {
		return err
	}
	seeded.signals = sig.Record()
	years := []int{2025, 2024}
	res, err := p.Memo(ctx, memo.Input{Company: rec.Borrower(), Years: years, Facts: append(slices.Clone(rec.Facts), sig.Facts...)})
	if err != nil {
		return err
	}
	counters := func(failedChecks int, s pipeline.SignalsRecord) map[string]any {
		return map[string]any{"societe": rec.Company, "compteurs.champs_lus": 78, "compteurs.controles_en_echec": failedChecks,
			"compteurs.signaux_verifies": len(s.Verified), "compteurs.signaux_rejetes": len(s.Rejected)}
	}
	write := func(id, status, readers string, docs map[string]any, report map[string]any, tokens map[string]int64) error {
		upload := map[string]string{published: "publie-ferlac.pdf", blocked: "bloque-ferlac.pdf", hostile: "balises.pdf"}[id]
		c, err := sto.Claim(ctx, id, store.Extraction, &store.Source{Bucket: "depots", Object: upload, Generation: 1})
		if err != nil {
			return err
		}
		report["statut"], report["lecteurs"] = status, readers
		return sto.Complete(ctx, c, store.Outcome{Documents: docs, Report: report, Increments: tokens})
	}
	if err := write(published, store.Done, pipeline.ModeOffline,
		map[string]any{store.Extractions: rec, store.Signals: seeded.signals, store.Memos: res}, counters(0, seeded.signals), nil); err != nil {
		return err
	}

	// The blocked run: the first check failed, the first signal rejected,
	// the memo blocked with a hand-off.
	bad := rec
	bad.Checks = slices.Clone(rec.Checks)
	bad.Checks[0].OK, bad.Checks[0].Status, bad.Checks[0].Read = false, checks.Failed, 1
	badSig := seeded.signals
	badSig.Rejected = append(slices.Clone(badSig.Rejected), rejectedCopy(badSig))
	seeded.handoff = memo.Handoff{Report: rec.Company, Status: memo.Blocked, Reason: "paragraphe 1 : un nombre absent des faits cités",
		Claims: []memo.HandoffClaim{{Paragraph: 1, Claim: res.Paragraphs[0].Text, Step: memo.StepNumbers, Reason: "9,9 % absent des faits cités"}}}
	badMemo := res
	badMemo.Status, badMemo.Reason, badMemo.Handoff = memo.Blocked, seeded.handoff.Reason, &seeded.handoff
	if err := write(blocked, store.Blocked, pipeline.ModeModel,
		map[string]any{store.Extractions: bad, store.Signals: badSig, store.Memos: badMemo, store.Handoffs: seeded.handoff},
		counters(1, badSig), map[string]int64{"jetons.entree": 123456, "jetons.sortie": 7890, "jetons.appels": 7}); err != nil {
		return err
	}

	c, err := sto.Claim(ctx, failed, store.Extraction, &store.Source{Bucket: "depots", Object: "notes.txt", Generation: 1})
	if err != nil {
		return err
	}
	if err := sto.Fail(ctx, c, "Le fichier n'est pas un PDF.", false, store.Outcome{}); err != nil {
		return err
	}
	return write(hostile, string(store.Signaling), pipeline.ModeOffline, map[string]any{}, map[string]any{"societe": `<script>alert("x")</script> & Cie`}, nil)
}

// rejectedCopy is the first verified signal with its quote changed, as a
// reader's altered quote is rejected.
func rejectedCopy(s pipeline.SignalsRecord) signals.Rejected {
	r := signals.Rejected{Signal: s.Verified[0], Reason: "citation introuvable à la page 4"}
	r.Quote = strings.Replace(r.Quote, "fortement", "très", 1)
	return r
}

// get fetches a page of the viewer and parses it.
func get(t *testing.T, path string) (int, *html.Node, string) {
	t.Helper()
	resp, err := http.Get(seeded.srv.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := html.Parse(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, doc, string(b)
}

// all lists the elements under n that match.
func all(n *html.Node, match func(*html.Node) bool) []*html.Node {
	var out []*html.Node
	for d := range n.Descendants() {
		if d.Type == html.ElementNode && match(d) {
			out = append(out, d)
		}
	}
	return out
}

func tag(name string) func(*html.Node) bool {
	return func(n *html.Node) bool { return n.Data == name }
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// text is the text of n, its text nodes joined by spaces, whitespace
// collapsed.
func text(n *html.Node) string {
	var b strings.Builder
	for d := range n.Descendants() {
		if d.Type == html.TextNode {
			b.WriteString(d.Data + " ")
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// row is the table row whose header cell reads label, in the table with
// caption.
func row(t *testing.T, doc *html.Node, caption, label string) *html.Node {
	t.Helper()
	for _, table := range all(doc, tag("table")) {
		if cs := all(table, tag("caption")); len(cs) == 0 || !strings.HasPrefix(text(cs[0]), caption) {
			continue
		}
		for _, tr := range all(table, tag("tr")) {
			if ths := all(tr, tag("th")); len(ths) > 0 && text(ths[0]) == label {
				return tr
			}
		}
	}
	t.Fatalf("no row %q in table %q", label, caption)
	return nil
}

func TestDashboard(t *testing.T) {
	t.Parallel()
	code, doc, body := get(t, "/")
	if code != http.StatusOK {
		t.Fatalf("status %d", code)
	}
	var order []string
	for _, a := range all(doc, func(n *html.Node) bool { return n.Data == "a" && strings.HasPrefix(attr(n, "href"), "/rapports/") }) {
		order = append(order, attr(a, "href"))
	}
	want := []string{"/rapports/" + hostile, "/rapports/" + failed, "/rapports/" + blocked, "/rapports/" + published, "/rapports/" + blocked}
	if !slices.Equal(order, want) {
		t.Errorf("links %v, want the reports newest first then the queue %v", order, want)
	}
	tests := []struct {
		caption, label string
		want           []string // in the row's text
	}{
		{"Les 4 rapports", "Maison Ferlac SAS publie-ferlac.pdf", []string{"terminé", "78", "17 / 0", "publié", "hors ligne"}},
		{"Les 4 rapports", "Maison Ferlac SAS bloque-ferlac.pdf", []string{"bloqué", "17 / 1", "123 456 jetons en entrée, 7 890 en sortie, 7 appels"}},
		{"Les 4 rapports", "notes.txt", []string{"échec", "Le fichier n'est pas un PDF.", "non rédigé", "—"}},
		{"Mémos non publiés", "Maison Ferlac SAS", []string{"bloqué", seeded.handoff.Reason, "1"}},
	}
	for _, tt := range tests {
		t.Run(tt.label, func(t *testing.T) {
			got := text(row(t, doc, tt.caption, tt.label))
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("row %q lacks %q", got, w)
				}
			}
		})
	}
	if strings.Contains(body, "<script>") || !strings.Contains(body, "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; Cie") {
		t.Error("the company name is not escaped")
	}
}

func TestReport(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, id       string
		caption, label string
		want, absent   []string
	}{
		{"a check beside each line it reads", published, "Bilan", "Total passif",
			[]string{"total actif = total passif : 2025 conforme ; 2024 conforme", "total passif = somme des postes : 2025 conforme"}, nil},
		{"a between-years check on both lines", published, "Tableau des flux de trésorerie", "Trésorerie de clôture",
			[]string{"trésorerie d'ouverture = clôture de l'exercice précédent : 2025 conforme"}, nil},
		{"a failed check beside its lines", blocked, "Compte de résultat", "Chiffre d'affaires net",
			[]string{"résultat d'exploitation = chiffre d'affaires - charges : 2025 en échec ; 2024 conforme"}, nil},
		{"a line no check reads", published, "Bilan", "Provisions pour risques et charges",
			[]string{"total passif = somme des postes"}, []string{"total actif = total passif"}},
		{"ratios of both years", published, "Ratios", "Levier", []string{"5,5x", "3,6x", "dette nette / EBITDA"}, nil},
		{"each claim's verdict", published, "Verdict de chaque affirmation", "L'EBITDA est de 17 300 k€ en 2025 contre 21 300 k€ en 2024.",
			[]string{"soutenu", "R-ferlac-ebitda", "publié"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			code, doc, _ := get(t, "/rapports/"+tt.id)
			if code != http.StatusOK {
				t.Fatalf("status %d", code)
			}
			got := text(row(t, doc, tt.caption, tt.label))
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("row %q lacks %q", got, w)
				}
			}
			for _, w := range tt.absent {
				if strings.Contains(got, w) {
					t.Errorf("row %q has %q", got, w)
				}
			}
		})
	}
}

// Every memo source is a link: a Q- fact to its quote's page, an R- or A-
// fact to its entry on the page.
func TestMemoSources(t *testing.T) {
	t.Parallel()
	_, doc, _ := get(t, "/rapports/"+published)
	ids := map[string]bool{}
	for _, n := range all(doc, func(n *html.Node) bool { return attr(n, "id") != "" }) {
		ids[attr(n, "id")] = true
	}
	quoted := quoteFacts(seeded.signals)
	var q, ra int
	for _, p := range all(doc, func(n *html.Node) bool { return attr(n, "class") == "sources" }) {
		for _, a := range all(p, tag("a")) {
			id, href := text(a), attr(a, "href")
			switch {
			case strings.HasPrefix(id, "Q-"):
				q++
				if want := pageURL(published, quoted[id].Page, "fait", id); href != want {
					t.Errorf("%s links to %s, want %s", id, href, want)
				}
			default:
				ra++
				if href != "#fait-"+id || !ids["fait-"+id] {
					t.Errorf("%s links to %s, which is not on the page", id, href)
				}
			}
		}
	}
	if q == 0 || ra == 0 {
		t.Errorf("%d Q- and %d R-/A- source links, want some of each", q, ra)
	}
}

func TestHandoffReason(t *testing.T) {
	t.Parallel()
	_, doc, _ := get(t, "/rapports/"+blocked)
	sections := all(doc, func(n *html.Node) bool { return attr(n, "aria-labelledby") == "titre-relais" })
	if len(sections) != 1 || !strings.Contains(text(sections[0]), seeded.handoff.Reason) {
		t.Errorf("hand-off section %d, want one with %q", len(sections), seeded.handoff.Reason)
	}
	_, doc, _ = get(t, "/rapports/"+published)
	if n := len(all(doc, func(n *html.Node) bool { return attr(n, "aria-labelledby") == "titre-relais" })); n != 0 {
		t.Error("a published report shows a hand-off")
	}
}

func TestPage(t *testing.T) {
	t.Parallel()
	v := seeded.signals.Verified
	rejected := rejectedCopy(seeded.signals)
	tests := []struct {
		name   string
		path   string
		code   int
		mark   string // the quote whose normalised text the <mark> holds; empty for none
		notice bool   // the page says the quote was not found
	}{
		{"a Q- fact", pageURL(published, v[0].Page, "fait", seeded.signals.Facts[0].ID), 200, v[0].Quote, false},
		{"the last Q- fact", pageURL(published, v[len(v)-1].Page, "fait", seeded.signals.Facts[len(v)-1].ID), 200, v[len(v)-1].Quote, false},
		{"a quote given as text", pageURL(published, v[1].Page, "citation", v[1].Quote), 200, v[1].Quote, false},
		{"a rejected quote", pageURL(blocked, rejected.Page, "citation", rejected.Quote), 200, "", true},
		{"a plain page", pageURL(published, 2, "", ""), 200, "", false},
		{"a Q- fact on another page", pageURL(published, v[0].Page+1, "fait", seeded.signals.Facts[0].ID), 200, "", true},
		{"an unknown fact", pageURL(published, 4, "fait", "Q-ferlac-999"), 404, "", false},
		{"a page past the end", pageURL(published, 99, "", ""), 404, "", false},
		{"page zero", "/rapports/" + published + "/pages/0", 404, "", false},
		{"an unknown report", pageURL(runID("inconnu"), 1, "", ""), 404, "", false},
		{"a malformed report id", pageURL("inconnu", 1, "", ""), 404, "", false},
		{"a citation at the limit", pageURL(published, v[1].Page, "citation", strings.Repeat(".", MaxCitation-len([]rune(v[1].Quote)))+v[1].Quote), 200, v[1].Quote, false},
		{"a citation past the limit", pageURL(published, v[1].Page, "citation", strings.Repeat(".", MaxCitation+1-len([]rune(v[1].Quote)))+v[1].Quote), 400, "", false},
		{"a report without extraction", pageURL(failed, 1, "", ""), 404, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			code, doc, _ := get(t, tt.path)
			if code != tt.code {
				t.Fatalf("status %d, want %d", code, tt.code)
			}
			marks := all(doc, tag("mark"))
			switch {
			case tt.mark == "" && len(marks) > 0:
				t.Errorf("highlighted %q", text(marks[0]))
			case tt.mark != "" && (len(marks) != 1 || quotes.Normalise(text(marks[0])) != quotes.Normalise(tt.mark)):
				t.Errorf("%d marks, want one holding %q", len(marks), tt.mark)
			}
			if notice := len(all(doc, func(n *html.Node) bool { return attr(n, "class") == "note" })) > 0; notice != tt.notice {
				t.Errorf("notice %v, want %v", notice, tt.notice)
			}
		})
	}
}

// No page, an error page included, is kept by a browser or a proxy; every
// one forbids scripts.
func TestNoStore(t *testing.T) {
	t.Parallel()
	for _, path := range []string{"/", "/rapports/" + published, pageURL(published, 1, "", ""), "/ailleurs",
		pageURL(published, 1, "citation", strings.Repeat("x", MaxCitation+1))} {
		resp, err := http.Get(seeded.srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if got := resp.Header.Get("Cache-Control"); got != "no-store" {
			t.Errorf("%s (%d): Cache-Control %q, want no-store", path, resp.StatusCode, got)
		}
		if got := resp.Header.Get("Content-Security-Policy"); !strings.HasPrefix(got, "default-src 'none'") {
			t.Errorf("%s: Content-Security-Policy %q", path, got)
		}
	}
}

// A citation too long to highlight gets a page that says why.
func TestCitationTooLong(t *testing.T) {
	t.Parallel()
	code, _, body := get(t, pageURL(published, 1, "citation", strings.Repeat(".;", 1500)+"Ce ratio est testé"))
	if code != http.StatusBadRequest || !strings.Contains(body, "Demande refusée") || !strings.Contains(body, "dépasse 2000 caractères") {
		t.Errorf("status %d, body:\n%s", code, body)
	}
}

func TestNotFound(t *testing.T) {
	t.Parallel()
	for _, path := range []string{"/rapports/inconnu", "/ailleurs", "/rapports/" + published + "/pages/abc"} {
		if code, _, body := get(t, path); code != http.StatusNotFound || !strings.Contains(body, "Page introuvable") {
			t.Errorf("%s: status %d", path, code)
		}
	}
}

// brokenReader fails every read, as Firestore does when it is unreachable.
type brokenReader struct{}

var errDown = errors.New("unavailable")

func (brokenReader) Reports(context.Context, int) ([]Run, error)         { return nil, errDown }
func (brokenReader) Handoffs(context.Context, int) ([]Pending, error)    { return nil, errDown }
func (brokenReader) Document(context.Context, string, string, any) error { return errDown }
func (brokenReader) PageTexts(context.Context, string) ([]string, error) { return nil, errDown }

func TestReadErrors(t *testing.T) {
	t.Parallel()
	var logs bytes.Buffer
	h, err := New(Deps{Reader: brokenReader{}, Log: slog.New(slog.NewTextHandler(&logs, nil))})
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/", "/rapports/x", "/rapports/x/pages/1"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		if rec.Code != http.StatusInternalServerError || !strings.Contains(rec.Body.String(), "réessayez") {
			t.Errorf("%s: status %d, body %q", path, rec.Code, rec.Body.String())
		}
	}
	if !strings.Contains(logs.String(), "unavailable") {
		t.Errorf("the cause is not logged: %q", logs.String())
	}
}

func TestNewRefusesMissingDependencies(t *testing.T) {
	t.Parallel()
	if _, err := New(Deps{Log: slog.New(slog.DiscardHandler)}); err == nil {
		t.Error("no reader accepted")
	}
	if _, err := New(Deps{Reader: brokenReader{}}); err == nil {
		t.Error("no logger accepted")
	}
}

// From a fact to its printed line: the fact says its state, lists its
// fields, and each field links to its line highlighted on its page.
func TestFactLineage(t *testing.T) {
	t.Parallel()
	_, doc, _ := get(t, "/rapports/"+published)
	items := all(doc, func(n *html.Node) bool { return attr(n, "id") == "fait-R-ferlac-levier" })
	if len(items) != 1 {
		t.Fatalf("%d items for R-ferlac-levier", len(items))
	}
	if got := text(items[0]); !strings.Contains(got, "(vérifié)") || !strings.Contains(got, "2025 Emprunts et dettes financières") {
		t.Errorf("fact %q lacks its state or its fields", got)
	}
	var link string
	for _, a := range all(items[0], tag("a")) {
		if strings.Contains(text(a), "Disponibilités") {
			link = attr(a, "href")
			break
		}
	}
	if link == "" {
		t.Fatal("no link to the printed cash line")
	}
	code, page, _ := get(t, link)
	marks := all(page, tag("mark"))
	if code != http.StatusOK || len(marks) != 1 || !strings.Contains(text(marks[0]), "Disponibilités") {
		t.Errorf("%s: status %d, %d marks", link, code, len(marks))
	}
}
