package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"

	"cloud.google.com/go/storage"

	"analyste.dev/analyste/shared/pdftext"
)

// PageTexts keeps the page texts of each run in Cloud Storage, so that
// documents stay far below Firestore's 1 MiB limit whatever the report's size.
type PageTexts struct {
	client *storage.Client
	bucket string
}

// PagesPrefix is where page texts are kept in their bucket; the functions'
// grants on it hold under this prefix only (infra/iam.tf).
const PagesPrefix = "pages/"

// NewPageTexts stores under bucket.
func NewPageTexts(client *storage.Client, bucket string) (*PageTexts, error) {
	if client == nil || bucket == "" {
		return nil, errors.New("store: page texts need a storage client and a bucket")
	}
	return &PageTexts{client: client, bucket: bucket}, nil
}

// Save writes the texts of run id (page 1 first) and returns their gs:// URL.
// Writing the same run again writes the same object.
func (p *PageTexts) Save(ctx context.Context, id string, texts []string) (string, error) {
	return p.save(ctx, PagesPrefix+id+".json", texts)
}

// Load reads the texts Save wrote.
func (p *PageTexts) Load(ctx context.Context, url string) ([]string, error) {
	var texts []string
	if err := p.load(ctx, url, &texts); err != nil {
		return nil, err
	}
	return texts, nil
}

// save writes v as JSON to the object name.
func (p *PageTexts) save(ctx context.Context, name string, v any) (string, error) {
	w := p.client.Bucket(p.bucket).Object(name).NewWriter(ctx)
	w.ContentType = "application/json"
	if err := json.NewEncoder(w).Encode(v); err != nil {
		_ = w.Close()
		return "", fmt.Errorf("write %s: %w", name, err)
	}
	if err := w.Close(); err != nil {
		return "", fmt.Errorf("write %s: %w", name, err)
	}
	return "gs://" + p.bucket + "/" + name, nil
}

// load reads the JSON object at url into out.
func (p *PageTexts) load(ctx context.Context, url string, out any) error {
	bucket, name, ok := strings.Cut(strings.TrimPrefix(url, "gs://"), "/")
	if !ok || !strings.HasPrefix(url, "gs://") {
		return fmt.Errorf("page texts address %q: want gs://BUCKET/OBJECT", url)
	}
	r, err := p.client.Bucket(bucket).Object(name).NewReader(ctx)
	if err != nil {
		return fmt.Errorf("read %s: %w", url, err)
	}
	defer r.Close()
	if err := json.NewDecoder(r).Decode(out); err != nil {
		return fmt.Errorf("read %s: %w", url, err)
	}
	return nil
}

// OCRBoxes is the OCR's layout of a page read by OCR, kept beside the page
// texts so that the viewer marks a passage on the page image without
// running an OCR: the uploaded PDF has no text there to find boxes in.
// Words hold one word of the page's text each, in text order, as eight
// integers (compact: a page of a thousand words weighs some 40 kB):
// the bytes of the page's text it gives (start, end), its line, its box
// in tenths of a point in the page's default user space (x0, y0, x1, y1)
// and the OCR's confidence in it in percent.
type OCRBoxes struct {
	Page   int        `json:"page"`
	Engine string     `json:"moteur"`
	DPI    int        `json:"dpi"`
	Crop   [4]float64 `json:"cadre"` // the page's crop box, in points
	Words  [][8]int   `json:"mots"`
}

// BoxesOf gives the layout of each page of doc read by OCR, page order;
// none for a document whose pages all have their text layer.
func BoxesOf(doc *pdftext.Document) []OCRBoxes {
	var out []OCRBoxes
	tenth := func(v float64) int { return int(math.Round(v * 10)) }
	for _, p := range doc.Pages {
		if p.OCR == nil {
			continue
		}
		b := OCRBoxes{Page: p.Number, Engine: p.OCR.Engine, DPI: p.OCR.DPI,
			Crop: [4]float64{p.CropBox.X0, p.CropBox.Y0, p.CropBox.X1, p.CropBox.Y1}, Words: make([][8]int, len(p.Glyphs))}
		for i, g := range p.Glyphs {
			conf := 0
			if i < len(p.OCR.Confidence) {
				conf = int(math.Round(p.OCR.Confidence[i] * 100))
			}
			b.Words[i] = [8]int{g.Start, g.End, g.Line, tenth(g.Box.X0), tenth(g.Box.Y0), tenth(g.Box.X1), tenth(g.Box.Y1), conf}
		}
		out = append(out, b)
	}
	return out
}

// Layout gives the page back with its words' boxes and confidences, for
// text, the page's stored text: pdftext.Page.Rects then marks a span of it.
// ok is false when a word lies outside text: the boxes are not that
// text's.
func (b OCRBoxes) Layout(text string) (p pdftext.Page, ok bool) {
	p = pdftext.Page{Number: b.Page, CropBox: pdftext.Rect{X0: b.Crop[0], Y0: b.Crop[1], X1: b.Crop[2], Y1: b.Crop[3]},
		OCR: &pdftext.Recognition{Engine: b.Engine, DPI: b.DPI, Confidence: make([]float64, len(b.Words))}, Glyphs: make([]pdftext.Glyph, len(b.Words))}
	p.MediaBox = p.CropBox
	for i, w := range b.Words {
		if w[0] < 0 || w[0] > w[1] || w[1] > len(text) {
			return pdftext.Page{}, false
		}
		pt := func(v int) float64 { return float64(v) / 10 }
		p.Glyphs[i] = pdftext.Glyph{Start: w[0], End: w[1], Line: w[2], Box: pdftext.Rect{X0: pt(w[3]), Y0: pt(w[4]), X1: pt(w[5]), Y1: pt(w[6])}}
		p.OCR.Confidence[i] = float64(w[7]) / 100
	}
	return p, true
}

// SaveBoxes writes the OCR layouts of run id beside its page texts and
// returns their gs:// URL. Their size follows the OCR's budget: at most
// ocr.Budget's pages are read by OCR.
func (p *PageTexts) SaveBoxes(ctx context.Context, id string, boxes []OCRBoxes) (string, error) {
	return p.save(ctx, PagesPrefix+id+".ocr.json", boxes)
}

// LoadBoxes reads the layouts SaveBoxes wrote.
func (p *PageTexts) LoadBoxes(ctx context.Context, url string) ([]OCRBoxes, error) {
	var boxes []OCRBoxes
	if err := p.load(ctx, url, &boxes); err != nil {
		return nil, err
	}
	return boxes, nil
}
