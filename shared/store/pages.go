package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"cloud.google.com/go/storage"
)

// PageTexts keeps the page texts of each run in Cloud Storage, so that
// documents stay far below Firestore's 1 MiB limit whatever the report's size.
type PageTexts struct {
	client *storage.Client
	bucket string
}

// PagesPrefix is where page texts are kept in their bucket; the functions'
// grants on it hold under this prefix only (infra/iam.tf).
const PagesPrefix = "pages/"

// NewPageTexts stores under bucket.
func NewPageTexts(client *storage.Client, bucket string) (*PageTexts, error) {
	if client == nil || bucket == "" {
		return nil, errors.New("store: page texts need a storage client and a bucket")
	}
	return &PageTexts{client: client, bucket: bucket}, nil
}

// Save writes the texts of run id (page 1 first) and returns their gs:// URL.
// Writing the same run again writes the same object.
func (p *PageTexts) Save(ctx context.Context, id string, texts []string) (string, error) {
	name := PagesPrefix + id + ".json"
	w := p.client.Bucket(p.bucket).Object(name).NewWriter(ctx)
	w.ContentType = "application/json"
	if err := json.NewEncoder(w).Encode(texts); err != nil {
		_ = w.Close()
		return "", fmt.Errorf("write the page texts of %s: %w", id, err)
	}
	if err := w.Close(); err != nil {
		return "", fmt.Errorf("write the page texts of %s: %w", id, err)
	}
	return "gs://" + p.bucket + "/" + name, nil
}

// Load reads the texts Save wrote.
func (p *PageTexts) Load(ctx context.Context, url string) ([]string, error) {
	bucket, name, ok := strings.Cut(strings.TrimPrefix(url, "gs://"), "/")
	if !ok || !strings.HasPrefix(url, "gs://") {
		return nil, fmt.Errorf("page texts address %q: want gs://BUCKET/OBJECT", url)
	}
	r, err := p.client.Bucket(bucket).Object(name).NewReader(ctx)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", url, err)
	}
	defer r.Close()
	var texts []string
	if err := json.NewDecoder(r).Decode(&texts); err != nil {
		return nil, fmt.Errorf("read %s: %w", url, err)
	}
	return texts, nil
}
