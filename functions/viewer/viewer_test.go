package viewer

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"cloud.google.com/go/storage"
	"golang.org/x/net/html"

	"analyste.dev/analyste/shared/checks"
	"analyste.dev/analyste/shared/dev/localstack"
	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/model"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/quotes"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/signals"
	"analyste.dev/analyste/shared/statements"
	"analyste.dev/analyste/shared/store"
)

// The runs seeded in the emulator, oldest first. The Ferlac ones read the
// Ferlac PDF uploaded to the depots bucket, whose generations name them.
var (
	published string               // Ferlac read offline, memo published
	blocked   string               // read by the model: a failed check, a rejected signal, memo blocked
	resolved  string               // blocked too, its hand-off resolved by a reviewer
	pending   string               // blocked too: the resolve tests resolve its hand-off
	failed    = runID("echec-pdf") // not a PDF
	hostile   = runID("balises")   // a company name made of markup
)

// needSeed skips a test of the seeded emulator under -short, where there
// is none.
func needSeed(t *testing.T) {
	t.Helper()
	if seeded.srv == nil {
		t.Skip("-short : sans émulateurs (make test les lance)")
	}
}

// runID is the id of the run of an upload named name that was never
// stored.
func runID(name string) string {
	return schema.RunID(schema.Source{Bucket: "depots", Object: name + ".pdf", Generation: 1})
}

// formKey signs the forms of the viewer under test.
var formKey = bytes.Repeat([]byte("k"), MinFormKey)

// seeded holds what the tests compare the pages with.
var seeded struct {
	srv        *httptest.Server
	signals    schema.SignalsRecord
	memo       memo.Result
	handoff    memo.Handoff
	resolution schema.Resolution
	pdf        []byte
}

func TestMain(m *testing.M) {
	flag.Parse()
	if testing.Short() {
		os.Exit(m.Run()) // the seeded tests skip, saying why
	}
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
	st.CreateBucket("depots", "")
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
	if err := seed(ctx, sto, pages, gcs); err != nil {
		return 0, fmt.Errorf("données de test : %w", err)
	}
	r, err := NewFirestoreReader(sto, pages, gcs)
	if err != nil {
		return 0, err
	}
	h, err := New(Deps{Reader: r, Resolver: r, Log: slog.New(slog.DiscardHandler), FormKey: formKey})
	if err != nil {
		return 0, err
	}
	seeded.srv = httptest.NewServer(h)
	defer seeded.srv.Close()
	return m.Run(), nil
}

// upload puts the Ferlac PDF in the depots bucket under name and returns
// the source its run reads.
func upload(ctx context.Context, gcs *storage.Client, name string) (schema.Source, error) {
	w := gcs.Bucket("depots").Object(name).NewWriter(ctx)
	if _, err := w.Write(seeded.pdf); err != nil {
		return schema.Source{}, err
	}
	if err := w.Close(); err != nil {
		return schema.Source{}, err
	}
	return schema.Source{Bucket: "depots", Object: name, Generation: w.Attrs().Generation}, nil
}

