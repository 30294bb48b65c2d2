package evaluation

import (
	"fmt"
	"slices"
	"time"

	"analyste.dev/analyste/shared/memo"
)

// Stat is a figure over repeated runs: its mean and its worst value (the
// lowest for what should be high, the highest for what should be low).
type Stat struct {
	Mean  float64 `json:"moyenne"`
	Worst float64 `json:"pire"`
}

// stat aggregates vs; higherIsWorse tells which end is the worst.
func stat(vs []float64, higherIsWorse bool) Stat {
	if len(vs) == 0 {
		return Stat{}
	}
	var sum float64
	for _, v := range vs {
		sum += v
	}
	worst := slices.Min(vs)
	if higherIsWorse {
		worst = slices.Max(vs)
	}
	return Stat{Mean: sum / float64(len(vs)), Worst: worst}
}

// collect applies stat to one figure of each score.
func collect(ss []Score, higherIsWorse bool, f func(Score) float64) Stat {
	vs := make([]float64, len(ss))
	for i, s := range ss {
		vs[i] = f(s)
	}
	return stat(vs, higherIsWorse)
}

// Summary is one report over every pass.
type Summary struct {
	Company         string      `json:"societe"`
	Family          string      `json:"famille,omitempty"`
	Failures        int         `json:"echecs"`
	FieldsTotal     int         `json:"champs_total"`
	FieldsExact     Stat        `json:"champs_exacts"`
	Invented        Stat        `json:"champs_inventes"`
	ChecksLost      Stat        `json:"controles_perdus"`
	FalseClaims     Stat        `json:"affirmations_fausses"`
	OnFailedCheck   Stat        `json:"publie_sur_controle_en_echec"`
	ChecksTotal     int         `json:"controles_total"` // the most any pass ran
	ChecksOK        Stat        `json:"controles_ok"`
	Rereads         Stat        `json:"relectures"`
	RatioDeviation  Stat        `json:"ecart_max_ratios_pct"`
	SignalsExpected int         `json:"signaux_attendus"`
	SignalsFound    Stat        `json:"signaux_trouves"`
	QuotesRejected  Stat        `json:"citations_rejetees"`
	MemoStatus      memo.Status `json:"statut_memo"` // the worst; empty if a pass failed
	MemosPublished  int         `json:"memos_publies"`
	Calls           Stat        `json:"appels"`
	InputTokens     Stat        `json:"jetons_entree"`
	OutputTokens    Stat        `json:"jetons_sortie"`
	Latency         Stat        `json:"latence_ns"`
	Passes          []Score     `json:"passages"`
}

// statusRank orders the statuses from best to worst; a failed run is worst.
var statusRank = map[memo.Status]int{memo.Published: 0, memo.Abstained: 1, memo.Blocked: 2, "": 3}

// summarise aggregates the passes of one report.
func summarise(passes []Score) Summary {
	if len(passes) == 0 {
		return Summary{}
	}
	s := Summary{Company: passes[0].Company, Family: passes[0].Family, Passes: passes, MemoStatus: memo.Published}
	for _, p := range passes {
		s.FieldsTotal = max(s.FieldsTotal, p.FieldsTotal)
		s.ChecksTotal = max(s.ChecksTotal, p.ChecksTotal)
		s.SignalsExpected = max(s.SignalsExpected, p.SignalsExpected)
		if p.Error != "" {
			s.Failures++
		}
		if statusRank[p.MemoStatus] > statusRank[s.MemoStatus] {
			s.MemoStatus = p.MemoStatus
		}
		if p.MemoStatus == memo.Published {
			s.MemosPublished++
		}
	}
	s.FieldsExact = collect(passes, false, func(p Score) float64 { return float64(p.FieldsExact) })
	s.Invented = collect(passes, true, func(p Score) float64 { return float64(len(p.Invented)) })
	s.ChecksLost = collect(passes, true, func(p Score) float64 { return float64(len(p.ChecksLost)) })
	s.FalseClaims = collect(passes, true, func(p Score) float64 { return float64(len(p.FalseClaims)) })
	s.OnFailedCheck = collect(passes, true, func(p Score) float64 { return boolCount(p.PublishedOnFailedCheck) })
	s.ChecksOK = collect(passes, false, func(p Score) float64 { return float64(p.ChecksOK) })
	s.Rereads = collect(passes, true, func(p Score) float64 { return float64(p.Rereads) })
	s.RatioDeviation = collect(passes, true, func(p Score) float64 { return p.RatioDeviation })
	s.SignalsFound = collect(passes, false, func(p Score) float64 { return float64(p.SignalsFound) })
	s.QuotesRejected = collect(passes, true, func(p Score) float64 { return float64(p.QuotesRejected) })
	s.Calls = collect(passes, true, func(p Score) float64 { return float64(p.Cost.Calls) })
	s.InputTokens = collect(passes, true, func(p Score) float64 { return float64(p.Cost.InputTokens) })
	s.OutputTokens = collect(passes, true, func(p Score) float64 { return float64(p.Cost.OutputTokens) })
	s.Latency = collect(passes, true, func(p Score) float64 { return float64(p.Cost.Latency) })
	return s
}

