package payment

import (
	"bytes"
	"context"
	"net/http"
)

type Client struct {
	http    *http.Client
	baseURL string
}

type ChargeCommand struct {
	IdempotencyKey string
	OrderID        string
}

func (c *Client) Charge(ctx context.Context, cmd ChargeCommand) error {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/charges", bytes.NewReader(nil))
	req.Header.Set("Idempotency-Key", cmd.IdempotencyKey)
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