// seed writes the runs through the store, as the functions do: Ferlac read
// by the offline pipeline, then variants of it.
func seed(ctx context.Context, sto *store.Store, pages *store.PageTexts, gcs *storage.Client) error {
	p := pipeline.New(nil, pipeline.Options{Limits: pdftext.DefaultLimits()})
	var err error
	if seeded.pdf, err = os.ReadFile("../../testdata/ferlac/rapport.pdf"); err != nil {
		return err
	}
	sources := map[string]*schema.Source{}
	for _, name := range []string{"publie-ferlac.pdf", "bloque-ferlac.pdf", "resolu-ferlac.pdf", "relais-ferlac.pdf"} {
		src, err := upload(ctx, gcs, name)
		if err != nil {
			return err
		}
		sources[schema.RunID(src)] = &src
		switch name {
		case "publie-ferlac.pdf":
			published = schema.RunID(src)
		case "bloque-ferlac.pdf":
			blocked = schema.RunID(src)
		case "resolu-ferlac.pdf":
			resolved = schema.RunID(src)
		default:
			pending = schema.RunID(src)
		}
	}
	doc, err := pdftext.Read(ctx, bytes.NewReader(seeded.pdf), int64(len(seeded.pdf)), pdftext.DefaultLimits())
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
	seeded.memo = res
	write := func(id string, o schema.Outcome) error {
		src, ok := sources[id]
		if !ok {
			src = &schema.Source{Bucket: "depots", Object: "balises.pdf", Generation: 1}
		}
		c, err := sto.Claim(ctx, id, schema.Extraction, src)
		if err != nil {
			return err
		}
		return sto.Complete(ctx, c, o)
	}
	if err := write(published, schema.Outcome{Status: schema.Done, Extraction: &rec, Signals: &seeded.signals, Memo: &res}); err != nil {
		return err
	}

	// The blocked run, read by the model: the first check failed, the first
	// signal rejected, the memo blocked with a hand-off.
	bad := rec
	bad.Readers = pipeline.ModeModel
	bad.Checks = slices.Clone(rec.Checks)
	bad.Checks[0].OK, bad.Checks[0].Status, bad.Checks[0].Read = false, checks.Failed, 1
	badSig := seeded.signals
	badSig.Rejected = append(slices.Clone(badSig.Rejected), rejectedCopy(badSig))
	seeded.handoff = memo.Handoff{Report: rec.Company, Status: memo.Blocked, Reason: "paragraphe 1 : un nombre absent des faits cités",
		Claims: []memo.HandoffClaim{{Paragraph: 1, Claim: res.Paragraphs[0].Text, Step: memo.StepNumbers, Reason: "9,9 % absent des faits cités"}}}
	badMemo := res
	badMemo.Status, badMemo.Reason, badMemo.Handoff = memo.Blocked, seeded.handoff.Reason, &seeded.handoff
	usage := model.Usage{InputTokens: 123456, OutputTokens: 7890, Attempts: make([]model.Attempt, 7)}
	for _, id := range []string{blocked, resolved, pending} {
		o := schema.Outcome{Status: schema.Blocked, Extraction: &bad, Signals: &badSig, Memo: &badMemo,
			Handoff: &schema.HandoffRecord{Handoff: seeded.handoff}}
		if id == blocked {
			o.Usage = &usage
		}
		if err := write(id, o); err != nil {
			return err
		}
	}
	seeded.resolution = schema.Resolution{Decision: schema.Corrected, Comment: "Montant relu sur la page 7 : 157 275 k€.", By: "ana@example.com",
		At: time.Date(2026, 3, 30, 9, 15, 0, 0, time.UTC)}
	reader, err := NewFirestoreReader(sto, pages, gcs)
	if err != nil {
		return err
	}
	if err := reader.Resolve(ctx, resolved, seeded.resolution); err != nil {
		return err
	}

	c, err := sto.Claim(ctx, failed, schema.Extraction, &schema.Source{Bucket: "depots", Object: "notes.txt", Generation: 1})
	if err != nil {
		return err
	}
	if err := sto.Fail(ctx, c, "Le fichier n'est pas un PDF.", false, nil); err != nil {
		return err
	}
	return write(hostile, schema.Outcome{Status: schema.Running(schema.Signaling),
		Extraction: &schema.ExtractionRecord{Company: `<script>alert("x")</script> & Cie`, Readers: pipeline.ModeOffline}})
}

// rejectedCopy is the first verified signal with its quote changed, as a
// reader's altered quote is rejected.
func rejectedCopy(s schema.SignalsRecord) signals.Rejected {
	r := signals.Rejected{Signal: s.Verified[0], Reason: "citation introuvable à la page 4"}
	r.Quote = strings.Replace(r.Quote, " ", " très ", 1)
	return r
}

// get fetches a page of the viewer and parses it.
func get(t *testing.T, path string) (int, *html.Node, string) {
	t.Helper()
	resp, doc, body := send(t, request(t, http.MethodGet, path, nil))
	return resp.StatusCode, doc, body
}

