package viewer

import (
	"slices"
	"testing"

	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/signals"
)

// A signal goes with the fact whose id it carries, wherever either stands
// in its list: facts reordered, a signal whose fact was left out (a
// bounded record), a revision that renamed the borrower.
func TestSignalFactPairing(t *testing.T) {
	t.Parallel()
	const id = "run-1"
	verified := []signals.Signal{
		{Category: signals.Covenant, Severity: signals.High, Quote: "Le ratio de levier dépasse le plafond.", Page: 3},
		{Category: signals.Litigation, Severity: signals.Medium, Quote: "Un client réclame 3,1 M€.", Page: 5},
		{Category: signals.KeyPeople, Severity: signals.Low, Quote: "Le directeur industriel part.", Page: 7},
	}
	all := signals.Facts("Ostral", []int{2025}, verified)
	// The third signal's fact first, the second's left out.
	sig := schema.SignalsRecord{Verified: verified, Facts: []facts.Fact{all[2], all[0]}}

	quoted := quoteFacts(sig)
	if len(quoted) != 2 || quoted[all[0].ID].Page != 3 || quoted[all[2].ID].Page != 7 {
		t.Errorf("quoteFacts = %v, want %s on page 3 and %s on page 7", quoted, all[0].ID, all[2].ID)
	}
	rows := signalsOf(id, sig).Verified
	want := []struct{ fact, url string }{
		{all[0].ID, pageURL(id, 3, "fait", all[0].ID)},
		{"", ""},
		{all[2].ID, pageURL(id, 7, "fait", all[2].ID)},
	}
	for i, w := range want {
		if rows[i].Fact != w.fact || rows[i].URL != w.url {
			t.Errorf("row %d (page %d): fact %q at %q, want %q at %q", i, rows[i].Page, rows[i].Fact, rows[i].URL, w.fact, w.url)
		}
	}

	// The revision names the borrower otherwise: its memo cites the
	// signals' facts under the new name, in its own order.
	renamed := slices.Clone(verified)
	revised := signals.Facts("Ostral Industrie", []int{2025}, renamed)
	slices.Reverse(revised)
	last := &schema.Revision{Extraction: schema.ExtractionRecord{Company: "Ostral Industrie"}, SignalFacts: revised,
		Memo: memo.Result{Paragraphs: []memo.Paragraph{{Kind: memo.Risks, Text: "Un litige.", Sources: []string{renamed[1].Fact}}}}}
	shown := revisedSignals(schema.SignalsRecord{Verified: verified, Facts: all}, schema.ExtractionRecord{Company: "Ostral"}, last)
	m := memoOfResult(id, last.Memo, shown, nil)
	if got, want := m.Paragraphs[0].Sources[0].URL, pageURL(id, 5, "fait", renamed[1].Fact); got != want {
		t.Errorf("the renamed litigation fact links to %q, want %q", got, want)
	}
}
