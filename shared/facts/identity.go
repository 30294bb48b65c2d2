package facts

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"analyste.dev/analyste/shared/locate"
)

// Identity is the borrower as the document states its legal identity: the
// name (as printed, with its legal form when one place prints it), the
// SIREN (9 digits, Luhn key checked) and the RCS registry, and the places
// the name was found in.
type Identity struct {
	Name   string   `json:"denomination"`
	SIREN  string   `json:"siren,omitempty"`
	RCS    string   `json:"rcs,omitempty"`
	Places []string `json:"lieux,omitempty"`
}

// The places a legal name is printed in.
const (
	PlaceCerfa   = "désignation de l'entreprise"
	PlaceLabel   = "dénomination"
	PlaceCover   = "couverture"
	PlaceHeader  = "en-tête"
	PlaceMention = "mention légale"
	PlaceRCS     = "mention RCS / SIREN"
)

// legalForms are the French company forms, as a name writes them.
var legalForms = map[string]bool{
	"SA": true, "SAS": true, "SASU": true, "SARL": true, "EURL": true, "SCA": true, "SNC": true,
	"SCS": true, "SE": true, "SCOP": true, "SCI": true, "SELARL": true, "SELAS": true,
}

// connectors are the lower-case words a legal name holds.
var connectors = map[string]bool{
	"de": true, "des": true, "du": true, "d": true, "la": true, "le": true, "les": true, "l": true,
	"et": true, "en": true, "sur": true, "aux": true, "au": true, "&": true, "-": true, "–": true,
}

// thirdParties are the words that, on the line of a name, make it another
// party's: the auditor, the accountant, a customer, a lender, a parent or
// a subsidiary, the other side of a lawsuit.
var thirdParties = []string{
	"commissaire", "expert comptable", "experts comptables", "expertise comptable", "cabinet", "auditeur", "audit",
	"client", "fournisseur", "preteur", "banque", "bancaire", "filiale", "societe mere", "maison mere", "membre",
	"assign", "represente par", "actionnaire", "si societe etablie", "creancier", "lettre de mission", "signataire", "tribunal", "contre la societe", "litige",
}

// firmWords in a name make it an audit or accounting firm's.
var firmWords = []string{"audit", "expertise", "expert", "comptable", "comptables", "commissariat", "associes", "partners"}

var (
	// sirenMention is a SIREN or SIRET after its keyword or an RCS mention,
	// its digits possibly spaced one by one (comb boxes) or by three.
	sirenMention = regexp.MustCompile(`(?i)(?:\b(?:SIREN|SIRET)\b|\bR\.?\s?C\.?\s?S\.?(?:\s+[A-ZÉÈ][\p{L}'’-]+(?:[- ](?:sur|en|de)?[- ]?[A-ZÉÈ][\p{L}'’-]+)?)?)[\s:°n.]*((?:\d[\s.\x{a0}\x{202f}]{0,3}){9,14})`)
	// rcsCity is the registry of an RCS mention: "RCS Lyon", "R.C.S. Paris".
	rcsCity = regexp.MustCompile(`\bR\.?\s?C\.?\s?S\.?\s+([A-ZÉÈ][\p{L}'’-]+(?:[- ](?:sur|en|de)[- ][A-ZÉÈ][\p{L}'’-]+)?)`)
	// numberThenRCS: "412 345 678 RCS Lyon".
	columnGap     = regexp.MustCompile(`\s{2,}`)
	numberThenRCS = regexp.MustCompile(`((?:\d[\s.\x{a0}\x{202f}]?){9})\s*R\.?\s?C\.?\s?S\.?\s+([A-ZÉÈ][\p{L}'’-]+)`)
)

