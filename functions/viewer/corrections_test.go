package viewer

import (
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/statements"
)

func TestCheckOrigin(t *testing.T) {
	cases := []struct {
		name, host, origin string
		hosts              []string
		ok                 bool
	}{
		{name: "make run", host: "127.0.0.1:8080", origin: "http://127.0.0.1:8080", ok: true},
		{name: "gcloud proxy, Host kept", host: "localhost:8080", origin: "http://localhost:8080", ok: true},
		{name: "gcloud proxy, Host rewritten", host: "analyste-viewer-abc-ew.a.run.app", origin: "http://localhost:8080", ok: true},
		{name: "IPv6 loopback", host: "[::1]:8080", origin: "http://[::1]:8080", ok: true},
		{name: "Cloud Run directly", host: "analyste-viewer-abc-ew.a.run.app", origin: "https://analyste-viewer-abc-ew.a.run.app", ok: true},
		{name: "custom domain", host: "credit.example.com", origin: "https://credit.example.com", hosts: []string{"credit.example.com"}, ok: true},
		{name: "DNS rebinding", host: "evil.example:8080", origin: "http://evil.example:8080"},
		{name: "rebinding through a rewriting proxy", host: "analyste-viewer-abc-ew.a.run.app", origin: "http://evil.example:8080"},
		{name: "another Cloud Run service", host: "analyste-viewer-abc-ew.a.run.app", origin: "https://evil-xyz.a.run.app"},
		{name: "no Origin", host: "localhost:8080"},
		{name: "opaque Origin", host: "localhost:8080", origin: "null"},
		{name: "file Origin", host: "localhost:8080", origin: "file://localhost"},
		{name: "loopback look-alike", host: "localhost.evil.example", origin: "http://localhost.evil.example"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest("POST", "/rapports/x/corrections", nil)
			r.Host = tc.host
			if tc.origin != "" {
				r.Header.Set("Origin", tc.origin)
			}
			if err := checkOrigin(r, tc.hosts); (err == nil) != tc.ok {
				t.Errorf("checkOrigin(Host %s, Origin %s) = %v, want ok %v", tc.host, tc.origin, err, tc.ok)
			}
		})
	}
}

func TestOnceTokens(t *testing.T) {
	now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	f := formTokens{key: []byte(strings.Repeat("k", MinFormKey)), now: func() time.Time { return now }}
	tok := f.mint(purposeCorrect, "ana@example.com", "r1")
	if tok == f.mint(purposeCorrect, "ana@example.com", "r1") {
		t.Error("two forms minted at the same second share a token")
	}
	later := formTokens{key: f.key, now: func() time.Time { return now.Add(formTokenTTL + time.Second) }}
	other := formTokens{key: []byte(strings.Repeat("x", MinFormKey)), now: f.now}
	cases := []struct {
		name                string
		f                   formTokens
		token, purpose, who string
		id                  string
		ok                  bool
	}{
		{name: "valid", f: f, token: tok, purpose: purposeCorrect, who: "ana@example.com", id: "r1", ok: true},
		{name: "another purpose", f: f, token: tok, purpose: purposeCheck, who: "ana@example.com", id: "r1"},
		{name: "another reviewer", f: f, token: tok, purpose: purposeCorrect, who: "bob@example.com", id: "r1"},
		{name: "another report", f: f, token: tok, purpose: purposeCorrect, who: "ana@example.com", id: "r2"},
		{name: "expired", f: later, token: tok, purpose: purposeCorrect, who: "ana@example.com", id: "r1"},
		{name: "another key", f: other, token: tok, purpose: purposeCorrect, who: "ana@example.com", id: "r1"},
		{name: "a resolve form's token", f: f, token: f.mint(purposeResolve, "ana@example.com", "r1"), purpose: purposeCorrect, who: "ana@example.com", id: "r1"},
		{name: "its time changed", f: f, token: strings.Replace(tok, ".17", ".18", 1), purpose: purposeCorrect, who: "ana@example.com", id: "r1"},
		{name: "garbage", f: f, token: "abc.def", purpose: purposeCorrect, who: "ana@example.com", id: "r1"},
		{name: "empty", f: f, purpose: purposeCorrect, who: "ana@example.com", id: "r1"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.f.check(tc.token, tc.purpose, tc.who, tc.id); (err == nil) != tc.ok {
				t.Errorf("check = %v, want ok %v", err, tc.ok)
			}
		})
	}
}

