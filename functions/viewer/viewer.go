// Package viewer is the HTTP function that shows the chain's work to a
// reviewer: server-rendered French pages read from Firestore and Cloud
// Storage, with SVG pictures and no script but the printed page's. Routes:
//
//	/                            the reports, newest first (?statut= filters),
//	                             and the hand-off queue, open ones oldest first
//	/rapports/{id}               one report: statements and checks, ratios,
//	                             signals, memo from each sentence to the ink
//	POST /rapports/{id}/relais   a reviewer resolves the report's hand-off
//	POST …/causes/{cause}        a reviewer decides one cause of it
//	/rapports/{id}/pages/{n}     a page, printed (PDF.js) and as text, with
//	                             ?fait=Q-…, ?citation=… or ?ligne=… marked
//	/rapports/{id}/pdf           the uploaded PDF, read by the viewer itself
//	/rapports/{id}/corrections   a reviewer's corrections of the reading (POST
//	                             one, POST …/{key} a second reviewer's check)
//	                             and the memo versions they give
//	/rapports/{id}/liasse.xlsx   the spread as a workbook; …/memo to print
//	/static/…                    the page view's script, PDF.js, the styles
package viewer

import (
	"bytes"
	"context"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"log/slog"
	"net/http"
	"path"
	"time"

	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/store"
)

// ErrNotFound is what a Reader returns for a document that does not exist.
var ErrNotFound = errors.New("document introuvable")

// Run is a report document with its id.
type Run = store.Run

// Pending is a hand-off with the id of its report and when it was opened
// (the end of the memo stage, or the report's creation).
type Pending = store.Pending

// Reader reads the data model. FirestoreReader reads it through
// shared/store.
type Reader interface {
	// Reports lists at most limit reports, newest first; those in status
	// only, unless it is empty.
	Reports(ctx context.Context, limit int, status schema.Status) ([]Run, error)
	// StatusCounts counts the reports in each status.
	StatusCounts(ctx context.Context) (map[schema.Status]int, error)
	// Handoffs lists at most limit hand-offs of the chain's, and at most
	// limit of the memo versions' the chain did not open.
	Handoffs(ctx context.Context, limit int) ([]Pending, error)
	// Document reads coll/id into out as schema.Decode does; it returns an
	// error wrapping ErrNotFound when there is no such document.
	Document(ctx context.Context, coll, id string, out any) error
	// PageTexts reads the page texts an extraction points to, page 1 first.
	PageTexts(ctx context.Context, url string) ([]string, error)
	// OCRBoxes reads the OCR's layouts of the scanned pages an extraction
	// points to (ExtractionRecord.OCRBoxes).
	OCRBoxes(ctx context.Context, url string) ([]store.OCRBoxes, error)
	// PDF reads the uploaded file a run read: that generation of that
	// object; an error wrapping ErrNotFound when it is gone.
	PDF(ctx context.Context, src schema.Source) ([]byte, error)
}

// Resolver records a reviewer's resolution of a hand-off: it returns an
// error wrapping ErrNotFound when the report has no hand-off, and an
// *AlreadyResolved when someone resolved it first.
type Resolver interface {
	Resolve(ctx context.Context, id string, r schema.Resolution) error
}

// Deps are the viewer's dependencies.
type Deps struct {
	Reader   Reader
	Resolver Resolver
	Log      *slog.Logger
	// FormKey signs the resolve form's tokens; at least MinFormKey bytes.
	FormKey []byte
	// Limit bounds the reports and the hand-offs the dashboard lists;
	// DefaultLimit when 0.
	Limit int
	// Now is the clock; time.Now when nil.
	Now func() time.Time
	// Hosts are the host names the viewer answers besides loopback and
	// *.run.app (HostsVar).
	Hosts []string
	// ReadTimeout bounds each request's reads; DefaultReadTimeout when 0.
	ReadTimeout time.Duration
	// Corrections records the reviewers' corrections, the memo versions
	// they give and the decisions on a hand-off's causes (the review
	// database); nil, the viewer offers none, and a hand-off is resolved
	// as a whole.
	Corrections Corrector
	// Checker makes a second reviewer apply each correction.
	Checker bool
}

