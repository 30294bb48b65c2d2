package pdftext

import "github.com/ledongthuc/pdf"

// The library resolves a reference anew at each use: it parses the object
// again and, for an object packed in an object stream, inflates that stream
// again from its start. A page drawing one form a million times, or a /W or
// /Contents array naming one object a million times, then costs a million
// lookups. The document's resolved objects are kept by reference, so each
// is looked up once.

// maxCachedObjects bounds the objects kept: a report uses a few thousand
// (pages, fonts, resources, forms). Past it, lookups are no longer cached.
const maxCachedObjects = 1 << 18

// key returns v's entry key, resolved once per document when indirect.
func (s *shared) key(v pdf.Value, key string) pdf.Value {
	id, ok := refOfKey(v, key)
	if !ok {
		return v.Key(key)
	}
	return s.resolve(id, func() pdf.Value { return v.Key(key) })
}

// index returns element i of the array v, resolved once per document when
// indirect.
func (s *shared) index(v pdf.Value, i int) pdf.Value {
	id, ok := refAt(v, i)
	if !ok {
		return v.Index(i)
	}
	return s.resolve(id, func() pdf.Value { return v.Index(i) })
}

func (s *shared) resolve(id ref, lookup func() pdf.Value) pdf.Value {
	if x, ok := s.objects[id]; ok {
		return x
	}
	x := lookup()
	if len(s.objects) < maxCachedObjects {
		s.objects[id] = x
	}
	return x
}
