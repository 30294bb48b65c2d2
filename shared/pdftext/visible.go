package pdftext

import (
	"math"
	"strings"

	"github.com/ledongthuc/pdf"
)

// HiddenReason says why text of the text layer is not printed, or not
// legibly: such text is kept out of the page's lines, so that nobody quotes,
// reads a figure from or highlights what the page does not show.
type HiddenReason string

// The reasons, in the order Page.Hidden lists them.
const (
	HiddenMode    HiddenReason = "mode de rendu invisible"    // Tr 3, or 7 with nothing painted through it
	HiddenWhite   HiddenReason = "blanc sur fond blanc"       // white fill with no painted background under it
	HiddenClipped HiddenReason = "hors de la zone de découpe" // outside the clipping path, or an empty one
	HiddenOutside HiddenReason = "hors de la page"            // outside the CropBox
	HiddenTiny    HiddenReason = "corps de moins de 1 pt"
	HiddenMirror  HiddenReason = "texte en miroir" // mirrored glyphs: not read at all
	// HiddenClear: painted with no opacity (ExtGState ca or CA under
	// minAlpha) or through a soft mask that lets nothing through.
	HiddenClear HiddenReason = "transparent"
	// HiddenCovered: an opaque white fill painted after the glyph over it.
	HiddenCovered HiddenReason = "recouvert d'un aplat blanc"
)

var hiddenOrder = []HiddenReason{HiddenMode, HiddenWhite, HiddenClipped, HiddenOutside, HiddenTiny, HiddenMirror, HiddenClear, HiddenCovered}

// Hidden is the text of a page left out for one reason: Chars glyphs, and
// their text (at most maxHiddenText bytes of it, words separated by spaces).
type Hidden struct {
	Reason HiddenReason
	Chars  int
	Text   string
}

const (
	// maxHiddenText bounds the hidden text kept per reason and page: enough
	// to tell whether it holds a figure or a risk term.
	maxHiddenText = 4096
	// minGlyphSize: a glyph under 1 pt, across or along its baseline, is not
	// read by anyone (a 6 pt footnote is the smallest print a report uses).
	minGlyphSize = 1.0
	// whiteLevel: a grey or RGB component at least this light (a CMYK one
	// at most 1 minus it) is paper white.
	whiteLevel = 0.97
	// minAlpha: a constant opacity under it leaves no legible mark;
	// opaqueAlpha: at it or over, a fill hides what it covers.
	minAlpha    = 0.05
	opaqueAlpha = 0.97
	// maxCoverChecks bounds, per page, the glyphs looked up under white
	// fills; past it, later fills cover nothing (the text is kept).
	maxCoverChecks = 200_000
	// maxMaskBytes bounds the soft mask's group read to tell whether it
	// paints anything.
	maxMaskBytes = 64 << 10
)

// colour is a fill or stroke colour, only as far as whiteness goes.
type colour struct {
	space string // gray, rgb, cmyk, or other (patterns, separations: never white)
	white bool
}

// paint is the part of the graphics state that decides whether a glyph is
// printed; q and Q save and restore it with the rest.
type paint struct {
	mode         int // Tr
	fill, stroke colour
	clip         Rect // in default user space, when clipped
	clipped      bool
	// clipShaped: a clipping path in effect is not a rectangle (a circle,
	// a ring), so that its box is more than what it lets paint.
	clipShaped bool
	// fillClear, strokeClear: what fills (strokes) leaves no mark, by the
	// graphics state's opacity or soft mask (gs); fillSheer: fills let
	// what is under them show (an opacity under opaqueAlpha).
	fillClear, strokeClear, fillSheer bool
}

// pathBox is the bounding box of the path being built, in default user
// space: a glyph outside the box of a clipping path is outside the path.
type pathBox struct {
	box   Rect
	empty bool
	// rects and curves count the path's rectangles (re) and other pieces
	// (m, c, v, y): only a path of rectangles fills all of its box.
	rects, curves int
}

func newPath() pathBox { return pathBox{empty: true} }

func (p *pathBox) add(m matrix, x, y float64) {
	ux, uy := m.apply(x, y)
	pt := Rect{ux, uy, ux, uy}
	if p.empty {
		p.box, p.empty = pt, false
		return
	}
	p.box = p.box.union(pt)
}

func (r Rect) intersect(o Rect) Rect {
	return Rect{max(r.X0, o.X0), max(r.Y0, o.Y0), min(r.X1, o.X1), min(r.Y1, o.Y1)}
}

