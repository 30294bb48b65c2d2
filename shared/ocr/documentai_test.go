package ocr

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"cloud.google.com/go/documentai/apiv1/documentaipb"
	"google.golang.org/api/option"
	"google.golang.org/protobuf/encoding/protojson"

	"analyste.dev/analyste/shared/pdftext"
)

const processor = "projects/p/locations/eu/processors/ocr1"

// fakeDocumentAI answers :process as the OCR processor does, with the
// tokens of a two-row table on the page asked; it counts the calls.
func fakeDocumentAI(t *testing.T, calls *atomic.Int32) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		if r.Method != http.MethodPost || r.URL.Path != "/v1/"+processor+":process" {
			http.Error(w, `{"error":{"code":404,"message":"not found"}}`, http.StatusNotFound)
			return
		}
		body, _ := io.ReadAll(r.Body)
		var req documentaipb.ProcessRequest
		if err := protojson.Unmarshal(body, &req); err != nil {
			t.Errorf("requête : %v", err)
		}
		pages := req.GetProcessOptions().GetIndividualPageSelector().GetPages()
		if req.GetRawDocument().GetMimeType() != "application/pdf" || string(req.GetRawDocument().GetContent()) != "%PDF-scan" || len(pages) != 1 {
			http.Error(w, `{"error":{"code":400,"message":"bad request"}}`, http.StatusBadRequest)
			return
		}
		text := "BILAN ACTIF\nStocks 12 500\n"
		token := func(start, end int64, x0, y0, x1, y1 float32, conf float32) *documentaipb.Document_Page_Token {
			return &documentaipb.Document_Page_Token{Layout: &documentaipb.Document_Page_Layout{
				TextAnchor: &documentaipb.Document_TextAnchor{TextSegments: []*documentaipb.Document_TextAnchor_TextSegment{{StartIndex: start, EndIndex: end}}},
				Confidence: conf,
				BoundingPoly: &documentaipb.BoundingPoly{NormalizedVertices: []*documentaipb.NormalizedVertex{
					{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}}}}}
		}
		line := func(start, end int64) *documentaipb.Document_Page_Line {
			return &documentaipb.Document_Page_Line{Layout: &documentaipb.Document_Page_Layout{
				TextAnchor: &documentaipb.Document_TextAnchor{TextSegments: []*documentaipb.Document_TextAnchor_TextSegment{{StartIndex: start, EndIndex: end}}}}}
		}
		resp := &documentaipb.ProcessResponse{Document: &documentaipb.Document{Text: text, Pages: []*documentaipb.Document_Page{{
			PageNumber: pages[0],
			Lines:      []*documentaipb.Document_Page_Line{line(0, 12), line(12, 25)},
			Tokens: []*documentaipb.Document_Page_Token{
				token(0, 6, 0.10, 0.05, 0.18, 0.065, 0.99), token(6, 12, 0.20, 0.05, 0.28, 0.065, 0.98),
				token(12, 19, 0.10, 0.30, 0.18, 0.31, 0.97), token(19, 22, 0.70, 0.30, 0.725, 0.31, 0.9), token(22, 25, 0.732, 0.30, 0.76, 0.31, 0.7),
			}}}}}
		out, _ := protojson.Marshal(resp)
		w.Header().Set("Content-Type", "application/json")
		w.Write(out)
	}))
}

func TestDocumentAI(t *testing.T) {
	var calls atomic.Int32
	srv := fakeDocumentAI(t, &calls)
	defer srv.Close()
	ctx := context.Background()
	e, err := NewDocumentAI(ctx, processor, srv.URL, option.WithoutAuthentication())
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	src := NewSource([]byte("%PDF-scan"))
	top, err := e.Read(ctx, src, Request{Page: 3, Region: Region{0, 0, 1, titleBand}})
	if err != nil {
		t.Fatal(err)
	}
	if len(top) != 2 || top[0].Text != "BILAN" || top[1].Text != "ACTIF" || top[0].Line != top[1].Line {
		t.Errorf("haut de page %+v : le titre seul, sur une ligne", top)
	}
	// Two scanned pages, a budget of one: the title pass reads both, the
	// full reading of the first reuses what the processor returned.
	calls.Store(0)
	doc := &pdftext.Document{Pages: []pdftext.Page{{Number: 3, MediaBox: a4, CropBox: a4}, {Number: 4, MediaBox: a4, CropBox: a4}}}
	budget := DefaultBudget()
	budget.MaxPages = 1
	// Two rows are no statement: the page left unread fails the document.
	if err := (Reader{Engine: e, Budget: budget}).Fill(ctx, src.Data, doc); !errors.Is(err, ErrBudget) {
		t.Fatalf("erreur %v, attendu ErrBudget", err)
	}
	p := doc.Pages[0]
	if got := p.Text(); !strings.HasPrefix(got, "BILAN ACTIF\nStocks") || !strings.HasSuffix(got, "12 500") || p.OCR.Engine != "documentai" {
		t.Errorf("page lue :\n%s", got)
	}
	if c, ok := p.Confidence(0, len(p.Text())); !ok || c < 0.69 || c > 0.71 {
		t.Errorf("confiance %v %v, attendu la plus basse (0,7)", c, ok)
	}
	if n := calls.Load(); n != 2 {
		t.Errorf("%d appels pour deux pages : une page se paie une fois par document", n)
	}
}

func TestDocumentAIErrors(t *testing.T) {
	var calls atomic.Int32
	srv := fakeDocumentAI(t, &calls)
	defer srv.Close()
	ctx := context.Background()
	if _, err := NewDocumentAI(ctx, "", srv.URL, option.WithoutAuthentication()); Reason(err) == "" {
		t.Errorf("sans processeur : %v", err)
	}
	e, err := NewDocumentAI(ctx, "projects/p/locations/eu/processors/autre", srv.URL, option.WithoutAuthentication())
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if _, err := e.Read(ctx, NewSource([]byte("%PDF-scan")), Request{Page: 1, Region: Whole}); err == nil || !strings.Contains(err.Error(), "page 1") {
		t.Errorf("processeur inconnu : %v", err)
	}
}

func TestLocation(t *testing.T) {
	for _, tt := range []struct{ name, want string }{
		{processor, "eu"}, {"projects/p/locations/us/processors/x", "us"},
		{"", ""}, {"projects/p/locations//processors/x", ""}, {"projects/p/processors/x", ""}, {"projects/p/locations/eu/processors/x/y", ""},
	} {
		got, err := Location(tt.name)
		if got != tt.want || (err == nil) != (tt.want != "") {
			t.Errorf("Location(%q) = %q, %v", tt.name, got, err)
		}
	}
	if Endpoint("eu") != "https://eu-documentai.googleapis.com" {
		t.Error(Endpoint("eu"))
	}
}
