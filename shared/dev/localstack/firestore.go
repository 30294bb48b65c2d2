package localstack

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"cloud.google.com/go/firestore"
	"google.golang.org/api/option"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
)

// FirestoreClient returns a client of the emulator for the Stack's project,
// whatever FIRESTORE_EMULATOR_HOST names, so that two Stacks in a process
// each reach their own: the client library would dial the variable's host
// and ignore an endpoint option, but not a connection given to it.
func (s *Stack) FirestoreClient(ctx context.Context) (*firestore.Client, error) {
	return s.FirestoreDatabaseClient(ctx, firestore.DefaultDatabaseID)
}

// FirestoreDatabaseClient is FirestoreClient for database, which the
// emulator creates at its first write (the review database).
func (s *Stack) FirestoreDatabaseClient(ctx context.Context, database string) (*firestore.Client, error) {
	conn, err := grpc.NewClient(s.FirestoreHost(),
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithPerRPCCredentials(ownerCreds{}))
	if err != nil {
		return nil, fmt.Errorf("connexion à l'émulateur Firestore: %w", err)
	}
	c, err := firestore.NewClientWithDatabase(ctx, s.projectID, database, option.WithGRPCConn(conn))
	if err != nil {
		_ = conn.Close()
		return nil, fmt.Errorf("client de l'émulateur Firestore: %w", err)
	}
	s.mu.Lock()
	s.conns = append(s.conns, conn)
	s.mu.Unlock()
	return c, nil
}

// ownerCreds are the emulator's administrator credentials, which the client
// library sends when it dials FIRESTORE_EMULATOR_HOST itself.
type ownerCreds struct{}

func (ownerCreds) GetRequestMetadata(context.Context, ...string) (map[string]string, error) {
	return map[string]string{"authorization": "Bearer owner"}, nil
}

func (ownerCreds) RequireTransportSecurity() bool { return false }

// AddFirestoreTrigger makes every write to a document matching pattern
// ("extractions/{docId}", where {docId} matches one segment) reach target
// as a production google.cloud.firestore.document.v1.written event.
// Triggers cannot be removed: a new Stack starts without any.
func (s *Stack) AddFirestoreTrigger(ctx context.Context, pattern, target string) error {
	id := triggerID(pattern)
	s.relay.RouteTrigger(id, target)
	u := fmt.Sprintf("http://%s/emulator/v1/projects/%s/eventarcTrigger?eventarcTriggerId=%s",
		s.firestore.addr, s.projectID, url.QueryEscape(id))
	body := map[string]any{
		"eventType": "google.cloud.firestore.document.v1.written",
		"database":  "(default)",
		"namespace": "(default)",
		"document":  map[string]string{"value": pattern, "matchType": "PATH_PATTERN"},
	}
	if err := call(ctx, "POST", u, body); err != nil {
		return fmt.Errorf("déclencheur Firestore %s: %w", pattern, err)
	}
	return nil
}

// triggerID names a trigger after its pattern, "extractions-docId", which
// keeps the relay's log lines readable.
func triggerID(pattern string) string {
	return strings.Join(strings.FieldsFunc(pattern, func(r rune) bool {
		return !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9')
	}), "-")
}
