package platform

import (
	"context"
	"errors"
	"log/slog"
	"maps"
	"strconv"
	"testing"
	"time"

	"analyste.dev/analyste/shared/events/eventstest"
	"analyste.dev/analyste/shared/model"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/store"
	"analyste.dev/analyste/shared/store/storetest"
)

// A stage's model calls carry its run, stage and take number, so that a
// retake's calls are told apart from the first take's; a delivery after
// the stage is done runs nothing.
func TestOnDocumentLabelsTheTake(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	runs := storetest.New(time.Minute)
	id, err := runs.Seed(ctx, schema.Source{Bucket: "depots", Object: "a.pdf", Generation: 1}, schema.Outcome{Status: schema.Running(schema.Signaling)})
	if err != nil {
		t.Fatal(err)
	}
	d := &Deps{Log: slog.New(slog.DiscardHandler), Store: runs}
	var got []map[string]string
	fail := errors.New("panne passagère")
	run := func(ctx context.Context, _ string) (schema.Outcome, error) {
		got = append(got, model.Labels(ctx))
		if len(got) == 1 {
			return schema.Outcome{}, &StageError{Reason: "panne", Err: fail, Retryable: true}
		}
		return schema.Outcome{Status: schema.Running(schema.Memo)}, nil
	}
	ev := eventstest.Written(schema.Extractions, id)
	if err := d.OnDocument(ctx, ev, "signals", schema.Signaling, run); !errors.Is(err, fail) {
		t.Fatalf("first take: %v, want the transient failure returned", err)
	}
	for range 2 {
		if err := d.OnDocument(ctx, ev, "signals", schema.Signaling, run); err != nil {
			t.Fatal(err)
		}
	}
	if len(got) != 2 {
		t.Fatalf("%d takes ran, want 2 (the third delivery finds the stage done)", len(got))
	}
	for i, l := range got {
		want := map[string]string{store.RunLabel: id, store.StageLabel: string(schema.Signaling), store.TakeLabel: strconv.Itoa(i + 1)}
		if !maps.Equal(l, want) {
			t.Errorf("take %d: labels %v, want %v", i+1, l, want)
		}
	}
}
