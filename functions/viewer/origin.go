package viewer

import (
	"errors"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// errOrigin says, for a person, why an action was refused.
var errOrigin = errors.New("la demande ne vient pas d'une page du visualiseur (hôte ou origine inconnus)")

// checkOrigin refuses an action (resolve, correct, check) unless its Host
// names the viewer (hostAllowed) and its Origin, which a browser sends with
// every form it posts under the pages' same-origin Referrer-Policy, is that
// same host (or loopback, for the proxy). A page reaching the viewer through DNS rebinding (its own name
// resolved to the proxy's loopback address, so that the browser deems it
// same-origin and the proxy adds the reviewer's identity) carries its name
// in Host and Origin, and is refused whatever its token.
func checkOrigin(r *http.Request, hosts []string) error {
	if !hostAllowed(r.Host, hosts) {
		return errOrigin
	}
	o, err := url.Parse(r.Header.Get("Origin"))
	if err != nil || o.Host == "" || o.Scheme != "http" && o.Scheme != "https" || !originAllowed(o.Host, r.Host, hosts) {
		return errOrigin
	}
	return nil
}

// originAllowed tells an Origin's host that may post to host: the same
// host, one of hosts, or loopback when the viewer is not served there
// (`gcloud run services proxy` serves it on localhost and rewrites Host to
// the service's). Served on loopback, another port is another site.
func originAllowed(origin, host string, hosts []string) bool {
	name := bareHost(origin)
	return strings.EqualFold(origin, host) || slices.Contains(hosts, name) || isLoopback(name) && !isLoopback(bareHost(host))
}

// bareHost is a host[:port]'s name, lower case, without port or brackets.
func bareHost(hostport string) string {
	name := strings.ToLower(hostport)
	if h, _, err := net.SplitHostPort(name); err == nil {
		name = h
	}
	return strings.TrimSuffix(strings.Trim(name, "[]"), ".")
}

func isLoopback(name string) bool {
	ip := net.ParseIP(name)
	return name == "localhost" || ip != nil && ip.IsLoopback()
}
