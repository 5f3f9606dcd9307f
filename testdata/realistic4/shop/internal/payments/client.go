// Package payments is the client of the payment provider.
package payments

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/google/uuid"

	"example.com/realistic4/shop/internal/platform/retry"
)

// Client calls the provider's REST API.
type Client struct {
	base string
	http *http.Client
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient replaces the default HTTP client.
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

// New returns a client for the provider at base.
func New(base string, opts ...Option) *Client {
	c := &Client{base: base, http: &http.Client{Timeout: 10 * time.Second}}
	for _, o := range opts {
		o(c)
	}
	return c
}

// Charge is a capture request.
type Charge struct {
	OrderID     int64  `json:"order_id"`
	AmountCents int64  `json:"amount_cents"`
	Currency    string `json:"currency"`
}

// Receipt is the provider's answer.
type Receipt struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// Capture charges the customer. The provider dedups on Idempotency-Key.
func (c *Client) Capture(ctx context.Context, ch Charge) (Receipt, error) {
	return retry.Do(ctx, func(ctx context.Context) (Receipt, error) {
		key := uuid.NewString() // want: uuidinretry
		return c.post(ctx, "/v1/captures", key, ch)
	}, retry.Attempts(5))
}

// CaptureKeyed charges with a key the caller derived from the order.
func (c *Client) CaptureKeyed(ctx context.Context, key string, ch Charge) (Receipt, error) {
	return retry.Do(ctx, func(ctx context.Context) (Receipt, error) {
		return c.post(ctx, "/v1/captures", key, ch)
	}, retry.Attempts(5))
}

// Refund returns money; the key is made once per refund, before the retries.
func (c *Client) Refund(ctx context.Context, receiptID string, amount int64) error {
	key := uuid.NewString()
	return retry.Run(ctx, func(ctx context.Context) error {
		_, err := c.post(ctx, "/v1/refunds", key, map[string]any{"receipt": receiptID, "amount_cents": amount})
		return err
	})
}

func (c *Client) post(ctx context.Context, path, key string, body any) (Receipt, error) {
	b, err := json.Marshal(body)
	if err != nil {
		return Receipt{}, retry.Permanent{Err: err}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+path, bytes.NewReader(b))
	if err != nil {
		return Receipt{}, retry.Permanent{Err: err}
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", key)
	resp, err := c.http.Do(req)
	if err != nil {
		return Receipt{}, err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 {
		return Receipt{}, fmt.Errorf("payments: %s", resp.Status)
	}
	if resp.StatusCode >= 400 {
		return Receipt{}, retry.Permanent{Err: fmt.Errorf("payments: %s", resp.Status)}
	}
	var r Receipt
	return r, json.NewDecoder(resp.Body).Decode(&r)
}