func (r Rect) area() float64 { return max(r.X1-r.X0, 0) * max(r.Y1-r.Y0, 0) }

func (r Rect) holds(x, y float64) bool { return r.X0 <= x && x <= r.X1 && r.Y0 <= y && y <= r.Y1 }

// pending are glyphs shown in render mode 7: they only add to the clipping
// path, and print if something is painted through them before the clip is
// restored.
type pending struct {
	glyphs []placed
	boxes  []Rect
	at     [][5]float64 // where each starts and ends, and its em (see hide)
	depth  int          // the run (form depth) and q depth they were shown at
	saved  int
}

// restored hides the mode 7 glyphs whose clip a Q (to saved states) or the
// end of a run at depth discards.
func (in *interpreter) restored(depth, saved int) {
	if len(in.clipText.glyphs) > 0 && (in.clipText.depth > depth || in.clipText.depth == depth && in.clipText.saved > saved) {
		in.hidePending()
	}
}

// hiddenRun gathers the hidden text of one reason on a page.
type hiddenRun struct {
	chars      int
	text       strings.Builder
	endX, endY float64 // where the last glyph ended, user space
}

// graphics handles the operators that paint or set what painting does; it
// reports false for the others.
// spaces caches the colour spaces of res by name: looking one up decodes
// objects, and a page sets its colour space thousands of times.
func (in *interpreter) graphics(op string, args []operand, gs *gstate, path *pathBox, clipNext *bool, res pdf.Value, spaces map[string]string) bool {
	switch op {
	case "Tr":
		if n, ok := numbers(args, 1); ok {
			gs.paint.mode = int(n[0])
		}
	case "g", "G":
		if n, ok := numbers(args, 1); ok {
			setColour(gs, op == "g", colour{"gray", n[0] >= whiteLevel})
		}
	case "rg", "RG":
		if n, ok := numbers(args, 3); ok {
			setColour(gs, op == "rg", colour{"rgb", min(n[0], n[1], n[2]) >= whiteLevel})
		}
	case "k", "K":
		if n, ok := numbers(args, 4); ok {
			setColour(gs, op == "k", colour{"cmyk", max(n[0], n[1], n[2], n[3]) <= 1-whiteLevel})
		}
	case "cs", "CS":
		if len(args) > 0 && args[len(args)-1].kind == kindName {
			name := args[len(args)-1].str
			space, ok := spaces[name]
			if !ok {
				space = colourSpace(res, name)
				spaces[name] = space
			}
			setColour(gs, op == "cs", colour{space: space})
		}
	case "sc", "scn", "SC", "SCN":
		c := gs.paint.stroke
		if op == "sc" || op == "scn" {
			c = gs.paint.fill
		}
		setColour(gs, op[0] == 's', colour{c.space, whiteIn(c.space, args)})
	case "gs":
		if len(args) > 0 && args[len(args)-1].kind == kindName {
			// the cache of colour spaces holds the graphics states too, under a
			// key no name can take
			key := "\x00gs " + args[len(args)-1].str
			clear, ok := spaces[key]
			if !ok {
				clear = in.extGState(res, args[len(args)-1].str)
				spaces[key] = clear
			}
			for _, c := range clear {
				switch c {
				case 'f', 'F':
					gs.paint.fillClear = c == 'f'
				case 's', 'S':
					gs.paint.strokeClear = c == 's'
				case 'h', 'H':
					gs.paint.fillSheer = c == 'h'
				}
			}
		}
	case "m", "l":
		if n, ok := numbers(args, 2); ok {
			path.add(gs.ctm, n[0], n[1])
			if op == "m" {
				path.curves++
			}
		}
	case "c":
		path.curves++
		if n, ok := numbers(args, 6); ok {
			for i := 0; i < 6; i += 2 {
				path.add(gs.ctm, n[i], n[i+1])
			}
		}
	case "v", "y":
		path.curves++
		if n, ok := numbers(args, 4); ok {
			path.add(gs.ctm, n[0], n[1])
			path.add(gs.ctm, n[2], n[3])
		}
	case "re":
		path.rects++
		if n, ok := numbers(args, 4); ok {
			for _, c := range [4][2]float64{{0, 0}, {n[2], 0}, {0, n[3]}, {n[2], n[3]}} {
				path.add(gs.ctm, n[0]+c[0], n[1]+c[1])
			}
		}
	case "h":
	case "W", "W*":
		*clipNext = true
	case "f", "F", "f*", "B", "B*", "b", "b*", "S", "s", "n":
		if op != "S" && op != "s" && op != "n" && !path.empty && !gs.paint.fillClear {
			if gs.paint.fill.white {
				// a ring or a circle does not fill its box: only rectangles
				// are taken to cover what lies under them
				if !gs.paint.fillSheer && path.rects == 1 && path.curves == 0 {
					in.cover(gs, path.box)
				}
			} else {
				in.paintArea(gs, path.box)
			}
		}
		if *clipNext {
			clip := Rect{}
			if !path.empty {
				clip = path.box
			}
			if gs.paint.clipped {
				clip = clip.intersect(gs.paint.clip)
			}
			gs.paint.clip, gs.paint.clipped = clip, true
			gs.paint.clipShaped = gs.paint.clipShaped || path.curves > 0 || path.rects != 1
			*clipNext = false
		}
		*path = newPath()
	case "sh":
		area := in.crop
		if gs.paint.clipped {
			area = gs.paint.clip
		}
		in.paintArea(gs, area)
	default:
		return false
	}
	return true
}

