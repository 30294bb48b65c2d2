package relay

import (
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// firestore relays a Firestore emulator trigger delivery after undoing what
// differs from production: the base64 body, the ce-datacontenttype header
// (the Go CloudEvents SDK answers 500 to it) and the doubled "projects/" in
// ce-source.
func (r *Relay) firestore(w http.ResponseWriter, req *http.Request) {
	ctx := req.Context()
	trigger := req.PathValue("trigger")
	text, err := io.ReadAll(req.Body)
	if err != nil {
		badRequest(ctx, r.log, w, "lecture de la livraison Firestore", err)
		return
	}
	body, err := base64.StdEncoding.DecodeString(strings.TrimSpace(string(text)))
	if err != nil {
		badRequest(ctx, r.log, w, "corps base64 de la livraison Firestore", err)
		return
	}
	target, ok := r.target(r.triggers, trigger)
	if !ok {
		r.log.WarnContext(ctx, "aucune fonction pour ce déclencheur Firestore", "declencheur", trigger)
		http.Error(w, fmt.Sprintf("déclencheur Firestore inconnu: %q", trigger), http.StatusNotFound)
		return
	}
	h := http.Header{}
	for k, v := range req.Header {
		if strings.HasPrefix(strings.ToLower(k), "ce-") {
			h[k] = v
		}
	}
	h.Del("ce-datacontenttype")
	h.Set("ce-source", strings.Replace(h.Get("ce-source"), "/projects/projects/", "/projects/", 1))
	h.Set("Content-Type", "application/protobuf")
	r.forward(w, target, h, body)
}
