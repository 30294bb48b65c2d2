package pipeline

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"analyste.dev/analyste/shared/checks"
	"analyste.dev/analyste/shared/extraction"
	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/ratios"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/signals"
	"analyste.dev/analyste/shared/statements"
)

// ErrNoReading means a record holds no transcription to correct: it was
// written before corrections existed.
var ErrNoReading = errors.New("la lecture de ce rapport ne conserve pas sa transcription (rapport traité avant les corrections) : relancez-le pour pouvoir le corriger")

// reading is what a correction will recompute from.
func reading(tr statements.Transcription, divergences []ratios.Alert) *schema.Reading {
	r := &schema.Reading{Transcription: tr}
	for _, d := range divergences {
		refs := make([]string, len(d.Reads))
		for i, ref := range d.Reads {
			refs[i] = ref.String()
		}
		r.Diverging = append(r.Diverging, refs)
	}
	return r
}

// Revised is a reading corrected and what the chain computes from it.
type Revised struct {
	Extraction  schema.ExtractionRecord
	SignalFacts []facts.Fact
	Memo        memo.Result
}

// Revise applies a reviewer's corrections, in order, to the reading the
// extract stage stored, and recomputes what the chain computes from it
// with the chain's own code. A line's role is corrected in the stored
// transcription, before it is normalised, so that its amounts move to the
// field they are and every fact standing on either field follows; an
// amount's correction then sets its field. Recomputed: the checks (a printed-amount failure of a
// corrected field goes, the person read it), the ratios, alerts and facts
// (derive), the signals' facts under a corrected name, the memo (Memo).
// Divergences between readers on a corrected field go too. ex and sig are
// not changed; texts are the page texts, page 1 first.
func (p *Pipeline) Revise(ctx context.Context, ex schema.ExtractionRecord, sig schema.SignalsRecord, texts []string, cs []schema.Correction) (Revised, error) {
	if ex.Reading == nil {
		return Revised{}, ErrNoReading
	}
	tr, err := roles(ex.Reading.Transcription, cs)
	if err != nil {
		return Revised{}, err
	}
	rep, err := statements.Normalise(tr)
	if err != nil {
		return Revised{}, fmt.Errorf("transcription conservée : %w", err)
	}
	out := ex
	corrected := map[statements.FieldRef]bool{}
	for _, c := range cs {
		ref, amount := c.Ref()
		switch {
		case c.Field == schema.CompanyField:
			out.Company, out.Identity.Name, out.CompanyIssue = c.After, c.After, ""
			continue
		case c.Field == schema.RoleField:
			continue // applied to the transcription
		case !amount:
			return Revised{}, fmt.Errorf("champ %q inconnu", c.Field)
		}
		y, ok := rep.Years[ref.Year]
		if !ok {
			return Revised{}, fmt.Errorf("exercice %d absent de la lecture", ref.Year)
		}
		v, present, err := c.Amount()
		if err != nil {
			return Revised{}, err
		}
		if present {
			y.Set(ref.Key, v)
		} else {
			y.Clear(ref.Key)
		}
		rep.Years[ref.Year], corrected[ref] = y, true
	}
	rep, all := extraction.Check(rep, tr, texts)
	var kept []checks.Check
	for _, c := range all {
		if c.Label != checks.PrintedLabel || !slices.ContainsFunc(c.Fields, func(r statements.FieldRef) bool { return corrected[r] }) {
			kept = append(kept, c)
		}
	}
	var divergences []ratios.Alert
	for i, d := range ex.Divergences {
		if i < len(ex.Reading.Diverging) {
			for _, s := range ex.Reading.Diverging[i] {
				ref, err := schema.ParseFieldRef(s)
				if err != nil {
					return Revised{}, err
				}
				d.Reads = append(d.Reads, ref)
			}
		}
		if !slices.ContainsFunc(d.Reads, func(r statements.FieldRef) bool { return corrected[r] }) {
			divergences = append(divergences, d)
		}
	}
	out.Years, out.Checks, out.Divergences = rep.Years, kept, divergences
	out.Ratios, out.Alerts, out.Facts = derive(out.Borrower(), rep, tr, kept, divergences, texts)
	out.Reading = reading(tr, divergences)
	if out.Borrower() != ex.Borrower() {
		sig = RenameSignals(sig, out.Borrower(), statements.YearsDesc(out.Years))
	}
	res, err := p.Memo(ctx, MemoInput(out, sig))
	if err != nil {
		return Revised{}, err
	}
	return Revised{Extraction: out, SignalFacts: sig.Facts, Memo: res}, nil
}

// RenameSignals gives sig under borrower's name: the facts are named after
// the borrower, so each verified signal's fact is made again under the new
// name (signals.Facts) and the signal carries its new id; a critical fact
// stays critical. sig is not changed.
func RenameSignals(sig schema.SignalsRecord, borrower string, years []int) schema.SignalsRecord {
	critical := map[string]bool{}
	for _, f := range sig.Facts {
		critical[f.ID] = f.Critical
	}
	renamed := slices.Clone(sig.Verified)
	sig.Facts = signals.Facts(borrower, years, renamed)
	was := map[string]bool{}
	for i, s := range sig.Verified {
		was[renamed[i].Fact] = critical[s.Fact]
	}
	for i := range sig.Facts {
		sig.Facts[i].Critical = was[sig.Facts[i].ID]
	}
	sig.Verified = renamed
	return sig
}

// roles gives tr with the role corrections among cs applied, in order:
// each names its line by table and line and the category it had, which
// must still be the line's (a correction made on another reading is
// refused). tr is not changed.
func roles(tr statements.Transcription, cs []schema.Correction) (statements.Transcription, error) {
	out := tr
	out.Tables = slices.Clone(tr.Tables)
	cloned := map[int]bool{}
	for _, c := range cs {
		if c.Field != schema.RoleField {
			continue
		}
		st, before, after, ok := c.Role()
		if !ok {
			return tr, fmt.Errorf("correction de rôle %q → %q mal formée", c.Before, c.After)
		}
		if c.Table > len(out.Tables) || c.Line > len(out.Tables[c.Table-1].Lines) {
			return tr, fmt.Errorf("la ligne %d du tableau %d est absente de la lecture", c.Line, c.Table)
		}
		tab := &out.Tables[c.Table-1]
		if !cloned[c.Table] {
			tab.Lines, cloned[c.Table] = slices.Clone(tab.Lines), true
		}
		l := &tab.Lines[c.Line-1]
		if tab.Statement != st || l.Category != before {
			return tr, fmt.Errorf("la ligne « %s » (tableau %d) est lue %s.%s, pas %s", l.Label, c.Table, tab.Statement, l.Category, c.Before)
		}
		if after != statements.Other && !slices.Contains(statements.Keys(st), after) {
			return tr, fmt.Errorf("rôle %q inconnu de l'état %s", after, st)
		}
		l.Category = after
	}
	return out, nil
}