// request is a request to the viewer under test, a form when form is set.
func request(t *testing.T, method, path string, form url.Values) *http.Request {
	t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	r, err := http.NewRequest(method, seeded.srv.URL+path, body)
	if err != nil {
		t.Fatal(err)
	}
	if form != nil {
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	return r
}

// noRedirect is a client that shows a redirection instead of following it.
var noRedirect = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// send sends r to the viewer and parses the page it answers.
func send(t *testing.T, r *http.Request) (*http.Response, *html.Node, string) {
	t.Helper()
	resp, err := noRedirect.Do(r)
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
	return resp, doc, string(b)
}

// bearer is an Authorization header carrying an ID token for email, as
// Cloud Run passes it on once checked: the viewer reads its claims only.
func bearer(email string) string {
	enc := base64.RawURLEncoding.EncodeToString
	return "Bearer " + enc([]byte(`{"alg":"RS256","typ":"JWT"}`)) + "." +
		enc([]byte(`{"email":"`+email+`","email_verified":true,"aud":"https://analyste-viewer.example"}`)) + ".c2lnbmF0dXJl"
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
	needSeed(t)
	t.Parallel()
	code, doc, body := get(t, "/")
	if code != http.StatusOK {
		t.Fatalf("status %d", code)
	}
	var order []string
	for _, a := range all(doc, func(n *html.Node) bool { return n.Data == "a" && strings.HasPrefix(attr(n, "href"), "/rapports/") }) {
		if !strings.HasSuffix(attr(a, "href"), "#titre-relais") {
			order = append(order, attr(a, "href"))
		}
	}
	var want []string
	for _, id := range []string{hostile, failed, pending, resolved, blocked, published} {
		want = append(want, "/rapports/"+id)
	}
	if !slices.Equal(order, want) {
		t.Errorf("report links %v, want newest first %v", order, want)
	}
	high := 0
	for _, s := range seeded.signals.Verified {
		if s.Severity == signals.High {
			high++
		}
	}
	// Processing apart from review; the opinion, the alerts by severity,
	// the leverage against its threshold, the failed checks.
	tests := []struct {
		caption, label string
		want           []string // in the row's text
	}{
		{"Les 6 rapports", "Maison Ferlac SAS publie-ferlac.pdf", []string{"traitement terminé", "mémo publié", "réservé",
			fmt.Sprintf("gravité élevée : %d", high), "5,5x (en alerte)", "seuil 3,5x"}},
		{"Les 6 rapports", "Maison Ferlac SAS bloque-ferlac.pdf", []string{"traitement terminé", "mémo bloqué"}},
		{"Les 6 rapports", "Maison Ferlac SAS resolu-ferlac.pdf", []string{"traitement terminé", "relais corrigé par ana@example.com"}},
		{"Les 6 rapports", "notes.txt", []string{"échec définitif à l'étape extraction", "Le fichier n'est pas un PDF.", "aucun mémo", "—"}},
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

// The queue shows the open hand-offs first, then the resolved ones with
// their decision; the resolve tests may close the pending one meanwhile.
func TestDashboardQueue(t *testing.T) {
	needSeed(t)
	t.Parallel()
	_, doc, _ := get(t, "/")
	var rows []string
	for _, a := range all(doc, func(n *html.Node) bool { return strings.HasSuffix(attr(n, "href"), "#titre-relais") }) {
		rows = append(rows, strings.TrimSuffix(strings.TrimPrefix(attr(a, "href"), "/rapports/"), "#titre-relais"))
	}
	ib, ir := slices.Index(rows, blocked), slices.Index(rows, resolved)
	if len(rows) != 3 || ib < 0 || ir < 0 || ib > ir {
		t.Fatalf("queue %v, want the open %s before the resolved %s", rows, blocked, resolved)
	}
	var done string
	for _, tr := range all(doc, tag("tr")) {
		if strings.Contains(text(tr), "ana@example.com") {
			done = text(tr)
		}
	}
	if !strings.Contains(done, "corrigé par ana@example.com le 30/03/2026 à 11:15:00 (heure de Paris)") {
		t.Errorf("resolved row %q lacks its decision", done)
	}
}

// Each status filters the reports; the counts picture links to them.
func TestDashboardFilter(t *testing.T) {
	needSeed(t)
	t.Parallel()
	tests := []struct {
		status schema.Status
		code   int
		want   []string // report ids listed
	}{
		{schema.Blocked, 200, []string{pending, resolved, blocked}},
		{schema.Done, 200, []string{published}},
		{schema.Abstention, 200, nil},
		{"inconnu", 400, nil},
	}
	for _, tt := range tests {
		t.Run(string(tt.status), func(t *testing.T) {
			t.Parallel()
			code, doc, _ := get(t, "/?statut="+string(tt.status))
			if code != tt.code {
				t.Fatalf("status %d, want %d", code, tt.code)
			}
			var got []string
			for _, th := range all(doc, func(n *html.Node) bool { return n.Data == "th" && attr(n, "scope") == "row" }) {
				for _, a := range all(th, tag("a")) {
					if href := attr(a, "href"); !strings.Contains(href, "#") {
						got = append(got, strings.TrimPrefix(href, "/rapports/"))
					}
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("reports %v, want %v", got, tt.want)
			}
		})
	}
}

// The dashboard's pictures say in words what they draw, and each status's
// bar leads to its reports.
func TestDashboardCharts(t *testing.T) {
	needSeed(t)
	t.Parallel()
	_, doc, _ := get(t, "/")
	tests := []struct {
		svg  string
		want []string // in its desc
	}{
		{"graphe-statuts", []string{"terminé : 1", "bloqué : 3", "échec : 1", "lecture des signaux en cours : 1", "abstention : 0"}},
		{"graphe-attente", []string{"moins d'un jour : "}},
	}
	for _, tt := range tests {
		svgs := all(doc, func(n *html.Node) bool { return n.Data == "svg" && attr(n, "id") == tt.svg })
		if len(svgs) != 1 {
			t.Fatalf("%d SVG %s", len(svgs), tt.svg)
		}
		desc := text(all(svgs[0], tag("desc"))[0])
		for _, w := range tt.want {
			if !strings.Contains(desc, w) {
				t.Errorf("%s: desc %q lacks %q", tt.svg, desc, w)
			}
		}
	}
	links := all(doc, func(n *html.Node) bool { return n.Data == "a" && strings.HasPrefix(attr(n, "href"), "/?statut=") })
	if len(links) < 2*len(schema.Statuses) {
		t.Errorf("%d links to a status, want one per bar and per filter (%d)", len(links), 2*len(schema.Statuses))
	}
}

func TestReport(t *testing.T) {
	needSeed(t)
	t.Parallel()
	var supported memo.ClaimVerdict
	for _, v := range seeded.memo.Verdicts {
		if v.Verdict == memo.Supported {
			supported = v
			break
		}
	}
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
		{"each claim's verdict", published, "Verdict de chaque affirmation", supported.Claim,
			[]string{"soutenu", supported.Fact, "publié"}, nil},
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

// The key ratios are drawn N-1 then N against their thresholds, and the
// checks at a glance; each square leads to its check in the table.
func TestReportCharts(t *testing.T) {
	needSeed(t)
	t.Parallel()
	_, doc, _ := get(t, "/rapports/"+blocked)
	descs := map[string]string{}
	for _, svg := range all(doc, tag("svg")) {
		descs[text(all(svg, tag("title"))[0])] = text(all(svg, tag("desc"))[0])
	}
	tests := []struct {
		title string
		want  []string
	}{
		{"Levier", []string{"2024 : 3,6x", "2025 : 5,5x", "seuil d'alerte 3,5x", "plafond du covenant 3,5x", "en alerte"}},
		{"Couverture des frais financiers", []string{"seuil d'alerte 3,0x"}},
		{"Free cash-flow", []string{"free cash-flow négatif sous 0"}},
		{"BFR en jours de chiffre d'affaires", []string{"hausse de plus de 15 j"}},
		{"Mois de trésorerie", nil},
		{"Contrôles par état et par exercice", []string{"1 en échec"}},
	}
	for _, tt := range tests {
		desc, ok := descs[tt.title]
		if !ok {
			t.Errorf("no picture %q among %v", tt.title, slices.Collect(maps.Keys(descs)))
			continue
		}
		for _, w := range tt.want {
			if !strings.Contains(desc, w) {
				t.Errorf("%s: desc %q lacks %q", tt.title, desc, w)
			}
		}
	}
	ids := map[string]bool{}
	for _, n := range all(doc, func(n *html.Node) bool { return attr(n, "id") != "" }) {
		ids[attr(n, "id")] = true
	}
	squares := all(doc, func(n *html.Node) bool { return n.Data == "rect" && strings.HasPrefix(attr(n, "class"), "carre ") })
	failedSquares := 0
	for _, sq := range squares {
		if attr(sq, "class") == "carre "+string(checks.Failed) {
			failedSquares++
		}
		if href := attr(sq.Parent, "href"); !ids[strings.TrimPrefix(href, "#")] {
			t.Errorf("square %q leads to %q, not on the page", text(sq), href)
		}
	}
	checksTable := all(doc, func(n *html.Node) bool { return n.Data == "tr" && strings.HasPrefix(attr(n, "id"), "controle-") })
	if failedSquares != 1 || len(squares) != len(checksTable) {
		t.Errorf("%d squares, %d failed; want the %d checks and the one failed", len(squares), failedSquares, len(checksTable))
	}
}

// Every memo source is a link: a Q- fact to its quote's page, an R- or A-
// fact to its entry on the page.
func TestMemoSources(t *testing.T) {
	needSeed(t)
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

// From a memo sentence to the ink: the sentence's lineage lists its facts,
// each fact its fields, each field its printed line, marked on its page
// where the printed page shows it too.
func TestLineage(t *testing.T) {
	needSeed(t)
	t.Parallel()
	_, doc, _ := get(t, "/rapports/"+published)
	var keyFigures *html.Node
	for _, li := range all(doc, tag("li")) {
		if p := li.Parent; p != nil && p.Parent != nil && attr(p.Parent, "class") == "lignee" && strings.HasPrefix(text(li), "R-ferlac-chiffres-cles") {
			keyFigures = li
			break
		}
	}
	if keyFigures == nil {
		t.Fatal("no lineage of a sentence citing R-ferlac-chiffres-cles")
	}
	if got := text(keyFigures); !strings.Contains(got, "(vérifié)") || !strings.Contains(got, "2025 Emprunts et dettes financières") {
		t.Errorf("lineage %q lacks the fact's state or its fields", got)
	}
	var link string
	for _, a := range all(keyFigures, tag("a")) {
		if strings.Contains(text(a), "Disponibilités") {
			link = attr(a, "href")
			break
		}
	}
	if !strings.Contains(link, "ligne=") {
		t.Fatalf("no link to the printed cash line: %q", link)
	}
	code, page, _ := get(t, link)
	marks := all(page, tag("mark"))
	if code != http.StatusOK || len(marks) != 1 || !strings.HasPrefix(text(marks[0]), "Disponibilités") ||
		!regexp.MustCompile(`\d`).MatchString(text(marks[0])) {
		t.Fatalf("%s: status %d, marks %d, want the whole line with its amounts", link, code, len(marks))
	}
	if n := printedRects(t, page); n != 1 {
		t.Errorf("%d rectangles on the printed page, want the line's one", n)
	}
}

// Every amount of a statement leads to where it is printed: its line
// marked when a fact read it, its statement's page otherwise.
func TestStatementAmountLinks(t *testing.T) {
	needSeed(t)
	t.Parallel()
	_, doc, _ := get(t, "/rapports/"+published)
	tests := []struct {
		caption, label string
		lines          int // printed lines marked: those the amount adds up
	}{
		{"Compte de résultat", "Chiffre d'affaires net", 1},
		{"Bilan", "Emprunts et dettes financières", 2},
		{"Bilan", "Provisions pour risques et charges", 0},
	}
	for _, tt := range tests {
		t.Run(tt.label, func(t *testing.T) {
			links := all(row(t, doc, tt.caption, tt.label), func(n *html.Node) bool { return n.Data == "a" && strings.Contains(attr(n, "href"), "/pages/") })
			if len(links) != 2 {
				t.Fatalf("%d amount links, want one per year", len(links))
			}
			amount := text(links[0])
			_, page, _ := get(t, attr(links[0], "href"))
			marks := all(page, tag("mark"))
			switch {
			case len(marks) != tt.lines:
				t.Errorf("%d marks, want %d", len(marks), tt.lines)
			case tt.lines == 1 && !strings.Contains(quotes.Normalise(text(marks[0])), quotes.Normalise(amount)):
				t.Errorf("marked %q, want the line printing %s", text(marks[0]), amount)
			}
			if tt.lines > 0 && printedRects(t, page) != tt.lines {
				t.Errorf("%d rectangles on the printed page, want %d", printedRects(t, page), tt.lines)
			}
		})
	}
}

// printedRects is how many rectangles a page view gives its script, after
// checking that each lies on an A4 page.
func printedRects(t *testing.T, page *html.Node) int {
	t.Helper()
	rects := drawnRects(t, page)
	for _, r := range rects {
		if r[0] < 0 || r[2] > 595.28 || r[1] < 0 || r[3] > 841.89 || r[0] >= r[2] || r[1] >= r[3] {
			t.Errorf("rectangle %v off the page", r)
		}
	}
	return len(rects)
}

func TestHandoffReason(t *testing.T) {
	needSeed(t)
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
	needSeed(t)
	t.Parallel()
	v := seeded.signals.Verified
	rejected := rejectedCopy(seeded.signals)
	tests := []struct {
		name   string
		path   string
		code   int
		mark   string // the quote whose normalised text the <mark> holds; empty for none
		notice bool   // the page says the quote was not found
		// printed: the printed page is shown (1), with a rectangle per line
		// of the mark, or not shown (-1).
		printed int
	}{
		{"a Q- fact", pageURL(published, v[0].Page, "fait", seeded.signals.Facts[0].ID), 200, v[0].Quote, false, 1},
		{"the last Q- fact", pageURL(published, v[len(v)-1].Page, "fait", seeded.signals.Facts[len(v)-1].ID), 200, v[len(v)-1].Quote, false, 1},
		{"a quote given as text", pageURL(published, v[1].Page, "citation", v[1].Quote), 200, v[1].Quote, false, 1},
		{"a printed line", pageURL(published, 7, "ligne", "Chiffre d’affaires net"), 200, "Chiffre d’affaires net 13 157 275 149 830", false, 1},
		{"a rejected quote", pageURL(blocked, rejected.Page, "citation", rejected.Quote), 200, "", true, 1},
		{"a plain page", pageURL(published, 2, "", ""), 200, "", false, 1},
		{"a Q- fact on another page", pageURL(published, v[0].Page+1, "fait", seeded.signals.Facts[0].ID), 200, "", true, 1},
		{"a report whose PDF is not known", pageURL(hostile, 1, "", ""), 404, "", false, -1},
		{"an unknown fact", pageURL(published, 4, "fait", "Q-ferlac-999"), 404, "", false, -1},
		{"a page past the end", pageURL(published, 99, "", ""), 404, "", false, -1},
		{"page zero", "/rapports/" + published + "/pages/0", 404, "", false, -1},
		{"an unknown report", pageURL(runID("inconnu"), 1, "", ""), 404, "", false, -1},
		{"a malformed report id", pageURL("inconnu", 1, "", ""), 404, "", false, -1},
		{"a citation at the limit", pageURL(published, v[1].Page, "citation", strings.Repeat(".", MaxCitation-len([]rune(v[1].Quote)))+v[1].Quote), 200, v[1].Quote, false, 1},
		{"a line the page does not print", pageURL(published, 7, "ligne", "Total du bilan"), 200, "", true, 1},
		{"a citation past the limit", pageURL(published, v[1].Page, "citation", strings.Repeat(".", MaxCitation+1-len([]rune(v[1].Quote)))+v[1].Quote), 400, "", false, -1},
		{"a line past the limit", pageURL(published, 8, "ligne", strings.Repeat("x", MaxCitation+1)), 400, "", false, -1},
		{"a report without extraction", pageURL(failed, 1, "", ""), 404, "", false, -1},
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
			if tt.printed > 0 {
				want := 0
				if len(marks) == 1 {
					want = strings.Count(marks[0].FirstChild.Data, "\n") + 1
				}
				if got := printedRects(t, doc); got != want {
					t.Errorf("%d rectangles, want %d: one per line of the mark", got, want)
				}
			}
		})
	}
}

// The page a report whose PDF cannot be read still shows its text, and
// says why the printed page is missing.
func TestPageWithoutPDF(t *testing.T) {
	needSeed(t)
	t.Parallel()
	code, doc, body := get(t, pageURL(hostile, 1, "", ""))
	if code != http.StatusNotFound || len(all(doc, func(n *html.Node) bool { return attr(n, "id") == "page-imprimee" })) != 0 {
		t.Fatalf("status %d:\n%s", code, body)
	}
}

// The PDF is served only for a report that exists, never kept.
func TestPDF(t *testing.T) {
	needSeed(t)
	t.Parallel()
	tests := []struct {
		name string
		id   string
		code int
	}{
		{"the report's upload", published, 200},
		{"a report whose upload is gone", hostile, 404},
		{"an unknown report", runID("inconnu"), 404},
		{"a malformed id", "../depots", 404},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			resp, err := http.Get(seeded.srv.URL + pdfURL(tt.id))
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != tt.code {
				t.Fatalf("status %d, want %d", resp.StatusCode, tt.code)
			}
			if resp.Header.Get("Cache-Control") != "no-store" {
				t.Errorf("Cache-Control %q", resp.Header.Get("Cache-Control"))
			}
			if tt.code == 200 && (resp.Header.Get("Content-Type") != "application/pdf" || !bytes.Equal(b, seeded.pdf)) {
				t.Errorf("%s, %d bytes: not the uploaded PDF", resp.Header.Get("Content-Type"), len(b))
			}
		})
	}
}

// No page, an error page included, is kept by a browser or a proxy; every
// one allows the viewer's own scripts only.
func TestNoStore(t *testing.T) {
	needSeed(t)
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
		csp := resp.Header.Get("Content-Security-Policy")
		for _, want := range []string{"default-src 'none'", "script-src 'self';", "worker-src 'self';", "style-src 'self';"} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s: Content-Security-Policy %q lacks %q", path, csp, want)
			}
		}
		if strings.Contains(csp, "unsafe") {
			t.Errorf("%s: Content-Security-Policy %q allows something unsafe", path, csp)
		}
	}
}

