// Package vertextest speaks Vertex AI's generateContent wire format for the
// fake endpoints of tests (the REST shape measured with genai v1.77.0; see
// docs/design.md, "A fake Vertex AI endpoint"). It imports nothing of the
// model package, so that package's own tests use it too.
package vertextest

import (
	"encoding/json"
	"io"
	"net/http"
)

// Answer is the body of a generateContent answer whose one candidate's
// text is text, with the token counts the usage reports.
func Answer(text string, input, output int) []byte {
	body, err := json.Marshal(map[string]any{
		"candidates": []any{map[string]any{
			"content":      map[string]any{"role": "model", "parts": []any{map[string]any{"text": text}}},
			"finishReason": "STOP",
		}},
		"usageMetadata": map[string]any{
			"promptTokenCount": input, "candidatesTokenCount": output, "totalTokenCount": input + output,
		},
	})
	if err != nil {
		panic(err) // maps of strings and ints always marshal
	}
	return body
}

// Token is the access token Metadata gives.
const Token = "jeton-test"

// Metadata answers as the metadata server of a Cloud Run instance does, so
// that a client finds its credentials there (GCE_METADATA_HOST): a token
// and the universe domain.
func Metadata(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Metadata-Flavor", "Google")
	switch r.URL.Path {
	case "/computeMetadata/v1/instance/service-accounts/default/token":
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"access_token":"`+Token+`","expires_in":3600,"token_type":"Bearer"}`)
	case "/computeMetadata/v1/universe/universe-domain":
		_, _ = io.WriteString(w, "googleapis.com")
	default:
		http.NotFound(w, r)
	}
}
