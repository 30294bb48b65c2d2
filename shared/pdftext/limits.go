package pdftext

// Limits bound the work Read does on one file. A zero field takes its value
// from DefaultLimits. The duration is bounded by the context given to Read.
type Limits struct {
	MaxBytes      int64 // file size
	MaxPages      int   // pages in the page tree
	MaxOpsPerPage int   // content-stream operators per page, forms included
}

// DefaultLimits fits annual reports: a few hundred pages, tens of megabytes.
func DefaultLimits() Limits {
	return Limits{MaxBytes: 100 << 20, MaxPages: 2000, MaxOpsPerPage: 2_000_000}
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
	return l
}

// Structural bounds that no genuine document comes near.
const (
	maxTreeDepth   = 64       // page tree levels
	maxFormDepth   = 12       // nested form XObjects
	maxNesting     = 64       // arrays/dictionaries inside a content stream
	maxStreamBytes = 64 << 20 // one decoded content stream
	maxGStateDepth = 1024     // q without Q
	ctxCheckEvery  = 4096     // operators between context checks
)