// Identify establishes the borrower from the document's own legal
// identity: the Cerfa "Désignation de l'entreprise" field, a "Dénomination :"
// label, the name with its legal form on the cover or in a legal mention,
// the running header, the name beside the RCS / SIREN mention. The name the
// reader read (read) stands when it is one of these; otherwise the name
// found in the most places does, when one is found in a place that names
// the borrower by law (a Cerfa field, a label, an RCS mention) or in two
// places. Names on a line about another party (auditor, accountant,
// customer, lender, subsidiary, lawsuit) never count. The error says, in
// French, why no name can be established.
func Identify(pages []string, read string) (Identity, error) {
	id := Identity{}
	id.SIREN, id.RCS = registration(pages)
	found := candidates(pages, id.SIREN)
	read = cleanName(read)
	readKey := nameKey(read)
	var best *candidate
	for i := range found {
		c := &found[i]
		if best == nil || c.weight() > best.weight() || c.weight() == best.weight() && c.first < best.first {
			best = c
		}
	}
	if i := slices.IndexFunc(found, func(c candidate) bool { return c.key == readKey }); readKey != "" && i >= 0 {
		c := found[i]
		id.Name, id.Places = c.printed(read), c.placeList()
		return id, nil
	}
	if best != nil && (best.strong() || len(best.places) >= 2) {
		for _, c := range found {
			if c.key != best.key && c.strong() && best.strong() && c.weight() == best.weight() {
				return id, fmt.Errorf("deux dénominations aux places d'identité : « %s » (%s) et « %s » (%s)",
					best.printed(""), strings.Join(best.placeList(), ", "), c.printed(""), strings.Join(c.placeList(), ", "))
			}
		}
		id.Name, id.Places = best.printed(""), best.placeList()
		return id, nil
	}
	if read == "" {
		return id, errors.New("aucune dénomination lue ni imprimée à une place d'identité (désignation, couverture, en-tête, mention RCS)")
	}
	if err := CheckCompany(read, pages); err != nil {
		return id, err
	}
	if err := nameLike(read); err != nil {
		return id, err
	}
	if party := thirdPartyOnly(read, pages); party != "" {
		return id, fmt.Errorf("« %s » n'est imprimé qu'à côté d'un tiers (%s) : ce n'est pas l'emprunteur", read, party)
	}
	id.Name = read
	return id, nil
}

// candidate is a name found at places of identity.
type candidate struct {
	key    string
	forms  []string // as printed, first seen first
	places map[string]int
	first  int // order found
}

func (c candidate) strong() bool {
	return c.places[PlaceCerfa] > 0 || c.places[PlaceLabel] > 0 || c.places[PlaceRCS] > 0
}

// weight ranks candidates: distinct places first, then a legal place.
func (c candidate) weight() int {
	w := 2 * len(c.places)
	if c.strong() {
		w++
	}
	return w
}

// printed is the name as the document prints it: the read form when
// given, else the first form with its legal form, else the first.
func (c candidate) printed(read string) string {
	if read != "" {
		return read
	}
	for _, f := range c.forms {
		if hasLegalForm(f) {
			return f
		}
	}
	return c.forms[0]
}

func (c candidate) placeList() []string {
	var out []string
	for _, p := range []string{PlaceCerfa, PlaceLabel, PlaceRCS, PlaceCover, PlaceMention, PlaceHeader} {
		if c.places[p] > 0 {
			out = append(out, p)
		}
	}
	return out
}

// candidates lists the names found at places of identity, keyed by their
// name without legal form.
func candidates(pages []string, siren string) []candidate {
	var out []candidate
	add := func(name, place string) {
		name = cleanName(name)
		if nameLike(name) != nil || hasFirmWord(name) || registryLabel(name) {
			return
		}
		k := nameKey(name)
		i := slices.IndexFunc(out, func(c candidate) bool { return c.key == k })
		if i < 0 {
			out = append(out, candidate{key: k, places: map[string]int{}, first: len(out)})
			i = len(out) - 1
		}
		if !slices.Contains(out[i].forms, name) {
			out[i].forms = append(out[i].forms, name)
		}
		out[i].places[place]++
	}
	headers := map[string]int{}
	for pi, page := range pages {
		lines := strings.Split(page, "\n")
		for li, line := range lines {
			folded := locate.Fold(line)
			if party(folded) != "" {
				continue
			}
			spans := splitSpans(line)
			for si, s := range spans {
				fs := locate.Fold(s)
				switch {
				case strings.HasPrefix(fs, "designation de l entreprise") || strings.HasPrefix(fs, "designation de la societe"):
					if v := labelValue(s, spans[si+1:]); v != "" {
						add(v, PlaceCerfa)
					}
				case (strings.HasPrefix(fs, "denomination") || strings.HasPrefix(fs, "raison sociale")) && strings.Contains(s, ":") && si == 0:
					if v := labelValue(s, spans[si+1:]); v != "" {
						add(v, PlaceLabel)
					}
				}
				if name, ok := legalName(s); ok {
					place := PlaceMention
					if pi < 2 {
						place = PlaceCover
					}
					add(name, place)
				}
			}
			if siren != "" && strings.Contains(digitsOf(line), siren) {
				if name := beforeMention(line); name != "" {
					add(name, PlaceRCS)
				}
			}
			if li == 0 && len(spans) > 0 {
				headers[cleanName(spans[0])]++
			}
		}
	}
	for name, n := range headers {
		if n >= 3 {
			add(name, PlaceHeader)
		}
	}
	slices.SortFunc(out, func(a, b candidate) int { return a.first - b.first })
	return out
}

