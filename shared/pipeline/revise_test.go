package pipeline_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"analyste.dev/analyste/shared/checks"
	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/dev/fixtures/pdfs"
	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/statements"
)

// stored runs the extract and signals stages offline on a test report and
// returns what they store, with the page texts.
func stored(t *testing.T, slug string) (*pipeline.Pipeline, schema.ExtractionRecord, schema.SignalsRecord, []string) {
	t.Helper()
	doc := pdfs.Read(t, fixtures.ReportOf(t, slug).PDF)
	p := pipeline.New(nil, pipeline.Options{Limits: pdftext.DefaultLimits()})
	ex, err := p.Extract(context.Background(), doc)
	if err != nil {
		t.Fatal(err)
	}
	rec := p.Record(ex, len(doc.Pages))
	sig, err := p.Signals(context.Background(), rec.Borrower(), statements.YearsDesc(rec.Years), doc.Texts())
	if err != nil {
		t.Fatal(err)
	}
	return p, rec, sig.Record().Bounded(), doc.Texts()
}

// Without a correction, the revision is the chain's own result: the
// recomputation from the stored reading is the extract stage's.
func TestReviseWithoutCorrectionIsTheChain(t *testing.T) {
	p, ex, sig, texts := stored(t, "ferlac")
	got, err := p.Revise(context.Background(), ex, sig, texts, nil)
	if err != nil {
		t.Fatal(err)
	}
	ignore := cmpopts.IgnoreFields(schema.ExtractionRecord{}, "Reading")
	if diff := cmp.Diff(ex, got.Extraction, ignore, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("revision without correction differs from the stored reading (-stored +revised):\n%s", diff)
	}
	want, err := p.Memo(context.Background(), pipeline.MemoInput(ex, sig))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got.Memo, cmpopts.IgnoreFields(memo.Result{}, "Usage")); diff != "" {
		t.Errorf("memo (-chain +revised):\n%s", diff)
	}
}

