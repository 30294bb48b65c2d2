package localstack

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// ErrNoSDK reports that java or the emulator jars of the gcloud SDK are missing.
var ErrNoSDK = errors.New("java ou les émulateurs du SDK gcloud sont absents")

// SDK locates what the emulators run with.
type SDK struct {
	Java         string
	FirestoreJar string
	PubSubJar    string
}

// FindSDK finds java and the Firestore and Pub/Sub emulator jars of the
// gcloud SDK. Errors wrap ErrNoSDK.
func FindSDK(ctx context.Context) (SDK, error) {
	java, err := exec.LookPath("java")
	if err != nil {
		return SDK{}, fmt.Errorf("%w: %w", ErrNoSDK, err)
	}
	root, err := sdkRoot(ctx)
	if err != nil {
		return SDK{}, fmt.Errorf("%w: %w", ErrNoSDK, err)
	}
	fs := filepath.Join(root, "platform", "cloud-firestore-emulator", "cloud-firestore-emulator.jar")
	if _, err := os.Stat(fs); err != nil {
		return SDK{}, fmt.Errorf("%w (gcloud components install cloud-firestore-emulator): %w", ErrNoSDK, err)
	}
	ps, _ := filepath.Glob(filepath.Join(root, "platform", "pubsub-emulator", "lib", "cloud-pubsub-emulator-*-all.jar"))
	if len(ps) == 0 {
		return SDK{}, fmt.Errorf("%w: pas de jar dans %s (gcloud components install pubsub-emulator)",
			ErrNoSDK, filepath.Join(root, "platform", "pubsub-emulator", "lib"))
	}
	return SDK{Java: java, FirestoreJar: fs, PubSubJar: ps[len(ps)-1]}, nil
}

// sdkRoot derives the SDK root from the gcloud binary (<root>/bin/gcloud)
// and asks gcloud only when the layout differs, since gcloud takes a second
// to answer.
func sdkRoot(ctx context.Context) (string, error) {
	gcloud, err := exec.LookPath("gcloud")
	if err != nil {
		return "", err
	}
	if real, err := filepath.EvalSymlinks(gcloud); err == nil {
		root := filepath.Dir(filepath.Dir(real))
		if _, err := os.Stat(filepath.Join(root, "platform")); err == nil {
			return root, nil
		}
	}
	out, err := exec.CommandContext(ctx, gcloud, "info", "--format=value(installation.sdk_root)").Output()
	if err != nil {
		return "", fmt.Errorf("gcloud info: %w", err)
	}
	return strings.TrimSpace(string(out)), nil
}
