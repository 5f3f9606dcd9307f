package exempt

import (
	"context"
	"log"
	"log/slog"
	"net/http"

	retry "github.com/avast/retry-go/v4"
	"github.com/google/uuid"
)

type ChargeRequest struct {
	IdempotencyKey string
	OrderID        string
	RequestID      string
}

func charge(ctx context.Context, r ChargeRequest) error { return nil }

// The key is made once, before the retry, and captured: correct.
func keyBeforeRetry(ctx context.Context, orderID string) error {
	key := uuid.NewString()
	return retry.Do(func() error {
		return charge(ctx, ChargeRequest{IdempotencyKey: key, OrderID: orderID})
	})
}

// The key is derived from the operation: correct.
func derivedKey(ctx context.Context, orderID, requestID string) error {
	key := orderID + ":charge:" + requestID
	return retry.Do(func() error {
		return charge(ctx, ChargeRequest{IdempotencyKey: key, OrderID: orderID})
	})
}

// Identifiers that only feed logging, tracing or a request ID identify the attempt itself.
func loggingOnly(ctx context.Context, c *http.Client, orderID string) error {
	key := orderID + ":charge"
	return retry.Do(func() error {
		attemptID := uuid.NewString()
		slog.InfoContext(ctx, "charging", "attempt", attemptID)
		log.Printf("attempt %s", uuid.New())
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay/charges", nil)
		req.Header.Set("Idempotency-Key", key)
		req.Header.Set("X-Request-ID", uuid.NewString())
		if err := charge(ctx, ChargeRequest{IdempotencyKey: key, OrderID: orderID, RequestID: uuid.NewString()}); err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// One key per item of a collection: correct.
func perItem(ctx context.Context, orders []string) error {
	for _, o := range orders {
		if err := charge(ctx, ChargeRequest{IdempotencyKey: uuid.NewString(), OrderID: o}); err != nil {
			return err
		}
	}
	return nil
}

// A worker loop that stops on error is not a retry loop.
func worker(ctx context.Context, next func() (string, error)) error {
	for {
		o, err := next()
		if err != nil {
			return err
		}
		if err := charge(ctx, ChargeRequest{IdempotencyKey: uuid.NewString(), OrderID: o}); err != nil {
			return err
		}
	}
}

// A function that receives the key makes none.
func ensureKey(key string) string {
	if key == "" {
		key = uuid.NewString()
	}
	return key
}

func withReceivedKey(ctx context.Context, key, orderID string) error {
	return retry.Do(func() error {
		return charge(ctx, ChargeRequest{IdempotencyKey: ensureKey(key), OrderID: orderID})
	})
}
