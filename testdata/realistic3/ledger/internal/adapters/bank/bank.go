// Package bank is the partner bank's HTTP client (implements ports.Bank).
package bank

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"example.com/corpus3/ledger/internal/ports"
)

// Client calls the bank.
type Client struct {
	Base string
	HTTP *http.Client
}

// New returns a client.
func New(base string) *Client {
	return &Client{Base: base, HTTP: &http.Client{Timeout: 15 * time.Second}}
}

// Transfer posts a transfer with the request's idempotency key.
func (c *Client) Transfer(ctx context.Context, req ports.TransferRequest) (string, error) {
	var out struct {
		Ref string `json:"ref"`
	}
	err := c.post(ctx, "/transfers", req.IdempotencyKey, req, &out)
	return out.Ref, err
}

// NotifyPayee asks the bank to send the payee its remittance advice.
func (c *Client) NotifyPayee(ctx context.Context, payoutID, idempotencyKey string) error {
	return c.post(ctx, "/payouts/"+payoutID+"/notify", idempotencyKey, struct{}{}, nil)
}

// Balance reads an account's balance at the bank.
func (c *Client) Balance(ctx context.Context, account string) (int64, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.Base+"/accounts/"+account+"/balance", nil)
	if err != nil {
		return 0, err
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	var out struct {
		Balance int64 `json:"balance"`
	}
	return out.Balance, json.NewDecoder(resp.Body).Decode(&out)
}

func (c *Client) post(ctx context.Context, path, key string, in, out any) error {
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Base+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", key)
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("bank %s: %s", path, resp.Status)
	}
	if out == nil {
		return nil
	}
	return json.NewDecoder(resp.Body).Decode(out)
}
