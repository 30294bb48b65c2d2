// Package relay stands in for Eventarc locally: it turns what the emulators
// deliver into the CloudEvents production sends and posts them to the
// functions.
package relay

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
)

// PushPath is where the Pub/Sub push subscription carrying the storage
// notifications must deliver.
const PushPath = "/pubsub/storage"

// Relay is an http.Handler receiving Pub/Sub pushes of storage notifications
// at PushPath and Firestore emulator trigger deliveries at
// /functions/projects/{project}/triggers/{trigger}.
type Relay struct {
	log    *slog.Logger
	client *http.Client
	mux    *http.ServeMux

	mu       sync.RWMutex
	buckets  map[string]string
	triggers map[string]string
}

var _ http.Handler = (*Relay)(nil)

// New returns a relay with no routes.
func New(log *slog.Logger, client *http.Client) *Relay {
	r := &Relay{
		log:      log,
		client:   client,
		mux:      http.NewServeMux(),
		buckets:  map[string]string{},
		triggers: map[string]string{},
	}
	r.mux.HandleFunc("POST "+PushPath, r.storage)
	r.mux.HandleFunc("POST /functions/projects/{project}/triggers/{trigger}", r.firestore)
	return r
}

// RouteBucket sends the finalize events of bucket to target.
func (r *Relay) RouteBucket(bucket, target string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.buckets[bucket] = target
}

// RouteTrigger sends the deliveries of the Firestore emulator trigger with
// that ID to target.
func (r *Relay) RouteTrigger(triggerID, target string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.triggers[triggerID] = target
}

func (r *Relay) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	r.mux.ServeHTTP(w, req)
}

func (r *Relay) target(routes map[string]string, key string) (string, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	t, ok := routes[key]
	return t, ok
}

// forward posts a binary-mode CloudEvent and answers the emulator with the
// function's status, so that a failed function is redelivered where the
// emulator redelivers (Pub/Sub) as Eventarc would retry it.
func (r *Relay) forward(ctx context.Context, w http.ResponseWriter, target string, header http.Header, body []byte) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, target, bytes.NewReader(body))
	if err != nil {
		r.log.ErrorContext(ctx, "cible invalide", "cible", target, "erreur", err)
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	req.Header = header
	resp, err := r.client.Do(req)
	if err != nil {
		r.log.ErrorContext(ctx, "fonction injoignable", "cible", target, "evenement", header.Get("ce-id"), "erreur", err)
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	msg, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
	level := slog.LevelInfo
	if resp.StatusCode >= 300 {
		level = slog.LevelWarn
	}
	r.log.Log(ctx, level, "événement relayé", "cible", target, "type", header.Get("ce-type"),
		"sujet", header.Get("ce-subject"), "evenement", header.Get("ce-id"), "statut_http", resp.StatusCode,
		"reponse", string(msg))
	w.Header().Set("Content-Length", strconv.Itoa(len(msg)))
	w.WriteHeader(resp.StatusCode)
	_, _ = w.Write(msg)
}

func badRequest(ctx context.Context, log *slog.Logger, w http.ResponseWriter, what string, err error) {
	log.ErrorContext(ctx, what, "erreur", err)
	http.Error(w, fmt.Sprintf("%s: %v", what, err), http.StatusBadRequest)
}
