package facts

import (
	"fmt"
	"slices"
	"strings"

	"analyste.dev/analyste/shared/checks"
	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/statements"
)

// State tells whether everything under a fact was verified.
type State string

// The states of a fact.
const (
	// Verified: every field it is computed from was printed (or proved nil
	// by a printed total), passed at least one accounting check, failed
	// none, and both readers agree on it where two read.
	Verified State = "verifie"
	// Unverified: a check involving one of its fields failed, no check could
	// verify one of them, or the readers disagree; Reasons say which.
	Unverified State = "non_verifie"
	// Unavailable: a field it needs is not printed.
	Unavailable State = "non_disponible"
)

// Field is one field a fact is computed from, with the printed lines that
// make it up.
type Field struct {
	Year      int                  `json:"annee"`
	Statement statements.Statement `json:"bloc"`
	Key       string               `json:"cle"`
	Lines     []PrintedLine        `json:"lignes,omitempty"`
	// ZeroByTotal: not printed, proved nil by a printed total.
	ZeroByTotal bool `json:"nul_par_total,omitempty"`
}

// PrintedLine is a line of a statement table as the reader transcribed it.
type PrintedLine struct {
	Label string `json:"libelle"`
	Page  int    `json:"page"`
	OCR   *OCR   `json:"ocr,omitempty"` // the line was read by OCR
}

// lineAmount is a printed line with its amount in k€, as the
// normalisation reads it: what a lender's restatement compares.
type lineAmount struct {
	PrintedLine
	amount float64
}

// Evidence is what is known of each field of a report: its printed lines,
// the checks that passed or failed on it, the readers' disagreements.
type Evidence struct {
	report    statements.Report
	lines     map[statements.FieldRef][]PrintedLine
	amounts   map[statements.FieldRef][]lineAmount
	passed    map[statements.FieldRef]bool
	failed    map[statements.FieldRef][]string
	diverging map[statements.FieldRef][]string
}

// Divergence is a field two readers read differently, and how.
type Divergence struct {
	Field statements.FieldRef
	Text  string
}

// NewEvidence gathers the evidence of a report from its transcription, its
// checks and the divergences between its readers.
func NewEvidence(r statements.Report, tr statements.Transcription, cs []checks.Check, divergences []Divergence) Evidence {
	e := Evidence{report: r, lines: map[statements.FieldRef][]PrintedLine{}, amounts: map[statements.FieldRef][]lineAmount{}, passed: map[statements.FieldRef]bool{},
		failed: map[statements.FieldRef][]string{}, diverging: map[statements.FieldRef][]string{}}
	for _, tab := range tr.Tables {
		scale := tableScale(tr, tab)
		for _, l := range tab.Lines {
			k := statements.Key{Statement: tab.Statement, Name: l.Category}
			for col, a := range l.Amounts {
				if a == nil || col >= len(tab.Years) || !statements.Known(k) {
					continue
				}
				ref := statements.FieldRef{Year: tab.Years[col], Key: k}
				line := PrintedLine{Label: l.Label, Page: tab.Page}
				e.lines[ref] = append(e.lines[ref], line)
				e.amounts[ref] = append(e.amounts[ref], lineAmount{PrintedLine: line, amount: *a * scale})
			}
		}
	}
	years := r.YearsDesc()
	for _, c := range cs {
		if checks.IsScale(c) && c.Status == checks.Failed {
			for _, y := range years {
				for _, k := range statements.AllKeys() {
					ref := statements.FieldRef{Year: y, Key: k}
					e.failed[ref] = append(e.failed[ref], c.Message)
				}
			}
			continue
		}
		for _, ref := range checks.Reads(c, statements.PreviousYear(years, c.Year)) {
			switch c.Status {
			case checks.Passed:
				e.passed[ref] = true
			case checks.Failed:
				e.failed[ref] = append(e.failed[ref], c.Message)
			}
		}
	}
	for _, d := range divergences {
		e.diverging[d.Field] = append(e.diverging[d.Field], d.Text)
	}
	return e
}

// tableScale converts a table's amounts to k€: its own unit, else the
// report's; 0 when neither is a money unit (no amount is then read).
func tableScale(tr statements.Transcription, tab statements.Table) float64 {
	unit := tab.Unit
	if unit == "" {
		unit = tr.PrintedUnit
	}
	u, err := frnum.ParseMoneyUnit(unit)
	if err != nil {
		return 0
	}
	f, _ := u.ToKEUR()
	return f
}

// Assess gives the state of a fact computed from refs, its fields with their
// printed lines, and the reasons it is not verified.
func (e Evidence) Assess(refs []statements.FieldRef) (State, []Field, []string) {
	state := Verified
	var fields []Field
	var reasons []string
	worse := func(s State, reason string) {
		if s == Unavailable || state == Verified {
			state = s
		}
		if !slices.Contains(reasons, reason) {
			reasons = append(reasons, reason)
		}
	}
	for _, ref := range refs {
		f := Field{Year: ref.Year, Statement: ref.Key.Statement, Key: ref.Key.Name, Lines: e.lines[ref]}
		_, printed := e.report.Years[ref.Year].Get(ref.Key)
		f.ZeroByTotal = !printed && e.report.ZeroByTotal[ref.Year][ref.Key]
		fields = append(fields, f)
		switch {
		case !printed && !f.ZeroByTotal:
			worse(Unavailable, fmt.Sprintf("%s non imprimé", ref))
			continue
		case len(e.failed[ref]) > 0:
			for _, m := range e.failed[ref] {
				worse(Unverified, "contrôle en échec : "+m)
			}
		case !e.passed[ref]:
			worse(Unverified, fmt.Sprintf("aucun contrôle comptable n'a pu vérifier %s", ref))
		}
		for _, d := range e.diverging[ref] {
			worse(Unverified, d)
		}
	}
	return state, fields, reasons
}

// Where lists the printed lines and pages of fields, for a person to look
// at: "2025 bilan.stocks : « Stocks » p. 8".
func Where(fields []Field) []string {
	var out []string
	for _, f := range fields {
		var lines []string
		for _, l := range f.Lines {
			lines = append(lines, fmt.Sprintf("« %s » p. %d", l.Label, l.Page))
		}
		if len(lines) == 0 {
			continue
		}
		out = append(out, fmt.Sprintf("%d %s.%s : %s", f.Year, f.Statement, f.Key, strings.Join(lines, ", ")))
	}
	return out
}
