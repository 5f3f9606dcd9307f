// Package uuidinretry shows the correct forms: one key per operation,
// derived before the retry and carried by every attempt.
package uuidinretry

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/google/uuid"
	"github.com/hashicorp/go-retryablehttp"
	"github.com/segmentio/kafka-go"
)

type Charger interface {
	Charge(ctx context.Context, idempotencyKey, orderID string, amount int64) error
}

// ChargeOrder derives the key from the operation, once.
func ChargeOrder(ctx context.Context, p Charger, orderID, requestID string, amount int64) error {
	key := orderID + ":charge:" + requestID
	return retry.Do(func() error {
		attempt := uuid.NewString() // identifies the attempt in logs only
		slog.InfoContext(ctx, "charging", "order", orderID, "attempt", attempt)
		return p.Charge(ctx, key, orderID, amount)
	}, retry.Attempts(5), retry.Context(ctx))
}

// CreateOrder makes the record ID before the retry loop.
func CreateOrder(ctx context.Context, insert func(context.Context, string) error) (string, error) {
	id := uuid.NewString()
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = insert(ctx, id); err == nil {
			return id, nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return "", err
}

// ImportOrders makes one ID per item: not a retry.
func ImportOrders(ctx context.Context, insert func(context.Context, string) error, n int) error {
	for _, i := range make([]struct{}, n) {
		_ = i
		if err := insert(ctx, uuid.NewString()); err != nil {
			return err
		}
	}
	return nil
}

// Capture sends its POST through go-retryablehttp with a key.
func Capture(ctx context.Context, c *retryablehttp.Client, url, key string, body []byte) error {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, url, body)
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

// Consume derives the dedup key from the message.
func Consume(ctx context.Context, r *kafka.Reader, handle func(ctx context.Context, dedupKey string, value []byte) error) error {
	for {
		msg, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		dedupKey := fmt.Sprintf("%s/%d/%d", msg.Topic, msg.Partition, msg.Offset)
		if err := handle(ctx, dedupKey, msg.Value); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, msg); err != nil {
			return err
		}
	}
}
