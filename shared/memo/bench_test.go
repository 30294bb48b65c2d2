package memo

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"analyste.dev/analyste/shared/facts"
)

// BenchmarkVerify measures the verification of a memo whose risk paragraph
// cites n quotes, one sentence each, as the offline writer writes it for a
// report with n verified signals: the cost must grow about linearly.
func BenchmarkVerify(b *testing.B) {
	for _, n := range []int{10, 100, 1000} {
		b.Run(fmt.Sprintf("faits=%d", n), func(b *testing.B) {
			var fs []facts.Fact
			var ids, sentences []string
			for i := range n {
				f := facts.Fact{ID: fmt.Sprintf("Q-x-%d", i+1), State: facts.Verified, Years: []int{2025, 2024},
					Text: fmt.Sprintf("X SA - « Le contrat %d de %d k€ arrive à échéance en 2026, soit %d,5 %% du chiffre d'affaires. » (p. %d)", i, 1000+i, i%90, 3+i%50)}
				fs = append(fs, f)
				ids = append(ids, f.ID)
				sentences = append(sentences, strings.TrimPrefix(f.Text, "X SA - ")+".")
			}
			m := Memo{Paragraphs: []Paragraph{{Kind: Risks, Text: strings.Join(sentences, " "), Sources: ids}}}
			v, err := NewVerifier(OfflineJudge{})
			if err != nil {
				b.Fatal(err)
			}
			in := Input{Company: "X SA", Facts: fs, Years: []int{2025, 2024}}
			b.ResetTimer()
			for b.Loop() {
				if _, err := v.Verify(context.Background(), in, m); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
