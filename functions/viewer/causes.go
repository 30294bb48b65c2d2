package viewer

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"slices"

	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/store"
)

// A reviewer decides on each cause of a hand-off apart: accepted (the
// reading stands) or rejected (the cause holds), with a reason. The
// hand-off's resolution, which changes what the report's review says, is
// taken only once every cause is decided, and « validé » only when none
// was rejected.

// causeVerdicts are the decisions on a cause as a reviewer reads them, in
// the form's order.
var causeVerdicts = []verdictOption{
	{schema.CauseAccepted, "acceptée", "la cause est levée : ce qui est lu ou affirmé tient (montant juste, écart expliqué)"},
	{schema.CauseRejected, "rejetée", "la cause est fondée : le mémo ne peut pas s'appuyer sur ce point"},
}

func causeVerdictLabel(v schema.CauseVerdict) (string, bool) {
	for _, x := range causeVerdicts {
		if x.Value == v {
			return x.Label, true
		}
	}
	return string(v), false
}

// causeID names a cause by its key in the worklist: the same hand-off
// gives the same cards, and so the same ids.
func causeID(key string) string {
	sum := sha256.Sum256([]byte("cause\x00" + key))
	return hex.EncodeToString(sum[:8])
}

// causeDecisionView is a decision on a card.
type causeDecisionView struct {
	schema.CauseDecision
	Label string
}

type verdictOption struct {
	Value       schema.CauseVerdict
	Label, Help string
}

// causeForm decides one cause.
type causeForm struct {
	Action, Token string
	Verdicts      []verdictOption
	MaxComment    int
}

// causeTally counts a worklist's decisions.
type causeTally struct{ Total, Decided, Rejected int }

// Open is how many causes wait for a decision.
func (t causeTally) Open() int { return t.Total - t.Decided }

// decideCards puts each card's decision on it, or the form that decides it
// when the caller is known (who) and the hand-off is open.
func (v *viewer) decideCards(id, who string, open bool, cards []*causeCard, ds map[string]schema.CauseDecision) causeTally {
	t := causeTally{Total: len(cards)}
	for _, c := range cards {
		if d, ok := ds[c.ID]; ok {
			label, _ := causeVerdictLabel(d.Verdict)
			c.Decision = &causeDecisionView{CauseDecision: d, Label: label}
			t.Decided++
			if d.Verdict == schema.CauseRejected {
				t.Rejected++
			}
			continue
		}
		c.Earlier = earlier(c, ds)
		if open && who != "" {
			c.Form = &causeForm{Action: causeURL(id, c.ID), Token: v.forms.mint(purposeCause, who, id+"/"+c.ID),
				Verdicts: causeVerdicts, MaxComment: MaxComment}
		}
	}
	return t
}

// earlier is the latest decision on c's check taken under another key,
// before a correction changed its amounts: shown, not carried.
func earlier(c *causeCard, ds map[string]schema.CauseDecision) *causeDecisionView {
	var last *schema.CauseDecision
	for _, d := range ds {
		if c.check != "" && d.Title == c.Title && d.Cause != c.ID && (last == nil || d.At.After(last.At)) {
			last = &d
		}
	}
	if last == nil {
		return nil
	}
	label, _ := causeVerdictLabel(last.Verdict)
	return &causeDecisionView{CauseDecision: *last, Label: label}
}

func causeURL(id, cause string) string { return reportURL(id) + "/causes/" + cause }

// handoffCauses reads run id's hand-off and its worklist, as the report
// page shows them (the latest version's causes; the lifted ones apart),
// for an action on them; ok is false once it has answered why it cannot.
func (v *viewer) handoffCauses(w http.ResponseWriter, r *http.Request, id string) (h schema.HandoffRecord, live, lifted []*causeCard, ok bool) {
	ctx := r.Context()
	var (
		ex  schema.ExtractionRecord
		res memo.Result
		src causeSources
	)
	// Without the chain's hand-off, the latest version's when it abstains.
	missing := v.read.Document(ctx, schema.Handoffs, id, &h)
	if missing != nil && !errors.Is(missing, ErrNotFound) {
		v.readFailed(w, r, "Le relais du rapport "+id, missing)
		return h, nil, nil, false
	}
	switch err := v.read.Document(ctx, schema.Extractions, id, &ex); {
	case err == nil:
		src.chain = &ex
		_, last, err := v.current(ctx, id, ex)
		if err != nil {
			v.readFailed(w, r, "Les versions du mémo du rapport "+id, err)
			return h, nil, nil, false
		}
		src.last = last
	case !errors.Is(err, ErrNotFound):
		v.readFailed(w, r, "La lecture du rapport "+id, err)
		return h, nil, nil, false
	}
	if err := v.read.Document(ctx, schema.Memos, id, &res); err != nil && !errors.Is(err, ErrNotFound) {
		v.readFailed(w, r, "Le mémo du rapport "+id, err)
		return h, nil, nil, false
	}
	src.defects = res.Defects
	if missing != nil {
		var err error
		if h, src.byVersion, err = v.versionHandoff(ctx, id, src.last); err != nil || !src.byVersion {
			v.readFailed(w, r, "Le relais du rapport "+id, cmp.Or(err, missing))
			return h, nil, nil, false
		}
	}
	live, lifted = src.worklist(id, h)
	return h, live, lifted, true
}

