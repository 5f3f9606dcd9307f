// Package shipper books a shipment with the courier's REST API through
// fiber's HTTP client (an Agent): a POST with no idempotency key.
package shipper

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/gofiber/fiber/v2"
)

type Client struct{ baseURL, apiKey string }

func (c *Client) CreateShipment(ctx context.Context, orderID string) (string, error) { // want CreateShipment:`sendsUnkeyedWrite\(POST via fiber\.\(\*Agent\)\.Bytes\)`
	a := fiber.AcquireAgent()
	defer fiber.ReleaseAgent(a)
	a.JSON(map[string]string{"order_id": orderID})
	req := a.Request()
	req.Header.SetContentType("application/json")
	req.Header.Set("X-API-KEY", c.apiKey)
	req.Header.SetMethod("POST")
	req.SetRequestURI(c.baseURL + "/v3/order")
	if err := a.Parse(); err != nil {
		return "", err
	}
	code, body, _ := a.Bytes()
	if code != 201 {
		return "", errors.New("shipment not created")
	}
	var res struct {
		ID string `json:"order_id"`
	}
	err := json.Unmarshal(body, &res)
	return res.ID, err
}
