package statements

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"analyste.dev/analyste/shared/frnum"
)

func readTranscription(t *testing.T, name string) Transcription {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	var tr Transcription
	if err := json.Unmarshal(b, &tr); err != nil {
		t.Fatalf("decode %s: %v", name, err)
	}
	return tr
}

func amounts(vs ...float64) []*float64 {
	out := make([]*float64, len(vs))
	for i := range vs {
		out[i] = &vs[i]
	}
	return out
}

func TestCategoryEnumListsEveryKey(t *testing.T) {
	t.Parallel()
	f, _ := reflect.TypeFor[Line]().FieldByName("Category")
	got := strings.Split(f.Tag.Get("enum"), ",")
	var want []string
	for _, k := range AllKeys() {
		if !slices.Contains(want, k.Name) {
			want = append(want, k.Name)
		}
	}
	want = append(want, Subtotal, Other)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("enum of categorie (-want +got):\n%s", diff)
	}
}

func TestKeysMatchJSON(t *testing.T) {
	t.Parallel()
	if n := len(AllKeys()); n != 45 {
		t.Fatalf("%d keys, want 39 and 6 optional ones", n)
	}
	var y Year
	for i, k := range AllKeys() {
		if !y.Set(k, float64(i+1)) {
			t.Fatalf("Set(%v) refused", k)
		}
	}
	b, err := json.Marshal(y)
	if err != nil {
		t.Fatal(err)
	}
	var asMap map[string]map[string]float64
	if err := json.Unmarshal(b, &asMap); err != nil {
		t.Fatal(err)
	}
	for i, k := range AllKeys() {
		if got := asMap[string(k.Statement)][k.Name]; got != float64(i+1) {
			t.Errorf("JSON %v = %v, want %v", k, got, i+1)
		}
		if got, ok := y.Get(k); !ok || got != float64(i+1) {
			t.Errorf("Get(%v) = %v, want %v", k, got, i+1)
		}
	}
	if y.Set(Key{Balance, "inconnu"}, 1) || Known(Key{Income, "total_actif"}) {
		t.Error("unknown keys accepted")
	}
}

