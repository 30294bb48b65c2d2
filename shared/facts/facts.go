// Package facts turns ratios and alerts into facts: sentences with a stable
// identifier that the memo cites. Every number in them is written by frnum,
// so frnum.Parse reads them back.
package facts

import (
	"fmt"
	"slices"
	"strings"

	"analyste.dev/analyste/shared/locate"
	"analyste.dev/analyste/shared/ratios"
	"analyste.dev/analyste/shared/statements"
)

// Fact is one citable statement, with what it stands on: for R- and A-
// facts the fields it is computed from and their state, for Q- facts the
// page of the quote and the report's fiscal years.
type Fact struct {
	ID      string   `json:"id"`
	Text    string   `json:"texte"`
	State   State    `json:"etat"`
	Reasons []string `json:"motifs,omitempty"`
	Fields  []Field  `json:"champs,omitempty"`
	Page    int      `json:"page,omitempty"`
	// Rule is an A- fact's alert rule.
	Rule string `json:"regle,omitempty"`
	// Years are the report's fiscal years, numbers a sentence citing a Q-
	// fact may use.
	Years []int `json:"exercices,omitempty"`
	// For a Q- fact: the risk's category, severity and one-sentence summary,
	// and what the report says mitigates it (the memo ranks and words risks
	// from them).
	Category   string `json:"categorie,omitempty"`
	Severity   string `json:"gravite,omitempty"`
	Summary    string `json:"resume,omitempty"`
	Mitigation string `json:"attenuation,omitempty"`
	// Critical marks a Q- fact the critical-risk net reads (going concern,
	// procedure, covenant breach, acceleration, modified audit opinion…):
	// a memo that leaves it out is not published.
	Critical bool `json:"critique,omitempty"`
	// Figure is, for a C- fact, what its figure is: a fact whose amount's
	// role could not be told has none and is the quote only.
	Figure *Figure `json:"figure,omitempty"`
	// Audit is, for the C- fact of the auditor's report, its signatories
	// and opinion; Flows, for the twelve-month liquidity fact, its sources
	// and uses.
	Audit *Audit `json:"audit,omitempty"`
	Flows *Flows `json:"flux,omitempty"`
	// Proposal is, for K-<slug>-avis, the proposed opinion.
	Proposal *Proposal `json:"avis,omitempty"`
	// OCR is set when what the fact stands on was read by OCR (« lu par
	// OCR »), with the lowest confidence of the words it rests on.
	OCR *OCR `json:"ocr,omitempty"`
}

// Figure types the figure of a C- fact: its type (covenant, a liquidity
// item's kind), the exact words its value comes from, the amount's role in
// the sentence (total, composante, plafond, plancher, niveau…) and unit.
type Figure struct {
	Type  string `json:"type"`
	Words string `json:"mots"`
	Role  string `json:"role"`
	Unit  string `json:"unite"`
}

// Verified tells whether the fact may stand under a published sentence.
func (f Fact) Verified() bool { return f.State == Verified }

// String gives the course's shape: "[R-ferlac-levier] Maison Ferlac SAS - …",
// with a risk's category, severity and mitigation after its quote.
func (f Fact) String() string { return "[" + f.ID + "] " + f.Content() }

// Content is what a fact states: its text and, for a risk, its category and
// severity (from fixed lists) and the quote that mitigates it (verified).
// The reader's summary is left out: nothing verified it.
func (f Fact) Content() string {
	s := f.Text
	if f.Category != "" {
		s += " ; risque : " + strings.ReplaceAll(f.Category, "_", " ")
	}
	if f.Severity != "" {
		s += " ; gravité : " + f.Severity
	}
	if f.Mitigation != "" {
		s += " ; atténuation : « " + f.Mitigation + " »"
	}
	if f.Critical {
		s += " ; signal critique"
	}
	return s
}

// ignoredWords are legal forms and generic words that do not identify a
// company, plus French articles and prepositions.
var ignoredWords = map[string]bool{
	"sa": true, "sas": true, "sasu": true, "sarl": true, "eurl": true, "sca": true, "sci": true, "snc": true,
	"se": true, "scop": true, "scs": true, "gie": true, "selarl": true, "ltd": true, "inc": true, "gmbh": true,
	"maison": true, "groupe": true, "group": true, "societe": true, "compagnie": true, "cie": true,
	"etablissements": true, "ets": true, "holding": true, "entreprise": true, "entreprises": true,
	"et": true, "de": true, "du": true, "des": true, "la": true, "le": true, "les": true, "l": true, "d": true,
}

// Slug names a company in fact identifiers: accents folded, lower case, the
// first word that is not a legal form, a generic word (Maison, Groupe,
// Société…) or an article. "Maison Ferlac SAS" → "ferlac", "Solvéa Énergies
// SA" → "solvea". A name made only of such words keeps its first word;
// an empty name gives "societe".
func Slug(company string) string {
	if company == Unidentified {
		return "societe"
	}
	words := strings.Fields(locate.Fold(company))
	for _, w := range words {
		if !ignoredWords[w] {
			return w
		}
	}
	if len(words) > 0 {
		return words[0]
	}
	return "societe"
}

// RatioFacts gives one fact per ratio: the latest year, the year before in
// parentheses when it is a number, and the formula; its state comes from the evidence of the fields
// of every year it states. years lists the years latest first. The
// key-figures table (keyFiguresFact) follows them.
func RatioFacts(company string, years []int, rs map[int]ratios.Ratios, ev Evidence) []Fact {
	if len(years) == 0 {
		return nil
	}
	slug := Slug(company)
	n := years[0]
	var out []Fact
	for _, d := range ratios.Definitions {
		text := fmt.Sprintf("%s - %s %d : %s", company, d.Label, n, ratios.FormatValue(d.Get(rs[n]), d.Unit))
		prevYear := statements.PreviousYear(years, n)
		reads := d.Reads(n, prevYear)
		if prevYear != 0 {
			if prev := d.Get(rs[prevYear]); prev.OK() {
				text += fmt.Sprintf(" (%d : %s)", prevYear, ratios.FormatValue(prev, d.Unit))
				reads = append(reads, d.Reads(prevYear, statements.PreviousYear(years, prevYear))...)
			}
		}
		text += " ; formule : " + d.Formula
		f := Fact{ID: "R-" + slug + "-" + strings.ReplaceAll(d.Key, "_", "-"), Text: text}
		f.State, f.Fields, f.Reasons = ev.Assess(unique(reads))
		out = append(out, f)
	}
	if f, ok := keyFiguresFact(company, years, rs, ev); ok {
		out = append(out, f)
	}
	return out
}

// AlertFacts numbers the alerts in order: A-<slug>-1, A-<slug>-2…; each
// carries the evidence of the fields its rule read.
func AlertFacts(company string, alerts []ratios.Alert, ev Evidence) []Fact {
	slug := Slug(company)
	out := make([]Fact, 0, len(alerts))
	for i, a := range alerts {
		f := Fact{ID: fmt.Sprintf("A-%s-%d", slug, i+1), Text: company + " - " + a.Text, Rule: a.Rule}
		f.State, f.Fields, f.Reasons = ev.Assess(unique(a.Reads))
		out = append(out, f)
	}
	return out
}

// unique drops repeated fields, keeping the first.
func unique(refs []statements.FieldRef) []statements.FieldRef {
	var out []statements.FieldRef
	for _, r := range refs {
		if !slices.Contains(out, r) {
			out = append(out, r)
		}
	}
	return out
}
