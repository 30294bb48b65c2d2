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

// servingHosts are the suffixes of the hosts Google serves a function
// under; no other site can make a browser send them (their DNS is not an
// attacker's to rebind).
var servingHosts = []string{".run.app", ".cloudfunctions.net"}

// checkOrigin refuses an action (resolve, correct, check) unless its Host
// is the viewer's: loopback (the gcloud proxy, `make run`), a host Google
// serves functions under, or one of hosts (ANALYSTE_VIEWER_HOSTS); and
// unless its Origin, which a browser sends with every form it posts, is
// loopback, that same host or one of hosts. A page reaching the viewer
// through DNS rebinding (its own name resolved to the proxy's loopback
// address, so that the browser deems it same-origin and the proxy adds
// the reviewer's identity) carries its name in Host and Origin, and is
// refused whatever its token.
func checkOrigin(r *http.Request, hosts []string) error {
	host := hostname(r.Host)
	if !loopback(host) && !slices.Contains(hosts, host) && !slices.ContainsFunc(servingHosts, func(s string) bool { return strings.HasSuffix(host, s) }) {
		return errOrigin
	}
	o, err := url.Parse(r.Header.Get("Origin"))
	if err != nil || o.Host == "" || o.Scheme != "http" && o.Scheme != "https" {
		return errOrigin
	}
	if origin := hostname(o.Host); !loopback(origin) && origin != host && !slices.Contains(hosts, origin) {
		return errOrigin
	}
	return nil
}

// hostname is a Host header's name without its port, in lower case.
func hostname(hostport string) string {
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		hostport = h
	}
	return strings.ToLower(strings.Trim(hostport, "[]"))
}

// loopback tells whether a host name is this machine's.
func loopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