func setColour(gs *gstate, fill bool, c colour) {
	if fill {
		gs.paint.fill = c
	} else {
		gs.paint.stroke = c
	}
}

// colourSpace names the family of a colour space, looked up in the
// resources when it is not a device space: an ICC profile by its number of
// components, anything else (pattern, separation, indexed) as other.
func colourSpace(res pdf.Value, name string) string {
	switch name {
	case "DeviceGray", "G":
		return "gray"
	case "DeviceRGB", "RGB":
		return "rgb"
	case "DeviceCMYK", "CMYK":
		return "cmyk"
	}
	cs := res.Key("ColorSpace").Key(name)
	if cs.Kind() == pdf.Array && cs.Index(0).Name() == "ICCBased" {
		switch cs.Index(1).Key("N").Int64() {
		case 1:
			return "gray"
		case 3:
			return "rgb"
		case 4:
			return "cmyk"
		}
	}
	return "other"
}

// whiteIn tells whether the components args set white in a colour space
// of that family.
func whiteIn(space string, args []operand) bool {
	var want int
	switch space {
	case "gray":
		want = 1
	case "rgb":
		want = 3
	case "cmyk":
		want = 4
	default:
		return false
	}
	if len(args) != want {
		return false
	}
	n, ok := numbers(args, want)
	if !ok {
		return false
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range n[:want] {
		lo, hi = min(lo, v), max(hi, v)
	}
	if space == "cmyk" {
		return hi <= 1-whiteLevel
	}
	return lo >= whiteLevel
}

// paintArea records a non-white area painted on the page (clipped), the
// background white text may print on, and prints the glyphs of render
// mode 7 that the paint goes through.
func (in *interpreter) paintArea(gs *gstate, area Rect) {
	if gs.paint.clipped {
		area = area.intersect(gs.paint.clip)
	}
	if area.area() > 0 && len(in.painted) < maxPainted {
		in.painted = append(in.painted, area)
	}
	in.printPending()
}

// maxPainted bounds the painted areas kept per page; past it, white text
// is checked against the first ones only (and so read as hidden at worst).
const (
	maxPainted     = 4096
	maxWhiteChecks = 20_000
	inkedGlyphs    = 1024 // the last inked glyphs kept as background
)

// image paints the unit square of the CTM, as an image XObject does.
func (in *interpreter) image(gs *gstate) {
	var p pathBox = newPath()
	for _, c := range [4][2]float64{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
		p.add(gs.ctm, c[0], c[1])
	}
	in.paintArea(gs, p.box)
}

// cover marks the glyphs already placed that an opaque white fill of area
// (clipped) paints over: the page shows the fill, not them. Under a clip
// that is not a rectangle the fill's shape is not known: it covers
// nothing.
func (in *interpreter) cover(gs *gstate, area Rect) {
	if gs.paint.clipShaped {
		return
	}
	if gs.paint.clipped {
		area = area.intersect(gs.paint.clip)
	}
	if area.area() == 0 {
		return
	}
	for i, g := range in.glyphs {
		if in.coverChecks++; in.coverChecks > maxCoverChecks {
			return
		}
		if x, y := fromFrame(g.rot, (g.x0+g.x1)/2, g.y); area.holds(x, y) {
			if in.covered == nil {
				in.covered = make([]bool, len(in.glyphs), cap(in.glyphs))
			}
			for len(in.covered) < len(in.glyphs) {
				in.covered = append(in.covered, false)
			}
			in.covered[i] = true
		}
	}
}

// fromFrame is toFrame undone: a point of a glyph's frame in user space.
func fromFrame(rot uint8, x, y float64) (float64, float64) {
	switch rot {
	case 1:
		return -y, x
	case 2:
		return -x, -y
	case 3:
		return y, -x
	}
	return x, y
}

// dropCovered takes the covered glyphs out of the page, to its hidden text.
func (in *interpreter) dropCovered() {
	if in.covered == nil {
		return
	}
	kept := in.glyphs[:0]
	var boxes []Rect
	if in.boxes != nil {
		boxes = in.boxes[:0]
	}
	for i, g := range in.glyphs {
		if i < len(in.covered) && in.covered[i] {
			x0, y0 := fromFrame(g.rot, g.x0, g.y)
			x1, y1 := fromFrame(g.rot, g.x1, g.y)
			in.hide(HiddenCovered, g.text, [5]float64{x0, y0, x1, y1, g.size})
			continue
		}
		if in.boxes != nil {
			boxes = append(boxes, in.boxes[g.seq])
		}
		g.seq = len(kept)
		kept = append(kept, g)
	}
	in.glyphs, in.boxes = kept, boxes
}

// printPending prints the mode 7 glyphs painted through.
func (in *interpreter) printPending() {
	for i, g := range in.clipText.glyphs {
		if in.keep(len(g.text)) != nil {
			break
		}
		g.seq = len(in.glyphs)
		in.glyphs = append(in.glyphs, g)
		if in.boxes != nil {
			in.boxes = append(in.boxes, in.clipText.boxes[i])
		}
	}
	in.clipText = pending{}
}

// hidePending counts the mode 7 glyphs nothing was painted through.
func (in *interpreter) hidePending() {
	for i, g := range in.clipText.glyphs {
		in.hide(HiddenMode, g.text, in.clipText.at[i])
	}
	in.clipText = pending{}
}

// whyHidden says why a glyph whose centre is at (cx, cy) in user space, of
// size across and wide along its baseline, is not printed; "" when it is.
func (in *interpreter) whyHidden(gs *gstate, m matrix, size, wide, cx, cy float64) HiddenReason {
	switch {
	case gs.scale*(m[0]*m[3]-m[1]*m[2]) < 0:
		return HiddenMirror
	case size < minGlyphSize || wide < minGlyphSize:
		return HiddenTiny
	case gs.paint.mode == 3:
		return HiddenMode
	case in.clear(gs):
		return HiddenClear
	case !in.crop.holds(cx, cy):
		return HiddenOutside
	case gs.paint.clipped && (gs.paint.clip.area() == 0 || !gs.paint.clip.holds(cx, cy)):
		return HiddenClipped
	case in.white(gs) && !in.onPainted(cx, cy):
		return HiddenWhite
	}
	return ""
}

// white tells whether the glyphs of the current mode paint white only.
func (in *interpreter) white(gs *gstate) bool {
	p := gs.paint
	switch p.mode {
	case 1, 5: // stroke
		return p.stroke.white
	case 2, 6: // fill and stroke
		return p.fill.white && p.stroke.white
	}
	return p.fill.white
}

// clear tells whether the glyphs of the current mode leave no mark.
func (in *interpreter) clear(gs *gstate) bool {
	p := gs.paint
	switch p.mode {
	case 1, 5:
		return p.strokeClear
	case 2, 6:
		return p.fillClear && p.strokeClear
	}
	return p.fillClear
}

// extGState says what the graphics state name of res sets about marks:
// 'f' (fills leave none) or 'F' (they do), 's' or 'S' for strokes, 'h'
// (fills are sheer) or 'H' (opaque), each only when the state sets it. The soft mask sets both: a mask whose group
// paints nothing, over a black backdrop for a luminosity mask, lets
// nothing through; /SMask /None lifts it. A mask that paints is taken to
// show what it covers.
func (in *interpreter) extGState(res pdf.Value, name string) string {
	d := in.doc.key(in.doc.key(res, "ExtGState"), name)
	if d.Kind() != pdf.Dict {
		return ""
	}
	var out []byte
	set := func(v pdf.Value, hidden, shown byte) {
		if k := v.Kind(); k == pdf.Integer || k == pdf.Real {
			if v.Float64() < minAlpha {
				out = append(out, hidden)
			} else {
				out = append(out, shown)
			}
		}
	}
	set(d.Key("ca"), 'f', 'F')
	if ca := d.Key("ca"); ca.Kind() == pdf.Integer || ca.Kind() == pdf.Real {
		if ca.Float64() < opaqueAlpha {
			out = append(out, 'h')
		} else {
			out = append(out, 'H')
		}
	}
	set(d.Key("CA"), 's', 'S')
	switch mask := d.Key("SMask"); {
	case mask.Kind() == pdf.Name && mask.Name() == "None":
		out = append(out, 'F', 'S')
	case mask.Kind() == pdf.Dict && in.masksAll(mask):
		out = append(out, 'f', 's')
	}
	return string(out)
}

// masksAll tells whether a soft mask lets nothing through: its group
// paints nothing (no fill, stroke, shading, image, form or text), and a
// luminosity mask's backdrop is black (the default).
func (in *interpreter) masksAll(mask pdf.Value) bool {
	if mask.Key("S").Name() == "Luminosity" {
		if bc := mask.Key("BC"); bc.Len() > 0 {
			for i := range bc.Len() {
				if bc.Index(i).Float64() != 0 {
					return false
				}
			}
		}
	}
	g := mask.Key("G")
	if g.Kind() != pdf.Stream {
		return false
	}
	data, err := in.doc.readStream(g, maxMaskBytes)
	if err != nil || len(data) > maxMaskBytes || in.doc.budget.addContent(len(data)) != nil {
		return false
	}
	lx := lexer{data: data}
	for {
		op, _, err := lx.next()
		switch {
		case err != nil:
			return false
		case op == "":
			return true
		}
		switch op {
		case "f", "F", "f*", "B", "B*", "b", "b*", "S", "s", "sh", "Do", "Tj", "TJ", "'", "\"", "BI":
			return false
		}
	}
}

// onPainted tells whether (x, y) lies on a painted area or on one of the
// last inked glyphs (a white figure printed on a black dingbat circle, as
// the Cerfa forms number their notes). Past maxWhiteChecks white glyphs a
// page, the rest are taken as hidden: the work stays bounded.
func (in *interpreter) onPainted(x, y float64) bool {
	if in.whiteChecks++; in.whiteChecks > maxWhiteChecks {
		return false
	}
	for _, r := range in.painted {
		if r.holds(x, y) {
			return true
		}
	}
	for _, r := range in.inked[:min(in.inkCount, inkedGlyphs)] {
		if r.holds(x, y) {
			return true
		}
	}
	return false
}

// ink records the box of a glyph printed in a colour other than white.
func (in *interpreter) ink(r Rect) {
	if in.inked == nil {
		in.inked = new([inkedGlyphs]Rect)
	}
	in.inked[in.inkCount%inkedGlyphs] = r
	in.inkCount++
}

// hide adds a glyph's text to the hidden text of its reason; a glyph that
// starts (at[0], at[1]) more than a fifth of its em (at[4], along the
// baseline) from where the last one ended starts a new word.
func (in *interpreter) hide(why HiddenReason, text string, at [5]float64) {
	if in.hidden == nil {
		in.hidden = map[HiddenReason]*hiddenRun{}
	}
	h := in.hidden[why]
	if h == nil {
		h = &hiddenRun{endX: math.NaN()}
		in.hidden[why] = h
	}
	h.chars++
	if h.text.Len()+len(text)+1 > maxHiddenText {
		return
	}
	gap := math.Hypot(at[0]-h.endX, at[1]-h.endY)
	if h.text.Len() > 0 && !(gap <= at[4]/5) && !strings.HasSuffix(h.text.String(), " ") {
		h.text.WriteByte(' ')
	}
	h.text.WriteString(text)
	h.endX, h.endY = at[2], at[3]
}

// hiddenOf lists a page's hidden text, by reason.
func (in *interpreter) hiddenOf() []Hidden {
	var out []Hidden
	for _, why := range hiddenOrder {
		if h := in.hidden[why]; h != nil {
			out = append(out, Hidden{Reason: why, Chars: h.chars, Text: strings.TrimSpace(h.text.String())})
		}
	}
	return out
}

// InvisibleChars counts the glyphs of the text layer the document does not
// print (see Page.Hidden).
func (d *Document) InvisibleChars() int {
	n := 0
	for _, p := range d.Pages {
		for _, h := range p.Hidden {
			n += h.Chars
		}
	}
	return n
}

// RemappedDigits counts the digits read through a font whose ToUnicode map
// contradicts its encoding (see Page.Remapped).
func (d *Document) RemappedDigits() int {
	n := 0
	for _, p := range d.Pages {
		n += p.Remapped
	}
	return n
}
