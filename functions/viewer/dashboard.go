package viewer

import (
	"cmp"
	"net/http"
	"slices"
	"time"

	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/store"
)

// dashboardPage is the data of dashboard.html.
type dashboardPage struct {
	Title string
	Runs  []runRow
	Queue []queueRow
	Limit int
}

// runRow is one report on the dashboard.
type runRow struct {
	ID, Company, Object, Status, Memo, Cost, Failure string
	Created                                          time.Time
	Counters                                         store.Counters
}

// queueRow is one hand-off waiting for a reviewer.
type queueRow struct {
	ID, Company, Status, Reason string
	Claims                      int
	Created                     time.Time
}

func (v *viewer) dashboard(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	runs, err := v.read.Reports(ctx, v.limit)
	if err != nil {
		v.readFailed(w, r, "La liste des rapports", err)
		return
	}
	handoffs, err := v.read.Handoffs(ctx, v.limit)
	if err != nil {
		v.readFailed(w, r, "La file des relais", err)
		return
	}
	v.render(w, r, http.StatusOK, "dashboard.html", buildDashboard(runs, handoffs, v.limit))
}

func buildDashboard(runs []Run, handoffs []Pending, limit int) dashboardPage {
	p := dashboardPage{Title: "Tableau de bord", Limit: limit}
	created := map[string]time.Time{}
	for _, run := range runs {
		created[run.ID] = run.Created
		row := runRow{ID: run.ID, Company: run.Company, Object: run.Source.Object, Status: orSelf(runStatuses, run.Status),
			Memo: memoOf(run.Report), Cost: cost(run.Report), Created: run.Created, Counters: run.Counters}
		if run.Failure != nil {
			row.Failure = run.Failure.Reason
		}
		p.Runs = append(p.Runs, row)
	}
	for _, h := range handoffs {
		p.Queue = append(p.Queue, queueRow{ID: h.ID, Company: h.Report, Status: orSelf(memoStatuses, h.Status),
			Reason: h.Reason, Claims: len(h.Claims), Created: created[h.ID]})
	}
	// Newest first, as the reports; a hand-off whose report is not listed last.
	slices.SortStableFunc(p.Queue, func(a, b queueRow) int { return cmp.Compare(b.Created.UnixNano(), a.Created.UnixNano()) })
	return p
}

// memoOf is the memo's status as the report tells it: the memo function
// writes the memo and the report's final status in one transaction.
func memoOf(r store.Report) string {
	switch r.Status {
	case store.Done:
		return memoStatuses[memo.Published]
	case store.Blocked:
		return memoStatuses[memo.Blocked]
	case store.Abstention:
		return memoStatuses[memo.Abstained]
	case store.Failed:
		if r.Failure != nil && r.Failure.Stage == string(store.Memo) {
			return "échec"
		}
		return "non rédigé"
	}
	return "en attente"
}

// cost is what the run spent on the model: tokens and calls, or hors ligne
// when the offline readers did the work.
func cost(r store.Report) string {
	switch r.Readers {
	case pipeline.ModeOffline:
		return "hors ligne"
	case "":
		return "—"
	}
	return formatInt(r.Tokens.Input) + " jetons en entrée, " + formatInt(r.Tokens.Output) + " en sortie, " +
		formatInt(r.Tokens.Calls) + " appel" + plural(r.Tokens.Calls)
}
