// Package payment is the outgoing adapter to the payment provider.
package payment

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"example.com/corpus/billing/internal/platform/ctxutil"
	"example.com/corpus/billing/internal/platform/ids"
	"example.com/corpus/billing/internal/platform/retry"
)

// ErrDeclined is returned when the provider declines a charge.
var ErrDeclined = errors.New("payment declined")

// ChargeCommand is one charge of one order.
type ChargeCommand struct {
	IdempotencyKey string
	OrderID        string
	CustomerID     string
	AmountKopecks  int64
}

// Receipt is what the provider returns for a charge.
type Receipt struct {
	ChargeID string `json:"charge_id"`
	Status   string `json:"status"`
}

// Client talks to the provider over HTTP.
type Client struct {
	baseURL string
	http    *http.Client
	policy  retry.Policy
}

// New returns a client with a 10s per-request timeout.
func New(baseURL string) *Client {
	return &Client{
		baseURL: baseURL,
		http:    &http.Client{Timeout: 10 * time.Second},
		policy:  retry.DefaultPolicy,
	}
}

type statusError struct{ code int }

func (e statusError) Error() string { return fmt.Sprintf("provider status %d", e.code) }

// Charge sends one charge. The key comes from the caller, once per business
// operation.
func (c *Client) Charge(ctx context.Context, cmd ChargeCommand) (Receipt, error) {
	body, err := json.Marshal(map[string]any{
		"order_id":    cmd.OrderID,
		"customer_id": cmd.CustomerID,
		"amount":      cmd.AmountKopecks,
	})
	if err != nil {
		return Receipt{}, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/charges", bytes.NewReader(body))
	if err != nil {
		return Receipt{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", cmd.IdempotencyKey)
	if rid := ctxutil.RequestID(ctx); rid != "" {
		req.Header.Set("X-Request-ID", rid)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return Receipt{}, fmt.Errorf("charge request: %w", err)
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusPaymentRequired:
		return Receipt{}, retry.Permanent(ErrDeclined)
	case resp.StatusCode >= 500:
		return Receipt{}, statusError{resp.StatusCode}
	case resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusCreated:
		return Receipt{}, retry.Permanent(statusError{resp.StatusCode})
	}
	var r Receipt
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil {
		return Receipt{}, fmt.Errorf("decode receipt: %w", err)
	}
	return r, nil
}

// ChargeWithRetry retries Charge with the same key on every attempt.
func (c *Client) ChargeWithRetry(ctx context.Context, cmd ChargeCommand) (Receipt, error) {
	return retry.DoValue(ctx, c.policy, func(ctx context.Context) (Receipt, error) {
		// A fresh request ID per attempt is fine: it only tags the logs
		// and the X-Request-ID header; the idempotency key is cmd's.
		attemptCtx := ctxutil.WithRequestID(ctx, ids.NewRequestID()) // not a finding (a fixed false positive of uuidinretry)
		return c.Charge(attemptCtx, cmd)
	})
}

// Status fetches the status of a charge. GET is safe to repeat.
func (c *Client) Status(ctx context.Context, chargeID string) (Receipt, error) {
	var out Receipt
	err := retry.Do(ctx, c.policy, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.baseURL+"/charges/"+chargeID, nil)
		if err != nil {
			return retry.Permanent(err)
		}
		req.Header.Set("X-Request-ID", ids.NewRequestID())
		resp, err := c.http.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return statusError{resp.StatusCode}
		}
		return json.NewDecoder(resp.Body).Decode(&out)
	})
	return out, err
}

// Refund refunds a charge. The refund key is derived from the charge, so a
// second refund of the same charge is recognised by the provider.
func (c *Client) Refund(ctx context.Context, chargeID string, amount int64) error {
	key := ids.Deterministic("refund", chargeID)
	body, _ := json.Marshal(map[string]any{"charge_id": chargeID, "amount": amount})
	return retry.Do(ctx, c.policy, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/refunds", bytes.NewReader(body))
		if err != nil {
			return retry.Permanent(err)
		}
		req.Header.Set("Idempotency-Key", key)
		resp, err := c.http.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		_, _ = io.Copy(io.Discard, resp.Body)
		if resp.StatusCode >= 500 {
			return statusError{resp.StatusCode}
		}
		return nil
	})
}

// NotifyMerchant posts a webhook to the merchant. Retried, but the POST
// carries no Idempotency-Key at all.
func (c *Client) NotifyMerchant(ctx context.Context, url string, payload []byte) error {
	return retry.Do(ctx, c.policy, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(payload)) // want: uuidinretry
		if err != nil {
			return retry.Permanent(err)
		}
		req.Header.Set("Content-Type", "application/json")
		resp, err := c.http.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode >= 500 {
			return statusError{resp.StatusCode}
		}
		return nil
	})
}
