package ocr

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
)

// Tesseract reads pages with Tesseract (Debian's tesseract-ocr with its
// French data, tesseract-ocr-fra), on images poppler's pdftoppm renders.
// Each process runs on one thread, within a memory bound (prlimit) and the
// context's deadline.
type Tesseract struct {
	Lang string // "fra"
	// MaxMemory bounds the address space of each pdftoppm and tesseract
	// process, in bytes; MaxPixels the page image, lowering its
	// resolution when a page is too large for the one asked.
	MaxMemory int64
	MaxPixels float64
}

// NewTesseract returns the Tesseract engine with French data, or
// ErrUnavailable when tesseract, its French data, pdftoppm or prlimit is
// missing.
func NewTesseract() (*Tesseract, error) {
	for _, tool := range []string{"tesseract", "pdftoppm", "prlimit"} {
		if _, err := exec.LookPath(tool); err != nil {
			return nil, fmt.Errorf("%w : %s absent (make deps l'installe)", ErrUnavailable, tool)
		}
	}
	out, err := exec.Command("tesseract", "--list-langs").Output()
	if err != nil || !bytes.Contains(out, []byte("\nfra")) {
		return nil, fmt.Errorf("%w : données françaises de tesseract absentes (tesseract-ocr-fra)", ErrUnavailable)
	}
	return &Tesseract{Lang: "fra", MaxMemory: 1 << 30, MaxPixels: 40e6}, nil
}

// Name implements Engine.
func (t *Tesseract) Name() string { return "tesseract" }

// Read implements Engine: pdftoppm renders the region of the page in grey,
// its rules are whitened and its skew taken out, tesseract reads it as
// TSV.
func (t *Tesseract) Read(ctx context.Context, doc *Source, req Request) ([]Word, error) {
	img, g, err := t.render(ctx, doc, req, req.Region)
	if err != nil {
		return nil, err
	}
	defer os.Remove(img)
	page, err := decodePGM(img)
	if err != nil {
		return nil, fmt.Errorf("image de la page %d : %w", req.Page, err)
	}
	eraseRules(page, g.dpi)
	var a float64
	if req.Mode != Line { // a line alone has no skew worth the turn
		if a = inkSkew(page); a != 0 {
			page = rotate(page, a)
		}
	}
	if err := writePGM(img, page); err != nil {
		return nil, fmt.Errorf("image de la page %d : %w", req.Page, err)
	}
	words, err := t.words(ctx, img, req, g)
	if err != nil || req.Also == 0 {
		turnBack(words, a, g.region, g.pageW, g.pageH)
		return words, err
	}
	also := req
	also.Mode = req.Also
	more, err := t.words(ctx, img, also, g)
	if err != nil {
		return nil, err
	}
	words = merged(words, more)
	turnBack(words, a, g.region, g.pageW, g.pageH)
	return words, nil
}

// words has tesseract read the image at path in req's mode.
func (t *Tesseract) words(ctx context.Context, path string, req Request, g geometry) ([]Word, error) {
	out, err := t.recognize(ctx, path, req, g.dpi)
	if err != nil {
		return nil, err
	}
	return parseTSV(bytes.NewReader(out), g.region, g.pageW, g.pageH)
}

// ReadRegions implements RegionReader: pdftoppm renders the whole page
// once, each region is cut from it in Go, and one tesseract process reads
// the list of cuts.
func (t *Tesseract) ReadRegions(ctx context.Context, doc *Source, req Request, regions []Region) ([][]Word, error) {
	if len(regions) == 0 {
		return nil, nil
	}
	img, g, err := t.render(ctx, doc, req, Whole)
	if err != nil {
		return nil, err
	}
	defer os.Remove(img)
	page, err := decodePGM(img)
	if err != nil {
		return nil, fmt.Errorf("image de la page %d : %w", req.Page, err)
	}
	eraseRules(page, g.dpi)
	list, cuts, err := writeCuts(page, regions, img)
	defer func() {
		for _, c := range cuts {
			os.Remove(c.path)
		}
		os.Remove(list)
	}()
	if err != nil {
		return nil, fmt.Errorf("découpe de la page %d : %w", req.Page, err)
	}
	out, err := t.recognize(ctx, list, req, g.dpi)
	if err != nil {
		return nil, err
	}
	kept := make([]Region, len(cuts))
	for i, c := range cuts {
		kept[i] = c.region
	}
	return parseTSVImages(bytes.NewReader(out), kept, g.pageW, g.pageH)
}

