package pdftext

// Limits bound the work Read does on one file. A zero field takes its value
// from DefaultLimits. The duration is bounded by the context given to Read.
type Limits struct {
	MaxBytes      int64 // file size
	MaxPages      int   // pages in the page tree
	MaxOpsPerPage int   // content-stream operators per page, forms included
	// The document's work budget, shared by its pages and their form
	// XObjects: a stream drawn by many pages, or a form drawn many times,
	// costs each time.
	MaxOps     int   // content-stream operators
	MaxGlyphs  int   // character codes shown
	MaxText    int   // bytes of text extracted (UTF-8, spaces included) and of the lines holding it
	MaxContent int64 // bytes of content streams interpreted (each time one is) and of CMaps decoded
}

// DefaultLimits fits annual reports: a few hundred pages, tens of megabytes.
//
// The document budget was measured on the real reports of testdata/real
// and the test reports testdata/{ferlac,helvane,solvea}/rapport.pdf. Text
// counts the glyphs' bytes and what the lines holding them weigh
// (buildLines): the densest filings take several times their text, and
// MaxText still holds 2 000 of their pages. MaxGlyphs holds tens of
// Walmart's 100 dense pages. MaxOps and MaxContent are set by
// hostile/ferlac_slow.pdf, a report whose 50 slow pages run 95 M operators
// and 665 MB of content and which must still read: spending either budget
// whole must stay within a third of a function's 30 s
// (BenchmarkBudgetSpent measures it).
func DefaultLimits() Limits {
	return Limits{
		MaxBytes: 100 << 20, MaxPages: 2000, MaxOpsPerPage: 2_000_000,
		MaxOps: 100_000_000, MaxGlyphs: 20_000_000, MaxText: 32 << 20, MaxContent: 1 << 30,
	}
}

func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	if l.MaxBytes <= 0 {
		l.MaxBytes = d.MaxBytes
	}
	if l.MaxPages <= 0 {
		l.MaxPages = d.MaxPages
	}
	if l.MaxOpsPerPage <= 0 {
		l.MaxOpsPerPage = d.MaxOpsPerPage
	}
	if l.MaxOps <= 0 {
		l.MaxOps = d.MaxOps
	}
	if l.MaxGlyphs <= 0 {
		l.MaxGlyphs = d.MaxGlyphs
	}
	if l.MaxText <= 0 {
		l.MaxText = d.MaxText
	}
	if l.MaxContent <= 0 {
		l.MaxContent = d.MaxContent
	}
	return l
}

// Structural bounds that no genuine document comes near. Each bounds a
// collection by what the input can legitimately hold, so that memory stays
// far below a function's 512 MiB whatever the file.
const (
	maxTreeDepth   = 64       // page tree levels
	maxFormDepth   = 12       // nested form XObjects
	maxNesting     = 64       // arrays/dictionaries inside a content stream
	maxStreamBytes = 64 << 20 // one decoded content stream
	// Decoded content streams kept for the pages and forms that draw them
	// again: a form XObject, a stream shared by pages.
	maxCachedStreams = 64 << 20
	// Decoded CMap streams kept, as the keys of their parsed maps: a
	// report's distinct maps weigh a few hundred kilobytes.
	maxCachedCMapBytes = 16 << 20
	maxGStateDepth     = 1024 // q without Q
	// Content streams of one page (/Contents array): producers write a
	// handful, one per layer or per text object at most.
	maxContentParts = 1 << 14
	// What a stream costs besides its decoded bytes, in bytes of content:
	// its lookup and its decompressor, whatever its length.
	streamCost    = 4 << 10
	ctxCheckEvery = 4096 // operators, codes or CMap entries between context checks

	// Operands before one operator, array elements included: an operator
	// takes at most a few dozen, a TJ array one per run of a line, a CMap
	// block three per mapping (maxCMapEntries).
	maxOperands = 1 << 19
	// One string operand: huge_line.pdf's 1 MB line fits four times over.
	maxStringBytes = 4 << 20
	// Glyphs kept for one page (64 bytes each) and the bytes of their
	// text, with what its lines weigh (buildLines): a dense page holds a
	// few thousand, huge_line.pdf's one line 800 000.
	maxPageGlyphs = 1 << 20
	maxPageText   = 16 << 20
	// Mappings of one CMap (bfchar, bfrange, cidchar, cidrange) and entries
	// of one /W array: a font has at most 65 536 glyphs.
	maxCMapEntries  = 1 << 17
	maxWidthEntries = 1 << 17
	// Codespace ranges of one CMap, tried for each code: the predefined
	// CMaps have a handful.
	maxCodespaces = 256
	// Text of one character code (ToUnicode maps a code to at most 512
	// bytes of UTF-16).
	maxCodeText = 512
	// Filters of one stream and PNG predictor row width (/Columns): the
	// library allocates a decompressor per filter and a row before reading
	// a byte. Producers chain at most two filters.
	maxFilters = 8
	maxColumns = 1 << 20
	// One object stream: its objects (/N; producers write about a hundred)
	// and its decoded bytes, which the library parses at every lookup.
	maxObjStmObjects = 1 << 16
	maxObjStmBytes   = 8 << 20
	// One object outside its stream data, in the file or in an object
	// stream: the library parses it at some 25 bytes of memory a byte.
	// Producers write at most a few hundred kilobytes (a long /Kids, /W or
	// /Nums array).
	maxObjectBytes = 4 << 20
	// The PDF 1.7 limit on indirect objects (ISO 32000-1, annex C).
	maxObjectNumber = 8_388_607
)

// maxObjStmTotal bounds the bytes the checks decode from the object streams
// of a file of size bytes: their objects compress 3 to 10 times.
func maxObjStmTotal(size int) int64 {
	return maxObjStmBytes + 16*int64(size)
}

// maxObjects bounds the object numbers of a file of size bytes, which the
// library allocates 32 bytes each for, up to the highest, before reading
// any object. Real files spend hundreds of bytes per object (Walmart's 1.6
// MB hold 3 859); 16 leaves room for object streams of tiny objects.
func maxObjects(size int) int {
	return min(size/16+1024, maxObjectNumber)
}
