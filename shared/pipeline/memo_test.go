package pipeline_test

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"

	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/dev/fixtures/pdfs"
	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/sentences"
)

// offlineMemo runs the three stages offline on a test report.
func offlineMemo(t *testing.T, slug string) memo.Result {
	t.Helper()
	return offlineChain(t, fixtures.ReportOf(t, slug).PDF)
}

// offlineChain runs the three stages offline on a PDF, as the functions do.
func offlineChain(t *testing.T, path string) memo.Result {
	t.Helper()
	return chainOf(t, pdfs.Read(t, path))
}

// chainOf runs the offline chain on a document read.
func chainOf(t *testing.T, doc *pdftext.Document) memo.Result {
	t.Helper()
	p := pipeline.New(nil, pipeline.Options{Limits: pdftext.DefaultLimits()})
	ex, err := p.Extract(context.Background(), doc)
	if err != nil {
		t.Fatal(err)
	}
	company, years := ex.Borrower(), ex.Result.Report.YearsDesc()
	sig, err := p.Signals(context.Background(), company, years, doc.Texts())
	if err != nil {
		t.Fatal(err)
	}
	res, err := p.Memo(context.Background(), pipeline.MemoInput(p.Record(ex, len(doc.Pages)), sig.Record()))
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func section(res memo.Result, k memo.Kind) memo.Paragraph {
	for _, p := range res.Paragraphs {
		if p.Kind == k {
			return p
		}
	}
	return memo.Paragraph{}
}

// A memo an analyst can sign: every section, no sentence twice, no list of
// quotes, ranked risks each with a severity and a source, a short proposed
// opinion, the committee's targets (checkTargets), published.
func TestMemoQuality(t *testing.T) {
	t.Parallel()
	for _, r := range fixtures.Reports(t) {
		t.Run(r.Slug, func(t *testing.T) {
			t.Parallel()
			res := offlineMemo(t, r.Slug)
			if res.Status != memo.Published {
				t.Errorf("status %s: %s", res.Status, res.Reason)
			}
			checkTargets(t, res)
			var kinds []memo.Kind
			seen := map[string]bool{}
			for _, p := range res.Paragraphs {
				kinds = append(kinds, p.Kind)
				if len(p.Sources) == 0 {
					t.Errorf("%s without a source", p.Kind)
				}
				for _, s := range sentences.Split(p.Text) {
					if seen[s] {
						t.Errorf("sentence repeated: %q", s)
					}
					seen[s] = true
				}
			}
			if !slices.Equal(kinds, memo.Kinds) {
				t.Errorf("sections %v, want %v", kinds, memo.Kinds)
			}
			if words := len(strings.Fields(section(res, memo.OpinionKind).Text)); words == 0 || words >= 120 {
				t.Errorf("opinion of %d words", words)
			}
			risks := sentences.Split(section(res, memo.Risks).Text)
			ranked := 0
			for _, s := range risks {
				if !strings.HasPrefix(s, "Risque ") {
					continue
				}
				ranked++
				if !strings.Contains(s, ", gravité ") {
					t.Errorf("risk without its severity: %q", s)
				}
				if strings.Count(s, "« ") > 1 {
					t.Errorf("more than one quote in a risk: %q", s)
				}
			}
			if ranked == 0 || ranked > 5 {
				t.Errorf("%d ranked risks, want 1 to 5", ranked)
			}
		})
	}
}

// The course's three cases: Ferlac's covenant, Solvéa's bridge loan,
// Helvane's voluntary prepayment, which is no risk.
func TestMemoCourseCases(t *testing.T) {
	t.Parallel()
	tests := []struct {
		slug    string
		kind    memo.Kind
		want    []string
		notWant []string
	}{
		{"ferlac", memo.Covenants, []string{"plafond de 3,5x", "3,4x", "selon la définition contractuelle", "marge de 2,9 %", "levier calculé sur les comptes : 5,5x (voir chiffres clés) en 2025, selon une autre définition"},
			[]string{"dépassé", "dépassement"}},
		{"solvea", memo.DebtLiquidity, []string{"échéances de la dette à moins d'un an : 45 000 k€", "trésorerie 2025 : 23 160 k€", "sources inférieures aux emplois"}, nil},
		{"helvane", memo.Risks, nil, []string{"Remboursement anticipé de 12,0 M€"}},
		// the lender's restatements (issue 27), each from its note
		{"ferlac", memo.Counterparty, []string{"Actionnariat : famille Ferlac 62 %, fonds Rhône Capital Partenaires 38 % (p. 11)"}, nil},
		{"ferlac", memo.DebtLiquidity, []string{"Dette nette hors comptes courants d'associés : 85 310 k€", "dette nette y compris le crédit-bail restant dû : 104 010 k€",
			"investissements engagés : 2 150 k€"}, nil},
		{"ferlac", memo.Covenants, []string{"EBITDA ajusté publié : 25 100 k€", "part des retraitements : 31,1 %", "rapprochés de l'EBITDA des comptes",
			"l'EBITDA ajusté publié peut baisser de 717 k€"}, []string{"peut baisser de 2,9 %"}},
		{"helvane", memo.DebtLiquidity, []string{"Dette nette hors dettes locatives, incluses dans les dettes financières : 23 100 k€",
			"échéances de la dette à moins d'un an (bilan, « Part à moins d’un an des dettes financières », p. 10) : 11 400 k€", "couverture des emplois par les sources : 7,2x"},
			[]string{"investissements engagés :", "non publiées"}},
		{"helvane", memo.Covenants, []string{"selon la définition des comptes, aucun niveau contractuel n'étant publié : l'EBITDA des comptes peut baisser de 50 267 k€"}, nil},
		// the CAF the French way, in the table, once (issue 27)
		{"ferlac", memo.KeyFigures, []string{"Capacité d'autofinancement | 8 988 k€ | 14 510 k€ | -38,1 %"}, nil},
		{"ferlac", memo.DebtLiquidity, []string{"capacité d'autofinancement 2025 reconduite : 8 988 k€ (voir chiffres clés)"}, nil},
		{"helvane", memo.ToVerify, []string{"investissements engagés : non disponible dans le document", "EBITDA ajusté : non disponible dans le document"}, []string{"23 100 k€"}},
		{"solvea", memo.DebtLiquidity, []string{"investissements engagés : 27 400 k€", "couverture des emplois par les sources : 0,6x"}, nil},
		{"solvea", memo.ToVerify, []string{"actionnariat : non disponible dans le document"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.slug+"/"+string(tt.kind), func(t *testing.T) {
			t.Parallel()
			text := section(offlineMemo(t, tt.slug), tt.kind).Text
			for _, w := range tt.want {
				if !strings.Contains(text, w) {
					t.Errorf("%s lacks %q: %s", tt.kind, w, text)
				}
			}
			for _, w := range tt.notWant {
				if strings.Contains(text, w) {
					t.Errorf("%s says %q: %s", tt.kind, w, text)
				}
			}
		})
	}
}

// rawKey is an identifier a reader must never see: "exigibilite_anticipee".
var rawKey = regexp.MustCompile(`\b\p{Ll}+_\p{Ll}[\p{Ll}_]*\b`)

// checkTargets checks the committee's mechanical targets: a proposed
// opinion, a counterparty section naming the auditor the report names,
// twelve-month sources against uses, no "rien à signaler" under an alert,
// no raw key, at most 700 words, no figure in two sections unless one
// refers to the other.
func checkTargets(t *testing.T, res memo.Result) {
	t.Helper()
	if res.Opinion == nil || !strings.HasPrefix(section(res, memo.OpinionKind).Text, "Avis proposé") {
		t.Errorf("no proposed opinion: %+v", res.Opinion)
	}
	if c := section(res, memo.Counterparty).Text; !strings.Contains(c, "Commissaire aux comptes : ") || strings.Contains(c, "non nommé") {
		t.Errorf("counterparty without the auditor: %q", c)
	}
	// Without a maturity, the uses are the worst case: the whole financial debt.
	if l := res.Liquidity; l == nil || len(l.Sources) == 0 || len(l.Uses) == 0 && l.MinCover == nil || !strings.Contains(section(res, memo.DebtLiquidity).Text, "sources de ") {
		t.Errorf("no sources against uses: %+v", l)
	}
	alert := slices.ContainsFunc(res.Paragraphs, func(p memo.Paragraph) bool {
		return slices.ContainsFunc(p.Sources, func(id string) bool { return strings.HasPrefix(id, "A-") })
	})
	words := 0
	for _, p := range res.Paragraphs {
		words += len(strings.Fields(p.Text))
		if alert && strings.Contains(p.Text, "rien à signaler") {
			t.Errorf("%s says rien à signaler under an alert", p.Kind)
		}
		if k := rawKey.FindString(p.Text); k != "" {
			t.Errorf("%s shows the raw key %q", p.Kind, k)
		}
	}
	if words > 700 {
		t.Errorf("%d words, want at most 700", words)
	}
	if reps := memo.Repeats(memo.Memo{Paragraphs: res.Paragraphs}); len(reps) > 0 {
		t.Errorf("figures said in two sections without a reference: %+v", reps)
	}
}

// The committee's targets on the documents the memo is not tuned on too:
// the generated families, the real filings and the engines' reports
// (make eval's set), thin memos included.
func TestMemoTargetsEverywhere(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("the chain on every family, real filing and engine's report")
	}
	paths := map[string]string{}
	for _, r := range append(fixtures.Families(t), fixtures.RealFilings(t)...) {
		paths[r.Slug] = r.PDF
	}
	for _, engine := range []string{"garnier", "orval"} {
		paths[engine] = fixtures.Testdata(t, "engines", engine, "rapport.pdf")
	}
	for slug, pdf := range paths {
		t.Run(slug, func(t *testing.T) {
			t.Parallel()
			checkTargets(t, offlineChain(t, pdf))
		})
	}
}