// Totals are the figures of the totals line over every report of a pass,
// or their mean or worst case over the passes.
type Totals struct {
	FieldsExact     float64 `json:"champs_exacts"`
	FieldsTotal     int     `json:"champs_total"`
	RatioDeviation  float64 `json:"ecart_max_ratios_pct"` // the largest of any report
	SignalsFound    float64 `json:"signaux_trouves"`
	SignalsExpected int     `json:"signaux_attendus"`
	// MemoVerified is true when every memo was published.
	MemoVerified bool `json:"memo_verifie"`
	Cost         Cost `json:"cout"`
	// Invented counts fields given that the truth does not list; Refused the
	// documents whose run failed; ChecksLost the identities that hold on the
	// truth and did not pass on what was read.
	Invented   float64 `json:"champs_inventes"`
	Unprinted  float64 `json:"valeurs_non_imprimees"`
	Refused    float64 `json:"documents_refuses"`
	ChecksLost float64 `json:"controles_perdus"`
	// FalseClaims counts published sentences false against the truth;
	// OnFailedCheck the memos published on a fact whose check failed. Both
	// must be 0.
	FalseClaims   float64 `json:"affirmations_fausses"`
	OnFailedCheck float64 `json:"publies_sur_controle_en_echec"`
}

// Unsafe tells whether a pass published something false or unverified.
func (t Totals) Unsafe() bool { return t.FalseClaims > 0 || t.OnFailedCheck > 0 }

