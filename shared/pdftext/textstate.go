package pdftext

import (
	"fmt"
	"math"

	"github.com/ledongthuc/pdf"
)

// matrix is the affine [a b c d e f] of the PDF specification, applied to
// row vectors: [x y 1] × M.
type matrix [6]float64

var identity = matrix{1, 0, 0, 1, 0, 0}

// mul returns m × n: m applied first.
func (m matrix) mul(n matrix) matrix {
	return matrix{
		m[0]*n[0] + m[1]*n[2],
		m[0]*n[1] + m[1]*n[3],
		m[2]*n[0] + m[3]*n[2],
		m[2]*n[1] + m[3]*n[3],
		m[4]*n[0] + m[5]*n[2] + n[4],
		m[4]*n[1] + m[5]*n[3] + n[5],
	}
}

func (m matrix) apply(x, y float64) (float64, float64) {
	return m[0]*x + m[2]*y + m[4], m[1]*x + m[3]*y + m[5]
}

// translated returns a translation by (x, y) then m, the product of
// matrix{1, 0, 0, 1, x, y} by m without its products by 0 and 1: it runs
// for each Td.
func (m matrix) translated(x, y float64) matrix {
	return matrix{m[0], m[1], m[2], m[3], x*m[0] + y*m[2] + m[4], x*m[1] + y*m[3] + m[5]}
}

// gstate is the part of the graphics state that places text; q and Q save
// and restore it whole.
type gstate struct {
	ctm                     matrix
	font                    *font
	size                    float64 // Tf
	charSp, wordSp, leading float64 // Tc, Tw, TL
	scale                   float64 // Tz / 100
	rise                    float64 // Ts
	paint                   paint
}

// placed is a glyph put on the page, in the coordinates of its reading
// frame: rot quarter-turns of its baseline, x along it, y across it.
type placed struct {
	x0, x1, y, size float64
	rot             uint8
	seq             int
	text            string
}

// fontCache shares fonts across pages by object identity: a document-wide
// cache by resource name garbles merged files whose fonts share names. A
// font that failed to load fails the same way on every page: its error is
// kept, so that its CMap is not parsed again on each.
type fontCache map[ref]loaded

type loaded struct {
	font *font
	err  error
}

// shared is what the pages of a document share: the work budget, the fonts
// and the content streams decoded, by object, so that a stream drawn by
// many pages or a form drawn many times is decoded once (but charged to
// the budget each time it runs).
type shared struct {
	budget  *budget
	fonts   fontCache
	streams map[ref][]byte    // nil for a stream used once so far
	cached  int               // bytes in streams, at most maxCachedStreams
	glyphs  []placed          // the last page's, for the next to reuse
	objects map[ref]pdf.Value // resolved indirect objects (objcache.go)
	// Parsed CMaps by decoded content, their bytes (cmapOf), and the
	// composite fonts by what defines them (loadFont).
	cmaps      map[string]*cmap
	cmapBytes  int
	composites map[compositeKey]*font
	// Parsed CMaps by their compressed bytes, and the decoder of the
	// document's streams (stream.go).
	packedCMaps map[string]packedCMap
	inflate     inflater
}

// newShared returns what the pages of the PDF in file share; file is where
// its streams are read from (nil: through the library).
func newShared(b *budget, file []byte) *shared {
	return &shared{budget: b, fonts: fontCache{}, streams: map[ref][]byte{}, objects: map[ref]pdf.Value{},
		cmaps: map[string]*cmap{}, composites: map[compositeKey]*font{}, packedCMaps: map[string]packedCMap{},
		inflate: inflater{file: file}}
}

