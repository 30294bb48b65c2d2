package ocr

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/jpeg"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"analyste.dev/analyste/shared/pdftext"
)

// statementPage is a page of a text PDF (US Letter) printing a label and
// an amount in Helvetica 20 pt, the amount at x 322, baseline 700.
const statementPage = "BT /F1 20 Tf 72 700 Td (Total actif) Tj 250 0 Td (12 345) Tj ET"

// amountBox is where Helvetica draws "12 345" there, as fractions of the
// page: the ink of its digits.
var amountBox = [4]float64{322 / 612.0, (792 - 714) / 792.0, 383 / 612.0, (792 - 700) / 792.0}

// textPDF writes a one-page PDF with Helvetica as F1 and content; overlay,
// a JPEG, is drawn over the rectangle at (x, y) of size w × h points.
func textPDF(content string, overlay []byte, ow, oh int, at [4]float64) []byte {
	var b bytes.Buffer
	var offsets []int
	obj := func(body string, stream []byte) {
		offsets = append(offsets, b.Len())
		fmt.Fprintf(&b, "%d 0 obj\n%s", len(offsets), body)
		if stream != nil {
			fmt.Fprintf(&b, "\nstream\n%s\nendstream", stream)
		}
		b.WriteString("\nendobj\n")
	}
	b.WriteString("%PDF-1.4\n")
	if overlay != nil {
		content += fmt.Sprintf(" q %g 0 0 %g %g %g cm /Im0 Do Q", at[2], at[3], at[0], at[1])
	}
	obj("<< /Type /Catalog /Pages 2 0 R >>", nil)
	obj("<< /Type /Pages /Kids [3 0 R] /Count 1 >>", nil)
	obj("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> /XObject << /Im0 6 0 R >> >> /Contents 4 0 R >>", nil)
	obj(fmt.Sprintf("<< /Length %d >>", len(content)), []byte(content))
	obj("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>", nil)
	if overlay != nil {
		obj(fmt.Sprintf("<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode /Length %d >>",
			ow, oh, len(overlay)), overlay)
	} else {
		obj("<< /Type /XObject /Subtype /Form /BBox [0 0 1 1] /Length 0 >>", []byte{})
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(offsets)+1)
	for _, o := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(offsets)+1, xref)
	return b.Bytes()
}

// printedWords is an engine that reads the same words whatever it is
// asked, and on an amount's own box (Digits) the words of again when set.
type printedWords struct {
	words, again []Word
	calls        []Request
}

func (e *printedWords) Name() string { return "fake" }

func (e *printedWords) Read(_ context.Context, _ *Source, req Request) ([]Word, error) {
	e.calls = append(e.calls, req)
	if req.Digits && e.again != nil {
		return e.again, nil
	}
	return e.words, nil
}

// at is the words of text laid over the amount's box.
func at(text string) []Word {
	return []Word{{Text: "Total", X0: 72 / 612.0, Y0: amountBox[1], X1: 120 / 612.0, Y1: amountBox[3], Conf: 0.95},
		{Text: text, X0: amountBox[0], Y0: amountBox[1], X1: amountBox[2], Y1: amountBox[3], Conf: 0.95}}
}

// readDoc reads data's text layer as the pipeline does.
func readDoc(t *testing.T, data []byte) *pdftext.Document {
	t.Helper()
	doc, err := pdftext.Read(context.Background(), bytes.NewReader(data), int64(len(data)), pdftext.DefaultLimits())
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// An amount of the text layer that the page prints otherwise, on the first
// reading and on its own box, is withheld from the lines and told; one the
// OCR misread only the first time, or reads as the text layer, or with a
// digit lost, is kept.
func TestCrossCheckFake(t *testing.T) {
	cases := []struct {
		name         string
		words, again []Word
		printed      string // "" when no mismatch
		read         string // what the mismatch says the page printed
	}{
		{name: "agree", words: at("12 345")},
		{name: "agree in two words", words: append(at("12"), Word{Text: "345", X0: amountBox[0] + 0.04, Y0: amountBox[1], X1: amountBox[2], Y1: amountBox[3]})},
		{name: "misread then read", words: at("12 845"), again: at("12 345")},
		{name: "printed otherwise", words: at("98 765"), printed: "12 345", read: "98765"},
		{name: "nothing printed there", words: at("Total")[:1], printed: "12 345", read: ""},
		{name: "a digit lost", words: at("12 45"), again: at("1245")},
		{name: "a digit gained", words: at("12 3745"), again: at("1237451")},
	}
	data := textPDF(statementPage, nil, 0, 0, [4]float64{})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := readDoc(t, data)
			engine := &printedWords{words: c.words, again: c.again}
			r := Reader{Engine: engine, Budget: DefaultBudget()}
			ms, err := r.CrossCheck(context.Background(), data, doc, []int{1}, nil, pdftext.DefaultLimits())
			if err != nil {
				t.Fatal(err)
			}
			text := doc.Pages[0].Text()
			if c.printed == "" {
				if len(ms) != 0 || !strings.Contains(text, "12 345") || len(doc.Pages[0].Hidden) != 0 {
					t.Fatalf("désaccords %+v, texte %q, caché %+v : attendu aucun", ms, text, doc.Pages[0].Hidden)
				}
				return
			}
			if len(ms) != 1 || ms[0].Text != c.printed || ms[0].Printed != c.read || ms[0].Page != 1 {
				t.Fatalf("désaccords %+v, attendu %q imprimé %q", ms, c.printed, c.read)
			}
			if strings.ContainsAny(text, "12345") || !strings.Contains(text, "\ufffd\ufffd \ufffd\ufffd\ufffd") {
				t.Errorf("texte %q : les chiffres du montant doivent être retirés", text)
			}
			h := doc.Pages[0].Hidden
			if len(h) != 1 || h[0].Reason != pdftext.HiddenMisprinted || !strings.Contains(h[0].Text, "12 345") {
				t.Errorf("caché %+v", h)
			}
		})
	}
}

