package pipeline

import (
	"slices"

	"analyste.dev/analyste/shared/covenants"
	"analyste.dev/analyste/shared/ocr"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/riskrules"
)

// quotedSentences are the sentences the chain's own readers quote, off the
// pages already cross-checked: the offline risk reader's (each signal's
// quotes, the other places and the mitigants), which the critical-risk net
// and the offline signals stage quote, and the covenants' and liquidity
// items' (the C- facts). A model may quote other sentences: those are not
// checked (docs/ocr.md). The covenants are read here without the closing
// year, which only dates the items due.
func quotedSentences(doc *pdftext.Document, checked []int) []ocr.Quoted {
	texts := doc.Texts()
	var out []ocr.Quoted
	add := func(page int, text string) {
		if !slices.Contains(checked, page) {
			out = append(out, ocr.Quoted{Page: page, Text: text})
		}
	}
	for _, s := range riskrules.Offline(texts) {
		add(s.Page, s.Quote)
		for _, q := range append(slices.Clone(s.Others), s.Mitigants...) {
			add(q.Page, q.Quote)
		}
	}
	r := covenants.Read(texts, 0)
	for _, c := range r.Covenants {
		for _, q := range c.Quotes {
			add(q.Page, q.Text)
		}
	}
	for _, it := range append(slices.Clone(r.Items), r.Totals...) {
		add(it.Quote.Page, it.Quote.Text)
	}
	for _, q := range r.Quoted {
		add(q.Quote.Page, q.Quote.Text)
	}
	return out
}
