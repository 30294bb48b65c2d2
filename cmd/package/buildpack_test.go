package main

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"cloud.google.com/go/firestore/apiv1/firestorepb"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"

	analyste "analyste.dev/analyste"
	"analyste.dev/analyste/shared/dev/localstack"
)

// The Cloud Functions Go buildpack (GoogleCloudPlatform/buildpacks,
// cmd/go/functions_framework) moves the upload into this directory, writes
// its main package inside the function's module under mainDir, runs
// `go mod tidy` there and builds that package.
const (
	fnSourceDir = "serverless_function_source_code"
	mainDir     = "functions.local/app"
	// mainGo is the buildpack's main for declarative functions (those that
	// register in init()).
	mainGo = `package main

import (
	"log"
	"net/http"
	"os"

	_ "analyste.dev/analyste"

	"github.com/GoogleCloudPlatform/functions-framework-go/funcframework"
)

func main() {
	http.HandleFunc("/robots.txt", http.NotFound)
	http.HandleFunc("/favicon.ico", http.NotFound)
	port := os.Getenv("PORT")
	if port == "" {
		port = "8080"
	}
	if err := funcframework.Start(port); err != nil {
		log.Fatalf("Function failed to start: %v\n", err)
	}
}
`
)

// TestArchiveBuildsAndServes builds the archive as the buildpack does, then
// runs the binary for each entry point with FUNCTION_TARGET set and sends it
// the event that triggers it in production.
func TestArchiveBuildsAndServes(t *testing.T) {
	if testing.Short() {
		t.Skip("-short : sans émulateurs (make test les lance)")
	}
	t.Parallel()
	root, _, data := buildArchive(t)
	bin := buildLikeBuildpack(t, data)

	// Enough configuration for each function to build its handler without
	// a network: offline readers, clients pointed at emulators that are
	// never reached, since each event below ends before any I/O.
	configured := []string{
		"GOOGLE_CLOUD_PROJECT=buildpack-test", "ANALYSTE_ARTIFACTS_BUCKET=artifacts", "ANALYSTE_READERS=offline",
		"ANALYSTE_UPLOAD_PREFIX=rapports/", "FIRESTORE_EMULATOR_HOST=127.0.0.1:9", "STORAGE_EMULATOR_HOST=127.0.0.1:9",
	}
	tests := []struct {
		name, target string
		env          []string
		event        func(url string) *http.Request
		wantStatus   int
		wantLog      string // in a JSON log line of the target function, or in the output
		wantOut      string // also in the output, when set
	}{
		{"extract ignores an object outside the prefix", analyste.EntryExtract, configured, storageEvent, http.StatusOK, "hors du préfixe", ""},
		{"signals ignores a deleted extraction", analyste.EntrySignals, configured, firestoreDeletion("extractions/r1"), http.StatusOK, "document supprimé", ""},
		{"memo ignores deleted signals", analyste.EntryMemo, configured, firestoreDeletion("signals/r1"), http.StatusOK, "document supprimé", ""},
		// No retry cures a configuration: acknowledged, logged, named.
		{"extract without configuration names what is missing", analyste.EntryExtract, nil, storageEvent, http.StatusOK, "fonction mal configurée", "GOOGLE_CLOUD_PROJECT manquant"},
		// Unconfigured, so that it answers before any I/O, with its own
		// message.
		{"viewer without configuration answers that it cannot start", analyste.EntryViewer, nil, get, http.StatusServiceUnavailable, "Le visualiseur n'a pas pu démarrer", ""},
	}
	// One at a time: a port picked free could otherwise be taken by a sibling
	// binary between the pick and the bind, and the request would reach it.
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := startFunction(t, bin, tt.target, tt.env)
			resp, err := http.DefaultClient.Do(tt.event(srv.url).WithContext(t.Context()))
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tt.wantStatus {
				t.Errorf("status %d, want %d; body %q", resp.StatusCode, tt.wantStatus, body)
			}
			out := srv.stop()
			if tt.wantStatus == http.StatusOK {
				if !loggedBy(out, tt.target, tt.wantLog) {
					t.Errorf("no log line of function %q with %q; output:\n%s", tt.target, tt.wantLog, out)
				}
			} else if !strings.Contains(out+string(body), tt.wantLog) {
				t.Errorf("%q neither in the response nor in the output:\n%s%s", tt.wantLog, body, out)
			}
			if !strings.Contains(out, tt.wantOut) {
				t.Errorf("%q not in the output:\n%s", tt.wantOut, out)
			}
		})
	}
	// The registered functions are exactly those served above.
	var served, registered []string
	for _, tt := range tests {
		served = append(served, tt.target)
	}
	for _, names := range registeredFunctions(t, root) {
		registered = append(registered, names...)
	}
	slices.Sort(served)
	slices.Sort(registered)
	if served = slices.Compact(served); !slices.Equal(registered, served) {
		t.Errorf("registered functions %v, the test serves %v", registered, served)
	}
	t.Run("unknown target does not start", func(t *testing.T) {
		t.Parallel()
		cmd := exec.Command(bin)
		cmd.Env = []string{"PORT=" + freePort(t), "FUNCTION_TARGET=nope"}
		out, err := cmd.CombinedOutput()
		if err == nil || !strings.Contains(string(out), "nope") {
			t.Errorf("FUNCTION_TARGET=nope: err %v, output %q; want a failure naming it", err, out)
		}
	})
}

