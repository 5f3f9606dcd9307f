// Package httpgw implements the gateway port over HTTP.
package httpgw

import (
	"context"
	"net/http"
	"strings"
)

type Client struct{ HTTP *http.Client }

func New() *Client { return &Client{HTTP: http.DefaultClient} }

func (c *Client) Charge(ctx context.Context, id string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://psp.example/charges", strings.NewReader(id))
	if err != nil {
		return err
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
