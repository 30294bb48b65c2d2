// Package evaluation scores runs of the chain against ground truth: fields
// exact to 0.05 k€, ratio deviations, signal recall, rejected quotes, memo
// status and the cost ledger of every model call; it aggregates repeated
// runs (mean and worst case) and writes the course's table. It also scores
// the memo judge on a labelled set of claims. The rules are pure functions
// over plain data; the callers read files and run the chain.
package evaluation

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"analyste.dev/analyste/shared/checks"
	"analyste.dev/analyste/shared/extraction"
	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/model"
	"analyste.dev/analyste/shared/ratios"
	"analyste.dev/analyste/shared/riskmodel"
	"analyste.dev/analyste/shared/signals"
	"analyste.dev/analyste/shared/statements"
)

// FieldTolerance is how far from truth a field may be and still be exact, in k€.
const FieldTolerance = 0.05

// Truth is a ground truth: the fields its file lists are the ones the
// document prints, the others are absent.
type Truth struct {
	statements.Truth
}

// ParseTruth decodes a truth.json file.
func ParseTruth(data []byte) (Truth, error) {
	var t Truth
	if err := json.Unmarshal(data, &t.Truth); err != nil {
		return t, fmt.Errorf("vérité terrain : %w", err)
	}
	return t, nil
}

// fieldCount is how many fields the truth lists, every year.
func (t Truth) fieldCount() int {
	n := 0
	for _, y := range t.Years {
		n += y.Count()
	}
	return n + len(t.Periods) + len(t.BalanceDates)
}

// Run is one pass of the chain on one report: what each stage gave.
type Run struct {
	Extraction extraction.Result
	Signals    riskmodel.Reading
	Memo       memo.Result
	Facts      []facts.Fact // every fact the memo was written from
}

// Cost sums the model calls of a run, every attempt included.
type Cost struct {
	Calls        int `json:"appels"`
	InputTokens  int `json:"jetons_entree"`
	OutputTokens int `json:"jetons_sortie"`
	// Latency adds up the latency of each call, as the ledger records it.
	Latency time.Duration `json:"latence_ns"`
}

func (c *Cost) add(o Cost) {
	c.Calls += o.Calls
	c.InputTokens += o.InputTokens
	c.OutputTokens += o.OutputTokens
	c.Latency += o.Latency
}

// ledger lists every model call of the usages, in order, and their cost.
func ledger(us ...model.Usage) ([]model.Attempt, Cost) {
	var calls []model.Attempt
	var c Cost
	for _, u := range us {
		for _, a := range u.Attempts {
			calls = append(calls, a)
			c.add(Cost{Calls: 1, InputTokens: a.InputTokens, OutputTokens: a.OutputTokens, Latency: a.Latency})
		}
	}
	return calls, c
}

// FieldError is a field of the truth the run did not give to FieldTolerance.
type FieldError struct {
	Year int     `json:"annee"`
	Key  string  `json:"cle"` // "bilan.stocks"
	Want float64 `json:"attendu"`
	// Got is nil when the run did not find the field.
	Got *float64 `json:"lu"`
}

// Score is one run of one report measured against its truth.
type Score struct {
	Company string `json:"societe"`
	Family  string `json:"famille,omitempty"`
	// Error is the failure that stopped the run; the figures then count
	// nothing found.
	Error       string       `json:"erreur,omitempty"`
	FieldsExact int          `json:"champs_exacts"`
	FieldsTotal int          `json:"champs_total"`
	WrongFields []FieldError `json:"champs_faux,omitempty"`
	// WrongPeriods are the columns whose period or balance-sheet date, as
	// the truth states it, was read otherwise; each counts as a field.
	WrongPeriods []string `json:"periodes_fausses,omitempty"`
	// Invented are fields the run gives and the truth does not list: a
	// value for something the document does not print ("2025 bilan.stocks"),
	// or a period shorter or longer than a year the truth does not state.
	Invented []string `json:"champs_inventes,omitempty"`
	// Unprinted are the amounts read that the document prints nowhere
	// (checks.Printed): a reader's breach, whatever the truth says.
	Unprinted []string `json:"valeurs_non_imprimees,omitempty"`
	// ChecksLost are the identities that hold on the truth but did not pass
	// on what was read.
	ChecksLost []string `json:"controles_perdus,omitempty"`
	// FalseClaims are the published sentences with a number that the same
	// facts, computed from the truth, do not hold (sign and year included).
	FalseClaims []string `json:"affirmations_fausses,omitempty"`
	// PublishedOnFailedCheck is true when the memo was published although a
	// check reading a field of a cited fact failed.
	PublishedOnFailedCheck bool            `json:"publie_sur_controle_en_echec,omitempty"`
	ChecksOK               int             `json:"controles_ok"`
	ChecksTotal            int             `json:"controles_total"`
	Rereads                int             `json:"relectures"`
	BudgetSpent            bool            `json:"budget_epuise"`
	RatioDeviation         float64         `json:"ecart_max_ratios_pct"`
	WorstRatio             string          `json:"ratio_le_plus_ecarte,omitempty"` // "2025 levier"
	SignalsFound           int             `json:"signaux_trouves"`
	SignalsExpected        int             `json:"signaux_attendus"`
	MissedSignals          []string        `json:"signaux_manques,omitempty"`
	QuotesRejected         int             `json:"citations_rejetees"`
	MemoStatus             memo.Status     `json:"statut_memo"`
	Cost                   Cost            `json:"cout"`
	Calls                  []model.Attempt `json:"appels"`
}

