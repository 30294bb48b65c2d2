package viewer

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/xuri/excelize/v2"

	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/ratios"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/statements"
)

// sheetURL is a report's spread as a workbook; printURL its memo to print.
func sheetURL(id string) string { return reportURL(id) + "/liasse.xlsx" }
func printURL(id string) string { return reportURL(id) + "/memo" }

// version is what an export shows: the chain's reading and memo, or the
// latest revision's, with who corrected it.
type version struct {
	Number     int
	By         string
	At         time.Time
	Extraction schema.ExtractionRecord
	Memo       memo.Result
	// Facts are the memo's sources: the reading's, then the signals'.
	Facts []facts.Fact
}

// latest reads the report an export is of and the version it shows,
// answering why it cannot.
func (v *viewer) latest(w http.ResponseWriter, r *http.Request, id string) (schema.Report, version, bool) {
	run, ok := v.run(w, r, id)
	if !ok {
		return run, version{}, false
	}
	ver, ok := v.latestVersion(w, r, id)
	return run, ver, ok
}

func (v *viewer) latestVersion(w http.ResponseWriter, r *http.Request, id string) (version, bool) {
	ver := version{Number: 1}
	if err := v.read.Document(r.Context(), schema.Extractions, id, &ver.Extraction); err != nil {
		v.readFailed(w, r, "La lecture du rapport "+id, err)
		return ver, false
	}
	var sig schema.SignalsRecord
	err := v.read.Document(r.Context(), schema.Signals, id, &sig)
	if err == nil {
		err = v.read.Document(r.Context(), schema.Memos, id, &ver.Memo)
	}
	if err != nil && !errors.Is(err, ErrNotFound) {
		v.readFailed(w, r, "Le mémo du rapport "+id, err)
		return ver, false
	}
	ver.Facts = append(slices.Clone(ver.Extraction.Facts), sig.Facts...)
	if v.corrections == nil {
		return ver, true
	}
	_, last, err := v.current(r.Context(), id, ver.Extraction)
	if err != nil {
		v.readFailed(w, r, "Les versions du mémo du rapport "+id, err)
		return ver, false
	}
	if last != nil {
		ver = version{Number: last.Version, By: last.By, At: last.At, Extraction: last.Extraction, Memo: last.Memo,
			Facts: append(slices.Clone(last.Extraction.Facts), last.SignalFacts...)}
	}
	return ver, true
}

// sheet serves the spread of a report's latest version as an XLSX
// workbook for the committee pack: every field of the dictionary, each
// year, with the lines it was read from and their page; then the ratios
// and the checks.
func (v *viewer) sheet(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	run, ver, ok := v.latest(w, r, id)
	if !ok {
		return
	}
	f, err := workbook(cmp.Or(run.Company, run.Source.Object), ver)
	if err != nil {
		v.fail(w, r, http.StatusInternalServerError, "Le classeur n'a pas pu être écrit.", err)
		return
	}
	defer f.Close()
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		v.fail(w, r, http.StatusInternalServerError, "Le classeur n'a pas pu être écrit.", err)
		return
	}
	w.Header().Set("Content-Type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="liasse-%s-v%d.xlsx"`, id, ver.Number))
	w.Header().Set("Content-Length", strconv.Itoa(b.Len()))
	_, _ = b.WriteTo(w)
}

// The workbook's sheets.
const (
	sheetSpread = "Liasse"
	sheetRatios = "Ratios"
	sheetChecks = "Contrôles"
)

// workbook writes the spread, the ratios and the checks of ver.
func workbook(company string, ver version) (*excelize.File, error) {
	f := excelize.NewFile()
	ex := ver.Extraction
	years := statements.YearsDesc(ex.Years)
	if err := f.SetSheetName("Sheet1", sheetSpread); err != nil {
		return nil, err
	}
	amountStyle, err := f.NewStyle(&excelize.Style{NumFmt: 4}) // #,##0.00
	if err != nil {
		return nil, err
	}
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	if err != nil {
		return nil, err
	}
	w := sheetWriter{f: f, sheet: sheetSpread}
	w.row(bold, "Emprunteur", company)
	w.row(0, "Version", versionText(ver))
	w.row(0, "Unité", "k€, signes du dictionnaire (unité imprimée : "+ex.PrintedUnit+")")
	w.row(0)
	head := []any{"État", "Poste", "Clé"}
	for _, y := range years {
		head = append(head, fmt.Sprintf("%d montant", y), fmt.Sprintf("%d lignes imprimées", y), fmt.Sprintf("%d page", y))
	}
	w.row(bold, head...)
	lines := printedLines(ex)
	pages := map[statements.Statement]int{statements.Income: ex.Pages.Income, statements.Balance: ex.Pages.Balance, statements.CashFlow: ex.Pages.CashFlow}
	for _, k := range statements.AllKeys() {
		cells := []any{statementTitles[k.Statement], orSelfKey(k), k.String()}
		var amounts []int // columns of the amounts, styled as numbers
		for _, y := range years {
			val, ok := ex.Years[y].Get(k)
			if !ok {
				cells = append(cells, "non imprimé", "", "")
				continue
			}
			amounts = append(amounts, len(cells)+1)
			ls := lines[statements.FieldRef{Year: y, Key: k}]
			var labels []string
			var where []string
			for _, l := range ls {
				labels = append(labels, l.Label)
				if p := strconv.Itoa(l.Page); !slices.Contains(where, p) {
					where = append(where, p)
				}
			}
			if len(where) == 0 && pages[k.Statement] > 0 {
				where = []string{strconv.Itoa(pages[k.Statement])}
			}
			cells = append(cells, val, strings.Join(labels, " + "), strings.Join(where, ", "))
		}
		w.row(0, cells...)
		for _, col := range amounts {
			if err := w.style(col, amountStyle); err != nil {
				return nil, err
			}
		}
	}
	if _, err := f.NewSheet(sheetRatios); err != nil {
		return nil, err
	}
	w = sheetWriter{f: f, sheet: sheetRatios}
	head = []any{"Ratio", "Formule"}
	for _, y := range years {
		head = append(head, strconv.Itoa(y))
	}
	w.row(bold, head...)
	for _, d := range ratios.Definitions {
		cells := []any{d.Label, d.Formula}
		for _, y := range years {
			cells = append(cells, ratios.FormatValue(d.Get(ex.Ratios[y]), d.Unit))
		}
		w.row(0, cells...)
	}
	if _, err := f.NewSheet(sheetChecks); err != nil {
		return nil, err
	}
	w = sheetWriter{f: f, sheet: sheetChecks}
	w.row(bold, "Exercice", "Contrôle", "Statut", "Attendu", "Lu", "Message")
	for _, c := range ex.Checks {
		w.row(0, c.Year, c.Label, orSelf(checkStatuses, c.Status), c.Expected, c.Read, c.Message)
	}
	return f, errors.Join(w.err, f.SetColWidth(sheetSpread, "B", "B", 45))
}

