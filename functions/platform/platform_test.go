package platform

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"analyste.dev/analyste/shared/model"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/pipeline"
)

func TestConfigFromEnv(t *testing.T) {
	t.Parallel()
	base := map[string]string{"GOOGLE_CLOUD_PROJECT": "p", "ANALYSTE_ARTIFACTS_BUCKET": "a", "ANALYSTE_READERS": "offline"}
	tests := []struct {
		name    string
		env     map[string]string
		wantErr []string // every problem is named at once
	}{
		{"minimal offline", nil, nil},
		{"vertex needs nothing more than the project", map[string]string{"ANALYSTE_READERS": "vertex"}, nil},
		{"missing project and bucket", map[string]string{"GOOGLE_CLOUD_PROJECT": "", "ANALYSTE_ARTIFACTS_BUCKET": ""},
			[]string{"GOOGLE_CLOUD_PROJECT manquant", "ANALYSTE_ARTIFACTS_BUCKET manquant"}},
		{"bad values", map[string]string{"ANALYSTE_LEASE": "demain", "ANALYSTE_MAX_REREADS": "deux", "ANALYSTE_READERS": "gpt"},
			[]string{"ANALYSTE_LEASE", "ANALYSTE_MAX_REREADS", "ANALYSTE_READERS"}},
		{"negative re-reads", map[string]string{"ANALYSTE_MAX_REREADS": "-1"}, []string{"ANALYSTE_MAX_REREADS -1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			env := map[string]string{}
			for k, v := range base {
				env[k] = v
			}
			for k, v := range tt.env {
				env[k] = v
			}
			c, err := ConfigFromEnv(func(k string) string { return env[k] })
			if len(tt.wantErr) == 0 {
				if err != nil {
					t.Fatal(err)
				}
				if c.Lease != 15*time.Minute || c.MaxRereads != 2 || c.Database != "(default)" {
					t.Errorf("defaults %+v", c)
				}
				return
			}
			for _, w := range tt.wantErr {
				if err == nil || !strings.Contains(err.Error(), w) {
					t.Errorf("error %v lacks %q", err, w)
				}
			}
		})
	}
}

func TestExplain(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		err       error
		retryable bool
		reason    string
	}{
		{"bad PDF", fmt.Errorf("lecture : %w", pdftext.ErrPasswordRequired), false, "mot de passe"},
		{"model outage", fmt.Errorf("transcription : %w", model.ErrTransient), true, "Vertex AI"},
		{"invalid answers", fmt.Errorf("x : %w", model.ErrInvalidAnswer), false, "hors du format"},
		{"no statements", pipeline.ErrNoStatements, false, "Aucune page"},
		{"Firestore unavailable", fmt.Errorf("fin de l'étape : %w", status.Error(codes.Unavailable, "down")), true, "momentanément indisponible"},
		{"Firestore refuses", fmt.Errorf("x : %w", status.Error(codes.PermissionDenied, "no")), false, "Erreur inattendue"},
		{"explained by the function", &Failure{Reason: "Le fichier a été supprimé", Err: errors.New("gone")}, false, "supprimé"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			reason, retryable := explain(tt.err)
			if retryable != tt.retryable || !strings.Contains(reason, tt.reason) {
				t.Errorf("explain = %q, %v; want %q, %v", reason, retryable, tt.reason, tt.retryable)
			}
		})
	}
}
