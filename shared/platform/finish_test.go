package platform

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"analyste.dev/analyste/shared/dev/localstack"
	"analyste.dev/analyste/shared/model"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/store"
)

// An outcome Firestore refuses (a document over 1 MiB) ends the run in
// echec with a reason and a log line, keeps what the stage spent, and is
// acknowledged: no retry can store it.
func TestFinishRecordsWhatCannotBeStored(t *testing.T) {
	if testing.Short() {
		t.Skip("-short : sans émulateurs (make test les lance)")
	}
	t.Parallel()
	ctx := t.Context()
	st, err := localstack.Start(ctx, localstack.Options{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(st.Stop)
	fs, err := st.FirestoreClient(ctx)
	if err != nil {
		t.Fatal(err)
	}
	sto, err := store.New(fs, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	var logs bytes.Buffer
	d := &Deps{Store: sto, Log: slog.New(slog.NewJSONHandler(&logs, nil))}
	src := schema.Source{Bucket: "depots", Object: "enorme.pdf", Generation: 1}
	id := schema.RunID(src)
	c, err := sto.Claim(ctx, id, schema.Extraction, &src)
	if err != nil {
		t.Fatal(err)
	}
	usage := model.Usage{}
	usage.Add(model.Attempt{Role: "transcription", Number: 1, InputTokens: 10, OutputTokens: 5})
	o := schema.Outcome{Status: schema.Running(schema.Signaling), Usage: &usage,
		Extraction: &schema.ExtractionRecord{PageTexts: strings.Repeat("x", 1100<<10)}}
	if err := d.Finish(ctx, d.Log, c, o, nil); err != nil {
		t.Fatalf("Finish = %v, want the failure recorded and acknowledged", err)
	}
	var r schema.Report
	if err := sto.Get(ctx, schema.Reports, id, &r); err != nil {
		t.Fatal(err)
	}
	if r.Status != schema.Failed || r.Failure == nil || r.Failure.Retryable || !strings.Contains(r.Failure.Reason, "1 Mio") {
		t.Errorf("report status %q, failure %+v; want echec with the size reason", r.Status, r.Failure)
	}
	if r.Tokens.Calls != 1 || r.Steps[schema.Extraction].State != schema.StepFailed {
		t.Errorf("tokens %+v, steps %+v; want the spending kept and the step failed", r.Tokens, r.Steps)
	}
	if _, err := fs.Collection(schema.Extractions).Doc(id).Get(ctx); status.Code(err) != codes.NotFound {
		t.Errorf("extractions/%s: %v, want nothing written", id, err)
	}
	var line struct {
		Level, Msg, Motif, Erreur string
	}
	for _, l := range bytes.Split(bytes.TrimSpace(logs.Bytes()), []byte("\n")) {
		if err := json.Unmarshal(l, &line); err == nil && line.Msg == "échec de l'étape" {
			break
		}
	}
	if line.Level != "ERROR" || line.Motif != r.Failure.Reason || line.Erreur == "" {
		t.Errorf("log line %+v, want an error with the reason and the raw error:\n%s", line, logs.String())
	}
}
