package evaluation

import (
	"errors"
	"maps"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"analyste.dev/analyste/shared/checks"
	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/extraction"
	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/model"
	"analyste.dev/analyste/shared/ratios"
	"analyste.dev/analyste/shared/riskmodel"
	"analyste.dev/analyste/shared/signals"
	"analyste.dev/analyste/shared/statements"
)

var (
	stocks      = statements.Key{Statement: statements.Balance, Name: "stocks"}
	totalLiab   = statements.Key{Statement: statements.Balance, Name: "total_passif"}
	otherAssets = statements.Key{Statement: statements.Balance, Name: "autres_actifs"}
	expectedSg  = []statements.ExpectedSignal{
		{ID: "covenant", Page: 12, Clue: "covenant"},
		{ID: "litige", Page: 6, Clue: "litige"},
	}
	covenant = signals.Signal{Category: signals.Covenant, Page: 12, Quote: "L'emprunt est assorti d'un covenant de levier."}
)

// truthAndRun is a truth with two expected signals and a perfect run of it:
// every field read, every check passed, both signals quoted, memo published.
func truthAndRun(t *testing.T) (Truth, Run) {
	t.Helper()
	st := fixtures.SmallTruth(t)
	st.ExpectedSignals = expectedSg
	rep := fixtures.TruthReport(t, st)
	rep.Years = maps.Clone(rep.Years) // the run's own copy, free to change
	run := Run{
		Extraction: extraction.Result{
			Report:   rep,
			Checks:   checks.Identities(rep),
			Attempts: []extraction.Attempt{{Number: 1}},
			Usage: model.Usage{Attempts: []model.Attempt{
				{Role: extraction.Role, Number: 1, InputTokens: 1000, OutputTokens: 200, Latency: time.Second},
			}},
		},
		Signals: riskmodel.Reading{Verified: []signals.Signal{covenant,
			{Category: signals.Litigation, Page: 6, Quote: "Un litige oppose la Société à un client."}}},
		Memo: memo.Result{Status: memo.Published, Usage: model.Usage{Attempts: []model.Attempt{
			{Role: memo.JudgeRole, Number: 1, InputTokens: 300, OutputTokens: 20, Latency: time.Second / 2},
		}}},
	}
	return complete(st), run
}

// complete is the evaluation's truth of t.
func complete(t statements.Truth) Truth { return Truth{Truth: t} }

// val is the amount of k in y, 0 when absent.
func val(y statements.Year, k statements.Key) float64 {
	v, _ := y.Get(k)
	return v
}

func setField(r *statements.Report, year int, k statements.Key, v float64) {
	y := r.Years[year]
	y.Set(k, v)
	r.Years[year] = y
}

