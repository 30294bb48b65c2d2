package events

import (
	"encoding/base64"
	"fmt"
	"strings"

	"cloud.google.com/go/firestore/apiv1/firestorepb"
	cloudevents "github.com/cloudevents/sdk-go/v2"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"
)

// Field numbers of google.events.cloud.firestore.v1.DocumentEventData.
const (
	fieldValue      protowire.Number = 1
	fieldOldValue   protowire.Number = 2
	fieldUpdateMask protowire.Number = 3
)

// FirestoreChange is a decoded google.cloud.firestore.document.v1.written event.
type FirestoreChange struct {
	// Path is the document path relative to the database, "extractions/abc".
	Path string
	// Value is the document after the change; nil for a delete.
	Value *firestorepb.Document
	// OldValue is the document before the change; nil for a create.
	OldValue *firestorepb.Document
	// UpdateMask lists the changed fields of an update; nil when absent
	// (the emulator never fills it).
	UpdateMask *firestorepb.DocumentMask
}

// ID is the last segment of the document path.
func (c FirestoreChange) ID() string {
	return c.Path[strings.LastIndex(c.Path, "/")+1:]
}

// Collection is the document path without its last segment.
func (c FirestoreChange) Collection() string {
	i := strings.LastIndex(c.Path, "/")
	if i < 0 {
		return ""
	}
	return c.Path[:i]
}

// Created reports whether the document did not exist before the change.
func (c FirestoreChange) Created() bool { return c.OldValue == nil && c.Value != nil }

// Deleted reports whether the change removed the document.
func (c FirestoreChange) Deleted() bool { return c.Value == nil }

// DecodeFirestore reads a Firestore document event. The data is the
// DocumentEventData protobuf, as raw bytes (production) or as its base64
// text (what the Firestore emulator sends).
func DecodeFirestore(e cloudevents.Event) (FirestoreChange, error) {
	raw, err := protobufBytes(e.Data())
	if err != nil {
		return FirestoreChange{}, fmt.Errorf("event %s: %w", e.ID(), err)
	}
	var c FirestoreChange
	if err := c.unmarshal(raw); err != nil {
		return FirestoreChange{}, fmt.Errorf("event %s: %w", e.ID(), err)
	}
	if c.Value == nil && c.OldValue == nil {
		return FirestoreChange{}, fmt.Errorf("event %s: neither a document nor an old document", e.ID())
	}
	c.Path = documentPath(e.Subject(), c.Value, c.OldValue)
	if c.Path == "" {
		return FirestoreChange{}, fmt.Errorf("event %s: no document path", e.ID())
	}
	return c, nil
}

// protobufBytes returns raw protobuf bytes from either encoding. A raw
// DocumentEventData starts with a tag byte (0x0a, 0x12, 0x1a) that is never
// part of the base64 alphabet, so the first byte tells them apart.
func protobufBytes(data []byte) ([]byte, error) {
	if len(data) == 0 || !isBase64Char(data[0]) {
		return data, nil
	}
	raw, err := base64.StdEncoding.DecodeString(strings.TrimSpace(string(data)))
	if err != nil {
		return nil, fmt.Errorf("decode the base64 Firestore data: %w", err)
	}
	return raw, nil
}

func isBase64Char(b byte) bool {
	return 'A' <= b && b <= 'Z' || 'a' <= b && b <= 'z' || '0' <= b && b <= '9' || b == '+' || b == '/'
}

// unmarshal splits DocumentEventData into its three fields; their messages
// share field numbers with firestorepb, which the event library cannot be
// fetched to provide.
func (c *FirestoreChange) unmarshal(b []byte) error {
	for len(b) > 0 {
		num, typ, n := protowire.ConsumeTag(b)
		if n < 0 {
			return fmt.Errorf("unreadable Firestore data: %w", protowire.ParseError(n))
		}
		b = b[n:]
		if typ != protowire.BytesType || num < fieldValue || num > fieldUpdateMask {
			n = protowire.ConsumeFieldValue(num, typ, b)
			if n < 0 {
				return fmt.Errorf("unreadable Firestore data (field %d): %w", num, protowire.ParseError(n))
			}
			b = b[n:]
			continue
		}
		v, n := protowire.ConsumeBytes(b)
		if n < 0 {
			return fmt.Errorf("unreadable Firestore data (field %d): %w", num, protowire.ParseError(n))
		}
		b = b[n:]
		var m proto.Message
		switch num {
		case fieldValue:
			c.Value = &firestorepb.Document{}
			m = c.Value
		case fieldOldValue:
			c.OldValue = &firestorepb.Document{}
			m = c.OldValue
		case fieldUpdateMask:
			c.UpdateMask = &firestorepb.DocumentMask{}
			m = c.UpdateMask
		}
		if err := proto.Unmarshal(v, m); err != nil {
			return fmt.Errorf("unreadable Firestore data (field %d): %w", num, err)
		}
	}
	return nil
}

// documentPath prefers ce-subject ("documents/extractions/abc") and falls
// back to the full name of whichever document the event carries.
func documentPath(subject string, docs ...*firestorepb.Document) string {
	if p, ok := strings.CutPrefix(subject, "documents/"); ok && p != "" {
		return p
	}
	for _, d := range docs {
		if d == nil {
			continue
		}
		if _, p, ok := strings.Cut(d.GetName(), "/documents/"); ok {
			return p
		}
	}
	return ""
}