// interpreter runs the content streams of one page.
type interpreter struct {
	doc    *shared
	maxOps int
	ops    int
	text   int          // bytes of text of the glyphs kept
	forms  map[ref]bool // forms being run, against a form that draws itself
	glyphs []placed
	boxes  []Rect // each glyph's box, by seq; nil when not kept
	// What decides whether a glyph is printed (visible.go): the page's
	// CropBox, the non-white areas painted so far, the glyphs of render
	// mode 7 waiting for paint, and the text left out, by reason.
	crop     Rect
	painted  []Rect
	clipText pending
	hidden   map[HiddenReason]*hiddenRun
	remapped int // digits read through a font whose ToUnicode lies
	// inked holds the boxes of the last glyphs printed in a colour, ring
	// of inkCount; whiteChecks counts the white glyphs looked up.
	inked       *[inkedGlyphs]Rect
	inkCount    int
	whiteChecks int
	// covered: the kept glyphs a white fill painted later hides, by seq.
	covered     []bool
	coverChecks int
}

// Bounds of one page (see maxPageGlyphs): they fail the page only.
var (
	errPageGlyphs = fmt.Errorf("%w : plus de %d caractères sur la page", ErrTooComplex, maxPageGlyphs)
	errPageText   = fmt.Errorf("%w : plus de %d octets de texte sur la page", ErrTooComplex, maxPageText)
)

// run interprets one content stream with its resources from the state gs.
func (in *interpreter) run(data []byte, res pdf.Value, gs gstate, depth int) error {
	var (
		stack    []gstate
		tm, tlm  = identity, identity
		lx       = lexer{data: data}
		resFonts = map[string]*font{}
		path     = newPath()
		clipNext bool
		spaces   = map[string]string{}
	)
	nextLine := func() {
		tlm = tlm.translated(0, -gs.leading)
		tm = tlm
	}
	for {
		op, args, err := lx.next()
		if err != nil {
			return err
		}
		if op == "" {
			in.restored(depth, -1)
			return nil
		}
		if in.ops++; in.ops > in.maxOps {
			return ErrTooManyOps
		}
		if err := in.doc.budget.op(); err != nil {
			return err
		}
		// An operator with missing or mistyped operands is skipped.
		switch op {
		case "q":
			if len(stack) < maxGStateDepth {
				stack = append(stack, gs)
			}
		case "Q":
			if len(stack) > 0 { // more Q than q: keep the current state
				gs, stack = stack[len(stack)-1], stack[:len(stack)-1]
				in.restored(depth, len(stack))
			}
		case "cm":
			if m, ok := matrixArg(args); ok {
				gs.ctm = m.mul(gs.ctm)
			}
		case "BT":
			tm, tlm = identity, identity
		case "Tc", "Tw", "Tz", "TL", "Ts":
			if n, ok := numbers(args, 1); ok {
				setParam(&gs, op, n[0])
			}
		case "Tf":
			if n, ok := numbers(args, 1); ok && len(args) >= 2 && args[len(args)-2].kind == kindName {
				if gs.font, err = in.font(res, args[len(args)-2].str, resFonts); err != nil {
					return err
				}
				gs.size = n[0]
			}
		case "Td", "TD":
			if n, ok := numbers(args, 2); ok {
				if op == "TD" {
					gs.leading = -n[1]
				}
				tlm = tlm.translated(n[0], n[1])
				tm = tlm
			}
		case "Tm":
			if m, ok := matrixArg(args); ok {
				tm, tlm = m, m
			}
		case "T*":
			nextLine()
		case "Tj", "'", "\"":
			if len(args) == 0 || args[len(args)-1].kind != kindString {
				continue
			}
			if op == "\"" {
				n, ok := numbers(args[:len(args)-1], 2)
				if !ok {
					continue
				}
				gs.wordSp, gs.charSp = n[0], n[1]
			}
			if op != "Tj" {
				nextLine()
			}
			if tm, err = in.show(args[len(args)-1].str, gs, tm, depth, len(stack)); err != nil {
				return err
			}
		case "TJ":
			if len(args) == 0 || args[len(args)-1].kind != kindArray {
				continue
			}
			for _, e := range args[len(args)-1].arr {
				switch e.kind {
				case kindString:
					if tm, err = in.show(e.str, gs, tm, depth, len(stack)); err != nil {
						return err
					}
				case kindNumber:
					tm = tm.translated(-e.num/1000*gs.size*gs.scale, 0)
				}
			}
		case "Do":
			if len(args) > 0 && args[len(args)-1].kind == kindName {
				if err := in.form(res, args[len(args)-1].str, gs, depth); err != nil {
					return err
				}
			}
		default:
			in.graphics(op, args, &gs, &path, &clipNext, res, spaces)
		}
	}
}

