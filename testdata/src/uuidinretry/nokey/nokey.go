package nokey

import (
	"bytes"
	"context"
	"net/http"

	retry "github.com/avast/retry-go/v4"
	"github.com/hashicorp/go-retryablehttp"
)

type Client struct {
	http    *http.Client
	baseURL string
}

// Charge sends a POST without an Idempotency-Key header.
func (c *Client) Charge(ctx context.Context, orderID string, amount int64) error { // want Charge:"sendsUnkeyedWrite\\(POST via http.NewRequestWithContext\\)"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/charges", bytes.NewReader(nil))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ChargeKeyed sets the header: correct.
func (c *Client) ChargeKeyed(ctx context.Context, key, orderID string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/charges", nil)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func retriedCharge(ctx context.Context, c *Client, orderID string) error {
	return retry.Do(func() error {
		return c.Charge(ctx, orderID, 100) // want `POST request sent by \(\*Client\).Charge → http.NewRequestWithContext in retry.Do callback sets no Idempotency-Key header`
	})
}

func retriedInline(ctx context.Context, hc *http.Client, url string) error {
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, "PUT", url, nil) // want `PUT request sent by http.NewRequestWithContext in retry.Do callback sets no Idempotency-Key header`
		if err != nil {
			return err
		}
		resp, err := hc.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

func retriedPost(url string) error {
	return retry.Do(func() error {
		resp, err := http.Post(url, "application/json", nil) // want `POST request sent by http.Post in retry.Do callback`
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

func retriedKeyed(ctx context.Context, c *Client, orderID string) error {
	key := orderID + ":charge"
	return retry.Do(func() error {
		return c.ChargeKeyed(ctx, key, orderID)
	})
}

// A GET is safe to repeat.
func retriedGet(ctx context.Context, hc *http.Client, url string) error {
	return retry.Do(func() error {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := hc.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// go-retryablehttp retries every request it sends.
func retryable(ctx context.Context, c *retryablehttp.Client, url string) error {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, url, nil) // want `POST request built by retryablehttp.NewRequestWithContext for go-retryablehttp, which retries it, sets no Idempotency-Key header`
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func retryableKeyed(ctx context.Context, c *retryablehttp.Client, url, key string) error {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, url, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
