package localstack

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
)

// call sends a JSON request to an emulator's REST API and fails on any
// status but 200.
func call(ctx context.Context, method, url string, body any) error {
	b, err := json.Marshal(body)
	if err != nil {
		return fmt.Errorf("%s %s: %w", method, url, err)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, bytes.NewReader(b))
	if err != nil {
		return fmt.Errorf("%s %s: %w", method, url, err)
	}
	// The Firestore emulator answers 404 to a trigger registration without it.
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("%s %s: %w", method, url, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		msg, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
		return fmt.Errorf("%s %s: statut %d: %s", method, url, resp.StatusCode, msg)
	}
	return nil
}
