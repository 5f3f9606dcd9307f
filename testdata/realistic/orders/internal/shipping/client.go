// Package shipping books shipments with the carrier.
package shipping

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/google/uuid"
)

// Booking is a shipment booking request.
type Booking struct {
	OrderID string `json:"order_id"`
	Address string `json:"address"`
	Parcels int    `json:"parcels"`
}

// Client books shipments.
type Client struct {
	URL  string
	HTTP *http.Client
}

// booker carries one booking through its attempts.
type booker struct {
	c       *Client
	ctx     context.Context
	booking Booking
	key     string
	result  string
}

func (b *booker) attempt() error {
	body, _ := json.Marshal(b.booking)
	req, err := http.NewRequestWithContext(b.ctx, http.MethodPost, b.c.URL+"/bookings", bytes.NewReader(body))
	if err != nil {
		return retry.Unrecoverable(err)
	}
	req.Header.Set("Idempotency-Key", b.key)
	resp, err := b.c.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		return fmt.Errorf("carrier status %d", resp.StatusCode)
	}
	var out struct {
		Tracking string `json:"tracking"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return err
	}
	b.result = out.Tracking
	return nil
}

// Book retries a method value; the key lives in the struct, made once.
func (c *Client) Book(ctx context.Context, bk Booking) (string, error) {
	b := &booker{c: c, ctx: ctx, booking: bk, key: "ship:" + bk.OrderID}
	err := retry.Do(b.attempt, retry.Context(ctx), retry.Attempts(4), retry.Delay(300*time.Millisecond))
	return b.result, err
}

// attemptFresh is an attempt that makes its own booking reference.
func (c *Client) attemptFresh(ctx context.Context, bk Booking) (string, error) {
	body, _ := json.Marshal(bk)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.URL+"/bookings", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Idempotency-Key", uuid.NewString())
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	return resp.Header.Get("Location"), nil
}

// BookExpress retries attemptFresh with retry-go's DoWithData.
func (c *Client) BookExpress(ctx context.Context, bk Booking) (string, error) {
	return retry.DoWithData(func() (string, error) {
		return c.attemptFresh(ctx, bk) // want: uuidinretry
	}, retry.Context(ctx), retry.Attempts(3))
}

// Track polls the tracking status with GETs until it is delivered.
func (c *Client) Track(ctx context.Context, tracking string) (string, error) {
	return retry.DoWithData(func() (string, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.URL+"/tracking/"+tracking, nil)
		if err != nil {
			return "", retry.Unrecoverable(err)
		}
		req.Header.Set("X-Request-ID", uuid.NewString())
		resp, err := c.HTTP.Do(req)
		if err != nil {
			return "", err
		}
		defer resp.Body.Close()
		var out struct {
			Status string `json:"status"`
		}
		if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
			return "", err
		}
		return out.Status, nil
	}, retry.Context(ctx), retry.Attempts(10), retry.Delay(time.Second))
}
