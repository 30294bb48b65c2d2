// Package analyste is the source root that the Cloud Functions Go buildpack
// builds: it registers every function at init, under its entry point name:
// the three stages of the chain (CloudEvents) and the viewer (HTTP).
// The code lives in functions/ (thin adapters) and shared/ (the stages and
// their verification); clients are created at the first event, never here.
package analyste

import (
	"context"
	"log/slog"
	"net/http"
	"os"

	"github.com/GoogleCloudPlatform/functions-framework-go/functions"

	"analyste.dev/analyste/functions/extract"
	"analyste.dev/analyste/functions/memo"
	"analyste.dev/analyste/functions/signals"
	"analyste.dev/analyste/functions/viewer"
	"analyste.dev/analyste/shared/gcpace"
	"analyste.dev/analyste/shared/platform"
)

// Entry points, as FUNCTION_TARGET and Terraform name them.
const (
	EntryExtract = "extract"
	EntrySignals = "signals"
	EntryMemo    = "memo"
	EntryViewer  = "viewer"
)

func init() {
	gcpace.Start(gcpace.Headroom) // GOMEMLIMIT (infra/) still caps the heap
	// Made only when a function cannot start: its project may be what is
	// missing.
	startLog := func(fn string) func() *slog.Logger {
		return func() *slog.Logger { return platform.NewLogger(os.Getenv("GOOGLE_CLOUD_PROJECT")).With("fonction", fn) }
	}
	functions.CloudEvent(EntryExtract, platform.Lazy(startLog(EntryExtract), func(ctx context.Context) (platform.Handler, error) {
		return extract.Build(ctx, os.Getenv)
	}))
	functions.CloudEvent(EntrySignals, platform.Lazy(startLog(EntrySignals), func(ctx context.Context) (platform.Handler, error) {
		return platform.Build(ctx, os.Getenv, signals.New)
	}))
	functions.CloudEvent(EntryMemo, platform.Lazy(startLog(EntryMemo), func(ctx context.Context) (platform.Handler, error) {
		return platform.Build(ctx, os.Getenv, memo.New)
	}))
	functions.HTTP(EntryViewer, viewer.Lazy(func(ctx context.Context) (http.Handler, error) {
		return viewer.Build(ctx, os.Getenv)
	}))
}
