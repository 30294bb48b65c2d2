package ocr

import "image"

// A table's rules and frames, read by Tesseract in its one-column mode as
// rows of letters (« a ctinorsiies Can |Pe »), and a scan's skew makes
// them cross the text rows they frame: they are whitened on the page
// image before it is read. A rule is a run of ink along a row (or a
// column) at least half an inch long (three tenths for a column: a
// table's row is shorter than a column's rule), allowed to step by one
// pixel across (a skewed rule), and thin across where it runs: its ink
// is whitened only where it is at most a fortieth of an inch thick, so
// that a letter standing on it keeps its strokes.
const (
	ruleRow    = 0.5 // inches: the shortest horizontal rule
	ruleColumn = 0.3 // inches: the shortest vertical rule
	ruleThick  = 1.0 / 40
	ruleThin   = 0.9 // of a run's length thin across: a rule, not text
	ruleInk    = 30  // grey levels under the page's background: ink
)

// eraseRules whitens the rules and frames of page, an image at dpi.
func eraseRules(page *image.Gray, dpi float64) {
	b := page.Bounds()
	w, h := b.Dx(), b.Dy()
	if w == 0 || h == 0 {
		return
	}
	ink := inkMask(page)
	var erase []int // pixel offsets in ink
	rows := grid{ink: ink, w: w, h: h}
	for _, s := range rules(rows, int(ruleRow*dpi), int(ruleThick*dpi)) {
		erase = append(erase, s...)
	}
	cols := grid{ink: ink, w: w, h: h, transposed: true}
	for _, s := range rules(cols, int(ruleColumn*dpi), int(ruleThick*dpi)) {
		erase = append(erase, s...)
	}
	for _, i := range erase {
		page.Pix[page.PixOffset(b.Min.X+i%w, b.Min.Y+i/w)] = 255
	}
}

// inkMask marks the pixels darker than the page's background by ruleInk.
func inkMask(page *image.Gray) []bool {
	b := page.Bounds()
	w, h := b.Dx(), b.Dy()
	var hist [256]int
	for y := 0; y < h; y++ {
		for _, v := range pixelRow(page, y) {
			hist[v]++
		}
	}
	bg := 0
	for v, n := range hist {
		if n > hist[bg] {
			bg = v
		}
	}
	ink := make([]bool, w*h)
	for y := 0; y < h; y++ {
		for x, v := range pixelRow(page, y) {
			ink[y*w+x] = int(v) < bg-ruleInk
		}
	}
	return ink
}

// pixelRow is the y-th row of page's pixels, from its left edge.
func pixelRow(page *image.Gray, y int) []uint8 {
	b := page.Bounds()
	i := page.PixOffset(b.Min.X, b.Min.Y+y)
	return page.Pix[i : i+b.Dx()]
}

// grid reads an ink mask along its rows, or along its columns when
// transposed: u runs along, v across.
type grid struct {
	ink        []bool
	w, h       int
	transposed bool
}

func (g grid) size() (nu, nv int) {
	if g.transposed {
		return g.h, g.w
	}
	return g.w, g.h
}

func (g grid) offset(u, v int) int {
	if g.transposed {
		return u*g.w + v
	}
	return v*g.w + u
}

func (g grid) at(u, v int) bool {
	nu, nv := g.size()
	return u >= 0 && v >= 0 && u < nu && v < nv && g.ink[g.offset(u, v)]
}

// rules returns, for each rule found along g's lines, the offsets of its
// thin ink: runs of at least minRun where some ink lies within a pixel of
// the line, nearly all of whose stretch is at most maxThick across.
func rules(g grid, minRun, maxThick int) [][]int {
	nu, nv := g.size()
	var found [][]int
	for v := 0; v < nv; v++ {
		start := -1
		for u := 0; u <= nu; u++ {
			if u < nu && (g.at(u, v) || g.at(u, v-1) || g.at(u, v+1)) {
				if start < 0 {
					start = u
				}
				continue
			}
			if start >= 0 && u-start >= minRun {
				if s := thinInk(g, start, u, v, maxThick); s != nil {
					found = append(found, s)
				}
			}
			start = -1
		}
	}
	return found
}

// thinInk returns the offsets of the ink across line v from u0 to u1 where
// it is at most maxThick thick (a margin of a pixel each side: the rule's
// grey edge), or nil when less than ruleThin of the stretch is.
func thinInk(g grid, u0, u1, v, maxThick int) []int {
	_, nv := g.size()
	var out []int
	thin := 0
	for u := u0; u < u1; u++ {
		c := v
		for _, d := range []int{0, -1, 1} {
			if g.at(u, v+d) {
				c = v + d
				break
			}
		}
		a, z := c, c
		for g.at(u, a-1) && c-a < maxThick {
			a--
		}
		for g.at(u, z+1) && z-a < maxThick {
			z++
		}
		if z-a+1 > maxThick {
			continue
		}
		thin++
		for x := max(a-1, 0); x <= min(z+1, nv-1); x++ {
			out = append(out, g.offset(u, x))
		}
	}
	if float64(thin) < ruleThin*float64(u1-u0) {
		return nil
	}
	return out
}