func TestMeasure(t *testing.T) {
	t.Parallel()
	truth, _ := truthAndRun(t)
	wantStocks := val(truth.Years[2025], stocks) // the stocks move the DIO by as much, the most of any ratio
	tests := []struct {
		name   string
		change func(*Run)
		want   Score
	}{
		{
			name:   "perfect run",
			change: func(*Run) {},
			want:   Score{FieldsExact: 78},
		},
		{
			name:   "one wrong field",
			change: func(r *Run) { setField(&r.Extraction.Report, 2025, stocks, wantStocks+3000) },
			want: Score{FieldsExact: 77, WrongFields: []FieldError{{Year: 2025, Key: "bilan.stocks", Want: wantStocks, Got: ptr(wantStocks + 3000)}},
				RatioDeviation: 3000 / wantStocks * 100, WorstRatio: "2025 dio"},
		},
		{
			name:   "a field off by the tolerance is exact",
			change: func(r *Run) { setField(&r.Extraction.Report, 2025, stocks, wantStocks+FieldTolerance) },
			want:   Score{FieldsExact: 78, RatioDeviation: FieldTolerance / wantStocks * 100, WorstRatio: "2025 dio"},
		},
		{
			name: "a missing field",
			change: func(r *Run) {
				y := r.Extraction.Report.Years[2024]
				y.Clear(stocks)
				r.Extraction.Report.Years[2024] = y
			},
			want: Score{FieldsExact: 77, WrongFields: []FieldError{{Year: 2024, Key: "bilan.stocks", Want: val(truth.Years[2024], stocks)}},
				RatioDeviation: 100, WorstRatio: "2024 bfr"},
		},
		{
			name:   "an invented field",
			change: func(r *Run) { setField(&r.Extraction.Report, 2025, otherAssets, 12) },
			want:   Score{FieldsExact: 78, Invented: []string{"2025 bilan.autres_actifs = 12"}},
		},
		{
			name: "a ratio off by 2 %",
			change: func(r *Run) {
				setField(&r.Extraction.Report, 2025, totalLiab, val(truth.Years[2025], totalLiab)/1.02)
			},
			want: Score{FieldsExact: 77, WrongFields: []FieldError{{Year: 2025, Key: "bilan.total_passif", Want: val(truth.Years[2025], totalLiab), Got: ptr(val(truth.Years[2025], totalLiab) / 1.02)}},
				RatioDeviation: 2, WorstRatio: "2025 autonomie_financiere"},
		},
		{
			name: "a signal missed, a quote rejected, a check failed, a re-read, memo blocked",
			change: func(r *Run) {
				r.Signals.Verified = []signals.Signal{covenant}
				r.Signals.Rejected = []signals.Rejected{{Signal: covenant, Reason: "citation introuvable"}}
				r.Extraction.Checks[1].Status = checks.Failed
				r.Extraction.Attempts = append(r.Extraction.Attempts, extraction.Attempt{Number: 2})
				r.Memo.Status = memo.Blocked
			},
			want: Score{FieldsExact: 78, SignalsFound: 1, MissedSignals: []string{"litige"}, QuotesRejected: 1, ChecksOK: 28, Rereads: 1, MemoStatus: memo.Blocked,
				ChecksLost: []string{"2025 - résultat net = exploitation + financier + exceptionnel - impôt"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			truth, run := truthAndRun(t)
			tt.change(&run)
			got, err := Measure(truth, run)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(perfect(tt.want, run), got, cmpopts.EquateApprox(0, 1e-9)); diff != "" {
				t.Errorf("score (-want +got):\n%s", diff)
			}
		})
	}
}

// perfect fills in what every case of TestMeasure shares with the perfect
// run: totals, signals found when none missed, checks, cost.
func perfect(s Score, run Run) Score {
	s.Company = "Maison Test SAS"
	s.FieldsTotal = 78
	s.SignalsExpected = 2
	if s.MissedSignals == nil {
		s.SignalsFound = 2
	}
	s.ChecksTotal = 29
	if s.ChecksOK == 0 {
		s.ChecksOK = 29
	}
	if s.MemoStatus == "" {
		s.MemoStatus = memo.Published
	}
	s.Calls = append(append([]model.Attempt(nil), run.Extraction.Usage.Attempts...), run.Memo.Usage.Attempts...)
	s.Cost = Cost{Calls: 2, InputTokens: 1300, OutputTokens: 220, Latency: 1500 * time.Millisecond}
	return s
}

func ptr(v float64) *float64 { return &v }

func TestParseTruthKeys(t *testing.T) {
	t.Parallel()
	data := []byte(`{"societe":"X SA","unite_imprimee":"k€","exercices":{"2025":{
		"bilan":{"stocks":10,"total_actif":50,"inconnu":3},
		"compte_resultat":{"chiffre_affaires":100},
		"annexe":{"effectif":12}}}}`)
	truth, err := ParseTruth(data)
	if err != nil {
		t.Fatal(err)
	}
	if n := truth.fieldCount(); n != 3 {
		t.Errorf("%d fields listed, want 3", n)
	}
	// Only the three known keys count, whatever the run read.
	rep, err := statements.FromTruth(truth.Truth)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Measure(truth, Run{Extraction: extraction.Result{Report: rep}})
	if err != nil {
		t.Fatal(err)
	}
	if s.FieldsExact != 3 || s.FieldsTotal != 3 {
		t.Errorf("fields %d/%d, want 3/3", s.FieldsExact, s.FieldsTotal)
	}
	if _, err := ParseTruth([]byte(`{"exercices":{"N":{}}}`)); err == nil {
		t.Error("a year that is not a number was accepted")
	}
}

func TestEvaluate(t *testing.T) {
	t.Parallel()
	a := func(exact int, dev float64, found int, status memo.Status, tokens int) Score {
		return Score{Company: "A", FieldsExact: exact, FieldsTotal: 78, RatioDeviation: dev, SignalsFound: found, SignalsExpected: 4,
			MemoStatus: status, Cost: Cost{Calls: 2, InputTokens: tokens}}
	}
	b := Score{Company: "B", FieldsExact: 78, FieldsTotal: 78, SignalsFound: 2, SignalsExpected: 2, MemoStatus: memo.Published, Cost: Cost{Calls: 1, InputTokens: 100}}
	tests := []struct {
		name        string
		passes      [][]Score
		wantA       Summary
		mean, worst string
	}{
		{
			name:   "one pass",
			passes: [][]Score{{a(78, 0, 4, memo.Published, 1000), b}},
			wantA: Summary{FieldsTotal: 78, FieldsExact: Stat{78, 78}, RatioDeviation: Stat{0, 0}, SignalsExpected: 4, SignalsFound: Stat{4, 4},
				MemoStatus: memo.Published, MemosPublished: 1, Calls: Stat{2, 2}, InputTokens: Stat{1000, 1000}},
			mean:  "Exactitude des champs : 156/156 (100.0%) | écart max des ratios : 0.00% | rappel des signaux : 100% | mémo vérifié : oui",
			worst: "Exactitude des champs : 156/156 (100.0%) | écart max des ratios : 0.00% | rappel des signaux : 100% | mémo vérifié : oui",
		},
		{
			name: "three passes that vary",
			passes: [][]Score{
				{a(78, 0, 4, memo.Published, 1000), b},
				{a(77, 2, 3, memo.Abstained, 2000), b},
				{a(76, 1, 4, memo.Published, 3000), b},
			},
			wantA: Summary{FieldsTotal: 78, FieldsExact: Stat{77, 76}, RatioDeviation: Stat{1, 2}, SignalsExpected: 4, SignalsFound: Stat{11.0 / 3, 3},
				MemoStatus: memo.Abstained, MemosPublished: 2, Calls: Stat{2, 2}, InputTokens: Stat{2000, 3000}},
			mean:  "Exactitude des champs : 155/156 (99.4%) | écart max des ratios : 1.00% | rappel des signaux : 94% | mémo vérifié : non",
			worst: "Exactitude des champs : 154/156 (98.7%) | écart max des ratios : 2.00% | rappel des signaux : 83% | mémo vérifié : non",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e := Evaluate(tt.passes)
			if e.Passes != len(tt.passes) || len(e.Reports) != 2 {
				t.Fatalf("%d passes, %d reports", e.Passes, len(e.Reports))
			}
			tt.wantA.Company = "A"
			for _, p := range tt.passes {
				tt.wantA.Passes = append(tt.wantA.Passes, p[0])
			}
			if diff := cmp.Diff(tt.wantA, e.Reports[0], cmpopts.EquateApprox(0, 1e-9)); diff != "" {
				t.Errorf("summary (-want +got):\n%s", diff)
			}
			if got := e.Mean.Line(); got != tt.mean {
				t.Errorf("mean line\n got %s\nwant %s", got, tt.mean)
			}
			if got := e.Worst.Line(); got != tt.worst {
				t.Errorf("worst line\n got %s\nwant %s", got, tt.worst)
			}
		})
	}
}