// An amount's reading contradicts it when neither holds the other's
// digits in order: a digit lost (a 0 read as a letter), or gained (a rule,
// a no-break space's missing-glyph box), is a failed reading; a digit put
// for another is a contradiction.
func TestContradicts(t *testing.T) {
	for _, c := range []struct {
		word, amount string
		want         bool
	}{
		{"12 345", "12 345", false},
		{"(O,8)", "0,8", false},
		{"©21", "021", false},
		{"200", "20 000", false},
		{"1811416,30", "18\u202f416,30", false},
		{"|247", "247", false},
		{"12 845", "12 345", true},
		{"(3,1)", "8,1", true},
		{"12 3845", "12 345", false},
		{"123 145", "12 845", true},
	} {
		if got := contradicts(printedDigits(c.word), c.amount); got != c.want {
			t.Errorf("contradicts(%q, %q) = %v, veut %v", c.word, c.amount, got, c.want)
		}
	}
}

// Pages read by OCR, and pages not asked for, are not cross-checked.
func TestCrossCheckSkips(t *testing.T) {
	data := textPDF(statementPage, nil, 0, 0, [4]float64{})
	doc := readDoc(t, data)
	engine := &printedWords{words: at("98 765")}
	r := Reader{Engine: engine, Budget: DefaultBudget()}
	if ms, err := r.CrossCheck(context.Background(), data, doc, []int{2}, nil, pdftext.DefaultLimits()); err != nil || len(ms) != 0 || len(engine.calls) != 0 {
		t.Fatalf("page absente : %v %+v, %d lectures", err, ms, len(engine.calls))
	}
	doc.Pages[0].OCR = &pdftext.Recognition{Engine: "fake"}
	if ms, err := r.CrossCheck(context.Background(), data, doc, []int{1}, nil, pdftext.DefaultLimits()); err != nil || len(ms) != 0 || len(engine.calls) != 0 {
		t.Fatalf("page lue par OCR : %v %+v, %d lectures", err, ms, len(engine.calls))
	}
}

// With Tesseract: a text layer saying 12 345 under an image of the page
// printing 98 765 there is flagged; the same page without the image is not.
func TestCrossCheckTesseract(t *testing.T) {
	if testing.Short() {
		t.Skip("Tesseract : hors de -short")
	}
	engine, err := NewTesseract()
	if err != nil {
		t.Skip(err)
	}
	lying := underOtherFigures(t, statementPage)
	r := Reader{Engine: engine, Budget: DefaultBudget()}
	for _, c := range []struct {
		name string
		data []byte
		want int
	}{
		{"text as printed", textPDF(statementPage, nil, 0, 0, [4]float64{}), 0},
		{"text under an image of other figures", lying, 1},
	} {
		doc := readDoc(t, c.data)
		ms, err := r.CrossCheck(context.Background(), c.data, doc, []int{1}, nil, pdftext.DefaultLimits())
		if err != nil {
			t.Fatal(err)
		}
		if len(ms) != c.want || c.want == 1 && (ms[0].Text != "12 345" || ms[0].Printed != "98765") {
			t.Errorf("%s : désaccords %+v, attendu %d", c.name, ms, c.want)
		}
	}
}

// underOtherFigures is the one-page PDF of content (which prints 12 345
// where statementPage does) with, drawn over that amount, an image of the
// same page printing 98 765 there: a text layer that says otherwise than
// its page prints.
func underOtherFigures(t *testing.T, content string) []byte {
	t.Helper()
	// The image: the same page printing 98 765, rendered, its amount's
	// rectangle cut out.
	other := textPDF(strings.Replace(content, "12 345", "98 765", 1), nil, 0, 0, [4]float64{})
	dir := t.TempDir()
	src := filepath.Join(dir, "other.pdf")
	if err := os.WriteFile(src, other, 0o600); err != nil {
		t.Fatal(err)
	}
	const dpi = 200
	x, y, w, h := 316, 694, 74, 24 // points, around the amount
	px := func(v int) string { return fmt.Sprint(v * dpi / 72) }
	out, err := exec.Command("pdftoppm", "-r", fmt.Sprint(dpi), "-gray", "-singlefile", "-x", px(x), "-y", px(792-y-h), "-W", px(w), "-H", px(h), src, filepath.Join(dir, "img")).CombinedOutput()
	if err != nil {
		t.Fatalf("pdftoppm : %v : %s", err, out)
	}
	img, err := readPGM(filepath.Join(dir, "img.pgm"))
	if err != nil {
		t.Fatal(err)
	}
	var jpg bytes.Buffer
	if err := jpeg.Encode(&jpg, img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return textPDF(content, jpg.Bytes(), img.Bounds().Dx(), img.Bounds().Dy(), [4]float64{float64(x), float64(y), float64(w), float64(h)})
}

// readPGM reads the binary grey image pdftoppm -gray writes.
func readPGM(path string) (*image.Gray, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var w, h, maxv int
	r := bytes.NewReader(data)
	if _, err := fmt.Fscanf(r, "P5\n%d %d\n%d\n", &w, &h, &maxv); err != nil {
		return nil, fmt.Errorf("PGM %s : %w", path, err)
	}
	pix := data[len(data)-w*h:]
	return &image.Gray{Pix: pix, Stride: w, Rect: image.Rect(0, 0, w, h)}, nil
}