// DefaultLimit is how many reports and hand-offs the dashboard lists.
const DefaultLimit = 100

var (
	//go:embed templates/*.html
	templateFiles embed.FS
	//go:embed static/*.js static/*.css static/pdfjs/*.mjs
	staticFiles embed.FS
)

// pages are the page templates, each with the layout and the pictures.
var pages = parseTemplates("dashboard.html", "report.html", "page.html", "error.html", "correction.html")

func parseTemplates(names ...string) map[string]*template.Template {
	out := map[string]*template.Template{}
	for _, n := range names {
		out[n] = template.Must(template.New(n).Funcs(funcs).ParseFS(templateFiles, "templates/layout.html", "templates/charts.html", "templates/decision.html", "templates/review.html", "templates/"+n))
	}
	return out
}

// viewer serves the pages.
type viewer struct {
	read    Reader
	resolve Resolver
	log     *slog.Logger
	limit   int
	forms   formTokens
	now     func() time.Time
	hosts   []string
	timeout time.Duration
	// corrections, checker: Deps'.
	corrections Corrector
	checker     bool
}

// New returns the viewer's handler.
func New(d Deps) (http.Handler, error) {
	var errs []error
	if d.Reader == nil {
		errs = append(errs, errors.New("viewer: no reader"))
	}
	if d.Resolver == nil {
		errs = append(errs, errors.New("viewer: no resolver"))
	}
	if d.Log == nil {
		errs = append(errs, errors.New("viewer: no logger"))
	}
	if len(d.FormKey) < MinFormKey {
		errs = append(errs, fmt.Errorf("viewer: a form key of %d bytes, at least %d wanted", len(d.FormKey), MinFormKey))
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	if d.Limit <= 0 {
		d.Limit = DefaultLimit
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.ReadTimeout <= 0 {
		d.ReadTimeout = DefaultReadTimeout
	}
	v := &viewer{read: d.Reader, resolve: d.Resolver, log: d.Log, limit: d.Limit, now: d.Now,
		forms: formTokens{key: d.FormKey, now: d.Now}, hosts: d.Hosts, timeout: d.ReadTimeout,
		corrections: d.Corrections, checker: d.Checker}
	// A browser's cross-site POST is refused before the form's token is
	// even read (Sec-Fetch-Site, Origin).
	crossOrigin := http.NewCrossOriginProtection()
	crossOrigin.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		v.fail(w, r, http.StatusForbidden, "Demande refusée : elle vient d'un autre site que le visualiseur.", nil)
	}))
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", v.dashboard)
	mux.HandleFunc("GET /rapports/{id}", v.report)
	mux.Handle("POST /rapports/{id}/relais", crossOrigin.Handler(http.HandlerFunc(v.resolveHandoff)))
	mux.HandleFunc("GET /rapports/{id}/pages/{n}", v.page)
	mux.HandleFunc("GET /rapports/{id}/pdf", v.pdf)
	mux.HandleFunc("GET /rapports/{id}/liasse.xlsx", v.sheet)
	mux.HandleFunc("GET /rapports/{id}/memo", v.printMemo)
	if v.corrections != nil {
		mux.HandleFunc("GET /rapports/{id}/corrections", v.correctionsPage)
		mux.Handle("POST /rapports/{id}/corrections", crossOrigin.Handler(http.HandlerFunc(v.correct)))
		mux.Handle("POST /rapports/{id}/corrections/{key}", crossOrigin.Handler(http.HandlerFunc(v.checkCorrection)))
		mux.Handle("POST /rapports/{id}/causes/{cause}", crossOrigin.Handler(http.HandlerFunc(v.decideCause)))
	}
	mux.Handle("GET /static/", staticHandler())
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		v.fail(w, r, http.StatusNotFound, "Cette adresse ne correspond à aucune page du visualiseur.", nil)
	})
	return secure(compress(v.guard(mux))), nil
}

