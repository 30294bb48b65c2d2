package viewer

import (
	"context"
	"fmt"
	"slices"
	"time"

	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/statements"
)

// Under a corrected version the report is that version's: its figures,
// each one a correction changed saying so, and its hand-off's causes.

// correctedMark says a figure of the version shown is not what the chain
// read: who corrected it, when, and the chain's reading.
type correctedMark struct {
	By     string
	At     time.Time
	Before string // the chain's reading, as the page writes it
	// Through names the correction that changed it when it was not the
	// figure itself (a printed line's role): "" otherwise.
	Through string
}

// applied are the corrections a version holds, oldest first.
func applied(cs []schema.Correction, version int) []schema.Correction {
	var out []schema.Correction
	for _, c := range cs {
		if c.State == schema.Applied && c.Version <= version {
			out = append(out, c)
		}
	}
	slices.SortFunc(out, func(a, b schema.Correction) int { return a.Version - b.Version })
	return out
}

// markCorrected marks each amount of e the version reads otherwise than
// the chain, or that a correction names: with the last correction of that
// amount, or else the last of a line's role (the amount recomputed from
// the corrected transcription), or else the version itself.
func markCorrected(e *extractionView, chain schema.ExtractionRecord, last schema.Revision, cs []schema.Correction) {
	for si := range e.Statements {
		for li := range e.Statements[si].Lines {
			lv := &e.Statements[si].Lines[li]
			for i, y := range e.Years {
				if i >= len(lv.Amounts) {
					break
				}
				ref := statements.FieldRef{Year: y, Key: lv.key}
				before, okB := chain.Years[y].Get(lv.key)
				after, okA := last.Extraction.Years[y].Get(lv.key)
				m := correctedMark{By: last.By, At: last.At, Before: "non imprimé"}
				if okB {
					m.Before = frnum.Format(before)
				}
				named := false
				for _, c := range cs {
					switch r, ok := c.Ref(); {
					case ok && r == ref:
						m.By, m.At, m.Through, named = c.By, c.At, "", true
					case c.Field == schema.RoleField && !named:
						m.By, m.At, m.Through = c.By, c.At, fmt.Sprintf("rôle de la ligne « %s »", c.Label)
					}
				}
				if named || okA != okB || after != before {
					lv.Amounts[i].Corrected = &m
				}
			}
		}
	}
}

// companyMark is the borrower's name as a correction changed it; nil when
// the version keeps the chain's.
func companyMark(chain schema.ExtractionRecord, last *schema.Revision, cs []schema.Correction) *correctedMark {
	if chain.Borrower() == last.Extraction.Borrower() {
		return nil
	}
	m := &correctedMark{By: last.By, At: last.At, Before: chain.Borrower()}
	for _, c := range cs {
		if c.Field == schema.CompanyField {
			m.By, m.At = c.By, c.At
		}
	}
	return m
}

// causeSources are what a hand-off's worklist is read from: the chain's
// reading and memo defects, and the latest version when a correction gave
// one (shown: the statements as the page shows them, for the links).
type causeSources struct {
	chain   *schema.ExtractionRecord
	defects []memo.Defect
	last    *schema.Revision
	shown   *extractionView
	// byVersion: the chain wrote no hand-off (its memo was published),
	// the hand-off is the latest version's.
	byVersion bool
}

// worklist is the hand-off's worklist as the latest version has it (the
// causes of its own hand-off: none left when its memo is published), and
// the causes of the chain's hand-off a correction lifted. A cause of the
// version that the chain's hand-off did not have (a check failing since
// the correction, or still failing with other amounts) is new: the
// decisions on the chain's causes are not carried to it.
func (s causeSources) worklist(id string, h schema.HandoffRecord) (live, lifted []*causeCard) {
	if s.last == nil {
		return worklist(id, h, s.chain, s.shown, s.defects), nil
	}
	if s.byVersion {
		h = schema.HandoffRecord{} // the chain's had no claim stopped
	}
	var latest schema.HandoffRecord
	if s.last.Memo.Handoff != nil {
		latest.Handoff = *s.last.Memo.Handoff
	}
	live = worklist(id, latest, &s.last.Extraction, s.shown, s.last.Memo.Defects)
	before := worklist(id, h, s.chain, nil, s.defects)
	for _, l := range live {
		if slices.ContainsFunc(before, func(c *causeCard) bool { return c.ID == l.ID }) {
			continue // the same cause: its decision stands
		}
		l.New = &newCause{Version: s.last.Version}
		if i := slices.IndexFunc(before, func(c *causeCard) bool { return l.check != "" && c.check == l.check }); i >= 0 {
			l.New.Was = before[i]
		}
	}
	for _, c := range before {
		if !slices.ContainsFunc(live, func(l *causeCard) bool { return l.ID == c.ID || l.New != nil && l.New.Was == c }) {
			c.Anchor = fmt.Sprintf("cause-levee-%d", len(lifted)+1)
			lifted = append(lifted, c)
		}
	}
	return live, lifted
}

// versionHandoff is the hand-off of the latest version when the chain
// wrote none (its memo was published) and a correction made that version
// abstain: its resolution, if any, is in the review database only. ok is
// false when the version has no hand-off.
func (v *viewer) versionHandoff(ctx context.Context, id string, last *schema.Revision) (h schema.HandoffRecord, ok bool, err error) {
	if last == nil || last.Memo.Handoff == nil {
		return h, false, nil
	}
	h.Handoff = *last.Memo.Handoff
	got, err := v.corrections.Resolutions(ctx, []string{id})
	if err != nil {
		return h, false, fmt.Errorf("résolution du relais de la version %d : %w", last.Version, err)
	}
	if res, found := got[id]; found {
		h.Resolution = &res
	}
	return h, true, nil
}
