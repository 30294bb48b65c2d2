package pipeline

import (
	"cmp"
	"fmt"
	"slices"

	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/signals"
	"analyste.dev/analyste/shared/statements"
)

// Record gives the stored form of an extraction.
func (p *Pipeline) Record(ex Extracted, pageCount int) schema.ExtractionRecord {
	res := ex.Result
	return schema.ExtractionRecord{
		Company: cmp.Or(ex.Identity.Name, res.Transcription.Company), Identity: ex.Identity, CompanyIssue: ex.CompanyIssue, TextIssues: ex.TextIssues, Invisible: ex.Invisible,
		PrintedUnit: res.Transcription.PrintedUnit, UnitDeduced: res.Transcription.UnitDeduced,
		Pages: res.Report.Pages, Years: res.Report.Years, Checks: res.Checks,
		Attempts: res.Attempts, Usage: res.Usage, Prompt: res.Prompt,
		Divergences: ex.Divergences, Ratios: ex.Ratios, Alerts: ex.Alerts, Facts: ex.Facts,
		Readers: p.Mode(), PageCount: pageCount, Reading: reading(res.Transcription, ex.Divergences),
		OCR: ex.OCR, Unchecked: ex.Unchecked,
	}
}

// MemoInput is what the memo is written from: a run's extraction and
// signals as stored. The memo function, the CLI and the tests build it here
// only, so that they write the same memo.
func MemoInput(ex schema.ExtractionRecord, sig schema.SignalsRecord) memo.Input {
	return memo.Input{Company: ex.Borrower(), Issues: memoIssues(ex.CompanyIssue, ex.TextIssues, sig.Rejected),
		Years: statements.YearsDesc(ex.Years), Facts: append(slices.Clone(ex.Facts), sig.Facts...)}
}

// memoIssues are what stops the memo's publication whatever its claims: a
// borrower not identified, text the pages do not print holding a figure or
// a risk, quotes refused as hostile.
func memoIssues(companyIssue string, textIssues []string, rejected []signals.Rejected) []string {
	var out []string
	if companyIssue != "" {
		out = append(out, companyIssue)
	}
	out = append(out, textIssues...)
	if n := signals.Hostile(rejected); n > 0 {
		out = append(out, fmt.Sprintf("le document contient %d passage(s) adressé(s) au modèle ou refermant une citation (tentative d'injection) : à relire par une personne", n))
	}
	return out
}

// Record gives the stored form of a signals reading.
func (s Signaled) Record() schema.SignalsRecord {
	return schema.SignalsRecord{Verified: s.Verified, Rejected: s.Rejected, Retried: s.Retried, Facts: s.Facts, Usage: s.Usage,
		CriticalAdded: s.CriticalAdded}
}
