package model

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"net/url"
	"time"

	"google.golang.org/genai"
)

// transient reports whether a failed send may succeed if repeated: quota
// (429), server errors Vertex AI documents as retryable (500, 503, 504),
// and transport failures such as a dropped connection. A per-attempt
// timeout is recognised by the caller, which knows the contexts.
func transient(err error) bool {
	var apiErr genai.APIError
	if errors.As(err, &apiErr) {
		switch apiErr.Code {
		case http.StatusTooManyRequests, http.StatusInternalServerError,
			http.StatusServiceUnavailable, http.StatusGatewayTimeout:
			return true
		}
		return false
	}
	var urlErr *url.Error
	return errors.As(err, &urlErr)
}

// backoffCap is the longest wait before send number next (2, 3, …): base
// doubled at each retry, at most max.
func backoffCap(next int, base, max time.Duration) time.Duration {
	d := base
	for i := 2; i < next && d < max; i++ {
		d *= 2
	}
	return min(d, max)
}

// fullJitter draws the wait uniformly in [0, cap], so that clients failing
// together do not retry together.
func fullJitter(cap time.Duration) time.Duration {
	if cap <= 0 {
		return 0
	}
	return rand.N(cap + 1)
}

// sleepCtx waits d or until ctx is done.
func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return context.Cause(ctx)
	}
}