func TestLineShape(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		t    Totals
		want string
	}{
		{"the course's example", Totals{FieldsExact: 234, FieldsTotal: 234, SignalsFound: 30, SignalsExpected: 30, MemoVerified: true},
			"Exactitude des champs : 234/234 (100.0%) | écart max des ratios : 0.00% | rappel des signaux : 100% | mémo vérifié : oui"},
		{"a mean over passes", Totals{FieldsExact: 233.5, FieldsTotal: 234, RatioDeviation: 12.345, SignalsFound: 27, SignalsExpected: 30},
			"Exactitude des champs : 233.5/234 (99.8%) | écart max des ratios : 12.35% | rappel des signaux : 90% | mémo vérifié : non"},
		{"no signal expected", Totals{FieldsTotal: 78, MemoVerified: true},
			"Exactitude des champs : 0/78 (0.0%) | écart max des ratios : 0.00% | rappel des signaux : 100% | mémo vérifié : oui"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := tt.t.Line(); got != tt.want {
				t.Errorf("\n got %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestFailed(t *testing.T) {
	t.Parallel()
	truth, _ := truthAndRun(t)
	s := Failed(truth, errors.New("lecture impossible"))
	if s.FieldsExact != 0 || s.FieldsTotal != 78 || s.SignalsFound != 0 || s.SignalsExpected != 2 || s.Error == "" {
		t.Errorf("failed score %+v", s)
	}
	if tot := total([]Score{s}); tot.MemoVerified || math.Abs(tot.Recall()) > 0 {
		t.Errorf("a failed run verified the memo or found signals: %+v", tot)
	}
}

func TestWriteTable(t *testing.T) {
	t.Parallel()
	ok := Score{Company: "A SA", FieldsExact: 78, FieldsTotal: 78, ChecksOK: 29, ChecksTotal: 29, SignalsFound: 2, SignalsExpected: 2,
		MemoStatus: memo.Published, Cost: Cost{Calls: 3, InputTokens: 12000, OutputTokens: 800, Latency: 2 * time.Second}}
	worse := ok
	worse.FieldsExact, worse.Rereads, worse.MemoStatus = 76, 2, memo.Blocked
	failed := Score{Company: "A SA", FieldsTotal: 78, SignalsExpected: 2, Error: "Vertex AI indisponible"}
	liasse := Score{Company: "B SARL", Family: "liasse 2050", FieldsExact: 25, FieldsTotal: 26, Invented: []string{"2019 bilan.stocks = 0"}, MemoStatus: memo.Published}
	refused := Score{Company: "C SAS", Family: "liasse 2050", FieldsTotal: 20, Error: "illisible"}
	tests := []struct {
		name   string
		passes [][]Score
		want   []string
	}{
		{"one pass", [][]Score{{ok}}, []string{
			"A SA              78/78          0         29/29         0       0        0           0.00%             2/2              0                   publie  3       12000          800",
			"Exactitude des champs : 78/78 (100.0%) | écart max des ratios : 0.00% | rappel des signaux : 100% | mémo vérifié : oui\n",
			"Champs inventés : 0 | valeurs imprimées nulle part : 0 | documents refusés : 0 | contrôles perdus : 0 | affirmations publiées fausses : 0 | mémos publiés sur un contrôle en échec : 0\n",
			"Coût : 3 appels | jetons : 12 000 en entrée, 800 en sortie | latence cumulée des appels : 2 s\n",
		}},
		{"three passes", [][]Score{{ok}, {worse}, {failed}}, []string{
			"51.3/78 (pire 0/78)", "0.7 (pire 2)", "publié 1/3, pire : échec",
			"Moyenne sur 3 passages :\nExactitude des champs : 51.3/78 (65.8%)",
			"Pire cas de chaque chiffre :\nExactitude des champs : 0/78 (0.0%)",
			"A SA : 1 passage(s) en échec : Vertex AI indisponible\n",
		}},
		{"families", [][]Score{{ok, liasse, refused}}, []string{
			"Champs inventés : 1 | valeurs imprimées nulle part : 0 | documents refusés : 1 | contrôles perdus : 0 | affirmations publiées fausses : 0 | mémos publiés sur un contrôle en échec : 0\n",
			"Par famille (pire passage) :\n  sans famille : champs exacts 78/78 (100.0%) | inventés 0 | refusés 0\n" +
				"  liasse 2050 : champs exacts 25/46 (54.3%) | inventés 1 | refusés 1\n",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var b strings.Builder
			if err := Evaluate(tt.passes).WriteTable(&b); err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if !strings.Contains(b.String(), w) {
					t.Errorf("table lacks %q:\n%s", w, b.String())
				}
			}
		})
	}
}

// A published sentence is checked against the same facts computed from the
// truth: a number read wrong and published counts as a false claim, and a
// cited fact standing on a failed check is counted too.
func TestFalseClaims(t *testing.T) {
	t.Parallel()
	truth, _ := truthAndRun(t)
	tests := []struct {
		name         string
		stocks       float64 // added to 2025 stocks in what was read
		failedChecks bool
		wantFalse    int
		wantOnFailed bool
	}{
		{"read right", 0, false, 0, false},
		{"a misread published", 3000, false, 1, false},
		{"published on a failed check", 3000, true, 1, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, run := truthAndRun(t)
			rep := run.Extraction.Report
			setField(&rep, 2025, stocks, val(rep.Years[2025], stocks)+tt.stocks)
			cs := checks.Identities(rep)
			if !tt.failedChecks {
				cs = checks.Identities(fixtures.TruthReport(t, truth.Truth))
			}
			run.Extraction.Report, run.Extraction.Checks = rep, cs
			ev := facts.NewEvidence(rep, statements.Transcription{}, cs, nil)
			run.Facts = facts.RatioFacts(rep.Company, rep.YearsDesc(), ratios.Compute(rep), ev)
			bfr := ratios.Compute(rep)[2025].WorkingCapital.Number
			run.Memo = memo.Result{Status: memo.Published, Paragraphs: []memo.Paragraph{{Kind: memo.DebtLiquidity,
				Text: "Le BFR est de " + frnum.FormatKEUR(bfr) + " en 2025.", Sources: []string{"R-test-bfr"}}}}
			s, err := Measure(truth, run)
			if err != nil {
				t.Fatal(err)
			}
			if len(s.FalseClaims) != tt.wantFalse || s.PublishedOnFailedCheck != tt.wantOnFailed {
				t.Errorf("false claims %q, published on a failed check %v; want %d, %v", s.FalseClaims, s.PublishedOnFailedCheck, tt.wantFalse, tt.wantOnFailed)
			}
		})
	}
}

func TestMeasurePeriods(t *testing.T) {
	t.Parallel()
	half := statements.Period{End: "2025-06-30", Months: 6}
	tests := []struct {
		name          string
		stated        bool // the truth states 2025 as a half-year closing 30/06, its balance sheet on that date
		read          statements.Period
		readBalance   string
		exact         int
		wrong         int
		wantInvented  bool
		wantFieldsAdd int
	}{
		{name: "a half-year read as printed", stated: true, read: half, readBalance: "2025-06-30", exact: 2, wantFieldsAdd: 2},
		{name: "a half-year read as a year", stated: true, read: statements.Period{End: "2025-06-30"}, readBalance: "2025-06-30", exact: 1, wrong: 1, wantFieldsAdd: 2},
		{name: "the balance sheet's date missed", stated: true, read: half, exact: 1, wrong: 1, wantFieldsAdd: 2},
		{name: "a year read as a year, the truth silent", read: statements.Period{End: "2025-12-31"}},
		{name: "a year read as six months, the truth silent", read: half, wantInvented: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			truth, run := truthAndRun(t)
			if tt.stated {
				truth.Periods = map[int]statements.Period{2025: half}
				truth.BalanceDates = map[int]string{2025: "2025-06-30"}
			}
			run.Extraction.Report.Periods = map[int]statements.Period{2025: tt.read}
			run.Extraction.Report.BalanceDates = map[int]string{2025: tt.readBalance}
			got, err := Measure(truth, run)
			if err != nil {
				t.Fatal(err)
			}
			if got.FieldsTotal != 78+tt.wantFieldsAdd || got.FieldsExact != 78+tt.exact || len(got.WrongPeriods) != tt.wrong {
				t.Errorf("fields %d/%d, wrong periods %q; want %d/%d and %d wrong", got.FieldsExact, got.FieldsTotal, got.WrongPeriods, 78+tt.exact, 78+tt.wantFieldsAdd, tt.wrong)
			}
			if invented := len(got.Invented) > 0; invented != tt.wantInvented {
				t.Errorf("invented %q, want some: %v", got.Invented, tt.wantInvented)
			}
			if failed := Failed(truth, errors.New("refusé")); failed.FieldsTotal != 78+tt.wantFieldsAdd {
				t.Errorf("a refused run counts %d fields, want %d", failed.FieldsTotal, 78+tt.wantFieldsAdd)
			}
		})
	}
}
