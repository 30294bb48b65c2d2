package viewer

import (
	"cmp"
	"context"
	"errors"
	"net/http"
	"slices"
	"time"

	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/schema"
)

// dashboardPage is the data of dashboard.html.
type dashboardPage struct {
	Title       string
	Runs        []runRow
	Queue       []queueRow
	Open        int // hand-offs not resolved
	Limit       int
	Status      schema.Status // the status filtered on; "" for all
	StatusLabel string
	Filters     []filterLink
	Counts      *barChart
	Ages        *barChart
}

// filterLink is one status the dashboard can be filtered on.
type filterLink struct {
	Label, URL string
	Count      int
	Current    bool
}

// runRow is one report on the dashboard.
type runRow struct {
	ID, Company, Object, Status, Memo, Cost, Failure string
	Created                                          time.Time
	Counters                                         schema.Counters
	Decision                                         *decisionView
}

// queueRow is one hand-off, open or resolved.
type queueRow struct {
	ID, Company, Status, Reason, Age string
	Claims                           int
	Version                          int // the memo version that opened it; 0 for the chain
	Opened                           time.Time
	Resolution                       *schema.Resolution
	Decision                         string
}

func (v *viewer) dashboard(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	status := schema.Status(r.URL.Query().Get("statut"))
	if status != "" && !slices.Contains(schema.Statuses, status) {
		v.fail(w, r, http.StatusBadRequest, "Statut inconnu : choisissez l'un de ceux du tableau de bord.", nil)
		return
	}
	runs, err := v.read.Reports(ctx, v.limit, status)
	if err != nil {
		v.readFailed(w, r, "La liste des rapports", err)
		return
	}
	counts, err := v.read.StatusCounts(ctx)
	if err != nil {
		v.readFailed(w, r, "Le décompte des rapports", err)
		return
	}
	handoffs, err := v.read.Handoffs(ctx, v.limit)
	if err != nil {
		v.readFailed(w, r, "La file des relais", err)
		return
	}
	decisions, err := v.decisions(ctx, runs)
	if err != nil {
		v.readFailed(w, r, "Les documents des rapports", err)
		return
	}
	p := buildDashboard(runs, counts, handoffs, status, v.limit, v.now())
	for i := range p.Runs {
		p.Runs[i].Decision = decisions[i]
	}
	v.render(w, r, http.StatusOK, "dashboard.html", p)
}

// batchReader reads many documents of a collection at once; a Reader that
// is not one is read a document at a time.
type batchReader interface {
	Batch(ctx context.Context, coll string, ids []string, out func(i int) any) ([]bool, error)
}

// decisions reads what the dashboard's rows show of each run's decision:
// its extraction, signals, memo and hand-off.
func (v *viewer) decisions(ctx context.Context, runs []Run) ([]*decisionView, error) {
	ids := make([]string, len(runs))
	for i, r := range runs {
		ids[i] = r.ID
	}
	ins := make([]decisionInputs, len(runs))
	exs, sigs := make([]schema.ExtractionRecord, len(runs)), make([]schema.SignalsRecord, len(runs))
	mems, hands := make([]memo.Result, len(runs)), make([]schema.HandoffRecord, len(runs))
	docs := []struct {
		coll string
		out  func(i int) any
		set  func(i int)
	}{
		{schema.Extractions, func(i int) any { return &exs[i] }, func(i int) { ins[i].Extraction = &exs[i] }},
		{schema.Signals, func(i int) any { return &sigs[i] }, func(i int) { ins[i].Signals = &sigs[i] }},
		{schema.Memos, func(i int) any { return &mems[i] }, func(i int) { ins[i].Memo = &mems[i] }},
		{schema.Handoffs, func(i int) any { return &hands[i] }, func(i int) { ins[i].Handoff = &hands[i] }},
	}
	for _, d := range docs {
		found, err := v.readAll(ctx, d.coll, ids, d.out)
		if err != nil {
			return nil, err
		}
		for i, ok := range found {
			if ok {
				d.set(i)
			}
		}
	}
	// A row, as its report, reads the latest memo version.
	var latest map[string]schema.Revision
	if v.corrections != nil {
		var err error
		if latest, err = v.corrections.Latest(ctx, ids); err != nil {
			v.log.WarnContext(ctx, "versions du mémo non lues", "erreur", err)
		}
	}
	byVersion, err := v.versionResolutions(ctx, ids, ins, latest)
	if err != nil {
		v.log.WarnContext(ctx, "résolutions des relais des versions non lues", "erreur", err)
	}
	out := make([]*decisionView, len(runs))
	for i, r := range runs {
		ins[i].ID, ins[i].Run = r.ID, r.Report
		src := causeSources{chain: ins[i].Extraction, defects: mems[i].Defects}
		if rev, ok := latest[r.ID]; ok && ins[i].Extraction != nil {
			src.last = &rev
			ins[i].Extraction, ins[i].Memo = &rev.Extraction, &rev.Memo
			if h, ok := byVersion[r.ID]; ok {
				hands[i], ins[i].Handoff, src.byVersion = h, &hands[i], true
			}
		}
		if h := ins[i].Handoff; h != nil && h.Resolution == nil && v.corrections != nil {
			ins[i].Causes = v.tally(ctx, r.ID, *h, src)
		}
		out[i] = newDecision(ins[i])
	}
	return out, nil
}