func setParam(gs *gstate, op string, v float64) {
	switch op {
	case "Tc":
		gs.charSp = v
	case "Tw":
		gs.wordSp = v
	case "Tz":
		gs.scale = v / 100
	case "TL":
		gs.leading = v
	case "Ts":
		gs.rise = v
	}
}

// numbers returns the last n (at most 6) operands when they are all numbers.
func numbers(args []operand, n int) (out [6]float64, ok bool) {
	if len(args) < n {
		return out, false
	}
	for i, a := range args[len(args)-n:] {
		if a.kind != kindNumber || a.num-a.num != 0 { // NaN or ±Inf
			return out, false
		}
		out[i] = a.num
	}
	return out, true
}

func matrixArg(args []operand) (matrix, bool) {
	n, ok := numbers(args, 6)
	if !ok {
		return matrix{}, false
	}
	return matrix(n), true
}

// show places the glyphs of s and returns the text matrix after them; those
// not printed go to the page's hidden text instead (see whyHidden), those of
// render mode 7 wait for paint (depth and saved: where the clip is set).
func (in *interpreter) show(s string, gs gstate, tm matrix, depth, saved int) (matrix, error) {
	if gs.font == nil {
		return tm, nil
	}
	m := tm.mul(gs.ctm)
	size := math.Hypot(m[2], m[3]) * math.Abs(gs.size)
	wide := math.Hypot(m[0], m[1]) * math.Abs(gs.size*gs.scale)
	rot := rotation(m)
	tx := 0.0
	var err error
	gs.font.each(s, func(g glyph) bool {
		if err = in.doc.budget.glyph(); err != nil {
			return false
		}
		adv := g.width*gs.size + gs.charSp
		if g.space {
			adv += gs.wordSp
		}
		if text := g.text; visible(text) || g.remapped {
			if g.remapped { // the digit printed is unknown: no figure reads through it
				text = "\ufffd"
				in.remapped++
			}
			end := tx + g.width*gs.size*gs.scale
			x0, y0 := m.apply(tx, gs.rise)
			x1, y1 := m.apply(end, gs.rise)
			cx, cy := m.apply((tx+end)/2, gs.rise+(ascent-descent)/2*gs.size)
			at := [5]float64{x0, y0, x1, y1, wide}
			if why := in.whyHidden(&gs, m, size, wide, cx, cy); why != "" {
				in.hide(why, text, at)
				tx += adv * gs.scale
				return true
			}
			fx0, fy := toFrame(rot, x0, y0)
			fx1, _ := toFrame(rot, x1, y1)
			p := placed{x0: min(fx0, fx1), x1: max(fx0, fx1), y: fy, size: size, rot: rot, text: text}
			var box Rect
			if in.boxes != nil {
				box = glyphBox(m, tx, end, gs.rise, gs.size)
			}
			if gs.paint.mode != 7 && !in.white(&gs) {
				// its band across the baseline, for white text printed over it
				in.ink(Rect{min(x0, x1), min(y0, y1) - descent*size, max(x0, x1), max(y0, y1) + ascent*size})
			}
			if gs.paint.mode == 7 {
				c := &in.clipText
				if len(c.glyphs) == 0 {
					c.depth, c.saved = depth, saved
				}
				if len(c.glyphs) < maxPageGlyphs {
					c.glyphs, c.boxes, c.at = append(c.glyphs, p), append(c.boxes, box), append(c.at, at)
				}
				tx += adv * gs.scale
				return true
			}
			if err = in.keep(len(text)); err != nil {
				return false
			}
			p.seq = len(in.glyphs)
			in.glyphs = append(in.glyphs, p)
			if in.boxes != nil {
				in.boxes = append(in.boxes, box)
			}
		}
		tx += adv * gs.scale
		return true
	})
	return tm.translated(tx, 0), err
}

