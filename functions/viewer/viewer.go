// Package viewer is the HTTP function that shows the chain's work to a
// reviewer: server-rendered French pages, without JavaScript, read from
// Firestore and Cloud Storage. Routes:
//
//	/                            the reports, newest first, and the hand-off queue
//	/rapports/{id}               one report: statements and checks, ratios,
//	                             signals, memo with sources and verdicts
//	/rapports/{id}/pages/{n}     a page's whole text, with ?fait=Q-… or
//	                             ?citation=… highlighted
package viewer

import (
	"bytes"
	"context"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"log/slog"
	"net/http"

	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/store"
)

// ErrNotFound is what a Reader returns for a document that does not exist.
var ErrNotFound = errors.New("document introuvable")

// Run is a report document with its id.
type Run struct {
	ID string
	store.Report
}

// Pending is a hand-off with the id of its report.
type Pending struct {
	ID string
	memo.Handoff
}

// Reader reads the data model. FirestoreReader reads it from Firestore and
// Cloud Storage.
type Reader interface {
	// Reports lists at most limit reports, newest first.
	Reports(ctx context.Context, limit int) ([]Run, error)
	// Handoffs lists at most limit hand-offs.
	Handoffs(ctx context.Context, limit int) ([]Pending, error)
	// Document reads coll/id into out through its JSON tags; it returns an
	// error wrapping ErrNotFound when there is no such document.
	Document(ctx context.Context, coll, id string, out any) error
	// PageTexts reads the page texts an extraction points to, page 1 first.
	PageTexts(ctx context.Context, url string) ([]string, error)
}

// Deps are the viewer's dependencies.
type Deps struct {
	Reader Reader
	Log    *slog.Logger
	// Limit bounds the reports and the hand-offs the dashboard lists;
	// DefaultLimit when 0.
	Limit int
}

// DefaultLimit is how many reports and hand-offs the dashboard lists.
const DefaultLimit = 100

//go:embed templates/*.html
var templateFiles embed.FS

// pages are the page templates, each with the layout.
var pages = parseTemplates("dashboard.html", "report.html", "page.html", "error.html")

func parseTemplates(names ...string) map[string]*template.Template {
	out := map[string]*template.Template{}
	for _, n := range names {
		out[n] = template.Must(template.New(n).Funcs(funcs).ParseFS(templateFiles, "templates/layout.html", "templates/"+n))
	}
	return out
}

// viewer serves the pages.
type viewer struct {
	read  Reader
	log   *slog.Logger
	limit int
}

// New returns the viewer's handler.
func New(d Deps) (http.Handler, error) {
	if d.Reader == nil {
		return nil, errors.New("viewer: no reader")
	}
	if d.Log == nil {
		return nil, errors.New("viewer: no logger")
	}
	if d.Limit <= 0 {
		d.Limit = DefaultLimit
	}
	v := &viewer{read: d.Reader, log: d.Log, limit: d.Limit}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", v.dashboard)
	mux.HandleFunc("GET /rapports/{id}", v.report)
	mux.HandleFunc("GET /rapports/{id}/pages/{n}", v.page)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		v.fail(w, r, http.StatusNotFound, "Cette adresse ne correspond à aucune page du visualiseur.", nil)
	})
	return secure(mux), nil
}

// secure forbids scripts, frames and every origin but this one: the pages
// need none of them. No page is kept by a browser or a proxy: each shows a
// borrower's confidential figures.
func secure(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Referrer-Policy", "no-referrer")
		w.Header().Set("Cache-Control", "no-store")
		h.ServeHTTP(w, r)
	})
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

// fail answers with an error page; a server error is logged with its cause.
func (v *viewer) fail(w http.ResponseWriter, r *http.Request, status int, message string, err error) {
	title := "Page introuvable"
	switch {
	case status >= 500:
		v.log.ErrorContext(r.Context(), "lecture impossible", "chemin", r.URL.Path, "erreur", err)
		title = "Lecture impossible"
	case status == http.StatusBadRequest:
		title = "Demande refusée"
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
