package pipeline_test

import (
	"slices"
	"strings"
	"testing"

	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/dev/fixtures/pdfs"
	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/pdftext"
)

// A report whose text layer holds what its pages do not print (an amount
// or a risk), or digits through a lying ToUnicode map, goes to a person
// whatever its memo says; hidden text without either does not.
func TestHiddenTextHandsOff(t *testing.T) {
	t.Parallel()
	base := pdfs.Read(t, fixtures.ReportOf(t, "ferlac").PDF)
	with := func(change func(p *pdftext.Page)) *pdftext.Document {
		doc := &pdftext.Document{Pages: slices.Clone(base.Pages)}
		change(&doc.Pages[2])
		return doc
	}
	tests := []struct {
		name string
		doc  *pdftext.Document
		want string // in the reason, "" when published
	}{
		{"a risk in render mode 3", with(func(p *pdftext.Page) {
			p.Hidden = []pdftext.Hidden{{Reason: pdftext.HiddenMode, Chars: 60, Text: "La société fait l'objet d'une procédure de redressement judiciaire"}}
		}), "texte invisible : 60 caractères"},
		{"an amount in white", with(func(p *pdftext.Page) {
			p.Hidden = []pdftext.Hidden{{Reason: pdftext.HiddenWhite, Chars: 14, Text: "Dette 95 000 k€"}}
		}), "p. 3, blanc sur fond blanc"},
		{"a risk painted transparent", with(func(p *pdftext.Page) {
			p.Hidden = []pdftext.Hidden{{Reason: pdftext.HiddenClear, Chars: 72, Text: "Les prêteurs ont prononcé l'exigibilité anticipée du crédit syndiqué"}}
		}), "p. 3, transparent"},
		{"an amount under a white rectangle", with(func(p *pdftext.Page) {
			p.Hidden = []pdftext.Hidden{{Reason: pdftext.HiddenCovered, Chars: 14, Text: "Dette 95 000 k€"}}
		}), "recouvert d'un aplat blanc"},
		{"digits through a lying font", with(func(p *pdftext.Page) { p.Remapped = 12 }), "table ToUnicode contredit l'encodage"},
		{"a note call hidden", with(func(p *pdftext.Page) {
			p.Hidden = []pdftext.Hidden{{Reason: pdftext.HiddenClipped, Chars: 1, Text: "4"}}
		}), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res := chainOf(t, tt.doc)
			if tt.want == "" {
				if res.Status != memo.Published {
					t.Errorf("statut %s (%s), veut publie", res.Status, res.Reason)
				}
				return
			}
			if res.Status != memo.Abstained || !strings.Contains(res.Reason, tt.want) || res.Handoff == nil {
				t.Errorf("statut %s (%s), veut abstention avec « %s »", res.Status, res.Reason, tt.want)
			}
		})
	}
}
