// Package payment charges orders through a payment provider, retrying on
// failure — with a fresh key on every attempt.
package payment

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
	"github.com/google/uuid"
	"github.com/hashicorp/go-retryablehttp"

	"github.com/idemlint/idemlint/examples/bad/uuidinretry/ids"
)

type Client struct {
	http    *http.Client
	baseURL string
}

type ChargeCommand struct {
	IdempotencyKey string
	OrderID        string
	AmountKopecks  int64
}

// Charge posts the charge with the command's key.
func (c *Client) Charge(ctx context.Context, cmd ChargeCommand) error {
	body, err := json.Marshal(map[string]any{"order_id": cmd.OrderID, "amount": cmd.AmountKopecks})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/charges", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", cmd.IdempotencyKey)
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("charge request: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusCreated {
		return fmt.Errorf("charge failed: status %d", resp.StatusCode)
	}
	return nil
}

// Refund posts a refund and sets no Idempotency-Key header.
func (c *Client) Refund(ctx context.Context, orderID string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/refunds/"+orderID, nil)
	if err != nil {
		return err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ChargeWithRetry makes a new idempotency key on every attempt: the
// provider sees each retry as a new charge.
func ChargeWithRetry(ctx context.Context, c *Client, orderID string, amount int64) error {
	return retry.Do(func() error {
		key := uuid.NewString() // want: uuidinretry
		return c.Charge(ctx, ChargeCommand{IdempotencyKey: key, OrderID: orderID, AmountKopecks: amount})
	}, retry.Attempts(5), retry.Context(ctx))
}

// RecordPayment stores a payment row under a fresh ID per attempt.
func RecordPayment(ctx context.Context, save func(context.Context, string, int64) error, amount int64) error {
	return backoff.Retry(func() error {
		return save(ctx, ids.NewPaymentID(), amount) // want: uuidinretry
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

// RefundWithRetry repeats a POST that carries no key.
func RefundWithRetry(ctx context.Context, c *Client, orderID string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = c.Refund(ctx, orderID); err == nil { // want: uuidinretry
			return nil
		}
		time.Sleep(time.Duration(attempt+1) * 200 * time.Millisecond)
	}
	return err
}

// Capture sends a POST through go-retryablehttp, which retries it, without a key.
func Capture(ctx context.Context, c *retryablehttp.Client, url string, body []byte) error {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, url, body) // want: uuidinretry
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
