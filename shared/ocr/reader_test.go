package ocr

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"analyste.dev/analyste/shared/pdftext"
)

// fake reads what its pages say: for each page, the rows of words to give,
// and the pages whose reading fails.
type fake struct {
	mu    sync.Mutex
	pages map[int][][]any
	fail  map[int]error
	calls []Request
}

func (f *fake) Name() string { return "fake" }

func (f *fake) Read(_ context.Context, _ *Source, req Request) ([]Word, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls = append(f.calls, req)
	if err := f.fail[req.Page]; err != nil {
		return nil, err
	}
	var out []Word
	for i, r := range f.pages[req.Page] {
		y := 60 + 14*float64(i)
		if y/842 < req.Region.Y0 || y/842 > req.Region.Y1 {
			continue
		}
		out = append(out, row(i, y, 0, r...)...)
	}
	return out, nil
}

// scanned is a document of n pages without text.
func scanned(n int) *pdftext.Document {
	doc := &pdftext.Document{}
	for i := range n {
		doc.Pages = append(doc.Pages, pdftext.Page{Number: i + 1, MediaBox: a4, CropBox: a4})
	}
	return doc
}

// statementRows is a compte de résultat as a fake engine reads it.
func statementRows() [][]any {
	rows := [][]any{{"COMPTE", 60.0, "DE", 94.0, "RÉSULTAT", 107.0}, {"Exercice", 60.0, "2025", 400.0, "2024", 480.0}}
	for _, label := range []string{"Ventes", "Achats", "Charges", "Impôts", "Salaires", "Dotations"} {
		rows = append(rows, []any{label, 60.0, "1", 400.0, "250", 410.0, "1", 480.0, "120", 490.0})
	}
	return rows
}

func TestFillReadsOnlyPagesWithoutText(t *testing.T) {
	doc := scanned(3)
	doc.Pages[0].Lines = []pdftext.Line{{Y: 800, Spans: []pdftext.Span{{X0: 60, X1: 200, Size: 10, Text: "Rapport de gestion"}}}}
	doc.Pages[2].Err = errors.New("page illisible")
	f := &fake{pages: map[int][][]any{2: statementRows()}}
	if err := (Reader{Engine: f, Budget: DefaultBudget()}).Fill(context.Background(), []byte("%PDF"), doc); err != nil {
		t.Fatal(err)
	}
	if len(f.calls) != 1 || f.calls[0].Page != 2 || f.calls[0].DPI != DPI || f.calls[0].Width != 595 {
		t.Fatalf("lectures %+v : la page 2 seule, à %d dpi", f.calls, DPI)
	}
	p := doc.Pages[1]
	if p.OCR == nil || p.OCR.Engine != "fake" || len(p.OCR.Confidence) != len(p.Glyphs) || !strings.HasPrefix(p.Text(), "COMPTE DE RÉSULTAT") {
		t.Errorf("page 2 : %+v\n%s", p.OCR, p.Text())
	}
	if doc.Pages[0].OCR != nil || doc.Pages[0].Text() != "Rapport de gestion" {
		t.Errorf("la page 1 a perdu sa couche texte : %q", doc.Pages[0].Text())
	}
}

func TestFillKeepsTheOtherPagesWhenOneFails(t *testing.T) {
	doc := scanned(2)
	f := &fake{pages: map[int][][]any{2: statementRows()}, fail: map[int]error{1: errors.New("tesseract : signal: killed")}}
	if err := (Reader{Engine: f, Budget: DefaultBudget()}).Fill(context.Background(), nil, doc); err != nil {
		t.Fatal(err)
	}
	if doc.Pages[0].Err == nil || doc.Pages[1].Err != nil || doc.Pages[1].Text() == "" {
		t.Errorf("page 1 : %v ; page 2 : %v %q", doc.Pages[0].Err, doc.Pages[1].Err, doc.Pages[1].Text())
	}
}

func TestFillReadsStatementsFirstWithinTheBudget(t *testing.T) {
	doc := scanned(8)
	pages := map[int][][]any{}
	for n := 1; n <= 8; n++ {
		pages[n] = [][]any{{"Note", 60.0, fmt.Sprint(n), 100.0}}
	}
	pages[6] = statementRows()
	f := &fake{pages: pages}
	budget := Budget{MaxPages: 3, Page: time.Minute, Document: time.Minute}
	if err := (Reader{Engine: f, Budget: budget}).Fill(context.Background(), nil, doc); err != nil {
		t.Fatal(err)
	}
	var full []int
	for _, c := range f.calls {
		if c.Region == Whole {
			full = append(full, c.Page)
		} else if c.DPI != titleDPI || c.Region.Y1 != titleBand {
			t.Errorf("passe des titres %+v", c)
		}
	}
	if !slices.Equal(full, []int{6, 5, 7}) {
		t.Errorf("pages lues en entier %v, attendu la page titrée et ses voisines [6 5 7]", full)
	}
	for _, p := range doc.Pages {
		if unread := !slices.Contains(full, p.Number); unread != errors.Is(p.Err, ErrBudget) {
			t.Errorf("page %d : %v", p.Number, p.Err)
		}
	}
}

func TestFillFailsWhenTheBudgetLeavesNoStatement(t *testing.T) {
	doc := scanned(4)
	f := &fake{pages: map[int][][]any{4: statementRows()}, fail: map[int]error{}}
	budget := Budget{MaxPages: 1, Page: time.Minute, Document: time.Minute}
	// The title pass misses page 4 (its top fails to read).
	f.fail[4] = nil
	r := Reader{Engine: &missTitles{f}, Budget: budget}
	err := r.Fill(context.Background(), nil, doc)
	if !errors.Is(err, ErrBudget) || Reason(err) == "" {
		t.Fatalf("erreur %v, attendu ErrBudget avec sa raison", err)
	}
}

// missTitles fails every title pass.
type missTitles struct{ *fake }

func (m *missTitles) Read(ctx context.Context, s *Source, req Request) ([]Word, error) {
	if req.Region != Whole {
		return nil, errors.New("illisible")
	}
	return m.fake.Read(ctx, s, req)
}

func TestFillStopsAtTheDocumentDeadline(t *testing.T) {
	doc := scanned(3)
	f := &slow{}
	budget := Budget{MaxPages: 10, Page: time.Minute, Document: 50 * time.Millisecond}
	err := (Reader{Engine: f, Budget: budget}).Fill(context.Background(), nil, doc)
	if !errors.Is(err, ErrBudget) {
		t.Fatalf("erreur %v, attendu ErrBudget", err)
	}
	for _, p := range doc.Pages {
		if p.Err == nil {
			t.Errorf("page %d lue malgré l'échéance", p.Number)
		}
	}
}

// slow reads until its context ends.
type slow struct{}

func (slow) Name() string { return "lent" }

func (slow) Read(ctx context.Context, _ *Source, _ Request) ([]Word, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}