// contentSecurity allows the viewer's own script, styles and PDF.js worker,
// the fetch of the PDF from the viewer, and nothing else: no inline
// script, no eval, no frame, no other origin.
const contentSecurity = "default-src 'none'; script-src 'self'; worker-src 'self'; connect-src 'self'; " +
	"style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// secure sets the Content-Security-Policy on every answer. No page is kept
// by a browser or a proxy: each shows a borrower's confidential figures.
func secure(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", contentSecurity)
		w.Header().Set("X-Content-Type-Options", "nosniff")
		// No URL leaves for another site; the viewer's own forms carry
		// their Origin, which checkOrigin reads (no-referrer sends "null").
		w.Header().Set("Referrer-Policy", "same-origin")
		w.Header().Set("Cache-Control", "no-store")
		h.ServeHTTP(w, r)
	})
}

// staticTypes are the static files' types, whatever the system's MIME
// database says: a module script must be served as JavaScript.
var staticTypes = map[string]string{
	".js":  "text/javascript; charset=utf-8",
	".mjs": "text/javascript; charset=utf-8",
	".css": "text/css; charset=utf-8",
}

// staticHandler serves the script, PDF.js and the styles. They hold no
// borrower's data: a browser may keep them a day.
func staticHandler() http.Handler {
	files, err := fs.Sub(staticFiles, "static")
	if err != nil {
		panic(err) // the embedded tree always has static/
	}
	return http.StripPrefix("/static/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		typ, ok := staticTypes[path.Ext(r.URL.Path)]
		if _, err := fs.Stat(files, r.URL.Path); !ok || err != nil {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", typ)
		w.Header().Set("Cache-Control", "max-age=86400")
		http.ServeFileFS(w, r, files, r.URL.Path)
	}))
}

// render writes a page, or an error page when the template fails.
func (v *viewer) render(w http.ResponseWriter, r *http.Request, status int, name string, data any) {
	var b bytes.Buffer
	if err := pages[name].ExecuteTemplate(&b, "layout", data); err != nil {
		v.log.ErrorContext(r.Context(), "page non rendue", "page", name, "erreur", err)
		http.Error(w, "Erreur interne du visualiseur.", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	_, _ = b.WriteTo(w)
}

// errorPage is the data of error.html.
type errorPage struct {
	Title, Message string
}

// errorTitles name the error pages by status.
var errorTitles = map[int]string{
	http.StatusBadRequest: "Demande refusée",
	http.StatusForbidden:  "Demande refusée",
	http.StatusConflict:   "Déjà fait",
	// A name the viewer does not answer to.
	http.StatusMisdirectedRequest: "Demande refusée",
}

// fail answers with an error page; a server error is logged with its cause.
func (v *viewer) fail(w http.ResponseWriter, r *http.Request, status int, message string, err error) {
	title, ok := errorTitles[status]
	switch {
	case status >= 500:
		v.log.ErrorContext(r.Context(), "lecture impossible", "chemin", r.URL.Path, "erreur", err)
		title = "Lecture impossible"
	case !ok:
		title = "Page introuvable"
	}
	v.render(w, r, status, "error.html", errorPage{Title: title, Message: message})
}

// readFailed answers a Reader error: 404 for a missing document, 500 otherwise.
func (v *viewer) readFailed(w http.ResponseWriter, r *http.Request, what string, err error) {
	if errors.Is(err, ErrNotFound) {
		v.fail(w, r, http.StatusNotFound, fmt.Sprintf("%s est introuvable.", what), err)
		return
	}
	v.fail(w, r, http.StatusInternalServerError, fmt.Sprintf("%s n'a pas pu être lu ; réessayez dans un instant.", what), err)
}
