package main

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/goregular"
)

// Page geometry in millimetres (A4 portrait).
const (
	pageWidth    = 210.0
	margin       = 20.0
	textWidth    = pageWidth - 2*margin
	contentLimit = 276.0 // below it sits the footer
	footerY      = 282.0
	amountWidth  = 25.0
	notesWidth   = 12.0
	rowHeight    = 5.2
	lineHeight   = 5.0
	fontFamily   = "go"
)

// renderer draws one report; amounts were resolved beforehand.
type renderer struct {
	pdf    *fpdf.Fpdf
	style  Style
	source Source
	cells  map[*Table][][]string
}

// render writes the PDF of a validated report.
func render(c company, cells map[*Table][][]string) ([]byte, error) {
	date, err := c.source.documentDate()
	if err != nil {
		return nil, err
	}
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetCreationDate(date)
	pdf.SetModificationDate(date)
	pdf.SetCatalogSort(true)
	pdf.SetTitle(c.source.Footer, true)
	pdf.SetAuthor(c.truth.Company, true)
	pdf.SetLang("fr-FR")
	pdf.AddUTF8FontFromBytes(fontFamily, "", goregular.TTF)
	pdf.AddUTF8FontFromBytes(fontFamily, "B", gobold.TTF)
	pdf.AddUTF8FontFromBytes(fontFamily, "I", goitalic.TTF)
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetMargins(margin, margin, margin)
	r := renderer{pdf: pdf, style: c.source.Style, source: c.source, cells: cells}
	pdf.SetFooterFunc(r.footer)
	for i, p := range c.source.Pages {
		pdf.AddPage()
		if p.Cover != nil {
			r.cover(*p.Cover)
		} else if err := r.page(i, p); err != nil {
			return nil, fmt.Errorf("page %d « %s » : %w", i+1, p.Title, err)
		}
		if y := pdf.GetY(); y > contentLimit {
			return nil, fmt.Errorf("page %d « %s » : le contenu déborde (%.0f mm > %.0f mm)", i+1, p.Title, y, contentLimit)
		}
		if err := pdf.Error(); err != nil {
			return nil, fmt.Errorf("page %d : %w", i+1, err)
		}
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, fmt.Errorf("écriture du PDF : %w", err)
	}
	return buf.Bytes(), nil
}

func (r renderer) accent() {
	r.pdf.SetTextColor(r.style.Accent[0], r.style.Accent[1], r.style.Accent[2])
}
func (r renderer) black() { r.pdf.SetTextColor(30, 30, 30) }

// footer prints the running title and the page number, except on the cover.
func (r renderer) footer() {
	n := r.pdf.PageNo()
	if r.source.Pages[n-1].Cover != nil {
		return
	}
	r.pdf.SetDrawColor(r.style.Accent[0], r.style.Accent[1], r.style.Accent[2])
	r.pdf.SetLineWidth(0.2)
	r.pdf.Line(margin, footerY-2, pageWidth-margin, footerY-2)
	r.pdf.SetFont(fontFamily, "", 8)
	r.pdf.SetTextColor(110, 110, 110)
	r.pdf.SetXY(margin, footerY)
	r.pdf.CellFormat(textWidth-20, 4, r.source.Footer, "", 0, "L", false, 0, "")
	r.pdf.CellFormat(20, 4, strconv.Itoa(n), "", 0, "R", false, 0, "")
}

func (r renderer) cover(c Cover) {
	p := r.pdf
	p.SetFillColor(r.style.Accent[0], r.style.Accent[1], r.style.Accent[2])
	p.Rect(0, 0, pageWidth, 110, "F")
	p.SetTextColor(255, 255, 255)
	p.SetFont(fontFamily, "B", 30)
	p.SetXY(margin, 60)
	p.CellFormat(textWidth, 14, c.Company, "", 2, "L", false, 0, "")
	p.SetFont(fontFamily, "", 16)
	p.CellFormat(textWidth, 10, c.Subtitle, "", 2, "L", false, 0, "")
	r.accent()
	p.SetFont(fontFamily, "B", 26)
	p.SetXY(margin, 140)
	p.MultiCell(textWidth, 12, c.Title, "", "L", false)
	r.black()
	p.SetFont(fontFamily, "", 10)
	p.SetY(240)
	for _, l := range c.Lines {
		p.CellFormat(textWidth, 5, l, "", 2, "L", false, 0, "")
	}
}

