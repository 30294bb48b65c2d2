package viewer

import (
	"encoding/base64"
	"log/slog"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"analyste.dev/analyste/shared/memo"
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

// resolve posts a resolution as who (no identity when empty) from the
// viewer's page.
func resolve(t *testing.T, id, who string, form url.Values, header map[string]string) (int, string) {
	t.Helper()
	r := request(t, http.MethodPost, reportURL(id)+"/relais", form)
	r.Header.Set("Origin", seeded.srv.URL)
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
	return formTokens{key: formKey, now: time.Now}.mint(purposeResolve, who, id)
}

// oneCause is a run whose hand-off has one claim, resolved as a whole (no
// review database).
func oneCause(t *testing.T) (http.Handler, *memReview, string) {
	t.Helper()
	const id = "r-relais"
	reader := memReader{docs: map[string][]byte{}}
	reader.put(t, schema.Reports, id, schema.Report{Status: schema.Abstention, Company: "Société test SA"})
	reader.put(t, schema.Handoffs, id, schema.HandoffRecord{Handoff: memo.Handoff{Report: "Société test SA", Status: memo.Abstained,
		Reason: "abstention sur 1 point(s)", Claims: []memo.HandoffClaim{{Paragraph: 1, Claim: "La marge progresse de 9,9 %.", Step: memo.StepNumbers}}}})
	review := &memReview{decisions: map[string]schema.CauseDecision{}, resolutions: map[string]schema.Resolution{}, reader: reader}
	h, err := New(Deps{Reader: reader, Resolver: review, Log: slog.New(slog.DiscardHandler), FormKey: formKey})
	if err != nil {
		t.Fatal(err)
	}
	return h, review, id
}

var resolveTokenRE = regexp.MustCompile(`<form class="resolution" method="post" action="[^"]+">\s*<input type="hidden" name="jeton" value="([^"]+)">`)

// The resolve form takes the review actions' path: the viewer's Origin,
// the caller's identity, a bounded body and a token minted for that page
// and that form only; sent again once it has done its work, it is refused.
func TestResolveTakesTheReviewPath(t *testing.T) {
	t.Parallel()
	h, review, id := oneCause(t)
	const ana, self = "ana@example.com", "http://localhost:8080"
	_, page := serve(t, h, "GET", reportURL(id), ana, nil, "")
	m := resolveTokenRE.FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("no resolve form on an open hand-off:\n%.3000s", page)
	}
	token := m[1]
	if _, again := serve(t, h, "GET", reportURL(id), ana, nil, ""); resolveTokenRE.FindStringSubmatch(again)[1] == token {
		t.Error("two pages show the same resolve token")
	}
	f := formTokens{key: formKey, now: time.Now}
	form := func(token, comment string) url.Values {
		return url.Values{"jeton": {token}, "decision": {string(schema.Validated)}, "commentaire": {comment}}
	}
	tests := []struct {
		name, who string
		form      url.Values
		origin    string
		code      int
		says      string
	}{
		{"no Origin", ana, form(token, "relu"), "", 403, "page du visualiseur"},
		{"another site's Origin", ana, form(token, "relu"), "http://evil.example", 403, "refusée"},
		{"a body over the bound", ana, form(token, strings.Repeat("a", maxForm)), self, 400, "formulaire"},
		{"a cause form's token", ana, form(f.mint(purposeCause, ana, id), "relu"), self, 403, "jeton"},
		{"a correction form's token", ana, form(f.mint(purposeCorrect, ana, id), "relu"), self, 403, "jeton"},
		{"another reviewer", "bob@example.com", form(token, "relu"), self, 403, "jeton"},
		{"no comment", ana, form(token, " "), self, 400, "commentaire"},
		{"the resolution", ana, form(token, "Marge relue page 7."), self, 303, ""},
		{"the same form again", ana, form(token, "Marge relue page 7."), self, 409, "déjà été résolu"},
	}
	for _, tt := range tests {
		if code, body := serve(t, h, "POST", reportURL(id)+"/relais", tt.who, tt.form, tt.origin); code != tt.code || !strings.Contains(body, tt.says) {
			t.Errorf("%s: %d, want %d with %q:\n%.1500s", tt.name, code, tt.code, tt.says, body)
		}
	}
	if got := review.resolutions[id]; got.By != ana || got.Comment != "Marge relue page 7." {
		t.Errorf("resolution %+v, want ana's", got)
	}
}
