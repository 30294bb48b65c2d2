package pipeline

import (
	"fmt"
	"strings"
	"testing"

	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/dev/fixtures/pdfs"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/statementreader"
	"analyste.dev/analyste/shared/statements"
)

// formsOf is the offline reader's reading of doc, which takes the forms.
func formsOf(t *testing.T, doc *pdftext.Document) statements.Report {
	t.Helper()
	forms, err := statementreader.Read(doc)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := statements.Normalise(forms)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// plaquette lays out, after a liasse, the accountant's own balance sheet of
// the same figures (in euros), with shift added to one field.
func plaquette(t *testing.T, doc *pdftext.Document, shift map[string]float64) *pdftext.Document {
	t.Helper()
	rep := formsOf(t, doc)
	year := rep.YearsDesc()[0]
	text := func(y float64, s string) pdftext.Line {
		return pdftext.Line{Y: y, Spans: []pdftext.Span{{X0: 40, X1: 40 + 5*float64(len(s)), Size: 10, Text: s}}}
	}
	page := func(title string, labels map[string]string, keys ...string) pdftext.Page {
		p := pdftext.Page{Number: len(doc.Pages) + 1, Lines: []pdftext.Line{
			text(800, "LA COMPAGNIE DES CHATEAUX"), text(780, title), text(770, "(en euros)"),
			{Y: 760, Spans: []pdftext.Span{{X0: 400, X1: 450, Size: 10, Text: fmt.Sprintf("31/12/%d", year)}}},
		}}
		for i, k := range keys {
			v, _ := rep.Years[year].Get(statements.Key{Statement: statements.Balance, Name: k})
			amount := fmt.Sprintf("%.0f", (v+shift[k])*1000)
			l := text(740-14*float64(i), labels[k])
			l.Spans = append(l.Spans, pdftext.Span{X0: 450 - 5*float64(len(amount)), X1: 450, Size: 10, Text: amount})
			p.Lines = append(p.Lines, l)
		}
		doc.Pages = append(doc.Pages, p)
		return p
	}
	labels := map[string]string{
		"immobilisations_incorporelles": "Immobilisations incorporelles", "immobilisations_corporelles": "Immobilisations corporelles",
		"immobilisations_financieres": "Immobilisations financières", "creances_clients": "Clients et comptes rattachés",
		"autres_actifs_courants": "Autres créances", "tresorerie": "Disponibilités", "autres_actifs": "Charges à répartir",
		"total_actif": "Total actif", "capitaux_propres": "Capitaux propres", "provisions": "Provisions pour risques et charges",
		"dettes_financieres": "Emprunts et dettes financières", "dettes_fournisseurs": "Dettes fournisseurs",
		"autres_passifs_courants": "Autres dettes", "total_passif": "Total passif",
	}
	page("BILAN ACTIF", labels, "immobilisations_incorporelles", "immobilisations_corporelles", "immobilisations_financieres", "creances_clients", "autres_actifs_courants", "tresorerie", "autres_actifs", "total_actif")
	page("BILAN PASSIF", labels, "capitaux_propres", "provisions", "dettes_financieres", "dettes_fournisseurs", "autres_passifs_courants", "total_passif")
	return doc
}

// TestPresentations reads a filing that holds the liasse and the
// accountant's statements both ways: they agree, or each field where they
// do not is a divergence.
func TestPresentations(t *testing.T) {
	t.Parallel()
	const liasse = "fr_compagnie-des-chateaux_2019_liasse-2050.pdf"
	doc := pdfs.Read(t, fixtures.Real(t, liasse))
	if got := presentations(doc, formsOf(t, doc)); got != nil {
		t.Fatalf("a liasse alone has one presentation, got %v", got)
	}
	tests := []struct {
		name  string
		shift map[string]float64
		want  []string
	}{
		{"the same figures", nil, nil},
		{"the accountant's debt differs", map[string]float64{"dettes_financieres": 12}, []string{"bilan.dettes_financieres"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var got []string
			both := plaquette(t, pdfs.Read(t, fixtures.Real(t, liasse)), tt.shift)
			for _, a := range presentations(both, formsOf(t, both)) {
				if !strings.Contains(a.Text, "formulaires de la liasse") {
					t.Errorf("divergence %q does not name the presentations", a.Text)
				}
				got = append(got, a.Reads[0].Key.String())
			}
			if strings.Join(got, ",") != strings.Join(tt.want, ",") {
				t.Errorf("divergences on %v, want %v", got, tt.want)
			}
		})
	}
}
