package events_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	cloudevents "github.com/cloudevents/sdk-go/v2"
	"github.com/google/go-cmp/cmp"

	"analyste.dev/analyste/shared/events"
)

func storageEvent(t *testing.T, data []byte) cloudevents.Event {
	t.Helper()
	e := cloudevents.NewEvent()
	e.SetID("1234")
	e.SetType("google.cloud.storage.object.v1.finalized")
	e.SetSource("//storage.googleapis.com/projects/_/buckets/analyste-uploads")
	if err := e.SetData(cloudevents.ApplicationJSON, data); err != nil {
		t.Fatal(err)
	}
	return e
}

func TestDecodeStorage(t *testing.T) {
	t.Parallel()
	prod, err := os.ReadFile(filepath.Join("testdata", "storage-finalized.json"))
	if err != nil {
		t.Fatal(err)
	}
	created := time.Date(2024, 11, 29, 20, 32, 25, 712_000_000, time.UTC)
	tests := []struct {
		name    string
		data    string
		want    events.StorageObject
		wantErr bool
	}{
		{
			name: "production object",
			data: string(prod),
			want: events.StorageObject{
				Bucket:         "analyste-uploads",
				Name:           "reports/acme-2025.pdf",
				Generation:     1732912345678901,
				Metageneration: 1,
				ContentType:    "application/pdf",
				Size:           482133,
				MD5Hash:        "XrY7u+Ae7tCTyyK7j1rNww==",
				CRC32C:         "yZRlqg==",
				TimeCreated:    created,
				Updated:        created,
				Metadata:       map[string]string{"uploader": "analyste"},
			},
		},
		{
			name: "fake-gcs-server object without metageneration",
			data: `{"kind":"storage#object","name":"a.pdf","bucket":"b","generation":"7","contentType":"application/pdf","size":"3"}`,
			want: events.StorageObject{Bucket: "b", Name: "a.pdf", Generation: 7, ContentType: "application/pdf", Size: 3},
		},
		{name: "generation as a JSON number", data: `{"bucket":"b","name":"a","generation":7}`, wantErr: true},
		{name: "no object name", data: `{"bucket":"b","generation":"7"}`, wantErr: true},
		{name: "not JSON", data: `bucket=b`, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := events.DecodeStorage(storageEvent(t, []byte(tt.data)))
			if (err != nil) != tt.wantErr {
				t.Fatalf("events.DecodeStorage() error = %v, wantErr %v", err, tt.wantErr)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("events.DecodeStorage() mismatch (-want +got):\n%s", diff)
			}
		})
	}
}
