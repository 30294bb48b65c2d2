package statementreader

import (
	"math"

	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/statements"
)

// unitNotInTables gives the unit of a document whose tables print none, and
// why it was deduced ("" when a page states it). Never fails:
//   - the forms of a liasse fiscale (form, their number) are in euros by law;
//   - else a page may state it ("les montants sont exprimés en k€");
//   - else amounts printed to the cent are euros;
//   - else euros still: French accounts are kept in euros, and a report that
//     rounds to thousands or millions has to say so.
func unitNotInTables(doc *pdftext.Document, tables []statements.Table, form string) (frnum.Unit, string) {
	if form != "" {
		return frnum.EUR, "formulaire Cerfa " + form + " : montants en euros"
	}
	for _, p := range doc.Pages {
		if u := unitIn(lineTexts(p)); u != frnum.None {
			return u, ""
		}
	}
	if withCents(tables) {
		return frnum.EUR, "aucune unité imprimée ; montants au centime : euros"
	}
	return frnum.EUR, "aucune unité imprimée ; montants entiers lus en euros, unité de tenue des comptes"
}

// withCents tells amounts printed to the cent: some with two decimals, none
// with more.
func withCents(tables []statements.Table) bool {
	cents := false
	for _, tab := range tables {
		for _, l := range tab.Lines {
			for _, a := range l.Amounts {
				if a == nil {
					continue
				}
				c := *a * 100
				if math.Abs(c-math.Round(c)) > 1e-6 {
					return false
				}
				cents = cents || int64(math.Round(c))%10 != 0
			}
		}
	}
	return cents
}
