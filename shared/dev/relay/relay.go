// Package relay stands in for Eventarc locally: it turns what the emulators
// deliver into the CloudEvents production sends, acknowledges the emulators
// at once, and delivers each event to its function as Eventarc does (at
// least once, retried with backoff for a bounded window; see Policy).
package relay

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
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
	policy Policy
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu       sync.Mutex
	buckets  map[string]string
	triggers map[string]string
	rand     *rand.Rand
	stats    Stats
	closed   bool
}

var _ http.Handler = (*Relay)(nil)

// New returns a relay with no routes, delivering by policy. Close it when
// done.
func New(log *slog.Logger, client *http.Client, policy Policy) *Relay {
	ctx, cancel := context.WithCancel(context.Background())
	r := &Relay{
		log:      log,
		client:   client,
		mux:      http.NewServeMux(),
		policy:   policy.withDefaults(),
		ctx:      ctx,
		cancel:   cancel,
		buckets:  map[string]string{},
		triggers: map[string]string{},
		rand:     rand.New(rand.NewPCG(policy.Seed, policy.Seed^0x9e3779b97f4a7c15)),
		stats:    Stats{Received: map[string]int{}},
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
	r.mu.Lock()
	defer r.mu.Unlock()
	t, ok := routes[key]
	return t, ok
}

// forward hands the event to the delivery loop, which owns it from then on.
func (r *Relay) forward(w http.ResponseWriter, target string, header http.Header, body []byte) {
	r.accept(w, outgoing{target: target, header: header, body: body})
}

func badRequest(ctx context.Context, log *slog.Logger, w http.ResponseWriter, what string, err error) {
	log.ErrorContext(ctx, what, "erreur", err)
	http.Error(w, fmt.Sprintf("%s: %v", what, err), http.StatusBadRequest)
}
