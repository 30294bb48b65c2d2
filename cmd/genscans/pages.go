package main

import (
	"context"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"analyste.dev/analyste/shared/locate"
	"analyste.dev/analyste/shared/ocr"
	"analyste.dev/analyste/shared/pdftext"
)

// scannedPages are the pages to scan: all of them, or for a mixed
// document the statement pages the text layer shows.
func scannedPages(ctx context.Context, src string, mixed bool) ([]int, error) {
	doc, err := pdftext.ReadFile(ctx, src, pdftext.DefaultLimits())
	if err != nil {
		return nil, err
	}
	if !mixed {
		all := make([]int, len(doc.Pages))
		for i := range all {
			all[i] = i + 1
		}
		return all, nil
	}
	var pages []int
	for _, ps := range locate.Find(doc) {
		pages = append(pages, ps...)
	}
	slices.Sort(pages)
	return slices.Compact(pages), nil
}

// scanPages writes the pages of src, scanned, as the image-only PDF out.
func scanPages(ctx context.Context, src string, pages []int, s scan, tmp, out string) error {
	var imgs []pageImage
	for _, n := range pages {
		img, err := render(ctx, src, n, s.dpi, tmp)
		if err != nil {
			return err
		}
		gray := degrade(rotate(img, s.angle), s.seed*1000+int64(n), s.noiseScale())
		jpg, err := encodeJPEG(gray)
		if err != nil {
			return err
		}
		b := gray.Bounds()
		imgs = append(imgs, pageImage{jpeg: jpg, w: b.Dx(), h: b.Dy(), dpi: s.dpi})
	}
	return os.WriteFile(out, imagePDF(imgs), 0o644)
}

// mix writes src with its pages listed in scanned replaced by their scan.
func mix(ctx context.Context, src string, scanned []int, s scan, tmp, out string) error {
	doc, err := pdftext.ReadFile(ctx, src, pdftext.DefaultLimits())
	if err != nil {
		return err
	}
	var parts []string
	for n := 1; n <= len(doc.Pages); n++ {
		part := filepath.Join(tmp, fmt.Sprintf("part-%03d.pdf", n))
		if slices.Contains(scanned, n) {
			err = scanPages(ctx, src, []int{n}, s, tmp, part)
		} else {
			err = run(ctx, "pdfseparate", "-f", strconv.Itoa(n), "-l", strconv.Itoa(n), src, part)
		}
		if err != nil {
			return err
		}
		parts = append(parts, part)
	}
	return run(ctx, "pdfunite", append(parts, out)...)
}

// render renders page n of src in grey at dpi.
func render(ctx context.Context, src string, n, dpi int, tmp string) (*image.Gray, error) {
	root := filepath.Join(tmp, "page")
	p := strconv.Itoa(n)
	if err := run(ctx, "pdftoppm", "-f", p, "-l", p, "-r", strconv.Itoa(dpi), "-gray", "-png", "-singlefile", src, root); err != nil {
		return nil, err
	}
	return ocr.DecodeGray(root + ".png")
}
