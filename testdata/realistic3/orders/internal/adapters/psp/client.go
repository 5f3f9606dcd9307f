// Package psp is the payment service provider's HTTP client.
package psp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"

	"example.com/corpus3/orders/internal/domain"
)

// Client implements domain.PaymentGateway.
type Client struct {
	base   string
	apiKey string
	http   *http.Client
}

// New returns a client with a bounded timeout.
func New(base, apiKey string) *Client {
	return &Client{base: base, apiKey: apiKey, http: &http.Client{Timeout: 10 * time.Second}}
}

type chargeBody struct {
	Customer    string `json:"customer"`
	Amount      int64  `json:"amount"`
	Currency    string `json:"currency"`
	Description string `json:"description,omitempty"`
}

// Charge creates a charge; the caller's key makes retries (ours and the
// caller's) one charge.
func (c *Client) Charge(ctx context.Context, req domain.ChargeRequest) (domain.ChargeResult, error) {
	body, err := json.Marshal(chargeBody{Customer: req.CustomerID, Amount: req.Amount, Currency: req.Currency, Description: req.Description})
	if err != nil {
		return domain.ChargeResult{}, err
	}
	var out domain.ChargeResult
	err = retry.Do(func() error {
		hr, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/v1/charges", bytes.NewReader(body))
		if err != nil {
			return retry.Unrecoverable(err)
		}
		hr.Header.Set("Authorization", "Bearer "+c.apiKey)
		hr.Header.Set("Content-Type", "application/json")
		hr.Header.Set("Idempotency-Key", req.IdempotencyKey)
		return c.doJSON(hr, &out)
	}, retry.Context(ctx), retry.Attempts(3), retry.Delay(200*time.Millisecond))
	return out, err
}

// Quote reads a currency quote.
func (c *Client) Quote(ctx context.Context, from, to string) (domain.Quote, error) {
	hr, err := http.NewRequestWithContext(ctx, http.MethodGet, fmt.Sprintf("%s/v1/fx?from=%s&to=%s", c.base, from, to), nil)
	if err != nil {
		return domain.Quote{}, err
	}
	hr.Header.Set("Authorization", "Bearer "+c.apiKey)
	var q domain.Quote
	err = c.doJSON(hr, &q)
	return q, err
}

func (c *Client) doJSON(hr *http.Request, out any) error {
	resp, err := c.http.Do(hr)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 {
		return fmt.Errorf("psp: %s", resp.Status)
	}
	if resp.StatusCode >= 300 {
		return retry.Unrecoverable(fmt.Errorf("psp: %s", resp.Status))
	}
	return json.NewDecoder(resp.Body).Decode(out)
}
