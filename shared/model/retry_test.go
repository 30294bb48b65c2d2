package model

import (
	"testing"
	"time"
)

func TestBackoffCap(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		next      int
		base, max time.Duration
		want      time.Duration
	}{
		{name: "second send waits the base", next: 2, base: time.Second, max: time.Minute, want: time.Second},
		{name: "doubles each time", next: 4, base: time.Second, max: time.Minute, want: 4 * time.Second},
		{name: "capped", next: 10, base: time.Second, max: 30 * time.Second, want: 30 * time.Second},
		{name: "no overflow on a long series", next: 200, base: time.Second, max: time.Minute, want: time.Minute},
		{name: "base above max", next: 2, base: time.Hour, max: time.Minute, want: time.Minute},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := backoffCap(tt.next, tt.base, tt.max); got != tt.want {
				t.Errorf("backoffCap(%d, %s, %s) = %s, want %s", tt.next, tt.base, tt.max, got, tt.want)
			}
		})
	}
}

func TestFullJitterStaysWithinCap(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		cap  time.Duration
	}{
		{name: "zero", cap: 0},
		{name: "one nanosecond", cap: 1},
		{name: "a second", cap: time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			for range 1000 {
				if got := fullJitter(tt.cap); got < 0 || got > tt.cap {
					t.Fatalf("fullJitter(%s) = %s, outside [0, %s]", tt.cap, got, tt.cap)
				}
			}
		})
	}
}
