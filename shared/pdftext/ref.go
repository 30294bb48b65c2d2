package pdftext

import (
	"reflect"

	"github.com/ledongthuc/pdf"
)

// ref identifies an indirect object (number and generation). The library
// resolves references without exposing them, so they are read from its
// unexported fields; TestRefOf fails if the library's layout changes.
type ref struct {
	id  uint64
	gen uint64
}

// refOfKey reports the reference stored under key in the dictionary (or
// stream) v, and false when the entry is a direct object or missing.
func refOfKey(v pdf.Value, key string) (ref, bool) {
	data := reflect.ValueOf(v).FieldByName("data")
	if !data.IsValid() || data.IsNil() {
		return ref{}, false
	}
	m := data.Elem()
	if m.Kind() == reflect.Struct { // a stream: its header dictionary
		m = m.FieldByName("hdr")
	}
	if !m.IsValid() || m.Kind() != reflect.Map || m.Type().Key().Kind() != reflect.String {
		return ref{}, false
	}
	k := reflect.New(m.Type().Key()).Elem()
	k.SetString(key)
	return asRef(m.MapIndex(k))
}

// refAt reports the reference stored at index i of the array v.
func refAt(v pdf.Value, i int) (ref, bool) {
	data := reflect.ValueOf(v).FieldByName("data")
	if !data.IsValid() || data.IsNil() {
		return ref{}, false
	}
	a := data.Elem()
	if a.Kind() != reflect.Slice || i < 0 || i >= a.Len() {
		return ref{}, false
	}
	return asRef(a.Index(i))
}

func asRef(x reflect.Value) (ref, bool) {
	if !x.IsValid() {
		return ref{}, false
	}
	if x.Kind() == reflect.Interface {
		if x.IsNil() {
			return ref{}, false
		}
		x = x.Elem()
	}
	if x.Kind() != reflect.Struct || x.Type().Name() != "objptr" || x.NumField() != 2 {
		return ref{}, false
	}
	return ref{id: x.Field(0).Uint(), gen: x.Field(1).Uint()}, true
}
