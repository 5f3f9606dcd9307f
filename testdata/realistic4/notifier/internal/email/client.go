// Package email sends mail and SMS through the messaging provider.
package email

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
)

// Message is one e-mail.
type Message struct {
	To       string            `json:"to"`
	Template string            `json:"template"`
	Vars     map[string]string `json:"vars"`
}

// Client is the provider's API.
type Client struct {
	Base string
	HC   *http.Client
}

// Send posts m; the provider drops a second message with the same key.
func (c *Client) Send(ctx context.Context, m Message, idempotencyKey string) error {
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Base+"/v3/mail/send", bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", idempotencyKey)
	resp, err := c.HC.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("email: %s", resp.Status)
	}
	return nil
}

// SMS sends a text message, retrying transport errors and 5xx.
func (c *Client) SMS(ctx context.Context, to, text string) error {
	return retry.Do(func() error {
		b, _ := json.Marshal(map[string]string{"to": to, "text": text})
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Base+"/v1/sms", bytes.NewReader(b)) // want: uuidinretry
		if err != nil {
			return retry.Unrecoverable(err)
		}
		req.Header.Set("Content-Type", "application/json")
		resp, err := c.HC.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode >= 500 {
			return fmt.Errorf("sms: %s", resp.Status)
		}
		return nil
	}, retry.Context(ctx), retry.Attempts(3), retry.Delay(time.Second))
}

// Push sends a mobile push, retrying with the caller's dedup key.
func (c *Client) Push(ctx context.Context, device, text, key string) error {
	return retry.Do(func() error {
		b, _ := json.Marshal(map[string]string{"device": device, "text": text})
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Base+"/v1/push", bytes.NewReader(b))
		if err != nil {
			return retry.Unrecoverable(err)
		}
		req.Header.Set("Idempotency-Key", key)
		resp, err := c.HC.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode >= 500 {
			return fmt.Errorf("push: %s", resp.Status)
		}
		return nil
	}, retry.Context(ctx), retry.Attempts(3))
}
