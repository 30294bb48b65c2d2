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
// without reading FIRESTORE_EMULATOR_HOST, so that parallel tests can each
// use their own Stack.
func (s *Stack) FirestoreClient(ctx context.Context) (*firestore.Client, error) {
	c, err := firestore.NewClient(ctx, s.projectID,
		option.WithEndpoint(s.FirestoreHost()),
		option.WithoutAuthentication(),
		option.WithGRPCDialOption(grpc.WithTransportCredentials(insecure.NewCredentials())))
	if err != nil {
		return nil, fmt.Errorf("client de l'émulateur Firestore: %w", err)
	}
	return c, nil
}

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