// keep accounts for the text of a glyph kept on the page.
func (in *interpreter) keep(n int) error {
	if len(in.glyphs) >= maxPageGlyphs {
		return errPageGlyphs
	}
	if in.text += n; in.text > maxPageText {
		return errPageText
	}
	return in.doc.budget.addText(n)
}

// visible reports whether text prints something: spaces and control
// characters are left to the gaps between glyphs.
func visible(s string) bool {
	for _, r := range s {
		if r > ' ' && r != 0x7f && r != '\ufffd' {
			return true
		}
	}
	return false
}

// rotation is the quarter-turn nearest to the baseline direction of m.
func rotation(m matrix) uint8 {
	a := math.Atan2(m[1], m[0])
	q := int(math.Round(a/(math.Pi/2))) % 4
	if q < 0 {
		q += 4
	}
	return uint8(q)
}

func toFrame(rot uint8, x, y float64) (float64, float64) {
	switch rot {
	case 1:
		return y, -x
	case 2:
		return -x, -y
	case 3:
		return -y, x
	}
	return x, y
}

// room is the lineCost the page's lines may still take: what the page's
// bound and the document's text budget leave.
func (in *interpreter) room() int {
	return max(min(maxPageText-in.text, in.doc.budget.textLeft()), 0)
}

// chargeLines accounts for what the page's lines weigh beyond their
// glyphs' text (buildLines).
func (in *interpreter) chargeLines(cost int) error {
	if in.text+cost > maxPageText {
		return errPageText
	}
	return in.doc.budget.addText(cost)
}

// font returns the font named in the resources, loaded once per object.
func (in *interpreter) font(res pdf.Value, name string, local map[string]*font) (*font, error) {
	if f, ok := local[name]; ok {
		return f, nil
	}
	dict := in.doc.key(res, "Font")
	v := in.doc.key(dict, name)
	id, indirect := refOfKey(dict, name)
	l, loadedBefore := in.doc.fonts[id]
	switch {
	case v.Kind() != pdf.Dict:
		l = loaded{}
	case indirect && loadedBefore:
	default:
		l.font, l.err = loadFont(v, in.doc)
		if indirect && !isContextError(l.err) {
			in.doc.fonts[id] = l
		}
	}
	if l.err != nil {
		return nil, fmt.Errorf("police %s : %w", name, l.err)
	}
	local[name] = l.font
	return l.font, nil
}

// form runs a form XObject, or paints an image (a background for white
// text); unknown names are ignored.
func (in *interpreter) form(res pdf.Value, name string, gs gstate, depth int) error {
	dict := in.doc.key(res, "XObject")
	xo := in.doc.key(dict, name)
	if xo.Kind() == pdf.Stream && xo.Key("Subtype").Name() == "Image" {
		in.image(&gs)
		return nil
	}
	if xo.Kind() != pdf.Stream || xo.Key("Subtype").Name() != "Form" || depth >= maxFormDepth {
		return nil
	}
	id, ok := refOfKey(dict, name)
	if ok {
		if in.forms[id] {
			return nil
		}
		in.forms[id] = true
		defer delete(in.forms, id)
	}
	if fm := xo.Key("Matrix"); fm.Len() == 6 {
		var m matrix
		for i := range m {
			m[i] = fm.Index(i).Float64()
		}
		gs.ctm = m.mul(gs.ctm)
	}
	fres := xo.Key("Resources")
	if fres.IsNull() {
		fres = res
	}
	data, err := in.stream(xo, id, ok)
	if err != nil {
		return err
	}
	return in.run(data, fres, gs, depth+1)
}

