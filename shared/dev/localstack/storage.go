package localstack

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"syscall"

	"cloud.google.com/go/storage"
	"github.com/fsouza/fake-gcs-server/fakestorage"
	"google.golang.org/api/option"
)

// envMu serialises the moments PUBSUB_EMULATOR_HOST is set for
// fake-gcs-server, whose Pub/Sub client reads it once, when it is created.
var envMu sync.Mutex

// startStorage starts fake-gcs-server in process, publishing the finalize
// notifications of every bucket to the notification topic. A free port
// another process takes before the server binds it is tried again, as the
// emulators' are.
func (s *Stack) startStorage() error {
	var err error
	s.storageLog, err = os.Create(filepath.Join(s.logDir, "storage.log"))
	if err != nil {
		return fmt.Errorf("journal de fake-gcs-server: %w", err)
	}
	for range attempts {
		if err = s.listenStorage(); !errors.Is(err, syscall.EADDRINUSE) {
			break
		}
	}
	return err
}

// listenStorage starts fake-gcs-server on a free port.
func (s *Stack) listenStorage() error {
	port, err := FreePort()
	if err != nil {
		return err
	}
	envMu.Lock()
	defer envMu.Unlock()
	prev, had := os.LookupEnv("PUBSUB_EMULATOR_HOST")
	os.Setenv("PUBSUB_EMULATOR_HOST", s.pubsub.addr)
	defer func() {
		if had {
			os.Setenv("PUBSUB_EMULATOR_HOST", prev)
		} else {
			os.Unsetenv("PUBSUB_EMULATOR_HOST")
		}
	}()
	host := fmt.Sprintf("127.0.0.1:%d", port)
	s.storage, err = fakestorage.NewServerWithOptions(fakestorage.Options{
		Scheme: "http",
		Host:   "127.0.0.1",
		Port:   uint16(port),
		// Clients read objects through the XML API at this host.
		PublicHost: host,
		Writer:     s.storageLog,
		EventOptions: fakestorage.EventManagerOptions{
			ProjectID: s.projectID,
			TopicName: notificationTopic,
			NotifyOn:  fakestorage.EventNotificationOptions{Finalize: true},
		},
	})
	if err != nil {
		return fmt.Errorf("démarrage de fake-gcs-server: %w", err)
	}
	return nil
}

// CreateBucket creates bucket in fake GCS, keeping every generation of an
// object as a versioned bucket does, so that a run reads the generation its
// event names even after the name was uploaded again; its finalize events
// go to target.
func (s *Stack) CreateBucket(bucket, target string) {
	if target != "" {
		s.relay.RouteBucket(bucket, target)
	}
	s.storage.CreateBucketWithOpts(fakestorage.CreateBucketOpts{Name: bucket, VersioningEnabled: true})
}

// StorageClient returns a client of the fake GCS, ready to read and write.
func (s *Stack) StorageClient(ctx context.Context) (*storage.Client, error) {
	c, err := storage.NewClient(ctx, option.WithEndpoint(s.StorageEndpoint()+"/storage/v1/"), option.WithoutAuthentication())
	if err != nil {
		return nil, fmt.Errorf("client de fake-gcs-server: %w", err)
	}
	return c, nil
}
