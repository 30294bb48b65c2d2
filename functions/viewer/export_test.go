package viewer

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/dev/fixtures/pdfs"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/statements"
)

// The workbook of a real filing, read back: one row per field of the
// dictionary, with each year's amount as read, the lines the reader read
// it from and their page; the ratios and the checks on their own sheets.
func TestWorkbookHoldsEveryField(t *testing.T) {
	p := pipeline.New(nil, pipeline.Options{Limits: pdftext.DefaultLimits()})
	for _, rep := range fixtures.RealFilings(t) {
		if rep.Slug != "boulanger" && rep.Slug != "splitera" {
			continue // a liasse and accountant's statements: the two layouts
		}
		t.Run(rep.Slug, func(t *testing.T) {
			doc := pdfs.Read(t, rep.PDF)
			ex, err := p.Extract(context.Background(), doc)
			if err != nil {
				t.Fatal(err)
			}
			rec := p.Record(ex, len(doc.Pages))
			f, err := workbook(rec.Borrower(), version{Number: 1, Extraction: rec})
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			if err := f.Write(&b); err != nil {
				t.Fatal(err)
			}
			back, err := excelize.OpenReader(&b)
			if err != nil {
				t.Fatalf("the workbook does not open: %v", err)
			}
			defer back.Close()
			rows, err := back.GetRows(sheetSpread, excelize.Options{RawCellValue: true})
			if err != nil {
				t.Fatal(err)
			}
			years := statements.YearsDesc(rec.Years)
			byKey := map[string][]string{}
			for _, r := range rows {
				if len(r) > 2 {
					byKey[r[2]] = r
				}
			}
			fields, withLine := 0, 0
			for _, k := range statements.AllKeys() {
				row, ok := byKey[k.String()]
				if !ok {
					t.Errorf("no row for %s", k)
					continue
				}
				for i, y := range years {
					cell := func(j int) string {
						if c := 3 + 3*i + j; c < len(row) {
							return row[c]
						}
						return ""
					}
					v, read := rec.Years[y].Get(k)
					if !read {
						if cell(0) != "non imprimé" {
							t.Errorf("%d %s: %q, want « non imprimé »", y, k, cell(0))
						}
						continue
					}
					fields++
					got, err := strconv.ParseFloat(cell(0), 64)
					if err != nil || got != v {
						t.Errorf("%d %s: %q, want %v", y, k, cell(0), v)
					}
					if cell(2) == "" {
						t.Errorf("%d %s: no page", y, k)
					}
					if cell(1) != "" {
						withLine++
					}
				}
			}
			if read := (statements.Report{Years: rec.Years}).FieldsFound(); fields == 0 || fields != read {
				t.Errorf("%d fields in the workbook, %d read", fields, read)
			}
			t.Logf("%s : %d champs, %d avec leurs lignes imprimées", rep.Slug, fields, withLine)
			if withLine != fields {
				t.Errorf("%d fields of %d with their printed lines: the transcription gives every one", withLine, fields)
			}
			ratios, err := back.GetRows(sheetRatios)
			if err != nil || len(ratios) < 2 {
				t.Errorf("ratios sheet: %d rows, %v", len(ratios), err)
			}
			cs, err := back.GetRows(sheetChecks)
			if err != nil || len(cs) != len(rec.Checks)+1 {
				t.Errorf("checks sheet: %d rows for %d checks, %v", len(cs), len(rec.Checks), err)
			}
			if head := strings.Join(rows[4], "|"); !strings.Contains(head, strconv.Itoa(years[0])+" lignes imprimées") {
				t.Errorf("header %q", head)
			}
		})
	}
}
