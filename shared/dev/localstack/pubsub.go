package localstack

import (
	"context"
	"fmt"

	"analyste.dev/analyste/shared/dev/relay"
)

// notificationTopic receives fake-gcs-server's notifications of every bucket.
const notificationTopic = "storage-notifications"

// createPushSubscription creates the notification topic and its push
// subscription to the relay. The relay acknowledges a push once it holds
// the event and retries the function itself; the emulator redelivers only
// a push the relay did not answer in time.
func (s *Stack) createPushSubscription(ctx context.Context) error {
	base := fmt.Sprintf("http://%s/v1/projects/%s", s.pubsub.addr, s.projectID)
	topic := fmt.Sprintf("projects/%s/topics/%s", s.projectID, notificationTopic)
	if err := call(ctx, "PUT", base+"/topics/"+notificationTopic, struct{}{}); err != nil {
		return fmt.Errorf("création du sujet Pub/Sub: %w", err)
	}
	sub := map[string]any{
		"topic":              topic,
		"pushConfig":         map[string]string{"pushEndpoint": s.RelayURL() + relay.PushPath},
		"ackDeadlineSeconds": 600,
	}
	if err := call(ctx, "PUT", base+"/subscriptions/relay", sub); err != nil {
		return fmt.Errorf("création de l'abonnement push: %w", err)
	}
	return nil
}
