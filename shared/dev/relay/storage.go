package relay

import (
	"encoding/json"
	"net/http"
	"time"
)

// pushEnvelope is the body of a Pub/Sub push.
type pushEnvelope struct {
	Subscription string `json:"subscription"`
	Message      struct {
		Attributes  map[string]string `json:"attributes"`
		Data        []byte            `json:"data"`
		MessageID   string            `json:"messageId"`
		PublishTime time.Time         `json:"publishTime"`
	} `json:"message"`
}

// storage turns a Pub/Sub push of a GCS notification into the
// google.cloud.storage.object.v1.finalized event of production.
func (r *Relay) storage(w http.ResponseWriter, req *http.Request) {
	ctx := req.Context()
	var env pushEnvelope
	if err := json.NewDecoder(req.Body).Decode(&env); err != nil {
		badRequest(ctx, r.log, w, "enveloppe Pub/Sub illisible", err)
		return
	}
	attrs := env.Message.Attributes
	bucket, name := attrs["bucketId"], attrs["objectId"]
	// An overwrite also notifies OBJECT_DELETE for the old generation; the
	// functions only listen to finalize, like their production triggers.
	if attrs["eventType"] != "OBJECT_FINALIZE" {
		r.log.InfoContext(ctx, "notification GCS ignorée", "type", attrs["eventType"],
			"bucket", bucket, "objet", name, "generation", attrs["objectGeneration"])
		w.WriteHeader(http.StatusNoContent)
		return
	}
	target, ok := r.target(r.buckets, bucket)
	if !ok {
		r.log.WarnContext(ctx, "aucune fonction pour ce bucket", "bucket", bucket, "objet", name)
		w.WriteHeader(http.StatusNoContent)
		return
	}
	eventTime := env.Message.PublishTime
	if t, err := time.Parse(time.RFC3339, attrs["eventTime"]); err == nil {
		eventTime = t
	}
	h := http.Header{}
	h.Set("Content-Type", "application/json")
	h.Set("ce-specversion", "1.0")
	h.Set("ce-type", "google.cloud.storage.object.v1.finalized")
	h.Set("ce-source", "//storage.googleapis.com/projects/_/buckets/"+bucket)
	h.Set("ce-subject", "objects/"+name)
	// The message ID stays the same across redeliveries, as Eventarc's
	// event ID does across retries.
	h.Set("ce-id", env.Message.MessageID)
	h.Set("ce-time", eventTime.UTC().Format(time.RFC3339Nano))
	h.Set("ce-bucket", bucket)
	r.forward(w, target, h, env.Message.Data)
}
