// Package localstack runs the local stand-ins of the Google Cloud services
// the chain uses: the Firestore and Pub/Sub emulators of the gcloud SDK,
// fake-gcs-server, and the relay that delivers their events to the
// functions as Eventarc would.
//
// A test starts one Stack, points its clients at it and stops it:
//
//	st, err := localstack.Start(ctx, localstack.Options{
//		Buckets:   map[string]string{"uploads": fnURL + "/extract"},
//		Documents: map[string]string{"extractions/{docId}": fnURL + "/signals"},
//	})
//	if err != nil { ... }
//	t.Cleanup(st.Stop)
//
// A functions process started afterwards reaches it through st.Env();
// routes to a URL known only then are added with CreateBucket and
// AddFirestoreTrigger.
package localstack

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/fsouza/fake-gcs-server/fakestorage"
	"google.golang.org/grpc"

	"analyste.dev/analyste/shared/dev/relay"
)

// readyTimeout bounds the start of each emulator JVM, with room for a
// loaded machine.
const readyTimeout = 2 * time.Minute

// jvmFlags trade the emulators' peak speed, which tests never reach, for
// a faster start.
var jvmFlags = []string{"-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"}

// Options configures a Stack.
type Options struct {
	// Buckets maps each bucket to create to the URL its
	// google.cloud.storage.object.v1.finalized events are posted to.
	Buckets map[string]string
	// Documents maps a Firestore path pattern such as "extractions/{docId}"
	// to the URL its google.cloud.firestore.document.v1.written events are
	// posted to.
	Documents map[string]string
	// LogDir receives the emulators' logs; a new temporary directory when
	// empty, kept after Stop for diagnosis.
	LogDir string
	// Logger receives the relay's log lines; slog.Default() when nil.
	Logger *slog.Logger
	// Delivery is how the relay delivers the events: Eventarc's retries
	// (relay.Policy's defaults) unless a test compresses them.
	Delivery relay.Policy
	// ProjectID names the emulators' project; a fresh one when empty, so
	// that stacks never share data. A chain that calls Vertex AI passes its
	// real project, which the model client reads from the same variable.
	ProjectID string
}

// Stack is a running set of emulators for one fresh project.
type Stack struct {
	projectID string
	logDir    string
	sdk       SDK

	relay     *relay.Relay
	relaySrv  *http.Server
	relayAddr string
	firestore *emulator
	pubsub    *emulator
	storage   *fakestorage.Server
	// storageLog is fake-gcs-server's log, closed by Stop.
	storageLog *os.File

	mu sync.Mutex
	// conns are the clients' connections to the Firestore emulator, closed
	// by Stop.
	conns []*grpc.ClientConn
}

// Start starts every service on free loopback ports, creates the buckets
// and registers the Firestore triggers of opts. Stop it when done, even
// after an error from a later call.
func Start(ctx context.Context, opts Options) (*Stack, error) {
	sdk, err := FindSDK(ctx)
	if err != nil {
		return nil, err
	}
	s := &Stack{projectID: cmp.Or(opts.ProjectID, newProjectID()), logDir: opts.LogDir, sdk: sdk}
	if s.logDir == "" {
		if s.logDir, err = os.MkdirTemp("", "localstack-"); err != nil {
			return nil, fmt.Errorf("répertoire des journaux: %w", err)
		}
	}
	logger := opts.Logger
	if logger == nil {
		logger = slog.Default()
	}
	if err := s.start(ctx, logger, opts.Delivery); err != nil {
		s.Stop()
		return nil, err
	}
	for bucket, target := range opts.Buckets {
		s.CreateBucket(bucket, target)
	}
	for _, pattern := range slices.Sorted(maps.Keys(opts.Documents)) {
		if err := s.AddFirestoreTrigger(ctx, pattern, opts.Documents[pattern]); err != nil {
			s.Stop()
			return nil, err
		}
	}
	return s, nil
}