// buildLikeBuildpack unpacks the archive and builds it as the buildpack
// does; it returns the binary.
func buildLikeBuildpack(t *testing.T, archive []byte) string {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join(dir, fnSourceDir)
	unzip(t, archive, src)
	main := filepath.Join(src, filepath.FromSlash(mainDir), "main.go")
	if err := os.MkdirAll(filepath.Dir(main), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(main, []byte(mainGo), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "main")
	for _, args := range [][]string{{"mod", "tidy"}, {"build", "-o", bin, "./" + mainDir}} {
		cmd := exec.Command("go", args...)
		cmd.Dir = src
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	return bin
}

func unzip(t *testing.T, data []byte, dir string) {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range zr.File {
		path := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(r)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		// Writable, as the buildpack requires of go.mod.
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// server is a running function binary.
type server struct {
	cmd  *exec.Cmd
	out  *syncBuffer
	done chan struct{}
	url  string
}

// startFunction runs the binary with only env, PORT and FUNCTION_TARGET
// (nothing inherited: a developer's GOOGLE_CLOUD_PROJECT must not leak in)
// and waits until it listens.
func startFunction(t *testing.T, bin, target string, env []string) *server {
	t.Helper()
	port := freePort(t)
	s := &server{cmd: exec.Command(bin), out: &syncBuffer{}, done: make(chan struct{}), url: "http://127.0.0.1:" + port + "/"}
	s.cmd.Env = append([]string{"PORT=" + port, "FUNCTION_TARGET=" + target}, env...)
	s.cmd.Stdout, s.cmd.Stderr = s.out, s.out
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { _ = s.cmd.Wait(); close(s.done) }()
	t.Cleanup(func() { s.stop() })
	deadline := time.Now().Add(10 * time.Second)
	for {
		c, err := net.Dial("tcp", "127.0.0.1:"+port)
		if err == nil {
			c.Close()
			return s
		}
		select {
		case <-s.done:
			t.Fatalf("%s exited before listening:\n%s", target, s.out)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s not listening after 10 s:\n%s", target, s.out)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// stop kills the process and returns its output.
func (s *server) stop() string {
	if s.cmd.Process != nil {
		_ = s.cmd.Process.Kill()
		<-s.done
	}
	return s.out.String()
}

func freePort(t *testing.T) string {
	t.Helper()
	port, err := localstack.FreePort()
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprint(port)
}

// storageEvent is a binary-mode google.cloud.storage.object.v1.finalized
// event, as Eventarc delivers it, for an object outside the upload prefix.
func storageEvent(url string) *http.Request {
	body := `{"bucket":"uploads","name":"ailleurs/rapport.pdf","generation":"1","size":"1000","contentType":"application/pdf"}`
	r, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	setCloudEvent(r.Header, "google.cloud.storage.object.v1.finalized", "//storage.googleapis.com/projects/_/buckets/uploads", "objects/ailleurs/rapport.pdf")
	r.Header.Set("Content-Type", "application/json")
	return r
}

// get is a browser's request for the viewer's home page.
func get(url string) *http.Request {
	r, _ := http.NewRequest(http.MethodGet, url, nil)
	return r
}

// firestoreDeletion returns the production google.cloud.firestore.document.v1.written
// event of the deletion of doc: a DocumentEventData protobuf holding only
// old_value (field 2).
func firestoreDeletion(doc string) func(url string) *http.Request {
	return func(url string) *http.Request {
		old, _ := proto.Marshal(&firestorepb.Document{Name: "projects/buildpack-test/databases/(default)/documents/" + doc})
		body := protowire.AppendBytes(protowire.AppendTag(nil, 2, protowire.BytesType), old)
		r, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
		setCloudEvent(r.Header, "google.cloud.firestore.document.v1.written", "//firestore.googleapis.com/projects/buildpack-test/databases/(default)", "documents/"+doc)
		r.Header.Set("Content-Type", "application/protobuf")
		return r
	}
}

func setCloudEvent(h http.Header, typ, source, subject string) {
	h.Set("ce-specversion", "1.0")
	h.Set("ce-id", "evt-1")
	h.Set("ce-type", typ)
	h.Set("ce-source", source)
	h.Set("ce-subject", subject)
	h.Set("ce-time", "2026-01-01T00:00:00Z")
}

// loggedBy reports whether a JSON log line of function fn has a message
// containing want.
func loggedBy(out, fn, want string) bool {
	for line := range strings.Lines(out) {
		var l struct{ Fonction, Message string }
		if json.Unmarshal([]byte(line), &l) == nil && l.Fonction == fn && strings.Contains(l.Message, want) {
			return true
		}
	}
	return false
}

// syncBuffer is a bytes.Buffer the process writes while the test reads.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
