// Package gcpace gives the garbage collector a fixed headroom over the live
// heap rather than the default 100 % of it. Reading a PDF makes much
// short-lived garbage over a small live heap: at 8 MiB live, GOGC=100
// collects every 8 MiB allocated, and the collector's work is a tenth of
// the reading. With a headroom of H the heap goal is live + max(live, H):
// a small document collects a few times, a large one is paced as by
// default, and the peak stays within H of what GOGC=100 gives.
package gcpace

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// Headroom is what the collector may let the heap grow over the live heap
// before it collects, at the least: the 64 MiB that the text layer's memory
// bound allows over poppler's, halved for the process's other needs.
const Headroom = 32 << 20

// heapMinimum is the runtime's smallest heap goal at GOGC=100, which it
// scales by GOGC/100: on a nearly empty heap the percentage is bounded so
// that this minimum stays within the headroom.
const heapMinimum = 4 << 20

var once sync.Once

// Start paces the collector with headroom h for the rest of the process,
// unless GOGC is set in the environment: an operator's setting wins. A
// soft memory limit (GOMEMLIMIT) still caps the heap as it would.
func Start(h uint64) {
	if os.Getenv("GOGC") != "" || h == 0 {
		return
	}
	once.Do(func() {
		p := &pacer{headroom: h, sample: []metrics.Sample{
			{Name: "/gc/heap/live:bytes"}, {Name: "/gc/scan/stack:bytes"}, {Name: "/gc/scan/globals:bytes"},
		}}
		p.set()
		p.arm()
	})
}

type pacer struct {
	headroom uint64
	sample   []metrics.Sample
}

// arm has the next collection call set, then arm again: a finalizer runs
// once its object has been found unreachable, that is after each cycle.
// Sixteen bytes: an object of the tiny allocator may never be finalized.
func (p *pacer) arm() {
	runtime.SetFinalizer(new([16]byte), func(*[16]byte) {
		p.set()
		p.arm()
	})
}

// set makes GOGC the percentage of what the runtime grows the heap by
// (the live heap, the stacks and the globals it scans) that the headroom
// is, never under the default 100.
func (p *pacer) set() {
	debug.SetGCPercent(Percent(p.scanned(), p.headroom))
}

func (p *pacer) scanned() uint64 {
	metrics.Read(p.sample)
	var n uint64
	for _, s := range p.sample {
		if s.Value.Kind() == metrics.KindUint64 {
			n += s.Value.Uint64()
		}
	}
	return n
}

// Percent is the GOGC that lets a heap grow by headroom over its last
// goal's base (scanned bytes) before it is collected, never under 100.
func Percent(scanned, headroom uint64) int {
	most := max(100, headroom*100/heapMinimum)
	if scanned == 0 {
		return int(most)
	}
	return int(min(max(100, headroom*100/scanned), most))
}
