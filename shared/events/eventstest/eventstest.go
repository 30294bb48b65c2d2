// Package eventstest builds and reads the events the functions receive,
// for tests and the local chain's checks; nothing deployed imports it.
package eventstest

import (
	"fmt"

	"cloud.google.com/go/firestore/apiv1/firestorepb"
	cloudevents "github.com/cloudevents/sdk-go/v2"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"
)

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

// EncodeFirestore builds production's DocumentEventData bytes (value is
// field 1, old_value field 2, as events.DecodeFirestore reads them); nil documents
// are left out, as for a create (old) or a delete (value).
func EncodeFirestore(value, old *firestorepb.Document) []byte {
	var b []byte
	for _, f := range []struct {
		num protowire.Number
		doc *firestorepb.Document
	}{{1, value}, {2, old}} {
		if f.doc == nil {
			continue
		}
		m, err := proto.MarshalOptions{Deterministic: true}.Marshal(f.doc)
		if err != nil {
			// A firestorepb.Document built in memory always marshals.
			panic(fmt.Sprintf("encodage du document %s: %v", f.doc.GetName(), err))
		}
		b = protowire.AppendTag(b, f.num, protowire.BytesType)
		b = protowire.AppendBytes(b, m)
	}
	return b
}

// Written is the event of a write of coll/id (a create, the document
// holding no field), as production delivers it: raw protobuf data, the
// document's path in the subject.
func Written(coll, id string) cloudevents.Event {
	doc := Document(coll, id)
	e := cloudevents.NewEvent()
	e.SetID("evt-" + coll + "-" + id)
	e.SetType("google.cloud.firestore.document.v1.written")
	e.SetSource("//firestore.googleapis.com/projects/demo/databases/(default)")
	e.SetSubject("documents/" + coll + "/" + id)
	// Raw bytes always set: the content type is valid.
	_ = e.SetData("application/protobuf", EncodeFirestore(doc, nil))
	return e
}

// Document is coll/id of project demo, without fields.
func Document(coll, id string) *firestorepb.Document {
	return &firestorepb.Document{Name: "projects/demo/databases/(default)/documents/" + coll + "/" + id}
}
