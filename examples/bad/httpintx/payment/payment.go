// Package payment is the seed's payment provider client.
package payment

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
)

// Client calls the payment provider.
type Client struct {
	HTTP    *http.Client
	BaseURL string
}

// ChargeCommand is one charge, with the key derived once from the operation.
type ChargeCommand struct {
	IdempotencyKey string
	OrderID        string
	AmountKopecks  int64
}

// Charge posts the charge with its Idempotency-Key.
func (c *Client) Charge(ctx context.Context, cmd ChargeCommand) error {
	body, _ := json.Marshal(map[string]any{"order_id": cmd.OrderID, "amount": cmd.AmountKopecks})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.BaseURL+"/charges", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", cmd.IdempotencyKey)
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return fmt.Errorf("charge request: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusCreated {
		return fmt.Errorf("charge failed: status %d", resp.StatusCode)
	}
	return nil
}
