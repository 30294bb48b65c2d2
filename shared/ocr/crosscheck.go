package ocr

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"analyste.dev/analyste/shared/pdftext"
)

// Mismatch is an amount of a page's text layer that the page prints
// otherwise: a font whose ToUnicode lies, text drawn under an image that
// shows other figures. Printed is what the OCR read at its place ("" when
// it read no figure there).
type Mismatch struct {
	Page    int
	Text    string
	Printed string
	Box     pdftext.Rect
}

// The cross-check reads a page with a text layer at checkDPI: at 200 dpi
// Tesseract reads a 3 of a 9 pt Helvetica as an 8 at 0.92 of confidence,
// the very swap a lying font makes, at 300 it does not. An amount that
// disagrees, or that the page's reading is unsure of, is looked at again on
// its own box at RereadDPI as one line of figures (disagreeing), and is a
// mismatch only if those readings disagree too: the OCR's own misreads are
// not the text layer's.
const (
	checkDPI = DPI
	// amountPad widens an amount's box on each side, in ems, for the OCR
	// words that print it and for its second reading; glyphMargin is the
	// margin above and below the glyphs' own box of the third, which
	// Tesseract needs to read a line.
	amountPad   = 0.4
	glyphMargin = 0.3
	// agreeConf is the confidence under which the page's reading of an
	// amount is looked at again even where it agrees: a 3 of a lying font
	// read as the 8 its text layer says was seen at 0.88.
	agreeConf = 0.9
)

// amountRe is a figure of a statement: digits grouped by thousands (space,
// no-break spaces or dots), a decimal part after a comma; single digits
// (note numbers, line codes' parts) are left out.
var amountRe = regexp.MustCompile(`\d{1,3}(?:[ \x{a0}\x{202f}.]\d{3})+(?:,\d+)?|\d{2,}(?:,\d+)?|\d,\d+`)

// CrossCheck compares the amounts of the pages of doc (from 1) that have a
// text layer with what the OCR reads at their place on the printed page,
// then the figures of the sentences quoted in qs on their pages (see
// checkQuotes), all within one budget: the statement pages first. An
// amount the page prints otherwise is taken out of doc's lines (its digits
// written U+FFFD, as a remapped font's are) and recorded in the page's
// Hidden text, so that no figure is read from it and a person is told;
// the mismatches are returned. A page the budget or the OCR leaves
// unchecked is marked Unchecked.
func (r Reader) CrossCheck(ctx context.Context, data []byte, doc *pdftext.Document, pages []int, qs []Quoted, lim pdftext.Limits) ([]Mismatch, error) {
	src := NewSource(data)
	defer src.Close()
	ctx, cancel := context.WithTimeout(ctx, r.Budget.Document)
	defer cancel()
	left := r.Budget.MaxPages
	out, err := r.crossCheck(ctx, doc, pages, &left, func(ctx context.Context, p *pdftext.Page) ([]Mismatch, error) {
		return r.checkPage(ctx, src, p, lim)
	})
	if err != nil {
		return out, err
	}
	byPage, quoted := quotedPages(doc, qs)
	more, err := r.crossCheck(ctx, doc, quoted, &left, func(ctx context.Context, p *pdftext.Page) ([]Mismatch, error) {
		return r.checkQuotes(ctx, src, p, byPage[p.Number], lim)
	})
	return append(out, more...), err
}

// crossCheck runs check on the pages of doc that have a text layer while
// pages are left in the budget and ctx's time lasts, and withholds what it
// finds; the pages it does not check are marked Unchecked.
func (r Reader) crossCheck(ctx context.Context, doc *pdftext.Document, pages []int, left *int,
	check func(context.Context, *pdftext.Page) ([]Mismatch, error)) ([]Mismatch, error) {
	var out []Mismatch
	for _, n := range pages {
		if n < 1 || n > len(doc.Pages) {
			continue
		}
		p := &doc.Pages[n-1]
		if p.OCR != nil || len(p.Lines) == 0 || p.Err != nil {
			continue
		}
		if *left <= 0 || ctx.Err() != nil {
			p.Unchecked = true
			continue
		}
		*left--
		ms, err := check(ctx, p)
		if err != nil {
			if ctx.Err() != nil && ctx.Err() != context.DeadlineExceeded {
				return out, err
			}
			p.Unchecked = true // a page the OCR cannot read keeps its text layer
			continue
		}
		withhold(p, ms)
		out = append(out, ms...)
	}
	return out, nil
}

