package model

import (
	"context"
	"maps"
)

type labelsKey struct{}

// WithLabels returns ctx carrying labels for the model calls made under it,
// added to those ctx already carries. Vertex AI keeps a request's labels in
// the billing export, so that what a run, a stage or a take cost can be
// read there; keys and values are lowercase letters, digits, '_' and '-',
// at most 63 characters.
func WithLabels(ctx context.Context, labels map[string]string) context.Context {
	merged := Labels(ctx)
	if merged == nil {
		merged = map[string]string{}
	}
	maps.Copy(merged, labels)
	return context.WithValue(ctx, labelsKey{}, merged)
}

// Labels are a copy of the labels ctx carries, nil when none.
func Labels(ctx context.Context) map[string]string {
	l, _ := ctx.Value(labelsKey{}).(map[string]string)
	return maps.Clone(l)
}
