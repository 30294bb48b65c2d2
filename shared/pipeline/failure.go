package pipeline

import (
	"context"
	"errors"

	"analyste.dev/analyste/shared/extraction"
	"analyste.dev/analyste/shared/model"
	"analyste.dev/analyste/shared/ocr"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/statementreader"
)

// Explain explains err to a person, saying what to do, and tells whether
// trying again later can help (a model outage) or not (a bad PDF). The
// reason never quotes err, which may carry a backend's raw answer: callers
// log it.
func Explain(err error) (reason string, retryable bool) {
	if r := ocr.Reason(err); r != "" {
		return r, false
	}
	if r := pdftext.Reason(err); r != "" {
		return r, errors.Is(err, context.DeadlineExceeded)
	}
	switch {
	case errors.Is(err, model.ErrTransient):
		return "Le service Vertex AI est indisponible ou saturé : une nouvelle tentative aura lieu automatiquement.", true
	case errors.Is(err, model.ErrInvalidAnswer):
		return "Le modèle a répondu deux fois hors du format attendu : le rapport doit être relu par un analyste.", false
	case errors.Is(err, ErrNoStatements):
		return "Aucune page d'états financiers (compte de résultat, bilan, flux de trésorerie) n'a été trouvée : vérifiez que le document est bien un rapport annuel avec ses comptes.", false
	case errors.Is(err, statementreader.ErrNoStatement):
		return "Des pages d'états financiers ont été trouvées mais aucun de leurs tableaux n'a pu être lu (colonnes d'exercices introuvables) : le rapport doit être saisi par un analyste, ou relu par le modèle.", false
	case errors.Is(err, extraction.ErrUnreadable):
		return "Les tableaux des états financiers n'ont pas pu être transcrits : le rapport doit être saisi par un analyste.", false
	}
	return "Erreur inattendue : le rapport n'a pas pu être traité. Signalez-le à l'équipe plateforme, qui en trouvera le détail dans les journaux.", false
}