// checkPage finds the amounts of page p whose printed figures differ.
func (r Reader) checkPage(ctx context.Context, src *Source, p *pdftext.Page, lim pdftext.Limits) ([]Mismatch, error) {
	layer, err := textLayer(ctx, src, p, lim)
	if err != nil {
		return nil, err
	}
	text := layer.Text()
	pctx, cancel := context.WithTimeout(ctx, r.Budget.Page)
	defer cancel()
	crop := p.CropBox
	w, h := crop.X1-crop.X0, crop.Y1-crop.Y0
	req := Request{Page: p.Number, DPI: checkDPI, Mode: Auto, Region: Whole, Width: w, Height: h}
	words, err := r.Engine.Read(pctx, src, req)
	if err != nil {
		return nil, err
	}
	return r.disagreeing(pctx, src, layer, words, amountRe.FindAllStringIndex(text, -1))
}

// disagreeing gives the amounts of layer's text at spans (its amountRe
// matches) that words, the OCR of the page or of the part of it that
// prints them, read otherwise, or read alike but unsure (under
// agreeConf: a 3 and an 8, which a lying font may swap, are what an OCR
// confuses). Three more looks, each on the amount's box alone as one line
// of figures, must read them otherwise: the box widened by amountPad,
// then the glyphs' own, on which a table's rule beside the figure is not
// read as part of it, with glyphMargin above and below and without (a
// dotted zero is read as a 9 in one, as a 0 in the other): each of them
// must contradict the text (contradicts), a lie being read alike every
// time, or read nothing where the page's reading found nothing.
func (r Reader) disagreeing(ctx context.Context, src *Source, layer *pdftext.Page, words []Word, spans [][]int) ([]Mismatch, error) {
	text, crop := layer.Text(), layer.CropBox
	w, h := crop.X1-crop.X0, crop.Y1-crop.Y0
	var out []Mismatch
	for _, at := range spans {
		rects := layer.Rects(at[0], at[1])
		if len(rects) != 1 || !standsAlone(text, at[0], at[1]) {
			continue
		}
		amount, box := text[at[0]:at[1]], pad(rects[0])
		printed, conf := printedAt(words, box, crop)
		if conf >= agreeConf && prints(printed, amount) {
			continue
		}
		nothing := printed == ""
		contradicted := true
		glyphs := rects[0]
		glyphs.Y0, glyphs.Y1 = glyphs.Y0-(glyphs.Y1-glyphs.Y0)*glyphMargin, glyphs.Y1+(glyphs.Y1-glyphs.Y0)*glyphMargin
		for _, b := range []pdftext.Rect{box, glyphs, rects[0]} {
			again, err := r.Engine.Read(ctx, src, Request{Page: layer.Number, DPI: RereadDPI, Mode: Line, Digits: true,
				Region: regionOf(b, crop), Width: w, Height: h})
			if err != nil {
				return nil, err
			}
			read, _ := printedAt(again, b, crop)
			if read == "" && !nothing || read != "" && !contradicts(read, amount) {
				contradicted = false // agrees, or failed: the OCR's, not the text layer's
				break
			}
			printed = read
		}
		if contradicted {
			out = append(out, Mismatch{Page: layer.Number, Text: amount, Printed: printed, Box: rects[0]})
		}
	}
	return out, nil
}

// prints tells whether read, the digits an OCR read at an amount's place,
// print the amount's digits.
func prints(read, amount string) bool {
	return strings.Contains(read, digitsOf(amount))
}

// contradicts tells whether read, the digits an OCR read at an amount's
// place, say another amount: neither holds the other's digits in order. A
// reading that lost digits (a 0 taken for a letter, then dropped) or
// gained some (a rule, or the box a font lacking U+202F draws for it, read
// as a 1 or a 0) failed, and says nothing; a lying font puts a digit for
// another, which breaks both ways.
func contradicts(read, amount string) bool {
	want := digitsOf(amount)
	return !within(read, want) && !within(want, read)
}

// within tells whether the digits of a appear in b in order.
func within(a, b string) bool {
	i := 0
	for j := 0; i < len(a) && j < len(b); j++ {
		if a[i] == b[j] {
			i++
		}
	}
	return i == len(a)
}

// textLayer reads page p's text layer again with its glyph boxes; an
// error when it is not the text the document holds.
func textLayer(ctx context.Context, src *Source, p *pdftext.Page, lim pdftext.Limits) (*pdftext.Page, error) {
	layer, err := pdftext.ReadPage(ctx, bytes.NewReader(src.Data), int64(len(src.Data)), lim, p.Number)
	if err != nil {
		return nil, err
	}
	if layer.Text() != p.Text() {
		return nil, fmt.Errorf("page %d : texte de ReadPage différent de celui du document", p.Number)
	}
	return layer, nil
}

