// Package bank is the HTTP client of the bank's transfer API.
package bank

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
)

// Transfer is one outgoing transfer.
type Transfer struct {
	IdempotencyKey string `json:"-"`
	TransferID     string `json:"transfer_id"`
	FromAccount    string `json:"from"`
	ToIBAN         string `json:"to_iban"`
	AmountMinor    int64  `json:"amount_minor"`
	Currency       string `json:"currency"`
}

// Receipt is the bank's answer.
type Receipt struct {
	BankRef string `json:"bank_ref"`
	Status  string `json:"status"`
}

// Client talks to the bank.
type Client struct {
	HTTP    *http.Client
	BaseURL string
}

// Send posts a transfer with the caller's idempotency key.
func (c *Client) Send(ctx context.Context, t Transfer) (Receipt, error) {
	body, err := json.Marshal(t)
	if err != nil {
		return Receipt{}, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.BaseURL+"/v2/transfers", bytes.NewReader(body))
	if err != nil {
		return Receipt{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", t.IdempotencyKey)
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return Receipt{}, err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 4<<10))
		return Receipt{}, fmt.Errorf("bank: %s: %s", resp.Status, b)
	}
	var rcpt Receipt
	return rcpt, json.NewDecoder(resp.Body).Decode(&rcpt)
}

// Status reads a transfer's status (GET: safe to retry).
func (c *Client) Status(ctx context.Context, transferID string) (Receipt, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.BaseURL+"/v2/transfers/"+transferID, nil)
	if err != nil {
		return Receipt{}, err
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return Receipt{}, err
	}
	defer resp.Body.Close()
	var rcpt Receipt
	return rcpt, json.NewDecoder(resp.Body).Decode(&rcpt)
}
