// Package httpx builds the shared HTTP clients.
package httpx

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/hashicorp/go-retryablehttp"
)

// NewRetrying returns a retryablehttp client with the company defaults.
func NewRetrying(log *slog.Logger) *retryablehttp.Client {
	c := retryablehttp.NewClient()
	c.RetryMax = 4
	c.RetryWaitMin = 200 * time.Millisecond
	c.RetryWaitMax = 3 * time.Second
	c.Logger = nil
	c.HTTPClient.Timeout = 10 * time.Second
	c.RequestLogHook = func(_ retryablehttp.Logger, req *http.Request, attempt int) {
		log.Debug("outgoing request", "method", req.Method, "url", req.URL.String(), "attempt", attempt)
	}
	return c
}

// RequestIDTransport adds an X-Request-ID header to every request that has none.
type RequestIDTransport struct {
	Base http.RoundTripper
}

// RoundTrip implements http.RoundTripper.
func (t RequestIDTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Header.Get("X-Request-ID") == "" {
		req = req.Clone(req.Context())
		req.Header.Set("X-Request-ID", uuid.NewString())
	}
	return t.Base.RoundTrip(req)
}

type ctxKey struct{}

// WithCorrelationID stores the correlation ID of an operation.
func WithCorrelationID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, ctxKey{}, id)
}

// CorrelationID returns the correlation ID stored by WithCorrelationID.
func CorrelationID(ctx context.Context) string {
	s, _ := ctx.Value(ctxKey{}).(string)
	return s
}
