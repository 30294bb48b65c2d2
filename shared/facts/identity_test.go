package facts

import "testing"

// cover is a report whose legal identity is printed where French reports
// print it: the name on the cover, the legal mention with the capital, the
// SIREN (valid key) and the RCS registry; the auditor's report and a note
// on a lawsuit name other parties.
var cover = []string{
	"Maison Ferlac\nRapport annuel 2025",
	"Maison Ferlac SAS, au capital de 1 200 000 €, 412 345 670 RCS Lyon\nSiège social : 12 rue des Tanneurs, Lyon",
	"Rapport du commissaire aux comptes\nKPMG Audit SAS, commissaire aux comptes, représenté par M. Durand\n" +
		"Celui-ci a assigné la société Dupont Textiles SAS devant le tribunal de commerce.",
}

// othersNamed is a report whose notes name a customer, a lender, a
// subsidiary and the accountant, each with its legal form.
var othersNamed = []string{
	"Tissages Morvan SAS\nComptes annuels 2025",
	"Tissages Morvan SAS au capital de 800 000 € - 552 100 554 RCS Roanne",
	"Notre principal client, Carrefour France SAS, représente 31 % du chiffre d'affaires.\n" +
		"Le crédit de 8 000 k€ a été consenti par Banque Rhône-Alpes SA.\n" +
		"La société détient 100 % de sa filiale Morvan Logistique SARL.\n" +
		"Comptes établis par Fiducial Expertise SA, expert-comptable.",
}

func TestIdentify(t *testing.T) {
	cerfa := []string{"Formulaire 2050\nDésignation de l'entreprise :    BELLEVILLE TECHNOLOGIES          31/12/2023\n" +
		"N° SIRET   9 2 1 5 5 8 6 1 5 0 0 0 1 6\nForme juridique   SAS    Dénomination   GARROT-CHAILLAC"}
	tests := []struct {
		name      string
		pages     []string
		read      string
		want      string // "" when no name can be established
		wantSIREN string
		wantRCS   string
	}{
		{"the name read, found on the cover", cover, "Maison Ferlac SAS", "Maison Ferlac SAS", "412345670", "RCS Lyon"},
		{"a lawsuit sentence", cover, "Celui-ci a assigné la société Dupont Textiles SAS", "Maison Ferlac SAS", "412345670", "RCS Lyon"},
		{"the other side of the lawsuit", cover, "Dupont Textiles SAS", "Maison Ferlac SAS", "412345670", "RCS Lyon"},
		{"named after its auditor", cover, "KPMG Audit SAS", "Maison Ferlac SAS", "412345670", "RCS Lyon"},
		{"a legal name followed by its SIREN", []string{"Helvane SA – SIREN : 552 100 554\nRapport financier"}, "Helvane SA – SIREN : 552 100 554", "Helvane SA", "552100554", ""},
		{"nothing read, the Cerfa field", cerfa, "", "BELLEVILLE TECHNOLOGIES", "921558615", ""},
		{"an associate of the Cerfa table", cerfa, "GARROT-CHAILLAC", "BELLEVILLE TECHNOLOGIES", "921558615", ""},
		{"a SIREN whose key fails", []string{"Atelier Lumen SARL\nSIREN 412 345 678"}, "Atelier Lumen SARL", "Atelier Lumen SARL", "", ""},
		{"only the auditor", []string{"Rapport\nKPMG Audit SAS, commissaire aux comptes"}, "KPMG Audit SAS", "", "", ""},
		{"a sentence, no identity printed", []string{"Celui-ci a assigné la société en justice."}, "Celui-ci a assigné la société", "", "", ""},
		{"nothing at all", []string{"Rapport de gestion"}, "", "", "", ""},
		{"its main customer", othersNamed, "Carrefour France SAS", "Tissages Morvan SAS", "552100554", "RCS Roanne"},
		{"its lender", othersNamed, "Banque Rhône-Alpes SA", "Tissages Morvan SAS", "552100554", "RCS Roanne"},
		{"its subsidiary", othersNamed, "Morvan Logistique SARL", "Tissages Morvan SAS", "552100554", "RCS Roanne"},
		{"its accountant", othersNamed, "Fiducial Expertise SA", "Tissages Morvan SAS", "552100554", "RCS Roanne"},
		{"nothing read, the third parties' lines skipped", othersNamed, "", "Tissages Morvan SAS", "552100554", "RCS Roanne"},
		{"two legal names, equally placed, none read", []string{"Désignation de l'entreprise : ALPHA INDUSTRIE\nDénomination : Beta Services SAS"}, "", "", "", ""},
		{"two legal names, the one read stands", []string{"Désignation de l'entreprise : ALPHA INDUSTRIE\nDénomination : Beta Services SAS"}, "Alpha Industrie", "Alpha Industrie", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			id, err := Identify(tt.pages, tt.read)
			if tt.want == "" {
				if err == nil {
					t.Fatalf("identité %+v, veut aucune", id)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if id.Name != tt.want || id.SIREN != tt.wantSIREN || id.RCS != tt.wantRCS {
				t.Errorf("identité %+v, veut %q, SIREN %q, %q", id, tt.want, tt.wantSIREN, tt.wantRCS)
			}
			if len(id.Places) == 0 && tt.read == "" {
				t.Errorf("aucune place d'identité")
			}
		})
	}
}

func TestLuhn(t *testing.T) {
	for d, want := range map[string]bool{"412345670": true, "412345678": false, "552100554": true, "92155861500016": true} {
		if luhn(d) != want {
			t.Errorf("luhn(%s) = %v", d, !want)
		}
	}
}