// The static files are served with their types, the others not at all;
// no page holds an inline script or style.
func TestStatic(t *testing.T) {
	needSeed(t)
	t.Parallel()
	tests := []struct {
		path, typ string
		code      int
	}{
		{"/static/page.js", "text/javascript; charset=utf-8", 200},
		{"/static/pdfjs/pdf.min.mjs", "text/javascript; charset=utf-8", 200},
		{"/static/pdfjs/pdf.worker.min.mjs", "text/javascript; charset=utf-8", 200},
		{"/static/viewer.css", "text/css; charset=utf-8", 200},
		{"/static/pdfjs/README.md", "", 404},
		{"/static/pdfjs/LICENSE", "", 404},
		{"/static/inconnu.js", "", 404},
	}
	for _, tt := range tests {
		resp, err := http.Get(seeded.srv.URL + tt.path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tt.code || tt.code == 200 && resp.Header.Get("Content-Type") != tt.typ {
			t.Errorf("%s: status %d, type %q; want %d, %q", tt.path, resp.StatusCode, resp.Header.Get("Content-Type"), tt.code, tt.typ)
		}
	}
	for _, path := range []string{"/", "/rapports/" + published, pageURL(published, 4, "fait", seeded.signals.Facts[0].ID)} {
		_, doc, _ := get(t, path)
		for _, n := range all(doc, func(n *html.Node) bool { return n.Data == "script" || n.Data == "style" || attr(n, "style") != "" }) {
			if n.Data != "script" || attr(n, "src") == "" || n.FirstChild != nil {
				t.Errorf("%s: inline %s", path, n.Data)
			}
		}
	}
}

// A citation too long to highlight gets a page that says why.
func TestCitationTooLong(t *testing.T) {
	needSeed(t)
	t.Parallel()
	code, _, body := get(t, pageURL(published, 1, "citation", strings.Repeat(".;", 1500)+"Ce ratio est testé"))
	if code != http.StatusBadRequest || !strings.Contains(body, "Demande refusée") || !strings.Contains(body, "dépasse 2000 caractères") {
		t.Errorf("status %d, body:\n%s", code, body)
	}
}

func TestNotFound(t *testing.T) {
	needSeed(t)
	t.Parallel()
	for _, path := range []string{"/rapports/inconnu", "/ailleurs", "/rapports/" + published + "/pages/abc"} {
		if code, _, body := get(t, path); code != http.StatusNotFound || !strings.Contains(body, "Page introuvable") {
			t.Errorf("%s: status %d", path, code)
		}
	}
}

// brokenReader fails every read and write, as Firestore does when it is
// unreachable.
type brokenReader struct{}

var errDown = errors.New("unavailable")

func (brokenReader) Reports(context.Context, int, schema.Status) ([]Run, error) { return nil, errDown }
func (brokenReader) StatusCounts(context.Context) (map[schema.Status]int, error) {
	return nil, errDown
}
func (brokenReader) Handoffs(context.Context, int) ([]Pending, error)           { return nil, errDown }
func (brokenReader) Document(context.Context, string, string, any) error        { return errDown }
func (brokenReader) PageTexts(context.Context, string) ([]string, error)        { return nil, errDown }
func (brokenReader) OCRBoxes(context.Context, string) ([]store.OCRBoxes, error) { return nil, errDown }
func (brokenReader) PDF(context.Context, schema.Source) ([]byte, error)         { return nil, errDown }
func (brokenReader) Resolve(context.Context, string, schema.Resolution) error   { return errDown }

func TestReadErrors(t *testing.T) {
	t.Parallel()
	var logs bytes.Buffer
	h, err := New(Deps{Reader: brokenReader{}, Resolver: brokenReader{}, Log: slog.New(slog.NewTextHandler(&logs, nil)), FormKey: formKey})
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/", "/rapports/x", "/rapports/x/pages/1", "/rapports/x/pdf"} {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodGet, path, nil)
		req.Host = "127.0.0.1:8080"
		h.ServeHTTP(rec, req)
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
	log := slog.New(slog.DiscardHandler)
	tests := []struct {
		name string
		deps Deps
	}{
		{"no reader", Deps{Resolver: brokenReader{}, Log: log, FormKey: formKey}},
		{"no resolver", Deps{Reader: brokenReader{}, Log: log, FormKey: formKey}},
		{"no logger", Deps{Reader: brokenReader{}, Resolver: brokenReader{}, FormKey: formKey}},
		{"a short form key", Deps{Reader: brokenReader{}, Resolver: brokenReader{}, Log: log, FormKey: formKey[:MinFormKey-1]}},
	}
	for _, tt := range tests {
		if _, err := New(tt.deps); err == nil {
			t.Errorf("%s: accepted", tt.name)
		}
	}
}
