// Package inventory is the client of the inventory service.
package inventory

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"example.com/corpus/orders/internal/platform/httpx"
	"github.com/hashicorp/go-retryablehttp"
)

// Client calls the inventory service through a retrying HTTP client.
type Client struct {
	base string
	http *retryablehttp.Client
}

// New returns a client.
func New(base string, c *retryablehttp.Client) *Client { return &Client{base: base, http: c} }

// Line is one order line.
type Line struct {
	SKU string `json:"sku"`
	Qty int    `json:"qty"`
}

// Reserve reserves stock for an order; the key is the order's.
func (c *Client) Reserve(ctx context.Context, orderID string, lines []Line) error {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, c.base+"/reservations",
		map[string]any{"order_id": orderID, "lines": lines})
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", "reserve:"+orderID)
	if cid := httpx.CorrelationID(ctx); cid != "" {
		req.Header.Set("X-Correlation-ID", cid)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("reserve %s: %w", orderID, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusCreated && resp.StatusCode != http.StatusOK {
		return fmt.Errorf("reserve %s: status %d", orderID, resp.StatusCode)
	}
	return nil
}

// Available reads the stock of a SKU.
func (c *Client) Available(ctx context.Context, sku string) (int, error) {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodGet, c.base+"/stock/"+sku, nil)
	if err != nil {
		return 0, err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	var out struct {
		Available int `json:"available"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return 0, err
	}
	return out.Available, nil
}

// Release gives the stock back. The retrying client repeats the POST, and
// it carries no Idempotency-Key.
func (c *Client) Release(ctx context.Context, orderID string) error {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, c.base+"/reservations/"+orderID+"/release", nil) // want: uuidinretry
	if err != nil {
		return err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Cancel deletes the reservation; DELETE is idempotent by definition.
func (c *Client) Cancel(ctx context.Context, orderID string) error {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodDelete, c.base+"/reservations/"+orderID, nil)
	if err != nil {
		return err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
