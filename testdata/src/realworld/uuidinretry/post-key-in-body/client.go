// Package client forwards provider webhooks to the payment API with retries
// (batch 6 sweep: a webhook ingestion service). The POST sets no
// Idempotency-Key header, but its JSON body carries the provider's event ID,
// and the API stores each event under a unique index on that ID and answers
// a duplicate as already processed: a retry after a timeout is absorbed.
// The key is in the body, not missing.
package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"time"
)

var errUnavailable = errors.New("service unavailable")

type OrderUpdate struct {
	ProviderEventID string `json:"provider_event_id"`
	OrderID         string `json:"order_id"`
	Status          string `json:"status"`
}

type StatusNote struct {
	OrderID string `json:"order_id"`
	Note    string `json:"note"`
}

type Client struct {
	http    *http.Client
	baseURL string
}

func doWithRetry(ctx context.Context, attempts int, fn func() error) error {
	var err error
	for i := 0; i < attempts; i++ {
		if err = fn(); err == nil {
			return nil
		}
		if !errors.Is(err, errUnavailable) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(i+1) * 100 * time.Millisecond):
		}
	}
	return err
}

// SendOrderUpdate's body carries the event ID the receiver dedups on: silent.
func (c *Client) SendOrderUpdate(ctx context.Context, u OrderUpdate) error {
	return doWithRetry(ctx, 3, func() error {
		return c.post(ctx, "/internal/orders", u)
	})
}

// SendNote's body has no key at all: a retry after a timeout adds the note twice.
func (c *Client) SendNote(ctx context.Context, n StatusNote) error { // want SendNote:`sendsUnkeyedWrite\(POST via \(\*Client\)\.post → http\.NewRequestWithContext\)`
	return doWithRetry(ctx, 3, func() error {
		return c.post(ctx, "/internal/notes", n) // want `sets no Idempotency-Key header`
	})
}

func (c *Client) post(ctx context.Context, path string, body any) error { // want post:`sendsUnkeyedWrite\(POST via http\.NewRequestWithContext\)`
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return errUnavailable
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 {
		return errUnavailable
	}
	return nil
}
