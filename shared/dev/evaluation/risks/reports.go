package risks

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/quotes"
	"analyste.dev/analyste/shared/signals"
)

// ReportTruth is what a whole report read for its risks must give
// (truth.json of testdata/rapports-risques): the risks an analyst expects,
// each where the report states it, and passages that state none.
type ReportTruth struct {
	Company  string         `json:"societe"`
	Expected []ExpectedRisk `json:"signaux_attendus"`
	NonRisks []Passage      `json:"non_risques"`
}

// ExpectedRisk is one risk of a report: its category, the page and a few
// words of the sentence that states it, the other pages that state it too.
type ExpectedRisk struct {
	ID         string           `json:"id"`
	Category   signals.Category `json:"categorie"`
	Page       int              `json:"page"`
	Clue       string           `json:"indice"`
	Severity   signals.Severity `json:"gravite,omitempty"`
	OtherPages []int            `json:"autres_pages,omitempty"`
}

// Passage is a place of a report that states no risk: a reader that quotes
// it publishes a risk from boilerplate, a policy or a settled matter.
type Passage struct {
	Page int    `json:"page"`
	Clue string `json:"indice"`
	Note string `json:"note,omitempty"`
}

// ParseReportTruth decodes a report's truth and reports what makes it
// unusable.
func ParseReportTruth(data []byte) (ReportTruth, error) {
	var t ReportTruth
	if err := json.Unmarshal(data, &t); err != nil {
		return t, fmt.Errorf("vérité du rapport : %w", err)
	}
	var errs []error
	for _, e := range t.Expected {
		if !slices.Contains(signals.Categories, e.Category) {
			errs = append(errs, fmt.Errorf("signal %q : catégorie %q hors taxonomie", e.ID, e.Category))
		}
		if e.Page < 1 || strings.TrimSpace(e.Clue) == "" {
			errs = append(errs, fmt.Errorf("signal %q : page et indice requis", e.ID))
		}
	}
	if len(t.Expected) == 0 {
		errs = append(errs, errors.New("aucun signal attendu"))
	}
	return t, errors.Join(errs...)
}

// ReportScore is what a reader found in one report.
type ReportScore struct {
	Company string   `json:"societe"`
	Found   []string `json:"trouves"`
	// Miscategorised are the expected risks quoted where the truth puts
	// them, but under another category.
	Miscategorised []string       `json:"autre_categorie,omitempty"`
	Missed         []ExpectedRisk `json:"manques,omitempty"`
	// FromNonRisks are the signals quoting a passage that states no risk
	// and proving no expected one.
	FromNonRisks []signals.Signal `json:"lus_sans_risque,omitempty"`
	// Others are the verified signals the truth says nothing of, for a
	// person to judge.
	Others   []signals.Signal `json:"autres,omitempty"`
	Expected int              `json:"attendus"`
	// Signals are the verified signals read, Right those that prove an
	// expected risk under its category.
	Signals int `json:"signaux"`
	Right   int `json:"justes"`
}

// MeasureReport matches the verified signals of a report with its truth.
// An expected risk is found by a signal of its category quoting one of the
// pages that state it (its page or its other pages: the same risk quoted
// from another sentence or page of the report counts, and a second signal
// of it is right too); a signal of another category quoting its clue reads
// it under the wrong category.
func MeasureReport(t ReportTruth, verified []signals.Signal) ReportScore {
	s := ReportScore{Company: t.Company, Expected: len(t.Expected), Signals: len(verified)}
	used := make([]bool, len(verified))
	for _, e := range t.Expected {
		found, other := false, -1
		for i, sig := range verified {
			switch {
			case sig.Category == e.Category && onPages(sig, e):
				found, used[i] = true, true
				s.Right++
			case other < 0 && sig.Category != e.Category && quotedAt(sig, e.Page, e.Clue):
				other = i
			}
		}
		switch {
		case found:
			s.Found = append(s.Found, e.ID)
		case other >= 0:
			s.Miscategorised = append(s.Miscategorised, fmt.Sprintf("%s (%s lu %s)", e.ID, e.Category, verified[other].Category))
			used[other] = true
			s.Missed = append(s.Missed, e)
		default:
			s.Missed = append(s.Missed, e)
		}
	}
	// A signal that proves an expected risk is a right read, whatever
	// else it quotes besides.
	for i, sig := range verified {
		switch {
		case used[i]:
		case slices.ContainsFunc(t.NonRisks, func(p Passage) bool { return quotedAt(sig, p.Page, p.Clue) }):
			s.FromNonRisks = append(s.FromNonRisks, sig)
		default:
			s.Others = append(s.Others, sig)
		}
	}
	return s
}

// onPages tells whether one of sig's proofs is on a page that states e.
func onPages(sig signals.Signal, e ExpectedRisk) bool {
	return slices.ContainsFunc(sig.Proofs(), func(q signals.QuoteRef) bool {
		return q.Page == e.Page || slices.Contains(e.OtherPages, q.Page)
	})
}

// quotedAt tells whether a proof of sig on page holds clue, both normalised.
func quotedAt(sig signals.Signal, page int, clue string) bool {
	c := quotes.Normalise(clue)
	return slices.ContainsFunc(sig.Proofs(), func(q signals.QuoteRef) bool {
		return q.Page == page && strings.Contains(quotes.Normalise(q.Quote), c)
	})
}

// Totals sums the reports' risks found and expected and their signals
// read from passages without risk.
func Totals(scores []ReportScore) (found, expected, fromNonRisks int) {
	for _, s := range scores {
		found, expected, fromNonRisks = found+len(s.Found), expected+s.Expected, fromNonRisks+len(s.FromNonRisks)
	}
	return found, expected, fromNonRisks
}

// WriteReports prints, per report and over all, the risks found, those
// missed with where they are, the signals read from passages that state
// none and the others for a person to judge.
func WriteReports(w io.Writer, scores []ReportScore) error {
	var b strings.Builder
	for _, s := range scores {
		fmt.Fprintf(&b, "%s : %d/%d risques trouvés ; %d signaux lus : %d justes, %d dans un passage sans risque, %d autres à juger\n",
			s.Company, len(s.Found), s.Expected, s.Signals, s.Right, len(s.FromNonRisks), len(s.Others))
		for _, m := range s.Miscategorised {
			fmt.Fprintf(&b, "  autre catégorie : %s\n", m)
		}
		for _, m := range s.Missed {
			fmt.Fprintf(&b, "  manqué : %s (%s, p. %d, « %s »)\n", m.ID, m.Category, m.Page, m.Clue)
		}
		for _, sig := range s.FromNonRisks {
			fmt.Fprintf(&b, "  lu sans risque : %s p. %d « %s »\n", sig.Category, sig.Page, sig.Quote)
		}
		for _, sig := range s.Others {
			fmt.Fprintf(&b, "  autre : %s p. %d « %s »\n", sig.Category, sig.Page, sig.Quote)
		}
	}
	found, expected, fromNone := Totals(scores)
	share := 0.0
	if expected > 0 {
		share = 100 * float64(found) / float64(expected)
	}
	fmt.Fprintf(&b, "Ensemble : %d/%d risques trouvés (%s), %d lus dans un passage sans risque\n", found, expected, frnum.FormatPercent(share), fromNone)
	_, err := io.WriteString(w, b.String())
	return err
}