// stream returns the decoded content stream v, object id when indirect,
// charged to the budget each time it runs. Decoding stops past
// maxStreamBytes or past what the budget leaves. A stream is kept from its
// second use: most are a page's own, drawn once.
func (in *interpreter) stream(v pdf.Value, id ref, indirect bool) ([]byte, error) {
	data, seen := in.doc.streams[id]
	hit := seen && data != nil
	if !indirect || !hit {
		var err error
		if data, err = in.doc.readStream(v, min(maxStreamBytes, in.doc.budget.contentLeft())); err != nil {
			return nil, err
		}
		if len(data) > maxStreamBytes {
			return nil, fmt.Errorf("%w : flux de contenu de plus de %d octets", ErrTooLarge, maxStreamBytes)
		}
	}
	if err := in.doc.budget.addContent(len(data)); err != nil {
		return nil, err
	}
	switch {
	case !indirect || hit:
	case !seen:
		in.doc.streams[id] = nil
	case in.doc.cached+len(data) <= maxCachedStreams:
		in.doc.streams[id] = data
		in.doc.cached += len(data)
	}
	return data, nil
}

// readStream decodes a content stream (or an array of them, joined by a
// space), stopping past limit bytes. A stream cut short by damage keeps
// what was decoded. Each stream is charged streamCost besides its bytes.
func (s *shared) readStream(v pdf.Value, limit int64) ([]byte, error) {
	parts := []pdf.Value{v}
	if v.Kind() == pdf.Array {
		if v.Len() > maxContentParts {
			return nil, fmt.Errorf("%w : %d flux de contenu pour une page (au plus %d)", ErrTooComplex, v.Len(), maxContentParts)
		}
		parts = parts[:0]
		for i := range v.Len() {
			parts = append(parts, s.index(v, i))
		}
	}
	var out []byte
	var firstErr error
	for _, p := range parts {
		if int64(len(out)) > limit {
			break
		}
		if p.Kind() != pdf.Stream {
			continue
		}
		if err := checkDecoding(p); err != nil {
			return nil, err
		}
		if err := s.budget.addContent(streamCost); err != nil {
			return nil, err
		}
		data, err := s.inflate.decode(p, limit+1-int64(len(out)))
		if err != nil && firstErr == nil {
			firstErr = err
		}
		if out == nil { // one stream, the usual case: one copy, not cleared first
			out = append([]byte(nil), append(data, ' ')...)
		} else {
			out = append(append(out, data...), ' ')
		}
	}
	if len(out) == 0 && firstErr != nil {
		return nil, fmt.Errorf("%w : %v", ErrDamaged, firstErr)
	}
	return out, nil
}

// checkDecoding refuses filters the library would exhaust memory on before
// reading a byte: a long chain of them (a decompressor each) or a
// predictor row of more than maxColumns bytes.
func checkDecoding(v pdf.Value) error {
	filters, params := v.Key("Filter"), v.Key("DecodeParms")
	if filters.Kind() == pdf.Array && filters.Len() > maxFilters {
		return fmt.Errorf("%w : %d filtres sur un flux (au plus %d)", ErrDamaged, filters.Len(), maxFilters)
	}
	all := []pdf.Value{params}
	if params.Kind() == pdf.Array {
		all = all[:0]
		for i := range min(params.Len(), maxFilters) {
			all = append(all, params.Index(i))
		}
	}
	for _, p := range all {
		if c := p.Key("Columns").Int64(); c > maxColumns {
			return fmt.Errorf("%w : prédicteur de %d colonnes (au plus %d)", ErrDamaged, c, maxColumns)
		}
	}
	return nil
}
