package extract

import (
	"strings"
	"testing"

	"analyste.dev/analyste/shared/pdftext"
)

func TestConfigFromEnv(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		maxBytes string
		want     int64
		wantErr  string
	}{
		{"default limit", "", pdftext.DefaultLimits().MaxBytes, ""},
		{"set", "1048576", 1 << 20, ""},
		{"not a number", "10 Mo", 0, `ANALYSTE_MAX_PDF_BYTES "10 Mo"`},
		{"zero", "0", 0, "ANALYSTE_MAX_PDF_BYTES"},
		{"negative", "-5", 0, "ANALYSTE_MAX_PDF_BYTES"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			env := map[string]string{"GOOGLE_CLOUD_PROJECT": "p", "ANALYSTE_ARTIFACTS_BUCKET": "a", "ANALYSTE_READERS": "offline",
				"ANALYSTE_UPLOAD_PREFIX": "rapports/", "ANALYSTE_MAX_PDF_BYTES": tt.maxBytes}
			c, err := ConfigFromEnv(func(k string) string { return env[k] })
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Errorf("error %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || c.MaxBytes != tt.want || c.Prefix != "rapports/" || c.Project != "p" {
				t.Errorf("config %+v, %v; want %d bytes", c, err, tt.want)
			}
		})
	}
}

// ANALYSTE_CONTROLE_OCR: extract checks text layers by OCR unless told
// non; any other value is refused by name.
func TestConfigCrossCheck(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		value   string
		want    bool
		wantErr bool
	}{{"", true, false}, {"oui", true, false}, {"non", false, false}, {"yes", false, true}} {
		env := map[string]string{"GOOGLE_CLOUD_PROJECT": "p", "ANALYSTE_ARTIFACTS_BUCKET": "a", "ANALYSTE_READERS": "offline", "ANALYSTE_CONTROLE_OCR": c.value}
		cfg, err := ConfigFromEnv(func(k string) string { return env[k] })
		if c.wantErr != (err != nil && strings.Contains(err.Error(), "ANALYSTE_CONTROLE_OCR")) || !c.wantErr && cfg.CrossCheck != c.want {
			t.Errorf("ANALYSTE_CONTROLE_OCR=%q : contrôle %v, erreur %v", c.value, cfg.CrossCheck, err)
		}
	}
}
