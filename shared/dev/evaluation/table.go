package evaluation

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"analyste.dev/analyste/shared/frnum"
)

// WriteTable writes the course's table, one row per report, then the totals
// line and the cost of the model calls. Over several passes each cell gives
// the mean and, when it differs, the worst case.
func (e Evaluation) WriteTable(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "Société\tFamille\tChamps exacts\tInventés\tContrôles OK\tPerdus\tFausses\tRelectures\tÉcart max ratios\tSignaux trouvés\tCitations rejetées\tMémo\tAppels\tJetons entrée\tJetons sortie\t")
	for _, s := range e.Reports {
		cells := []string{
			s.Company,
			s.Family,
			e.cell(s.FieldsExact, outOf(s.FieldsTotal)),
			e.cell(s.Invented, count),
			e.cell(s.ChecksOK, outOf(s.ChecksTotal)),
			e.cell(s.ChecksLost, count),
			e.cell(s.FalseClaims, count),
			e.cell(s.Rereads, count),
			e.cell(s.RatioDeviation, percent),
			e.cell(s.SignalsFound, outOf(s.SignalsExpected)),
			e.cell(s.QuotesRejected, count),
			e.memo(s),
			e.cell(s.Calls, count),
			e.cell(s.InputTokens, count),
			e.cell(s.OutputTokens, count),
		}
		fmt.Fprintln(tw, strings.Join(cells, "\t")+"\t")
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	var b strings.Builder
	b.WriteString("\n")
	if e.Passes == 1 {
		b.WriteString(e.Mean.Line() + "\n" + e.Mean.Robustness() + "\n" + costLine("Coût", e.Mean.Cost) + "\n")
	} else {
		fmt.Fprintf(&b, "Moyenne sur %d passages :\n%s\n%s\n%s\n", e.Passes, e.Mean.Line(), e.Mean.Robustness(), costLine("Coût moyen", e.Mean.Cost))
		fmt.Fprintf(&b, "Pire cas de chaque chiffre :\n%s\n%s\n%s\n", e.Worst.Line(), e.Worst.Robustness(), costLine("Coût maximal", e.Worst.Cost))
	}
	b.WriteString(e.familyLines())
	for _, s := range e.Reports {
		if s.Failures > 0 {
			fmt.Fprintf(&b, "%s : %d passage(s) en échec : %s\n", s.Company, s.Failures, firstError(s.Passes))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// familyLines gives, per presentation family in order of appearance, the
// worst pass's exact fields, invented fields and refused documents.
func (e Evaluation) familyLines() string {
	type agg struct{ exact, total, invented, refused float64 }
	var order []string
	by := map[string]*agg{}
	for _, s := range e.Reports {
		a := by[s.Family]
		if a == nil {
			a = &agg{}
			by[s.Family] = a
			order = append(order, s.Family)
		}
		a.exact += s.FieldsExact.Worst
		a.total += float64(s.FieldsTotal)
		a.invented += s.Invented.Worst
		a.refused += float64(s.Failures)
	}
	if len(order) < 2 {
		return ""
	}
	var b strings.Builder
	b.WriteString("Par famille (pire passage) :\n")
	for _, f := range order {
		a := by[f]
		pct := 0.0
		if a.total > 0 {
			pct = a.exact / a.total * 100
		}
		name := f
		if name == "" {
			name = "sans famille"
		}
		fmt.Fprintf(&b, "  %s : champs exacts %s/%s (%.1f%%) | inventés %s | refusés %s\n", name, count(a.exact), count(a.total), pct, count(a.invented), count(a.refused))
	}
	return b.String()
}

// cell writes a figure: its mean and, over several passes when it differs,
// the worst case.
func (e Evaluation) cell(s Stat, format func(float64) string) string {
	if e.Passes <= 1 || s.Mean == s.Worst {
		return format(s.Mean)
	}
	return format(s.Mean) + " (pire " + format(s.Worst) + ")"
}

func (e Evaluation) memo(s Summary) string {
	status := string(s.MemoStatus)
	if status == "" {
		status = "échec"
	}
	if e.Passes <= 1 {
		return status
	}
	return fmt.Sprintf("publié %d/%d, pire : %s", s.MemosPublished, e.Passes, status)
}

func percent(v float64) string { return fmt.Sprintf("%.2f%%", v) }

// outOf writes a count out of total: "77/78".
func outOf(total int) func(float64) string {
	return func(v float64) string { return count(v) + "/" + fmt.Sprint(total) }
}

func costLine(label string, c Cost) string {
	return fmt.Sprintf("%s : %s appels | jetons : %s en entrée, %s en sortie | latence cumulée des appels : %s",
		label, frnum.Format(float64(c.Calls)), frnum.Format(float64(c.InputTokens)), frnum.Format(float64(c.OutputTokens)), Elapsed(c.Latency))
}

func firstError(ss []Score) string {
	for _, s := range ss {
		if s.Error != "" {
			return s.Error
		}
	}
	return ""
}

// Elapsed writes a duration in seconds the French way, one decimal: "1,2 s".
func Elapsed(d time.Duration) string {
	return frnum.Format(frnum.Round1(d.Seconds())) + " s"
}
