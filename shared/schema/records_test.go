package schema_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/signals"
)

// record makes n verified signals, one every third of high severity, each
// with its fact (quote of quoteLen bytes), and r rejected ones.
func record(n, quoteLen, r int) schema.SignalsRecord {
	var rec schema.SignalsRecord
	for i := range n {
		sev := signals.Low
		if i%3 == 2 {
			sev = signals.High
		}
		quote := fmt.Sprintf("%06d ", i) + strings.Repeat("x", quoteLen)
		rec.Verified = append(rec.Verified, signals.Signal{Category: "litige", Severity: sev, Summary: "un litige", Quote: quote, Page: i + 1})
	}
	rec.Facts = signals.Facts("Ferlac", []int{2025}, rec.Verified)
	for i := range r {
		rec.Rejected = append(rec.Rejected, signals.Rejected{Signal: signals.Signal{Quote: "rejetée", Page: i + 1}, Reason: "citation introuvable"})
	}
	return rec
}

func reversedFacts(rec schema.SignalsRecord) schema.SignalsRecord {
	slices.Reverse(rec.Facts)
	return rec
}

func TestSignalsRecordBounded(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name                   string
		rec                    schema.SignalsRecord
		verified, rejected     int // kept
		highFirst              bool
		omittedVer, omittedRej int
	}{
		{"a report's few signals, unchanged", record(12, 200, 3), 12, 3, false, 0, 0},
		{"thousands of signals: the most severe kept", record(3000, 100, 0), schema.MaxStoredSignals, 0, true, 2800, 0},
		{"many rejected signals", record(0, 0, 500), 0, schema.MaxStoredSignals, false, 0, 300},
		{"few signals with huge quotes", record(40, 60<<10, 10), 4, 10, true, 36, 0},
		{"facts stored in another order than their signals", reversedFacts(record(12, 200, 0)), 12, 0, false, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := tt.rec.Bounded()
			if len(got.Verified) != tt.verified || len(got.Rejected) != tt.rejected ||
				got.VerifiedOmitted != tt.omittedVer || got.RejectedOmitted != tt.omittedRej {
				t.Errorf("kept %d verified, %d rejected, omitted %d and %d; want %d, %d, %d, %d",
					len(got.Verified), len(got.Rejected), got.VerifiedOmitted, got.RejectedOmitted,
					tt.verified, tt.rejected, tt.omittedVer, tt.omittedRej)
			}
			if len(got.Facts) != len(got.Verified) {
				t.Fatalf("%d facts for %d signals", len(got.Facts), len(got.Verified))
			}
			for i, s := range got.Verified {
				if f := got.Facts[i]; f.ID != s.Fact || f.Page != s.Page || !strings.Contains(f.Text, s.Quote[:6]) {
					t.Errorf("signal %d (page %d) stored beside fact %s (page %d)", i, s.Page, f.ID, f.Page)
				}
				if i > 0 && s.Page <= got.Verified[i-1].Page {
					t.Errorf("signal of page %d after page %d: not in reading order", s.Page, got.Verified[i-1].Page)
				}
				if tt.highFirst && s.Severity != signals.High {
					t.Errorf("a %s signal kept while high ones were left out", s.Severity)
				}
			}
			b, err := json.Marshal(got)
			if err != nil {
				t.Fatal(err)
			}
			if len(b) > 768<<10 {
				t.Errorf("stored record of %d bytes, too close to Firestore's 1 MiB", len(b))
			}
		})
	}
}
