// Package fxrates fetches exchange rates.
package fxrates

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
)

// Client is the rates provider's API.
type Client struct {
	base string
	hc   *http.Client
}

// New returns a client.
func New(base string, hc *http.Client) *Client { return &Client{base: base, hc: hc} }

// Rate returns how many units of to one unit of from buys, in millionths.
func (c *Client) Rate(ctx context.Context, from, to string) (int64, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, fmt.Sprintf("%s/rates/%s/%s", c.base, from, to), nil)
	if err != nil {
		return 0, err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	var out struct {
		Micros int64 `json:"micros"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return 0, err
	}
	return out.Micros, nil
}

// Card is the card processor: it pulls money from the customer's card.
type Card struct {
	Base string
	HC   *http.Client
}

// Pull charges amount on the card token; key dedups at the processor.
func (c *Card) Pull(ctx context.Context, token string, amount int64, key string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, fmt.Sprintf("%s/pulls?token=%s&amount=%d", c.Base, token, amount), nil)
	if err != nil {
		return "", err
	}
	req.Header.Set("Idempotency-Key", key)
	resp, err := c.HC.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("card: %s", resp.Status)
	}
	var out struct {
		ID string `json:"id"`
	}
	return out.ID, json.NewDecoder(resp.Body).Decode(&out)
}
