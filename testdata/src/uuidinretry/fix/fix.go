package fix

import (
	"context"

	retry "github.com/avast/retry-go/v4"
	"github.com/google/uuid"
)

type ChargeRequest struct {
	IdempotencyKey string
	OrderID        string
}

func charge(ctx context.Context, r ChargeRequest) error { return nil }

func hoistable(ctx context.Context, orderID string) error {
	err := retry.Do(func() error {
		key := uuid.NewString() // want `makes a new idempotency key on every attempt`
		return charge(ctx, ChargeRequest{IdempotencyKey: key, OrderID: orderID})
	})
	return err
}

func inIf(ctx context.Context, orderID string) error {
	if err := retry.Do(func() error {
		key := uuid.New().String() // want `makes a new idempotency key on every attempt`
		return charge(ctx, ChargeRequest{IdempotencyKey: key, OrderID: orderID})
	}); err != nil {
		return err
	}
	return nil
}

// The name is taken where the statement would land: no fix.
func nameTaken(ctx context.Context, orderID string) error {
	key := "unused"
	_ = key
	return retry.Do(func() error {
		key := uuid.NewString() // want `makes a new idempotency key on every attempt`
		return charge(ctx, ChargeRequest{IdempotencyKey: key, OrderID: orderID})
	})
}