func (r renderer) page(index int, p Page) error {
	if p.Title != "" {
		r.accent()
		r.pdf.SetFont(fontFamily, "B", 16)
		r.pdf.SetXY(margin, margin)
		r.pdf.MultiCell(textWidth, 8, p.Title, "", "L", false)
		r.pdf.SetDrawColor(r.style.Accent[0], r.style.Accent[1], r.style.Accent[2])
		r.pdf.SetLineWidth(0.5)
		y := r.pdf.GetY() + 1
		r.pdf.Line(margin, y, margin+30, y)
		r.pdf.SetY(y + 5)
	}
	if p.Toc {
		r.toc(index)
	}
	for _, b := range p.Block {
		switch {
		case b.Heading != "":
			r.accent()
			r.pdf.SetFont(fontFamily, "B", 11.5)
			r.pdf.Ln(1.5)
			r.pdf.MultiCell(textWidth, 6, b.Heading, "", "L", false)
			r.pdf.Ln(1)
		case b.Text != "":
			r.black()
			r.pdf.SetFont(fontFamily, "", 10)
			r.pdf.MultiCell(textWidth, lineHeight, b.Text, "", "L", false)
			r.pdf.Ln(2.5)
		case b.Bullets != nil:
			r.bullets(b.Bullets)
		case b.Table != nil:
			f := fullWidth
			if b.Table.Dense {
				f = denseWidth
			}
			if err := r.table(b.Table, f); err != nil {
				return err
			}
		case b.Side != nil:
			if err := r.side(b.Side); err != nil {
				return err
			}
		case b.Sign != nil:
			r.black()
			r.pdf.SetFont(fontFamily, "I", 10)
			r.pdf.Ln(3)
			for _, l := range b.Sign {
				r.pdf.CellFormat(textWidth, lineHeight, l, "", 2, "R", false, 0, "")
			}
		}
	}
	return nil
}

// toc lists the titled pages after the sommaire with their physical number.
func (r renderer) toc(index int) {
	r.black()
	for i := index + 1; i < len(r.source.Pages); i++ {
		title := r.source.Pages[i].Title
		if title == "" {
			continue
		}
		r.pdf.SetFont(fontFamily, "", 11)
		r.pdf.CellFormat(textWidth-15, 8, title, "B", 0, "L", false, 0, "")
		r.pdf.SetFont(fontFamily, "B", 11)
		r.pdf.CellFormat(15, 8, strconv.Itoa(i+1), "B", 1, "R", false, 0, "")
	}
	r.pdf.Ln(4)
}

func (r renderer) bullets(items []string) {
	r.black()
	r.pdf.SetFont(fontFamily, "", 10)
	for _, it := range items {
		r.pdf.SetX(margin + 2)
		r.pdf.CellFormat(5, lineHeight, "•", "", 0, "L", false, 0, "")
		r.pdf.MultiCell(textWidth-7, lineHeight, it, "", "L", false)
		r.pdf.Ln(1)
	}
	r.pdf.Ln(1.5)
}

// frame is where and how large a table is drawn.
type frame struct {
	x, width     float64
	font, row    float64 // body font size (pt) and row height (mm)
	caption      float64 // caption font size (pt)
	amount, code float64 // widths of an amount column and of its code cell
}

// fullWidth is a table alone across the page; denseWidth the same for a
// form's many columns; a side frame is half of it.
var (
	fullWidth  = frame{x: margin, width: textWidth, font: 9, row: rowHeight, caption: 12, amount: amountWidth, code: 7}
	denseWidth = frame{x: margin, width: textWidth, font: 7, row: 4.2, caption: 10, amount: 21, code: 5}
)

const sideGap = 6.0

// side draws two tables next to each other, both from the same top.
func (r renderer) side(ts []Table) error {
	if len(ts) != 2 {
		return fmt.Errorf("côte à côte : %d tableaux, il en faut deux", len(ts))
	}
	f := frame{width: (textWidth - sideGap) / 2, font: 7.5, row: 4.4, caption: 10, amount: 17, code: 5}
	top, bottom := r.pdf.GetY(), 0.0
	for i := range ts {
		f.x = margin + float64(i)*(f.width+sideGap)
		r.pdf.SetY(top)
		if err := r.table(&ts[i], f); err != nil {
			return err
		}
		bottom = max(bottom, r.pdf.GetY())
	}
	r.pdf.SetY(bottom)
	return nil
}

