package model

import "testing"

// FakeClient is a client on the fake Vertex AI endpoint answering texts in
// order, and what the endpoint received: for the external tests, which
// drive the real client from the packages that import this one.
func FakeClient(t *testing.T, texts ...string) (*Client, func() []sentRequest) {
	t.Helper()
	replies := make([]reply, len(texts))
	for i, text := range texts {
		replies[i] = answer(text, 2000, 400)
	}
	client, fake, _ := newTestClient(t, RetryPolicy{}, replies...)
	return client, fake.requests
}
