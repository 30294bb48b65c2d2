package logging

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestLogger(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		header string
		level  slog.Level
		want   map[string]any
	}{
		{"info without trace", "", slog.LevelInfo, map[string]any{"severity": "INFO", "message": "étape terminée", "rapport": "r1"}},
		{"warning with traceparent", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", slog.LevelWarn,
			map[string]any{"severity": "WARNING", "message": "étape terminée", "rapport": "r1", TraceKey: "projects/p/traces/4bf92f3577b34da6a3ce929d0e0e4736"}},
		{"error with cloud trace context", "105445aa7843bc8bf206b12000100000/1;o=1", slog.LevelError,
			map[string]any{"severity": "ERROR", "message": "étape terminée", "rapport": "r1", TraceKey: "projects/p/traces/105445aa7843bc8bf206b12000100000"}},
		{"malformed header ignored", "garbage", slog.LevelInfo, map[string]any{"severity": "INFO", "message": "étape terminée", "rapport": "r1"}},
		{"below info not written", "", slog.LevelDebug, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var buf bytes.Buffer
			log := New(&buf, "p")
			log.Log(WithTrace(context.Background(), tt.header), tt.level, "étape terminée", "rapport", "r1")
			if tt.want == nil {
				if buf.Len() != 0 {
					t.Errorf("debug line written: %s", buf.String())
				}
				return
			}
			var got map[string]any
			if err := json.Unmarshal(buf.Bytes(), &got); err != nil {
				t.Fatal(err)
			}
			delete(got, "time")
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
