package pipeline

import (
	"analyste.dev/analyste/shared/checks"
	"analyste.dev/analyste/shared/extraction"
	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/model"
	"analyste.dev/analyste/shared/ratios"
	"analyste.dev/analyste/shared/signals"
	"analyste.dev/analyste/shared/statements"
)

// ExtractionRecord is the extract stage's output as stored
// (extractions/{id}) and printed by `analyste extract`: truth.json's shape
// plus what the loop did and the R- and A- facts.
type ExtractionRecord struct {
	Company string `json:"societe"`
	// CompanyIssue says why Company cannot stand for the borrower.
	CompanyIssue string                  `json:"societe_non_identifiee,omitempty"`
	PrintedUnit  string                  `json:"unite_imprimee"`
	UnitDeduced  string                  `json:"unite_deduite,omitempty"`
	Pages        statements.Pages        `json:"pages"`
	Years        map[int]statements.Year `json:"exercices"`
	Checks       []checks.Check          `json:"controles"`
	Attempts     []extraction.Attempt    `json:"tentatives"`
	Usage        model.Usage             `json:"usage"`
	Prompt       extraction.PromptSize   `json:"prompt"`
	Divergences  []ratios.Alert          `json:"lectures_divergentes"`
	Ratios       map[int]ratios.Ratios   `json:"ratios"`
	Alerts       []ratios.Alert          `json:"alertes"`
	Facts        []facts.Fact            `json:"faits"`
	Readers      string                  `json:"lecteurs"`
	// PageTexts locates the page texts (gs://…) the signals stage and the
	// viewer read; empty in the CLI, which has the PDF at hand.
	PageTexts string `json:"textes_pages,omitempty"`
	PageCount int    `json:"nombre_pages"`
}

// Record gives the stored form of an extraction.
func (p *Pipeline) Record(ex Extracted, pageCount int) ExtractionRecord {
	res := ex.Result
	return ExtractionRecord{
		Company: res.Transcription.Company, CompanyIssue: ex.CompanyIssue,
		PrintedUnit: res.Transcription.PrintedUnit, UnitDeduced: res.Transcription.UnitDeduced,
		Pages: res.Report.Pages, Years: res.Report.Years, Checks: res.Checks,
		Attempts: res.Attempts, Usage: res.Usage, Prompt: res.Prompt,
		Divergences: ex.Divergences, Ratios: ex.Ratios, Alerts: ex.Alerts, Facts: ex.Facts,
		Readers: p.Mode(), PageCount: pageCount,
	}
}

// Borrower is the name the facts and the memo use.
func (r ExtractionRecord) Borrower() string { return borrower(r.Company, r.CompanyIssue) }

// SignalsRecord is the signals stage's output as stored (signals/{id}).
type SignalsRecord struct {
	Verified []signals.Signal   `json:"verifies"`
	Rejected []signals.Rejected `json:"rejetes"`
	Retried  bool               `json:"relance"`
	Facts    []facts.Fact       `json:"faits"`
	Usage    model.Usage        `json:"usage"`
}

// Record gives the stored form of a signals reading.
func (s Signaled) Record() SignalsRecord {
	return SignalsRecord{Verified: s.Verified, Rejected: s.Rejected, Retried: s.Retried, Facts: s.Facts, Usage: s.Usage}
}
