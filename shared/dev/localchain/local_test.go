package localchain

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"cloud.google.com/go/firestore"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/store"
)

// maxPDF is the extract function's limit in these tests, so that a
// too-large upload stays small.
const maxPDF = 2 << 20

var chain *Chain

func TestMain(m *testing.M) {
	if addr := os.Getenv(childAddr); addr != "" {
		os.Exit(serveChild(addr))
	}
	flag.Parse()
	if testing.Short() {
		os.Exit(m.Run()) // the chain's tests skip, saying why: no emulator, no Java
	}
	opts := Options{Readers: pipeline.ModeOffline, Log: slog.New(slog.DiscardHandler), MaxPDFBytes: maxPDF}
	os.Exit(RunTests(m, opts, func(_ context.Context, c *Chain) int {
		chain = c
		return 0
	}))
}

// needChain skips a test of the running chain under -short, where none
// is started.
func needChain(t *testing.T) {
	t.Helper()
	if chain == nil {
		t.Skip("-short : sans émulateurs (make test les lance)")
	}
}

func wait(t *testing.T, ids []string) map[string]schema.Report {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Minute)
	defer cancel()
	reports, err := chain.Wait(ctx, ids)
	if err != nil {
		t.Fatal(err)
	}
	return reports
}

func exists(t *testing.T, coll, id string) bool {
	t.Helper()
	_, err := chain.Firestore().Collection(coll).Doc(id).Get(t.Context())
	if status.Code(err) == codes.NotFound {
		return false
	}
	if err != nil {
		t.Fatal(err)
	}
	return true
}

// The three test reports, and 20 uploads at once: every run ends, each
// stage taken once, every output written.
func TestChainReports(t *testing.T) {
	needChain(t)
	t.Parallel()
	reports := fixtures.Reports(t)
	var ids []string
	company := map[string]string{}
	for i := range 20 {
		r := reports[i%len(reports)]
		data, err := os.ReadFile(r.PDF)
		if err != nil {
			t.Fatal(err)
		}
		id, err := chain.Upload(t.Context(), fmt.Sprintf("lot/%02d-%s.pdf", i, r.Slug), data)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
		company[id] = r.Truth.Company
	}
	for id, r := range wait(t, ids) {
		if r.Status != schema.Done || r.Company != company[id] || r.Counters.FieldsRead != 78 || r.Counters.FailedChecks != 0 {
			t.Errorf("%s: %+v", id, r)
		}
		for _, stage := range schema.Stages {
			if s := r.Steps[stage]; s.Takes != 1 || s.State != schema.StepDone {
				t.Errorf("%s: stage %s %+v, want taken once and done", id, stage, s)
			}
		}
		for _, coll := range []string{schema.Extractions, schema.Signals, schema.Memos} {
			if !exists(t, coll, id) {
				t.Errorf("%s/%s missing", coll, id)
			}
		}
		if exists(t, schema.Handoffs, id) {
			t.Errorf("published run %s has a hand-off", id)
		}
	}
}

