package ocr

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"
	"sync"

	documentai "cloud.google.com/go/documentai/apiv1"
	"cloud.google.com/go/documentai/apiv1/documentaipb"
	"google.golang.org/api/option"
)

// DocumentAI reads pages with a Document AI OCR processor (the Enterprise
// Document OCR): the PDF is sent as it is, one page selected, and the
// processor renders and reads it. A page is read once per document:
// the title pass's region is cut from the whole page's words, which a
// later full reading reuses rather than pay for the page again.
type DocumentAI struct {
	client    *documentai.DocumentProcessorClient
	processor string // projects/…/locations/…/processors/…

	mu   sync.Mutex
	read map[pageOf][]Word
}

// pageOf is a page of one source.
type pageOf struct {
	src  *Source
	page int
}

// NewDocumentAI connects to the processor (its full resource name) through
// Document AI's REST API at endpoint: https://LOCATION-documentai.googleapis.com
// in production, a fake in tests (with option.WithoutAuthentication).
func NewDocumentAI(ctx context.Context, processor, endpoint string, opts ...option.ClientOption) (*DocumentAI, error) {
	if processor == "" {
		return nil, fmt.Errorf("%w : processeur Document AI non configuré", ErrUnavailable)
	}
	client, err := documentai.NewDocumentProcessorRESTClient(ctx, append([]option.ClientOption{option.WithEndpoint(endpoint)}, opts...)...)
	if err != nil {
		return nil, fmt.Errorf("client Document AI : %w", err)
	}
	return &DocumentAI{client: client, processor: processor, read: map[pageOf][]Word{}}, nil
}

// Location is the location of a processor named
// projects/PROJECT/locations/LOCATION/processors/ID.
func Location(processor string) (string, error) {
	parts := strings.Split(processor, "/")
	if len(parts) != 6 || parts[0] != "projects" || parts[2] != "locations" || parts[4] != "processors" ||
		parts[1] == "" || parts[3] == "" || parts[5] == "" {
		return "", fmt.Errorf("processeur Document AI %q : projects/PROJET/locations/LIEU/processors/ID attendu", processor)
	}
	return parts[3], nil
}

// Endpoint is the regional endpoint of a processor's location ("eu", "us").
func Endpoint(location string) string {
	return "https://" + location + "-documentai.googleapis.com"
}

// Name implements Engine.
func (d *DocumentAI) Name() string { return "documentai" }

// Close closes the client.
func (d *DocumentAI) Close() error { return d.client.Close() }

// Read implements Engine; the resolution and the segmentation mode are the
// processor's own.
func (d *DocumentAI) Read(ctx context.Context, doc *Source, req Request) ([]Word, error) {
	key := pageOf{doc, req.Page}
	d.mu.Lock()
	words, ok := d.read[key]
	d.mu.Unlock()
	if !ok {
		var err error
		if words, err = d.process(ctx, doc.Data, req.Page); err != nil {
			return nil, err
		}
		d.mu.Lock()
		d.read[key] = words
		d.mu.Unlock()
	}
	var out []Word
	r := req.Region
	for _, w := range words {
		if cx, cy := (w.X0+w.X1)/2, (w.Y0+w.Y1)/2; cx >= r.X0 && cx <= r.X1 && cy >= r.Y0 && cy <= r.Y1 {
			out = append(out, w)
		}
	}
	return out, nil
}

// process has the processor read one page of the PDF.
func (d *DocumentAI) process(ctx context.Context, pdf []byte, page int) ([]Word, error) {
	resp, err := d.client.ProcessDocument(ctx, &documentaipb.ProcessRequest{
		Name:   d.processor,
		Source: &documentaipb.ProcessRequest_RawDocument{RawDocument: &documentaipb.RawDocument{Content: pdf, MimeType: "application/pdf"}},
		ProcessOptions: &documentaipb.ProcessOptions{PageRange: &documentaipb.ProcessOptions_IndividualPageSelector_{
			IndividualPageSelector: &documentaipb.ProcessOptions_IndividualPageSelector{Pages: []int32{int32(page)}}}},
		SkipHumanReview: true,
	})
	if err != nil {
		return nil, fmt.Errorf("lecture de la page %d par Document AI : %w", page, err)
	}
	doc := resp.GetDocument()
	for _, p := range doc.GetPages() {
		if int(p.GetPageNumber()) == page || len(doc.GetPages()) == 1 {
			return tokens(doc.GetText(), p), nil
		}
	}
	return nil, fmt.Errorf("réponse de Document AI sans la page %d", page)
}

// tokens turns a page's tokens into words, each in the line that holds its
// text.
func tokens(text string, p *documentaipb.Document_Page) []Word {
	type span struct{ start, end int64 }
	var lines []span
	for _, l := range p.GetLines() {
		for _, s := range l.GetLayout().GetTextAnchor().GetTextSegments() {
			lines = append(lines, span{s.GetStartIndex(), s.GetEndIndex()})
		}
	}
	sort.Slice(lines, func(i, j int) bool { return lines[i].start < lines[j].start })
	var out []Word
	for _, t := range p.GetTokens() {
		lay := t.GetLayout()
		var b strings.Builder
		var start int64 = -1
		for _, s := range lay.GetTextAnchor().GetTextSegments() {
			i, j := s.GetStartIndex(), s.GetEndIndex()
			if i < 0 || j > int64(len(text)) || i > j {
				continue
			}
			if start < 0 {
				start = i
			}
			b.WriteString(text[i:j])
		}
		vs := lay.GetBoundingPoly().GetNormalizedVertices()
		if len(vs) == 0 {
			continue
		}
		w := Word{Text: strings.TrimSpace(b.String()), Conf: float64(lay.GetConfidence()), Line: -1,
			X0: math.Inf(1), Y0: math.Inf(1), X1: math.Inf(-1), Y1: math.Inf(-1)}
		for _, v := range vs {
			x, y := float64(v.GetX()), float64(v.GetY())
			w.X0, w.Y0, w.X1, w.Y1 = min(w.X0, x), min(w.Y0, y), max(w.X1, x), max(w.Y1, y)
		}
		if n := sort.Search(len(lines), func(i int) bool { return lines[i].start > start }) - 1; n >= 0 && start < lines[n].end {
			w.Line = n
		}
		out = append(out, w)
	}
	return out
}
