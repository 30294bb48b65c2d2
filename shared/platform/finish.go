package platform

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"cloud.google.com/go/storage"
	"github.com/cloudevents/sdk-go/v2/event"
	"google.golang.org/api/googleapi"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"analyste.dev/analyste/shared/events"
	"analyste.dev/analyste/shared/logging"
	"analyste.dev/analyste/shared/model"
	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/store"
)

// StageError is an error the function explains itself: the reason recorded
// on the report, and whether a later delivery can cure it.
type StageError struct {
	Reason    string
	Retryable bool
	Err       error
}

func (f *StageError) Error() string { return f.Reason + " : " + f.Err.Error() }
func (f *StageError) Unwrap() error { return f.Err }

// explain gives a failure's reason for a person and whether a retry can
// help. A reason never quotes a backend's error: the raw error goes to the
// log line only.
func explain(err error) (string, bool) {
	var f *StageError
	if errors.As(err, &f) {
		return f.Reason, f.Retryable
	}
	if reason, retryable, ok := cloudFailure(err); ok {
		return reason, retryable
	}
	return pipeline.Explain(err)
}

// Reasons of the Google Cloud errors, for a person.
const (
	reasonUnavailable    = "Un service Google Cloud est momentanément indisponible : une nouvelle tentative aura lieu automatiquement."
	reasonStorageDenied  = "Cloud Storage refuse l'accès au compte de service de la fonction : l'équipe plateforme doit vérifier ses droits sur le bucket (le détail est dans les journaux)."
	reasonStorageMissing = "Le fichier ou son bucket est introuvable dans Cloud Storage : déposez le rapport à nouveau."
	reasonStorageRefused = "Cloud Storage a refusé la requête : signalez-le à l'équipe plateforme (le détail est dans les journaux)."
	reasonDBDenied       = "Firestore refuse l'accès au compte de service de la fonction : l'équipe plateforme doit vérifier ses rôles sur la base (le détail est dans les journaux)."
	reasonDBTooLarge     = "Le résultat de l'étape n'a pas pu être enregistré : il dépasse la taille d'un document Firestore (1 Mio) ou n'en a pas la forme. Le rapport doit être examiné par un analyste."
	reasonDBMissing      = "Un document du rapport est introuvable dans Firestore (base ou document supprimé) : déposez le rapport à nouveau."
	reasonDBRefused      = "Firestore a refusé l'opération (base absente ou mal configurée) : signalez-le à l'équipe plateforme (le détail est dans les journaux)."
)

// cloudFailure explains the errors of Cloud Storage (JSON and XML APIs)
// and Firestore (gRPC); ok is false for any other error.
func cloudFailure(err error) (reason string, retryable, ok bool) {
	var api *googleapi.Error
	switch {
	case errors.Is(err, storage.ErrObjectNotExist), errors.Is(err, storage.ErrBucketNotExist):
		return reasonStorageMissing, false, true
	case errors.As(err, &api):
		switch {
		case api.Code == http.StatusUnauthorized || api.Code == http.StatusForbidden:
			return reasonStorageDenied, false, true
		case api.Code == http.StatusNotFound:
			return reasonStorageMissing, false, true
		case api.Code == http.StatusRequestTimeout || api.Code == http.StatusTooManyRequests || api.Code >= 500:
			return reasonUnavailable, true, true
		}
		return reasonStorageRefused, false, true
	}
	s, isStatus := status.FromError(err)
	if !isStatus {
		return "", false, false
	}
	switch s.Code() {
	case codes.Unavailable, codes.DeadlineExceeded, codes.ResourceExhausted, codes.Aborted:
		return reasonUnavailable, true, true
	case codes.PermissionDenied, codes.Unauthenticated:
		return reasonDBDenied, false, true
	case codes.InvalidArgument:
		return reasonDBTooLarge, false, true
	case codes.NotFound:
		return reasonDBMissing, false, true
	case codes.FailedPrecondition, codes.OutOfRange, codes.Unimplemented:
		return reasonDBRefused, false, true
	}
	return "", false, false
}

// Begin prepares an event's context and logger: the trace of the event
// groups the lines of one delivery in Cloud Logging.
func (d *Deps) Begin(ctx context.Context, e event.Event, fn string) (context.Context, *slog.Logger) {
	trace, _ := e.Extensions()["traceparent"].(string)
	return logging.WithTrace(ctx, trace), d.Log.With("fonction", fn, "evenement", e.ID())
}

// Claim takes a stage; ok is false when there is nothing to do (a duplicate
// or late event, a malformed id, a run given up after too many takes, a
// misconfigured function, whose claim is ended in echec at once), and err
// is returned to the platform so that it retries.
func (d *Deps) Claim(ctx context.Context, log *slog.Logger, id string, stage schema.Stage, src *schema.Source) (c store.Claim, ok bool, err error) {
	c, ok, err = claim(ctx, d.Store, log, id, stage, src)
	if ok && d.Misconfigured != nil {
		reason := fmt.Sprintf("La fonction est mal configurée (%s) : l'équipe plateforme doit corriger son déploiement, "+
			"puis le rapport doit être déposé à nouveau.", strings.ReplaceAll(d.Misconfigured.Error(), "\n", " ; "))
		return c, false, d.Finish(ctx, log, c, schema.Outcome{}, &StageError{Reason: reason, Err: d.Misconfigured})
	}
	return c, ok, err
}

