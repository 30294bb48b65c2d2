package riskrules

import (
	"os"
	"strings"
	"testing"

	"analyste.dev/analyste/shared/quotes"
	"analyste.dev/analyste/shared/signals"
)

// TestOfflineGeneralises runs the offline reader on a report written for
// this test, with a company, wording and layout of its own.
func TestOfflineGeneralises(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("testdata/ostral.txt")
	if err != nil {
		t.Fatal(err)
	}
	pages := strings.Split(string(b), "\f")
	got := Offline(pages)
	if _, rejected := signals.Check(pages, got); len(rejected) > 0 {
		t.Errorf("Offline returned quotes that do not verify: %+v", rejected)
	}
	tests := []struct {
		page     int
		hint     string
		category signals.Category
	}{
		{3, "44 %", signals.CustomerConcentration},
		{3, "exigibilité anticipée", signals.Covenant},
		{3, "tribunal de Munich", signals.Litigation},
		{3, "son départ", signals.KeyPeople},
	}
	for _, tt := range tests {
		found := false
		for _, s := range got {
			found = found || s.Page == tt.page && s.Category == tt.category &&
				strings.Contains(quotes.Normalise(s.Quote), quotes.Normalise(tt.hint))
		}
		if !found {
			t.Errorf("no %s signal quoting %q on page %d; got %+v", tt.category, tt.hint, tt.page, got)
		}
	}
	for _, s := range got {
		if s.Page != 3 {
			t.Errorf("signal outside the risk page: %+v", s)
		}
	}
}