// Failed scores a run stopped by err: nothing found, nothing verified.
func Failed(t Truth, err error) Score {
	s := Score{Company: t.Company, Family: t.Family, Error: err.Error(), SignalsExpected: len(t.ExpectedSignals), FieldsTotal: t.fieldCount()}
	for _, e := range t.ExpectedSignals {
		s.MissedSignals = append(s.MissedSignals, e.ID)
	}
	return s
}

// Measure scores a run against its truth.
func Measure(t Truth, r Run) (Score, error) {
	want, err := statements.FromTruth(t.Truth)
	if err != nil {
		return Score{}, err
	}
	onTruth := checks.Identities(want)
	want.ZeroByTotal = checks.ZeroByTotal(onTruth)
	got := r.Extraction.Report
	s := Score{
		Company:        t.Company,
		Family:         t.Family,
		Rereads:        r.Extraction.Rereads(),
		BudgetSpent:    r.Extraction.BudgetSpent(),
		QuotesRejected: len(r.Signals.Rejected),
		MemoStatus:     r.Memo.Status,
		ChecksTotal:    len(r.Extraction.Checks),
	}
	for _, y := range statements.YearsOfAll(want, got) {
		for _, k := range statements.AllKeys() {
			w, printed := want.Years[y].Get(k)
			g, read := got.Years[y].Get(k)
			if !printed {
				if read {
					s.Invented = append(s.Invented, fmt.Sprintf("%d %s = %s", y, k, frnum.Format(g)))
				}
				continue
			}
			s.FieldsTotal++
			if !read {
				s.WrongFields = append(s.WrongFields, FieldError{Year: y, Key: k.String(), Want: w})
				continue
			}
			if math.Abs(g-w) > FieldTolerance+1e-9 {
				s.WrongFields = append(s.WrongFields, FieldError{Year: y, Key: k.String(), Want: w, Got: &g})
				continue
			}
			s.FieldsExact++
		}
	}
	s.scorePeriods(want, got)
	for _, c := range r.Extraction.Checks {
		switch {
		case c.Status == checks.Passed:
			s.ChecksOK++
		case c.Label == checks.PrintedLabel:
			s.Unprinted = append(s.Unprinted, c.Message)
		}
	}
	s.ChecksLost = checks.Lost(onTruth, r.Extraction.Checks)
	if r.Memo.Status == memo.Published {
		s.FalseClaims = falseClaims(r, want, onTruth)
		s.PublishedOnFailedCheck = citesFailedCheck(r)
	}
	s.RatioDeviation, s.WorstRatio = ratioDeviation(ratios.Compute(want), ratios.Compute(got))
	hits, _ := signals.Match(r.Signals.Verified, t.ExpectedSignals)
	s.SignalsFound, s.SignalsExpected = len(hits), len(t.ExpectedSignals)
	for _, e := range t.ExpectedSignals {
		if !slices.Contains(hits, e.ID) {
			s.MissedSignals = append(s.MissedSignals, e.ID)
		}
	}
	s.Calls, s.Cost = ledger(r.Extraction.Usage, r.Signals.Usage, r.Memo.Usage)
	return s, nil
}

// scorePeriods scores what each column is, where the truth states it: the
// period of its flows (closing date, length, opening date) and the date of
// its balance sheet. A length other than a year the truth does not state is
// invented: the ratios would count the wrong number of days.
func (s *Score) scorePeriods(want, got statements.Report) {
	for _, y := range statements.YearsOfAll(want, got) {
		g := got.Periods[y]
		if w, stated := want.Periods[y]; stated {
			s.FieldsTotal++
			if w.Length() == g.Length() && (w.End == "" || w.End == g.End) && (w.Start == "" || w.Start == g.Start) {
				s.FieldsExact++
			} else {
				s.WrongPeriods = append(s.WrongPeriods, fmt.Sprintf("%d période : attendu %s, lu %s", y, periodText(w), periodText(g)))
			}
		} else if g.Length() != statements.FullYear {
			s.Invented = append(s.Invented, fmt.Sprintf("%d période = %s", y, g.Describe()))
		}
		if w, stated := want.BalanceDates[y]; stated {
			s.FieldsTotal++
			if g := got.BalanceDates[y]; g == w {
				s.FieldsExact++
			} else {
				s.WrongPeriods = append(s.WrongPeriods, fmt.Sprintf("%d date du bilan : attendu %s, lu %q", y, w, g))
			}
		}
	}
}

