package gcpace

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

func TestPercent(t *testing.T) {
	const mib = 1 << 20
	tests := []struct {
		name              string
		scanned, headroom uint64
		want              int
	}{
		{"empty heap: bounded so the runtime's 4 MiB minimum stays within the headroom", 0, 32 * mib, 800},
		{"tiny heap: the same bound", 1 * mib, 32 * mib, 800},
		{"8 MiB grows by the headroom", 8 * mib, 32 * mib, 400},
		{"a heap of the headroom's size: the default", 32 * mib, 32 * mib, 100},
		{"a large heap never under the default", 300 * mib, 32 * mib, 100},
		{"a headroom under the runtime's minimum changes nothing", 1 * mib, 2 * mib, 100},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Percent(tt.scanned, tt.headroom); got != tt.want {
				t.Errorf("Percent(%d, %d) = %d, want %d", tt.scanned, tt.headroom, got, tt.want)
			}
		})
	}
}

// TestStartPacesAfterCollections checks that Start sets GOGC and that a
// collection sets it again from the heap it leaves (a finalizer on a tiny
// object would never run: the sentinel must not be one).
func TestStartPacesAfterCollections(t *testing.T) {
	t.Setenv("GOGC", "")
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	Start(Headroom)
	if got := gcPercent(); got != 800 {
		t.Fatalf("GOGC after Start = %d, want 800 on a small heap", got)
	}
	debug.SetGCPercent(100) // what the next collection's pacing must undo
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		runtime.GC()
		if gcPercent() != 100 {
			return
		}
	}
	t.Fatal("GOGC still 100 after collections of a small heap: the pacer did not run")
}

func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}