// table draws a statement: label at the left, each amount right-aligned in
// its own column, a form's line code before it.
func (r renderer) table(t *Table, f frame) error {
	p := r.pdf
	cells := r.cells[t]
	notes := 0.0
	if t.NotesColumn {
		notes = notesWidth
	}
	code := 0.0
	if t.CodeColumns {
		code = f.code
	}
	labelWidth := f.width - notes - (code+f.amount)*float64(len(t.Columns))
	amountsX := f.x + labelWidth + notes
	if t.Caption != "" {
		r.accent()
		p.SetFont(fontFamily, "B", f.caption)
		p.SetX(f.x)
		p.CellFormat(f.width, 7, t.Caption, "", 1, "L", false, 0, "")
	}
	r.black()
	if t.Unit != "" {
		p.SetFont(fontFamily, "I", 8.5)
		p.SetX(f.x)
		p.CellFormat(f.width, 5, t.Unit, "", 1, "L", false, 0, "")
	}
	if err := r.headers(t, f, amountsX, code); err != nil {
		return err
	}
	p.SetDrawColor(60, 60, 60)
	p.SetLineWidth(0.3)
	p.Line(f.x, p.GetY(), f.x+f.width, p.GetY())
	p.Ln(1)

	for i, l := range t.Lines {
		parts := strings.Split(l.Label, "\n")
		amountRow := len(parts) - 1
		if t.AmountsOnTop {
			amountRow = 0
		}
		y := p.GetY()
		switch l.Style {
		case lineSection:
			p.SetFillColor(236, 236, 236)
			p.Rect(f.x, y, f.width, f.row*float64(len(parts)), "F")
			p.SetFont(fontFamily, "B", f.font)
		case lineTotal, lineSubtotal:
			p.SetLineWidth(0.2)
			p.Line(f.x+labelWidth, y, f.x+f.width, y)
			p.SetFont(fontFamily, "B", f.font)
		default:
			p.SetFont(fontFamily, "", f.font)
		}
		for k, part := range parts {
			if w := p.GetStringWidth(part); w > labelWidth-2 {
				return fmt.Errorf("libellé « %s » trop long pour sa colonne (%.0f mm > %.0f mm)", part, w, labelWidth-2)
			}
			p.SetX(f.x)
			p.CellFormat(labelWidth, f.row, part, "", 0, "L", false, 0, "")
			if k == amountRow {
				if err := r.amounts(t, l, cells[i], notes, code, f); err != nil {
					return err
				}
			}
			p.Ln(f.row)
		}
		if l.Style == lineTotal {
			p.Ln(1.5)
		}
	}
	p.Ln(5)
	return nil
}

// headerEm is the width of an em of the headers' font (8.5 pt), in mm: the
// least gap that keeps two headers apart in the text layer.
const headerEm = 8.5 * 25.4 / 72

// headers draws the header groups, then one cell per column, several lines
// when the header has them; it leaves the cursor below them. A header wider
// than its column would run into its neighbour: it is refused.
func (r renderer) headers(t *Table, f frame, amountsX, code float64) error {
	p := r.pdf
	p.SetFont(fontFamily, "B", 8.5)
	colX := func(c int) float64 { return amountsX + float64(c)*(code+f.amount) + code }
	for _, g := range t.Groups {
		p.SetXY(colX(g.First), p.GetY())
		p.CellFormat(colX(g.Last)+f.amount-colX(g.First), 4, g.Text, "", 0, "C", false, 0, "")
	}
	if len(t.Groups) > 0 {
		p.Ln(4)
	}
	lines := 1
	for _, c := range t.Columns {
		lines = max(lines, strings.Count(c.Header, "\n")+1)
	}
	top := p.GetY()
	if t.NotesColumn {
		p.SetXY(amountsX-notesWidth, top+float64(lines-1)*4)
		p.CellFormat(notesWidth, 4, "Notes", "", 0, "C", false, 0, "")
	}
	for i, c := range t.Columns {
		hl := strings.Split(c.Header, "\n")
		for k, h := range hl {
			if w := p.GetStringWidth(h); w+headerEm > f.amount+code {
				return fmt.Errorf("en-tête « %s » trop large pour sa colonne (%.0f mm, %.0f mm avec l’espace qui le sépare du voisin)", h, w, f.amount+code)
			}
			p.SetXY(colX(i), top+float64(lines-len(hl)+k)*4)
			p.CellFormat(f.amount, 4, h, "", 0, "R", false, 0, "")
		}
	}
	p.SetY(top + float64(lines)*4 + 1)
	return nil
}

// amounts draws the note, codes and amounts of a row, from the current x;
// an amount too wide to stay apart from its neighbour is refused.
func (r renderer) amounts(t *Table, l Line, cells []string, notes, code float64, f frame) error {
	p := r.pdf
	if t.NotesColumn {
		p.CellFormat(notes, f.row, l.Note, "", 0, "C", false, 0, "")
	}
	em := f.font * 25.4 / 72
	for c := range t.Columns {
		if t.CodeColumns {
			p.SetFont(fontFamily, "", f.font-2)
			p.CellFormat(code, f.row, codeAt(l.Codes, c), "", 0, "L", false, 0, "")
			p.SetFont(fontFamily, "", f.font)
			if l.Style != "" {
				p.SetFont(fontFamily, "B", f.font)
			}
		}
		text := ""
		if c < len(cells) {
			text = cells[c]
		}
		if w := p.GetStringWidth(text); w+em > f.amount+code {
			return fmt.Errorf("montant « %s » trop large pour sa colonne (%.0f mm)", text, w)
		}
		p.CellFormat(f.amount, f.row, text, "", 0, "R", false, 0, "")
	}
	return nil
}

// codeAt is the line code of column c, "" when the line has none.
func codeAt(codes []string, c int) string {
	if c < len(codes) {
		return codes[c]
	}
	return ""
}
