package memo

import "analyste.dev/analyste/shared/sentences"

// Claim is one sentence of a paragraph; it cites its paragraph's sources.
type Claim struct {
	Paragraph int // 1-based
	Kind      Kind
	Text      string
	Sources   []string
}

// Claims splits every paragraph into its sentences.
func Claims(m Memo) []Claim {
	var out []Claim
	for i, p := range m.Paragraphs {
		for _, s := range sentences.Split(p.Text) {
			out = append(out, Claim{Paragraph: i + 1, Kind: p.Kind, Text: s, Sources: p.Sources})
		}
	}
	return out
}