func TestNormaliseAggregatesBorrowings(t *testing.T) {
	t.Parallel()
	r, err := Normalise(readTranscription(t, "bilan_emprunts.json"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]BalanceSheet{
		2025: {IntangibleAssets: Amount(5000), TangibleAssets: Amount(33000), FinancialAssets: Amount(2700), Inventories: Amount(11000), TradeReceivables: Amount(23000),
			OtherCurrentAssets: Amount(3500), Cash: Amount(9625), TotalAssets: Amount(87825), Equity: Amount(34125), Provisions: Amount(2200), FinancialDebt: Amount(29000),
			TradePayables: Amount(16000), OtherCurrentLiabilities: Amount(6500), TotalLiabilities: Amount(87825)},
		2024: {IntangibleAssets: Amount(5000), TangibleAssets: Amount(30000), FinancialAssets: Amount(2000), Inventories: Amount(10000), TradeReceivables: Amount(20000),
			OtherCurrentAssets: Amount(3000), Cash: Amount(8000), TotalAssets: Amount(78000), Equity: Amount(30000), Provisions: Amount(2000), FinancialDebt: Amount(25000),
			TradePayables: Amount(15000), OtherCurrentLiabilities: Amount(6000), TotalLiabilities: Amount(78000)},
	}
	got := map[int]BalanceSheet{}
	for y, v := range r.Years {
		got[y] = v.Balance
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("balance sheets (-want +got):\n%s", diff)
	}
	wantSub := []SubtotalLine{
		{Balance, 8, "Total actif immobilisé", 2024, 37000, 37000, 4},
		{Balance, 8, "Total actif immobilisé", 2025, 40700, 40700, 4},
		{Balance, 8, "Total dettes financières", 2024, 25000, 25000, 3},
		{Balance, 8, "Total dettes financières", 2025, 30000, 29000, 3},
	}
	if diff := cmp.Diff(wantSub, r.Subtotals); diff != "" {
		t.Errorf("subtotals (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(Pages{Balance: 8}, r.Pages); diff != "" {
		t.Errorf("pages (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]int{2025, 2024}, r.YearsDesc()); diff != "" {
		t.Errorf("years (-want +got):\n%s", diff)
	}
	if !r.Has(2025, Key{Balance, "dettes_financieres"}) || r.Has(2025, Key{Income, "chiffre_affaires"}) {
		t.Error("Found does not reflect the printed lines")
	}
}

func TestNormaliseUnitsAndSigns(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		unit  string
		table Table
		want  IncomeStatement
	}{
		{
			name: "M€ with one decimal",
			unit: "M€",
			table: Table{Statement: Income, Years: []int{2025}, Lines: []Line{
				{Label: "Chiffre d'affaires", Amounts: amounts(481.3), Category: "chiffre_affaires"},
				{Label: "Achats", Amounts: amounts(200.1), Category: "achats_consommes"},
			}},
			want: IncomeStatement{Revenue: Amount(481300), Purchases: Amount(200100)},
		},
		{
			name: "€ rounded to 0.1 k€",
			unit: "€",
			table: Table{Statement: Income, Years: []int{2025}, Lines: []Line{
				{Label: "Chiffre d'affaires", Amounts: amounts(1234567), Category: "chiffre_affaires"},
				{Label: "Charges externes", Amounts: amounts(45678.9), Category: "charges_externes"},
			}},
			want: IncomeStatement{Revenue: Amount(1234.6), ExternalCharges: Amount(45.7)},
		},
		{
			name: "table unit overrides the report unit",
			unit: "k€",
			table: Table{Statement: Income, Unit: "M€", Years: []int{2025}, Lines: []Line{
				{Label: "Chiffre d'affaires", Amounts: amounts(2.5), Category: "chiffre_affaires"},
			}},
			want: IncomeStatement{Revenue: Amount(2500)},
		},
		{
			name: "charges printed negative are stored positive, a stock variation against the convention keeps its meaning",
			unit: "k€",
			table: Table{Statement: Income, Years: []int{2025}, Lines: []Line{
				{Label: "Chiffre d'affaires", Amounts: amounts(1000), Category: "chiffre_affaires"},
				{Label: "Production stockée", Amounts: amounts(30), Category: Other},
				{Label: "Achats de marchandises", Amounts: amounts(-400), Category: "achats_consommes"},
				{Label: "Variation de stocks", Amounts: amounts(50), Category: "achats_consommes"},
				{Label: "Charges de personnel", Amounts: amounts(-300), Category: "charges_personnel"},
				{Label: "Résultat d'exploitation", Amounts: amounts(350), Category: "resultat_exploitation"},
				{Label: "Impôt sur les bénéfices (crédit)", Amounts: amounts(20), Category: "impot_societes"},
			}},
			want: IncomeStatement{Revenue: Amount(1000), Purchases: Amount(350), StaffCosts: Amount(300), OperatingResult: Amount(350), IncomeTax: Amount(-20)},
		},
		{
			name: "other operating charges follow the table's convention like the six charges",
			unit: "k€",
			table: Table{Statement: Income, Years: []int{2025}, Lines: []Line{
				{Label: "Achats consommés", Amounts: amounts(-400), Category: "achats_consommes"},
				{Label: "Autres charges d'exploitation", Amounts: amounts(-2), Category: "autres_charges_exploitation"},
			}},
			want: IncomeStatement{Purchases: Amount(400), OtherOperatingCharges: Amount(2)},
		},
		{
			name: "charges printed positive stay positive, a tax credit printed negative stays negative",
			unit: "k€",
			table: Table{Statement: Income, Years: []int{2025}, Lines: []Line{
				{Label: "Achats", Amounts: amounts(400), Category: "achats_consommes"},
				{Label: "Impôt", Amounts: amounts(-20), Category: "impot_societes"},
				{Label: "Résultat financier", Amounts: amounts(-15), Category: "resultat_financier"},
			}},
			want: IncomeStatement{Purchases: Amount(400), IncomeTax: Amount(-20), FinancialResult: Amount(-15)},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r, err := Normalise(Transcription{Company: "X", PrintedUnit: tt.unit, Tables: []Table{tt.table}})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, r.Years[2025].Income); diff != "" {
				t.Errorf("income statement (-want +got):\n%s", diff)
			}
		})
	}
}