func claim(ctx context.Context, r Runs, log *slog.Logger, id string, stage schema.Stage, src *schema.Source) (c store.Claim, ok bool, err error) {
	c, err = r.Claim(ctx, id, stage, src)
	var spent *store.Exhausted
	switch {
	case errors.Is(err, store.ErrDone):
		log.InfoContext(ctx, "étape déjà traitée : événement en double ou tardif, rien à faire", "rapport", id, "etape", stage)
		return c, false, nil
	case errors.Is(err, schema.ErrInvalidID):
		log.ErrorContext(ctx, "identifiant de rapport invalide : événement ignoré", "rapport", id, "etape", stage, "erreur", err)
		return c, false, nil
	case errors.As(err, &spent):
		log.ErrorContext(ctx, "document impossible à traiter : étape abandonnée, échec enregistré", "rapport", id, "etape", stage,
			"prises", spent.Takes, "debuts", spent.Starts)
		return c, false, nil
	case err != nil:
		log.WarnContext(ctx, "étape non prise, nouvel essai plus tard", "rapport", id, "etape", stage, "erreur", err)
		return c, false, err
	}
	if c.Resumed {
		log.WarnContext(ctx, "étape reprise : l'instance précédente s'est arrêtée avant la fin de son bail", "rapport", id, "etape", stage)
	}
	return c, true, nil
}

// Finish records a stage's outcome. A permanent failure is recorded with
// its reason and acknowledged (nil); a transient one is recorded, frees the
// stage and is returned so that Eventarc delivers the event again. On
// failure, what the stage spent (o.Usage) is recorded.
// An outcome that cannot be stored (a document over Firestore's limit, the
// database refusing) is such a failure: the report never stays in its stage
// without a word.
func (d *Deps) Finish(ctx context.Context, log *slog.Logger, c store.Claim, o schema.Outcome, runErr error) error {
	return finish(ctx, d.Store, log, c, o, runErr)
}

func finish(ctx context.Context, r Runs, log *slog.Logger, c store.Claim, o schema.Outcome, runErr error) error {
	if runErr == nil {
		err := r.Complete(ctx, c, o)
		switch {
		case err == nil:
			log.InfoContext(ctx, "étape terminée", stageFields(c, o)...)
			return nil
		case errors.Is(err, store.ErrDone):
			log.WarnContext(ctx, "étape reprise par une autre instance : résultat abandonné", "rapport", c.ID, "etape", c.Stage)
			return nil
		}
		runErr = fmt.Errorf("record the outcome: %w", err)
	}
	reason, retryable := explain(runErr)
	if ctx.Err() != nil {
		// The platform cut the take (the function's timeout, a delivery
		// given up waiting): whatever failed after that, a new delivery can
		// succeed. The failure is still recorded, so that the stage is freed
		// at once instead of when its lease ends.
		reason, retryable = interrupted, true
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(context.WithoutCancel(ctx), recordTimeout)
		defer cancel()
	}
	log.Log(ctx, level(retryable), "échec de l'étape", "rapport", c.ID, "etape", c.Stage, "motif", reason, "reessayable", retryable, "erreur", runErr.Error())
	if err := r.Fail(ctx, c, reason, retryable, o.Usage); err != nil && !errors.Is(err, store.ErrDone) {
		return errors.Join(runErr, err)
	}
	if retryable {
		return runErr
	}
	return nil
}

// interrupted is the reason of a take the platform cut.
const interrupted = "L'étape a été interrompue avant la fin (délai de la fonction dépassé) : une nouvelle tentative aura lieu automatiquement."

// recordTimeout bounds the recording of a take the platform cut.
const recordTimeout = 30 * time.Second

func level(retryable bool) slog.Level {
	if retryable {
		return slog.LevelWarn
	}
	return slog.LevelError
}

// stageFields are the fields of a stage's log line: the report, the stage,
// and its status, counters and tokens as top-level fields.
func stageFields(c store.Claim, o schema.Outcome) []any {
	return append([]any{"rapport", c.ID, "etape", string(c.Stage)}, o.LogFields()...)
}

// OnDocument handles a Firestore event on a stage's input document: it
// decodes the event, ignores a deletion, claims stage for the document's
// run, runs it, its model calls labelled with the take, and records the
// outcome.
func (d *Deps) OnDocument(ctx context.Context, e event.Event, fn string, stage schema.Stage, run func(ctx context.Context, id string) (schema.Outcome, error)) error {
	ctx, log := d.Begin(ctx, e, fn)
	change, err := events.DecodeFirestore(e)
	if err != nil {
		log.ErrorContext(ctx, "événement Firestore illisible : ignoré", "erreur", err)
		return nil
	}
	if change.Deleted() {
		log.InfoContext(ctx, "document supprimé : rien à faire", "document", change.Path)
		return nil
	}
	claim, ok, err := d.Claim(ctx, log, change.ID(), stage, nil)
	if !ok {
		return err
	}
	o, err := run(model.WithLabels(ctx, claim.Labels()), change.ID())
	return d.Finish(ctx, log, claim, o, err)
}

// Stage is what a Firestore-triggered function does for one run.
type Stage func(ctx context.Context, d *Deps, id string) (schema.Outcome, error)

// DocumentHandler makes the handler of a function triggered by its input
// document: fn names it in the logs, stage is the step it claims.
func DocumentHandler(fn string, stage schema.Stage, run Stage) func(*Deps) (Handler, error) {
	return func(d *Deps) (Handler, error) {
		if d == nil {
			return nil, fmt.Errorf("%s: no dependencies", fn)
		}
		return func(ctx context.Context, e event.Event) error {
			return d.OnDocument(ctx, e, fn, stage, func(ctx context.Context, id string) (schema.Outcome, error) { return run(ctx, d, id) })
		}, nil
	}
}
