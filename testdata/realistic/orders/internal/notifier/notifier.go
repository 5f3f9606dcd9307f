// Package notifier sends order notifications to the messaging service.
package notifier

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	backoffv4 "github.com/cenkalti/backoff/v4"
	"github.com/cenkalti/backoff/v5"
	"github.com/google/uuid"
)

// Notifier posts notifications.
type Notifier struct {
	base string
	http *http.Client
	log  *slog.Logger
}

// New returns a notifier.
func New(base string, log *slog.Logger) *Notifier {
	return &Notifier{base: base, http: &http.Client{Timeout: 5 * time.Second}, log: log}
}

// Notification is one message to a customer.
type Notification struct {
	CustomerID string `json:"customer_id"`
	Template   string `json:"template"`
	OrderID    string `json:"order_id"`
}

func (n *Notifier) post(ctx context.Context, key string, body []byte) (int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, n.base+"/notifications", bytes.NewReader(body))
	if err != nil {
		return 0, backoff.Permanent(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", key)
	req.Header.Set("X-Request-ID", uuid.NewString())
	resp, err := n.http.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 {
		return resp.StatusCode, fmt.Errorf("status %d", resp.StatusCode)
	}
	return resp.StatusCode, nil
}

// Send posts with backoff v5; the key is made once, before the retries.
func (n *Notifier) Send(ctx context.Context, msg Notification) error {
	body, err := json.Marshal(msg)
	if err != nil {
		return err
	}
	key := uuid.NewString()
	status, err := backoff.Retry(ctx, func() (int, error) {
		return n.post(ctx, key, body)
	}, backoff.WithBackOff(backoff.NewExponentialBackOff()), backoff.WithMaxTries(5))
	if err != nil {
		return err
	}
	n.log.DebugContext(ctx, "notification sent", "status", status, "key", key)
	return nil
}

// SendLegacy uses backoff v4 with a notify hook that logs each attempt with
// its own attempt ID.
func (n *Notifier) SendLegacy(ctx context.Context, msg Notification) error {
	body, err := json.Marshal(msg)
	if err != nil {
		return err
	}
	key := msg.OrderID + ":" + msg.Template
	op := func() error {
		_, err := n.post(ctx, key, body)
		return err
	}
	notify := func(err error, wait time.Duration) {
		n.log.WarnContext(ctx, "notification retry", "attempt_id", uuid.NewString(), "wait", wait, "error", err)
	}
	b := backoffv4.WithContext(backoffv4.WithMaxRetries(backoffv4.NewExponentialBackOff(), 5), ctx)
	return backoffv4.RetryNotify(op, b, notify)
}

// SendFresh mints the key inside the operation.
func (n *Notifier) SendFresh(ctx context.Context, msg Notification) error {
	body, _ := json.Marshal(msg)
	_, err := backoff.Retry(ctx, func() (int, error) {
		return n.post(ctx, uuid.NewString(), body) // want: uuidinretry
	}, backoff.WithMaxTries(3))
	return err
}