func (s *Stack) start(ctx context.Context, logger *slog.Logger, delivery relay.Policy) error {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return fmt.Errorf("écoute du relais: %w", err)
	}
	s.relay = relay.New(logger, &http.Client{}, delivery)
	s.relayAddr = l.Addr().String()
	s.relaySrv = &http.Server{Handler: s.relay, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = s.relaySrv.Serve(l) }()

	// The two JVMs start side by side: each takes seconds.
	ctx, cancel := context.WithTimeout(ctx, readyTimeout)
	defer cancel()
	fsErr := make(chan error, 1)
	go func() {
		var err error
		s.firestore, err = startEmulator(ctx, "émulateur Firestore", s.sdk.Java, filepath.Join(s.logDir, "firestore.log"),
			func(host string, port int) []string {
				return append(slices.Clone(jvmFlags), "-Duser.language=en", "-cp", s.sdk.FirestoreJar,
					"com.google.cloud.datastore.emulator.firestore.CloudFirestore",
					"--host", host, "--port", fmt.Sprint(port), "--functions_emulator", s.relayAddr)
			})
		fsErr <- err
	}()
	var psErr error
	s.pubsub, psErr = startEmulator(ctx, "émulateur Pub/Sub", s.sdk.Java, filepath.Join(s.logDir, "pubsub.log"),
		func(host string, port int) []string {
			return append(slices.Clone(jvmFlags), "-jar", s.sdk.PubSubJar, "--host="+host, fmt.Sprintf("--port=%d", port))
		})
	if err := errors.Join(psErr, <-fsErr); err != nil {
		return err
	}
	if err := s.createPushSubscription(ctx); err != nil {
		return err
	}
	return s.startStorage()
}

// Stop stops every service the Stack started. The logs stay in LogDir.
func (s *Stack) Stop() {
	s.mu.Lock()
	for _, c := range s.conns {
		_ = c.Close()
	}
	s.conns = nil
	s.mu.Unlock()
	if s.storage != nil {
		s.storage.Stop()
	}
	if s.storageLog != nil {
		_ = s.storageLog.Close()
	}
	for _, e := range []*emulator{s.firestore, s.pubsub} {
		if e != nil {
			e.stop()
		}
	}
	if s.relaySrv != nil {
		_ = s.relaySrv.Close()
	}
	if s.relay != nil {
		s.relay.Close()
	}
}

// Relay is the Stack's Eventarc stand-in, whose counters tests read.
func (s *Stack) Relay() *relay.Relay { return s.relay }

// ProjectID is the project of this Stack, new at each Start so that tests
// sharing an emulator never see each other's data.
func (s *Stack) ProjectID() string { return s.projectID }

// FirestoreHost is the value for FIRESTORE_EMULATOR_HOST.
func (s *Stack) FirestoreHost() string { return s.firestore.addr }

// PubSubHost is the value for PUBSUB_EMULATOR_HOST.
func (s *Stack) PubSubHost() string { return s.pubsub.addr }

// StorageEndpoint is the value for STORAGE_EMULATOR_HOST,
// "http://127.0.0.1:PORT".
func (s *Stack) StorageEndpoint() string { return s.storage.URL() }

// RelayURL is where the emulators deliver their events.
func (s *Stack) RelayURL() string { return "http://" + s.relayAddr }

// LogDir holds firestore.log, pubsub.log and storage.log.
func (s *Stack) LogDir() string { return s.logDir }

// Env is the environment a functions process needs to reach the Stack.
func (s *Stack) Env() []string {
	return []string{
		"GOOGLE_CLOUD_PROJECT=" + s.projectID,
		"FIRESTORE_EMULATOR_HOST=" + s.FirestoreHost(),
		"PUBSUB_EMULATOR_HOST=" + s.PubSubHost(),
		"STORAGE_EMULATOR_HOST=" + s.StorageEndpoint(),
	}
}

func newProjectID() string {
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	return "analyste-local-" + hex.EncodeToString(b)
}
