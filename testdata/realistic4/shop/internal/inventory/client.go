// Package inventory talks to the warehouse service.
package inventory

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
)

// Client is the warehouse's HTTP API.
type Client struct {
	Base string
	HTTP *http.Client
}

// Level is a SKU's stock at the warehouse.
type Level struct {
	SKU       string `json:"sku"`
	Available int    `json:"available"`
}

// Level asks the warehouse for the live stock of sku.
func (c *Client) Level(ctx context.Context, sku string) (Level, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.Base+"/levels/"+url.PathEscape(sku), nil)
	if err != nil {
		return Level{}, err
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return Level{}, err
	}
	defer resp.Body.Close()
	var l Level
	return l, json.NewDecoder(resp.Body).Decode(&l)
}

// Hold asks the warehouse to hold qty units of sku for orderID.
func (c *Client) Hold(ctx context.Context, orderID int64, sku string, qty int) error {
	b, _ := json.Marshal(map[string]any{"order_id": orderID, "sku": sku, "qty": qty})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Base+"/holds", bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", fmt.Sprintf("hold-%d-%s", orderID, sku))
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusCreated && resp.StatusCode != http.StatusOK {
		return fmt.Errorf("inventory: hold: %s", resp.Status)
	}
	return nil
}