// Bad inputs end in echec with a reason a person can act on; the object is
// left as it was and nothing but the report is written.
func TestChainBadInputs(t *testing.T) {
	needChain(t)
	t.Parallel()
	bad := fixtures.Testdata(t, "bad")
	tests := []struct {
		name   string
		file   string // in the bad corpus, or generated when data is set
		data   []byte
		reason string // in the report's failure
	}{
		{"empty object", "vide.pdf", []byte{}, "n'est pas un PDF"},
		{"text file", "notes.txt", []byte("chiffre d'affaires : 12 M€\n"), "n'est pas un PDF"},
		{"too large", "enorme.pdf", append([]byte("%PDF-1.7\n"), bytes.Repeat([]byte{'0'}, maxPDF)...), "limites de taille"},
		{"zero byte", "zero_byte.pdf", nil, "n'est pas un PDF"},
		{"not a PDF", "not_pdf.pdf", nil, "n'est pas un PDF"},
		{"PNG renamed", "png_renamed.pdf", nil, "n'est pas un PDF"},
		{"truncated", "trunc50_lo.pdf", nil, "endommagé"},
		{"password", "enc_aes128_userpw.pdf", nil, "mot de passe"},
		{"page tree loop", "cycle_kids.pdf", nil, "boucle"},
		{"huge page count", "huge_count.pdf", nil, "limites"},
		{"no statements", "../real/walmart/en_walmart_fy2023_annual-report.pdf", nil, "Aucune page d'états financiers"},
	}
	ids := make([]string, len(tests))
	md5s := make([][]byte, len(tests))
	for i, tt := range tests {
		data := tt.data
		if data == nil {
			var err error
			if data, err = os.ReadFile(filepath.Join(bad, tt.file)); err != nil {
				t.Fatal(err)
			}
		}
		name := "mauvais/" + filepath.Base(tt.file)
		id, err := chain.Upload(t.Context(), name, data)
		if err != nil {
			t.Fatal(err)
		}
		ids[i] = id
		a, err := chain.Storage().Bucket(UploadBucket).Object(name).Attrs(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		md5s[i] = a.MD5
	}
	reports := wait(t, ids)
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := reports[ids[i]]
			if r.Status != schema.Failed || r.Failure == nil || r.Failure.Retryable || !strings.Contains(r.Failure.Reason, tt.reason) {
				t.Errorf("report %+v, failure %+v; want echec with %q", r, r.Failure, tt.reason)
			}
			for _, coll := range []string{schema.Extractions, schema.Signals, schema.Memos, schema.Handoffs} {
				if exists(t, coll, ids[i]) {
					t.Errorf("%s/%s written for a bad input", coll, ids[i])
				}
			}
			a, err := chain.Storage().Bucket(UploadBucket).Object("mauvais/" + filepath.Base(tt.file)).Attrs(t.Context())
			if err != nil || !bytes.Equal(a.MD5, md5s[i]) {
				t.Errorf("uploaded object changed or gone: %v", err)
			}
		})
	}
}

// The artifacts hold the page texts, so that documents stay small.
func TestDocumentsStaySmall(t *testing.T) {
	needChain(t)
	t.Parallel()
	r := fixtures.Reports(t)[0]
	data, err := os.ReadFile(r.PDF)
	if err != nil {
		t.Fatal(err)
	}
	id, err := chain.Upload(t.Context(), "taille/"+r.Slug+".pdf", data)
	if err != nil {
		t.Fatal(err)
	}
	wait(t, []string{id})
	for _, coll := range []string{schema.Reports, schema.Extractions, schema.Signals, schema.Memos} {
		snap, err := chain.Firestore().Collection(coll).Doc(id).Get(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		if size := approxSize(snap); size > 200<<10 {
			t.Errorf("%s/%s is about %d bytes", coll, id, size)
		}
	}
}

func approxSize(snap *firestore.DocumentSnapshot) int {
	return len(fmt.Sprint(snap.Data()))
}

// A report stating thousands of risks ends its run: its repetitions are one
// signal per risk, and the signals document keeps the most severe within
// Firestore's limit and counts the others.
func TestChainManySignals(t *testing.T) {
	needChain(t)
	t.Parallel()
	data, err := os.ReadFile(filepath.Join(fixtures.Testdata(t, "bad"), "hostile", "ferlac_many_signals.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	id, err := chain.Upload(t.Context(), "signaux/ferlac_many_signals.pdf", data)
	if err != nil {
		t.Fatal(err)
	}
	r := wait(t, []string{id})[id]
	if r.Status == schema.Failed || r.Counters.SignalsOmitted != max(0, r.Counters.SignalsVerified-schema.MaxStoredSignals) {
		t.Errorf("report %+v, failure %+v; want the run ended with the omitted signals counted", r, r.Failure)
	}
	snap, err := chain.Firestore().Collection(schema.Signals).Doc(id).Get(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	st, err := store.New(chain.Firestore(), time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	var sig schema.SignalsRecord
	if err := st.Get(t.Context(), schema.Signals, id, &sig); err != nil {
		t.Fatal(err)
	}
	if size := approxSize(snap); size > 768<<10 || len(sig.Verified) != min(r.Counters.SignalsVerified, schema.MaxStoredSignals) ||
		sig.VerifiedOmitted != r.Counters.SignalsOmitted {
		t.Errorf("signals/%s: about %d bytes, %d verified kept, %d omitted", id, size, len(sig.Verified), sig.VerifiedOmitted)
	}
}
