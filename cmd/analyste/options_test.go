package main

import "testing"

// The CLI checks text layers by OCR only when ANALYSTE_CONTROLE_OCR=oui:
// the evaluation reads every test PDF, and would pay an OCR of each.
func TestOptionsCrossCheck(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		value   string
		want    bool
		wantErr bool
	}{{"", false, false}, {"oui", true, false}, {"non", false, false}, {"1", false, true}} {
		cl := &cli{getenv: func(k string) string { return map[string]string{"ANALYSTE_CONTROLE_OCR": c.value}[k] }}
		opts, err := cl.options()
		if (err != nil) != c.wantErr || opts.CrossCheck != c.want {
			t.Errorf("ANALYSTE_CONTROLE_OCR=%q : contrôle %v, erreur %v", c.value, opts.CrossCheck, err)
		}
	}
}
