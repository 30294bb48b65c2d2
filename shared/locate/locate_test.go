package locate_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/dev/fixtures/pdfs"
	"analyste.dev/analyste/shared/locate"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/statements"
)

func TestFindTestReports(t *testing.T) {
	t.Parallel()
	for _, r := range fixtures.Reports(t) {
		t.Run(r.Slug, func(t *testing.T) {
			t.Parallel()
			got := locate.Find(pdfs.Read(t, r.PDF)).First()
			if diff := cmp.Diff(r.Truth.Pages, got); diff != "" {
				t.Errorf("pages (-vérité +trouvé) :\n%s", diff)
			}
		})
	}
}

func TestFindRealFilings(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		file string
		want locate.Result
	}{
		{
			// Sommaire on page 2, title-only dividers on pages 3 and 6,
			// compte de résultat split over two pages, no cash-flow table.
			name: "splitera",
			file: "fr_splitera_2022_comptes-annuels.pdf",
			want: locate.Result{statements.Balance: {4, 5}, statements.Income: {7, 8}},
		},
		{
			// The accountant's detail pages 14-16 repeat the amounts
			// without a statement title.
			name: "belleville",
			file: "fr_belleville-technologies_2023_liasse-2033.pdf",
			want: locate.Result{statements.Balance: {4}, statements.Income: {5}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := locate.Find(pdfs.Read(t, fixtures.Real(t, tt.file)))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("pages (-attendu +trouvé) :\n%s", diff)
			}
		})
	}
}

func line(texts ...string) pdftext.Line {
	var l pdftext.Line
	for i, s := range texts {
		l.Spans = append(l.Spans, pdftext.Span{X0: float64(100 * i), X1: float64(100*i + 60), Text: s})
	}
	return l
}

