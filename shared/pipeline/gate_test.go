package pipeline_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/dev/fixtures/pdfs"
	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/model/modeltest"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/statementreader"
	"analyste.dev/analyste/shared/statements"
)

// The gate: a memo sentence citing a fact whose fields were not verified
// is not published; the hand-off says which check or divergence and where.
func TestMemoGate(t *testing.T) {
	t.Parallel()
	doc := pdfs.Read(t, fixtures.ReportOf(t, "ferlac").PDF)
	good, err := statementreader.Reader{}.Transcribe(context.Background(), doc)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		read       statements.Transcription
		cite       string // ratio fact cited by the memo sentence
		subject    string // how the sentence names it
		wantStatus memo.Status
		wantReason string
	}{
		{"read right", good, "bfr", "Le BFR", memo.Published, ""},
		{"a misread line fails its total", fixtures.Misread(good), "bfr", "Le BFR", memo.Abstained, "contrôle en échec : 2025 - total actif = somme des postes"},
		// Every line of a failed total is suspect, the cash too: the leverage is not verified either.
		{"a line of the failed total", fixtures.Misread(good), "levier", "Le levier", memo.Abstained, "contrôle en échec : 2025 - total actif"},
		{"a fact away from the failed total", fixtures.Misread(good), "marge-exploitation", "La marge d'exploitation", memo.Published, ""},
		// 3 000 moved from the other current assets to the stocks: every total holds.
		{"compensating misreads, the readers disagree", fixtures.Shift(good, map[string]float64{"stocks": 3000, "autres_actifs_courants": -3000}), "bfr", "Le BFR", memo.Abstained, "Lecture divergente 2025 - bilan.stocks"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			fake := modeltest.New()
			for range 3 {
				fake.Queue(modeltest.Answer(t, tt.read))
			}
			p := pipeline.New(fake, pipeline.Options{MaxRereads: 2, Limits: pdftext.DefaultLimits()})
			ex, err := p.Extract(context.Background(), doc)
			if err != nil {
				t.Fatal(err)
			}
			f := find(t, ex.Facts, "R-ferlac-"+tt.cite)
			claim := tt.subject + " est de " + firstNumber(t, f.Text) + " en 2025."
			v, err := memo.NewVerifier(memo.OfflineJudge{})
			if err != nil {
				t.Fatal(err)
			}
			in := memo.Input{Company: ex.Borrower(), Facts: ex.Facts, Years: ex.Result.Report.YearsDesc()}
			res, err := v.Verify(context.Background(), in, memo.Memo{Paragraphs: []memo.Paragraph{{Kind: memo.DebtLiquidity, Text: claim, Sources: []string{f.ID}}}})
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != tt.wantStatus {
				t.Fatalf("%q: status %s (%s), want %s", claim, res.Status, res.Reason, tt.wantStatus)
			}
			if tt.wantReason == "" {
				return
			}
			if !strings.Contains(res.Reason, tt.wantReason) || res.Handoff == nil || len(res.Handoff.Unverified) == 0 {
				t.Fatalf("reason %q lacks %q, or no unverified fact handed off", res.Reason, tt.wantReason)
			}
			if !strings.Contains(res.Handoff.Unverified[0], "lignes à revoir") || !strings.Contains(res.Handoff.Unverified[0], " p. ") {
				t.Errorf("the hand-off does not say which printed lines to look at: %q", res.Handoff.Unverified[0])
			}
			if len(res.Paragraphs) == 0 {
				t.Error("the draft was not kept for the reviewer")
			}
		})
	}
}

// A name read from a sentence does not name the borrower: the document's
// own legal identity does; a document that prints none has its facts named
// after no one and its memo goes to a person.
func TestUnidentifiedCompany(t *testing.T) {
	t.Parallel()
	doc := pdfs.Read(t, fixtures.ReportOf(t, "ferlac").PDF)
	good, err := statementreader.Reader{}.Transcribe(context.Background(), doc)
	if err != nil {
		t.Fatal(err)
	}
	good.Company = "Celui-ci a assigné la société Dupont SAS"
	extract := func(doc *pdftext.Document) pipeline.Extracted {
		fake := modeltest.New(modeltest.Answer(t, good))
		ex, err := pipeline.New(fake, pipeline.Options{Limits: pdftext.DefaultLimits()}).Extract(context.Background(), doc)
		if err != nil {
			t.Fatal(err)
		}
		return ex
	}
	if ex := extract(doc); ex.CompanyIssue != "" || ex.Borrower() != "Maison Ferlac SAS" {
		t.Errorf("issue %q, borrower %q, want the legal name the report prints", ex.CompanyIssue, ex.Borrower())
	}
	nameless := &pdftext.Document{}
	for _, p := range doc.Pages {
		p.Lines = slices.DeleteFunc(slices.Clone(p.Lines), func(l pdftext.Line) bool { return strings.Contains(l.Text(), "Ferlac") })
		nameless.Pages = append(nameless.Pages, p)
	}
	ex := extract(nameless)
	if !strings.Contains(ex.CompanyIssue, "société non identifiée") || ex.Borrower() != facts.Unidentified {
		t.Fatalf("issue %q, borrower %q", ex.CompanyIssue, ex.Borrower())
	}
	for _, f := range ex.Facts {
		if _, rest, _ := strings.Cut(f.ID, "-"); !strings.HasPrefix(rest, "societe-") {
			t.Fatalf("fact %s named after the stray word", f.ID)
		}
	}
	p := pipeline.New(nil, pipeline.Options{})
	res, err := p.Memo(context.Background(), pipeline.MemoInput(p.Record(ex, len(nameless.Pages)), schema.SignalsRecord{}))
	if err != nil {
		t.Fatal(err)
	}
	if res.Status == memo.Published || !strings.Contains(res.Reason, "société non identifiée") || res.Handoff == nil {
		t.Errorf("status %s, reason %q", res.Status, res.Reason)
	}
}

func find(t *testing.T, fs []facts.Fact, id string) facts.Fact {
	t.Helper()
	for _, f := range fs {
		if f.ID == id {
			return f
		}
	}
	t.Fatalf("no fact %s", id)
	return facts.Fact{}
}

// firstNumber is the fact's first figure as printed, the latest year's.
func firstNumber(t *testing.T, text string) string {
	t.Helper()
	for _, n := range frnum.Parse(text) {
		if !n.IsYear() {
			return strings.TrimSpace(n.Text)
		}
	}
	t.Fatalf("no number in %q", text)
	return ""
}

// A document whose quotes try to steer the model goes to a person, however
// clean the memo written from the rest.
func TestHostileDocumentHandedOff(t *testing.T) {
	t.Parallel()
	res := offlineChain(t, fixtures.Testdata(t, "bad", "hostile", "evil_quotes.pdf"))
	if res.Status == memo.Published || !strings.Contains(res.Reason, "tentative d'injection") {
		t.Errorf("status %s: %s", res.Status, res.Reason)
	}
	for _, p := range res.Paragraphs {
		for _, bad := range []string{"levier de 0,9x", "que de 5 000 k€", "Ignore", "\u202e"} {
			if strings.Contains(p.Text, bad) {
				t.Errorf("the draft carries %q: %s", bad, p.Text)
			}
		}
	}
}