// causeDecisions reads the decisions on run id's causes; nil without a review
// database.
func (v *viewer) causeDecisions(ctx context.Context, id string) (map[string]schema.CauseDecision, error) {
	if v.corrections == nil {
		return nil, nil
	}
	return v.corrections.Decisions(ctx, id)
}

// decideCause records a reviewer's decision on one cause of a hand-off.
func (v *viewer) decideCause(w http.ResponseWriter, r *http.Request) {
	id, cause := r.PathValue("id"), r.PathValue("cause")
	who, ok := v.reviewAction(w, r, purposeCause, id+"/"+cause)
	if !ok {
		return
	}
	d := schema.CauseDecision{Report: id, Cause: cause, Verdict: schema.CauseVerdict(r.PostForm.Get("decision")), By: who, At: v.now().UTC()}
	if _, known := causeVerdictLabel(d.Verdict); !known {
		v.fail(w, r, http.StatusBadRequest, "Choisissez d'accepter ou de rejeter cette cause.", nil)
		return
	}
	var err error
	if d.Reason, err = written(r.PostForm, "motif", "il dit ce qui a été vérifié, et sur quelle page"); err != nil {
		v.fail(w, r, http.StatusBadRequest, "Décision refusée : "+err.Error()+".", nil)
		return
	}
	h, cards, lifted, ok := v.handoffCauses(w, r, id)
	if !ok {
		return
	}
	if h.Resolution != nil {
		v.fail(w, r, http.StatusConflict, "Ce relais est déjà résolu : ses causes ne se décident plus.", nil)
		return
	}
	if slices.ContainsFunc(lifted, func(c *causeCard) bool { return c.ID == cause }) {
		v.fail(w, r, http.StatusConflict, "Cette cause a été levée par une correction de la lecture : la dernière version du mémo ne l'a plus, elle ne se décide pas.", nil)
		return
	}
	for _, c := range cards {
		if c.ID == cause {
			d.Title = c.Title
		}
	}
	if d.Title == "" {
		v.fail(w, r, http.StatusNotFound, "Cette cause ne figure pas au relais de ce rapport : une correction a pu en changer les montants, "+
			"elle est alors une nouvelle cause ; rechargez le rapport pour la décider.", nil)
		return
	}
	var done *store.AlreadyDecided
	switch err := v.corrections.Decide(r.Context(), d); {
	case errors.As(err, &done):
		label, _ := causeVerdictLabel(done.Decision.Verdict)
		v.fail(w, r, http.StatusConflict, fmt.Sprintf("Cette cause est déjà décidée : %s par %s le %s. Votre décision n'a pas été enregistrée.",
			label, done.Decision.By, formatDate(done.Decision.At)), nil)
		return
	case err != nil:
		v.fail(w, r, http.StatusInternalServerError, "La décision n'a pas pu être enregistrée ; réessayez dans un instant.", err)
		return
	}
	v.log.InfoContext(r.Context(), "cause décidée", "rapport", id, "cause", cause, "decision", d.Verdict, "par", who)
	http.Redirect(w, r, reportURL(id)+"#"+anchorOf(cards, cause), http.StatusSeeOther)
}

func anchorOf(cards []*causeCard, cause string) string {
	for _, c := range cards {
		if c.ID == cause {
			return c.Anchor
		}
	}
	return "titre-relais"
}

// undecided refuses a resolution while a cause waits, and « validé » over
// a rejected cause; "" when the resolution may be recorded.
func undecided(t causeTally, d schema.Decision) string {
	switch {
	case t.Open() > 0:
		return fmt.Sprintf("%d cause%s sur %d reste%s à décider : décidez chacune dans la liste du relais avant de le résoudre.",
			t.Open(), plural(t.Open()), t.Total, pluralVerb(t.Open()))
	case d == schema.Validated && t.Rejected > 0:
		return fmt.Sprintf("%d cause%s rejetée%s : le mémo ne peut pas être validé tel quel ; choisissez corrigé ou rejeté.",
			t.Rejected, plural(t.Rejected), plural(t.Rejected))
	}
	return ""
}

func pluralVerb(n int) string {
	if n > 1 {
		return "nt"
	}
	return ""
}