func TestParseCorrection(t *testing.T) {
	amount := func(f float64) *float64 { return &f }
	ex := schema.ExtractionRecord{Company: "Maison Ferlac SAS", Years: map[int]statements.Year{
		2025: {Balance: statements.BalanceSheet{Inventories: statements.Amount(1234.5)}}, 2024: {}},
		Reading: &schema.Reading{Transcription: statements.Transcription{Tables: []statements.Table{{Statement: statements.Balance, Page: 8, Years: []int{2025, 2024},
			Lines: []statements.Line{
				{Label: "Emprunts et dettes financières divers", Amounts: []*float64{amount(120), amount(80)}, Category: "dettes_financieres"},
				{Label: "Total dettes", Amounts: []*float64{amount(500), amount(400)}, Category: statements.Subtotal},
			}}}}}}
	form := func(champ, apres, motif string) url.Values {
		return url.Values{"champ": {champ}, "apres": {apres}, "motif": {motif}}
	}
	// A line's role: the line by table and line, the role it takes.
	role := func(champ, to string) url.Values {
		return url.Values{"champ": {champ}, "role": {to}, "motif": {"p. 8 : compte courant d'associé"}}
	}
	roleOf := func(to string) schema.Correction {
		return schema.Correction{Field: schema.RoleField, Table: 1, Line: 1, Label: "Emprunts et dettes financières divers",
			Before: "bilan.dettes_financieres", After: to, Reason: "p. 8 : compte courant d'associé"}
	}
	cases := []struct {
		name   string
		form   url.Values
		want   schema.Correction
		errHas string
	}{
		{name: "amount", form: form("2025|bilan.stocks", "1 334,5", "p. 8"),
			want: schema.Correction{Field: "bilan.stocks", Year: 2025, Before: "1234.5", After: "1334.5", Reason: "p. 8"}},
		{name: "negative amount", form: form("2025|bilan.stocks", "-12", "p. 8"),
			want: schema.Correction{Field: "bilan.stocks", Year: 2025, Before: "1234.5", After: "-12", Reason: "p. 8"}},
		{name: "a field not read", form: form("2024|bilan.stocks", "10", "p. 8"),
			want: schema.Correction{Field: "bilan.stocks", Year: 2024, Before: "", After: "10", Reason: "p. 8"}},
		{name: "not printed", form: form("2025|bilan.stocks", "", "la ligne est une autre"),
			want: schema.Correction{Field: "bilan.stocks", Year: 2025, Before: "1234.5", After: "", Reason: "la ligne est une autre"}},
		{name: "name", form: form(schema.CompanyField, " Ferlac SA ", "couverture"),
			want: schema.Correction{Field: schema.CompanyField, Before: "Maison Ferlac SAS", After: "Ferlac SA", Reason: "couverture"}},
		{name: "no reason", form: form("2025|bilan.stocks", "1", " "), errHas: "motif"},
		{name: "unchanged", form: form("2025|bilan.stocks", "1 234,5", "p. 8"), errHas: "déjà lue"},
		{name: "words", form: form("2025|bilan.stocks", "douze", "p. 8"), errHas: "montant"},
		{name: "two amounts", form: form("2025|bilan.stocks", "12 et 13", "p. 8"), errHas: "montant"},
		{name: "unknown key", form: form("2025|bilan.inconnu", "12", "p. 8"), errHas: "champ"},
		{name: "unread year", form: form("1990|bilan.stocks", "12", "p. 8"), errHas: "1990"},
		{name: "empty name", form: form(schema.CompanyField, "", "p. 1"), errHas: "vide"},
		{name: "reason too long", form: form("2025|bilan.stocks", "1", strings.Repeat("a", MaxComment+1)), errHas: "motif"},
		{name: "a line that is another liability", form: role("role|1|1", "bilan.autres_passifs"), want: roleOf("bilan.autres_passifs")},
		{name: "a line outside the dictionary", form: role("role|1|1", "bilan.autre"), want: roleOf("bilan.autre")},
		{name: "the same role", form: role("role|1|1", "bilan.dettes_financieres"), errHas: "déjà"},
		{name: "another statement's key", form: role("role|1|1", "compte_resultat.chiffre_affaires"), errHas: "postes du"},
		{name: "an unknown role", form: role("role|1|1", "bilan.inconnu"), errHas: "postes du"},
		{name: "a subtotal's role", form: role("role|1|2", "bilan.autres_passifs"), errHas: "sous-total"},
		{name: "no such line", form: role("role|1|9", "bilan.autres_passifs"), errHas: "ligne"},
		{name: "no such table", form: role("role|0|1", "bilan.autres_passifs"), errHas: "ligne"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseCorrection(tc.form, ex)
			if tc.errHas != "" {
				if err == nil || !strings.Contains(err.Error(), tc.errHas) {
					t.Fatalf("error %v, want one saying %q", err, tc.errHas)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}

// Without its transcription, a reading offers no line and takes no role's
// correction.
func TestRoleNeedsTheTranscription(t *testing.T) {
	ex := schema.ExtractionRecord{Company: "Maison Ferlac SAS", Years: map[int]statements.Year{2025: {}}}
	if _, err := parseCorrection(url.Values{"champ": {"role|1|1"}, "role": {"bilan.autres_passifs"}, "motif": {"p. 8"}}, ex); err == nil {
		t.Error("a reading without its transcription takes a role's correction")
	}
	if opts := lineOptions(ex); opts != nil {
		t.Errorf("lines offered without a transcription: %v", opts)
	}
}
