package events_test

import (
	"encoding/base64"
	"testing"

	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/events"
	"analyste.dev/analyste/shared/events/eventstest"
	"cloud.google.com/go/firestore/apiv1/firestorepb"
	cloudevents "github.com/cloudevents/sdk-go/v2"
	"github.com/google/go-cmp/cmp"
	"google.golang.org/protobuf/testing/protocmp"
)

const docName = "projects/demo-p/databases/(default)/documents/extractions/X1"

func firestoreEvent(t *testing.T, subject string, data []byte) cloudevents.Event {
	t.Helper()
	e := cloudevents.NewEvent()
	e.SetID("a17b7409")
	e.SetType("google.cloud.firestore.document.v1.written")
	e.SetSource("//firestore.googleapis.com/projects/demo-p/databases/(default)")
	e.SetSubject(subject)
	if err := e.SetData("application/protobuf", data); err != nil {
		t.Fatal(err)
	}
	return e
}

func document(fields map[string]*firestorepb.Value) *firestorepb.Document {
	return &firestorepb.Document{Name: docName, Fields: fields}
}

func stringValue(s string) *firestorepb.Value {
	return &firestorepb.Value{ValueType: &firestorepb.Value_StringValue{StringValue: s}}
}

func integerValue(n int64) *firestorepb.Value {
	return &firestorepb.Value{ValueType: &firestorepb.Value_IntegerValue{IntegerValue: n}}
}

func mapValue(fields map[string]*firestorepb.Value) *firestorepb.Value {
	return &firestorepb.Value{ValueType: &firestorepb.Value_MapValue{MapValue: &firestorepb.MapValue{Fields: fields}}}
}

