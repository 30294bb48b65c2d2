package viewer

import (
	"errors"
	"fmt"
	"net/http"

	"analyste.dev/analyste/shared/schema"
)

// decisionOption is a decision as the form offers it.
type decisionOption struct {
	Value       schema.Decision
	Label, Help string
}

// decisions are the decisions as a reviewer reads them, in the form's order.
var decisions = []decisionOption{
	{schema.Validated, "validé", "le mémo peut être publié tel quel : les faits en cause sont exacts"},
	{schema.Corrected, "corrigé", "le mémo a été corrigé hors du visualiseur ; le commentaire dit quoi"},
	{schema.Rejected, "rejeté", "le dossier ne peut pas être instruit sur ce rapport"},
}

// decisionLabel gives the label of a stored decision; ok is false for an
// unknown one.
func decisionLabel(d schema.Decision) (label string, ok bool) {
	for _, x := range decisions {
		if x.Value == d {
			return x.Label, true
		}
	}
	return string(d), false
}

// AlreadyResolved is the refusal of a second resolution.
type AlreadyResolved struct{ Resolution schema.Resolution }

func (e *AlreadyResolved) Error() string {
	label, _ := decisionLabel(e.Resolution.Decision)
	return fmt.Sprintf("%s par %s le %s", label, e.Resolution.By, formatDate(e.Resolution.At))
}

// resolveHandoff records a reviewer's decision, then shows the report.
func (v *viewer) resolveHandoff(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	who, ok := v.reviewAction(w, r, purposeResolve, id)
	if !ok {
		return
	}
	res := schema.Resolution{Decision: schema.Decision(r.PostForm.Get("decision")), By: who, At: v.now().UTC()}
	if _, known := decisionLabel(res.Decision); !known {
		v.fail(w, r, http.StatusBadRequest, "Choisissez une décision : validé, corrigé ou rejeté.", nil)
		return
	}
	var err error
	if res.Comment, err = written(r.PostForm, "commentaire", "il dit ce qui a été vérifié ou corrigé"); err != nil {
		v.fail(w, r, http.StatusBadRequest, "Décision refusée : "+err.Error()+".", nil)
		return
	}
	if v.corrections != nil {
		h, cards, _, ok := v.handoffCauses(w, r, id)
		if !ok {
			return
		}
		ds, err := v.causeDecisions(r.Context(), id)
		if err != nil {
			v.fail(w, r, http.StatusInternalServerError, "Les décisions sur les causes du relais n'ont pas pu être lues ; réessayez dans un instant.", err)
			return
		}
		if why := undecided(v.decideCards(id, "", false, cards, ds), res.Decision); why != "" && h.Resolution == nil {
			v.fail(w, r, http.StatusConflict, "Résolution non enregistrée : "+why, nil)
			return
		}
	}
	var done *AlreadyResolved
	switch err := v.resolve.Resolve(r.Context(), id, res); {
	case errors.As(err, &done):
		v.fail(w, r, http.StatusConflict, "Ce relais a déjà été résolu : "+done.Error()+". Votre décision n'a pas été enregistrée.", nil)
		return
	case err != nil:
		v.readFailed(w, r, "Le relais du rapport "+id, err)
		return
	}
	v.log.InfoContext(r.Context(), "relais résolu", "rapport", id, "decision", res.Decision, "par", who)
	http.Redirect(w, r, reportURL(id)+"#titre-relais", http.StatusSeeOther)
}