// printedLines are the lines each field was read from: the stored
// transcription's, or, for a reading stored without it, those its facts
// record.
func printedLines(ex schema.ExtractionRecord) map[statements.FieldRef][]facts.PrintedLine {
	if ex.Reading == nil {
		return linesOf(ex.Facts)
	}
	out := map[statements.FieldRef][]facts.PrintedLine{}
	for _, tab := range ex.Reading.Transcription.Tables {
		for _, l := range tab.Lines {
			k := statements.Key{Statement: tab.Statement, Name: l.Category}
			for col, a := range l.Amounts {
				if a != nil && col < len(tab.Years) && statements.Known(k) {
					ref := statements.FieldRef{Year: tab.Years[col], Key: k}
					out[ref] = append(out[ref], facts.PrintedLine{Label: l.Label, Page: tab.Page})
				}
			}
		}
	}
	return out
}

func versionText(ver version) string {
	if ver.By == "" {
		return fmt.Sprintf("%d : lecture de la chaîne", ver.Number)
	}
	return fmt.Sprintf("%d : corrigée par %s le %s", ver.Number, ver.By, formatDate(ver.At))
}

// sheetWriter appends rows to a sheet, keeping the first error.
type sheetWriter struct {
	f     *excelize.File
	sheet string
	n     int
	err   error
}

func (s *sheetWriter) row(style int, cells ...any) {
	s.n++
	if s.err != nil || len(cells) == 0 {
		return
	}
	first, err := excelize.CoordinatesToCellName(1, s.n)
	if err == nil {
		err = s.f.SetSheetRow(s.sheet, first, &cells)
	}
	if err == nil && style != 0 {
		last, _ := excelize.CoordinatesToCellName(len(cells), s.n)
		err = s.f.SetCellStyle(s.sheet, first, last, style)
	}
	s.err = err
}

// style styles column col of the last row.
func (s *sheetWriter) style(col, style int) error {
	cell, err := excelize.CoordinatesToCellName(col, s.n)
	if err != nil {
		return err
	}
	return s.f.SetCellStyle(s.sheet, cell, cell, style)
}

// printTemplate is the printable memo: a page of its own, with the print
// stylesheet, without the viewer's navigation.
var printTemplate = template.Must(template.New("memo_print.html").Funcs(funcs).ParseFS(templateFiles, "templates/memo_print.html"))

// printPage is the data of memo_print.html.
type printPage struct {
	Title, ID, Version, Status string
	Run                        schema.Report
	Memo                       memo.Result
	Opinion                    string
	Cited                      []facts.Fact // the facts the memo cites, in order
	Printed                    time.Time
}

// printMemo serves the latest memo version as a page to print for the
// committee pack: the memo, its proposal and every fact it cites.
func (v *viewer) printMemo(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	run, ver, ok := v.latest(w, r, id)
	if !ok {
		return
	}
	p := printPage{Title: cmp.Or(ver.Extraction.Borrower(), run.Source.Object), ID: id, Version: versionText(ver), Run: run, Memo: ver.Memo,
		Status: orSelf(memoStatuses, ver.Memo.Status), Printed: v.now()}
	if o := ver.Memo.Opinion; o != nil {
		p.Opinion = opinionLabel(o.Level)
	}
	byID := map[string]facts.Fact{}
	for _, f := range ver.Facts {
		byID[f.ID] = f
	}
	seen := map[string]bool{}
	for _, para := range ver.Memo.Paragraphs {
		for _, src := range para.Sources {
			if f, ok := byID[src]; ok && !seen[src] {
				seen[src] = true
				p.Cited = append(p.Cited, f)
			}
		}
	}
	var b bytes.Buffer
	if err := printTemplate.ExecuteTemplate(&b, "memo_print.html", p); err != nil {
		v.fail(w, r, http.StatusInternalServerError, "Le mémo imprimable n'a pas pu être écrit.", err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = b.WriteTo(w)
}
