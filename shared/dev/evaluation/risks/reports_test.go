package risks

import (
	"slices"
	"strings"
	"testing"

	"analyste.dev/analyste/shared/signals"
)

func TestMeasureReport(t *testing.T) {
	truth := ReportTruth{
		Company: "Société test",
		Expected: []ExpectedRisk{
			{ID: "continuite", Category: signals.GoingConcern, Page: 4, Clue: "doute important", OtherPages: []int{2}},
			{ID: "covenant", Category: signals.Covenant, Page: 7, Clue: "ratio de levier"},
			{ID: "client", Category: signals.CustomerConcentration, Page: 3, Clue: "42 %"},
		},
		NonRisks: []Passage{{Page: 5, Clue: "responsabilités du commissaire"}},
	}
	sig := func(c signals.Category, page int, quote string) signals.Signal {
		return signals.Signal{Category: c, Page: page, Quote: quote}
	}
	tests := []struct {
		name                            string
		read                            []signals.Signal
		found, miscategorised, fromNone []string
		others                          int
	}{
		{
			name: "each risk on its page, clue quoted",
			read: []signals.Signal{
				sig(signals.GoingConcern, 4, "Ces éléments font naître un DOUTE important sur la continuité."),
				sig(signals.Covenant, 7, "Le ratio de levier n'a pas été respecté au 31 décembre."),
				sig(signals.CustomerConcentration, 3, "Le premier client représente 42 % du chiffre d'affaires."),
			},
			found: []string{"continuite", "covenant", "client"},
		},
		{
			name:  "the same risk quoted from its other page counts",
			read:  []signals.Signal{sig(signals.GoingConcern, 2, "La poursuite de l'activité dépend d'un apport.")},
			found: []string{"continuite"},
		},
		{
			name: "a second signal of a found risk is right, not another",
			read: []signals.Signal{
				sig(signals.GoingConcern, 4, "Un doute important pèse sur la continuité."),
				sig(signals.GoingConcern, 2, "La poursuite de l'activité dépend d'un apport."),
			},
			found: []string{"continuite"},
		},
		{
			name:  "another sentence of its page counts",
			read:  []signals.Signal{sig(signals.GoingConcern, 4, "La poursuite de l'activité est subordonnée à un accord.")},
			found: []string{"continuite"},
		},
		{
			name:   "the clue on a page that does not state it does not count",
			read:   []signals.Signal{sig(signals.Covenant, 8, "Le ratio de levier est décrit en note.")},
			others: 1,
		},
		{
			name:           "quoted where expected under another category",
			read:           []signals.Signal{sig(signals.Acceleration, 7, "Faute de respecter le ratio de levier, la banque peut exiger le remboursement.")},
			miscategorised: []string{"covenant"},
		},
		{
			name: "a right read quoting a passage without risk besides",
			read: []signals.Signal{{Category: signals.CustomerConcentration, Page: 3, Quote: "Le premier client représente 42 % des ventes.",
				Others: []signals.QuoteRef{{Quote: "Les responsabilités du commissaire sont rappelées.", Page: 5}}}},
			found: []string{"client"},
		},
		{
			name:     "a signal quoting a passage without risk",
			read:     []signals.Signal{sig(signals.AuditorQualification, 5, "Les responsabilités du commissaire aux comptes sont décrites ci-après.")},
			fromNone: []string{"reserves_cac"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := MeasureReport(truth, tt.read)
			if !slices.Equal(s.Found, tt.found) {
				t.Errorf("found %v, want %v", s.Found, tt.found)
			}
			var mis []string
			for _, m := range s.Miscategorised {
				mis = append(mis, strings.Fields(m)[0])
			}
			if !slices.Equal(mis, tt.miscategorised) {
				t.Errorf("miscategorised %v, want %v", s.Miscategorised, tt.miscategorised)
			}
			var none []string
			for _, f := range s.FromNonRisks {
				none = append(none, string(f.Category))
			}
			if !slices.Equal(none, tt.fromNone) {
				t.Errorf("from non-risks %v, want %v", none, tt.fromNone)
			}
			if len(s.Others) != tt.others {
				t.Errorf("%d others, want %d", len(s.Others), tt.others)
			}
			if got := len(s.Found) + len(s.Missed); got != len(truth.Expected) {
				t.Errorf("found + missed = %d, want %d", got, len(truth.Expected))
			}
		})
	}
}

func TestParseReportTruth(t *testing.T) {
	tests := []struct {
		name, json, wantErr string
	}{
		{"valid", `{"societe":"S","signaux_attendus":[{"id":"a","categorie":"litiges","page":2,"indice":"tribunal de commerce"}]}`, ""},
		{"unknown category", `{"societe":"S","signaux_attendus":[{"id":"a","categorie":"meteo","page":2,"indice":"x y"}]}`, "hors taxonomie"},
		{"no page", `{"societe":"S","signaux_attendus":[{"id":"a","categorie":"litiges","indice":"x y"}]}`, "page et indice"},
		{"nothing expected", `{"societe":"S","signaux_attendus":[]}`, "aucun signal"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseReportTruth([]byte(tt.json))
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("error %v", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Fatalf("error %v, want %q", err, tt.wantErr)
			}
		})
	}
}
