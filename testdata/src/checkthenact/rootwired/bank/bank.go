// Package bank is the partner bank's HTTP client.
package bank

import (
	"context"
	"net/http"
	"strings"
)

// Client implements domain.Bank.
type Client struct{ HTTP *http.Client }

func (c *Client) Transfer(ctx context.Context, iban string, amount int64) (string, error) {
	resp, err := c.HTTP.Post("https://bank.example/transfers", "application/json", strings.NewReader(iban))
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	return resp.Header.Get("X-Ref"), nil
}