// periodText writes a period with its opening date when it has one.
func periodText(p statements.Period) string {
	if p.Start == "" {
		return p.Describe()
	}
	return p.Describe() + ", ouverte le " + p.Start
}

// falseClaims checks each published sentence against the truth: the R- and
// A- facts it cites are computed again from the truth with the same code,
// under the same identifiers, and every number of the sentence must be in
// them as the memo check requires of the facts read (sign, unit, year).
func falseClaims(r Run, want statements.Report, onTruth []checks.Check) []string {
	years := want.YearsDesc()
	company := facts.Unidentified
	for _, f := range r.Facts {
		if c, _, ok := strings.Cut(f.Text, " - "); ok && strings.HasPrefix(f.ID, "R-") {
			company = c
			break
		}
	}
	want.ZeroByTotal = checks.ZeroByTotal(onTruth)
	ev := facts.NewEvidence(want, statements.Transcription{}, onTruth, nil)
	rs := ratios.Compute(want)
	truth := append(facts.RatioFacts(company, years, rs, ev), facts.AlertFacts(company, ratios.Alerts(want, rs, ratios.DefaultThresholds), ev)...)
	// Q- and C- facts, and the alerts on covenants and maturities, stand on
	// sentences verified word for word on their page; K- facts count the
	// checks: they stand as read (the cash and the leverage a C- fact
	// restates are those the fields and R- facts score).
	for _, f := range r.Facts {
		kind, _, _ := strings.Cut(f.ID, "-")
		if kind == "Q" || kind == "C" || kind == "K" || f.Rule == ratios.RuleCovenant || f.Rule == ratios.RuleShortTermDebt {
			truth = append(truth, f)
		}
	}
	var out []string
	seen := map[string]bool{}
	for _, p := range r.Memo.Paragraphs {
		for _, d := range memo.Check(memo.Memo{Paragraphs: []memo.Paragraph{p}}, truth, years) {
			if (d.Step == memo.StepNumbers || d.Step == memo.StepSources) && !seen[d.Claim] {
				seen[d.Claim] = true
				out = append(out, fmt.Sprintf("« %s » : %s", d.Claim, d.Message))
			}
		}
	}
	return out
}

// citesFailedCheck tells whether a published sentence cites a fact one of
// whose fields a failed check read.
func citesFailedCheck(r Run) bool {
	failed := map[statements.FieldRef]bool{}
	years := r.Extraction.Report.YearsDesc()
	for _, c := range r.Extraction.Checks {
		if c.Status != checks.Failed {
			continue
		}
		if checks.IsScale(c) {
			return true // every field moves with the unit
		}
		for _, ref := range checks.Reads(c, statements.PreviousYear(years, c.Year)) {
			failed[ref] = true
		}
	}
	byID := map[string]facts.Fact{}
	for _, f := range r.Facts {
		byID[f.ID] = f
	}
	for _, p := range r.Memo.Paragraphs {
		for _, id := range p.Sources {
			for _, fl := range byID[id].Fields {
				if failed[statements.FieldRef{Year: fl.Year, Key: statements.Key{Statement: fl.Statement, Name: fl.Key}}] {
					return true
				}
			}
		}
	}
	return false
}

// ratioDeviation is the largest relative deviation, in percent, of a ratio
// of the run from the same ratio computed on the truth, and which one it is.
// A ratio the truth does not give as a number (non significatif, non
// disponible) or gives as zero is skipped; one the truth gives as a number
// and the run does not counts as 100 %. Ratios are read latest year first,
// in the dictionary's order.
func ratioDeviation(want, got map[int]ratios.Ratios) (pct float64, which string) {
	years := make([]int, 0, len(want))
	for y := range want {
		years = append(years, y)
	}
	slices.Sort(years)
	for _, y := range slices.Backward(years) {
		for _, d := range ratios.Definitions {
			w := d.Get(want[y])
			if !w.OK() || w.Number == 0 {
				continue
			}
			dev := 100.0
			if g := d.Get(got[y]); g.OK() {
				dev = math.Abs(g.Number-w.Number) / math.Abs(w.Number) * 100
			}
			if dev > pct+1e-9 { // a tie by rounding names the first in the dictionary
				pct, which = dev, fmt.Sprintf("%d %s", y, d.Key)
			}
		}
	}
	return pct, which
}