func boolCount(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// total adds up the reports of one pass.
func total(scores []Score) Totals {
	t := Totals{MemoVerified: true}
	for _, s := range scores {
		t.FieldsExact += float64(s.FieldsExact)
		t.FieldsTotal += s.FieldsTotal
		t.RatioDeviation = max(t.RatioDeviation, s.RatioDeviation)
		t.SignalsFound += float64(s.SignalsFound)
		t.SignalsExpected += s.SignalsExpected
		t.MemoVerified = t.MemoVerified && s.MemoStatus == memo.Published
		t.Cost.add(s.Cost)
		t.Invented += float64(len(s.Invented))
		t.Unprinted += float64(len(s.Unprinted))
		t.ChecksLost += float64(len(s.ChecksLost))
		t.FalseClaims += float64(len(s.FalseClaims))
		t.OnFailedCheck += boolCount(s.PublishedOnFailedCheck)
		if s.Error != "" {
			t.Refused++
		}
	}
	return t
}

// FieldsPercent is the share of exact fields, in percent.
func (t Totals) FieldsPercent() float64 {
	if t.FieldsTotal == 0 {
		return 0
	}
	return t.FieldsExact / float64(t.FieldsTotal) * 100
}

// Recall is the share of expected signals found, in percent; 100 when none
// was expected.
func (t Totals) Recall() float64 {
	if t.SignalsExpected == 0 {
		return 100
	}
	return t.SignalsFound / float64(t.SignalsExpected) * 100
}

// Line is the course's totals line, in its exact shape:
// "Exactitude des champs : 234/234 (100.0%) | écart max des ratios : 0.00% |
// rappel des signaux : 100% | mémo vérifié : oui".
func (t Totals) Line() string {
	verified := "non"
	if t.MemoVerified {
		verified = "oui"
	}
	return fmt.Sprintf("Exactitude des champs : %s/%d (%.1f%%) | écart max des ratios : %.2f%% | rappel des signaux : %.0f%% | mémo vérifié : %s",
		count(t.FieldsExact), t.FieldsTotal, t.FieldsPercent(), t.RatioDeviation, t.Recall(), verified)
}

// Robustness is the line under it: what was read that the document does
// not print, the amounts read that it prints nowhere, the documents refused,
// the checks lost.
func (t Totals) Robustness() string {
	return fmt.Sprintf("Champs inventés : %s | valeurs imprimées nulle part : %s | documents refusés : %s | contrôles perdus : %s | affirmations publiées fausses : %s | mémos publiés sur un contrôle en échec : %s",
		count(t.Invented), count(t.Unprinted), count(t.Refused), count(t.ChecksLost), count(t.FalseClaims), count(t.OnFailedCheck))
}

// count writes a count, or a mean of counts with one decimal.
func count(v float64) string {
	if v == float64(int64(v)) {
		return fmt.Sprintf("%d", int64(v))
	}
	return fmt.Sprintf("%.1f", v)
}

// Evaluation is every report over every pass.
type Evaluation struct {
	Passes  int       `json:"passages"`
	Reports []Summary `json:"rapports"`
	// PassTotals are the totals of each pass; Mean and Worst aggregate them.
	PassTotals []Totals `json:"totaux_par_passage"`
	Mean       Totals   `json:"totaux_moyens"`
	Worst      Totals   `json:"totaux_pire_cas"`
}

// Evaluate aggregates passes[pass][report]; every pass scores the same
// reports in the same order.
func Evaluate(passes [][]Score) Evaluation {
	e := Evaluation{Passes: len(passes)}
	if len(passes) == 0 {
		return e
	}
	for i := range passes[0] {
		byReport := make([]Score, len(passes))
		for p := range passes {
			byReport[p] = passes[p][i]
		}
		e.Reports = append(e.Reports, summarise(byReport))
	}
	for _, p := range passes {
		e.PassTotals = append(e.PassTotals, total(p))
	}
	e.Mean, e.Worst = aggregateTotals(e.PassTotals)
	return e
}

func aggregateTotals(ts []Totals) (mean, worst Totals) {
	pick := func(higherIsWorse bool, f func(Totals) float64) Stat {
		vs := make([]float64, len(ts))
		for i, t := range ts {
			vs[i] = f(t)
		}
		return stat(vs, higherIsWorse)
	}
	exact := pick(false, func(t Totals) float64 { return t.FieldsExact })
	invented := pick(true, func(t Totals) float64 { return t.Invented })
	unprinted := pick(true, func(t Totals) float64 { return t.Unprinted })
	refused := pick(true, func(t Totals) float64 { return t.Refused })
	lost := pick(true, func(t Totals) float64 { return t.ChecksLost })
	falseClaims := pick(true, func(t Totals) float64 { return t.FalseClaims })
	onFailed := pick(true, func(t Totals) float64 { return t.OnFailedCheck })
	dev := pick(true, func(t Totals) float64 { return t.RatioDeviation })
	found := pick(false, func(t Totals) float64 { return t.SignalsFound })
	calls := pick(true, func(t Totals) float64 { return float64(t.Cost.Calls) })
	in := pick(true, func(t Totals) float64 { return float64(t.Cost.InputTokens) })
	out := pick(true, func(t Totals) float64 { return float64(t.Cost.OutputTokens) })
	lat := pick(true, func(t Totals) float64 { return float64(t.Cost.Latency) })
	verified := true
	for _, t := range ts {
		verified = verified && t.MemoVerified
	}
	base := Totals{FieldsTotal: ts[0].FieldsTotal, SignalsExpected: ts[0].SignalsExpected, MemoVerified: verified}
	mean, worst = base, base
	mean.FieldsExact, worst.FieldsExact = exact.Mean, exact.Worst
	mean.Invented, worst.Invented = invented.Mean, invented.Worst
	mean.Unprinted, worst.Unprinted = unprinted.Mean, unprinted.Worst
	mean.Refused, worst.Refused = refused.Mean, refused.Worst
	mean.ChecksLost, worst.ChecksLost = lost.Mean, lost.Worst
	mean.FalseClaims, worst.FalseClaims = falseClaims.Mean, falseClaims.Worst
	mean.OnFailedCheck, worst.OnFailedCheck = onFailed.Mean, onFailed.Worst
	mean.RatioDeviation, worst.RatioDeviation = dev.Mean, dev.Worst
	mean.SignalsFound, worst.SignalsFound = found.Mean, found.Worst
	mean.Cost = Cost{Calls: int(calls.Mean + 0.5), InputTokens: int(in.Mean + 0.5), OutputTokens: int(out.Mean + 0.5), Latency: time.Duration(lat.Mean)}
	worst.Cost = Cost{Calls: int(calls.Worst), InputTokens: int(in.Worst), OutputTokens: int(out.Worst), Latency: time.Duration(lat.Worst)}
	return mean, worst
}
