// Package bodykey retries POSTs through a helper that sets no
// Idempotency-Key header. A body that carries the key the receiver
// deduplicates on (an event ID, an idempotency key) absorbs the retry; a
// body without one does not.
package bodykey

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
)

type Refund struct {
	EventID string `json:"event_id"` // the provider's event ID, unique on the receiver
	Amount  int64  `json:"amount"`
}

type Transfer struct {
	Ref    string `json:"idempotency_key"` // by tag
	Amount int64  `json:"amount"`
}

type Note struct {
	OrderID string `json:"order_id"`
	Text    string `json:"text"`
}

type Envelope struct {
	Refund Refund `json:"refund"` // the key is nested: not looked at
}

type Client struct{ hc *http.Client }

func retry(fn func() error) error {
	var err error
	for range 3 {
		if err = fn(); err == nil {
			return nil
		}
	}
	return err
}

func (c *Client) SendRefund(ctx context.Context, r Refund) error {
	return retry(func() error { return c.post(ctx, "/refunds", r) })
}

func (c *Client) SendTransfer(ctx context.Context, t *Transfer) error {
	return retry(func() error { return c.post(ctx, "/transfers", t) })
}

func (c *Client) SendNote(ctx context.Context, n Note) error { // want SendNote:`sendsUnkeyedWrite`
	return retry(func() error { return c.post(ctx, "/notes", n) }) // want `sets no Idempotency-Key header`
}

func (c *Client) SendEnvelope(ctx context.Context, e Envelope) error { // want SendEnvelope:`sendsUnkeyedWrite`
	return retry(func() error { return c.post(ctx, "/envelopes", e) }) // want `sets no Idempotency-Key header`
}

func (c *Client) post(ctx context.Context, path string, body any) error { // want post:`sendsUnkeyedWrite`
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "http://api"+path, bytes.NewReader(b))
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
