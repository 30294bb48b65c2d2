// Package logging writes structured logs the way Cloud Logging reads them:
// one JSON object per line with `severity` and `message`, and the request's
// trace under `logging.googleapis.com/trace` so that a report's lines group
// under its request.
package logging

import (
	"context"
	"io"
	"log/slog"
	"strings"
)

// TraceKey is the field Cloud Logging groups a request's lines by.
const TraceKey = "logging.googleapis.com/trace"

// New returns a JSON logger with Cloud Logging's keys; project names the
// trace resource (projects/P/traces/T).
func New(w io.Writer, project string) *slog.Logger {
	h := slog.NewJSONHandler(w, &slog.HandlerOptions{ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
		if len(groups) > 0 {
			return a
		}
		switch a.Key {
		case slog.LevelKey:
			return slog.String("severity", severity(a.Value.Any().(slog.Level)))
		case slog.MessageKey:
			return slog.String("message", a.Value.String())
		}
		return a
	}})
	return slog.New(&traceHandler{Handler: h, project: project})
}

func severity(l slog.Level) string {
	switch {
	case l >= slog.LevelError:
		return "ERROR"
	case l >= slog.LevelWarn:
		return "WARNING"
	case l >= slog.LevelInfo:
		return "INFO"
	}
	return "DEBUG"
}

type traceKey struct{}

// WithTrace keeps a trace id for the logs written under ctx. header is a
// W3C traceparent ("00-TRACE-SPAN-01") or an X-Cloud-Trace-Context
// ("TRACE/SPAN;o=1"); anything else is ignored.
func WithTrace(ctx context.Context, header string) context.Context {
	id := ""
	if parts := strings.Split(header, "-"); len(parts) == 4 && len(parts[1]) == 32 {
		id = parts[1]
	} else if t, _, ok := strings.Cut(header, "/"); ok && t != "" {
		id = t
	}
	if id == "" {
		return ctx
	}
	return context.WithValue(ctx, traceKey{}, id)
}

type traceHandler struct {
	slog.Handler
	project string
}

func (h *traceHandler) Handle(ctx context.Context, r slog.Record) error {
	if id, ok := ctx.Value(traceKey{}).(string); ok {
		r.AddAttrs(slog.String(TraceKey, "projects/"+h.project+"/traces/"+id))
	}
	return h.Handler.Handle(ctx, r)
}

func (h *traceHandler) WithAttrs(as []slog.Attr) slog.Handler {
	return &traceHandler{Handler: h.Handler.WithAttrs(as), project: h.project}
}

func (h *traceHandler) WithGroup(name string) slog.Handler {
	return &traceHandler{Handler: h.Handler.WithGroup(name), project: h.project}
}
