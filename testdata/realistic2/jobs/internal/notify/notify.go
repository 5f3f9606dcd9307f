// Package notify posts settlement notifications to merchants' webhooks.
package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v5"
	"github.com/rs/xid"
	"github.com/segmentio/ksuid"
)

// Notifier posts webhooks.
type Notifier struct {
	HTTP *http.Client
}

// Settled is the webhook payload.
type Settled struct {
	NotificationID string `json:"notification_id"`
	MerchantID     string `json:"merchant_id"`
	BatchID        string `json:"batch_id"`
	AmountMinor    int64  `json:"amount_minor"`
}

// Post delivers one webhook with retries; the notification id is made once
// and doubles as the Idempotency-Key.
func (n *Notifier) Post(ctx context.Context, url string, s Settled) error {
	s.NotificationID = ksuid.New().String()
	body, err := json.Marshal(s)
	if err != nil {
		return err
	}
	_, err = backoff.Retry(ctx, func() (struct{}, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return struct{}{}, backoff.Permanent(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Idempotency-Key", s.NotificationID)
		req.Header.Set("X-Request-ID", xid.New().String())
		resp, err := n.HTTP.Do(req)
		if err != nil {
			return struct{}{}, err
		}
		resp.Body.Close()
		if resp.StatusCode >= 500 {
			return struct{}{}, fmt.Errorf("webhook: %s", resp.Status)
		}
		return struct{}{}, nil
	}, backoff.WithMaxElapsedTime(2*time.Minute))
	return err
}

// PostLegacy is the old merchant API: no idempotency header at all.
func (n *Notifier) PostLegacy(ctx context.Context, url string, s Settled) error {
	body, err := json.Marshal(s)
	if err != nil {
		return err
	}
	_, err = backoff.Retry(ctx, func() (int, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body)) // want: uuidinretry
		if err != nil {
			return 0, backoff.Permanent(err)
		}
		req.Header.Set("Content-Type", "application/json")
		resp, err := n.HTTP.Do(req)
		if err != nil {
			return 0, err
		}
		defer resp.Body.Close()
		return resp.StatusCode, nil
	})
	return err
}

// Attempt loop written by hand; the notification id is regenerated each time.
func (n *Notifier) PostLoop(ctx context.Context, url string, s Settled) error {
	var last error
	for attempt := 0; attempt < 4; attempt++ {
		s.NotificationID = xid.New().String() // want: uuidinretry
		body, _ := json.Marshal(s)
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", s.NotificationID)
		resp, err := n.HTTP.Do(req)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode < 500 {
				return nil
			}
			err = fmt.Errorf("webhook: %s", resp.Status)
		}
		last = err
		time.Sleep(time.Duration(attempt+1) * 500 * time.Millisecond)
	}
	return last
}

// Fanout posts one webhook per merchant; each gets its own id (item loop).
func (n *Notifier) Fanout(ctx context.Context, urls map[string]string, batchID string, amounts map[string]int64) error {
	for merchant, url := range urls {
		s := Settled{NotificationID: xid.New().String(), MerchantID: merchant, BatchID: batchID, AmountMinor: amounts[merchant]}
		if err := n.Post(ctx, url, s); err != nil {
			return err
		}
	}
	return nil
}
