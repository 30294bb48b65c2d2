package viewer

import (
	"compress/gzip"
	"context"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"
)

// DefaultReadTimeout bounds a request's reads of Firestore and Cloud
// Storage: a slow backend answers an error page, it does not hold the
// instance.
const DefaultReadTimeout = 20 * time.Second

// HostsVar names the variable listing, comma-separated, the host names the
// viewer answers besides loopback and Google's (*.run.app,
// *.cloudfunctions.net): a custom domain in front of it.
const HostsVar = "ANALYSTE_VIEWER_HOSTS"

// hostAllowed tells whether a request's Host (or an Origin's host) names
// the viewer. A page that rebinds its own domain to the viewer's address
// (through the authenticating proxy on localhost, say) sends its own name:
// refused, it can neither read a page nor post a form.
func hostAllowed(hostport string, extra []string) bool {
	host := bareHost(hostport)
	// Google serves a function under these; no other site can make a
	// browser send them (their DNS is not an attacker's to rebind).
	return isLoopback(host) || strings.HasSuffix(host, ".run.app") || strings.HasSuffix(host, ".cloudfunctions.net") || slices.Contains(extra, host)
}

// guard refuses a request for another host, a form posted from another
// origin, and bounds the request's reads by the viewer's timeout.
func (v *viewer) guard(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !hostAllowed(r.Host, v.hosts) {
			v.log.WarnContext(r.Context(), "hôte refusé", "hote", r.Host)
			v.fail(w, r, http.StatusMisdirectedRequest, "Ce visualiseur ne répond pas sous ce nom d'hôte.", nil)
			return
		}
		// The pages' Referrer-Policy (no-referrer) makes a browser send
		// "Origin: null" with a form: Sec-Fetch-Site, which
		// http.CrossOriginProtection reads, then decides.
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			if o := r.Header.Get("Origin"); o != "" && o != "null" {
				u, err := url.Parse(o)
				if err != nil || !originAllowed(u.Host, r.Host, v.hosts) {
					v.fail(w, r, http.StatusForbidden, "Demande refusée : elle vient d'un autre site que le visualiseur.", nil)
					return
				}
			}
		}
		ctx, cancel := context.WithTimeout(r.Context(), v.timeout)
		defer cancel()
		h.ServeHTTP(w, r.WithContext(ctx))
	})
}

// compressible are the types worth compressing: pages, styles, scripts.
var compressible = []string{"text/html", "text/css", "text/javascript"}

var gzipWriters = sync.Pool{New: func() any { return gzip.NewWriter(nil) }}

// compress gzips the pages, styles and scripts for a browser that accepts
// it; a PDF, a range and anything else go as they are.
func compress(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Add("Vary", "Accept-Encoding")
		if !acceptsGzip(r.Header.Get("Accept-Encoding")) || r.Header.Get("Range") != "" {
			h.ServeHTTP(w, r)
			return
		}
		gw := &gzipResponse{ResponseWriter: w}
		defer gw.close()
		h.ServeHTTP(gw, r)
	})
}

func acceptsGzip(header string) bool {
	for _, part := range strings.Split(header, ",") {
		name, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(name), "gzip") && strings.ReplaceAll(q, " ", "") != "q=0" {
			return true
		}
	}
	return false
}

// gzipResponse compresses the body when its type is compressible, decided
// when the header is written.
type gzipResponse struct {
	http.ResponseWriter
	gz      *gzip.Writer
	decided bool
}

func (g *gzipResponse) WriteHeader(status int) {
	if !g.decided {
		g.decided = true
		typ := g.Header().Get("Content-Type")
		if status == http.StatusOK && slices.ContainsFunc(compressible, func(c string) bool { return strings.HasPrefix(typ, c) }) &&
			g.Header().Get("Content-Encoding") == "" {
			g.Header().Del("Content-Length")
			g.Header().Set("Content-Encoding", "gzip")
			g.gz = gzipWriters.Get().(*gzip.Writer)
			g.gz.Reset(g.ResponseWriter)
		}
	}
	g.ResponseWriter.WriteHeader(status)
}

func (g *gzipResponse) Write(b []byte) (int, error) {
	if !g.decided {
		if g.Header().Get("Content-Type") == "" {
			g.Header().Set("Content-Type", http.DetectContentType(b))
		}
		g.WriteHeader(http.StatusOK)
	}
	if g.gz != nil {
		return g.gz.Write(b)
	}
	return g.ResponseWriter.Write(b)
}

func (g *gzipResponse) close() {
	if g.gz != nil {
		_ = g.gz.Close() // the client may have gone: nothing to tell it
		gzipWriters.Put(g.gz)
	}
}