// geometry is where a rendered image lies on its page.
type geometry struct {
	dpi          float64 // the resolution rendered, lowered to MaxPixels
	pageW, pageH float64 // the whole page, in pixels at dpi
	region       Region  // the image's part of the page
}

// render has pdftoppm render region of req's page in grey, at req.DPI or
// less within MaxPixels, and returns the image's path: a PGM, which
// pdftoppm writes some thirty times faster than a PNG of a noisy scan.
func (t *Tesseract) render(ctx context.Context, doc *Source, req Request, r Region) (string, geometry, error) {
	path, err := doc.Path()
	if err != nil {
		return "", geometry{}, fmt.Errorf("PDF pour l'OCR : %w", err)
	}
	dpi := float64(req.DPI)
	if px := req.Width * req.Height * dpi * dpi / (72 * 72); px > t.MaxPixels {
		dpi *= math.Sqrt(t.MaxPixels / px)
	}
	pageW, pageH := math.Round(req.Width*dpi/72), math.Round(req.Height*dpi/72)
	if pageW < 1 || pageH < 1 {
		return "", geometry{}, fmt.Errorf("page %d : dimensions %gx%g pt", req.Page, req.Width, req.Height)
	}
	x, y := math.Floor(r.X0*pageW), math.Floor(r.Y0*pageH)
	w, h := math.Ceil(r.X1*pageW)-x, math.Ceil(r.Y1*pageH)-y
	root := filepath.Join(filepath.Dir(path), fmt.Sprintf("page-%d-%d", req.Page, int(dpi)))
	n := strconv.Itoa(req.Page)
	render := []string{"-f", n, "-l", n, "-r", strconv.FormatFloat(dpi, 'f', 2, 64), "-gray", "-singlefile",
		"-x", strconv.Itoa(int(x)), "-y", strconv.Itoa(int(y)), "-W", strconv.Itoa(int(w)), "-H", strconv.Itoa(int(h)), path, root}
	if _, err := t.run(ctx, "pdftoppm", render...); err != nil {
		return "", geometry{}, fmt.Errorf("rendu de la page %d : %w", req.Page, err)
	}
	return root + ".pgm", geometry{dpi: dpi, pageW: pageW, pageH: pageH,
		region: Region{x / pageW, y / pageH, (x + w) / pageW, (y + h) / pageH}}, nil
}

// recognize runs tesseract on input (an image, or a file listing images)
// in req's mode and returns its TSV.
func (t *Tesseract) recognize(ctx context.Context, input string, req Request, dpi float64) ([]byte, error) {
	mode := req.Mode
	if mode == 0 {
		mode = Auto
	}
	args := []string{input, "stdout", "-l", t.Lang, "--psm", strconv.Itoa(int(mode)), "--dpi", strconv.Itoa(int(dpi))}
	if req.Digits {
		args = append(args, "-c", "tessedit_char_whitelist="+digitChars)
	}
	out, err := t.run(ctx, "tesseract", append(args, "tsv")...)
	if err != nil {
		return nil, fmt.Errorf("OCR de la page %d : %w", req.Page, err)
	}
	return out, nil
}

// digitChars are what an amount cell prints: digits, their separators,
// signs and parentheses.
const digitChars = "0123456789 .,-()"

// run runs a tool on one thread under the memory bound, killed when ctx
// ends; an error says why, the tool's own message included.
func (t *Tesseract) run(ctx context.Context, tool string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "prlimit", append([]string{"--as=" + strconv.FormatInt(t.MaxMemory, 10), "--", tool}, args...)...)
	cmd.Env = append(os.Environ(), "OMP_THREAD_LIMIT=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return nil, fmt.Errorf("%s : %w : %s", tool, err, bytes.TrimSpace(tail(stderr.Bytes(), 300)))
		}
		return nil, fmt.Errorf("%s : %w", tool, err)
	}
	return out, nil
}

// tail is the end of b, at most n bytes.
func tail(b []byte, n int) []byte {
	if len(b) > n {
		return b[len(b)-n:]
	}
	return b
}
