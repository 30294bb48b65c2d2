package store

import (
	"context"
	"errors"
	"fmt"
	"io"

	"cloud.google.com/go/storage"

	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/schema"
)

// ReadUpload reads the generation of the upload src names, at most limit
// bytes: a larger object is pdftext.ErrTooLarge, a generation gone wraps
// ErrNotFound and storage.ErrObjectNotExist. The extract function and the
// viewer read the upload with it.
func ReadUpload(ctx context.Context, client *storage.Client, src schema.Source, limit int64) ([]byte, error) {
	r, err := client.Bucket(src.Bucket).Object(src.Object).Generation(src.Generation).NewReader(ctx)
	if errors.Is(err, storage.ErrObjectNotExist) {
		return nil, fmt.Errorf("read gs://%s/%s#%d: %w (%w)", src.Bucket, src.Object, src.Generation, ErrNotFound, err)
	}
	if err != nil {
		return nil, fmt.Errorf("read gs://%s/%s#%d: %w", src.Bucket, src.Object, src.Generation, err)
	}
	defer r.Close()
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	switch {
	case err != nil:
		return nil, fmt.Errorf("read gs://%s/%s#%d: %w", src.Bucket, src.Object, src.Generation, err)
	case int64(len(data)) > limit:
		return nil, fmt.Errorf("gs://%s/%s#%d: %w: more than %d bytes", src.Bucket, src.Object, src.Generation, pdftext.ErrTooLarge, limit)
	}
	return data, nil
}