// labelValue is what follows a label: the rest of its span after ":", or
// the next span.
func labelValue(label string, next []string) string {
	if _, v, ok := strings.Cut(label, ":"); ok && strings.TrimSpace(v) != "" {
		v, _, _ = strings.Cut(v, ". ")
		return strings.TrimSpace(v)
	}
	if len(next) > 0 {
		return strings.TrimSpace(next[0])
	}
	return ""
}

// splitSpans cuts a line at its column gaps (two spaces or more).
func splitSpans(line string) []string {
	var out []string
	for _, s := range columnGap.Split(line, -1) {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// legalName reads a span that opens with a legal name: "<Name> <form>"
// ("Maison Ferlac SAS, au capital de…") or "<form> <Name>" ("SAS HYVIA").
func legalName(span string) (string, bool) {
	words := strings.Fields(strings.NewReplacer(",", " , ", ";", " ; ").Replace(span))
	for i, w := range words {
		if !legalForms[w] {
			continue
		}
		if i == 0 {
			end := 1
			for end < len(words) && end <= 6 && nameWord(words[end]) && !legalForms[words[end]] {
				end++
			}
			if end > 1 && end == len(words) {
				return strings.Join(words[:end], " "), true
			}
			return "", false
		}
		if i > 6 {
			return "", false
		}
		name := strings.Join(words[:i+1], " ")
		if nameLike(name) != nil {
			return "", false
		}
		return name, true
	}
	return "", false
}

// nameLike tells whether s reads as a legal name: a few words, each
// capitalised, a figure or a connector, not a pronoun or a generic noun
// alone ("Groupe Vernet" is a name, "Le groupe" is not).
func nameLike(s string) error {
	words := strings.Fields(s)
	switch {
	case len(words) == 0:
		return errors.New("aucune dénomination")
	case len(words) > 10:
		return fmt.Errorf("« %s » est une phrase, pas une dénomination", s)
	case notNames[locate.Fold(s)] || notNames[locate.Fold(words[0])] && len(words) <= 2:
		return fmt.Errorf("« %s » est un mot de phrase, pas une dénomination", s)
	}
	for _, w := range words {
		if !nameWord(w) {
			return fmt.Errorf("« %s » est un fragment de phrase (« %s »), pas une dénomination", s, w)
		}
	}
	if !strings.ContainsFunc(s, unicode.IsLetter) {
		return fmt.Errorf("« %s » ne contient aucune lettre", s)
	}
	return nil
}

// nameWord: a capitalised word, a figure, a connector or an elision.
func nameWord(w string) bool {
	w = strings.Trim(w, ",.;()«»\"")
	if w == "" || connectors[strings.ToLower(w)] {
		return true
	}
	if i := strings.IndexAny(w, "'’"); i > 0 && connectors[strings.ToLower(w[:i])] {
		w = w[i+len(string([]rune(w[i:])[0])):]
	}
	r := []rune(w)
	return len(r) > 0 && (unicode.IsUpper(r[0]) || unicode.IsDigit(r[0]) || r[0] == '&')
}

// cleanName cuts what follows a name on its line: a SIREN or RCS mention,
// the capital, the address.
func cleanName(s string) string {
	s = strings.TrimSpace(s)
	for _, cut := range []string{", au capital", " au capital", " - SIREN", " – SIREN", " SIREN", " SIRET", " RCS ", " R.C.S.", " – ", " - ", ", ", " (", ". "} {
		if i := strings.Index(s, cut); i > 0 {
			s = s[:i]
		}
	}
	return strings.TrimRight(strings.TrimSpace(s), ",.;:")
}

// nameKey is a name without its legal form, folded: "Maison Ferlac SAS"
// and "MAISON FERLAC" are one name.
func nameKey(s string) string {
	var kept []string
	for _, w := range strings.Fields(s) {
		if !legalForms[strings.Trim(w, ",.")] {
			kept = append(kept, w)
		}
	}
	return locate.Fold(strings.Join(kept, " "))
}

func hasLegalForm(s string) bool {
	for _, w := range strings.Fields(s) {
		if legalForms[strings.Trim(w, ",.")] {
			return true
		}
	}
	return false
}

func hasFirmWord(name string) bool {
	for _, w := range strings.Fields(locate.Fold(name)) {
		if slices.Contains(firmWords, w) {
			return true
		}
	}
	return false
}

// party names the third party a folded line is about, "" when none.
func party(folded string) string {
	for _, p := range thirdParties {
		if strings.Contains(folded, p) {
			return p
		}
	}
	return ""
}

// thirdPartyOnly tells, when every line printing name is about a third
// party (or the name is a firm's), which one.
func thirdPartyOnly(name string, pages []string) string {
	if hasFirmWord(name) {
		return "cabinet d'audit ou d'expertise comptable"
	}
	key, who := locate.Fold(name), ""
	for _, page := range pages {
		for _, line := range strings.Split(page, "\n") {
			folded := locate.Fold(line)
			if !strings.Contains(folded, key) {
				continue
			}
			p := party(folded)
			if p == "" {
				return ""
			}
			who = p
		}
	}
	return who
}

// registryLabel tells a label of the registry fields ("N°", "Numéro
// SIRET", "immatriculée au") from a name.
func registryLabel(name string) bool {
	for _, w := range strings.Fields(locate.Fold(name)) {
		switch w {
		case "n", "no", "numero", "rcs", "siren", "siret", "immatriculee", "immatriculation", "sous", "greffe":
		default:
			if len(w) > 1 {
				return false
			}
		}
	}
	return true
}

// beforeMention is the name a line prints before its SIREN or RCS mention.
func beforeMention(line string) string {
	loc := sirenMention.FindStringIndex(line)
	if m := numberThenRCS.FindStringIndex(line); m != nil && (loc == nil || m[0] < loc[0]) {
		loc = m
	}
	if loc == nil || loc[0] == 0 {
		return ""
	}
	spans := splitSpans(line[:loc[0]])
	if len(spans) == 0 {
		return ""
	}
	last := spans[len(spans)-1]
	if i := strings.LastIndexAny(last, ":"); i >= 0 {
		last = last[i+1:]
	}
	return cleanName(strings.TrimRight(strings.TrimSpace(last), ",–-"))
}

// registration finds the SIREN printed most often (with a valid key, not
// on a third party's line) and the RCS registry.
func registration(pages []string) (siren, rcs string) {
	counts := map[string]int{}
	var order []string
	cities := map[string]int{}
	for _, page := range pages {
		for _, line := range strings.Split(page, "\n") {
			if party(locate.Fold(line)) != "" {
				continue
			}
			for _, m := range sirenMention.FindAllStringSubmatch(line, -1) {
				if s := sirenOf(digitsOf(m[1])); s != "" {
					if counts[s] == 0 {
						order = append(order, s)
					}
					counts[s]++
				}
			}
			for _, m := range numberThenRCS.FindAllStringSubmatch(line, -1) {
				if s := digitsOf(m[1]); len(s) == 9 && luhn(s) {
					if counts[s] == 0 {
						order = append(order, s)
					}
					counts[s]++
				}
			}
			for _, m := range rcsCity.FindAllStringSubmatch(line, -1) {
				cities[m[1]]++
			}
		}
	}
	for _, s := range order {
		if siren == "" || counts[s] > counts[siren] {
			siren = s
		}
	}
	for c, n := range cities {
		if rcs == "" || n > cities[strings.TrimPrefix(rcs, "RCS ")] || n == cities[strings.TrimPrefix(rcs, "RCS ")] && c < strings.TrimPrefix(rcs, "RCS ") {
			rcs = "RCS " + c
		}
	}
	return siren, rcs
}

// sirenOf is the SIREN of the digits after a mention: a SIRET's first
// nine when its 14 digits check, else the first nine when they check.
func sirenOf(d string) string {
	switch {
	case len(d) >= 14 && luhn(d[:14]) && luhn(d[:9]):
		return d[:9]
	case len(d) >= 9 && luhn(d[:9]):
		return d[:9]
	}
	return ""
}

func digitsOf(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// luhn checks the key of a SIREN or SIRET: every second digit from the
// right doubled, the sum a multiple of 10.
func luhn(digits string) bool {
	sum := 0
	for i := range len(digits) {
		d := int(digits[len(digits)-1-i] - '0')
		if i%2 == 1 {
			if d *= 2; d > 9 {
				d -= 9
			}
		}
		sum += d
	}
	return sum%10 == 0
}