// versionResolutions are the hand-offs the latest versions opened where
// the chain wrote none (its memo was published), by run, with their
// resolutions: read at once, as versionHandoff reads one.
func (v *viewer) versionResolutions(ctx context.Context, ids []string, ins []decisionInputs, latest map[string]schema.Revision) (map[string]schema.HandoffRecord, error) {
	out := map[string]schema.HandoffRecord{}
	var open []string
	for i, id := range ids {
		if rev, ok := latest[id]; ok && ins[i].Handoff == nil && rev.Memo.Handoff != nil {
			out[id] = schema.HandoffRecord{Handoff: *rev.Memo.Handoff}
			open = append(open, id)
		}
	}
	if len(open) == 0 {
		return out, nil
	}
	got, err := v.corrections.Resolutions(ctx, open)
	if err != nil {
		return nil, err
	}
	for id, res := range got {
		if h, ok := out[id]; ok {
			h.Resolution = &res
			out[id] = h
		}
	}
	return out, nil
}

// tally counts the decisions on the causes of an open hand-off for its
// row, as the report's worklist has them (the latest version's causes);
// nil when they cannot be read (the row then says nothing of them).
func (v *viewer) tally(ctx context.Context, id string, h schema.HandoffRecord, src causeSources) *causeTally {
	ds, err := v.corrections.Decisions(ctx, id)
	if err != nil {
		v.log.WarnContext(ctx, "décisions sur les causes non lues", "rapport", id, "erreur", err)
		return nil
	}
	live, _ := src.worklist(id, h)
	t := v.decideCards(id, "", false, live, ds)
	return &t
}

func (v *viewer) readAll(ctx context.Context, coll string, ids []string, out func(i int) any) ([]bool, error) {
	if b, ok := v.read.(batchReader); ok {
		return b.Batch(ctx, coll, ids, out)
	}
	found := make([]bool, len(ids))
	for i, id := range ids {
		err := v.read.Document(ctx, coll, id, out(i))
		if err != nil && !errors.Is(err, ErrNotFound) {
			return nil, err
		}
		found[i] = err == nil
	}
	return found, nil
}

func buildDashboard(runs []Run, counts map[schema.Status]int, handoffs []Pending, status schema.Status, limit int, now time.Time) dashboardPage {
	p := dashboardPage{Title: "Tableau de bord", Limit: limit, Status: status, StatusLabel: runStatuses[status], Counts: statusChart(counts)}
	all := 0
	for _, st := range schema.Statuses {
		p.Filters = append(p.Filters, filterLink{Label: runStatuses[st], URL: "/?statut=" + string(st), Count: counts[st], Current: st == status})
		all += counts[st]
	}
	p.Filters = append([]filterLink{{Label: "tous", URL: "/", Count: all, Current: status == ""}}, p.Filters...)
	for _, run := range runs {
		row := runRow{ID: run.ID, Company: run.Company, Object: run.Source.Object, Status: orSelf(runStatuses, run.Status),
			Memo: memoOf(run.Report), Cost: cost(run.Report), Created: run.Created, Counters: run.Counters}
		if run.Failure != nil {
			row.Failure = run.Failure.Reason
		}
		p.Runs = append(p.Runs, row)
	}
	for _, h := range handoffs {
		q := queueRow{ID: h.ID, Company: h.Report, Status: orSelf(memoStatuses, h.Status), Reason: queueSummary(h.HandoffRecord), Claims: len(h.Claims),
			Opened: h.Opened, Resolution: h.Resolution, Version: h.Version}
		if h.Resolution != nil {
			q.Decision, _ = decisionLabel(h.Resolution.Decision)
		} else {
			p.Open++
			if !h.Opened.IsZero() {
				q.Age = formatAge(now.Sub(h.Opened))
			}
		}
		p.Queue = append(p.Queue, q)
	}
	// Open first, oldest first (an unknown opening last); then the
	// resolved ones, the latest resolution first.
	slices.SortStableFunc(p.Queue, func(a, b queueRow) int {
		if a.Resolution != nil && b.Resolution != nil {
			return b.Resolution.At.Compare(a.Resolution.At)
		}
		return cmp.Or(before(a.Resolution == nil, b.Resolution == nil), before(!a.Opened.IsZero(), !b.Opened.IsZero()),
			a.Opened.Compare(b.Opened))
	})
	p.Ages = ageChart(p.Queue, now)
	return p
}

// before orders a first when it alone has the property, b when it alone has it.
func before(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return -1
	}
	return 1
}

// formatAge writes a waiting time: hours under two days, then days.
func formatAge(d time.Duration) string {
	switch h := int(d.Hours()); {
	case h < 1:
		return "moins d'une heure"
	case h < 48:
		return formatInt(h) + " h"
	default:
		return formatInt(h/24) + " jours"
	}
}

// memoOf is the memo's status as the report tells it: the memo function
// writes the memo and the report's final status in one transaction.
func memoOf(r schema.Report) string {
	switch r.Status {
	case schema.Done:
		return memoStatuses[memo.Published]
	case schema.Blocked:
		return memoStatuses[memo.Blocked]
	case schema.Abstention:
		return memoStatuses[memo.Abstained]
	case schema.Failed:
		if r.Failure != nil && r.Failure.Stage == schema.Memo {
			return "échec"
		}
		return "non rédigé"
	}
	return "en attente"
}

// cost is what the run spent on the model: tokens and calls, or hors ligne
// when the offline readers did the work.
func cost(r schema.Report) string {
	switch r.Readers {
	case pipeline.ModeOffline:
		return "hors ligne"
	case "":
		return "—"
	}
	return formatInt(r.Tokens.Input) + " jetons en entrée, " + formatInt(r.Tokens.Output) + " en sortie, " +
		formatInt(r.Tokens.Calls) + " appel" + plural(r.Tokens.Calls)
}
