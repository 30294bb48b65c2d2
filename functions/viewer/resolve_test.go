package viewer

import (
	"encoding/base64"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"analyste.dev/analyste/shared/schema"
)

func TestIdentity(t *testing.T) {
	t.Parallel()
	enc := func(claims string) string {
		return "Bearer eyJhbGciOiJSUzI1NiJ9." + base64.RawURLEncoding.EncodeToString([]byte(claims)) + ".c2ln"
	}
	tests := []struct {
		name                  string
		serverless, authorize string
		want                  string
	}{
		{"Authorization", "", bearer("ana@example.com"), "ana@example.com"},
		{"X-Serverless-Authorization first: Cloud Run checked that one", bearer("ana@example.com"), bearer("eve@example.com"), "ana@example.com"},
		{"no token", "", "", ""},
		{"not a bearer token", "", "Basic YW5hOnNlY3JldA==", ""},
		{"an email not verified", "", enc(`{"email":"ana@example.com","email_verified":false}`), ""},
		{"no email", "", enc(`{"sub":"1234","email_verified":true}`), ""},
		{"a payload that is not JSON", "", "Bearer abc.%%%.def", ""},
		{"one part only", "", "Bearer abc", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r, _ := http.NewRequest(http.MethodGet, "/", nil)
			if tt.serverless != "" {
				r.Header.Set("X-Serverless-Authorization", tt.serverless)
			}
			if tt.authorize != "" {
				r.Header.Set("Authorization", tt.authorize)
			}
			if got := identity(r); got != tt.want {
				t.Errorf("identity %q, want %q", got, tt.want)
			}
		})
	}
}

func TestFormTokens(t *testing.T) {
	t.Parallel()
	minted := time.Date(2026, 4, 1, 9, 0, 0, 0, time.UTC)
	at := func(tm time.Time) formTokens { return formTokens{key: formKey, now: func() time.Time { return tm }} }
	token := at(minted).mint("ana@example.com", "r1")
	tests := []struct {
		name, token, who, id string
		now                  time.Time
		ok                   bool
	}{
		{"its own", token, "ana@example.com", "r1", minted.Add(time.Hour), true},
		{"another reviewer's", token, "eve@example.com", "r1", minted, false},
		{"another report's", token, "ana@example.com", "r2", minted, false},
		{"expired", token, "ana@example.com", "r1", minted.Add(formTokenTTL + time.Minute), false},
		{"minted in the future", token, "ana@example.com", "r1", minted.Add(-time.Hour), false},
		{"its time changed", strings.Replace(token, "17", "18", 1), "ana@example.com", "r1", minted, false},
		{"under another key", formTokens{key: []byte(strings.Repeat("x", MinFormKey)), now: func() time.Time { return minted }}.mint("ana@example.com", "r1"),
			"ana@example.com", "r1", minted, false},
		{"empty", "", "ana@example.com", "r1", minted, false},
		{"garbage", "abc.def", "ana@example.com", "r1", minted, false},
	}
	for _, tt := range tests {
		if err := at(tt.now).check(tt.token, tt.who, tt.id); (err == nil) != tt.ok {
			t.Errorf("%s: %v, want ok %v", tt.name, err, tt.ok)
		}
	}
}

// formToken opens a report as who and returns its resolve form's token;
// "" when the page offers no form.
func formToken(t *testing.T, id, who string) string {
	t.Helper()
	r := request(t, http.MethodGet, reportURL(id), nil)
	r.Header.Set("Authorization", bearer(who))
	_, doc, _ := send(t, r)
	for _, in := range all(doc, func(n *html.Node) bool { return n.Data == "input" && attr(n, "name") == "jeton" }) {
		return attr(in, "value")
	}
	return ""
}

// resolve posts a resolution as who (no identity when empty).
func resolve(t *testing.T, id, who string, form url.Values, header map[string]string) (int, string) {
	t.Helper()
	r := request(t, http.MethodPost, reportURL(id)+"/relais", form)
	if who != "" {
		r.Header.Set("Authorization", bearer(who))
	}
	for k, v := range header {
		r.Header.Set(k, v)
	}
	resp, _, body := send(t, r)
	return resp.StatusCode, body
}

// A reviewer resolves a hand-off once, as the platform identifies them;
// forged, foreign or cross-site requests are refused, and so is a second
// resolution. Not parallel: it closes the pending hand-off step by step.
func TestResolve(t *testing.T) {
	needSeed(t)
	const who = "ana@example.com"
	token := formToken(t, pending, who)
	if token == "" {
		t.Fatal("no resolve form on an open hand-off")
	}
	if formToken(t, resolved, who) != "" {
		t.Error("a resolved hand-off offers a form")
	}
	form := func(decision schema.Decision, comment, token string) url.Values {
		return url.Values{"decision": {string(decision)}, "commentaire": {comment}, "jeton": {token}}
	}
	good := form(schema.Validated, "Chiffre d'affaires relu sur la page 7.", token)
	tests := []struct {
		name   string
		id     string
		who    string
		form   url.Values
		header map[string]string
		code   int
		says   string
	}{
		{"no identity", pending, "", good, nil, 403, "identité"},
		{"a forged token", pending, who, form(schema.Validated, "relu", "1775030400.Zm9yZ2Vk"), nil, 403, "jeton"},
		{"another reviewer's token", pending, "eve@example.com", good, nil, 403, "jeton"},
		{"a token for another report", blocked, who, good, nil, 403, "jeton"},
		{"from another site", pending, who, good, map[string]string{"Sec-Fetch-Site": "cross-site"}, 403, "autre site"},
		{"no decision", pending, who, form("approuve", "relu", token), nil, 400, "Choisissez"},
		{"no comment", pending, who, form(schema.Rejected, "   ", token), nil, 400, "commentaire"},
		{"a comment too long", pending, who, form(schema.Rejected, strings.Repeat("é", MaxComment+1), token), nil, 400, "dépasse"},
		{"a report without hand-off", published, who, form(schema.Validated, "relu", formTokenFor(published, who)), nil, 404, "introuvable"},
		{"the resolution", pending, who, good, nil, 303, ""},
		{"a second resolution", pending, "eve@example.com", form(schema.Rejected, "non", formTokenFor(pending, "eve@example.com")), nil, 409, "validé par ana@example.com"},
	}
	for _, tt := range tests {
		code, body := resolve(t, tt.id, tt.who, tt.form, tt.header)
		if code != tt.code || !strings.Contains(body, tt.says) {
			t.Errorf("%s: status %d, want %d with %q:\n%s", tt.name, code, tt.code, tt.says, body)
		}
	}
	_, doc, _ := get(t, reportURL(pending))
	section := all(doc, func(n *html.Node) bool { return attr(n, "aria-labelledby") == "titre-relais" })
	if len(section) != 1 || !strings.Contains(text(section[0]), "validé par ana@example.com — Chiffre d'affaires relu sur la page 7.") ||
		len(all(section[0], tag("form"))) != 0 {
		t.Errorf("the report does not show the resolution, or still offers the form")
	}
}

// formTokenFor mints the token the viewer under test would put in a form.
func formTokenFor(id, who string) string {
	return formTokens{key: formKey, now: time.Now}.mint(who, id)
}
