package storetest

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync/atomic"

	"cloud.google.com/go/storage"
	"google.golang.org/api/option"

	"analyste.dev/analyste/shared/schema"
)

// Uploads is Cloud Storage holding one generation of one uploaded object,
// for store.ReadUpload's JSON reads; any other read is answered 404, as for
// an object deleted or replaced.
type Uploads struct {
	Client *storage.Client
	reads  atomic.Int32
	srv    *httptest.Server
}

// ServeUpload serves data as src's generation of src's object.
func ServeUpload(ctx context.Context, src schema.Source, data []byte) (*Uploads, error) {
	u := &Uploads{}
	u.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		if r.URL.Path != "/storage/v1/b/"+src.Bucket+"/o/"+src.Object || q.Get("alt") != "media" ||
			q.Get("generation") != strconv.FormatInt(src.Generation, 10) {
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write([]byte(`{"error":{"code":404,"message":"No such object"}}`))
			return
		}
		u.reads.Add(1)
		w.Header().Set("X-Goog-Generation", strconv.FormatInt(src.Generation, 10))
		w.Header().Set("Content-Length", strconv.Itoa(len(data)))
		_, _ = w.Write(data)
	}))
	c, err := storage.NewClient(ctx, option.WithEndpoint(u.srv.URL+"/storage/v1/"), option.WithoutAuthentication(), storage.WithJSONReads())
	if err != nil {
		u.srv.Close()
		return nil, err
	}
	u.Client = c
	return u, nil
}

// Reads counts the reads of the object served.
func (u *Uploads) Reads() int { return int(u.reads.Load()) }

// Close stops the client and the server.
func (u *Uploads) Close() {
	_ = u.Client.Close()
	u.srv.Close()
}
