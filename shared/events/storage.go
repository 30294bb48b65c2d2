// Package events decodes the CloudEvents that trigger the functions: storage
// object events and Firestore document events, as production sends them.
package events

import (
	"encoding/json"
	"fmt"
	"time"

	cloudevents "github.com/cloudevents/sdk-go/v2"
)

// StorageObject is the object resource carried by a
// google.cloud.storage.object.v1.finalized event.
type StorageObject struct {
	Bucket         string            `json:"bucket"`
	Name           string            `json:"name"`
	Generation     int64             `json:"generation,string"`
	Metageneration int64             `json:"metageneration,string"`
	ContentType    string            `json:"contentType"`
	Size           int64             `json:"size,string"`
	MD5Hash        string            `json:"md5Hash"`
	CRC32C         string            `json:"crc32c"`
	TimeCreated    time.Time         `json:"timeCreated"`
	Updated        time.Time         `json:"updated"`
	Metadata       map[string]string `json:"metadata"`
}

// DecodeStorage reads the object resource from a storage CloudEvent.
func DecodeStorage(e cloudevents.Event) (StorageObject, error) {
	var o StorageObject
	if err := json.Unmarshal(e.Data(), &o); err != nil {
		return StorageObject{}, fmt.Errorf("decode the object of event %s: %w", e.ID(), err)
	}
	if o.Bucket == "" || o.Name == "" {
		return StorageObject{}, fmt.Errorf("event %s: no bucket or object name", e.ID())
	}
	return o, nil
}