// standsAlone tells whether text[start:end] is a figure of its own, not
// part of a word or a reference ("A12", "2050-1"); a no-break space after
// it or before it, as French prints before a unit ("2 400 k€"), is a
// space.
func standsAlone(text string, start, end int) bool {
	before, after := ' ', ' '
	if start > 0 {
		before, _ = utf8.DecodeLastRuneInString(text[:start])
	}
	if end < len(text) {
		after, _ = utf8.DecodeRuneInString(text[end:])
	}
	alone := func(r rune) bool {
		return r < 0x80 && !unicode.IsLetter(r) && r != '-' || r == '\u00a0' || r == '\u202f'
	}
	return alone(before) && alone(after)
}

// pad widens an amount's box by amountPad em on each side (its height is
// the em band of its line).
func pad(r pdftext.Rect) pdftext.Rect {
	em := (r.Y1 - r.Y0) * amountPad
	return pdftext.Rect{X0: r.X0 - em, Y0: r.Y0, X1: r.X1 + em, Y1: r.Y1}
}

// regionOf is a rectangle of the page as fractions of its crop box.
func regionOf(b pdftext.Rect, crop pdftext.Rect) Region {
	w, h := crop.X1-crop.X0, crop.Y1-crop.Y0
	clamp := func(v float64) float64 { return max(0, min(1, v)) }
	return Region{clamp((b.X0 - crop.X0) / w), clamp((crop.Y1 - b.Y1) / h), clamp((b.X1 - crop.X0) / w), clamp((crop.Y1 - b.Y0) / h)}
}

// printedAt is the digits the words whose centre lies in box print
// (printedDigits), left to right, and the lowest confidence among them (0
// when none does).
func printedAt(words []Word, box, crop pdftext.Rect) (string, float64) {
	w, h := crop.X1-crop.X0, crop.Y1-crop.Y0
	var in []Word
	for _, wd := range words {
		cx := crop.X0 + (wd.X0+wd.X1)/2*w
		cy := crop.Y1 - (wd.Y0+wd.Y1)/2*h
		if cx >= box.X0 && cx <= box.X1 && cy >= box.Y0 && cy <= box.Y1 {
			in = append(in, wd)
		}
	}
	slices.SortFunc(in, func(a, b Word) int {
		switch {
		case a.X0 < b.X0:
			return -1
		case a.X0 > b.X0:
			return 1
		}
		return 0
	})
	var b strings.Builder
	conf := 0.0
	for i, wd := range in {
		b.WriteString(printedDigits(wd.Text))
		if i == 0 || wd.Conf < conf {
			conf = wd.Conf
		}
	}
	return b.String(), conf
}

// printedDigits are the digits an OCR word prints, a lookalike letter, or
// the © or @ a 0 is read as, as its digit: a lying font swaps digits for
// digits, never for a letter.
func printedDigits(word string) string {
	return strings.Map(func(r rune) rune {
		switch d := lookalikes[r]; {
		case d != 0:
			return d
		case r == '©' || r == '@':
			return '0'
		case r >= '0' && r <= '9':
			return r
		}
		return -1
	}, word)
}

// withhold takes the mismatching amounts out of p's lines: their digits
// are written U+FFFD, so no reader takes a figure the page does not print,
// and they are recorded in p.Hidden.
func withhold(p *pdftext.Page, ms []Mismatch) {
	if len(ms) == 0 {
		return
	}
	var told []string
	chars := 0
	for _, m := range ms {
		hideIn(p, m.Text)
		chars += len([]rune(m.Text))
		printed := m.Printed
		if printed == "" {
			printed = "rien de lisible"
		}
		told = append(told, fmt.Sprintf("%s (la page imprime %s)", m.Text, printed))
	}
	p.Hidden = append(p.Hidden, pdftext.Hidden{Reason: pdftext.HiddenMisprinted, Chars: chars, Text: strings.Join(told, " ; ")})
}

// hideIn hides the digits of the first span of p holding text.
func hideIn(p *pdftext.Page, text string) {
	for li := range p.Lines {
		for si := range p.Lines[li].Spans {
			if s := &p.Lines[li].Spans[si]; strings.Contains(s.Text, text) {
				s.Text = strings.Replace(s.Text, text, hideDigits(text), 1)
				return
			}
		}
	}
}

// hideDigits writes each digit of s U+FFFD.
func hideDigits(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return unicode.ReplacementChar
		}
		return r
	}, s)
}
