package events

import "cloud.google.com/go/firestore/apiv1/firestorepb"

// Fields reads typed values from a Firestore document's fields. Lookups on a
// missing field, a field of another type or a nil Fields report false.
type Fields map[string]*firestorepb.Value

// FieldsOf returns the fields of doc, nil for a nil document.
func FieldsOf(doc *firestorepb.Document) Fields {
	return doc.GetFields()
}

// String returns a string field.
func (f Fields) String(name string) (string, bool) {
	v, ok := f[name].GetValueType().(*firestorepb.Value_StringValue)
	if !ok {
		return "", false
	}
	return v.StringValue, true
}

// Integer returns an integer field.
func (f Fields) Integer(name string) (int64, bool) {
	v, ok := f[name].GetValueType().(*firestorepb.Value_IntegerValue)
	if !ok {
		return 0, false
	}
	return v.IntegerValue, true
}

// Map returns the fields of a map field.
func (f Fields) Map(name string) (Fields, bool) {
	v, ok := f[name].GetValueType().(*firestorepb.Value_MapValue)
	if !ok {
		return nil, false
	}
	return v.MapValue.GetFields(), true
}