func TestDecodeFirestore(t *testing.T) {
	t.Parallel()
	before := document(map[string]*firestorepb.Value{"status": stringValue("ok"), "n": integerValue(3)})
	after := document(map[string]*firestorepb.Value{
		"status": stringValue("done"),
		"n":      integerValue(4),
		"m":      mapValue(map[string]*firestorepb.Value{"k": stringValue("v")}),
	})
	update := eventstest.EncodeFirestore(after, before)
	// The DocumentMask field production sets on an update, appended by hand
	// since eventstest.EncodeFirestore leaves it out.
	withMask := append(append([]byte{}, update...), 0x1a, 0x03, 0x0a, 0x01, 'n')
	tests := []struct {
		name    string
		subject string
		data    []byte
		want    events.FirestoreChange
		wantErr bool
	}{
		{
			name:    "production update",
			subject: "documents/extractions/X1",
			data:    update,
			want:    events.FirestoreChange{Path: "extractions/X1", Value: after, OldValue: before},
		},
		{
			name:    "production update with mask",
			subject: "documents/extractions/X1",
			data:    withMask,
			want: events.FirestoreChange{Path: "extractions/X1", Value: after, OldValue: before,
				UpdateMask: &firestorepb.DocumentMask{FieldPaths: []string{"n"}}},
		},
		{
			name:    "emulator base64 text of the same bytes",
			subject: "documents/extractions/X1",
			data:    []byte(base64.StdEncoding.EncodeToString(update)),
			want:    events.FirestoreChange{Path: "extractions/X1", Value: after, OldValue: before},
		},
		{
			name:    "create",
			subject: "documents/extractions/X1",
			data:    eventstest.EncodeFirestore(after, nil),
			want:    events.FirestoreChange{Path: "extractions/X1", Value: after},
		},
		{
			name:    "delete",
			subject: "documents/extractions/X1",
			data:    eventstest.EncodeFirestore(nil, before),
			want:    events.FirestoreChange{Path: "extractions/X1", OldValue: before},
		},
		{
			name: "path from the document name without subject",
			data: eventstest.EncodeFirestore(after, nil),
			want: events.FirestoreChange{Path: "extractions/X1", Value: after},
		},
		{name: "truncated protobuf", subject: "documents/extractions/X1", data: update[:len(update)-4], wantErr: true},
		{name: "invalid base64 text", subject: "documents/extractions/X1", data: []byte("CnQK$$"), wantErr: true},
		{name: "no document at all", subject: "documents/extractions/X1", data: nil, wantErr: true},
		{name: "document field that is not a Document", subject: "documents/extractions/X1", data: []byte{0x0a, 0x02, 0xff, 0xff}, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := events.DecodeFirestore(firestoreEvent(t, tt.subject, tt.data))
			if (err != nil) != tt.wantErr {
				t.Fatalf("events.DecodeFirestore() error = %v, wantErr %v", err, tt.wantErr)
			}
			if diff := cmp.Diff(tt.want, got, protocmp.Transform()); diff != "" {
				t.Errorf("events.DecodeFirestore() mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// The fixtures are bodies the Firestore emulator posted to a trigger for a
// create, an update and a delete of extractions/X1.
func TestDecodeFirestoreEmulatorFixtures(t *testing.T) {
	t.Parallel()
	tests := []struct {
		fixture     string
		wantCreated bool
		wantDeleted bool
		wantStatus  string
		wantOld     string
	}{
		{fixture: "emulator-create.b64", wantCreated: true, wantStatus: "ok"},
		{fixture: "emulator-update.b64", wantStatus: "done", wantOld: "ok"},
		{fixture: "emulator-delete.b64", wantDeleted: true, wantOld: "done"},
	}
	for _, tt := range tests {
		t.Run(tt.fixture, func(t *testing.T) {
			t.Parallel()
			c, err := events.DecodeFirestore(firestoreEvent(t, "documents/extractions/X1", fixtures.File(t, tt.fixture)))
			if err != nil {
				t.Fatal(err)
			}
			if c.ID() != "X1" || c.Collection() != "extractions" {
				t.Errorf("ID, Collection = %q, %q; want X1, extractions", c.ID(), c.Collection())
			}
			if c.Created() != tt.wantCreated || c.Deleted() != tt.wantDeleted {
				t.Errorf("Created, Deleted = %v, %v; want %v, %v", c.Created(), c.Deleted(), tt.wantCreated, tt.wantDeleted)
			}
			status, _ := eventstest.FieldsOf(c.Value).String("status")
			old, _ := eventstest.FieldsOf(c.OldValue).String("status")
			if status != tt.wantStatus || old != tt.wantOld {
				t.Errorf("status, old status = %q, %q; want %q, %q", status, old, tt.wantStatus, tt.wantOld)
			}
		})
	}
}

func TestFields(t *testing.T) {
	t.Parallel()
	doc := document(map[string]*firestorepb.Value{
		"status": stringValue("done"),
		"n":      integerValue(4),
		"m":      mapValue(map[string]*firestorepb.Value{"k": stringValue("v"), "depth": integerValue(2)}),
	})
	type result struct {
		Str string
		Int int64
		OK  bool
	}
	tests := []struct {
		name string
		read func(eventstest.Fields) result
		want result
	}{
		{"string", func(f eventstest.Fields) result { s, ok := f.String("status"); return result{Str: s, OK: ok} }, result{Str: "done", OK: true}},
		{"integer", func(f eventstest.Fields) result { n, ok := f.Integer("n"); return result{Int: n, OK: ok} }, result{Int: 4, OK: true}},
		{"integer inside a map", func(f eventstest.Fields) result {
			m, _ := f.Map("m")
			n, ok := m.Integer("depth")
			return result{Int: n, OK: ok}
		}, result{Int: 2, OK: true}},
		{"string read as integer", func(f eventstest.Fields) result { n, ok := f.Integer("status"); return result{Int: n, OK: ok} }, result{}},
		{"missing field", func(f eventstest.Fields) result { s, ok := f.String("absent"); return result{Str: s, OK: ok} }, result{}},
		{"missing map", func(f eventstest.Fields) result {
			m, _ := f.Map("absent")
			s, ok := m.String("k")
			return result{Str: s, OK: ok}
		}, result{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if diff := cmp.Diff(tt.want, tt.read(eventstest.FieldsOf(doc))); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
	if _, ok := eventstest.FieldsOf(nil).String("status"); ok {
		t.Error("eventstest.FieldsOf(nil).String() reported a value")
	}
}

// Whatever the bytes and subject, the decoder returns an error or a change
// naming a document that it carries; the documents it returns encode back
// to bytes that decode to the same documents. Seeds: the production and
// emulator forms above.
func FuzzDecodeFirestore(f *testing.F) {
	before := document(map[string]*firestorepb.Value{"status": stringValue("ok"), "n": integerValue(3)})
	after := document(map[string]*firestorepb.Value{"status": stringValue("done"), "m": mapValue(map[string]*firestorepb.Value{"k": stringValue("v")})})
	update := eventstest.EncodeFirestore(after, before)
	for _, seed := range [][]byte{update, append(append([]byte{}, update...), 0x1a, 0x03, 0x0a, 0x01, 'n'),
		[]byte(base64.StdEncoding.EncodeToString(update)), eventstest.EncodeFirestore(after, nil), eventstest.EncodeFirestore(nil, before)} {
		f.Add("documents/extractions/X1", seed)
		f.Add("", seed)
	}
	for _, name := range []string{"emulator-create.b64", "emulator-update.b64", "emulator-delete.b64"} {
		f.Add("documents/extractions/X1", fixtures.File(f, name))
	}
	f.Fuzz(func(t *testing.T, subject string, data []byte) {
		e := cloudevents.NewEvent()
		e.SetID("fuzz")
		e.SetType("google.cloud.firestore.document.v1.written")
		e.SetSource("//firestore.googleapis.com/projects/demo-p/databases/(default)")
		e.SetSubject(subject)
		if err := e.SetData("application/protobuf", data); err != nil {
			t.Skip()
		}
		c, err := events.DecodeFirestore(e)
		if err != nil {
			return
		}
		if c.Path == "" || c.Value == nil && c.OldValue == nil {
			t.Fatalf("change %+v: no document, or no path", c)
		}
		again, err := events.DecodeFirestore(firestoreEvent(t, subject, eventstest.EncodeFirestore(c.Value, c.OldValue)))
		if err != nil {
			t.Fatalf("the documents decoded do not decode again: %v", err)
		}
		if diff := cmp.Diff(c.Value, again.Value, protocmp.Transform()); diff != "" {
			t.Errorf("value changed by a round trip (-first +again):\n%s", diff)
		}
		if diff := cmp.Diff(c.OldValue, again.OldValue, protocmp.Transform()); diff != "" {
			t.Errorf("old value changed by a round trip (-first +again):\n%s", diff)
		}
	})
}