func TestReviseAppliesCorrections(t *testing.T) {
	p, ex, sig, texts := stored(t, "ferlac")
	year := statements.YearsDesc(ex.Years)[0]
	stocks := statements.Key{Statement: statements.Balance, Name: "stocks"}
	v, ok := ex.Years[year].Get(stocks)
	if !ok {
		t.Fatalf("%d %s not read", year, stocks)
	}
	amount := func(f float64) schema.Correction {
		return schema.Correction{Field: stocks.String(), Year: year, Before: schema.FormatAmount(v, true), After: schema.FormatAmount(f, true)}
	}
	identityOf := func(rec schema.ExtractionRecord, label string) checks.Status {
		for _, c := range rec.Checks {
			if c.Year == year && c.Label == label {
				return c.Status
			}
		}
		return ""
	}
	total := "" // the balance identity that reads the stocks
	for _, c := range ex.Checks {
		if c.Year == year && c.Status == checks.Passed && slices.Contains(checks.Reads(c, year-1), statements.FieldRef{Year: year, Key: stocks}) {
			total = c.Label
			break
		}
	}
	if total == "" {
		t.Fatal("no passed check reads the stocks")
	}
	cases := []struct {
		name    string
		cs      []schema.Correction
		check   checks.Status // the identity's status
		company string
		wantErr bool
	}{
		{name: "same amount", cs: []schema.Correction{amount(v)}, check: checks.Passed, company: ex.Company},
		{name: "wrong amount fails the identity", cs: []schema.Correction{amount(v + 500)}, check: checks.Failed, company: ex.Company},
		{name: "a later correction wins", cs: []schema.Correction{amount(v + 500), amount(v)}, check: checks.Passed, company: ex.Company},
		{name: "name", cs: []schema.Correction{{Field: schema.CompanyField, Before: ex.Company, After: "Ferlac Industries SA"}}, check: checks.Passed, company: "Ferlac Industries SA"},
		{name: "unknown field", cs: []schema.Correction{{Field: "bilan.inconnu", Year: year, After: "1"}}, wantErr: true},
		{name: "unknown year", cs: []schema.Correction{{Field: stocks.String(), Year: 1990, After: "1"}}, wantErr: true},
		{name: "not an amount", cs: []schema.Correction{{Field: stocks.String(), Year: year, After: "douze"}}, wantErr: true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := p.Revise(context.Background(), ex, sig, texts, tc.cs)
			if tc.wantErr {
				if err == nil {
					t.Fatal("no error")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if s := identityOf(got.Extraction, total); s != tc.check {
				t.Errorf("%s: %s, want %s", total, s, tc.check)
			}
			if got.Extraction.Borrower() != tc.company {
				t.Errorf("borrower %q, want %q", got.Extraction.Borrower(), tc.company)
			}
			if tc.check == checks.Failed && got.Memo.Status == memo.Published {
				t.Error("memo published over a failed identity")
			}
			if got.Memo.Status == "" {
				t.Error("no memo")
			}
		})
	}
	if _, ok := ex.Years[year].Get(stocks); !ok || ex.Reading == nil {
		t.Error("the stored reading was changed")
	}
}

// The borrower's name corrected names every fact after it, the signals'
// included, and lifts the abstention an unidentified borrower forces.
func TestReviseNamesTheBorrower(t *testing.T) {
	p, ex, sig, texts := stored(t, "ferlac")
	chain, err := p.Memo(context.Background(), pipeline.MemoInput(ex, sig))
	if err != nil {
		t.Fatal(err)
	}
	ex.CompanyIssue = "société non identifiée : essai"
	before, err := p.Revise(context.Background(), ex, sig, texts, nil)
	if err != nil {
		t.Fatal(err)
	}
	if before.Memo.Status != memo.Abstained {
		t.Fatalf("memo %s for an unidentified borrower, want an abstention", before.Memo.Status)
	}
	// A fact the net marked (Ferlac has none) stays critical under its new name.
	sig.Facts[1].Critical = true
	const name = "Ferlac Industries"
	got, err := p.Revise(context.Background(), ex, sig, texts, []schema.Correction{{Field: schema.CompanyField, After: name}})
	if err != nil {
		t.Fatal(err)
	}
	all := append(slices.Clone(got.Extraction.Facts), got.SignalFacts...)
	if len(got.SignalFacts) == 0 || len(got.SignalFacts) != len(sig.Facts) {
		t.Fatalf("%d signal facts, want the %d stored", len(got.SignalFacts), len(sig.Facts))
	}
	critical := 0
	for i, f := range got.SignalFacts {
		if f.Critical != sig.Facts[i].Critical {
			t.Errorf("fact %s critical %v, was %v as %s", f.ID, f.Critical, sig.Facts[i].Critical, sig.Facts[i].ID)
		}
		if f.Critical {
			critical++
		}
	}
	if critical != 1 {
		t.Errorf("%d critical facts renamed, want 1", critical)
	}
	for _, f := range all {
		if !strings.Contains(f.ID, "-"+facts.Slug(name)+"-") || !strings.HasPrefix(f.Text, name) && f.ID[0] != 'K' {
			t.Errorf("fact %s « %.40s… » not named after the corrected borrower", f.ID, f.Text)
		}
	}
	if got.Extraction.CompanyIssue != "" || got.Memo.Status != chain.Status {
		t.Errorf("issue %q, memo %s: want none and the chain's status %s", got.Extraction.CompanyIssue, got.Memo.Status, chain.Status)
	}
}

func TestReviseNeedsTheReading(t *testing.T) {
	p, ex, sig, texts := stored(t, "ferlac")
	ex.Reading = nil
	if _, err := p.Revise(context.Background(), ex, sig, texts, nil); !errors.Is(err, pipeline.ErrNoReading) {
		t.Errorf("error %v, want ErrNoReading", err)
	}
}

// A line read as financial debt that is in fact another liability: its
// role corrected, its amounts leave dettes_financieres for autres_passifs
// (their sum kept), the ratios and facts standing on them follow, and the
// stored transcription is not changed. A role correction made on another
// reading is refused.
func TestReviseCorrectsARole(t *testing.T) {
	p, ex, sig, texts := stored(t, "ferlac")
	debt := statements.Key{Statement: statements.Balance, Name: "dettes_financieres"}
	other := statements.Key{Statement: statements.Balance, Name: "autres_passifs"}
	year := statements.YearsDesc(ex.Years)[0]
	table, line := 0, 0
	for ti, tab := range ex.Reading.Transcription.Tables {
		for li, l := range tab.Lines {
			if tab.Statement == statements.Balance && l.Category == debt.Name && table == 0 {
				for col, a := range l.Amounts {
					if a != nil && *a != 0 && tab.Years[col] == year {
						table, line = ti+1, li+1
					}
				}
			}
		}
	}
	if table == 0 {
		t.Fatal("no balance line read as dettes_financieres with an amount")
	}
	role := schema.Correction{Field: schema.RoleField, Table: table, Line: line, Before: debt.String(), After: other.String()}
	got, err := p.Revise(context.Background(), ex, sig, texts, []schema.Correction{role})
	if err != nil {
		t.Fatal(err)
	}
	amount := func(rec schema.ExtractionRecord, k statements.Key) float64 {
		v, _ := rec.Years[year].Get(k)
		return v
	}
	if amount(got.Extraction, debt) >= amount(ex, debt) {
		t.Errorf("dettes_financieres %v after the role's correction, %v before: the line did not leave it", amount(got.Extraction, debt), amount(ex, debt))
	}
	if d := amount(got.Extraction, debt) + amount(got.Extraction, other) - amount(ex, debt) - amount(ex, other); d > 1e-6 || d < -1e-6 {
		t.Errorf("the line's amount is not kept between the two fields (difference %v)", d)
	}
	if got.Extraction.Ratios[year].Leverage == ex.Ratios[year].Leverage {
		t.Error("the leverage did not follow the debt")
	}
	if got.Memo.Status == "" {
		t.Error("no memo")
	}
	if c := ex.Reading.Transcription.Tables[table-1].Lines[line-1].Category; c != debt.Name {
		t.Errorf("the stored transcription now reads %s", c)
	}
	for _, bad := range []schema.Correction{
		{Field: schema.RoleField, Table: table, Line: line, Before: other.String(), After: debt.String()},
		{Field: schema.RoleField, Table: table, Line: line, Before: debt.String(), After: "bilan.inconnu"},
		{Field: schema.RoleField, Table: table, Line: line, Before: debt.String(), After: "compte_resultat.chiffre_affaires"},
		{Field: schema.RoleField, Table: table, Line: 10000, Before: debt.String(), After: other.String()},
	} {
		if _, err := p.Revise(context.Background(), ex, sig, texts, []schema.Correction{bad}); err == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
}