func TestNormaliseCashFlowKeepsSignsAndEmptyCellsAreAbsent(t *testing.T) {
	t.Parallel()
	tr := Transcription{Company: "X", PrintedUnit: "k€", Tables: []Table{{
		Statement: CashFlow, Page: 9, Years: []int{2025, 2024},
		Lines: []Line{
			{Label: "Acquisitions d'immobilisations", Amounts: amounts(-9000, -6000), Category: "investissements"},
			{Label: "Cessions", Amounts: []*float64{nil, amounts(500)[0]}, Category: "cessions_immobilisations"},
		},
	}}}
	r, err := Normalise(tr)
	if err != nil {
		t.Fatal(err)
	}
	cessions := Key{CashFlow, "cessions_immobilisations"}
	if got := *r.Years[2025].CashFlow.Capex; got != -9000 {
		t.Errorf("capex 2025 = %v, want -9000", got)
	}
	if r.Has(2025, cessions) || !r.Has(2024, cessions) {
		t.Errorf("cessions found 2025=%v 2024=%v, want false true", r.Has(2025, cessions), r.Has(2024, cessions))
	}
	if diff := cmp.Diff(Pages{CashFlow: 9}, r.Pages); diff != "" {
		t.Errorf("pages (-want +got):\n%s", diff)
	}
}

func TestNormaliseRejects(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		tr      Transcription
		wantErr string
	}{
		{"unknown unit", Transcription{PrintedUnit: "$"}, "unité inconnue"},
		{"unknown statement", Transcription{PrintedUnit: "k€", Tables: []Table{{Statement: "annexe", Years: []int{2025}}}}, "unknown statement"},
		{"no years", Transcription{PrintedUnit: "k€", Tables: []Table{{Statement: Balance}}}, "no year column"},
		{"duplicate year", Transcription{PrintedUnit: "k€", Tables: []Table{{Statement: Balance, Years: []int{2025, 2025}}}}, "printed twice"},
		{"amount count", Transcription{PrintedUnit: "k€", Tables: []Table{{Statement: Balance, Years: []int{2025, 2024},
			Lines: []Line{{Label: "Stocks", Amounts: amounts(1), Category: "stocks"}}}}}, "1 amounts for 2 years"},
		{"category of another statement", Transcription{PrintedUnit: "k€", Tables: []Table{{Statement: Balance, Years: []int{2025},
			Lines: []Line{{Label: "CA", Amounts: amounts(1), Category: "chiffre_affaires"}}}}}, "unknown category"},
		{"subtotal without covers", Transcription{PrintedUnit: "k€", Tables: []Table{{Statement: Balance, Years: []int{2025},
			Lines: []Line{{Label: "Total", Amounts: amounts(1), Category: Subtotal}}}}}, "covers no key"},
		{"subtotal covering an unknown key", Transcription{PrintedUnit: "k€", Tables: []Table{{Statement: Balance, Years: []int{2025},
			Lines: []Line{{Label: "Total", Amounts: amounts(1), Category: Subtotal, Covers: []string{"autre"}}}}}}, "unknown key"},
		{"covers on a plain line", Transcription{PrintedUnit: "k€", Tables: []Table{{Statement: Balance, Years: []int{2025},
			Lines: []Line{{Label: "Stocks", Amounts: amounts(1), Category: "stocks", Covers: []string{"stocks"}}}}}}, "only a subtotal"},
		{"bad table unit", Transcription{PrintedUnit: "k€", Tables: []Table{{Statement: Balance, Unit: "%", Years: []int{2025}}}}, "unité inconnue"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := Normalise(tt.tr)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("Normalise error = %v, want it to contain %q", err, tt.wantErr)
			}
		})
	}
}

func TestFromTruth(t *testing.T) {
	t.Parallel()
	y := Year{Balance: BalanceSheet{Cash: Amount(12)}}
	r, err := FromTruth(Truth{Company: "X", PrintedUnit: "M€", Years: map[int]Year{2025: y}})
	if err != nil {
		t.Fatal(err)
	}
	if r.PrintedUnit != frnum.MEUR || r.Years[2025] != y {
		t.Errorf("got unit %q years %v", r.PrintedUnit, r.Years)
	}
	for _, k := range AllKeys() {
		if want := k == (Key{Balance, "tresorerie"}); r.Has(2025, k) != want {
			t.Errorf("Has(%v) = %v, want %v: only the listed key is printed", k, !want, want)
		}
	}
	if _, err := FromTruth(Truth{PrintedUnit: "milliers"}); err == nil {
		t.Error("FromTruth accepted an unknown unit")
	}
}