func TestFindHandBuilt(t *testing.T) {
	t.Parallel()
	rows := []pdftext.Line{
		line("Capital", "1 000"), line("Réserves", "2 000"), line("Dettes", "300"),
		line("Total passif", "3 300"), line("Disponibilités", "(4)"),
	}
	page := func(n int, lines ...pdftext.Line) pdftext.Page {
		return pdftext.Page{Number: n, Lines: lines}
	}
	tests := []struct {
		name string
		doc  pdftext.Document
		want locate.Result
	}{
		{
			name: "sommaire seul",
			doc: pdftext.Document{Pages: []pdftext.Page{
				page(1, line("Sommaire"), line("Bilan", "2"), line("Compte de résultat", "2"), line("Annexe", "2"), line("Rapport", "2"), line("Flux", "2")),
				page(2, line("Texte")),
			}},
			want: locate.Result{},
		},
		{
			name: "prose sur le bilan",
			doc: pdftext.Document{Pages: []pdftext.Page{
				page(1, line("Note 11 – Engagements hors bilan"), rows[0], rows[1], rows[2], rows[3], rows[4]),
			}},
			want: locate.Result{},
		},
		{
			name: "titre numéroté et tableau",
			doc: pdftext.Document{Pages: []pdftext.Page{
				page(1, line("Texte")),
				page(2, line("1", "BILAN SIMPLIFIÉ", "N° 2033-A 2024"), rows[0], rows[1], rows[2], rows[3], rows[4]),
			}},
			want: locate.Result{statements.Balance: {2}},
		},
		{
			name: "fin d'un état sur deux pages",
			doc: pdftext.Document{Pages: []pdftext.Page{
				page(1, line("Compte de résultat (1/2)"), rows[0], rows[1], rows[2], rows[3], rows[4]),
				page(2, line("Compte de résultat (2/2)"), rows[4]),
				page(3, line("Annexe")),
				page(4, line("Compte de résultat"), rows[4]),
			}},
			want: locate.Result{statements.Income: {1, 2}},
		},
		{
			name: "titre après la dénomination",
			doc: pdftext.Document{Pages: []pdftext.Page{
				page(1, line("SOCIÉTÉ GARNIER SAS", "BILAN ACTIF", "Exercice 2025"), rows[0], rows[1], rows[2], rows[3], rows[4]),
			}},
			want: locate.Result{statements.Balance: {1}},
		},
		{
			name: "titre au pluriel et en-tête courant",
			doc: pdftext.Document{Pages: []pdftext.Page{
				page(1, line("Rapport semestriel 2025 – Tableaux des flux de trésorerie consolidés"), rows[0], rows[1], rows[2], rows[3], rows[4]),
				page(2, line("Groupe Orval | État de la situation financière consolidée"), rows[0], rows[1], rows[2], rows[3], rows[4]),
			}},
			want: locate.Result{statements.CashFlow: {1}, statements.Balance: {2}},
		},
		{
			name: "états financiers placés par leurs totaux",
			doc: pdftext.Document{Pages: []pdftext.Page{
				page(1, line("États financiers consolidés"), rows[0], rows[1], rows[2], line("Total actif", "3 300"), rows[3]),
				page(2, line("États financiers consolidés"), rows[0], rows[1], rows[2], rows[3], line("Résultat net", "12")),
			}},
			want: locate.Result{statements.Balance: {1}},
		},
		{
			name: "titre coupé en fin de ligne",
			doc: pdftext.Document{Pages: []pdftext.Page{
				page(1, line("Association pour l'insertion Rive gauche – COMPTE DE"), line("RÉSULTAT"), rows[0], rows[1], rows[2], rows[3], rows[4]),
				page(2, line("Notes sur le compte de"), line("Résultat net de l'exercice"), rows[0], rows[1], rows[2], rows[3], rows[4]),
			}},
			want: locate.Result{statements.Income: {1}},
		},
		{
			// The left labels wrapped around their amounts: each line opens
			// with the left amounts, then the right label and amounts.
			name: "actif et passif côte à côte",
			doc: pdftext.Document{Pages: []pdftext.Page{
				page(1, line("BILAN (ACTIF ET PASSIF)"),
					line("99 277", "116 227 Capital", "157 890", "43 521"),
					line("25 966", "28 103 Écarts de réévaluation", "77 236", "77 236"),
					line("19 872", "19 060 Report à nouveau", "505 416-", "276 090-"),
					line("81 515", "92 403 Provisions (II)", "12", "14"),
					line("551 788", "387 710 Emprunts et dettes assimilées", "1 289 276 1 130 120")),
			}},
			want: locate.Result{statements.Balance: {1}},
		},
		{
			name: "titre sans montants",
			doc: pdftext.Document{Pages: []pdftext.Page{
				page(1, line("Tableau des flux de trésorerie"), rows[0]),
			}},
			want: locate.Result{},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if diff := cmp.Diff(tt.want, locate.Find(&tt.doc)); diff != "" {
				t.Errorf("(-attendu +trouvé) :\n%s", diff)
			}
		})
	}
}

func TestNeighbours(t *testing.T) {
	t.Parallel()
	r := locate.Result{statements.Income: {7, 8}, statements.Balance: {4}, statements.CashFlow: {10}}
	want := []int{3, 4, 5, 6, 7, 8, 9, 10}
	if diff := cmp.Diff(want, r.Neighbours(1, 9+1)); diff != "" {
		t.Errorf("(-attendu +obtenu) :\n%s", diff)
	}
	if diff := cmp.Diff([]int{1, 2}, (locate.Result{statements.Balance: {1}}).Neighbours(1, 2)); diff != "" {
		t.Errorf("bornes (-attendu +obtenu) :\n%s", diff)
	}
}

func TestFold(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"Chiffre d’affaires net", "chiffre d affaires net"},
		{"RÉSULTAT DE L'EXERCICE (I - II)", "resultat de l exercice i ii"},
		{"Créances  clients – nettes", "creances clients nettes"},
		{"Œuvres\u00a0d'art", "oeuvres d art"},
		{"Flux net de trésorerie lié aux opérations de \ufb01nancement", "flux net de tresorerie lie aux operations de financement"},
		{"Compañía Ñandú", "compania nandu"},
		{"E\u0301tat décomposé", "etat decompose"},
	}
	for _, tt := range tests {
		if got := locate.Fold(tt.in); got != tt.want {
			t.Errorf("Fold(%q) = %q, attendu %q", tt.in, got, tt.want)
		}
	}
}
